"""Fuzzers for every surface that takes input, run as a designer or a browser would feed it.

Each surface is a module of this package with ``NAME``, ``COUNT`` (how many inputs ``make fuzz`` gives it; fewer
than 20,000 only where one run is slow, and the report says so) and ``one(rng, workdir) -> Outcome``, which
makes one mutated input, feeds it through the real entry point and classifies what came back:

* internal error — exit code 3, "internal error" in the output, or a traceback;
* unlocated error — an error line that names no file, line and column (where the surface locates errors);
* hang — a run that took longer than :data:`HANG_SECONDS`.

Run: ``make fuzz`` (``python -m benchmarks.fuzz --jobs 2``), or one surface: ``--surface drawings --count 500``.
The suite runs a small seeded share of each surface (``tests/foundation/test_fuzz.py``).
"""

from __future__ import annotations

import pkgutil
import re
from dataclasses import dataclass

HANG_SECONDS = 10.0
_ERROR_LINE = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<column>\d+): (error|warning): ")

#: The surfaces: every module of this package (a new surface joins ``make fuzz`` by being added here).
SURFACES = tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")))


@dataclass(frozen=True)
class Outcome:
    """What one input did."""

    surface: str
    target: str
    exit_code: int
    seconds: float
    unlocated: tuple[str, ...]
    internal: bool
    sample: str = ""  # enough of the input to reproduce it by hand

    @property
    def hang(self) -> bool:
        return self.seconds > HANG_SECONDS


def unlocated_lines(lines: list[str]) -> tuple[str, ...]:
    """Error and warning lines that do not start with ``file:line:column`` (line and column ≥ 1)."""
    return tuple(line for line in lines if (": error:" in line or ": warning:" in line) and not (
        (found := _ERROR_LINE.match(line)) and int(found["line"]) >= 1 and int(found["column"]) >= 1))


def is_internal(code: int, text: str) -> bool:
    """Exit code 3, or words only a Gaslight bug prints."""
    return code == 3 or "internal error" in text or "Traceback (most recent call last)" in text
