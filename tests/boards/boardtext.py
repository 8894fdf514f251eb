"""Board texts for the tests: a valid two-block base and a builder for broken variants.

The base has five red circles, so the hunt can finish on it (issue 35).

The base board (line numbers matter: messages pin them)::

    1  modeline            9..14   circles[0..5]    16..22  crossings[0..6]
    2  kind                15      crossings:       23      segments:
    7  tokens              8       circles:         24..37  segments[0..13]
"""

from __future__ import annotations

from collections.abc import Sequence

MODELINE = "# yaml-language-server: $schema=../../schemas/board.schema.json"

CIRCLES = (
    "{number: 1, at: [20, 20], flags: [red]}",
    "{number: 2, at: [60, 20], flags: [red]}",
    "{number: 3, at: [100, 20], flags: [red]}",
    "{number: 4, at: [20, 60]}",
    "{number: 5, at: [60, 60], flags: [red]}",
    "{number: 6, at: [100, 60], flags: [red]}",
)
CROSSINGS = (
    "{id: k1, at: [40, 20], flags: [yellow]}",
    "{id: k2, at: [80, 20]}",
    "{id: k3, at: [20, 40]}",
    "{id: k4, at: [100, 40], flags: [yellow]}",
    "{id: k5, at: [40, 60]}",
    "{id: k6, at: [80, 60]}",
    "{id: k7, at: [60, 40]}",
)
SEGMENTS = (
    "[1, k1]", "[k1, 2]", "[2, k2]", "[k2, 3]", "[3, k4]", "[k4, 6]", "[6, k6]",
    "[k6, 5]", "[5, k5]", "[k5, 4]", "[4, k3]", "[k3, 1]", "[2, k7]", "[k7, 5]",
)


def board_text(
    *,
    circles: Sequence[str] = CIRCLES,
    crossings: Sequence[str] = CROSSINGS,
    segments: Sequence[str] = SEGMENTS,
    tokens: str | None = "{women: 5, patrols: 2}",
    tail: str = "",
) -> str:
    """A board file; ``tokens=None`` drops the tokens line (keeping the line count with a comment)."""
    lines = [MODELINE, "kind: board", "id: fixture", "title: Fixture", "unit: mm",
             "canvas: {width: 120, height: 80}",
             f"tokens: {tokens}" if tokens is not None else "# no tokens: the hunt's needs apply",
             "circles:", *(f"  - {c}" for c in circles),
             "crossings:", *(f"  - {c}" for c in crossings),
             "segments:", *(f"  - {s}" for s in segments)]
    return "\n".join(lines) + "\n" + tail


def replaced(items: Sequence[str], index: int, new: str) -> tuple[str, ...]:
    """``items`` with entry ``index`` swapped for ``new``."""
    return (*items[:index], new, *items[index + 1 :])
