"""Drawings: SVG mutated with its structure in mind and run through ``gaslight import svg``, as a designer runs it.

Each input starts from one of a few small valid drawings written here (numbered circles, squares and streets;
Inkscape layers with transforms and a skipped tracing layer; ``<symbol>`` and ``<use>`` copies; px with a
scaled viewBox, CSS classes and curves; and a board drawn by Gaslight itself). The tree is then mutated a few
times: an attribute's value replaced by a huge, non-finite, negative, empty, unicode or type-confused one
(a transform where a length goes, a colour in a path), hostile transforms, viewBox, sizes and canvas, elements
duplicated, deleted or moved, an element wrapped in hundreds or thousands of groups, ``<use>`` cycles and
fan-out (copies of groups of copies), numbers and long or odd texts, style attributes and style sheets, ids
and references. A share is then broken as XML (cut, stray markup, entities, a DOCTYPE, bytes). The drawing is
imported into a board file in the work folder, and the outcome is classified as the package says; writing
anything but that board file (or writing it when the import said "nothing written") counts as internal, and
so does the importer's own last resort, the message that svgelements stopped.
"""

from __future__ import annotations

import contextlib
import copy
import io
import random
import tempfile
import time
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

from gaslight.cli import main as gaslight
from gaslight.diagnostics import Report
from gaslight.domain.board.model import load_board
from gaslight.outputs.board_svg import board_svg
from gaslight.resources import BUNDLED_DIR
from gaslight.yamlio import parse_text

from benchmarks.fuzz import Outcome, is_internal, unlocated_lines
from benchmarks.fuzz.scenarios import writable

NAME = "drawings"
COUNT = 20_000
SECONDS = "3"  # import --timeout: a drawing with more to read than fits is refused (located) before a hang
LAST_RESORT = "svgelements, which reads drawings for Gaslight, stopped"  # import_svg's net for what checks missed

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
HREF = f"{{{XLINK}}}href"
LABEL = f"{{{INKSCAPE}}}label"
OPEN = (f'<svg xmlns="{SVG}" xmlns:xlink="{XLINK}" xmlns:inkscape="{INKSCAPE}" width="{{w}}" height="{{h}}" '
        'viewBox="{box}">')

SEEDS: dict[str, str] = {
    "plain": OPEN.format(w="100mm", h="80mm", box="0 0 100 80") + """
  <title>Plain quarter</title>
  <circle id="c1" cx="20" cy="20" r="3" fill="#d00"/><text x="20" y="21">1</text>
  <circle id="c2" cx="60" cy="20" r="3"/><text x="60" y="21">2</text>
  <circle id="c3" cx="20" cy="60" r="3"/><text x="20" y="61">3</text>
  <circle id="c4" cx="60" cy="60" r="3" fill="red"/><text x="60" y="61">4</text>
  <rect id="k1" x="38" y="18" width="4" height="4" stroke="#ec0"/>
  <rect x="38" y="58" width="4" height="4"/>
  <line x1="20" y1="20" x2="40" y2="20" stroke="black"/>
  <line x1="40" y1="20" x2="60" y2="20" stroke="black"/>
  <path d="M 20 60 L 40 60 L 60 60" stroke="black" fill="none"/>
  <polyline points="20,20 20,40 20,60" stroke="black" fill="none"/>
  <path d="M 60 20 C 70 30 70 50 60 60" stroke="black" fill="none"/>
  <path d="M 40 20 V 60" stroke="black"/>
</svg>""",
    "layers": OPEN.format(w="210mm", h="148mm", box="0 0 210 148") + """
  <g inkscape:label="Tracing (ignore)"><image width="210" height="148" xlink:href="data:image/png;base64,AAAA"/>
    <path d="M 0 0 L 210 148" stroke="#999"/></g>
  <g inkscape:label="Districts" transform="translate(0,0)">
    <path id="west" d="M 0,0 H 105 V 148 H 0 Z" fill="#eee"/><path d="M 105,0 H 210 V 148 H 105 Z"/></g>
  <g inkscape:label="Streets" transform="translate(10,4)">
    <path d="M 60,20 H 110 A 10 10 0 0 1 120 30 V 60" stroke="#000" fill="none"/>
    <path d="m 30,20 30,0" stroke="#000"/><polyline points="120,60 120,110 130,110" stroke="#000"/></g>
  <g inkscape:label="Red circles" transform="translate(10,4)">
    <circle cx="60" cy="20" r="4"/><text x="60" y="21">1</text>
    <ellipse cx="130" cy="110" rx="4" ry="4"/><text x="130" y="111">2</text></g>
  <g inkscape:label="Crossings" transform="translate(10,4)">
    <rect x="28" y="18" width="4" height="4"/><rect id="harbour" x="118" y="58" width="4" height="4"/></g>
  <g inkscape:label="Places"><text x="44" y="30">Lamp Square</text></g>
  <g inkscape:label="Districts"><text x="50" y="80">West Wharf</text><text x="150" y="80">East Wharf</text></g>
</svg>""",
    "copies": OPEN.format(w="120mm", h="120mm", box="0 0 120 120") + """
  <defs>
    <symbol id="node"><circle cx="0" cy="0" r="3"/></symbol>
    <g id="cross"><rect x="-2" y="-2" width="4" height="4"/></g>
  </defs>
  <use xlink:href="#node" x="20" y="20"/><text x="20" y="21">1</text>
  <use xlink:href="#node" x="100" y="20"/><text x="100" y="21">2</text>
  <use href="#cross" x="60" y="20"/>
  <use href="#cross" transform="translate(60 100) rotate(45)"/>
  <path d="M 20 20 H 100" stroke="black"/>
  <path d="M 60 20 L 60 100" stroke="black"/>
</svg>""",
    "pixels": OPEN.format(w="800px", h="600px", box="0 0 400 300") + """
  <style>.street { stroke: #333; fill: none } .red { fill: rgb(204, 0, 0) } circle.n { stroke-width: 1px }</style>
  <g transform="matrix(1 0 0 1 10 10) scale(0.5)">
    <circle class="n red" cx="40" cy="40" r="8"/><text x="40" y="42" style="font-size:8px">1</text>
    <circle class="n" cx="200" cy="40" r="8"/><text x="200" y="42">2</text>
    <rect x="114" y="34" width="12" height="12" style="stroke: hsl(50, 90%, 50%); fill: none"/>
    <path class="street" d="M40,40 Q80,20 120,40 T200,40"/>
  </g>
  <polygon points="300,200 380,200 380,280" fill="#ccc"/>
</svg>""",
}

SODIPODI = "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
_ARC = ('<path sodipodi:type="arc" sodipodi:cx="{x}" sodipodi:cy="{y}" sodipodi:rx="4" sodipodi:ry="4" '
        'd="m {r},{y} a 4,4 0 0 1 -4,4 4,4 0 0 1 -4,-4 4,4 0 0 1 4,-4 4,4 0 0 1 4,4 z" style="fill:{fill}"/>')
_BEZIER = ('<path class="{cls}" d="M{r},{y}C{r},{yd} {xd},{b} {x},{b}C{xu},{b} {l},{yd} {l},{y}C{l},{yu} {xu},{t} '
           '{x},{t}C{xd},{t} {r},{yu} {r},{y}Z"/>')


def _bezier(x: float, y: float, cls: str) -> str:
    k = 4.418  # 0.5523 of the radius, 8: the four curves Illustrator writes for a circle
    return _BEZIER.format(x=x, y=y, r=x + 8, l=x - 8, t=y - 8, b=y + 8, xd=x + k, xu=x - k, yd=y + k, yu=y - k,
                          cls=cls)


SEEDS.update({
    # Inkscape 0.48-0.92: circles as sodipodi arcs, in a circles layer moved by a transform, one under a matrix
    "arcs": OPEN.replace("<svg ", f'<svg xmlns:sodipodi="{SODIPODI}" ').format(w="160mm", h="100mm",
                                                                              box="0 0 160 100") + """
  <g inkscape:label="Streets" transform="translate(5,5)">
    <path d="M 20,20 H 120" stroke="#000" fill="none"/><path d="M 20,70 H 120" stroke="#000" fill="none"/>
    <path d="M 20,20 V 70" stroke="#000"/><path d="M 120,20 V 70" stroke="#000"/></g>
  <g inkscape:label="Circles" transform="translate(5,5)">
    """ + _ARC.format(x=20, y=20, r=24, fill="#c8102e") + _ARC.format(x=120, y=20, r=124, fill="#fff") + """
    <g transform="matrix(1,0,0,1,0,50)">""" + _ARC.format(x=20, y=20, r=24, fill="#fff") + """</g>
    <path sodipodi:type="arc" d="m 122,70 a 2,2 0 1 1 -4,0 2,2 0 1 1 4,0 z" transform="matrix(2,0,0,2,-120,-70)"/>
    <text x="20" y="21">1</text><text x="120" y="21">2</text><text x="20" y="71">3</text><text x="120" y="71">4</text>
  </g>
  <g inkscape:label="Crossings"><rect x="73" y="23" width="4" height="4"/><rect x="73" y="73" width="4" height="4"/>
  </g>
</svg>""",
    # Illustrator / Affinity: layers as groups named by id, circles as four Bézier curves, CSS classes, px
    "beziers": OPEN.format(w="400px", h="300px", box="0 0 400 300") + """
  <style>.st0{fill:#C8102E;stroke:#000}.st1{fill:#fff;stroke:#000}.st2{fill:none;stroke:#333}</style>
  <g id="Streets"><polyline class="st2" points="40,40 200,40 360,40"/>
    <polyline class="st2" points="40,240 200,240 360,240"/>
    <line class="st2" x1="40" y1="40" x2="40" y2="240"/><line class="st2" x1="360" y1="40" x2="360" y2="240"/></g>
  <g id="Circles">""" + _bezier(40, 40, "st0") + _bezier(360, 40, "st1") + _bezier(40, 240, "st1")
    + _bezier(360, 240, "st0") + """
    <text transform="matrix(1 0 0 1 37 43)">1</text><text transform="matrix(1 0 0 1 357 43)">2</text>
    <text transform="matrix(1 0 0 1 37 243)">3</text><text transform="matrix(1 0 0 1 357 243)">4</text></g>
  <g id="Crossings"><rect x="196" y="36" width="8" height="8"/><rect x="196" y="236" width="8" height="8"/></g>
</svg>""",
    # a symbol drawn about its middle, placed 16 times by x/y or by a matrix
    "symbols": OPEN.format(w="100mm", h="100mm", box="0 0 200 200") + """
  <defs><symbol id="station" viewBox="-6 -6 12 12"><path d="M6,0A6,6 0 1 1 -6,0A6,6 0 1 1 6,0Z"/></symbol></defs>
  <g id="Streets">""" + "".join(
        f'<polyline points="{" ".join(f"{40 + 40 * c},{40 + 40 * r}" for c in range(4))}" stroke="#000" fill="none"/>'
        f'<line x1="{40 + 40 * r}" y1="40" x2="{40 + 40 * r}" y2="160" stroke="#000"/>' for r in range(4)) + """</g>
  <g id="Circles">""" + "".join(
        (f'<use id="s{4 * r + c + 1}" xlink:href="#station" width="12" height="12" x="-6" y="-6" '
         f'transform="matrix(1 0 0 1 {40 + 40 * c} {40 + 40 * r})"/>' if (r + c) % 2 else
         f'<use id="s{4 * r + c + 1}" href="#station" x="{34 + 40 * c}" y="{34 + 40 * r}" width="12" height="12"/>')
        + f'<text x="{38 + 40 * c}" y="{42 + 40 * r}">{4 * r + c + 1}</text>' for r in range(4) for c in range(4))
    + """</g>
</svg>""",
    # streets alone, imported with --nodes junctions (see SEED_OPTIONS)
    "streets": OPEN.format(w="120mm", h="100mm", box="0 0 120 100") + """
  <g inkscape:label="Streets"><path d="M 10,20 H 110" stroke="#000"/><path d="M 10,80 H 110" stroke="#000"/>
    <path d="M 30,20 V 80" stroke="#000"/><path d="M 60,10 V 90" stroke="#000"/>
    <path d="M 90,20.3 V 79.8" stroke="#000"/></g>
</svg>""",
    # a skipped background: a linked scan and a few hundred traced paths
    "background": OPEN.format(w="100mm", h="80mm", box="0 0 100 80") + """
  <g inkscape:label="Background"><image width="100" height="80" xlink:href="scan.png"/>""" + "".join(
        f'<path d="M {k % 97} {k % 79} L {k * 7 % 89} {k * 3 % 71} L {k % 13} {k % 11}" stroke="#999"/>'
        for k in range(300)) + """</g>
  <circle cx="20" cy="20" r="3"/><text x="20" y="21">1</text><circle cx="60" cy="20" r="3"/><text x="60" y="21">2</text>
  <circle cx="20" cy="60" r="3"/><text x="20" y="61">3</text><circle cx="60" cy="60" r="3"/><text x="60" y="61">4</text>
  <path d="M 20 20 H 60 V 60 H 20 Z" stroke="#000" fill="none"/>
</svg>""",
})
#: Options a seed is imported with (streets alone make a board only with nodes placed at junctions).
SEED_OPTIONS: dict[str, tuple[str, ...]] = {"streets": ("--nodes", "junctions")}

HUGE = ("1e308", "1e400", "-1e999", "9e15", "1000001", "-1000001", "179769313486231570" + "0" * 292, "5e-324",
        "1" + "0" * 400)
NON_FINITE = ("NaN", "nan", "inf", "-inf", "Infinity", "-0", "+.5e-")
ODD = ("", " ", "-5", "0", "0.0", "abc", "12em", "3ex", "50%", "10px 20px", "1,2,3", "calc(1px + 2px)", "auto",
       "none", "inherit", "url(#nowhere)", "#12", "rgb(1e400,0,0)", "rgb(1%,2%,1e400%)", "hsl(NaN,1,1)",
       "rotate(45)", "M 0 0 L 9 9", "١٢", "１２", "\u202e12", "12\u200b", "\U0001F575", "e" + "\u0301" * 500,
       "x" * 10_000, "1" * 5000, "0x1F", "1_000", "+-3", "..5", "5.", "1e", "1e+", "&amp;", "<", "true",
       "normal " * 30 + "12px serif", "url(" * 2000, "1" * 3000 + "x", "rgb(" + "1" * 3000 + "x)", "0" * 200 + "1")
TRANSFORMS = ("scale(1e308)", "matrix(0 0 0 0 0 0)", "rotate(NaN)", "scale(0)", "skewX(90)", "skewY(-90)",
              "translate(1e6 1e6) translate(1e6)", "scale(1e3) scale(1e3) scale(1e3)", "matrix(1 2)", "rotate(",
              "rotate(45deg)", "translate(10px)", "Rotate(5)", "scale(1,,2)", "translate(1e400)", "matrix(1e-9 0 0 "
              "1e-9 0 0)", "rotate(30 1e308 5)", "scale(-1 1)", "translate(5 5) rotate(720) scale(2 .5)",
              "rotate(1) " * 200, "translateX(5)", "scale(1e-7)", "skewX(89.9999)")
VIEW_BOXES = ("0 0 NaN 100", "0 0 0 100", "0 0 -5 -5", "0 0 1e400 1", "1e308 1e308 1 1", "0 0 100", "0,0,1,1",
              "0 0 1e-300 1e-300", "0 0 100 100 100", "", "a b c d", "0 0 1 1")
CANVASES = ("210 x", "NaN NaN", "0 0", "-1 5", "1e400 1", "210", "210 148 3", "", "210mm 148mm", "1e7 1e7", "5 5")
COLOURS = ("rgb(1e400,0,0)", "rgb(1%,2%,1e400%)", "hsl(NaN,1,1)", "hsl(1e400,50%,50%)", "#gggggg", "currentColor",
           "url(#x)", "transparent", "inherit", "rgba(1,2,3,1e400)", "", "#ec0", "yellow", "red")
PATHS = ("h 10", "M", "M 0 0 L", "M 0 0 hsl(NaN,1,1)", "M 0 0 Z 5", "M 0 0 A 1 1 0 2 0 5 5", "M0,0L1-2.5.5z",
         "M 1e400 0 L 1 1", "M 0 0 " + "L 1 1 " * 20_000, "M 0 0 c" + " 1 1 2 2 3 3" * 3000,
         "M 0 0 A 5 5 0 0110 10", "m 1e6 0 1e6 0 1e6 0", "M 0 0\u2003L 9 9", "M 5 5 a 1e-300 1e-300 0 0 1 1 1", "")
NUMBERS_TEXT = ("0", "-1", "99999", "100000", "999999", "1234567", "٣", "３", "1.5", "1e3", "", "   ", "1 2",
                "\u202e7", "0x1", "7\u0301", "¹", "\U0001D7E0")
LAYER_NAMES = ("Circles", "Red circles", "Crossings", "yellow crossings", "Streets", "Districts", "Places",
               "Background (ignore)", "heat", "problems", "", "\u202eCircles", "circles" * 1000, "Layer 1")
GEOMETRY = ("x", "y", "cx", "cy", "r", "rx", "ry", "width", "height", "x1", "y1", "x2", "y2", "dx", "dy",
            "stroke-width", "points", "d", "transform", "fill", "stroke", "opacity", "stroke-opacity", "font-size",
            "viewBox", "style", "class", "display", "visibility", "id", "data-crossing", "data-gl-at", "font",
            "clip-path")
BROKEN = ("<", "&", "&nosuch;", "]]>", "<!-- -- -->", "<?pi x?>", "<![CDATA[<svg>]]>", "\x00", "\ufeff", "\ud7ff",
          "</svg>", "<svg>", "<g>", "<script>alert(1)</script>", "<foreignObject/>",
          '<image xlink:href="file:///etc/passwd"/>', '<use xlink:href="http://example.com/x.svg#a"/>',
          "&#0;", "&#x110000;", "&#xD800;")
DOCTYPES = ('<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
            '<!DOCTYPE svg SYSTEM "http://example.com/svg.dtd">',
            '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
            '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">')

for prefix, uri in (("", SVG), ("xlink", XLINK), ("inkscape", INKSCAPE), ("sodipodi", SODIPODI)):
    ET.register_namespace(prefix, uri)


@cache
def _seeds() -> dict[str, str]:
    """The seeds written above, and the tutorial board as Gaslight draws it."""
    doc, _ = parse_text((BUNDLED_DIR / "boards" / "tutorial.yaml").read_text(encoding="utf-8"), "tutorial.yaml")
    board = load_board(doc, Report())
    assert board is not None, "the bundled tutorial board loads"
    return {**SEEDS, "gaslight": board_svg(board)}


def _elements(root: ET.Element) -> list[ET.Element]:
    return list(root.iter())


def _parents(root: ET.Element) -> dict[int, ET.Element]:
    return {id(child): parent for parent in root.iter() for child in parent}


def _ids(root: ET.Element, rng: random.Random) -> list[str]:
    """The ids in the drawing; gives one to a random element when there is none."""
    found = [element.get("id") for element in root.iter() if element.get("id")]
    if not found:
        element = rng.choice(_elements(root))
        element.set("id", "given")
        found = ["given"]
    return [ident for ident in found if ident is not None]


def _value(rng: random.Random) -> str:
    pool = rng.choice((HUGE, NON_FINITE, ODD, TRANSFORMS, COLOURS, PATHS, VIEW_BOXES))
    return rng.choice(pool)


def _mutate_value(rng: random.Random, root: ET.Element) -> None:
    """One attribute of one element given a hostile value (often one meant for another attribute)."""
    element = rng.choice(_elements(root))
    key = rng.choice([*element.attrib, *GEOMETRY]) if element.attrib and rng.random() < 0.5 else rng.choice(GEOMETRY)
    choices = {"transform": TRANSFORMS, "viewBox": VIEW_BOXES, "d": PATHS, "fill": COLOURS, "stroke": COLOURS}
    if key in choices and rng.random() < 0.7:
        element.set(key, rng.choice(choices[key]))
    elif key == "style":
        name = rng.choice(GEOMETRY[:-5])
        element.set("style", f"{name}: {_value(rng)}" + rng.choice(("", ";", "; fill: red", ";;", ":")))
    else:
        element.set(key, _value(rng))


def _mutate_root(rng: random.Random, root: ET.Element) -> None:
    """The drawing's own size: viewBox, width, height, Gaslight's canvas, display."""
    key = rng.choice(("viewBox", "width", "height", "data-gaslight-canvas", "style", "display", "x"))
    pools = {"viewBox": VIEW_BOXES, "data-gaslight-canvas": CANVASES}
    if key in pools:
        root.set(key, rng.choice(pools[key]))
    elif key == "style":
        root.set("style", rng.choice(("display:none", "display: none", "visibility:hidden", "transform: scale(0)")))
    elif key == "display":
        root.set("display", "none")
    else:
        root.set(key, rng.choice((*HUGE, *NON_FINITE, "0", "0mm", "-210mm", "100%", "1e-300mm", "12em", "")))


def _mutate_tree(rng: random.Random, root: ET.Element) -> None:
    """An element duplicated (beside itself, or a hundred times), deleted, or moved into another."""
    parents = _parents(root)
    element = rng.choice(_elements(root)[1:] or [root])
    parent = parents.get(id(element))
    if parent is None:
        return
    action = rng.choice(("duplicate", "duplicate-many", "delete", "move"))
    if action == "duplicate":
        parent.insert(list(parent).index(element), copy.deepcopy(element))
    elif action == "duplicate-many":
        for _ in range(rng.choice((10, 100, 1000))):
            parent.append(copy.deepcopy(element))
    elif action == "delete":
        parent.remove(element)
    else:
        target = rng.choice(_elements(root))
        if element not in list(target.iter()):
            parent.remove(element)
            target.append(element)


def _nest(rng: random.Random, root: ET.Element) -> None:
    """An element wrapped in up to 101 groups, with or without a transform on each (deeper nesting is written
    into the text by :func:`mutate`: ElementTree itself recurses)."""
    parents = _parents(root)
    element = rng.choice(_elements(root)[1:] or [root])
    parent = parents.get(id(element))
    if parent is None:
        return
    depth = rng.choice((5, 50, 90, 95, 97, 98, 99, 100))  # an element is already 2-4 deep: some reach 101
    transform = rng.choice((None, "translate(0.1 0)", "scale(1.01)", "rotate(1)", "scale(10)"))
    outer = inner = ET.Element(f"{{{SVG}}}g")
    for _ in range(depth - 1):
        child = ET.SubElement(inner, f"{{{SVG}}}g")
        if transform:
            child.set("transform", transform)
        inner = child
    parent.insert(list(parent).index(element), outer)
    parent.remove(element)
    inner.append(element)


def _uses(rng: random.Random, root: ET.Element) -> None:
    """Copies that never end (a <use> of itself, of its group, a → b → a), copies of missing or odd targets, and
    fan-out: groups of copies of groups of copies."""
    kind = rng.choice(("self", "ancestor", "cycle", "missing", "fan-out", "fan-out", "chain"))
    host = rng.choice([e for e in _elements(root) if e.tag in (f"{{{SVG}}}g", f"{{{SVG}}}svg")] or [root])
    if kind == "self":
        use = ET.SubElement(host, f"{{{SVG}}}use", id="loop")
        use.set(rng.choice((HREF, "href")), "#loop")
    elif kind == "ancestor":
        host.set("id", host.get("id") or "holder")
        ET.SubElement(host, f"{{{SVG}}}use").set(HREF, "#" + str(host.get("id")))
    elif kind == "cycle":
        a = ET.SubElement(root, f"{{{SVG}}}g", id="ca")
        b = ET.SubElement(root, f"{{{SVG}}}g", id="cb")
        ET.SubElement(a, f"{{{SVG}}}use").set(HREF, "#cb")
        ET.SubElement(b, f"{{{SVG}}}use").set("href", "#ca")
    elif kind == "missing":
        ET.SubElement(host, f"{{{SVG}}}use").set(HREF, rng.choice(("#nowhere", "#", "", "data:,x", "#" + "x" * 500)))
    elif kind == "chain":
        target = rng.choice(_ids(root, rng))
        for level in range(rng.choice((10, 99, 150))):
            group = ET.SubElement(root, f"{{{SVG}}}g", id=f"chain{level}")
            ET.SubElement(group, f"{{{SVG}}}use").set(HREF, f"#{target}")
            target = f"chain{level}"
    else:
        target = rng.choice(_ids(root, rng))
        levels, width = rng.randint(2, 9), rng.randint(2, 12)
        defs = ET.SubElement(root, f"{{{SVG}}}defs")
        for level in range(levels):
            group = ET.SubElement(defs, f"{{{SVG}}}g", id=f"fan{level}")
            if rng.random() < 0.3:
                group.set("transform", rng.choice(("translate(1 1)", "rotate(3) scale(1.01)")))
            for j in range(width):
                use = ET.SubElement(group, f"{{{SVG}}}use", x=f"{j * rng.random():.2f}", y=f"{j * 0.3:.1f}")
                use.set(HREF, f"#{target}")
            target = f"fan{level}"
        ET.SubElement(root, f"{{{SVG}}}use").set(HREF, f"#{target}")


def _texts(rng: random.Random, root: ET.Element) -> None:
    """Numbers and names: odd digits, huge or negative numbers, long, empty and unicode texts, texts as places."""
    texts = [e for e in root.iter() if e.tag == f"{{{SVG}}}text"]
    if not texts:
        texts = [ET.SubElement(root, f"{{{SVG}}}text", x="20", y="20")]
    text = rng.choice(texts)
    text.text = rng.choice((*NUMBERS_TEXT, *ODD))
    if rng.random() < 0.2:
        ET.SubElement(text, f"{{{SVG}}}tspan", x=rng.choice(("1 2 3", "NaN", "5em", "10"))).text = rng.choice(ODD)


def _styles(rng: random.Random, root: ET.Element) -> None:
    """A style sheet with hostile declarations, or a layer label saying what its shapes are."""
    if rng.random() < 0.5:
        sheet = ET.Element(f"{{{SVG}}}style")
        selector = rng.choice(("*", "circle", "rect", "path", ".street", "#c1", "g", "text", "line"))
        key = rng.choice(("r", "cx", "stroke", "fill", "stroke-width", "transform", "display", "d", "opacity",
                          "data-gl-at", "inkscape:label", "font", "clip-path", "x"))
        sheet.text = rng.choice((f"{selector} {{ {key}: {_value(rng)} }}", "/* unclosed", "}{", "a{b:c:d}",
                                 f"{selector} {{ {key}: {_value(rng)}; {key}: {_value(rng)} }}" * 50,
                                 f"{selector} {{ fill: red" + "; stroke: blue" * 5000, "/*" * 5000,
                                 "a{b:c}" + "x" * 50_000, "{a:b}" * 1000, "@media print { circle { fill: red } }"))
        root.insert(0, sheet)
    else:
        groups = [e for e in root.iter() if e.tag == f"{{{SVG}}}g"] or [ET.SubElement(root, f"{{{SVG}}}g")]
        rng.choice(groups).set(rng.choice((LABEL, "data-name", "id")), rng.choice(LAYER_NAMES))


MUTATIONS = ((_mutate_value, 5), (_mutate_root, 1), (_mutate_tree, 2), (_nest, 1), (_uses, 2), (_texts, 2),
             (_styles, 1))


def _break_xml(rng: random.Random, text: str) -> str:
    """Text edits that break the drawing as XML, or give it a DOCTYPE, an encoding or a byte order mark."""
    action = rng.choice(("insert", "insert", "cut", "doctype", "declaration", "replace"))
    at = rng.randint(0, len(text))
    if action == "insert":
        return text[:at] + rng.choice(BROKEN) + text[at:]
    if action == "cut":
        return text[:at]
    if action == "doctype":
        return rng.choice(DOCTYPES) + "\n" + text
    if action == "declaration":
        return rng.choice(('<?xml version="1.0" encoding="latin-1"?>', '<?xml version="1.1"?>', "\ufeff",
                           '<?xml version="1.0" encoding="utf-16"?>', '<?xml-stylesheet href="x.css"?>')) + text
    piece = rng.choice(BROKEN)
    return text[:at] + piece + text[at + len(piece):]


def _deep(rng: random.Random, text: str) -> str:
    """Everything in the drawing wrapped in hundreds or thousands of groups, written as text."""
    depth = rng.choice((150, 500, 1000, 5000, 20_000))
    opening = text.index(">") + 1
    closing = text.rindex("</")
    group = rng.choice(("<g>", '<g transform="scale(1.001)">', '<g data-name="Streets">'))
    return text[:opening] + group * depth + text[opening:closing] + "</g>" * depth + text[closing:]


def mutate(rng: random.Random, seed: str) -> str:
    """A few structure-aware mutations of the seed drawing, then (a fifth of the time) broken as XML, or (one
    time in twenty) nested thousands deep."""
    root = ET.fromstring(seed)
    functions, weights = zip(*MUTATIONS, strict=True)
    for function in rng.choices(functions, weights, k=rng.randint(1, 3)):
        function(rng, root)
    text = ET.tostring(root, encoding="unicode")
    if rng.random() < 0.05 and "</" in text:
        text = _deep(rng, text)
    return _break_xml(rng, text) if rng.random() < 0.2 else text


def import_one(workdir: Path, seed: str, text: str, snap: str | None = None, options: tuple[str, ...] = (),
               board: str | None = None) -> Outcome:
    """Write ``text`` as a drawing in ``workdir`` and import it into ``workdir/board/board.yaml`` (with
    ``--update`` when ``board`` gives that file's text first: a refused update leaves it as it was)."""
    drawing, target = workdir / "drawing.svg", workdir / "board" / "board.yaml"
    target.parent.mkdir()
    drawing.write_bytes(text.encode("utf-8", "surrogatepass"))
    if board is not None:
        target.write_text(board, encoding="utf-8")
    around = sorted(p.name for p in workdir.parent.iterdir())
    arguments = ["import", "svg", str(drawing), str(target), "--timeout", SECONDS, *(["--snap", snap] if snap else []),
                 *SEED_OPTIONS.get(seed, ()), *options, *(["--update"] if board is not None else [])]
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = gaslight(arguments)
    seconds = time.perf_counter() - start
    printed = out.getvalue() + err.getvalue()
    written = sorted(str(p.relative_to(workdir)) for p in workdir.rglob("*"))
    stray = written != ["board", "board/board.yaml", "drawing.svg"] and written != ["board", "drawing.svg"]
    kept = board is not None and target.is_file() and target.read_text(encoding="utf-8") == board
    wrongly = ("nothing written" in printed and target.exists() and not kept) or (
        "\nwrote " in "\n" + printed and not target.exists())
    internal = (is_internal(int(code), printed) or LAST_RESORT in printed or not writable(printed) or stray
                or wrongly or sorted(p.name for p in workdir.parent.iterdir()) != around)
    return Outcome(NAME, seed, int(code), seconds, unlocated_lines(out.getvalue().splitlines()), internal,
                   text if not (stray or wrongly) else f"wrote {written}: {text}")


def one(rng: random.Random, workdir: Path) -> Outcome:
    """One mutated drawing from a seed chosen by ``rng``, imported in ``workdir``."""
    seed = rng.choice(sorted(_seeds()))
    snap = rng.choice((None, None, None, "0", "3", "1000"))
    options = rng.choice(((), (), (), ("--nodes", "junctions"), ("--force",)))
    board = _seed_board(seed) if rng.random() < 0.1 else None
    return import_one(workdir, seed, mutate(rng, _seeds()[seed]), snap, options, board)


@cache
def _seed_board(seed: str) -> str | None:
    """The board file the seed drawing imports to (what ``--update`` then brings up to a mutated drawing)."""
    with tempfile.TemporaryDirectory() as scratch:
        workdir = Path(scratch) / "seed"
        workdir.mkdir()
        import_one(workdir, seed, _seeds()[seed])
        target = workdir / "board" / "board.yaml"
        return target.read_text(encoding="utf-8") if target.is_file() else None
