"""The move graphs of a board (networkx): Jack's steps, police steps, searches, and their checks.

Jack walks circle to circle through crossings; the police walk crossing to
crossing passing over circles; a police pawn searches the circles joined to
its crossing by one segment.

>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.board.model import load_board
>>> doc, _ = parse_text('''kind: board
... id: line
... title: Line
... unit: mm
... canvas: {width: 100, height: 100}
... circles: [{number: 1, at: [10, 10]}, {number: 2, at: [50, 10]}, {number: 3, at: [90, 10]}]
... crossings: [{id: k1, at: [30, 10]}, {id: k2, at: [70, 10]}]
... segments: [[1, k1], [k1, 2], [2, k2], [k2, 3]]
... ''', "line.yaml")
>>> graphs = move_graphs(load_board(doc, Report()))
>>> graphs.jack_targets[2], graphs.police_steps["k1"]
((1, 3), ('k2',))
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gaslight.domain.board.findings import Findings, fmt_point, listing, plural
from gaslight.domain.board.model import Board, NodeRef

if TYPE_CHECKING:  # imported where used: a board whose analysis is kept needs none
    import networkx as nx


@dataclass(frozen=True)
class JackStep:
    """A circle Jack reaches in one normal move, with the crossings of each way there.

    The move is blocked only when every way holds a police pawn (``()`` is a
    direct circle–circle line, never blocked).
    """

    to: int
    paths: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, eq=False)
class MoveGraphs:
    """Adjacency tables (node maps keyed by circle number or crossing id) and connected parts."""

    adjacency: Mapping[NodeRef, tuple[NodeRef, ...]]
    jack_targets: Mapping[int, tuple[int, ...]]
    police_steps: Mapping[str, tuple[str, ...]]
    search_targets: Mapping[str, tuple[int, ...]]
    circle_crossings: Mapping[int, tuple[str, ...]]
    jack_components: tuple[tuple[int, ...], ...]
    police_components: tuple[tuple[str, ...], ...]
    drawing_components: int


def adjacency(board: Board) -> dict[NodeRef, tuple[NodeRef, ...]]:
    """Neighbours of every node along segments (loops dropped, repeats once), in file order."""
    near: dict[NodeRef, dict[NodeRef, None]] = {c.number: {} for c in board.circles}
    near.update({c.id: {} for c in board.crossings})
    for segment in board.segments:
        a, b = segment.a, segment.b
        if a != b:
            near[a][b] = None
            near[b][a] = None
    return {node: tuple(others) for node, others in near.items()}


def reachable_circles(near: Mapping[NodeRef, Sequence[NodeRef]], start: int,
                      blocked: Collection[str] = ()) -> tuple[int, ...]:
    """Circles reached from ``start`` along lines whose inner nodes are crossings not in ``blocked``.

    One breadth-first walk: linear in the crossings around ``start``, however
    tangled they are (the rule behind a normal move).
    """
    reached: set[int] = set()
    seen: set[NodeRef] = {start}
    frontier: list[NodeRef] = [start]
    while frontier:
        node = frontier.pop()
        for nxt in near[node]:
            if isinstance(nxt, int):
                if nxt != start:
                    reached.add(nxt)
            elif nxt not in seen and nxt not in blocked:
                seen.add(nxt)
                frontier.append(nxt)
    return tuple(sorted(reached))


def jack_steps_from(circle: int, near: Mapping[NodeRef, Sequence[NodeRef]],
                    order: Mapping[str, int]) -> tuple[JackStep, ...]:
    """Every circle reachable along lines whose inner nodes are all crossings, with each way's crossings.

    This lists every simple path, which grows fast where many crossings touch
    each other directly; the export needs it, the checks and moves do not.
    """
    found: dict[int, set[frozenset[str]]] = {}
    stack: list[tuple[NodeRef, tuple[str, ...]]] = [(circle, ())]
    while stack:
        node, path = stack.pop()
        for nxt in near[node]:
            if isinstance(nxt, int):
                if nxt != circle:
                    found.setdefault(nxt, set()).add(frozenset(path))
            elif nxt not in path:
                stack.append((nxt, (*path, nxt)))
    steps = []
    for to in sorted(found):
        paths = sorted((tuple(sorted(p, key=order.__getitem__)) for p in found[to]),
                       key=lambda p: (len(p), [order[c] for c in p]))
        steps.append(JackStep(to, tuple(paths)))
    return tuple(steps)


def police_steps_from(crossing: str, near: Mapping[NodeRef, Sequence[NodeRef]],
                      order: Mapping[str, int]) -> tuple[str, ...]:
    """Crossings one police step away: joined by lines whose inner nodes are circles only."""
    reached: set[str] = set()
    seen: set[NodeRef] = {crossing}
    stack: list[NodeRef] = [crossing]
    while stack:
        node = stack.pop()
        for nxt in near[node]:
            if isinstance(nxt, str):
                if nxt != crossing:
                    reached.add(nxt)
            elif nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return tuple(sorted(reached, key=order.__getitem__))


Parts = tuple[tuple[tuple[int, ...], ...], tuple[tuple[str, ...], ...], int]


def _split_parts(drawing: nx.Graph, order: Mapping[str, int]) -> Parts:
    """Jack's and the police's connected parts, read off the drawing's.

    A walk between two circles along the drawing splits at every circle it
    passes into Jack steps; a walk between two crossings splits at every
    crossing into police steps. So both graphs' parts are the drawing's parts,
    keeping only circles (or only crossings).
    """
    import networkx as nx
    jack: list[tuple[int, ...]] = []
    police: list[tuple[str, ...]] = []
    count = 0
    for part in nx.connected_components(drawing):
        count += 1
        circles = sorted(n for n in part if isinstance(n, int))
        crossings = sorted((n for n in part if isinstance(n, str)), key=order.__getitem__)
        if circles:
            jack.append(tuple(circles))
        if crossings:
            police.append(tuple(crossings))
    jack.sort(key=lambda p: (-len(p), p[0]))
    police.sort(key=lambda p: (-len(p), order[p[0]]))
    return tuple(jack), tuple(police), count


def move_graphs(board: Board) -> MoveGraphs:
    """Every adjacency table the move model needs, computed once."""
    import networkx as nx
    order = {c.id: i for i, c in enumerate(board.crossings)}
    near = adjacency(board)
    drawing = nx.Graph()
    drawing.add_nodes_from(near)
    drawing.add_edges_from((s.a, s.b) for s in board.segments)
    jack_parts, police_parts, count = _split_parts(drawing, order)
    return MoveGraphs(
        adjacency=near,
        jack_targets={c.number: reachable_circles(near, c.number) for c in board.circles},
        police_steps={c.id: police_steps_from(c.id, near, order) for c in board.crossings},
        search_targets={c.id: tuple(sorted(n for n in near[c.id] if isinstance(n, int))) for c in board.crossings},
        circle_crossings={c.number: tuple(sorted((n for n in near[c.number] if isinstance(n, str)),
                                                 key=order.__getitem__)) for c in board.circles},
        jack_components=jack_parts,
        police_components=police_parts,
        drawing_components=count,
    )


def graph_problems(board: Board, graphs: MoveGraphs, found: Findings) -> None:
    """Both graphs connected, every circle searchable, numbers 1..N, a hideout left."""
    jack_parts, police_parts = graphs.jack_components, graphs.police_components
    for part in jack_parts[1:]:
        first = board.circle(part[0])
        found.error("jack-split", first.location,
                    f"{plural('circle', part)} {listing(part)} cannot be reached from circle {jack_parts[0][0]} "
                    f"by normal moves (Jack's graph falls into {len(jack_parts)} parts)",
                    "join them to the rest of the map with segments", first.at)
    for crossings in police_parts[1:]:
        crossing = board.crossing(crossings[0])
        found.error("police-split", crossing.location,
                    f"{plural('crossing', crossings)} {listing(crossings)} cannot be reached from crossing "
                    f"{police_parts[0][0]} by police moves (the police graph falls into {len(police_parts)} parts)",
                    "join them to the rest of the map with segments", crossing.at)
    for circle in board.circles:
        if not graphs.circle_crossings[circle.number]:
            found.error("unsearchable", circle.location,
                        f"circle {circle.number} at {fmt_point(circle.at)} touches no crossing, "
                        "so no police pawn can search it or arrest there",
                        "join it to a crossing with a segment", circle.at)
    numbers = {c.number for c in board.circles}
    missing = [n for n in range(1, len(board.circles) + 1) if n not in numbers]
    if missing:
        found.error("numbering", board.part("circles"),
                    f"circle numbers must run 1..{len(board.circles)} without gaps; missing: {listing(missing)}",
                    "renumber the circles 1, 2, 3, … in any order", None)
    if board.circles and all(c.red for c in board.circles):
        found.error("no-hideout", board.part("circles"), "every circle is red, so Jack has no hideout",
                    "leave at least one circle without the red flag", None)
