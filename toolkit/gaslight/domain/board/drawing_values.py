"""The values a drawing's elements declare, checked before svgelements computes with them.

svgelements reads a value it cannot parse as 0, drops a shape whose value it rejects, or stops with an
exception deep inside (``rotate(NaN)``, ``rgb(1e400,0,0)``, a length in ``em``). Each value that places or
colours a shape is checked here instead, as written: in an attribute, in a ``style`` attribute or in a style
sheet rule; a problem is reported at the element (or the ``<style>``) with the attribute, what is wrong and
how to fix it. Numbers are finite and at most :data:`MAX_NUMBER` across; a transform does not squash shapes
flat; a ``viewBox`` has a positive width and height.

>>> transform_problem("rotate(NaN)")
("has 'NaN' in rotate(…), which is not a number", 'write numbers, like rotate(45)')
>>> transform_problem("matrix(0 0 0 0 0 0)")[0]
'squashes what it moves flat (its scale is 0), so it cannot be placed on a board'
>>> length_problem("5em", lists=False)
("is in 'em', which Gaslight cannot measure", 'write it in px or mm')
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from functools import lru_cache

import svgelements as se

from gaslight.diagnostics import Location, Report

MAX_NUMBER = 1_000_000  # as far as a board's positions reach (schemas/board.schema.json)
MAX_DIGITS = 64  # characters in one number
MAX_REFERENCE = 200  # characters in a clip-path's url(#id)
MAX_TRANSFORM = 1000  # characters in a transform list
MIN_NUMBER = 1e-100  # nearer 0 (but not 0), a number squared is 0: svgelements divides by an arc's radius squared
# svgelements' number ([-+]?[0-9]*\.?[0-9]+ …) written so that no text makes the pattern retry in square time
NUMBER = r"[-+]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
_NUMBER = re.compile(NUMBER)
_SEPARATOR = re.compile(r"[\s,]*")
_LENGTH = re.compile(rf"\s*({NUMBER})\s*([A-Za-z%]*)\s*")
_UNITS = ("", "px", "pt", "pc", "mm", "cm", "in", "%")
_TRANSFORM = re.compile(r"[\s,]*([A-Za-z]+)\s*\(([^()]*)\)[\s,]*")
_ARGUMENT = re.compile(rf"({NUMBER})(deg|rad|grad|turn)?")
_ARITY = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,), "skewY": (1,)}
_PATH_TEXT = re.compile(r"[\sMmZzLlHhVvCcSsQqTtAa0-9eE.,+-]*")
_PATH_GAP = re.compile(r"[ ,\t\n\r\x0c]*")  # svgelements' separators, no other space
_PATH_TOKEN = re.compile(rf"[ ,\t\n\r\x0c]*(?:([MmZzLlHhVvCcSsQqTt])|({NUMBER}))")
_PATH_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "z": 0}
MAX_FONT = 100  # characters in the font shorthand
_FONT_WORDS = frozenset({"normal", "italic", "oblique", "small-caps", "bold", "bolder", "lighter", "condensed",
                         "expanded", "semi-condensed", "semi-expanded", "extra-condensed", "extra-expanded",
                         "ultra-condensed", "ultra-expanded", *(str(weight) for weight in range(100, 1000, 100))})
MAX_COLOUR = 100  # characters: svgelements' colour patterns take square time on a long one, and none is this long
FIX_STYLE = "close it, or remove the broken part of the <style> element (Inkscape: Edit → XML Editor)"

CHECKED = frozenset({"transform", "viewBox", "points", "d", "fill", "stroke", "color", "opacity", "fill-opacity",
                     "stroke-opacity", "font", "clip-path"})
LENGTHS = frozenset({"x", "y", "cx", "cy", "r", "rx", "ry", "width", "height", "x1", "y1", "x2", "y2", "dx", "dy",
                     "stroke-width", "stroke_width"})
LISTED = frozenset({"x", "y", "dx", "dy"})  # a text places each letter: x='10 16 22'
TEXT_TAGS = frozenset({"text", "tspan"})
COLOURS = frozenset({"fill", "stroke", "color"})
OPACITIES = frozenset({"opacity", "fill-opacity", "stroke-opacity"})
FIX_XML = "fix it in the drawing program's XML editor (Inkscape: Edit → XML Editor), or remove it"

Problem = tuple[str, str]  # what is wrong, how to fix it


def _short(value: str) -> str:
    value = " ".join(value.split())
    return value if len(value) <= 40 else value[:39] + "…"


def _number_problem(text: str, *, whole: bool = False) -> Problem | None:
    """A number beyond :data:`MAX_NUMBER` (or beyond any float, 1e400): ``whole`` when it is all the value."""
    if len(text) > MAX_DIGITS:  # exporters write 20 at most; svgelements' patterns retry in square time on long ones
        return (f"has a number {len(text):,} characters long", "write it with fewer digits")
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        what = "is too large" if whole else f"has {_short(text)} in it, too large a number"
        return (f"{what} (Gaslight reads numbers up to {MAX_NUMBER:,})",
                "write a smaller number; a board's positions are at most a few thousand")
    if 0 < abs(value) < MIN_NUMBER:
        what = "is too close to 0" if whole else f"has {_short(text)} in it, a number too close to 0"
        return f"{what} (Gaslight reads numbers down to {MIN_NUMBER:g})", "write 0, or a larger number"
    return None


def length_problem(value: str, *, lists: bool) -> Problem | None:
    """What is wrong with a length (``12``, ``12mm``, ``50%``; a list of them where ``lists``), or None."""
    pieces = value.replace(",", " ").split() if lists else [value]
    for piece in pieces or [value]:
        found = _LENGTH.fullmatch(piece)
        if found is None:
            return ("is not a length", "write a number, like 12 or 12mm")
        number, unit = found.groups()
        if unit not in _UNITS:
            return (f"is in '{unit}', which Gaslight cannot measure", "write it in px or mm")
        if problem := _number_problem(number, whole=len(pieces) == 1 and not unit):
            return problem
    return None


def transform_problem(value: str) -> Problem | None:
    """What is wrong with a ``transform`` list, or None: its length, grammar, numbers, and the matrix it makes."""
    if len(value) > MAX_TRANSFORM:
        return (f"is {len(value):,} characters long; Gaslight reads transforms up to {MAX_TRANSFORM:,}",
                "apply the transforms to the shapes (Inkscape: Object → Transform, or ungroup), or " + FIX_XML)
    position = 0
    while position < len(value) and value[position:].strip(" \t\r\n,"):
        found = _TRANSFORM.match(value, position)
        if found is None:
            return ("is not a list of transforms (matrix, translate, scale, rotate, skewX, skewY)", FIX_XML)
        name, inside = found.groups()
        if name not in _ARITY:
            return (f"has {_short(name)}(…), which is not a transform SVG knows", FIX_XML)
        arguments = [a for a in re.split(r"[\s,]+", inside.strip()) if a]
        for argument in arguments:
            number = _ARGUMENT.fullmatch(argument)
            if number is None or (number.group(2) and name not in ("rotate", "skewX", "skewY")):
                return (f"has '{_short(argument)}' in {name}(…), which is not a number", f"write numbers, like "
                        f"{name}({'45' if name.startswith(('rotate', 'skew')) else '2'})")
            if problem := _number_problem(number.group(1)):
                return problem
        if len(arguments) not in _ARITY[name]:
            counts = " or ".join(str(n) for n in _ARITY[name])
            return f"has {name}(…) with {len(arguments)} numbers; it takes {counts}", FIX_XML
        position = found.end()
    matrix = se.Matrix(value)
    entries = (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)
    if not all(math.isfinite(v) and abs(v) <= MAX_NUMBER for v in entries[:4]):
        return (f"stretches what it moves too far (more than {MAX_NUMBER:,} times)", FIX_XML)
    if not all(math.isfinite(v) and abs(v) <= MAX_NUMBER for v in entries[4:]):
        return (f"moves shapes too far (more than {MAX_NUMBER:,})", FIX_XML)
    if abs(matrix.a * matrix.d - matrix.b * matrix.c) < 1e-12:
        return ("squashes what it moves flat (its scale is 0), so it cannot be placed on a board",
                "remove the transform, or give it a scale other than 0")
    return None


def view_box_problem(value: str) -> Problem | None:
    """A ``viewBox`` is four numbers (x y width height), its width and height above 0."""
    numbers = value.replace(",", " ").split()
    if len(numbers) != 4 or not all(_NUMBER.fullmatch(n) for n in numbers):
        return ("is not four numbers (x y width height)", "write it like viewBox='0 0 210 148', or remove it")
    for number in numbers:
        if problem := _number_problem(number):
            return problem
    if float(numbers[2]) <= 0 or float(numbers[3]) <= 0:
        return ("has a width or height of 0 or less, so the drawing shows nothing",
                "give it the drawing's width and height, like viewBox='0 0 210 148'")
    return None


def points_problem(value: str) -> Problem | None:
    """``points`` are pairs of numbers (x,y x,y …)."""
    numbers = []
    position = _SEPARATOR.match(value).end()  # type: ignore[union-attr]
    while position < len(value):
        found = _NUMBER.match(value, position)
        if found is None:
            return (f"is not a list of numbers (at '{_short(value[position:position + 12])}')", FIX_XML)
        numbers.append(found.group())
        position = _SEPARATOR.match(value, found.end()).end()  # type: ignore[union-attr]
    for number in numbers:
        if problem := _number_problem(number):
            return problem
    if len(numbers) % 2:
        return (f"has an odd count of numbers ({len(numbers)}); each corner takes an x and a y", FIX_XML)
    return None


def path_problem(value: str) -> Problem | None:
    """Path data (``d``) as svgelements reads it: a move first, then commands each with its count of numbers.
    A path with arcs (whose flags may be written without spaces, ``a5 5 0 0110 10``) is read by svgelements."""
    allowed = _PATH_TEXT.match(value)
    if allowed is not None and allowed.end() < len(value):
        return (f"holds '{_short(value[allowed.end():allowed.end() + 12])}' at character {allowed.end() + 1}, "
                "which is not path data", "redraw the shape, or " + FIX_XML)
    for number in _NUMBER.findall(value):
        if problem := _number_problem(number):
            return problem
    broken = ("is broken path data (a command without all its numbers)", "redraw the shape, or " + FIX_XML)
    if value.strip() and value.strip()[0] not in "Mm":
        return ("does not start with a move (M)", "redraw the shape, or " + FIX_XML)
    if "a" in value.lower():
        try:
            se.Path(value)
        except (ValueError, TypeError, AttributeError, IndexError, ZeroDivisionError, OverflowError):
            return broken
        return None
    command, count, position = "", 0, 0
    while (found := _PATH_TOKEN.match(value, position)) is not None and found.end() > position:
        position = found.end()
        if found.group(1):
            if command and not _whole_commands(command, count):
                return broken
            command, count = found.group(1).lower(), 0
        elif found.group(2):
            count += 1
    position = _PATH_GAP.match(value, position).end()  # type: ignore[union-attr]
    if position < len(value):
        return (f"holds '{_short(value[position:position + 12])}' at character {position + 1}, which svgelements "
                "stops at", "redraw the shape, or " + FIX_XML)
    return broken if command and not _whole_commands(command, count) else None


def _whole_commands(command: str, count: int) -> bool:
    """A path command followed by whole sets of its numbers (``Z`` by none)."""
    arity = _PATH_ARITY[command]
    return count == 0 if arity == 0 else count > 0 and count % arity == 0


def colour_problem(value: str) -> Problem | None:
    if len(value) > MAX_COLOUR:
        return (f"is not a colour (it is {len(value):,} characters long)", "write a colour like '#cc0000' or 'red'")
    try:
        se.Color(value)
    except (ValueError, OverflowError):
        return ("is not a colour", "write a colour like '#cc0000' or 'red'")
    return None


def font_problem(value: str) -> Problem | None:
    """The ``font`` shorthand (``italic bold 12px/1.2 Georgia``): svgelements' pattern for it takes a third of a
    second on 28 repeated style words, and retries for every text the font is handed down to."""
    words = value.split()
    leading = next((i for i, word in enumerate(words) if word.lower() not in _FONT_WORDS), len(words))
    if len(value) > MAX_FONT or leading > 4:
        return (f"is not a font (at most 4 style words and {MAX_FONT} characters)",
                "write it like font='italic bold 12px Georgia', or use font-size and font-family")
    return None


def opacity_problem(value: str) -> Problem | None:
    try:
        number = float(value)
    except ValueError:
        return None  # svgelements leaves an opacity it cannot read alone, as browsers do
    in_reach = math.isfinite(number) and abs(number) <= MAX_NUMBER  # svgelements multiplies it by 255, into an int
    return None if in_reach else ("is not a number from 0 to 1", "write a number like 0.5")


def value_problem(tag: str, key: str, value: str) -> Problem | None:
    """What is wrong with one declared value of an element with ``tag``, or None."""
    if key in LENGTHS:
        return _checked(key, value, key in LISTED and tag in TEXT_TAGS)
    return _checked(key, value, False) if key in CHECKED else None


@lru_cache(maxsize=8192)
def _checked(key: str, value: str, listed: bool) -> Problem | None:
    """One value checked once: drawings repeat their transforms, colours and sizes thousands of times."""
    if key in LENGTHS:
        return length_problem(value, lists=listed)
    checks: dict[str, Callable[[str], Problem | None]] = {
        "transform": transform_problem, "viewBox": view_box_problem, "points": points_problem, "d": path_problem}
    if key in checks:
        return checks[key](value)
    if key in COLOURS:
        return colour_problem(value)
    if key == "font":
        return font_problem(value)
    if key == "clip-path" and len(value) > MAX_REFERENCE:
        return (f"is {len(value):,} characters long, too long for a reference like url(#clip1)", FIX_XML)
    if key in OPACITIES:
        return opacity_problem(value)
    return None


def style_rules(sheet: str) -> tuple[list[tuple[str, str]], str | None]:
    """A style sheet's rules (``selector { declarations }``) as svgelements finds them, in one pass, and what is
    wrong with the sheet, if anything. svgelements finds them with patterns that retry in square time on a rule
    or comment left open, or on text after the last rule (a 3 MB sheet took minutes), so those are problems.

    >>> style_rules("circle { fill: red } /* a note */ .street{stroke:#333}")
    ([('circle ', ' fill: red '), ('  .street', 'stroke:#333')], None)
    >>> style_rules("circle { fill: red")
    ([], "has a rule left open at character 8 (no '}' after its '{')")
    """
    kept, position = [], 0
    while (found := min((p for p in (sheet.find("/*", position), sheet.find("//", position)) if p >= 0),
                        default=-1)) >= 0:
        kept.append(sheet[position:found])
        if sheet.startswith("/*", found):
            end = sheet.find("*/", found + 2)
            if end < 0:
                return [], f"has a comment left open at character {found + 1} (no '*/' after its '/*')"
            position = end + 2
        else:  # to the end of the line, as svgelements' //.*$
            end = sheet.find("\n", found)
            position = len(sheet) if end < 0 else end
    text = ("".join(kept) + sheet[position:]).strip()
    rules: list[tuple[str, str]] = []
    position = 0
    while position < len(text):
        opening = text.find("{", position)
        if opening < 0:
            return rules, (f"ends with text that is no rule ('{_short(text[position:position + 30])}', at character "
                           f"{position + 1})")
        closing = text.find("}", opening)
        if closing < 0:
            return [], f"has a rule left open at character {opening + 1} (no '}}' after its '{{')"
        if not text[position:opening].strip():
            return [], f"has a rule without a selector at character {opening + 1}"
        rules.append((text[position:opening], text[opening + 1:closing]))
        position = closing + 1
    return rules, None


def style_declarations(style: str) -> Iterator[tuple[str, str]]:
    """``key: value`` pairs of a style, split as svgelements splits them (a piece with two colons is skipped)."""
    for piece in style.split(";"):
        parts = piece.split(":")
        if len(parts) == 2:
            yield parts[0].strip(), parts[1].strip()


def check_values(root: ET.Element, tag_of: Callable[[ET.Element], str], locate: Callable[[ET.Element], Location],
                 report: Report) -> None:
    """Report every value in the drawing that svgelements would misread, at its element."""
    for element in root.iter():
        tag = tag_of(element)
        for key, value in element.attrib.items():
            if key == "style":
                for name, declared in style_declarations(value):
                    if problem := value_problem(tag, name, declared):
                        what, fix = problem
                        report.error(locate(element), f"'{name}: {_short(declared)}' in its style {what}", fix=fix)
            elif problem := value_problem(tag, key, value):
                what, fix = problem
                report.error(locate(element), f"{key}='{_short(value)}' {what}", fix=fix)
        if tag == "svg":
            _check_size(element, locate, report)
        if tag == "style" and element.text:
            rules, broken = style_rules(element.text)
            if broken:
                report.error(locate(element), f"its style sheet {broken}", fix=FIX_STYLE)
            for selector, body in rules:
                for name, declared in style_declarations(body):
                    if problem := value_problem("", name, declared):
                        what, fix = problem
                        report.error(locate(element), f"'{name}: {_short(declared)}' in the rule for "
                                     f"'{_short(selector.strip())}' {what}", fix=fix)


def _check_size(svg: ET.Element, locate: Callable[[ET.Element], Location], report: Report) -> None:
    """An ``<svg>`` of width or height 0 shows nothing (svgelements stops reading there)."""
    for key in ("width", "height"):
        value = svg.get(key)
        if value is None or length_problem(value, lists=False):
            continue
        if float(_LENGTH.fullmatch(value).group(1)) <= 0:  # type: ignore[union-attr]
            report.error(locate(svg), f"{key}='{_short(value)}' is not a size above 0, so the drawing shows nothing",
                         fix=f"give the drawing its {key}, like {key}='210mm', or remove it")


def min_distance_problem(value: str) -> Problem | None:
    """Gaslight's own ``data-gaslight-min-distance``: the board's ``min_distance``, a number above 0."""
    if not (_NUMBER.fullmatch(value.strip()) and 0 < float(value) <= MAX_NUMBER):
        return ("is not a number above 0 (the board's min_distance)",
                "write it like data-gaslight-min-distance='7.5', or remove it to use 1 % of the board's smaller side")
    return None


def canvas_problem(value: str) -> Problem | None:
    """Gaslight's own ``data-gaslight-canvas``: the board's width and height, two numbers above 0."""
    numbers = value.split()
    if len(numbers) != 2 or not all(_NUMBER.fullmatch(n) and 0 < float(n) <= MAX_NUMBER for n in numbers):
        return ("is not two numbers above 0 (the board's width and height)",
                "write it like data-gaslight-canvas='210 148', or remove it to use the drawing's size")
    return None
