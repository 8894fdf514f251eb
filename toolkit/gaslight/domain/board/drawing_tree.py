"""A drawing's XML, read safely and made ready for svgelements: the first half of
:mod:`~gaslight.domain.board.import_svg`, which then reads the shapes in it.

:func:`read_tree` parses the SVG with expat, recording each element's line and column (:data:`AT`), and refuses
what is unsafe or too large: entity declarations, scripts and embedded documents, references to outside files,
more than :data:`MAX_BYTES` or :data:`MAX_ELEMENTS` elements. It names the layers however the drawing program
wrote them (:func:`layer_role` says what a layer holds), leaves out the layers Gaslight skips and what says
nothing of the board, and rewrites what svgelements would misplace (``x`` and ``y`` it would hand down, symbols
with a viewBox). Then the shape of the tree (:mod:`~gaslight.domain.board.drawing_structure`) and its values
(:mod:`~gaslight.domain.board.drawing_values`) are checked, so a hostile drawing gets located errors rather than
a crash or a stall.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
import xml.parsers.expat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaslight.diagnostics import Location, Report
from gaslight.domain.board.drawing_structure import check_structure, shown_by
from gaslight.domain.board.drawing_values import MAX_NUMBER, canvas_problem, check_values, min_distance_problem

MAX_BYTES = 20 * 1024 * 1024
MAX_ELEMENTS = 200_000  # as written, and once every <use> is expanded
DRAWING_SECONDS = 60.0  # reading a drawing and making it a board (--timeout); Gaslight's own 10,000-circle board
                        # (110,000 elements) takes about 30 s on a busy machine
SVG_NS = "http://www.w3.org/2000/svg"
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
SERIF_ID = "{http://www.serif.com/}id"  # Affinity's name for a layer or group
AT = "data-gl-at"  # the line:column of an element, added before svgelements reads the drawing
ROLES = (("ignore", ("ignore", "background", "block", "heat", "problem", "note")),
         ("district", ("district",)), ("place", ("place",)), ("circle", ("circle",)),
         ("crossing", ("crossing",)), ("street", ("street", "line", "segment", "road")))
AUTO_ID = re.compile(r"^(rect|path|circle|ellipse|g|text|tspan|use|polygon|polyline|line|layer|svg)[-_]?\d+$")
FIX_SCRIPT = "remove it in the drawing program (Inkscape: Edit → XML Editor) and import again"
CANVAS = "data-gaslight-canvas"  # the board's canvas, written by Gaslight's own drawings of boards
MIN_DISTANCE = "data-gaslight-min-distance"  # the board's min_distance, where it is not the default


@dataclass(frozen=True)
class Where:
    """An element of the drawing: what to call it and where it is written."""

    name: str
    line: int
    column: int

    def location(self, file: str) -> Location:
        return Location(file, self.line, self.column, self.name)


# ------------------------------------------------------------------ reading the file safely

class _TooLarge(Exception):
    pass


class _Entity(Exception):
    pass


def tag_of(element: ET.Element) -> str:
    """The element's tag without its namespace (``circle``)."""
    return element.tag.rsplit("}", 1)[-1]


def where_at(tag: str, ident: str | None, at: str) -> Where:
    """An element as problems name it (``<circle id='c3'>``), at the line:column recorded while parsing."""
    found = re.fullmatch(r"([1-9]\d*):([1-9]\d*)", at)  # a style can set the attribute too: then the file's top
    line, column = (int(found[1]), int(found[2])) if found else (1, 1)
    return Where(f"<{tag}{' id=' + repr(ident) if ident else ''}>", line, column)


def where_of(element: ET.Element) -> Where:
    """The element as problems name it, where it is written (see :func:`where_at`)."""
    return where_at(tag_of(element), element.get("id"), element.get(AT, "0:0"))


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
    if tag_of(root) != "svg":
        report.error(top, f"the file's root element is <{tag_of(root)}>, not <svg>", fix="export the drawing as SVG")
        return None
    before = report.error_count
    for element in root.iter():
        if tag_of(element) in ("script", "foreignObject"):
            where = where_of(element)
            report.error(where.location(shown), f"the drawing holds a {where.name}; Gaslight never runs scripts or "
                         "embedded documents", fix=FIX_SCRIPT)

    def locate(element: ET.Element) -> Location:
        return where_of(element).location(shown)

    _name_layers(root)
    _drop_skipped_layers(root)
    for element in root.iter():  # a scan linked in a skipped layer is never read, so it is no reason to refuse
        for key, value in element.attrib.items():
            if key.endswith("href") and value and not value.startswith(("#", "data:")):
                where = where_of(element)
                report.error(where.location(shown), f"{where.name} refers to an outside file ({value[:60]}), which "
                             "Gaslight never fetches", fix="embed or remove it, then import again")
    _stop_inheriting_places(root)
    _place_symbols(root)
    _drop_unread(root)
    if check_structure(root, locate, report, seconds=seconds, ceiling=MAX_ELEMENTS):  # else too much to check
        check_values(root, tag_of, locate, report)
    for key, problem_of in ((CANVAS, canvas_problem), (MIN_DISTANCE, min_distance_problem)):
        value = root.get(key)
        if value is not None and (problem := problem_of(value)):
            report.error(locate(root), f"{key}='{value[:40]}' {problem[0]}", fix=problem[1])
    return root if report.error_count == before else None


# ------------------------------------------------------------------ the layers

def layer_role(values: dict[str, Any]) -> tuple[str | None, str]:
    """What the layer an element is in holds, by its name (a role of :data:`ROLES`, or None when the name says
    nothing), and that name in lower case; ``values`` hold the layer's name as the element inherits it."""
    label = str(values.get(INKSCAPE_LABEL) or values.get("data-layer") or "").lower()
    for role, words in ROLES:
        if any(word in label for word in words):
            return role, label
    return None, label


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
                ignored[label] = layer_role({INKSCAPE_LABEL: label[0], "data-layer": label[1]})[0] == "ignore"
            if ignored[label]:
                skipped.add(id(child))
    needed: set[int] = set()
    uses = [element for element in root.iter() if tag_of(element) == "use" and id(element) not in skipped]
    while uses:
        shown = shown_by(uses.pop(), ids)
        if shown is None or id(shown) in needed:
            continue
        for element in shown.iter():
            needed.add(id(element))
            if tag_of(element) == "use":
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
        doomed = [child for child in parent
                  if tag_of(child) in UNREAD and (parent is not root or tag_of(child) != "title")]
        for child in doomed:
            parent.remove(child)


def _stop_inheriting_places(root: ET.Element) -> None:
    """svgelements hands every attribute down to the elements below, ``x`` and ``y`` too, which SVG does not: a
    ``<use>`` without its own ``x`` would be moved by (or, in mm, stop on) the ``x`` of the ``<svg>`` around it.
    So the outermost ``<svg>`` loses the ``x`` and ``y`` that SVG ignores there, and a ``<use>`` gets SVG's 0."""
    for key in ("x", "y"):
        root.attrib.pop(key, None)
    for use in root.iter():
        if tag_of(use) == "use":
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
        shown = shown_by(use, ids) if tag_of(use) == "use" else None
        if shown is None or tag_of(shown) != "symbol" or shown.get("viewBox") is None:
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
