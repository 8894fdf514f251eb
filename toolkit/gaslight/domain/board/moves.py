"""The move model of the Whitechapel hunt: the one Python place these rules live.

Pure functions over a :class:`~gaslight.domain.board.geometry.BoardAnalysis`.
Circles are ints, crossings strings; every answer is a sorted tuple (circles
ascending, crossings in the file's order).

>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.board.model import load_board
>>> from gaslight.domain.board.geometry import analyse
>>> doc, _ = parse_text('''kind: board
... id: line
... title: Line
... unit: mm
... canvas: {width: 100, height: 100}
... circles: [{number: 1, at: [10, 10]}, {number: 2, at: [50, 10]}, {number: 3, at: [90, 10]}]
... crossings: [{id: k1, at: [30, 10]}, {id: k2, at: [70, 10]}]
... segments: [[1, k1], [k1, 2], [2, k2], [k2, 3]]
... ''', "line.yaml")
>>> a = analyse(load_board(doc, Report()))
>>> jack_normal(a, 2, police=["k1"]), jack_coach(a, 1, police=["k1", "k2"])
((3,), (3,))
>>> police_moves(a, "k1", others=["k2"]), search_targets(a, "k2")
(('k1',), (2, 3))
"""

from __future__ import annotations

from collections.abc import Iterable

from gaslight.domain.board.geometry import BoardAnalysis
from gaslight.domain.board.graph import reachable_circles


def jack_normal(analysis: BoardAnalysis, start: int, police: Iterable[str] = ()) -> tuple[int, ...]:
    """Circles one normal move away: along lines through crossings, never through one holding police.

    Equivalently, a move is blocked only if every way there holds a police pawn.
    """
    return reachable_circles(analysis.adjacency, start, frozenset(police))


def jack_coach(analysis: BoardAnalysis, start: int, police: Iterable[str] = ()) -> tuple[int, ...]:
    """End circles of a coach: two normal steps that ignore police, never ending where it started.

    ``police`` is accepted for symmetry with :func:`jack_normal`; a coach passes them.
    """
    del police  # a coach drives past police pawns
    targets = analysis.jack_targets
    ends = {second for first in targets[start] for second in targets[first]}
    ends.discard(start)
    return tuple(sorted(ends))


def jack_alley(analysis: BoardAnalysis, start: int) -> tuple[int, ...]:
    """Circles on the edge of any block whose edge holds ``start`` (police never block an alley)."""
    return analysis.alley_targets[start]


def police_moves(analysis: BoardAnalysis, start: str, others: Iterable[str] = ()) -> tuple[str, ...]:
    """Crossings a police pawn may end on: 0, 1 or 2 steps, passing others but never sharing one."""
    taken = frozenset(others) - {start}
    reach = {start}
    for first in analysis.police_steps[start]:
        reach.add(first)
        reach.update(analysis.police_steps[first])
    order = analysis.crossing_order
    return tuple(sorted(reach - taken, key=order.__getitem__))


def search_targets(analysis: BoardAnalysis, crossing: str) -> tuple[int, ...]:
    """Circles a police pawn on ``crossing`` may search for clues or try to arrest on."""
    return analysis.search_targets[crossing]


def jack_distances(analysis: BoardAnalysis, start: int) -> dict[int, int]:
    """Fewest normal moves (no police) from ``start`` to every circle it can reach.

    Breadth-first over the analysis' Jack targets; ``start`` itself is at 0.
    """
    distance = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for circle in frontier:
            for target in analysis.jack_targets[circle]:
                if target not in distance:
                    distance[target] = distance[circle] + 1
                    following.append(target)
        frontier = following
    return distance


def within_moves(analysis: BoardAnalysis, start: int, moves: int) -> int:
    """How many other circles lie within ``moves`` normal moves of ``start`` (no police)."""
    return sum(1 for circle, d in jack_distances(analysis, start).items() if 0 < d <= moves)
