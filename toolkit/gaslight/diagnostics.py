"""Located errors and warnings, collected across a whole run.

Every problem Gaslight finds in a designer's files is a :class:`Diagnostic`
that names the file, line and column, the YAML path, what is wrong and how to
fix it. A :class:`Report` collects them all (like mkdocs' config validation)
so a single run shows every mistake at once.

>>> report = Report()
>>> report.error(Location("a.yaml", 3, 5, "circles[0].number"), "expected an integer", fix="write a whole number")
>>> print(report.format_text())
a.yaml:3:5: error: circles[0].number: expected an integer (fix: write a whole number)
1 error, 0 warnings
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import ClassVar


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Location:
    """Where something stands in a scenario file (1-based line and column; line 0: the file or folder as a whole).

    >>> str(Location("a.yaml", 3, 5)), str(Location("build"))
    ('a.yaml:3:5', 'build')
    """

    __cache_paths__: ClassVar[tuple[str, ...]] = ("file",)  # relative to the working folder (gaslight.valuecodec)
    file: str
    line: int = 0
    column: int = 0
    path: str = ""

    def at(self, path: str) -> Location:
        """The same place with another YAML path (for derived findings)."""
        return Location(self.file, self.line, self.column, path)

    def __str__(self) -> str:
        # as compilers print a problem of a whole file: never a made-up line 0, column 0
        return f"{self.file}:{self.line}:{self.column}" if self.line else self.file


# Characters a terminal or an editor acts on instead of showing: control characters (an escape sequence can
# recolour or retitle the terminal), direction overrides (they reorder what is shown) and lone surrogates
# (no UTF-8 output can hold one). A message quotes the designer's text, so they are shown as escapes.
_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def visible(text: str) -> str:
    r"""``text`` with characters that act instead of showing written as escapes.

    >>> print(visible("unknown key 'a\u202eb\x1b[31m'"))
    unknown key 'a\u202eb\x1b[31m'
    """
    return _INVISIBLE.sub(lambda found: f"\\x{ord(found[0]):02x}" if ord(found[0]) < 0x100
                          else f"\\u{ord(found[0]):04x}", text)


@dataclass(frozen=True)
class Diagnostic:
    """One located finding. ``point`` optionally marks board coordinates for overlays."""

    severity: Severity
    location: Location
    message: str
    fix: str = ""
    point: tuple[float, float] | None = None
    code: str = ""  # what kind of problem: yaml, schema.<keyword>, project, or the file's kind

    @property
    def sort_key(self) -> tuple[str, int, int, str, str]:
        loc = self.location
        return (loc.file, loc.line, loc.column, loc.path, self.message)

    def format_text(self) -> str:
        loc = self.location
        path = f"{loc.path}: " if loc.path else ""
        fix = f" (fix: {self.fix})" if self.fix else ""
        return visible(f"{loc}: {self.severity.value}: {path}{self.message}{fix}")

    def to_json(self) -> dict[str, object]:
        loc = self.location
        return {"severity": self.severity.value, "code": self.code or "gaslight", "message": self.message,
                "fix": self.fix, "file": loc.file, "line": loc.line, "column": loc.column, "path": loc.path}


# Of one kind of problem in one file, this many are shown; one more line says how many like them were left
# out (a CSV header of 100,000 unknown columns prints 21 lines, not 30 MB).
MAX_REPEATS = 20
_VARYING = re.compile(r"'[^'\n]*'|\d+(?:[.,]\d+)*")  # what differs between repeats: quoted names, numbers


def _kind(diagnostic: Diagnostic) -> tuple[str, Severity, str, str, str]:
    return (diagnostic.location.file, diagnostic.severity, diagnostic.code, _VARYING.sub("#", diagnostic.message),
            _VARYING.sub("#", diagnostic.fix))


def capped(diagnostics: Iterable[Diagnostic], limit: int = MAX_REPEATS) -> list[Diagnostic]:
    """``diagnostics`` with at most ``limit`` of each kind per file (the same message but for names and
    numbers); in place of the first one left out, a line that says how many more there are.

    >>> found = [Diagnostic(Severity.ERROR, Location("t.csv", 1, c), f"unknown column 'c{c}'") for c in range(1, 6)]
    >>> for line in capped(found, limit=2):
    ...     print(line.format_text())
    t.csv:1:1: error: unknown column 'c1'
    t.csv:1:2: error: unknown column 'c2'
    t.csv:1:3: error: … and 3 more like this in t.csv (left out) (fix: fix the ones shown, then check again)
    """
    listed = list(diagnostics)
    counts: dict[tuple[str, Severity, str, str, str], int] = {}
    for diagnostic in listed:
        counts[_kind(diagnostic)] = counts.get(_kind(diagnostic), 0) + 1
    shown: dict[tuple[str, Severity, str, str, str], int] = {}
    kept = []
    for diagnostic in listed:
        kind = _kind(diagnostic)
        seen = shown[kind] = shown.get(kind, 0) + 1
        if seen <= limit or counts[kind] == limit + 1:  # never "1 more": show that one instead
            kept.append(diagnostic)
        elif seen == limit + 1:
            more = counts[kind] - limit
            kept.append(replace(diagnostic, message=f"… and {more} more like this in {diagnostic.location.file} "
                                                    "(left out)", fix="fix the ones shown, then check again"))
    return kept


@dataclass
class Report:
    """Collects diagnostics; never raises on the designer's mistakes."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: set[str] = field(default_factory=set)
    _seen: set[Diagnostic] = field(default_factory=set, repr=False, compare=False)
    _code: str = field(default="", repr=False, compare=False)

    def __post_init__(self) -> None:
        self._seen = set(self.diagnostics)

    @contextmanager
    def coded(self, code: str) -> Iterator[None]:
        """Diagnostics added inside without a code of their own get ``code``.

        >>> report = Report()
        >>> with report.coded("board"):
        ...     report.error(Location("a.yaml", 1, 1), "too close")
        >>> report.diagnostics[0].code
        'board'
        """
        outer, self._code = self._code, self._code or code
        try:
            yield
        finally:
            self._code = outer

    def add(self, diagnostic: Diagnostic) -> None:
        if self._code and not diagnostic.code:
            diagnostic = replace(diagnostic, code=self._code)
        if diagnostic not in self._seen:
            self._seen.add(diagnostic)
            self.diagnostics.append(diagnostic)

    def error(self, location: Location, message: str, *, fix: str = "", point: tuple[float, float] | None = None,
              code: str = "") -> None:
        self.add(Diagnostic(Severity.ERROR, location, message, fix, point, code))

    def warning(self, location: Location, message: str, *, fix: str = "", point: tuple[float, float] | None = None,
                code: str = "") -> None:
        self.add(Diagnostic(Severity.WARNING, location, message, fix, point, code))

    def extend(self, other: Report) -> None:
        for diagnostic in other.diagnostics:
            self.add(diagnostic)
        self.files |= other.files

    @property
    def errors(self) -> list[Diagnostic]:
        return sorted((d for d in self.diagnostics if d.severity is Severity.ERROR), key=lambda d: d.sort_key)

    @property
    def warnings(self) -> list[Diagnostic]:
        return sorted((d for d in self.diagnostics if d.severity is Severity.WARNING), key=lambda d: d.sort_key)

    @property
    def error_count(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def ok(self) -> bool:
        return self.error_count == 0

    def for_file(self, file: str) -> list[Diagnostic]:
        return sorted((d for d in self.diagnostics if d.location.file == file), key=lambda d: d.sort_key)

    def format_text(self) -> str:
        ordered = capped(sorted(self.diagnostics, key=lambda d: d.sort_key))
        lines = [d.format_text() for d in ordered]
        n_err, n_warn = len(self.errors), len(self.warnings)
        lines.append(f"{n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)}")
        return "\n".join(lines)

    def to_json(self) -> str:
        payload = {
            "files": len(self.files),
            "errors": [d.to_json() for d in capped(self.errors)],
            "warnings": [d.to_json() for d in capped(self.warnings)],
        }
        return json.dumps(payload, indent=2, sort_keys=False)
