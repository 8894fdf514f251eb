"""Findings of the board analysis, and the wording helpers their messages share.

A :class:`Problem` is a diagnostic before it reaches a report: it also names
its kind (``code``, e.g. ``"cross"``) so renderers and tests can pick them out.

>>> found = Findings()
>>> found.error("cross", Location("b.yaml", 3, 5), "segments 1–k1 and 2–k2 cross at (1.0, 2.0)", "reroute", (1, 2))
>>> [p.code for p in found.items], fmt_point((41.5, 20))
(['cross'], '(41.5, 20.0)')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gaslight.diagnostics import Location, Severity
from gaslight.domain.board.model import NodeRef

Coord = tuple[float, float]


@dataclass(frozen=True)
class Problem:
    """One finding of the analysis, located, with its board coordinates when it has a place."""

    code: str
    severity: Severity
    location: Location
    message: str
    fix: str
    point: Coord | None


class Findings:
    """Gathers problems in the order they are found."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def error(self, code: str, location: Location, message: str, fix: str, point: Coord | None) -> None:
        self.items.append(Problem(code, Severity.ERROR, location, message, fix, point))

    def warning(self, code: str, location: Location, message: str, fix: str, point: Coord | None) -> None:
        self.items.append(Problem(code, Severity.WARNING, location, message, fix, point))


def fmt(value: float) -> str:
    """A coordinate for messages: ``41.5``, ``20.0``, ``3.33``.

    >>> fmt(41.5), fmt(20), fmt(10 / 3), fmt(-0.0)
    ('41.5', '20.0', '3.33', '0.0')
    """
    return str(round(float(value), 2) + 0.0)


def fmt_point(point: Coord | Sequence[float]) -> str:
    """``(41.5, 20.0)``."""
    return f"({fmt(point[0])}, {fmt(point[1])})"


def node_name(ref: NodeRef) -> str:
    """``circle 3`` or ``crossing k7``."""
    return f"circle {ref}" if isinstance(ref, int) else f"crossing {ref}"


def plural(word: str, items: Sequence[object]) -> str:
    """``circle`` for one item, ``circles`` otherwise."""
    return word if len(items) == 1 else f"{word}s"


def listing(items: Sequence[object], limit: int = 12) -> str:
    """``1, 2, 3`` — long lists are cut after ``limit`` items.

    >>> listing(range(1, 20), limit=3)
    '1, 2, 3, … (19 in all)'
    """
    items = list(items)
    shown = ", ".join(str(i) for i in items[:limit])
    return shown + (f", … ({len(items)} in all)" if len(items) > limit else "")
