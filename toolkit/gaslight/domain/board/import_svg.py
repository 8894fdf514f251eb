"""A board from a drawing: SVG as Inkscape, Illustrator or Affinity write it, read with svgelements.

The drawing convention (written for designers on the site's "Writing scenarios" page):

* **numbered circles** — circles (or ellipses) with a number written inside or just beside them; a red
  fill (or a layer whose name says "red") makes a red circle;
* **crossings** — small squares; a yellow stroke or fill (or a layer named "yellow") makes a yellow one. A
  square whose id you set (``k12``) keeps it; the others are numbered ``k1``, ``k2``… in reading order;
* **dotted lines** — lines, polylines and paths, their ends on a circle or a crossing (snapped to the
  nearest within the snap distance); their other corners become bends, and a corner on a node splits the
  line there, so one path can run along a whole street;
* **districts** — closed shapes in a layer named "districts", each with its name written inside;
* **named places** — texts in a layer named "places", each beside the crossing it names.

Layers (Inkscape layers, or groups with a label) say what their shapes are: a layer whose name holds
"circle", "crossing", "street"/"line", "district" or "place" holds only those; one whose name holds
"ignore", "background", "block", "heat" or "problem" is skipped, so a traced photograph or notes can stay
in the file. Shapes outside such layers are read by their look. Transforms, nested groups, ``<use>`` and
units are svgelements' work. Nothing is ever fetched or run: a drawing with a script or a reference to an
outside file is refused, as is one with entity declarations or one larger than
:data:`~gaslight.domain.board.drawing_tree.MAX_BYTES`.

Every problem names the element (its id, or its tag) and its line and column in the drawing. Before
svgelements reads the drawing, :mod:`~gaslight.domain.board.drawing_tree` reads its XML safely and checks its
values (:mod:`~gaslight.domain.board.drawing_values`) and the shape of its tree
(:mod:`~gaslight.domain.board.drawing_structure`: ``<use>`` copies that never end, nesting, expansion), so a
hostile drawing gets located errors rather than a crash or a stall. This module reads the shapes svgelements
makes of it into a :class:`Drawing` (what :mod:`~gaslight.domain.board.from_drawing` makes a board of); where
the shapes end up once transformed is checked as they are read, and reading stops with a located error past a
time bound.
"""

from __future__ import annotations

import colorsys
import io
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import svgelements as se

from gaslight.diagnostics import Report
from gaslight.domain.board.drawing_shapes import round_path, shape_name
from gaslight.domain.board.drawing_tree import (
    AT,
    AUTO_ID,
    CANVAS,
    DRAWING_SECONDS,
    MIN_DISTANCE,
    SVG_NS,
    Where,
    layer_role,
    read_tree,
    tag_of,
    where_at,
    where_of,
)
from gaslight.domain.board.drawing_values import MAX_NUMBER
from gaslight.limits import Deadline, TimeLimitReached

UNIT_PX = {"mm": 96 / 25.4, "pt": 96 / 72, "px": 1.0}
NODE_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
FIX_SLOW = ("simplify the drawing: fewer shapes, fewer points in its paths (Inkscape: Path → Simplify), or a traced "
            "background in a layer named 'ignore'")
# What svgelements raises on a value it cannot use; the checks before it should leave none of these.
SVGELEMENTS_ERRORS = (ValueError, TypeError, IndexError, AttributeError, ZeroDivisionError, OverflowError)


@dataclass
class Drawing:
    """What the drawing shows, in board units (y down), before it is made a board."""

    unit: str
    canvas: tuple[float, float]
    title: str
    circles: list[tuple[tuple[float, float], float, bool, Where]] = field(default_factory=list)
    # (centre, side, yellow, id kept, in a crossings layer, where)
    squares: list[tuple[tuple[float, float], float, bool, str | None, bool, Where]] = field(default_factory=list)
    texts: list[tuple[str, tuple[float, float], str, str | None, Where]] = field(default_factory=list)
    lines: list[tuple[list[tuple[float, float]], Where]] = field(default_factory=list)
    areas: list[tuple[list[tuple[float, float]], str | None, Where]] = field(default_factory=list)
    # shapes in a circles layer that are no circle: (centre, half size, what they are, where)
    not_circles: list[tuple[tuple[float, float], float, str, Where]] = field(default_factory=list)
    placed: tuple[int, int] = (0, 0)  # circles and crossings placed at junctions (--nodes junctions)
    min_distance: float | None = None  # the board's own, from Gaslight's drawing of it


# ------------------------------------------------------------------ what the shapes are

def _hue(colour: Any) -> tuple[float, float, float] | None:
    """(hue in degrees, saturation, value) of an svgelements colour, or None for none."""
    if colour is None or getattr(colour, "value", None) is None:
        return None
    h, s, v = colorsys.rgb_to_hsv(colour.red / 255, colour.green / 255, colour.blue / 255)
    return h * 360, s, v


def _is(colour: Any, low: float, high: float) -> bool:
    found = _hue(colour)
    return found is not None and found[1] > 0.45 and found[2] > 0.3 and (low <= found[0] <= high or (
        low < 0 and found[0] >= 360 + low))


def _red(colour: Any) -> bool:
    return _is(colour, -25, 20)


def _yellow(colour: Any) -> bool:
    return _is(colour, 38, 70)


def read_drawing(path: Path, shown: str, report: Report, deadline: Deadline | None = None) -> Drawing | None:
    """The drawing's circles, squares, texts, lines and areas in board units; None when it cannot be read
    (every problem reported). ``deadline`` bounds the reading (default: :data:`DRAWING_SECONDS` from now)."""
    deadline = deadline or Deadline(DRAWING_SECONDS)
    root = read_tree(path, shown, report, deadline.seconds)
    if root is None:
        return None
    top = where_of(root).location(shown)
    ET.register_namespace("", SVG_NS)
    try:
        frame = _frame(root)
        svg = se.SVG.parse(io.BytesIO(ET.tostring(root)), reify=True)
    except SVGELEMENTS_ERRORS as error:  # a value the checks before let through: said, not a crash
        report.error(top, f"svgelements, which reads drawings for Gaslight, stopped: {type(error).__name__}: "
                     f"{str(error)[:80]}", fix="save the drawing again as plain SVG, and tell Gaslight's authors")
        return None
    if not isinstance(svg, se.SVG):
        report.error(top, "the whole drawing is hidden (display: none on its <svg>), so it shows nothing",
                     fix="remove display:none from the <svg> element")
        return None
    unit = frame.unit
    scale = UNIT_PX[unit] / frame.stretch
    origin = frame.origin

    def to_board(x: float, y: float) -> tuple[float, float]:
        return (round(float(origin[0] + x) / scale, 2), round(float(origin[1] + y) / scale, 2))

    canvas = root.get(CANVAS)
    size = tuple(float(v) for v in canvas.split()) if canvas else tuple(
        round(float(v) / UNIT_PX[unit], 2) for v in frame.corner)
    if not all(math.isfinite(v) and 0 < round(v, 2) <= MAX_NUMBER for v in size):
        report.error(top, f"the drawing's size works out to {size[0]:g} × {size[1]:g} {unit}, which a board cannot "
                     f"have (above 0, up to {MAX_NUMBER:,})",
                     fix="give the <svg> its size, like width='210mm' height='148mm' viewBox='0 0 210 148'")
        return None
    title = next((el.text.strip() for el in root if tag_of(el) == "title" and el.text and el.text.strip()), path.stem)
    spacing = root.get(MIN_DISTANCE)
    drawing = Drawing(unit, (round(size[0], 2), round(size[1], 2)), title,
                      min_distance=float(spacing) if spacing is not None else None)
    before = report.error_count
    where = where_of(root)
    try:
        for element, copy in _shapes(svg):
            deadline.remaining()
            values = element.values
            if values.get("display") == "none" or values.get("visibility") == "hidden":
                continue
            role, label = layer_role(values)
            if role == "ignore" or isinstance(element, (se.SVG, se.Group, se.Use)):
                continue
            if copy is not None:  # a copy of a symbol is the <use> that places it, wherever the symbol is written
                ident = copy.values.get("id")
                where = where_at("use", ident, str(copy.values.get(AT, "0:0")))
            else:
                ident = values.get("id")
                where = where_at(values.get("tag", type(element).__name__.lower()), ident, str(values.get(AT, "0:0")))
            _take(drawing, element, role, label, ident, where, _Placing(to_board, scale, where, shown, report,
                                                                        deadline))
    except TimeLimitReached as reached:
        report.error(where.location(shown), f"reading the drawing took more than {reached.seconds:g} s; Gaslight "
                     "stopped at this element", fix=FIX_SLOW)
    except SVGELEMENTS_ERRORS as error:
        report.error(where.location(shown), f"svgelements, which reads drawings for Gaslight, stopped at this "
                     f"element: {type(error).__name__}: {str(error)[:80]}",
                     fix="save the drawing again as plain SVG, and tell Gaslight's authors")
    return drawing if report.error_count == before else None


@dataclass(frozen=True)
class _Frame:
    """The drawing's page: its unit, its size in pixels, and how its user space lies on the page. When the
    viewBox only scales evenly and moves (every drawing program writes it so), the ``<svg>`` handed to
    svgelements gets a viewBox that does nothing, and the scale and move are applied here, once a point: else
    svgelements would parse the viewBox's transform again for every one of the drawing's shapes (a fifth of
    its time on a large map). ``stretch`` and ``origin`` turn svgelements' points into the page's pixels;
    ``corner`` is where the page's far corner lies in them."""

    unit: str
    corner: tuple[float, float]
    stretch: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)


def _frame(root: ET.Element) -> _Frame:
    """How the ``<svg>`` element alone places the drawing (see :class:`_Frame`); when its viewBox only scales
    evenly and moves, ``root`` is changed so that svgelements leaves user space as it is."""
    unit = next((u for u in ("mm", "pt") if str(root.get("width", "")).strip().endswith(u)), "px")
    alone = ET.Element(root.tag, {k: v for k, v in root.attrib.items() if k != AT})
    page = se.SVG.parse(io.BytesIO(ET.tostring(alone)), reify=True)
    if not isinstance(page, se.SVG):
        return _Frame(unit, (0.0, 0.0))
    box = page.viewbox
    if not box or not box.width or not box.height:
        return _Frame(unit, (page.width, page.height))
    origin = (box.x * page.width / box.width, box.y * page.height / box.height)
    corner = (origin[0] + page.width, origin[1] + page.height)
    matrix = se.Matrix(page.viewbox_transform)
    if matrix.b or matrix.c or not matrix.a or matrix.a != matrix.d or "transform" in root.attrib:
        return _Frame(unit, corner, 1.0, origin)  # svgelements places it as it is
    root.set("viewBox", f"0 0 {box.width!r} {box.height!r}")
    root.set("width", repr(box.width))
    root.set("height", repr(box.height))
    root.attrib.pop("preserveAspectRatio", None)
    return _Frame(unit, corner, matrix.a,
                  ((origin[0] + matrix.e) / matrix.a, (origin[1] + matrix.f) / matrix.a))


def _shapes(svg: Any) -> Iterable[tuple[Any, Any]]:
    """Every element svgelements made of the drawing, in drawing order, with the outermost ``<use>`` that
    places it (None for an element drawn where it is written). Walked with a stack: nesting is bounded before."""
    stack: list[tuple[Any, Any]] = [(iter(svg), None)]
    while stack:
        children, copy = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            continue
        yield child, copy
        if isinstance(child, (se.Group, se.Use)):
            stack.append((iter(child), copy if copy is not None or not isinstance(child, se.Use) else child))


@dataclass(frozen=True)
class _Placing:
    """How a shape's points become board points, and where to say a point falls off any board."""

    to_board: Any
    scale: float
    where: Where
    shown: str
    report: Report
    deadline: Deadline

    def on_board(self, points: Iterable[tuple[float, float]], what: str = "its position") -> bool:
        """True when every point is a number a board can hold; else one located error."""
        for x, y in points:
            if not (math.isfinite(x) and math.isfinite(y) and abs(x) <= MAX_NUMBER and abs(y) <= MAX_NUMBER):
                self.report.error(self.where.location(self.shown), f"{what} works out to ({x:g}, {y:g}) with the "
                                  f"transforms of it and its groups, beyond the {MAX_NUMBER:,} a board reaches",
                                  fix="check the transforms of it and the groups around it (Inkscape: "
                                      "Object → Transform), and the drawing's viewBox")
                return False
        return True


def _take(drawing: Drawing, element: Any, role: str | None, label: str, ident: str | None, where: Where,
          placing: _Placing) -> None:
    """File one shape of the drawing under what it is."""
    to_board = placing.to_board
    if isinstance(element, se.Text):
        if element.text and element.text.strip():
            point = element.transform.point_in_matrix_space(se.Point(element.x, element.y))
            at = to_board(point.x, point.y)
            if placing.on_board([at]):
                drawing.texts.append((element.text.strip(), at, role or "", element.values.get("data-crossing"),
                                      where))
        return
    if not isinstance(element, se.Shape):
        return
    closed = isinstance(element, (se.Polygon, se.Rect, se.Circle, se.Ellipse)) or (
        isinstance(element, se.Path) and any(isinstance(s, se.Close) for s in element))
    if role == "district" and closed:
        ring = _points(element, placing)
        if placing.on_board(ring, "its outline"):
            drawing.areas.append((ring, ident, where))
    elif isinstance(element, (se.Circle, se.Ellipse)) and role in (None, "circle"):
        if node := _node(element, placing):
            centre, (w, h) = node
            drawing.circles.append((centre, (w + h) / 4, _red(element.fill) or "red" in label, where))
    elif role == "circle" or (isinstance(element, se.Path) and role is None and closed):
        found = round_path(element, placing.scale, drawing.unit) if isinstance(element, se.Path) else None
        if isinstance(found, tuple):
            (cx, cy), r = found
            centre, radius = placing.to_board(cx, cy), r / placing.scale
            if placing.on_board([centre]) and placing.on_board([(radius, radius)], "its size"):
                drawing.circles.append((centre, radius, _red(element.fill) or "red" in label, where))
        elif role == "circle" and (node := _node(element, placing)):  # said once the numbers are read
            centre, (w, h) = node
            drawing.not_circles.append((centre, max(w, h) / 2, found or shape_name(element, placing.scale,
                                                                                  drawing.unit), where))
    elif isinstance(element, se.Rect) and role in (None, "crossing"):
        if (node := _node(element, placing)) and (role or abs(node[1][0] - node[1][1]) <= 0.25 * max(node[1])):
            centre, (w, h) = node
            yellow = _yellow(element.stroke) or _yellow(element.fill) or "yellow" in label
            keep = ident if ident and NODE_ID.match(ident) and not AUTO_ID.match(ident) else None
            drawing.squares.append((centre, (w + h) / 2, yellow, keep, role == "crossing", where))
    elif not closed and (role == "street" or (role is None and (
            getattr(element.stroke, "value", None) is not None or isinstance(element, (se.SimpleLine, se.Polyline))))):
        for run in _runs(element, placing):
            if len(run) >= 2 and placing.on_board(run, "a point of it"):
                drawing.lines.append((run, where))


def _node(element: Any, placing: _Placing) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """A circle's or square's centre and width and height on the board, or None (and a located error) when they
    fall off any board."""
    shape = _centre_and_size(element)
    if shape is None:
        return None
    (cx, cy), (w, h) = shape
    centre, size = placing.to_board(cx, cy), (w / placing.scale, h / placing.scale)
    return (centre, size) if placing.on_board([centre]) and placing.on_board([size], "its size") else None


def _centre_and_size(element: Any) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """A shape's centre and width and height in the drawing's pixels: worked out for circles, ellipses and
    rectangles (svgelements' bounding box walks their outline, a hundred times slower), else its bounding box."""
    matrix = element.transform
    stretch = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c)) if matrix is not None else 1.0
    if isinstance(element, (se.Circle, se.Ellipse)):
        centre = matrix.point_in_matrix_space(se.Point(element.cx, element.cy))
        return (centre.x, centre.y), (2 * element.rx * stretch, 2 * element.ry * stretch)
    if isinstance(element, se.Rect) and not element.rx:
        centre = matrix.point_in_matrix_space(se.Point(element.x + element.width / 2, element.y + element.height / 2))
        return (centre.x, centre.y), (element.width * stretch, element.height * stretch)
    box = element.bbox()
    if box is None:
        return None
    x0, y0, x1, y1 = box
    return ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0, y1 - y0)


def _points(element: Any, placing: _Placing) -> list[tuple[float, float]]:
    """A closed shape's outline (its first run), without the closing point repeated."""
    runs = list(_runs(element, placing))
    ring = runs[0] if runs else []
    return ring[:-1] if len(ring) > 3 and ring[0] == ring[-1] else ring


def _runs(element: Any, placing: _Placing) -> Iterable[list[tuple[float, float]]]:
    """The drawn runs of a shape as point lists (a path's curves sampled, one list per subpath)."""
    to_board = placing.to_board
    path = element if isinstance(element, se.Path) else se.Path(element)
    run: list[tuple[float, float]] = []
    for index, segment in enumerate(path):
        if not index % 1000:
            placing.deadline.remaining()
        if isinstance(segment, se.Move):
            if len(run) >= 2:
                yield run
            run = [to_board(segment.end.x, segment.end.y)]
        elif isinstance(segment, (se.Line, se.Close)):
            run.append(to_board(segment.end.x, segment.end.y))
        else:
            run.extend(to_board(x, y) for x, y in _samples(segment))
    if len(run) >= 2:
        yield run


def _samples(segment: Any) -> list[tuple[float, float]]:
    """A curve at a quarter, half, three quarters and its end: Bézier curves worked out here (svgelements'
    ``point`` goes through numpy, a hundred times slower for one point), arcs by svgelements."""
    if isinstance(segment, se.CubicBezier):
        points = (segment.start, segment.control1, segment.control2, segment.end)
        weights = [((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3) for t in (0.25, 0.5, 0.75)]
    elif isinstance(segment, se.QuadraticBezier):
        points = (segment.start, segment.control, segment.end)
        weights = [((1 - t) ** 2, 2 * (1 - t) * t, t * t) for t in (0.25, 0.5, 0.75)]
    else:
        return [(p.x, p.y) for p in (segment.point(t / 4) for t in range(1, 5))]
    inner = [(sum(w * p.x for w, p in zip(ws, points, strict=True)),
              sum(w * p.y for w, p in zip(ws, points, strict=True))) for ws in weights]
    return [*inner, (segment.end.x, segment.end.y)]


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
