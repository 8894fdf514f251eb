"""Board data from what a drawing shows (:class:`~gaslight.domain.board.import_svg.Drawing`).

Numbers go to the circle they are written in, squares become crossings, each drawn line is cut at the
nodes it touches into dotted lines with bends, places find their crossing and districts their names.
Every problem is reported at the element of the drawing it comes from; nothing is guessed silently.
"""

from __future__ import annotations

import itertools
import math
import re
import statistics
from collections.abc import Sequence
from typing import Any

import shapely
from shapely import STRtree
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon as ShapelyPolygon

from gaslight.diagnostics import Location, Report
from gaslight.domain.board.drawing_junctions import junctions
from gaslight.domain.board.drawing_tree import AUTO_ID, DRAWING_SECONDS, Where
from gaslight.domain.board.import_svg import FIX_SLOW, NODE_ID, Drawing, distance
from gaslight.limits import Deadline, TimeLimitReached

Node = tuple[int | str, tuple[float, float], float]  # (number or id, centre, drawn half size)
Numbered = tuple[int, tuple[float, float], float, bool]  # (number, centre, radius, red)
CONVENTION = "see 'Boards from a drawing' on the site's Writing scenarios page"
PLACED = Where("<a junction>", 1, 1)  # a crossing placed by --nodes junctions: drawn by no element
SNAP_TIMES = 3  # --snap reaches at most this many circle radii past a node's edge without --force
MANY_FAR = 3  # this many line ends far from every node (and a quarter of them all): the drawing's habit, said once
OFF_CENTRE = 0.25  # a line passing a node this far (a share of its half size) from its centre was not drawn to it
FIX_NOT_CIRCLE = ("draw it as a circle (Inkscape: the ellipse tool with Ctrl held; a path is read as a circle when "
                  "its outline keeps within 3% of one radius), or move it out of the circles layer")
FIX_STREETS_ONLY = ("draw numbered circles where the streets meet and end (in a layer named 'circles'), or import "
                    "with --nodes junctions: Gaslight then places a circle at every street end and a crossing "
                    f"where streets meet, and you draw or number the rest ({CONVENTION})")


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _at(point: tuple[float, float]) -> str:
    return f"({_fmt(point[0])}, {_fmt(point[1])})"


def board_data(drawing: Drawing, board_id: str, shown: str, report: Report, snap: float | None = None,
               deadline: Deadline | None = None, *, force: bool = False,
               at_junctions: bool = False) -> dict[str, Any] | None:
    """The board as data (what ``board.yaml`` holds), or None when the drawing has errors (all reported).
    ``deadline`` bounds the work (default: :data:`~gaslight.domain.board.drawing_tree.DRAWING_SECONDS` from now).
    ``snap`` beyond :data:`SNAP_TIMES` circles' radii is refused unless ``force``; ``at_junctions`` places circles
    and crossings where the streets end and meet (:mod:`~gaslight.domain.board.drawing_junctions`)."""
    before = report.error_count
    drawn_radius = statistics.median([r for _, r, _, _ in drawing.circles] or [1.0])
    if _stacked(drawing, drawn_radius, shown, report):
        return None  # each copy on top would repeat every complaint about the first: those first
    for _, _, what, where in drawing.not_circles:
        report.error(where.location(shown), f"this shape in the circles layer is {what}, not a circle",
                     fix=FIX_NOT_CIRCLE)
    numbered, blocked = _numbered(drawing, shown, report)
    radius = statistics.median([r for _, _, r, _ in numbered]) if numbered else drawn_radius
    bound = _snap_bound(drawing, radius)
    extra = radius * 0.5 if snap is None else snap
    if snap is not None and bound is not None and snap > bound and not force:
        report.error(Location(shown, 1, 1), f"--snap {_fmt(snap)} is more than {SNAP_TIMES} times the drawn circles' "
                     f"radius ({_fmt(radius)} {drawing.unit}): line ends that far from a circle would join it "
                     "whatever they were drawn to meet",
                     fix=f"end the lines inside their circles, or import with --snap {_fmt(math.floor(bound))} or "
                         "less (--force joins them all the same)")
    deadline = deadline or Deadline(DRAWING_SECONDS)
    if at_junctions and drawing.lines:
        try:
            numbered = _place_junctions(drawing, numbered, blocked, extra, deadline)
        except TimeLimitReached as reached:
            report.error(drawing.lines[0][1].location(shown), f"placing nodes at the junctions of the drawing's "
                         f"{len(drawing.lines):,} lines took more than {reached.seconds:g} s; Gaslight stopped",
                         fix=FIX_SLOW)
            return None
    if not numbered and not drawing.circles and drawing.lines and not drawing.squares and not drawing.not_circles:
        lines = "a line" if len(drawing.lines) == 1 else f"{len(drawing.lines):,} lines"
        report.error(Location(shown, 1, 1), f"the drawing has {lines} and no circles or squares: streets alone, "
                     "with nothing for them to join", fix=FIX_STREETS_ONLY)
    elif not numbered and not report.error_count - before:
        report.error(Location(shown, 1, 1), "the drawing has no numbered circles",
                     fix=f"draw circles with their numbers written inside them ({CONVENTION})")
    circles: list[Node] = [(n, c, r) for n, c, r, _ in numbered]
    crossings = _crossings(drawing, radius, shown, report)
    nodes: list[Node] = [*circles, *((i, c, half) for i, c, half, _ in crossings)]
    if nodes:  # with no node to join, the lines are not read at all (the caller has said why)
        nodes += [(f"?{k}", c, r) for k, (c, r) in enumerate(blocked)]
    wheres = _wheres(drawing, numbered, crossings)
    segments = _segments(drawing, nodes, extra, bound, radius, wheres, shown, report, deadline)
    places = _places(drawing, crossings, radius, shown, report)
    districts = _districts(drawing, shown, report, deadline)
    if report.error_count > before:
        return None
    data: dict[str, Any] = {"kind": "board", "id": board_id, "title": drawing.title, "unit": drawing.unit,
                            "canvas": {"width": drawing.canvas[0], "height": drawing.canvas[1]}}
    if drawing.min_distance is not None:
        data["min_distance"] = drawing.min_distance
    data["circles"] = [{"number": n, "at": list(c), **({"flags": ["red"]} if red else {})}
                       for n, c, _, red in sorted(numbered, key=lambda x: x[0])]
    data["crossings"] = [{"id": i, "at": list(c), **({"flags": ["yellow"]} if yellow else {})}
                         for i, c, _, yellow in sorted(crossings, key=lambda x: _natural(x[0]))]
    data["segments"] = segments
    if places:
        data["places"] = places
    if districts:
        data["districts"] = districts
    return data


def _snap_bound(drawing: Drawing, radius: float) -> float | None:
    """How far past a node's edge ``--snap`` may reach: :data:`SNAP_TIMES` times the circles' radius (the squares'
    half side when there are no circles; no bound when nothing is drawn to join)."""
    if drawing.circles:
        return SNAP_TIMES * radius
    if drawing.squares:
        return SNAP_TIMES * statistics.median([s[1] / 2 for s in drawing.squares])
    return None


def _place_junctions(drawing: Drawing, numbered: list[Numbered], blocked: list[tuple[tuple[float, float], float]],
                     tolerance: float, deadline: Deadline) -> list[Numbered]:
    """``numbered`` with a circle at each street end and end-to-end join, and (added to the drawing's squares) a
    crossing where three or more ways meet, none on a shape already drawn; the new circles are numbered after
    the drawn ones in reading order."""
    drawn = [(c, r) for _, c, r, _ in numbered] + [(s[0], s[1] / 2) for s in drawing.squares] + list(blocked)
    half = max(tolerance, 0.01)
    ends, meets = junctions([line for line, _ in drawing.lines], drawn, half, deadline.remaining)
    for point in meets:
        drawing.squares.append((point, 2 * half, False, None, True, PLACED))
    first = max((n for n, *_ in numbered), default=0) + 1
    placed = [(first + k, point, half, False) for k, point in enumerate(sorted(ends, key=lambda p: (p[1], p[0])))]
    drawing.placed = (len(placed), len(meets))
    return [*numbered, *placed]


def _wheres(drawing: Drawing, numbered: list[Numbered],
            crossings: Sequence[tuple[str, tuple[float, float], float, bool]]) -> dict[int | str, Where]:
    """Where each numbered circle and each crossing is drawn (for messages about them)."""
    circle_at = {c[0]: c[3] for c in drawing.circles}
    square_at = {s[0]: s[5] for s in drawing.squares if s[5] is not PLACED}
    found: dict[int | str, Where] = {n: circle_at[c] for n, c, _, _ in numbered if c in circle_at}
    found.update((i, square_at[c]) for i, c, _, _ in crossings if c in square_at)
    return found


def _natural(ident: str) -> tuple[str, int]:
    match = re.match(r"^(.*?)(\d+)$", ident)
    return (match.group(1), int(match.group(2))) if match else (ident, -1)


def _numbered(drawing: Drawing, shown: str,
              report: Report) -> tuple[list[Numbered], list[tuple[tuple[float, float], float]]]:
    """Each circle with the number written in it (errors for none, two, or a number used twice), and the circles
    and shapes that got an error (centre, half size): lines ending on them join them quietly, so one mistake
    gets one message, not another for every line that meets it."""
    targets = [(c, r) for c, r, _, _ in drawing.circles] + [(c, half) for c, half, _, _ in drawing.not_circles]
    found: dict[int, list[tuple[int, Where]]] = {}
    tree = STRtree([ShapelyPoint(c) for c, _ in targets])
    reach = 2.5 * max((r for _, r in targets), default=0.0)
    for text, point, role, _, where in drawing.texts:
        if role in ("place", "district") or not re.fullmatch(r"\d{1,6}", text):
            continue
        candidates = tree.query(ShapelyPoint(point), predicate="dwithin", distance=reach) if targets else []
        near = sorted((distance(point, targets[i][0]), int(i)) for i in candidates
                      if distance(point, targets[i][0]) <= 2.5 * targets[i][1])
        if not near:
            report.warning(where.location(shown), f"the number {text} at {_at(point)} is written on no circle and "
                           "is left out", fix="move it inside its circle, or delete it")
            continue
        found.setdefault(near[0][1], []).append((int(text), where))
    circles: list[Numbered] = []
    blocked = [(c, half) for c, half, _, _ in drawing.not_circles]
    first: dict[int, Where] = {}
    for i, (centre, r, red, where) in enumerate(drawing.circles):
        numbers = found.get(i, [])
        if not numbers:
            report.error(where.location(shown), f"the circle at {_at(centre)} has no number",
                         fix="write its number inside it, or move it to a layer named 'ignore'")
        elif len(numbers) > 1:
            listed = " and ".join(str(n) for n, _ in numbers)
            report.error(where.location(shown), f"the circle at {_at(centre)} has two numbers written in it: {listed}",
                         fix="keep one number per circle")
        elif numbers[0][0] in first:
            number = numbers[0][0]
            report.error(where.location(shown), f"the number {number} is written on two circles: at "
                         f"line {first[number].line} and here, at {_at(centre)}", fix="renumber one of them")
        else:
            first[numbers[0][0]] = where
            circles.append((numbers[0][0], centre, r, red))
            continue
        blocked.append((centre, r))
    return circles, blocked


def _squares(drawing: Drawing, radius: float) -> list[tuple[tuple[float, float], float, bool, str | None, bool, Where]]:
    """The squares that are crossings: all in a crossings layer, elsewhere those no wider than three circles'
    radii (a larger square is a building or a frame)."""
    return [s for s in drawing.squares if s[4] or s[1] <= 3 * radius]


def _stacked(drawing: Drawing, radius: float, shown: str, report: Report) -> bool:
    """A circle or square drawn with its centre inside another (a copy left on top, or a fan of <use> copies):
    lines ending there could join either. Shapes on the very same spot are grouped, and each other shape's
    nearest neighbour is enough to find the rest, so a thousand shapes on one spot cost a thousand
    measurements, not a million. True when there were any."""
    shapes = [(where, "circle", centre, r) for centre, r, _, where in drawing.circles]
    shapes += [(where, "square", centre, side / 2) for centre, side, *_, where in _squares(drawing, radius)]
    shapes.sort(key=lambda shape: (shape[0].line, shape[0].column))
    first_at: dict[tuple[float, float], int] = {}
    pairs: list[tuple[int, int]] = []
    for k, (_, _, centre, _) in enumerate(shapes):
        if centre in first_at:
            pairs.append((first_at[centre], k))
        else:
            first_at[centre] = k
    spots = list(first_at.values())  # one shape per spot: the nearest other spot is then never the same point
    if len(spots) > 1:
        points = shapely.points([shapes[k][2] for k in spots])
        found = STRtree(points).query_nearest(points, exclusive=True, all_matches=False).tolist()
        pairs += sorted({tuple(sorted((spots[a], spots[b]))) for a, b in zip(*found, strict=True)
                         if distance(shapes[spots[a]][2], shapes[spots[b]][2]) < max(shapes[spots[a]][3],
                                                                                     shapes[spots[b]][3])})
    for earlier, later in pairs:
        (where, kind, _, _), (first, other, at, _) = shapes[later], shapes[earlier]
        report.error(where.location(shown), f"this {kind} is drawn on top of the {other} at {_at(at)} (line "
                     f"{first.line}), so a line ending there could join either",
                     fix="move one of them, or delete the copy left on top")
    return bool(pairs)


def _crossings(drawing: Drawing, radius: float, shown: str,
               report: Report) -> list[tuple[str, tuple[float, float], float, bool]]:
    """Each square as a crossing (outside a crossings layer, only squares no wider than three circles' radii):
    its own id when the drawing gives one, else k1, k2… in reading order."""
    squares = _squares(drawing, radius)
    kept: dict[str, Where] = {}
    for _, _, _, ident, _, where in squares:
        if ident is None:
            continue
        if ident in kept:
            report.error(where.location(shown), f"two squares have the id {ident!r}",
                         fix="give each crossing its own id")
        kept[ident] = where
    size = max(statistics.median([s[1] for s in squares]) if squares else 1.0, 0.01)  # rows of squares drawn 0 wide
    order = sorted(range(len(squares)), key=lambda i: (round(squares[i][0][1] / (2 * size)), squares[i][0][0]))
    names: dict[int, str] = {}
    counter = 0
    for i in order:
        ident = squares[i][3]
        if ident is None:
            counter += 1
            while f"k{counter}" in kept:
                counter += 1
            ident = f"k{counter}"
        names[i] = ident
    return [(names[i], centre, side / 2, yellow) for i, (centre, side, yellow, *_) in enumerate(squares)]


class _Nodes:
    """The nodes in a spatial index, to find the one a point lies on without measuring every node."""

    def __init__(self, nodes: Sequence[Node]) -> None:
        self.nodes = list(nodes)
        self.tree = STRtree([ShapelyPoint(c) for _, c, _ in self.nodes])
        self.widest = max((half for _, _, half in self.nodes), default=0.0)
        self.passed: list[tuple[Node, float]] = []

    def snap(self, points: Sequence[tuple[float, float]],
             extra: float) -> list[tuple[Node | None, Node | None, float]]:
        """For each point: (the node it lies on, or None; the nearest node; its distance beyond that node's
        drawn edge). Two spatial queries for all the points of a line."""
        if not self.nodes:
            return [(None, None, math.inf)] * len(points)
        here = shapely.points(list(points))
        near: dict[int, list[int]] = {}
        for k, i in zip(*self.tree.query(here, predicate="dwithin", distance=self.widest + extra).tolist(),
                        strict=True):
            near.setdefault(k, []).append(i)
        if missing := [k for k in range(len(points)) if k not in near]:
            for k, i in zip(*self.tree.query_nearest(here[missing]).tolist(), strict=True):
                near.setdefault(missing[k], []).append(i)
        found = []
        for k, point in enumerate(points):
            best, gap = min(((self.nodes[i], distance(point, self.nodes[i][1]) - self.nodes[i][2]) for i in near[k]),
                            key=lambda found: (found[1], str(found[0][0])))
            found.append(((best if gap <= extra else None), best, max(0.0, gap)))
        return found

    def through(self, points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        """``points`` with a point added where a straight stretch passes over a node (a street drawn as one
        line through several nodes, as Illustrator and Affinity users draw): the line is cut there too.
        One spatial query for all the line's stretches; the few candidates are measured by hand."""
        self.passed: list[tuple[Node, float]] = []  # the nodes the line was cut at, and how far off their centre
        if not self.nodes or len(points) < 2:
            return list(points)
        legs = shapely.linestrings([[a, b] for a, b in itertools.pairwise(points)])
        crossed: dict[int, list[tuple[float, int]]] = {}
        for k, i in zip(*self.tree.query(legs, predicate="dwithin", distance=self.widest).tolist(), strict=True):
            (ax, ay), (bx, by) = points[k], points[k + 1]
            _, (cx, cy), half = self.nodes[i]
            length2 = (bx - ax) ** 2 + (by - ay) ** 2
            t = ((cx - ax) * (bx - ax) + (cy - ay) * (by - ay)) / length2 if length2 else 0.0
            if 0 < t < 1 and math.hypot(ax + t * (bx - ax) - cx, ay + t * (by - ay) - cy) <= half:  # through it
                crossed.setdefault(k, []).append((t, i))
        out = [points[0]]
        self.passed = []
        for k, (a, b) in enumerate(itertools.pairwise(points)):
            for t, i in sorted(crossed.get(k, ())):
                out.append((round(a[0] + t * (b[0] - a[0]), 2), round(a[1] + t * (b[1] - a[1]), 2)))
                self.passed.append((self.nodes[i], distance(out[-1], self.nodes[i][1])))
            out.append(b)
        return out


def _label(node: Node) -> str:
    if isinstance(node[0], str) and node[0].startswith("?"):
        return f"the shape at {_at(node[1])}"  # a circle with an error of its own
    return f"circle {node[0]}" if isinstance(node[0], int) else f"crossing {node[0]}"


def _segments(drawing: Drawing, nodes: Sequence[Node], extra: float, bound: float | None, radius: float,
              wheres: dict[int | str, Where], shown: str, report: Report, deadline: Deadline) -> list[Any]:
    """Each line cut at the nodes its corners lie on: ``[a, b]`` or ``{between: [a, b], via: [...]}``. Without
    any node a line cannot be placed; the caller has said why. A line end that misses every node is an error
    offering ``--snap`` when a small one would do (up to ``bound``); when many ends miss by more, the drawing's
    habit is said once instead. A node a line runs through off its centre, with no corner there, is a warning."""
    found: dict[frozenset[int | str], Any] = {}
    unit = drawing.unit
    index = _Nodes(nodes)
    misses: list[tuple[Where, tuple[float, float], Node, float]] = []
    ends = 0
    for drawn, where in drawing.lines if nodes else ():
        try:
            deadline.remaining()
        except TimeLimitReached as reached:
            report.error(where.location(shown), f"making the board took more than {reached.seconds:g} s; Gaslight "
                         "stopped at this line", fix=FIX_SLOW)
            break
        points = index.through(drawn)
        for node, off in index.passed:
            if off > OFF_CENTRE * node[2] and node[0] in wheres:
                report.warning(wheres[node[0]].location(shown), f"{_label(node)} at {_at(node[1])} lies on a line "
                               f"({where.name} at line {where.line}) that passes {_fmt(off)} {unit} from its centre "
                               "with no corner there; the line is cut at it, joining it to the street",
                               fix="if it belongs on that street, put a corner of the line at its centre; if not, "
                                   "move it off the line")
        snapped = index.snap(points, extra)
        for end in (0, -1):
            ends += 1
            on, nearest, gap = snapped[end]
            if on is None and nearest is not None and math.isfinite(gap):
                misses.append((where, points[end], nearest, gap))
        if snapped[0][0] is None or snapped[-1][0] is None:
            continue
        start = 0
        for i in range(1, len(points)):
            on = snapped[i][0]
            if on is None:
                continue
            a, b = snapped[start][0], on
            assert a is not None
            via = [list(p) for p in points[start + 1:i]]
            start = i
            if a[0] == b[0]:
                continue
            key = frozenset((a[0], b[0]))
            if key in found:
                report.warning(where.location(shown), f"the line between {_label(a)} and {_label(b)} is drawn twice; "
                               "the first is kept", fix="delete one of them")
                continue
            found[key] = {"between": [a[0], b[0]], "via": via} if via else [a[0], b[0]]
    _report_misses(misses, ends, bound, radius, unit, shown, report)
    return list(found.values())


def _report_misses(misses: list[tuple[Where, tuple[float, float], Node, float]], ends: int, bound: float | None,
                   radius: float, unit: str, shown: str, report: Report) -> None:
    """A line end on no node: each one located, with ``--snap`` offered only when it stays within ``bound``; when
    :data:`MANY_FAR` or more ends (and a quarter of them all) miss by more, one message says what the drawing
    probably is instead of a message an end."""
    far = [miss for miss in misses if bound is not None and math.ceil(miss[3] + 0.5) > bound]
    if len(far) >= MANY_FAR and 4 * len(far) >= ends:
        middle = statistics.median(gap for *_, gap in far)
        report.error(far[0][0].location(shown), f"{len(far):,} of the drawing's {ends:,} line ends stop far from "
                     f"every circle and square (by {_fmt(middle)} {unit} in the middle, {_fmt(middle / radius)} times "
                     f"the circles' radius of {_fmt(radius)} {unit}): its circles are probably station ticks or "
                     "markers beside the lines rather than the stops the lines join, or its lines end between circles",
                     fix="draw each stop as a circle its lines end inside, or import with --nodes junctions to place "
                         "circles and crossings where the lines end and meet; --snap cannot join ends this far")
        far_ids = {id(miss) for miss in far}
        misses = [miss for miss in misses if id(miss) not in far_ids]
    for where, point, nearest, gap in misses:
        message = (f"a line ends at {_at(point)}, on no circle or crossing; the nearest, {_label(nearest)}, is "
                   f"{_fmt(gap)} {unit} beyond its edge")
        if bound is None or math.ceil(gap + 0.5) <= bound:
            report.error(where.location(shown), message, fix=f"end the line inside the circle or square, or import "
                         f"with --snap {math.ceil(gap + 0.5)}")
        else:
            report.error(where.location(shown), f"{message}, over {SNAP_TIMES} times the circles' radius",
                         fix="end the line inside the circle or square it is drawn to meet")


def _places(drawing: Drawing, crossings: Sequence[tuple[str, tuple[float, float], float, bool]], radius: float,
            shown: str, report: Report) -> list[dict[str, str]]:
    """Each place name with the crossing it names: the one its ``data-crossing`` says, else the nearest (the
    first in reading order of those equally near), found for all names in one spatial query."""
    ids = {c[0] for c in crossings}
    texts = [(text, point, named, where) for text, point, role, named, where in drawing.texts if role == "place"]
    nearest: dict[int, int] = {}
    if crossings and texts:
        found = STRtree(shapely.points([c[1] for c in crossings])).query_nearest(
            shapely.points([point for _, point, _, _ in texts]), all_matches=True).tolist()
        for k, i in zip(*found, strict=True):
            nearest[k] = min(i, nearest.get(k, i))
    places = []
    for k, (text, point, named, where) in enumerate(texts):
        if named in ids:
            places.append({"name": text, "crossing": named})
            continue
        near = crossings[nearest[k]] if k in nearest else None
        if near is None or distance(point, near[1]) > 4 * radius:
            report.error(where.location(shown), f"the place name {text!r} at {_at(point)} is beside no crossing",
                         fix="put the name next to the crossing it names")
            continue
        places.append({"name": text, "crossing": near[0]})
    return places


def _districts(drawing: Drawing, shown: str, report: Report, deadline: Deadline) -> list[dict[str, Any]]:
    """Each closed shape of the districts layer with the first name written inside it (in reading order); the
    names are in a spatial index, so a shape costs the names near it, not all of them."""
    names = [(text, point) for text, point, role, _, _ in drawing.texts if role == "district"]
    tree = STRtree(shapely.points([point for _, point in names])) if names else None
    districts = []
    used: set[str] = set()
    for i, (area, ident, where) in enumerate(drawing.areas, start=1):
        try:
            deadline.remaining()
        except TimeLimitReached as reached:
            report.error(where.location(shown), f"making the board took more than {reached.seconds:g} s; Gaslight "
                         "stopped at this district", fix=FIX_SLOW)
            break
        shape = ShapelyPolygon(area).buffer(0) if len(area) >= 3 else None
        hits = tree.query(shape, predicate="contains").tolist() if tree is not None and shape is not None else []
        if not hits:
            report.error(where.location(shown), "a district's shape has no name written inside it",
                         fix="write the district's name inside its shape (in the districts layer)")
            continue
        key = ident if ident and NODE_ID.match(ident) and not AUTO_ID.match(ident) and ident not in used else f"D{i}"
        used.add(key)
        corners = area[:-1] if len(area) > 3 and area[0] == area[-1] else area  # a path back to its start
        districts.append({"id": key, "name": names[min(hits)][0], "area": [list(p) for p in corners]})
    return districts
