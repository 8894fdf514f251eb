"""Printables from rulesets: Jack's movement sheet and the play aids (vector PDF, A4 and Letter).

Each printable is first described by a small frozen *spec* built only from the
resolved ruleset (parameters and rule titles), then drawn. Two variants whose
specs are equal share one PDF, so a variant gets its own sheet exactly when its
parameters change it. Drawing goes through :func:`gaslight.outputs.pdf.render_pdf`
(same bytes every build, fonts embedded). Every fixed word a printable shows (headings, column heads, hints)
comes from its language's table (:func:`gaslight.outputs.labels.printable_labels`): a printable is made
per language of the project, ``print/<game>/<code>/`` for the others.

>>> spec = MovementSheetSpec(nights=4, crime_spaces=("V", "IV", "III", "II", "I"), moves=15,
...                          coaches=(3, 2, 2, 1), alleys=(2, 2, 1, 1), victims=(1, 1, 2, 1))
>>> spec.boxes_per_night, spec.labels[:6]
(20, ('V', 'IV', 'III', 'II', 'I', '1'))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, PageBreak, Spacer, Table, TableStyle

from gaslight.domain.rules.aids import AIDS, AidPlan, aid_lines
from gaslight.domain.rules.ruleset import Ruleset, Value, format_value
from gaslight.domain.rules.variants import EffectiveRuleset
from gaslight.outputs.aid_diagrams import WIDTH as DIAGRAM_WIDTH
from gaslight.outputs.aid_diagrams import Diagram
from gaslight.outputs.labels import Labels, printable_labels
from gaslight.outputs.pdf import (
    FONT,
    FONT_BOLD,
    FONT_ITALIC,
    PAGE_SIZES,
    draw_all,
    paragraph,
    register_fonts,
    render_pdf,
    text_font,
)
from gaslight.outputs.sink import BuildOutput

MARGIN = 36.0
GREY = colors.Color(0.85, 0.85, 0.85)


# --- specs ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class MovementSheetSpec:
    """What Jack's movement sheet shows: per night the time-of-crime spaces, then the move spaces."""

    nights: int
    crime_spaces: tuple[str, ...]
    moves: int
    coaches: tuple[int, ...]
    alleys: tuple[int, ...]
    victims: tuple[int, ...]
    language: str = "en"  # the language of its fixed words

    @property
    def labels(self) -> tuple[str, ...]:
        return (*self.crime_spaces, *(str(i) for i in range(1, self.moves + 1)))

    @property
    def boxes_per_night(self) -> int:
        return len(self.labels)


@dataclass(frozen=True)
class AidSection:
    """A heading with either a list of lines or a table (first row: column heads)."""

    heading: str
    lines: tuple[str, ...] = ()
    table: tuple[tuple[str, ...], ...] = ()
    numbered: bool = False  # lines are steps in order (1., 2., …); else bullets
    figures: tuple[tuple[str, str], ...] = ()  # (diagram name, caption) side by side


@dataclass(frozen=True)
class AidSpec:
    title: str
    intro: str
    sections: tuple[AidSection, ...]
    language: str = "en"  # the language of its diagrams' words


Spec = MovementSheetSpec | AidSpec


@dataclass(frozen=True)
class SheetPlan:
    """One printable to publish: file slug, title and what it shows."""

    slug: str
    title: str
    spec: Spec


@dataclass(frozen=True)
class Published:
    """A printable written to the build: its site paths per page size (``("a4", "print/…")``)."""

    slug: str
    title: str
    spec: Spec
    paths: tuple[tuple[str, str], ...]


# --- from rulesets to specs -----------------------------------------------------------------

def titles_for(ruleset: Ruleset) -> dict[str, str]:
    """Display titles of a ruleset's parameters and options, by name."""
    return {o.name: o.title for o in ruleset.options} | {p.name: p.title for p in ruleset.parameters}


def _per_night(parameters: Mapping[str, Value], name: str, nights: int) -> tuple[int, ...]:
    raw = parameters.get(name, ())
    values = tuple(raw) if isinstance(raw, tuple | list) else ()
    return tuple(int(values[i]) if i < len(values) else 0 for i in range(nights))


def movement_sheet_spec(effective: EffectiveRuleset, language: str = "en") -> MovementSheetSpec:
    """The movement sheet of a hunt ruleset, from ``nights``, ``time_of_crime_spaces`` and ``moves_per_night``."""
    p = effective.parameters
    nights = int(p.get("nights", 4))  # type: ignore[arg-type]
    crime = p.get("time_of_crime_spaces", ("V", "IV", "III", "II", "I"))
    return MovementSheetSpec(
        nights=nights,
        crime_spaces=tuple(str(c) for c in crime) if isinstance(crime, tuple) else (),
        moves=int(p.get("moves_per_night", 15)),  # type: ignore[arg-type]
        coaches=_per_night(p, "coaches_per_night", nights),
        alleys=_per_night(p, "alleys_per_night", nights),
        victims=_per_night(p, "victims_per_night", nights),
        language=language,
    )


def parameter_table(effective: EffectiveRuleset, titles: Mapping[str, str], names: Iterable[str] = (),
                    words: Labels | None = None) -> tuple:
    """Rows ``(title, value)`` for the named parameters (all when none are named); more than six go in two
    pairs of columns, so the table takes half the height on the page."""
    words = words or printable_labels("en")
    chosen = [n for n in names if n in effective.parameters] or list(effective.parameters)
    pairs = [(titles.get(n, n), format_value(effective.parameters[n])) for n in chosen]
    head = (words("parameter"), words("value"))
    if len(pairs) <= 6:
        return (head, *pairs)
    half = (len(pairs) + 1) // 2
    left, right = pairs[:half], [*pairs[half:], ("", "")]
    return ((*head, *head), *((*a, *b) for a, b in zip(left, right, strict=False)))


def options_lines(effective: EffectiveRuleset, titles: Mapping[str, str], words: Labels | None = None
                  ) -> tuple[str, ...]:
    on = [titles.get(name, name) for name, value in effective.options.items() if value]
    return tuple(on) or ((words or printable_labels("en"))("none"),)


def _schedule(effective: EffectiveRuleset, columns: Iterable[tuple[str, str]], words: Labels,
              patrols: bool = False) -> tuple[tuple[str, ...], ...]:
    """The night-by-night table: one column per ``*_per_night`` parameter (by its label's key), optionally
    the patrol tokens."""
    sheet = movement_sheet_spec(effective)
    cols = list(columns)
    head = (words("night"), *(words(key) for key, _ in cols), *((words("patrol_tokens"),) if patrols else ()))
    rows = [head]
    for night in range(sheet.nights):
        cells = [str(_per_night(effective.parameters, name, sheet.nights)[night]) for _, name in cols]
        if patrols:
            cells.append(patrol_placement(effective, night + 1, words))
        rows.append((str(night + 1), *cells))
    return tuple(rows)


def patrol_placement(effective: EffectiveRuleset, night: int, words: Labels | None = None) -> str:
    """Where the patrol tokens go on a night (rulings: all on yellow crossings on night 1).

    >>> from gaslight.domain.rules.variants import EffectiveRuleset
    >>> e = EffectiveRuleset("h", "hunt", "H", None, "Default", {"police_count": 5, "fake_patrols": 2}, {}, (), ())
    >>> patrol_placement(e, 1), patrol_placement(e, 2)
    ('7 on yellow crossings', '5 where the police stood, 2 on yellow crossings')
    >>> patrol_placement(e, 2, printable_labels("ja"))
    '5枚を警官コマがいた交差点に、2枚を黄色い枠の交差点に'
    """
    words = words or printable_labels("en")
    police, fake = _patrol_counts(effective)
    if night == 1:
        return words("patrols_first_night", count=police + fake)
    return words("patrols_later", police=police, fake=fake)


def _patrol_counts(effective: EffectiveRuleset) -> tuple[int, int]:
    """(police pawns, blank patrol tokens)."""
    p = effective.parameters
    return int(p.get("police_count", 5)), int(p.get("fake_patrols", 2))  # type: ignore[call-overload]


def jack_schedule(effective: EffectiveRuleset, words: Labels) -> AidSection:
    return AidSection(words("night_by_night"), table=_schedule(effective, (
        ("coaches", "coaches_per_night"), ("alleys", "alleys_per_night"), ("women_tokens", "women_per_night"),
        ("marked", "marked_women_per_night"), ("victims", "victims_per_night")), words))


def police_schedule(effective: EffectiveRuleset, words: Labels) -> AidSection:
    return AidSection(words("night_by_night"), table=_schedule(effective, (
        ("women_tokens", "women_per_night"), ("marked", "marked_women_per_night"),
        ("victims", "victims_per_night"), ("jacks_coaches", "coaches_per_night"),
        ("jacks_alleys", "alleys_per_night")), words, patrols=True))


def hunt_aids(effective: EffectiveRuleset, language: str = "en") -> tuple[SheetPlan, ...]:
    """Jack's movement sheet, and Jack's and the police's play aids: the rules' aid lines, section by
    section (see :data:`gaslight.domain.rules.aids.AIDS`), and the night-by-night numbers."""
    words = printable_labels(language)
    sheet = movement_sheet_spec(effective, language)
    police, fake = _patrol_counts(effective)
    track = words("track_intro", crime=" ".join(sheet.crime_spaces), moves=sheet.moves, boxes=sheet.boxes_per_night)
    intros = {
        "jack-aid": track,
        "police-aid": words("police_intro", police=police, tokens=police + fake, fake=fake, track=track),
    }
    plans: list[SheetPlan] = [SheetPlan("movement-sheet", words("movement_sheet"), sheet)]
    for aid in AIDS["hunt"]:
        sections = aid_sections(effective, aid, words=words)
        figures = hunt_figures(effective, aid.slug, words)
        if figures:  # after the moves, which they picture
            sections.insert(2, AidSection(words("at_a_glance"), figures=figures))
        title = words.aid_title(aid.slug, aid.title)
        plans.append(SheetPlan(aid.slug, title, AidSpec(title, intros[aid.slug], tuple(sections), language)))
    return tuple(plans)


def hunt_figures(effective: EffectiveRuleset, slug: str, words: Labels | None = None) -> tuple[tuple[str, str], ...]:
    """The diagrams of a hunt aid (:mod:`gaslight.outputs.aid_diagrams`) for the rules in play, with captions."""
    words = words or printable_labels("en")
    steps = effective.parameters.get("max_police_steps", 2)
    wanted = {
        "jack-aid": (("hunt.jack.coach", "coach", words("caption_coach")),
                     ("hunt.jack.alley", "alley", words("caption_alley"))),
        "police-aid": (("hunt.police.move", "police-move", words("caption_police_move", steps=steps)),
                       ("hunt.police.actions", "search", words("caption_search"))),
    }
    return tuple((name, caption) for rule, name, caption in wanted.get(slug, ())
                 if effective.has_rule(rule) and effective.rule(rule).active)


def aid_sections(effective: EffectiveRuleset, aid: AidPlan,
                 variants: Mapping[str | None, EffectiveRuleset] | None = None,
                 words: Labels | None = None) -> list[AidSection]:
    """An aid's sections of rule lines ("none" for a section with no rule in play; a variant's section only
    when it changes something), with the aid's own table of numbers (if it has one) before the last rule
    section; fixed words in ``words``' language."""
    words = words or printable_labels("en")
    sections = [AidSection(words.heading(p.heading), aid_lines(effective, p) or (words("none"),),
                           numbered=p.numbered)
                for p in aid.sections if p.variant is None]
    if aid.slug in AID_TABLES:
        sections.insert(len(sections) - 1, AID_TABLES[aid.slug](effective, words))
    sections += [AidSection(words.heading(p.heading), lines, numbered=p.numbered) for p in aid.sections
                 if p.variant is not None and (lines := aid_lines(effective, p, variants))]
    return sections


def parameter_names(effective: EffectiveRuleset, pattern: str) -> tuple[str, ...]:
    """Parameter names matching ``pattern`` (a regular expression), in file order."""
    return tuple(name for name in effective.parameters if re.search(pattern, name))


#: The parameters a one-page card of each card-game family lists under "Numbers" (a name pattern);
#: its rule sections come from the family's aid plan.
CARD_NUMBERS: Mapping[str, str] = {
    "walton": r".",
    "rummy": r"points|multiplier|penalty|target|hand_size",
    "twentyfour": r"value|points|bonus|hours|damage|threshold|seasons|incidents",
}


def challenge_table(effective: EffectiveRuleset, words: Labels | None = None) -> AidSection:
    """24's challenge at a glance: per die, what a success, a great success and a failure do.

    >>> from gaslight.domain.rules.variants import EffectiveRuleset
    >>> e = EffectiveRuleset("t", "twentyfour", "24", None, "Default", {"die_faces": 8, "green_bonus": (1, 2),
    ...     "red_bonus": (2, 3), "green_damage": 1, "red_damage": 2}, {}, (), ())
    >>> challenge_table(e).table[1]
    ('Green', '+1 strength', '+2 strength', '1 damage')
    """
    p = effective.parameters
    words = words or printable_labels("en")

    def pair(name: str) -> tuple[int, int]:
        value = p.get(name, (0, 0))
        return (int(value[0]), int(value[1])) if isinstance(value, tuple | list) and len(value) >= 2 else (0, 0)

    faces = p.get("die_faces", 8)
    rows = [(words("die"), words("success"), words("great_success", faces=faces), words("failure"))]
    for colour in ("green", "red"):
        good, great = pair(f"{colour}_bonus")
        damage = p.get(f"{colour}_damage", 0)
        rows.append((words(colour), words("strength", amount=good), words("strength", amount=great),
                     words("damage", amount=damage)))
    return AidSection(words("challenges"), table=tuple(rows))


#: The table of numbers an aid shows before its last section, by the aid's slug.
AID_TABLES: Mapping[str, Callable[[EffectiveRuleset, Labels], AidSection]] = {
    "jack-aid": jack_schedule, "police-aid": police_schedule, "phase-card": challenge_table,
}


def card(effective: EffectiveRuleset, titles: Mapping[str, str], aid: AidPlan, numbers: str,
         variants: Mapping[str | None, EffectiveRuleset] | None = None, language: str = "en") -> SheetPlan:
    """A one-page card: the rules' aid lines, the numbers that matter, the optional rules in play."""
    words = printable_labels(language)
    parts = aid_sections(effective, aid, variants, words)
    parts.append(AidSection(words("numbers"), table=parameter_table(effective, titles,
                                                                    parameter_names(effective, numbers), words)))
    if effective.options:
        parts.append(AidSection(words("optional_rules"), options_lines(effective, titles, words)))
    title = words.aid_title(aid.slug, aid.title)
    return SheetPlan(aid.slug, title, AidSpec(title, effective.title, tuple(parts), language))


def plans_for(effective: EffectiveRuleset, titles: Mapping[str, str],
              variants: Mapping[str | None, EffectiveRuleset] | None = None,
              language: str = "en") -> tuple[SheetPlan, ...]:
    """Every printable of one resolved ruleset, by its game family (a game of the designer's own has none yet).

    ``variants``: the ruleset's other variants, resolved, for the lines an aid says they change;
    ``language``: the language of the printables' fixed words (the ruleset is read in it by the caller).
    """
    if effective.family == "hunt":
        return hunt_aids(effective, language)
    if effective.family in CARD_NUMBERS:
        return tuple(card(effective, titles, aid, CARD_NUMBERS[effective.family], variants, language)
                     for aid in AIDS[effective.family])
    return ()


# --- drawing --------------------------------------------------------------------------------

def _write(canvas: Canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> float:
    """Draw one line of fixed words in ``font`` (the Japanese font for Japanese); its width."""
    face = text_font(text, font)
    canvas.setFont(face, size)
    draw = {"left": canvas.drawString, "right": canvas.drawRightString, "centre": canvas.drawCentredString}[align]
    draw(x, y, text)
    return float(canvas.stringWidth(text, face, size))


def draw_movement_sheet(canvas: Canvas, spec: MovementSheetSpec, label: str) -> None:
    """Landscape pages: the hideout box, then one row of labelled boxes per night."""
    words = printable_labels(spec.language)
    width, height = canvas._pagesize
    usable = width - 2 * MARGIN
    per_line = max(1, min(spec.boxes_per_night, int(usable // 22)))
    box = min(36.0, usable / per_line)
    lines = -(-spec.boxes_per_night // per_line)
    row_height = 34 + lines * (box + 12)

    def header() -> float:
        _write(canvas, MARGIN, height - MARGIN - 12, words("movement_sheet"), FONT_BOLD, 16)
        _write(canvas, width - MARGIN, height - MARGIN - 12, label, FONT_ITALIC, 9, "right")
        return height - MARGIN - 30

    y = header()
    _write(canvas, MARGIN, y - 14, words("hideout"), FONT_BOLD, 11)
    canvas.rect(MARGIN + 60, y - 30, 70, 30)
    _write(canvas, MARGIN + 140, y - 14, words("hideout_hint"), FONT, 8)
    y -= 48
    for night in range(spec.nights):
        if y - row_height < MARGIN:
            canvas.showPage()
            y = header()
        _draw_night(canvas, spec, words, night, y, box, per_line)
        y -= row_height


def _draw_night(canvas: Canvas, spec: MovementSheetSpec, words: Labels, night: int, top: float, box: float,
                per_line: int) -> None:
    _write(canvas, MARGIN, top - 12, words("night_number", number=night + 1), FONT_BOLD, 11)
    victims = spec.victims[night]
    extra = words("double_event") if victims == 2 else ""
    counts = words("night_counts", coaches=spec.coaches[night], alleys=spec.alleys[night], victims=victims)
    x0 = max(MARGIN + 330, MARGIN + 70 + _write(canvas, MARGIN + 60, top - 12, counts + extra, FONT, 8))
    for i, kind in enumerate(("coach_used", "alley_used")):
        count = (spec.coaches, spec.alleys)[i][night]
        used = _write(canvas, x0, top - 12, words(kind), FONT, 8)  # the circles follow the words, however long
        for k in range(count):
            canvas.circle(x0 + max(58.0, used + 8) + k * 12, top - 9, 4)
        x0 += max(70.0, used + 20) + max(count, 1) * 12 + 10
    crime = len(spec.crime_spaces)
    for i, text in enumerate(spec.labels):
        line, col = divmod(i, per_line)
        x = MARGIN + col * box
        y = top - 34 - line * (box + 12) - box
        if i < crime:
            canvas.setFillColor(GREY)
            canvas.rect(x, y, box, box, stroke=0, fill=1)
            canvas.setFillColor(colors.black)
        canvas.rect(x, y, box, box)
        canvas.setFont(FONT_BOLD if i < crime else FONT, 7)
        canvas.drawCentredString(x + box / 2, y + box + 3, text)


_STYLES: dict[str, ParagraphStyle] = {}


def styles() -> dict[str, ParagraphStyle]:
    if not _STYLES:
        _STYLES.update(
            title=ParagraphStyle("title", fontName=FONT_BOLD, fontSize=16, leading=20, spaceAfter=6),
            intro=ParagraphStyle("intro", fontName=FONT_ITALIC, fontSize=9, leading=12, spaceAfter=8),
            heading=ParagraphStyle("heading", fontName=FONT_BOLD, fontSize=12, leading=15, spaceBefore=8, spaceAfter=4),
            body=ParagraphStyle("body", fontName=FONT, fontSize=9, leading=11.5),
            item=ParagraphStyle("item", fontName=FONT, fontSize=9.5, leading=12, leftIndent=14, bulletIndent=0,
                                bulletFontName=FONT,  # reportlab numbers and bullets in Helvetica, not embedded
                                spaceAfter=2),
        )
    return _STYLES


CELL_PADDING = 12.0  # a table cell's left and right padding (reportlab's default, 6 pt each)


def column_widths(rows: tuple[tuple[str, ...], ...], style: ParagraphStyle, width: float) -> list[float]:
    """Widths for a table of ``rows`` within ``width``: each column as wide as its longest cell on one line,
    the narrow columns first, a column that cannot have that much sharing what is left; room to spare is
    shared out evenly. So a heading like 「婦人トークン」 stays whole and only the longest text wraps.

    >>> style = ParagraphStyle("b", fontName=FONT, fontSize=9)
    >>> [round(w) for w in column_widths((("Night", "Patrol tokens"), ("1", "7 on yellow crossings " * 4)), style, 300)]
    [36, 264]
    """
    register_fonts()
    columns = max(len(row) for row in rows)
    natural = [max(pdfmetrics.stringWidth(cell, text_font(cell, FONT), style.fontSize) + CELL_PADDING
                   for row in rows if index < len(row) for cell in [row[index]]) for index in range(columns)]
    widths = [0.0] * columns
    remaining = width
    for done, index in enumerate(sorted(range(columns), key=lambda i: natural[i])):
        widths[index] = min(natural[index], remaining / (columns - done))
        remaining -= widths[index]
    return [w + remaining / columns for w in widths]


def aid_groups(spec: AidSpec, label: str, width: float | None = None) -> list[list[Flowable]]:
    """The aid's flowables in groups that stay together: the title with its intro, then each section
    (``width``: the frame's, which the tables' columns share)."""
    style = styles()
    head: list[Flowable] = [paragraph(spec.title, style["title"])]
    intro = " — ".join(part for part in (spec.intro, label) if part)
    if intro:
        head.append(paragraph(intro, style["intro"]))
    groups = [head]
    for section in spec.sections:
        items: list[Flowable] = [paragraph(section.heading, style["heading"])]
        items.extend(paragraph(line, style["item"], bulletText=f"{i}." if section.numbered else "•")
                     for i, line in enumerate(section.lines, start=1))
        if section.figures:
            items.append(_figure_row(section.figures, spec.language))
        if section.table:
            data = [[paragraph(cell, style["body"]) for cell in row] for row in section.table]
            widths = column_widths(section.table, style["body"], width) if width else None
            table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
            table.setStyle(TableStyle([
                ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), GREY),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), FONT),  # a table sets its cells' font, Helvetica unless told
            ]))
            items.append(table)
        items.append(Spacer(1, 4))
        groups.append(items)
    return groups


def _figure_row(figures: tuple[tuple[str, str], ...], language: str = "en") -> Table:
    """Diagrams side by side, each with its caption under it."""
    caption = ParagraphStyle("caption", parent=styles()["body"], fontSize=9, leading=11)
    cells = [[Diagram(name, language) for name, _ in figures], [paragraph(text, caption) for _, text in figures]]
    table = Table(cells, colWidths=[DIAGRAM_WIDTH + 24] * len(figures), hAlign="LEFT")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("FONTNAME", (0, 0), (-1, -1), FONT)]))
    return table


def _height(items: list[Flowable], width: float, height: float) -> float:
    return sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in items)


def page_split(heights: list[float], room: float) -> int | None:
    """Where a second page should start (a group index), or None when everything fits on one page.

    The split keeps both pages within ``room`` and as even as possible, so the second page is never
    a stray line or two (an "orphaned" page).

    >>> page_split([100, 300, 300], 800) is None
    True
    >>> page_split([100, 300, 300, 50], 600)
    2
    """
    if sum(heights) <= room:
        return None
    fits = [k for k in range(1, len(heights)) if sum(heights[:k]) <= room and sum(heights[k:]) <= room]
    if not fits:
        return None  # longer than two pages: let the frames flow
    return min(fits, key=lambda k: abs(sum(heights[:k]) - sum(heights[k:])))


def draw_aid(canvas: Canvas, spec: AidSpec, label: str) -> None:
    """Portrait pages of flowing text and tables: one page when it fits, else two even ones split at a section."""
    width, height = canvas._pagesize
    groups = aid_groups(spec, label, width - 2 * MARGIN - 12)
    inner_w, inner_h = width - 2 * MARGIN - 12, height - 2 * MARGIN - 12  # a Frame pads 6 pt on each side
    # Measured heights leave out a little of what a frame adds between flowables: keep 2 % spare.
    split = page_split([_height(g, inner_w, inner_h) for g in groups], 0.98 * inner_h)
    pending: list[Flowable] = [f for i, g in enumerate(groups) for f in ([PageBreak()] if i == split else []) + g]
    while pending:
        before = len(pending)
        frame = Frame(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN, showBoundary=0)
        frame.addFromList(pending, canvas)
        if pending:
            if len(pending) == before:  # a single item taller than a page: leave it out rather than loop
                pending.pop(0)
            canvas.showPage()


def render(spec: Spec, size: str, label: str = "") -> bytes:
    """The PDF bytes of one printable at one page size (``"a4"`` or ``"letter"``)."""
    pagesize = PAGE_SIZES[size]
    draw: Callable[[Canvas], None]
    if isinstance(spec, MovementSheetSpec):
        pagesize = landscape(pagesize)
        title = printable_labels(spec.language)("movement_sheet")

        def draw(canvas: Canvas) -> None:
            draw_movement_sheet(canvas, spec, label)
    else:
        title = spec.title

        def draw(canvas: Canvas) -> None:
            draw_aid(canvas, spec, label)
    return render_pdf(pagesize, title, draw)


# --- publishing -----------------------------------------------------------------------------

@dataclass
class PrintQueue:
    """Printables to draw together on all cores (:func:`draw_all`), once every ruleset has said what it prints."""

    jobs: list[tuple[str, Spec, str, str]] = field(default_factory=list)  # (file, spec, page size, label)

    def add(self, out: BuildOutput, rel: str, spec: Spec, size: str, label: str) -> str:
        """Queue one PDF for ``print/rel``; its site path."""
        self.jobs.append((rel, spec, size, label))
        return out.printable_path(rel)

    def draw(self, out: BuildOutput) -> None:
        """Draw every queued PDF and write it."""
        for (rel, *_), data in zip(self.jobs, draw_all(render, [job[1:] for job in self.jobs]), strict=True):
            out.printable(rel, data)
        self.jobs.clear()


def publish(out: BuildOutput, folder: str, effective: EffectiveRuleset, titles: Mapping[str, str],
            defaults: tuple[Published, ...] | None, variants: Mapping[str | None, EffectiveRuleset] | None = None,
            queue: PrintQueue | None = None, language: str = "en") -> tuple[Published, ...]:
    """The printables of ``effective``; a variant reuses the default file when its spec is the same.

    New files go on ``queue`` (drawn by its owner); without one they are drawn before this returns.
    ``language``: the language of their fixed words.
    """
    pending = queue if queue is not None else PrintQueue()
    by_slug = {p.slug: p for p in defaults or ()}
    base = folder if effective.variant_id is None else f"{folder}/{effective.variant_id}"
    label = "" if effective.variant_id is None else printable_labels(language)("variant",
                                                                                 title=effective.variant_title)
    published = []
    for plan in plans_for(effective, titles, variants, language):
        same = by_slug.get(plan.slug)
        if same is not None and same.spec == plan.spec:
            published.append(same)
            continue
        paths = tuple((size, pending.add(out, f"{base}/{plan.slug}-{size}.pdf", plan.spec, size, label))
                      for size in PAGE_SIZES)
        published.append(Published(plan.slug, plan.title, plan.spec, paths))
    if queue is None:
        pending.draw(out)
    return tuple(published)
