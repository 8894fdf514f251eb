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
outside file is refused, as is one with entity declarations or one larger than :data:`MAX_BYTES`.

Every problem names the element (its id, or its tag) and its line and column in the drawing.
"""

from __future__ import annotations

import colorsys
import io
import math
import re
import xml.etree.ElementTree as ET
import xml.parsers.expat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import svgelements as se
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon as ShapelyPolygon

from gaslight.diagnostics import Location, Report

MAX_BYTES = 20 * 1024 * 1024
MAX_ELEMENTS = 200_000
SVG_NS = "http://www.w3.org/2000/svg"
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
SERIF_ID = "{http://www.serif.com/}id"  # Affinity's name for a layer or group
AT = "data-gl-at"  # the line:column of an element, added before svgelements reads the drawing
UNIT_PX = {"mm": 96 / 25.4, "pt": 96 / 72, "px": 1.0}
ROLES = (("ignore", ("ignore", "background", "block", "heat", "problem", "note")),
         ("district", ("district",)), ("place", ("place",)), ("circle", ("circle",)),
         ("crossing", ("crossing",)), ("street", ("street", "line", "segment", "road")))
AUTO_ID = re.compile(r"^(rect|path|circle|ellipse|g|text|tspan|use|polygon|polyline|line|layer|svg)[-_]?\d+$")
NODE_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
FIX_SCRIPT = "remove it in the drawing program (Inkscape: Edit → XML Editor) and import again"


@dataclass(frozen=True)
class Where:
    """An element of the drawing: what to call it and where it is written."""

    name: str
    line: int
    column: int

    def location(self, file: str) -> Location:
        return Location(file, self.line, self.column, self.name)


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


# ------------------------------------------------------------------ reading the file safely

class _TooLarge(Exception):
    pass


class _Entity(Exception):
    pass


def _tag(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def _where(tag: str, ident: str | None, at: str) -> Where:
    """An element as problems name it (``<circle id='c3'>``), at the line:column recorded while parsing."""
    line, column = (int(x) for x in at.split(":"))
    return Where(f"<{tag}{' id=' + repr(ident) if ident else ''}>", line, column)


def _where_of(element: ET.Element) -> Where:
    return _where(_tag(element), element.get("id"), element.get(AT, "0:0"))


def read_tree(path: Path, shown: str, report: Report) -> ET.Element | None:
    """The drawing's XML with positions, or None (and located errors) when it is unsafe or unreadable."""
    top = Location(shown, 1, 1)
    size = path.stat().st_size
    if size > MAX_BYTES:
        report.error(top, f"the drawing is {size / 1e6:.1f} MB; Gaslight reads drawings up to "
                     f"{MAX_BYTES // 2**20} MB",
                     fix="save it without embedded pictures (Inkscape: File → Save a Copy → Plain SVG)")
        return None
    builder = ET.TreeBuilder()
    expat = xml.parsers.expat.ParserCreate(namespace_separator="}")
    count = 0

    def name(raw: str) -> str:
        return "{" + raw if "}" in raw else raw

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal count
        count += 1
        if count > MAX_ELEMENTS:
            raise _TooLarge
        placed = {name(k): v for k, v in attrs.items()}
        placed[AT] = f"{expat.CurrentLineNumber}:{expat.CurrentColumnNumber + 1}"
        builder.start(name(tag), placed)

    def refuse_entity(*_args: object) -> None:
        raise _Entity

    expat.StartElementHandler = start
    expat.EndElementHandler = lambda tag: builder.end(name(tag))
    expat.CharacterDataHandler = builder.data
    expat.EntityDeclHandler = refuse_entity
    try:
        expat.Parse(path.read_bytes(), True)
        root = builder.close()
    except xml.parsers.expat.ExpatError as error:
        report.error(Location(shown, error.lineno, error.offset + 1),
                     f"the drawing is not well-formed SVG: {xml.parsers.expat.ErrorString(error.code)}",
                     fix="open and save it again in the drawing program, or check the file is an SVG")
        return None
    except _Entity:
        report.error(Location(shown, expat.CurrentLineNumber, expat.CurrentColumnNumber + 1),
                     "the drawing declares XML entities, which Gaslight does not read", fix=FIX_SCRIPT)
        return None
    except _TooLarge:
        report.error(top, f"the drawing has more than {MAX_ELEMENTS:,} elements", fix="simplify the drawing")
        return None
    if _tag(root) != "svg":
        report.error(top, f"the file's root element is <{_tag(root)}>, not <svg>", fix="export the drawing as SVG")
        return None
    for element in root.iter():
        where = _where_of(element)
        if _tag(element) in ("script", "foreignObject"):
            report.error(where.location(shown), f"the drawing holds a {where.name}; Gaslight never runs scripts or "
                         "embedded documents", fix=FIX_SCRIPT)
        for key, value in element.attrib.items():
            if key.endswith("href") and value and not value.startswith(("#", "data:")):
                report.error(where.location(shown), f"{where.name} refers to an outside file ({value[:60]}), which "
                             "Gaslight never fetches", fix="embed or remove it, then import again")
    return root if report.ok else None


# ------------------------------------------------------------------ what the shapes are

def _role(values: dict[str, Any]) -> tuple[str | None, str]:
    label = str(values.get(INKSCAPE_LABEL) or values.get("data-layer") or "").lower()
    for role, words in ROLES:
        if any(word in label for word in words):
            return role, label
    return None, label


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


def _name_layers(root: ET.Element) -> None:
    """Give every named group a ``data-layer`` (which its shapes inherit), however its program names layers:
    Inkscape's label, Illustrator's ``data-name`` or, for a top-level layer, its ``id`` (``Red_circles``), and
    Affinity's ``serif:id``. Groups named by an automatic id (``g12``, ``Layer_1``) say nothing."""
    top = {id(child) for child in root}
    for group in root.iter(f"{{{SVG_NS}}}g"):
        if group.get(INKSCAPE_LABEL) or group.get("data-layer"):
            continue
        ident = group.get("id", "")
        name = group.get("data-name") or group.get(SERIF_ID) or (
            ident if id(group) in top and not AUTO_ID.match(ident) and not ident.lower().startswith("layer_") else "")
        if name:
            group.set("data-layer", name.replace("_", " ").strip())


def read_drawing(path: Path, shown: str, report: Report) -> Drawing | None:
    """The drawing's circles, squares, texts, lines and areas in board units; None when it cannot be read."""
    root = read_tree(path, shown, report)
    if root is None:
        return None
    _name_layers(root)
    ET.register_namespace("", SVG_NS)
    svg = se.SVG.parse(io.BytesIO(ET.tostring(root)), reify=True)
    unit = next((u for u in ("mm", "pt") if str(root.get("width", "")).strip().endswith(u)), "px")
    scale = UNIT_PX[unit]
    box = svg.viewbox
    origin = (box.x * svg.width / box.width, box.y * svg.height / box.height) if box and box.width else (0.0, 0.0)

    def to_board(x: float, y: float) -> tuple[float, float]:
        return (round(float(origin[0] + x) / scale, 2), round(float(origin[1] + y) / scale, 2))

    canvas = root.get("data-gaslight-canvas")
    size = tuple(float(v) for v in canvas.split()) if canvas else to_board(svg.width, svg.height)
    title = next((el.text.strip() for el in root if _tag(el) == "title" and el.text and el.text.strip()), path.stem)
    drawing = Drawing(unit, (round(size[0], 2), round(size[1], 2)), title)
    for element in svg.elements():
        values = element.values
        if values.get("display") == "none" or values.get("visibility") == "hidden":
            continue
        role, label = _role(values)
        if role == "ignore" or isinstance(element, (se.SVG, se.Group)):
            continue
        ident = values.get("id") if not isinstance(element, se.Use) else None
        where = _where(values.get("tag", type(element).__name__.lower()), ident, str(values.get(AT, "0:0")))
        _take(drawing, element, role, label, ident, where, to_board, scale)
    return drawing


def _take(drawing: Drawing, element: Any, role: str | None, label: str, ident: str | None, where: Where,
          to_board: Any, scale: float) -> None:
    """File one shape of the drawing under what it is."""
    if isinstance(element, se.Text):
        if element.text and element.text.strip():
            point = element.transform.point_in_matrix_space(se.Point(element.x, element.y))
            drawing.texts.append((element.text.strip(), to_board(point.x, point.y), role or "", element.values.get(
                "data-crossing"), where))
        return
    if not isinstance(element, se.Shape):
        return
    shape = _centre_and_size(element)
    if shape is None:
        return
    (cx, cy), (w, h) = shape
    centre = to_board(cx, cy)
    w, h = w / scale, h / scale
    closed = isinstance(element, (se.Polygon, se.Rect, se.Circle, se.Ellipse)) or (
        isinstance(element, se.Path) and any(isinstance(s, se.Close) for s in element))
    if role == "district" and closed:
        drawing.areas.append((_points(element, to_board), ident, where))
    elif isinstance(element, (se.Circle, se.Ellipse)) and role in (None, "circle"):
        drawing.circles.append((centre, (w + h) / 4, _red(element.fill) or "red" in label, where))
    elif isinstance(element, se.Rect) and role in (None, "crossing") and (role or abs(w - h) <= 0.25 * max(w, h)):
        yellow = _yellow(element.stroke) or _yellow(element.fill) or "yellow" in label
        keep = ident if ident and NODE_ID.match(ident) and not AUTO_ID.match(ident) else None
        drawing.squares.append((centre, (w + h) / 2, yellow, keep, role == "crossing", where))
    elif not closed and (role == "street" or (role is None and (
            getattr(element.stroke, "value", None) is not None or isinstance(element, (se.SimpleLine, se.Polyline))))):
        for run in _runs(element, to_board):
            if len(run) >= 2:
                drawing.lines.append((run, where))


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


def _points(element: Any, to_board: Any) -> list[tuple[float, float]]:
    """A closed shape's outline (its first run), without the closing point repeated."""
    runs = list(_runs(element, to_board))
    ring = runs[0] if runs else []
    return ring[:-1] if len(ring) > 3 and ring[0] == ring[-1] else ring


def _runs(element: Any, to_board: Any) -> Iterable[list[tuple[float, float]]]:
    """The drawn runs of a shape as point lists (a path's curves sampled, one list per subpath)."""
    path = element if isinstance(element, se.Path) else se.Path(element)
    run: list[tuple[float, float]] = []
    for segment in path:
        if isinstance(segment, se.Move):
            if len(run) >= 2:
                yield run
            run = [to_board(segment.end.x, segment.end.y)]
        elif isinstance(segment, (se.Line, se.Close)):
            run.append(to_board(segment.end.x, segment.end.y))
        else:
            run.extend(to_board(p.x, p.y) for p in (segment.point(t / 4) for t in range(1, 5)))
    if len(run) >= 2:
        yield run


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def inside(point: tuple[float, float], area: list[tuple[float, float]]) -> bool:
    return len(area) >= 3 and ShapelyPolygon(area).buffer(0).contains(ShapelyPoint(point))
