"""The shape of a drawing's element tree, measured before svgelements walks it.

svgelements expands every ``<use>`` into a copy of what it shows and walks the result recursively, so three
things a drawing can hold would otherwise crash or stall it: a ``<use>`` that shows itself or an element
holding it (the copies never end), groups and copies nested thousands deep (Python's recursion limit), and
copies of groups of copies (a 2 KB file that expands to millions of elements). All three are found here, in
one walk over the tree as written (each element once, without expanding anything), and reported at the
element concerned:

>>> import xml.etree.ElementTree as ET
>>> from gaslight.diagnostics import Location, Report
>>> root = ET.fromstring('<svg xmlns="http://www.w3.org/2000/svg"><use id="u" href="#u"/></svg>')
>>> report = Report()
>>> locate = lambda element: Location("d.svg", 1, 1, element.get("id", "svg"))
>>> check_structure(root, locate, report, seconds=60, ceiling=200_000)  # it fits: 2 elements (the loop cut)
True
>>> print(report.diagnostics[0].message)
this <use> shows itself ('#u'), so its copies would never end
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass

from gaslight.diagnostics import Location, Report

MAX_DEPTH = 100  # levels of groups and <use> copies; drawing programs write a handful
ELEMENTS_PER_SECOND = 3_000  # svgelements and Gaslight read about this many a second on a busy machine
ELEMENT_WORK = 10  # reading an element is about ten times the work of applying a transform to it
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
USE_TAGS = ("use", f"{{{SVG_NS}}}use")
_MORE = ", or allow more time with --timeout"
_CAP = 10**15  # counts stop growing here: a file can describe more copies than there are atoms

#: Where an element is written, named as messages name it.
Locate = Callable[[ET.Element], Location]


@dataclass(frozen=True)
class Measure:
    """An element with everything under it once its copies are expanded: how many elements, how deep, how many
    transforms nest at most, and the work of reading them (see :func:`moves`)."""

    elements: int
    depth: int
    transforms: int
    work: int


def moves(element: ET.Element) -> int:
    """How many transforms an element applies to everything under it: svgelements parses them again for each
    element below, a tenth of the work of reading an element (an element costs :data:`ELEMENT_WORK`)."""
    return element.get("transform", "").count("(") + (element.tag in USE_TAGS and (
        element.get("x") is not None or element.get("y") is not None))


def shown_by(use: ET.Element, ids: dict[str, ET.Element]) -> ET.Element | None:
    """The element a ``<use>`` shows, found as svgelements finds it (``href`` over ``xlink:href``, the last
    element with that id)."""
    url = use.get("href", use.get(XLINK_HREF))
    return ids.get(url[1:]) if url is not None else None


def _fmt(count: int) -> str:
    return f"{count:,}" if count < _CAP else f"more than {_CAP:,}"


def element_budget(seconds: float, ceiling: int) -> int:
    """How many elements (once expanded) svgelements is given to read in ``seconds``, at most ``ceiling``.

    >>> element_budget(60, 200_000), element_budget(4, 200_000), element_budget(1000, 200_000)
    (180000, 12000, 200000)
    """
    return max(1, min(ceiling, int(seconds * ELEMENTS_PER_SECOND)))


def check_structure(root: ET.Element, locate: Locate, report: Report, *, seconds: float, ceiling: int,
                    max_depth: int = MAX_DEPTH) -> bool:
    """Report every ``<use>`` whose copies never end, nesting deeper than ``max_depth``, and more to read than
    fits in ``seconds`` (:func:`element_budget`; never more than ``ceiling`` elements), each at the element where
    it happens. True when the drawing fits (its values are worth checking one by one)."""
    max_elements = element_budget(seconds, ceiling)
    reads = f"Gaslight reads up to {max_elements:,} in {seconds:g} s"
    written = list(root.iter())
    if len(written) > max_elements:  # too many as written, copies or not: no need to walk them
        report.error(locate(written[max_elements]), f"the drawing has {len(written):,} elements to read (outside "
                     f"layers named 'ignore'), and this one is past what {reads}",
                     fix=f"move a traced background or notes into a layer named 'ignore'{_MORE}")
        return False
    ids = {element.get("id", ""): element for element in written if element.get("id") is not None}

    def parts(element: ET.Element) -> list[ET.Element]:
        """What svgelements walks under an element: its children, then (for a ``<use>``) what it shows."""
        shown = shown_by(element, ids) if element.tag in USE_TAGS else None
        return [*element, shown] if shown is not None else list(element)

    measures: dict[int, Measure] = {}
    kept: dict[int, list[ET.Element]] = {}  # an element's parts, without a <use>'s copy that never ends
    path: list[tuple[ET.Element, list[ET.Element], int]] = [(root, parts(root), 0)]
    on_path = {id(root): 0}
    while path:
        element, todo, next_part = path[-1]
        if next_part < len(todo):
            path[-1] = (element, todo, next_part + 1)
            part = todo[next_part]
            if id(part) in measures:
                continue
            if id(part) in on_path:
                _report_cycle(element, part, [step[0] for step in path[on_path[id(part)]:]], ids, locate, report)
                todo[next_part] = None  # type: ignore[call-overload]  # the copy is left out from here on
                continue
            on_path[id(part)] = len(path)
            path.append((part, parts(part), 0))
            continue
        path.pop()
        del on_path[id(element)]
        kept[id(element)] = [part for part in todo if part is not None]
        below = [measures[id(part)] for part in kept[id(element)]]
        elements = min(_CAP, 1 + sum(m.elements for m in below))
        work = ELEMENT_WORK + moves(element) * elements + sum(m.work for m in below)
        measures[id(element)] = Measure(elements, 1 + max((m.depth for m in below), default=0),
                                        moves(element) + max((m.transforms for m in below), default=0),
                                        min(_CAP, work))
    whole = measures[id(root)]
    if whole.depth > max_depth:
        element = _at_depth(root, max_depth + 1, kept, measures)
        report.error(locate(element), f"this element is nested {max_depth + 1} levels deep in groups and <use> "
                     f"copies (the drawing goes on to {whole.depth:,} levels); Gaslight reads up to {max_depth}",
                     fix="ungroup the nested groups (Inkscape: Object → Ungroup) or unlink the copies "
                         "(Edit → Clone → Unlink Clone)")
    if whole.elements > max_elements:
        element, use = _at_count(root, max_elements, kept, measures)
        more = _MORE if whole.elements <= ceiling else ""
        if use is not None:
            report.error(locate(use), f"with the copies this <use> makes, the drawing would expand to "
                         f"{_fmt(whole.elements)} elements; {reads}",
                         fix=f"unlink the copies you need (Inkscape: Edit → Clone → Unlink Clone) and delete the "
                             f"rest{more}")
        else:
            report.error(locate(element), f"the drawing has {whole.elements:,} elements to read (outside layers "
                         f"named 'ignore'), and this one is past what {reads}",
                         fix=f"move a traced background or notes into a layer named 'ignore'{more}")
    elif whole.work > max_elements * ELEMENT_WORK:
        element = _at_work(root, max_elements * ELEMENT_WORK, kept, measures)
        more = _MORE if whole.work <= ceiling * ELEMENT_WORK else ""
        report.error(locate(element), f"the drawing's {whole.elements:,} elements sit inside up to "
                     f"{whole.transforms} transforms one inside another, more to work out than fits in {seconds:g} s; "
                     "the reading would stop at this element",
                     fix="ungroup nested groups (Inkscape: Object → Ungroup) and unlink copies (Edit → Clone → "
                         f"Unlink Clone), so fewer transforms nest{more}")
    return whole.elements <= max_elements and whole.work <= max_elements * ELEMENT_WORK


def _report_cycle(element: ET.Element, part: ET.Element, loop: list[ET.Element], ids: dict[str, ET.Element],
                  locate: Locate, report: Report) -> None:
    """A walk came back to ``part``, which it is still inside: the ``<use>`` closing the loop is the culprit
    (the last one on the loop), and the elements it passes through are named."""
    uses = [step for step, following in zip(loop, [*loop[1:], part], strict=True)
            if step.tag in USE_TAGS and shown_by(step, ids) is following]
    culprit = uses[-1] if uses else element
    location = locate(culprit)
    target = shown_by(culprit, ids)
    if target is culprit:
        report.error(location, f"this <use> shows itself ('#{culprit.get('id')}'), so its copies would never end",
                     fix="point it at another element, or delete it")
        return
    through = [f"'#{shown_by(use, ids).get('id')}'" for use in uses[:-1]]  # type: ignore[union-attr]
    via = f" (through {', '.join(through)})" if through else ""
    shown = f"'#{target.get('id')}'" if target is not None else "an element"
    report.error(location, f"this <use> shows {shown}, which holds it{via}, so its copies would never end",
                 fix="point it at an element outside the one it shows, or delete it")


def _at_depth(root: ET.Element, depth: int, kept: dict[int, list[ET.Element]],
              measures: dict[int, Measure]) -> ET.Element:
    """The first element at ``depth`` on the way down to the deepest one."""
    element = root
    for _ in range(depth - 1):
        deepest = max(measures[id(part)].depth for part in kept[id(element)])
        element = next(part for part in kept[id(element)] if measures[id(part)].depth == deepest)
    return element


def _at_count(root: ET.Element, budget: int, kept: dict[int, list[ET.Element]],
              measures: dict[int, Measure]) -> tuple[ET.Element, ET.Element | None]:
    """The element that takes the expanded drawing past ``budget`` elements, counted in the order svgelements
    walks it, and the outermost ``<use>`` whose copy holds it (None when no copy does)."""
    element, culprit = root, None
    while True:
        budget -= 1
        if budget < 0:
            return element, culprit
        for part in kept[id(element)]:
            size = measures[id(part)].elements
            if size <= budget:
                budget -= size
                continue
            if culprit is None and element.tag in USE_TAGS and len(kept[id(element)]) > len(element) and (
                    part is kept[id(element)][-1]):
                culprit = element  # the outermost copy: unlinking it is the first thing to do
            element = part
            break
        else:
            return element, culprit


def _at_work(root: ET.Element, budget: int, kept: dict[int, list[ET.Element]],
             measures: dict[int, Measure]) -> ET.Element:
    """The element at which reading the expanded drawing, in svgelements' order, passes ``budget`` work."""
    element, above = root, 0  # above: the transforms of the elements above ``element``
    while True:
        within = above + moves(element)
        budget -= ELEMENT_WORK + within
        if budget < 0:
            return element
        for part in kept[id(element)]:
            cost = measures[id(part)].work + within * measures[id(part)].elements
            if cost <= budget:
                budget -= cost
                continue
            element, above = part, within
            break
        else:
            return element
