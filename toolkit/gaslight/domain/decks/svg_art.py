"""Card art and icons drawn as SVG: read once, bounded, cleaned of everything outside the file, and converted by
svglib into a reportlab drawing (vectors in every PDF; PDFium rasterises those for the PNG outputs).

An SVG is a document that can point elsewhere: at files (``<image href="file:///etc/passwd">``,
``<use href="../other.svg#a">``), at the network (a stylesheet's ``@import``, ``url(https://…)``), at
entities the XML parser would read (XXE) or expand without end ("billion laughs"). Gaslight draws only
what the file itself holds: it parses with lxml with entities, DTDs and the network off; refuses a
file that declares an external or nested entity; and leaves out, with one warning naming each place,
every reference that is not to the file itself (``#id``) or a picture embedded in it
(``data:image/png;base64,…``). Scripts, ``<foreignObject>`` and ``on…`` handlers are left out too
(the site copies the cleaned file). Size is bounded before any drawing: bytes, elements, nesting,
and the shapes drawn once every ``<use>`` is counted as the shapes it repeats.

Text in a drawing is set in Gaslight's own embedded fonts (never a font found on this computer), so
the same file gives the same bytes everywhere.

>>> cleaned(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="20" height="10"/></svg>',
...         "art/bar.svg").problems
()
"""

from __future__ import annotations

import base64
import binascii
import copy
import functools
import io
import logging
import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gaslight.typesetting import FONT, FONT_BOLD, FONT_ITALIC, register_fonts

if TYPE_CHECKING:
    from lxml.etree import _Element
    from reportlab.graphics.shapes import Drawing

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
MAX_SVG_BYTES = 8 * 1024 * 1024
# svglib converts about 2,000 shapes a second (a <use> copy costs more) and a path's points at about 40,000 a second:
# the bounds keep a drawing to a few seconds at worst (a card's art is mostly tens to hundreds of shapes)
MAX_SVG_ELEMENTS = 5_000
MAX_SVG_DEPTH = 100  # groups in groups: svglib draws them by recursion
MAX_SVG_SHAPES = 6_000  # elements drawn, each <use> counted as what it repeats
MAX_PATH_DATA = 400_000  # characters of path data (d, points) in all
MAX_EMBEDDED_PIXELS = 40_000_000  # a picture embedded in the SVG: the same bound as raster art
MAX_ENTITIES = 200
MIN_SIDE_PT, MAX_SIDE_PT = 0.01, 100_000.0  # a drawing's width and height: a hundredth of a point to 35 m
SAVE_SVG_AGAIN = "open it in your drawing program and save it again as SVG (Inkscape: Save As, Plain SVG)"
SIMPLIFY = "simplify it (Inkscape: Path ▸ Simplify, or fewer copies) or export it as PNG"
OUTSIDE_FIX = "embed the picture in the SVG (Inkscape: Extensions ▸ Images ▸ Embed Images) or draw it in the file"
_EMBEDDED = re.compile(r"^data:image/(png|jpe?g);base64,", re.IGNORECASE)
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)
_LEFT_OUT_ELEMENTS = {"script", "foreignObject", "iframe", "embed", "object", "audio", "video"}

logging.getLogger("svglib").addHandler(logging.NullHandler())  # its notes would reach the terminal; ours say more


@dataclass(frozen=True)
class SvgProblem:
    """Something wrong with an SVG: an error (the file is not used) or a warning (a part is left out)."""

    error: bool
    message: str
    fix: str


@dataclass(frozen=True)
class CleanSvg:
    """An SVG as Gaslight draws it: the cleaned root (None when the file is refused) and what was wrong."""

    root: Any
    problems: tuple[SvgProblem, ...]


def _at(element: _Element) -> str:
    return f"line {element.sourceline}"


def _refuse(message: str, fix: str = SAVE_SVG_AGAIN) -> CleanSvg:
    return CleanSvg(None, (SvgProblem(True, message, fix),))


def _parse(data: bytes, written: str) -> tuple[Any, CleanSvg | None]:
    """lxml's tree of ``data`` with entities, DTDs and the network off, or why it cannot be used."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             remove_comments=True, remove_pis=True)
    try:
        tree = etree.parse(io.BytesIO(data), parser)
    except etree.XMLSyntaxError as exc:
        line, column = exc.position
        if "amplification" in str(exc) or ("entity" in str(exc).lower() and "loop" in str(exc).lower()):
            return None, _refuse(f"art file '{written}' declares XML entities that expand without bound "
                                 f"(line {line}, column {column}); Gaslight never expands them")
        reason = re.sub(r",? line \d+, column \d+.*$", "", str(exc)) or "the file ends early"
        return None, _refuse(f"cannot read art file '{written}': it is not well-formed SVG (line {line}, "
                             f"column {column}: {reason})")
    dtd = tree.docinfo.internalDTD
    entities = list(dtd.iterentities()) if dtd is not None else []
    for entity in entities:
        if entity.system_url or entity.content is None:
            return None, _refuse(f"art file '{written}' declares the external XML entity '{entity.name}' "
                                 f"('{entity.system_url or entity.orig}'); Gaslight never reads what an SVG names")
        if "&" in entity.content or "%" in entity.content:
            return None, _refuse(f"art file '{written}' declares the XML entity '{entity.name}' made of other "
                                 "entities; Gaslight never expands them")
    if len(entities) > MAX_ENTITIES:
        return None, _refuse(f"art file '{written}' declares {len(entities)} XML entities; "
                             f"at most {MAX_ENTITIES}")
    return tree.getroot(), None


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _outside(value: str) -> bool:
    """Whether a reference points outside the file (anything but ``#id`` and an embedded PNG or JPEG)."""
    value = value.strip()
    return not (value.startswith("#") or _EMBEDDED.match(value))


def _clean_css(text: str) -> tuple[str, list[str]]:
    """A stylesheet without ``@import``/``@font-face`` and without declarations naming a ``url()`` outside the file;
    and what was left out."""
    import tinycss2

    kept, dropped = [], []
    for rule in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
        if rule.type == "at-rule":
            dropped.append(f"@{rule.at_keyword}")
            continue
        if rule.type != "qualified-rule":
            continue
        body, left = _clean_declarations(tinycss2.serialize(rule.content))
        dropped += left
        kept.append(f"{tinycss2.serialize(rule.prelude).strip()} {{{body}}}")
    return "\n".join(kept), dropped


def _clean_declarations(text: str) -> tuple[str, list[str]]:
    """``prop: value`` declarations without the ones naming a ``url()`` outside the file; and those left out."""
    import tinycss2

    kept, dropped = [], []
    for item in tinycss2.parse_blocks_contents(text, skip_comments=True, skip_whitespace=True):
        if item.type != "declaration":
            continue
        value = tinycss2.serialize(item.value).strip()
        outside = list(dict.fromkeys(match.group(2) for match in _URL.finditer(value) if _outside(match.group(2))))
        if outside:
            dropped += [f"url({url})" for url in outside]
            continue
        kept.append(f"{item.name}:{value}" + ("!important" if item.important else ""))
    return ";".join(kept), dropped


def _strip(root: _Element, written: str) -> list[str]:
    """Leave out, in place, every part of the tree that reaches outside the file; where each was, for the warning."""
    left_out: list[str] = []
    for element in list(root.iter()):
        if not isinstance(element.tag, str):  # an entity reference left unexpanded: nothing to draw
            continue
        name = _local(element.tag)
        if name in _LEFT_OUT_ELEMENTS:
            left_out.append(f"<{name}> at {_at(element)}")
            element.getparent().remove(element)
            continue
        for attribute, value in list(element.attrib.items()):
            local = _local(attribute)
            if local.lower().startswith("on"):
                left_out.append(f"the {local} handler at {_at(element)}")
                del element.attrib[attribute]
            elif attribute in (XLINK_HREF, "href") and name == "a":  # a link is never followed: its shapes stay
                del element.attrib[attribute]
            elif attribute in (XLINK_HREF, "href") and _outside(value):
                left_out.append(f"'{value[:80]}' at {_at(element)}")
                parent = element.getparent()
                if parent is not None:
                    parent.remove(element)
                else:
                    del element.attrib[attribute]
                break
            elif local == "style":
                kept, dropped = _clean_declarations(value)
                if dropped:  # a style with nothing outside it stays exactly as written
                    left_out += [f"'{what[:80]}' at {_at(element)}" for what in dropped]
                    element.set(attribute, kept)
            elif "url(" in value.lower():
                outside = [match.group(2) for match in _URL.finditer(value) if _outside(match.group(2))]
                if outside:
                    left_out += [f"'url({url[:80]})' at {_at(element)}" for url in outside]
                    del element.attrib[attribute]
        if name == "style" and element.getparent() is not None:
            css, dropped = _clean_css(element.text or "")
            left_out += [f"'{what[:80]}' in the stylesheet at {_at(element)}" for what in dropped]
            element.text = css
    return left_out


def _embedded_too_large(root: _Element, written: str) -> str | None:
    """Why a picture embedded in the SVG is too large or unreadable (None when every one is fine)."""
    from PIL import Image, UnidentifiedImageError

    for element in root.iter(f"{{{SVG_NS}}}image"):
        value = (element.get(XLINK_HREF) or element.get("href") or "").strip()
        if not _EMBEDDED.match(value):
            continue
        try:
            data = base64.b64decode(value.split(",", 1)[1], validate=False)
            with warnings.catch_warnings():  # Pillow's bomb warning would reach the terminal; the bound says more
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                with Image.open(io.BytesIO(data)) as picture:
                    width, height = picture.size
        except (binascii.Error, UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
            return f"art file '{written}' embeds a picture that cannot be read ({_at(element)})"
        if width * height > MAX_EMBEDDED_PIXELS:
            return (f"art file '{written}' embeds a picture of {width} × {height} pixels ({_at(element)}); "
                    f"at most {MAX_EMBEDDED_PIXELS // 1_000_000} megapixels")
    return None


class _UseCircle(Exception):
    """A ``<use>`` that, through the shapes it repeats, repeats itself (its line in ``args``)."""


def _shape_count(root: _Element, written: str) -> tuple[int, str | None]:
    """Elements drawn, each ``<use>`` counted as the shapes it repeats; or why they cannot be counted (a circle)."""
    by_id = {element.get("id"): element for element in root.iter()
             if isinstance(element.tag, str) and element.get("id")}
    # keyed by the element itself, which keeps its proxy alive: lxml makes proxies on demand, so an id() is reused
    sizes: dict[_Element, int] = {}
    visiting: set[_Element] = set()

    def size(element: _Element) -> int:
        key = element
        if key in sizes:
            return sizes[key]
        if key in visiting:
            raise _UseCircle(_at(element))
        visiting.add(key)
        total = 1
        if _local(element.tag) == "use":
            target = by_id.get((element.get(XLINK_HREF) or element.get("href") or "").strip().lstrip("#"))
            if target is not None:
                total += size(target)
        for child in element:
            if isinstance(child.tag, str):
                total += size(child)
            if total > MAX_SVG_SHAPES:
                break
        visiting.discard(key)
        sizes[key] = min(total, MAX_SVG_SHAPES + 1)
        return sizes[key]

    try:
        return size(root), None
    except _UseCircle as circle:
        return 0, f"art file '{written}' has <use> elements that repeat each other in a circle ({circle.args[0]})"
    except RecursionError:  # a chain of uses of uses thousands long
        return 0, f"art file '{written}' chains its <use> elements too deeply (a use of a use of …)"


def cleaned(data: bytes, written: str) -> CleanSvg:
    """The SVG ``data`` as Gaslight draws it, with every problem (``written``: the path as the deck wrote it)."""
    if len(data) > MAX_SVG_BYTES:
        return _refuse(f"art file '{written}' is {len(data) / 2**20:.1f} MB of SVG; an SVG may be at most "
                       f"{MAX_SVG_BYTES // 2**20} MB", SIMPLIFY)
    root, refused = _parse(data, written)
    if refused is not None:
        return refused
    if _local(root.tag) != "svg" or not root.tag.startswith(f"{{{SVG_NS}}}"):
        return _refuse(f"art file '{written}' is XML but not SVG (its first element is <{_local(root.tag)}>)")
    from lxml import etree

    elements = depth = deepest = 0
    for event, _ in etree.iterwalk(root, events=("start", "end")):
        if event == "end":
            depth -= 1
            continue
        elements, depth = elements + 1, depth + 1
        deepest = max(deepest, depth)
        if elements > MAX_SVG_ELEMENTS:
            return _refuse(f"art file '{written}' has over {MAX_SVG_ELEMENTS:,} elements; an SVG may have at most "
                           f"{MAX_SVG_ELEMENTS:,}", SIMPLIFY)
    if deepest > MAX_SVG_DEPTH:
        return _refuse(f"art file '{written}' nests elements {deepest} deep; an SVG may nest at most "
                       f"{MAX_SVG_DEPTH}", "ungroup it (Inkscape: Object ▸ Ungroup) or export it as PNG")
    path_data = sum(len(element.get("d") or "") + len(element.get("points") or "") for element in root.iter()
                    if isinstance(element.tag, str))
    if path_data > MAX_PATH_DATA:
        return _refuse(f"art file '{written}' holds {path_data:,} characters of path data; an SVG may hold at most "
                       f"{MAX_PATH_DATA:,}", SIMPLIFY)
    left_out = _strip(root, written)
    shapes, circle = _shape_count(root, written)
    if circle:
        return _refuse(circle, "point each <use> at a shape, not at a group that uses it back")
    if shapes > MAX_SVG_SHAPES:
        return _refuse(f"art file '{written}' draws over {MAX_SVG_SHAPES:,} shapes (each <use> counted as the shapes "
                       f"it repeats); an SVG may draw at most {MAX_SVG_SHAPES:,}", SIMPLIFY)
    embedded = _embedded_too_large(root, written)
    if embedded:
        return _refuse(embedded, "embed a smaller picture (300 dpi at the card's size is plenty)")
    problems = []
    if left_out:
        shown = ", ".join(left_out[:3]) + (f" and {len(left_out) - 3} more" if len(left_out) > 3 else "")
        problems.append(SvgProblem(False, f"art file '{written}' refers to what lies outside it ({shown}): Gaslight "
                                          "draws only what the SVG file holds, so that is left out", OUTSIDE_FIX))
    return CleanSvg(root, tuple(problems))


def _style(element: _Element) -> dict[str, str]:
    pairs = (item.split(":", 1) for item in (element.get("style") or "").split(";") if ":" in item)
    return {name.strip(): value.strip() for name, value in pairs}


def _fraction(value: str | None, default: float) -> float:
    """An opacity as SVG writes it (``0.5`` or ``50%``), clamped to 0–1; ``default`` when absent or unreadable."""
    if value is None:
        return default
    try:
        number = float(value[:-1]) / 100 if value.endswith("%") else float(value)
    except ValueError:
        return default
    return min(1.0, max(0.0, number)) if number == number else default


def fold_opacity(root: _Element) -> None:
    """``opacity`` (of a shape or a group) multiplied into ``fill-opacity`` and ``stroke-opacity`` down the tree.

    svglib draws fill and stroke opacity but ignores ``opacity``, which drawing programs write for a faded shape or
    layer: drawn as it is, the shape would print solid. Folding is exact for one shape; for a group it fades each
    shape on its own, so where shapes of a faded group overlap the overlap shows a little darker.

    >>> from lxml import etree
    >>> root = etree.fromstring('<svg xmlns="http://www.w3.org/2000/svg"><g opacity="0.5">'
    ...                         '<rect style="fill-opacity:0.5" width="1" height="1"/></g></svg>')
    >>> fold_opacity(root)
    >>> root[0][0].get("style")
    'fill-opacity:0.25;stroke-opacity:0.5'
    """

    def walk(element: _Element, faded: float, fill: float, stroke: float) -> None:
        if not isinstance(element.tag, str):
            return
        style = _style(element)
        faded *= _fraction(style.pop("opacity", element.attrib.pop("opacity", None)), 1.0)
        fill = _fraction(style.get("fill-opacity", element.get("fill-opacity")), fill)
        stroke = _fraction(style.get("stroke-opacity", element.get("stroke-opacity")), stroke)
        if faded < 1.0:
            style["fill-opacity"], style["stroke-opacity"] = f"{fill * faded:.4g}", f"{stroke * faded:.4g}"
            element.attrib.pop("fill-opacity", None)
            element.attrib.pop("stroke-opacity", None)
        if style:
            element.set("style", ";".join(f"{name}:{value}" for name, value in style.items()))
        elif "style" in element.attrib:
            del element.attrib["style"]
        for child in element:
            walk(child, faded, fill, stroke)

    walk(root, 1.0, 1.0, 1.0)


class _OwnFonts:
    """svglib's font lookup answered with Gaslight's embedded fonts: never a font file found on this computer."""

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
        return (FONT_BOLD if bold else FONT_ITALIC if style in ("italic", "oblique") else FONT), True


def _own_fonts(node: Any) -> None:
    """Every string of a drawing in Gaslight's fonts (svglib gives text without a family Helvetica, not embedded)."""
    from reportlab.graphics.shapes import Group, String

    if isinstance(node, String):
        name = str(node.fontName)
        node.fontName = FONT_BOLD if "Bold" in name else FONT_ITALIC if "Italic" in name or "Oblique" in name else (
            name if name in (FONT, FONT_BOLD, FONT_ITALIC) else FONT)
    elif isinstance(node, Group):
        for child in node.contents:
            _own_fonts(child)


def to_drawing(clean: CleanSvg, written: str) -> tuple[Drawing | None, SvgProblem | None]:
    """The cleaned SVG as a reportlab drawing (points), or why svglib cannot draw it."""
    from svglib.svglib import SvgRenderer

    register_fonts()
    try:
        # the source is no file path: svglib then resolves no reference outside the tree, whatever slipped past
        faded = copy.deepcopy(clean.root)  # the site serves the cleaned file as drawn: browsers draw opacity
        fold_opacity(faded)
        drawing = SvgRenderer(io.BytesIO(), font_map=_OwnFonts()).render(faded)
    except Exception as exc:  # svglib on a file it did not expect: any failure is the file's, said at the file
        return None, SvgProblem(True, f"cannot draw art file '{written}': {type(exc).__name__} in the SVG reader "
                                      f"({str(exc)[:120] or 'no detail'})", SAVE_SVG_AGAIN)
    if not all(MIN_SIDE_PT <= side <= MAX_SIDE_PT for side in (drawing.width, drawing.height)):
        return None, SvgProblem(True, f"art file '{written}' has no usable size ({drawing.width:g} × "
                                      f"{drawing.height:g} points)",
                                "give its <svg> element a width, a height and a viewBox (Inkscape: Document "
                                "Properties)")
    _own_fonts(drawing)
    try:  # drawn once here, so a number no PDF can hold is the check's message, not a failed build
        from reportlab.graphics import renderPDF
        from reportlab.pdfgen.canvas import Canvas

        renderPDF.draw(drawing, Canvas(io.BytesIO(), invariant=1), 0, 0, showBoundary=False)
    except Exception as exc:  # reportlab refusing what svglib made of the file: the file's, said at the file
        reason = ("has a number too large for a PDF" if "too large" in str(exc)
                  else "has a zero size that a transform or gradient divides by" if isinstance(exc, ZeroDivisionError)
                  else f"cannot be drawn ({type(exc).__name__})")
        return None, SvgProblem(True, f"cannot draw art file '{written}': one of its shapes {reason}",
                                "look for a huge, zero or missing number (a size, a transform, path data), or "
                                + SAVE_SVG_AGAIN.replace("open it", "open the file"))
    return drawing, None


def read_svg(path: str, written: str) -> tuple[Drawing | None, tuple[SvgProblem, ...]]:
    """The file at ``path`` as a drawing, with every problem found on the way."""
    clean = cleaned(Path(path).read_bytes(), written)
    if clean.root is None:
        return None, clean.problems
    drawing, problem = to_drawing(clean, written)
    return drawing, clean.problems + ((problem,) if problem else ())


@functools.lru_cache(maxsize=64)
def svg_drawing(path: str, size: int, mtime_ns: int) -> Drawing | None:
    """The checked SVG at ``path`` as a drawing, read once a process per version of the file (size and time key the
    cache, so an edited file is read again)."""
    return read_svg(path, path)[0]


def cleaned_bytes(path: str) -> bytes:
    """The SVG at ``path`` as the site serves it: the cleaned tree, serialised (same input, same bytes)."""
    from lxml import etree

    clean = cleaned(Path(path).read_bytes(), path)
    return etree.tostring(clean.root, xml_declaration=True, encoding="UTF-8") if clean.root is not None else b""
