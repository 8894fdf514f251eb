"""Geometry and graph analysis of a board: faces (blocks), planarity problems, move graphs.

``analyse(board)`` turns a :class:`~gaslight.domain.board.model.Board` into a frozen
:class:`BoardAnalysis`: the blocks (bounded faces of the drawing, found with
``shapely.ops.polygonize_full``), the adjacency tables the move model and the
browser engine use, and every problem found, each located and carrying the
board coordinates where it happens (so a renderer can overlay it).

Spatial questions (crossing segments, nodes on segments, nodes too close) go
through shapely's STRtree and vectorised predicates, so a check grows close
to n log n with the size of the board.

>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.board.model import load_board
>>> doc, _ = parse_text('''kind: board
... id: tri
... title: Triangle
... unit: mm
... canvas: {width: 100, height: 100}
... circles: [{number: 1, at: [10, 10]}, {number: 2, at: [90, 10]}]
... crossings: [{id: k1, at: [50, 80]}]
... segments: [[1, 2], [2, k1], [k1, 1]]
... ''', "tri.yaml")
>>> analysis = analyse(load_board(doc, Report()))
>>> [(b.id, b.circles) for b in analysis.blocks]
[('b1', (1, 2))]
>>> analysis.alley_targets[1], analysis.search_targets["k1"]
((2,), (1, 2))
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from gaslight.cache import cached as kept_result
from gaslight.diagnostics import Location
from gaslight.domain.board.districts import DistrictMembers, check_districts, district_members
from gaslight.domain.board.findings import Coord, Findings, Problem, fmt, fmt_point, node_name
from gaslight.domain.board.graph import JackStep, graph_problems, jack_steps_from, move_graphs
from gaslight.domain.board.model import Board, NodeRef, Segment

if TYPE_CHECKING:  # numpy, shapely and networkx are imported where they are used: a board whose analysis the
    # result cache holds is checked without them (~0.25 s of a one-board check), a deck or a case always
    import networkx as nx
    import numpy as np
    from shapely.geometry import LineString, Polygon

__all__ = ["Block", "BoardAnalysis", "DistrictMembers", "JackStep", "Problem", "analyse", "check_geometry",
           "district_members", "face_polygon"]

#: Below this fraction of the canvas size two coordinates count as the same point.
_EPSILON = 1e-9


@dataclass(frozen=True)
class Block:
    """A bounded face of the drawing: the circles Jack can cross to with an alley move.

    ``polygon`` is the outer ring (counter-clockwise, first point not repeated);
    ``holes`` are inner rings when the face surrounds another part of the map.
    """

    id: str
    circles: tuple[int, ...]
    crossings: tuple[str, ...]
    polygon: tuple[Coord, ...]
    holes: tuple[tuple[Coord, ...], ...]
    anchor: Coord
    area: float
    boundary: tuple[NodeRef, ...] = ()  # the nodes met going round the outer ring, in order


@dataclass(frozen=True, eq=False)
class BoardAnalysis:
    """Everything derived from a board's drawing. Node maps are read-only."""

    board_id: str
    circles: tuple[int, ...]
    crossings: tuple[str, ...]
    blocks: tuple[Block, ...]
    adjacency: Mapping[NodeRef, tuple[NodeRef, ...]]
    jack_targets: Mapping[int, tuple[int, ...]]
    police_steps: Mapping[str, tuple[str, ...]]
    search_targets: Mapping[str, tuple[int, ...]]
    circle_crossings: Mapping[int, tuple[str, ...]]
    alley_targets: Mapping[int, tuple[int, ...]]
    jack_components: tuple[tuple[int, ...], ...]
    police_components: tuple[tuple[str, ...], ...]
    drawing_components: int
    problems: tuple[Problem, ...]

    @cached_property
    def jack_steps(self) -> Mapping[int, tuple[JackStep, ...]]:
        """Jack's steps with the crossings of every way (for the export; computed on first use)."""
        order = self.crossing_order
        return MappingProxyType({c: jack_steps_from(c, self.adjacency, order) for c in self.circles})

    @cached_property
    def crossing_order(self) -> Mapping[str, int]:
        """Position of each crossing in the file (the order of exported crossing lists)."""
        return {c: i for i, c in enumerate(self.crossings)}

    def jack_graph(self) -> nx.Graph:
        """Circles joined when one normal move (ignoring police) goes between them."""
        import networkx as nx
        graph = nx.Graph()
        graph.add_nodes_from(self.circles)
        graph.add_edges_from((a, b) for a, targets in self.jack_targets.items() for b in targets)
        return graph

    def police_graph(self) -> nx.Graph:
        """Crossings joined when one police step goes between them."""
        import networkx as nx
        graph = nx.Graph()
        graph.add_nodes_from(self.crossings)
        graph.add_edges_from((a, b) for a, targets in self.police_steps.items() for b in targets)
        return graph


class _Drawn(NamedTuple):
    """A segment kept for geometry: its index in the file, model, polyline and end-node indices."""

    index: int
    segment: Segment
    line: LineString
    ends: tuple[int, int]


@dataclass(frozen=True, eq=False)
class _Nodes:
    """Every node (circles, then crossings, in file order) with its position, as arrays for shapely."""

    refs: tuple[NodeRef, ...]
    index: Mapping[NodeRef, int]
    xy: np.ndarray
    points: np.ndarray

    @classmethod
    def of(cls, board: Board) -> _Nodes:
        import numpy as np
        import shapely
        refs: tuple[NodeRef, ...] = (*(c.number for c in board.circles), *(c.id for c in board.crossings))
        xy = np.asarray([board.node_position(r) for r in refs], dtype=float).reshape(-1, 2)
        return cls(refs, {r: i for i, r in enumerate(refs)}, xy, shapely.points(xy))


# --------------------------------------------------------------------------- segments


def _polylines(board: Board, nodes: _Nodes) -> np.ndarray:
    """One LineString per segment: straight ones in a single vectorised call, bent ones one by one."""
    import numpy as np
    import shapely
    from shapely.geometry import LineString
    lines = np.empty(len(board.segments), dtype=object)
    straight = [i for i, s in enumerate(board.segments) if not s.via]
    if straight:
        a = [nodes.index[board.segments[i].a] for i in straight]
        b = [nodes.index[board.segments[i].b] for i in straight]
        lines[straight] = shapely.linestrings(np.stack([nodes.xy[a], nodes.xy[b]], axis=1))
    for i, segment in enumerate(board.segments):
        if segment.via:
            lines[i] = LineString(board.segment_points(segment))
    return lines


def _usable_segments(board: Board, nodes: _Nodes, found: Findings) -> list[_Drawn]:
    """Drop (and report) loops, zero-length and repeated segments."""
    import shapely
    lines = _polylines(board, nodes)
    empty = (shapely.length(lines) == 0).tolist() if len(lines) else []
    kept: list[_Drawn] = []
    first_of: dict[frozenset[NodeRef], int] = {}
    index_of = nodes.index
    for index, segment in enumerate(board.segments):
        a, b = segment.a, segment.b
        if a == b:
            found.error("loop", segment.location, f"segment {segment.label} joins {node_name(a)} to itself",
                        "join two different nodes", board.node_position(a))
            continue
        if empty[index]:
            start = board.node_position(a)
            found.error("zero-length", segment.location,
                        f"segment {segment.label} has zero length at {fmt_point(start)}",
                        "move its two nodes apart", start)
            continue
        ends = frozenset((a, b))
        if ends in first_of:
            middle = shapely.line_interpolate_point(lines[index], 0.5, normalized=True)
            found.error("duplicate", segment.location,
                        f"segment {segment.label} repeats segments[{first_of[ends]}], "
                        f"which already joins {a} and {b}",
                        "keep one line between two nodes", (middle.x, middle.y))
            continue
        first_of[ends] = index
        kept.append(_Drawn(index, segment, lines[index], (index_of[a], index_of[b])))
    return kept


def _check_close_nodes(board: Board, nodes: _Nodes, found: Findings) -> None:
    import numpy as np
    import shapely
    if not nodes.refs:
        return
    limit = board.min_distance
    pairs = shapely.STRtree(nodes.points).query(nodes.points, predicate="dwithin", distance=limit)
    for i, j in sorted({(min(i, j), max(i, j)) for i, j in pairs.T.tolist() if i != j}):
        a, b = nodes.refs[i], nodes.refs[j]
        (ax, ay), (bx, by) = nodes.xy[i], nodes.xy[j]
        gap = float(np.hypot(ax - bx, ay - by))
        if gap >= limit and limit > 0:
            continue
        later = b if _loc(board, b) >= _loc(board, a) else a
        found.error(
            "too-close", _loc(board, later),
            f"{node_name(a)} at {fmt_point((ax, ay))} and {node_name(b)} at {fmt_point((bx, by))} "
            f"are {fmt(gap)} {board.unit} apart, closer than min_distance {fmt(limit)} {board.unit}",
            "move them further apart (or lower 'min_distance')", (float(bx), float(by)))


def _loc(board: Board, ref: NodeRef) -> Location:
    return board.circle(ref).location if isinstance(ref, int) else board.crossing(ref).location


def drawn_radius(board: Board) -> float:
    """The radius circles are drawn with (board pages, posters): under a third of the median gap between
    neighbouring nodes. A node nearer a street than this looks as if it sits on it.

    >>> from gaslight.diagnostics import Location
    >>> from gaslight.domain.board.model import Circle
    >>> here = Location("x.yaml")
    >>> b = Board("b", "B", "", "mm", 100, 100, 1, (Circle(1, (0, 0), False, here), Circle(2, (30, 0), False, here)),
    ...           (), (), (), (), (), here)
    >>> drawn_radius(b)
    9.09
    """
    points = [c.at for c in board.circles] + [c.at for c in board.crossings]
    return drawn_radius_of(points, board.width, board.height)


def drawn_radius_of(points: Sequence[Coord], width: float, height: float) -> float:
    """:func:`drawn_radius` of nodes at ``points`` on a ``width`` × ``height`` canvas (the generator asks too)."""
    import numpy as np
    import shapely
    if len(points) < 2:
        return max(1.0, min(width, height) / 40)
    geoms = shapely.points(np.asarray(points, dtype=float))
    tree = shapely.STRtree(geoms)
    _, distances = tree.query_nearest(geoms, exclusive=True, return_distance=True, all_matches=False)
    gap = float(np.median(distances)) if len(distances) else 0.0
    fallback = min(width, height) / 40
    return round(gap / 3.3 if gap > 0 else fallback, 2)


def _node_tolerance(board: Board) -> float:
    """How near a node may come to a line it does not end on: half the minimum distance, and never nearer
    than its drawn circle reaches (what looks as if it sits on a street is reported)."""
    return max(board.min_distance / 2, drawn_radius(board), _EPSILON * (board.width + board.height))


def _check_nodes_on_segments(board: Board, nodes: _Nodes, drawn: list[_Drawn], found: Findings) -> None:
    import numpy as np
    import shapely
    from shapely.geometry import Point
    if not nodes.refs or not drawn:
        return
    tolerance = _node_tolerance(board)
    tree = shapely.STRtree([d.line for d in drawn])
    node_idx, seg_idx = tree.query(nodes.points, predicate="dwithin", distance=tolerance)
    for i, j in sorted(zip(node_idx.tolist(), seg_idx.tolist(), strict=True)):
        ref, item = nodes.refs[i], drawn[j]
        if i in item.ends:
            continue
        position = (float(nodes.xy[i][0]), float(nodes.xy[i][1]))
        if any(np.hypot(*(nodes.xy[i] - nodes.xy[e])) < tolerance for e in item.ends):
            continue  # sitting on the segment's end node: reported as nodes too close
        gap = item.line.distance(Point(position))
        how = "lies on" if gap <= _EPSILON * (board.width + board.height) else f"is {fmt(gap)} {board.unit} from"
        found.error(
            "node-on-segment", _loc(board, ref),
            f"{node_name(ref)} at {fmt_point(position)} {how} segment {item.segment.label}, which does not end there",
            f"split the segment at the node ([{item.segment.a}, {ref}] and [{ref}, {item.segment.b}]) "
            "or move the node off the line", position)


def _check_crossings(board: Board, nodes: _Nodes, drawn: list[_Drawn], found: Findings) -> None:
    """Two segments may meet only at a node they both end on.

    The STRtree pairs up lines whose boxes touch; one vectorised DE-9IM test
    (``T********``: the interiors meet) keeps those that cross or overlap. A
    line ending inside another is a node on a segment, reported by
    :func:`_check_nodes_on_segments`.
    """
    import numpy as np
    import shapely
    if len(drawn) < 2:
        return
    lines = np.asarray([d.line for d in drawn], dtype=object)
    left, right = shapely.STRtree(lines).query(lines)
    keep = left < right
    left, right = left[keep], right[keep]
    meet = shapely.relate_pattern(lines[left], lines[right], "T********")
    pairs = list(zip(left[meet].tolist(), right[meet].tolist(), strict=True))
    near = _EPSILON * (board.width + board.height) * 10
    for i, j in sorted(pairs):
        first, second = drawn[i], drawn[j]
        parts = shapely.get_parts(first.line.intersection(second.line))
        end_points = nodes.points[list({*first.ends, *second.ends})]
        lines_part = [g for g in parts if g.geom_type != "Point"]
        points_part = [g for g in parts if g.geom_type == "Point" and shapely.distance(g, end_points).min() > near]
        pair = f"segments {first.segment.label} and {second.segment.label}"
        if lines_part:
            start = min((x, y) for g in lines_part for x, y in g.coords)  # the lowest point, not GEOS's first
            found.error("overlap", second.segment.location, f"{pair} overlap from {fmt_point(start)}",
                        "draw each stretch of street once; split the segments at a shared node", start)
        elif points_part:
            where = min(p.coords[0] for p in points_part)
            found.error("cross", second.segment.location, f"{pair} cross at {fmt_point(where)}",
                        "add a crossing or circle where they meet and split both segments there, "
                        "or reroute one of them", where)


# --------------------------------------------------------------------------- faces


def _sorted_refs(refs: Iterable[NodeRef], order: Mapping[str, int]) -> list[NodeRef]:
    unique = set(refs)
    circles = sorted(r for r in unique if isinstance(r, int))
    crossings = sorted((r for r in unique if isinstance(r, str)), key=lambda c: order[c])
    return [*circles, *crossings]


def _report_loose_segments(board: Board, drawn: list[_Drawn], cuts: object, dangles: object,
                           found: Findings) -> None:
    import shapely
    loose = [(code, g) for code, collection in (("dangle", dangles), ("cut-edge", cuts))
             for g in shapely.get_parts(collection)]
    if not loose:
        return
    by_coords: dict[tuple[Coord, ...], _Drawn] = {}
    for d in drawn:
        coords = tuple((c[0], c[1]) for c in d.line.coords)
        by_coords[coords] = by_coords[coords[::-1]] = d
    texts = {
        "dangle": ("leads to a dead end and borders no block",
                   "join its loose end to another node so it closes a block, or remove it"),
        "cut-edge": ("is a bridge between two parts of the map and borders no block",
                     "add a segment that closes a block beside it, or remove it"),
    }
    hits = sorted(((code, by_coords[tuple((c[0], c[1]) for c in g.coords)]) for code, g in loose),
                  key=lambda hit: (hit[0] != "dangle", hit[1].index))
    for code, d in hits:
        middle = d.line.interpolate(0.5, normalized=True).coords[0]
        text, fix = texts[code]
        found.error(code, d.segment.location, f"segment {d.segment.label} {text}", fix, middle)


def _ring_refs(coords: np.ndarray, at: Mapping[Coord, list[NodeRef]]) -> list[NodeRef]:
    return [ref for x, y in coords.tolist() for ref in at.get((x, y), ())]


def _faces(board: Board, drawn: list[_Drawn], found: Findings) -> list[Block]:
    """Blocks as the bounded faces of the drawing; dangles, bridges and broken rings are reported.

    ``found`` is a throwaway collector when the drawing is not planar: faces of
    crossing lines mean nothing, so only the crossings themselves are reported.
    """
    import numpy as np
    import shapely
    from shapely.ops import polygonize_full
    if not drawn:
        return []
    polygons, cuts, dangles, invalid = polygonize_full([d.line for d in drawn])
    _report_loose_segments(board, drawn, cuts, dangles, found)
    for ring in shapely.get_parts(invalid):
        start = ring.coords[0]
        found.error("invalid-ring", board.part("segments"),
                    f"the segments around {fmt_point(start)} form an invalid ring",
                    "check the segments meeting there for crossings or overlaps", start)
    faces = shapely.orient_polygons(shapely.get_parts(polygons))
    if len(faces) == 0:
        return []
    at: dict[Coord, list[NodeRef]] = {}
    for circle in board.circles:
        at.setdefault(circle.at, []).append(circle.number)
    for crossing in board.crossings:
        at.setdefault(crossing.at, []).append(crossing.id)
    order = {c.id: i for i, c in enumerate(board.crossings)}
    coords, owner = shapely.get_coordinates(shapely.get_exterior_ring(faces), return_index=True)
    rings = np.split(coords, np.flatnonzero(np.diff(owner)) + 1)
    anchors = shapely.get_coordinates(shapely.point_on_surface(faces)).tolist()
    areas = shapely.area(faces).tolist()
    holes_of = shapely.get_num_interior_rings(faces).tolist()
    made = []
    for k, ring in enumerate(rings):
        refs = _ring_refs(ring, at)
        holes = [np.asarray(h.coords) for h in faces[k].interiors] if holes_of[k] else []
        for hole in holes:
            refs += _ring_refs(hole, at)
        outer = tuple(dict.fromkeys(_ring_refs(ring[:-1], at)))
        made.append((ring, holes, _sorted_refs(refs, order), (anchors[k][0], anchors[k][1]), areas[k], outer))
    made.sort(key=lambda f: (round(f[3][1], 6), round(f[3][0], 6)))
    return [
        Block(
            id=f"b{n}",
            circles=tuple(r for r in ordered if isinstance(r, int)),
            crossings=tuple(r for r in ordered if isinstance(r, str)),
            polygon=tuple((x, y) for x, y in ring[:-1].tolist()),
            holes=tuple(tuple((x, y) for x, y in hole[:-1].tolist()) for hole in holes),
            anchor=anchor,
            area=area,
            boundary=outer,
        )
        for n, (ring, holes, ordered, anchor, area, outer) in enumerate(made, start=1)
    ]


def _same_cycle(listed: Sequence[NodeRef], ring: Sequence[NodeRef]) -> bool:
    """True when ``listed`` goes round ``ring``: the same nodes in cyclic order, either way round.

    >>> _same_cycle([2, "k1", 1], [1, 2, "k1"]), _same_cycle([1, "k1", 2], [1, 2, "k1"]), _same_cycle([1, 2], [2, 1, 3])
    (True, True, False)
    """
    if len(listed) != len(ring) or set(listed) != set(ring):
        return False
    start = ring.index(listed[0])
    turned = [*ring[start:], *ring[:start]]
    return list(listed) == turned or list(listed) == [turned[0], *reversed(turned[1:])]


def _round_from(listed: Sequence[NodeRef], ring: Sequence[NodeRef]) -> list[NodeRef]:
    """``ring`` read from the first node ``listed`` names, in the direction that meets its second node sooner.

    >>> _round_from([1, 2, "k1", "k2"], ["k1", 2, "k2", 1])
    [1, 'k1', 2, 'k2']
    """
    start = ring.index(listed[0])
    ahead = [*ring[start:], *ring[:start]]
    back = [ahead[0], *reversed(ahead[1:])]
    return back if listed[1] in back and back.index(listed[1]) < ahead.index(listed[1]) else ahead


def _match_declared(board: Board, blocks: list[Block], found: Findings) -> list[Block]:
    """Declared blocks must equal the computed faces; matched faces take the declared id."""
    if not board.blocks:
        return blocks
    order = {c.id: i for i, c in enumerate(board.crossings)}
    by_nodes = {frozenset((*b.circles, *b.crossings)): k for k, b in enumerate(blocks)}
    by_outer = {frozenset(b.boundary): k for k, b in enumerate(blocks) if b.holes}
    named: dict[int, str] = {}
    for declared in board.blocks:
        key = frozenset(declared.boundary)
        k = by_nodes.get(key)
        if k is None and key in by_outer:
            inner = [r for r in (*blocks[by_outer[key]].circles, *blocks[by_outer[key]].crossings) if r not in key]
            found.error("declared-block", declared.location,
                        f"block {declared.id} encloses other parts of the map, so its nodes include theirs",
                        f"add the nodes of the inner ring: {', '.join(str(r) for r in inner)}", None)
            continue
        if k is not None and not blocks[k].holes and not _same_cycle(declared.boundary, blocks[k].boundary):
            found.error("declared-block-order", declared.location,
                        f"block {declared.id} lists its nodes out of order; going round it they are "
                        f"{', '.join(str(r) for r in _round_from(declared.boundary, blocks[k].boundary))}",
                        "list the nodes in the order met going round the block (either way round)", None)
        if k is None or k in named:
            listed = ", ".join(str(r) for r in _sorted_refs(declared.boundary, order))
            found.error("declared-block", declared.location,
                        f"block {declared.id} ({listed}) is not a face of the drawing",
                        "list the nodes around one enclosed area, or remove 'blocks' to let Gaslight compute them",
                        None)
            continue
        named[k] = declared.id
    for k, block in enumerate(blocks):
        if k not in named:
            listed = ", ".join(str(r) for r in (*block.circles, *block.crossings))
            found.error("undeclared-block", board.part("blocks"),
                        f"the block at {fmt_point(block.anchor)} ({listed}) is not declared",
                        "add it to 'blocks', or remove 'blocks' to let Gaslight compute them", block.anchor)
    return [
        replace(b, id=named[k]) if k in named else b
        for k, b in enumerate(blocks)
    ]


def _check_block_coverage(board: Board, blocks: list[Block], found: Findings) -> None:
    on_block = {c for b in blocks for c in b.circles}
    for circle in board.circles:
        if circle.number not in on_block:
            found.warning("no-block", circle.location,
                          f"circle {circle.number} at {fmt_point(circle.at)} lies on no block, "
                          "so Jack can never take an alley from it",
                          "close a block around it with segments", circle.at)
    meant = {frozenset(t.boundary): t for t in board.thin_blocks}
    used = set()
    for block in blocks:
        nodes = frozenset((*block.circles, *block.crossings))
        if len(block.circles) >= 2:
            continue
        if nodes in meant:
            used.add(nodes)
            continue
        listed = ", ".join(str(c) for c in block.circles) or "none"
        edge = ", ".join(str(r) for r in (*block.circles, *block.crossings))
        found.warning("thin-block", _loc(board, (*block.circles, *block.crossings)[0]),
                      f"block {block.id} at {fmt_point(block.anchor)} has {len(block.circles)} circle"
                      f"{'s' * (len(block.circles) != 1)} on its edge ({listed}), so no alley crosses it",
                      f"put at least two circles on its edge, or, if it is meant (a park, a yard), list it under "
                      f"'thin_blocks': [{edge}]", block.anchor)
    for nodes, declared in meant.items():
        if nodes not in used:
            found.warning("thin-block-listed", declared.location,
                          "this entry of 'thin_blocks' is no block with fewer than two circles on its edge",
                          "remove it, or list the nodes around one such block", None)


# --------------------------------------------------------------------------- entry point

#: Problems that make faces meaningless: block checks wait until these are fixed.
_PLANARITY = frozenset({"cross", "overlap", "node-on-segment", "zero-length", "loop"})

_CACHE: dict[int, tuple[weakref.ref[Board], BoardAnalysis]] = {}


def analyse(board: Board) -> BoardAnalysis:
    """The full analysis of ``board`` (computed once per board object; kept by a check or build's result cache,
    keyed by the board and this module's code with all it imports, see :mod:`gaslight.cache`)."""
    cached = _CACHE.get(id(board))
    if cached is not None and cached[0]() is board:
        return cached[1]
    analysis = kept_result("board", board, lambda: _analyse(board))
    key = id(board)
    _CACHE[key] = (weakref.ref(board, lambda _ref: _CACHE.pop(key, None)), analysis)
    return analysis


def check_geometry(board: Board, found: Findings) -> tuple[Block, ...]:
    """Planarity and spacing checks, then the blocks (face checks only once the drawing is planar)."""
    nodes = _Nodes.of(board)
    drawn = _usable_segments(board, nodes, found)
    _check_close_nodes(board, nodes, found)
    _check_nodes_on_segments(board, nodes, drawn, found)
    _check_crossings(board, nodes, drawn, found)
    planar = not any(p.code in _PLANARITY for p in found.items)
    face_found = found if planar else Findings()
    blocks = _match_declared(board, _faces(board, drawn, face_found), face_found)
    _check_block_coverage(board, blocks, face_found)
    check_districts(board, found)
    return tuple(blocks)


def _alley_targets(board: Board, blocks: tuple[Block, ...]) -> dict[int, tuple[int, ...]]:
    alleys: dict[int, set[int]] = {c.number: set() for c in board.circles}
    for block in blocks:
        for circle in block.circles:
            alleys[circle].update(block.circles)
    return {c: tuple(sorted(t - {c})) for c, t in alleys.items()}


def _analyse(board: Board) -> BoardAnalysis:
    found = Findings()
    blocks = check_geometry(board, found)
    graphs = move_graphs(board)
    graph_problems(board, graphs, found)
    return BoardAnalysis(
        board_id=board.id,
        circles=tuple(c.number for c in board.circles),
        crossings=tuple(c.id for c in board.crossings),
        blocks=blocks,
        adjacency=MappingProxyType(dict(graphs.adjacency)),
        jack_targets=MappingProxyType(dict(graphs.jack_targets)),
        police_steps=MappingProxyType(dict(graphs.police_steps)),
        search_targets=MappingProxyType(dict(graphs.search_targets)),
        circle_crossings=MappingProxyType(dict(graphs.circle_crossings)),
        alley_targets=MappingProxyType(_alley_targets(board, blocks)),
        jack_components=graphs.jack_components,
        police_components=graphs.police_components,
        drawing_components=graphs.drawing_components,
        problems=tuple(found.items),
    )


def face_polygon(block: Block) -> Polygon:
    """The block as a shapely polygon (for renderers and tests)."""
    from shapely.geometry import Polygon
    return Polygon(block.polygon, block.holes)
