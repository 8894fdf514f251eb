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

Every problem names the element (its id, or its tag) and its line and column in the drawing. Before
svgelements reads the drawing, its values (:mod:`~gaslight.domain.board.drawing_values`) and the shape of its
tree (:mod:`~gaslight.domain.board.drawing_structure`: ``<use>`` copies that never end, nesting, expansion)
are checked, so a hostile drawing gets located errors rather than a crash or a stall; where the shapes end up
once transformed is checked as they are read, and reading stops with a located error past a time bound.
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

from gaslight.diagnostics import Location, Report
from gaslight.domain.board.drawing_shapes import round_path, shape_name
from gaslight.domain.board.drawing_structure import check_structure, shown_by
from gaslight.domain.board.drawing_values import MAX_NUMBER, canvas_problem, check_values, min_distance_problem
from gaslight.limits import Deadline, TimeLimitReached

MAX_BYTES = 20 * 1024 * 1024
MAX_ELEMENTS = 200_000  # as written, and once every <use> is expanded
DRAWING_SECONDS = 60.0  # reading a drawing and making it a board (--timeout); Gaslight's own 10,000-circle board
                        # (110,000 elements) takes about 30 s on a busy machine
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
CANVAS = "data-gaslight-canvas"  # the board's canvas, written by Gaslight's own drawings of boards
MIN_DISTANCE = "data-gaslight-min-distance"  # the board's min_distance, where it is not the default
FIX_SLOW = ("simplify the drawing: fewer shapes, fewer points in its paths (Inkscape: Path → Simplify), or a traced "
            "background in a layer named 'ignore'")
# What svgelements raises on a value it cannot use; the checks before it should leave none of these.
SVGELEMENTS_ERRORS = (ValueError, TypeError, IndexError, AttributeError, ZeroDivisionError, OverflowError)


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
    # shapes in a circles layer that are no circle: (centre, half size, what they are, where)
    not_circles: list[tuple[tuple[float, float], float, str, Where]] = field(default_factory=list)
    placed: tuple[int, int] = (0, 0)  # circles and crossings placed at junctions (--nodes junctions)
    min_distance: float | None = None  # the board's own, from Gaslight's drawing of it


# ------------------------------------------------------------------ reading the file safely

class _TooLarge(Exception):
    pass


class _Entity(Exception):
    pass


def _tag(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def _where(tag: str, ident: str | None, at: str) -> Where:
    """An element as problems name it (``<circle id='c3'>``), at the line:column recorded while parsing."""
    found = re.fullmatch(r"([1-9]\d*):([1-9]\d*)", at)  # a style can set the attribute too: then the file's top
    line, column = (int(found[1]), int(found[2])) if found else (1, 1)
    return Where(f"<{tag}{' id=' + repr(ident) if ident else ''}>", line, column)


def _where_of(element: ET.Element) -> Where:
    return _where(_tag(element), element.get("id"), element.get(AT, "0:0"))


def read_tree(path: Path, shown: str, report: Report, seconds: float = DRAWING_SECONDS) -> ET.Element | None:
    """The drawing's XML with positions, its layers named and the layers Gaslight skips left out, or None (and
    located errors) when it is unsafe, unreadable, or holds what svgelements would misread, choke on, or not
    read within ``seconds``."""
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
    before = report.error_count
    for element in root.iter():
        if _tag(element) in ("script", "foreignObject"):
            where = _where_of(element)
            report.error(where.location(shown), f"the drawing holds a {where.name}; Gaslight never runs scripts or "
                         "embedded documents", fix=FIX_SCRIPT)

    def locate(element: ET.Element) -> Location:
        return _where_of(element).location(shown)

    _name_layers(root)
    _drop_skipped_layers(root)
    for element in root.iter():  # a scan linked in a skipped layer is never read, so it is no reason to refuse
        for key, value in element.attrib.items():
            if key.endswith("href") and value and not value.startswith(("#", "data:")):
                where = _where_of(element)
                report.error(where.location(shown), f"{where.name} refers to an outside file ({value[:60]}), which "
                             "Gaslight never fetches", fix="embed or remove it, then import again")
    _stop_inheriting_places(root)
    _place_symbols(root)
    _drop_unread(root)
    if check_structure(root, locate, report, seconds=seconds, ceiling=MAX_ELEMENTS):  # else too much to check
        check_values(root, _tag, locate, report)
    for key, problem_of in ((CANVAS, canvas_problem), (MIN_DISTANCE, min_distance_problem)):
        value = root.get(key)
        if value is not None and (problem := problem_of(value)):
            report.error(locate(root), f"{key}='{value[:40]}' {problem[0]}", fix=problem[1])
    return root if report.error_count == before else None


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


def _drop_skipped_layers(root: ET.Element) -> None:
    """Leave out what Gaslight skips (layers named "ignore", "background", …) before svgelements reads the
    drawing, so a traced map behind the board costs nothing. What a ``<use>`` in the rest shows stays (it is
    read where the copy is), and so does a shape inside with a name of its own (its name decides its role, as
    it does for svgelements, which hands a label down to the shapes below until one has its own)."""
    ids = {element.get("id", ""): element for element in root.iter() if element.get("id") is not None}
    skipped: set[int] = set()
    labels = {id(root): (root.get(INKSCAPE_LABEL), root.get("data-layer"))}
    ignored: dict[tuple[str | None, str | None], bool] = {}  # a layer's name read once, not once an element
    for parent in root.iter():
        for child in parent:
            inherited = labels[id(parent)]
            label = (child.get(INKSCAPE_LABEL) or inherited[0], child.get("data-layer") or inherited[1])
            labels[id(child)] = label
            if label not in ignored:
                ignored[label] = _role({INKSCAPE_LABEL: label[0], "data-layer": label[1]})[0] == "ignore"
            if ignored[label]:
                skipped.add(id(child))
    needed: set[int] = set()
    uses = [element for element in root.iter() if _tag(element) == "use" and id(element) not in skipped]
    while uses:
        shown = shown_by(uses.pop(), ids)
        if shown is None or id(shown) in needed:
            continue
        for element in shown.iter():
            needed.add(id(element))
            if _tag(element) == "use":
                uses.append(element)
    kept: set[int] = set()
    for element in reversed(list(root.iter())):  # each element after everything below it
        if id(element) not in skipped or id(element) in needed or any(id(child) in kept for child in element):
            kept.add(id(element))
    for element in [element for element in root.iter() if id(element) in kept]:
        for child in [child for child in element if id(child) not in kept]:
            element.remove(child)


UNREAD = frozenset({"title", "desc", "metadata", "namedview"})  # words for people and programs, no shapes


def _drop_unread(root: ET.Element) -> None:
    """Leave out what says nothing of the board below the top (a shape's tooltip, Inkscape's view settings, a
    licence), so svgelements does not build an element for each: Gaslight's own drawings hold a ``<title>`` per
    line, a third of all their elements. The drawing's own title, a child of the ``<svg>``, stays."""
    for parent in root.iter():
        doomed = [child for child in parent if _tag(child) in UNREAD and (parent is not root or _tag(child) != "title")]
        for child in doomed:
            parent.remove(child)


def _stop_inheriting_places(root: ET.Element) -> None:
    """svgelements hands every attribute down to the elements below, ``x`` and ``y`` too, which SVG does not: a
    ``<use>`` without its own ``x`` would be moved by (or, in mm, stop on) the ``x`` of the ``<svg>`` around it.
    So the outermost ``<svg>`` loses the ``x`` and ``y`` that SVG ignores there, and a ``<use>`` gets SVG's 0."""
    for key in ("x", "y"):
        root.attrib.pop(key, None)
    for use in root.iter():
        if _tag(use) == "use":
            for key in ("x", "y"):
                use.attrib.setdefault(key, "0")


def _plain_number(text: str | None) -> float | None:
    try:
        value = float(str(text).strip().removesuffix("px"))
    except ValueError:
        return None
    return value if math.isfinite(value) and abs(value) <= MAX_NUMBER else None


def _place_symbols(root: ET.Element) -> None:
    """svgelements places a ``<symbol>``'s content as if it had no ``viewBox``, so a symbol drawn about its middle
    (``viewBox="-6 -6 12 12"``, as Illustrator and Affinity write them) would land half its size off. Each
    ``<use>`` of such a symbol gets the viewBox's move and scale (SVG's default: scaled to fit, centred) added to
    its own transform, as a browser places it. Values that are no plain numbers are left to the checks."""
    ids = {element.get("id", ""): element for element in root.iter() if element.get("id") is not None}
    for use in root.iter():
        shown = shown_by(use, ids) if _tag(use) == "use" else None
        if shown is None or _tag(shown) != "symbol" or shown.get("viewBox") is None:
            continue
        box = [_plain_number(v) for v in re.split(r"[\s,]+", str(shown.get("viewBox")).strip())]
        size = [_plain_number(use.get(key, shown.get(key))) for key in ("width", "height")]
        x, y = _plain_number(use.get("x", "0")), _plain_number(use.get("y", "0"))
        if len(box) != 4 or None in box or None in size or x is None or y is None:
            continue
        (bx, by, bw, bh), (w, h) = box, size
        if not (bw and bh and w and h and bw > 0 and bh > 0):  # type: ignore[operator]
            continue
        scale = min(w / bw, h / bh)  # type: ignore[operator]
        dx, dy = (w - bw * scale) / 2 - bx * scale, (h - bh * scale) / 2 - by * scale  # type: ignore[operator]
        use.set("transform", f"{use.get('transform', '')} translate({x:g},{y:g}) translate({dx:g},{dy:g}) "
                             f"scale({scale:g})".strip())
        use.set("x", "0")
        use.set("y", "0")


def read_drawing(path: Path, shown: str, report: Report, deadline: Deadline | None = None) -> Drawing | None:
    """The drawing's circles, squares, texts, lines and areas in board units; None when it cannot be read
    (every problem reported). ``deadline`` bounds the reading (default: :data:`DRAWING_SECONDS` from now)."""
    deadline = deadline or Deadline(DRAWING_SECONDS)
    root = read_tree(path, shown, report, deadline.seconds)
    if root is None:
        return None
    top = _where_of(root).location(shown)
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
    title = next((el.text.strip() for el in root if _tag(el) == "title" and el.text and el.text.strip()), path.stem)
    spacing = root.get(MIN_DISTANCE)
    drawing = Drawing(unit, (round(size[0], 2), round(size[1], 2)), title,
                      min_distance=float(spacing) if spacing is not None else None)
    before = report.error_count
    where = _where_of(root)
    try:
        for element, copy in _shapes(svg):
            deadline.remaining()
            values = element.values
            if values.get("display") == "none" or values.get("visibility") == "hidden":
                continue
            role, label = _role(values)
            if role == "ignore" or isinstance(element, (se.SVG, se.Group, se.Use)):
                continue
            if copy is not None:  # a copy of a symbol is the <use> that places it, wherever the symbol is written
                ident = copy.values.get("id")
                where = _where("use", ident, str(copy.values.get(AT, "0:0")))
            else:
                ident = values.get("id")
                where = _where(values.get("tag", type(element).__name__.lower()), ident, str(values.get(AT, "0:0")))
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
