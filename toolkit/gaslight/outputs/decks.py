"""Site pages and printables for decks: card sheets, gallery pages, scoring calculators.

For every deck: card sheet PDFs (A4 and Letter, fronts followed by duplex
backs, plus one card per page for print shops) drawn from a per-type face
template, and a gallery page with every card face, the composition table and
the download links. For Ripper rummy and 24: a scoring page with the
calculator (``site/assets/calculators/*.js``) fed by the deck and the game's
ruleset parameters.
"""

from __future__ import annotations

import json
import posixpath
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from gaslight.domain.decks.cardtext import with_rules_text
from gaslight.domain.decks.checks import game_ruleset
from gaslight.domain.decks.deck import Card, Deck, composition_table, deck_json
from gaslight.domain.scoring import rummy, twentyfour
from gaslight.outputs.cardsheet import MM, CardFace, CardSheetSettings, impose
from gaslight.outputs.pdf import FONT, FONT_BOLD, FONT_ITALIC, draw_all
from gaslight.outputs.sink import GAME_SITES, BuildOutput, GameSite, game_sites
from gaslight.outputs.text import html_text, md_text, pdf_text
from gaslight.project import Project

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


# A deck of no game of ours is listed under Reference.
SECTIONS: dict[str, GameSite] = {**GAME_SITES, "other": GameSite("Reference", "decks")}

SHEETS: tuple[tuple[str, str, CardSheetSettings], ...] = (
    ("a4", "fronts then backs (duplex, long-edge flip)", CardSheetSettings(page="a4")),
    ("letter", "fronts then backs (duplex, long-edge flip)", CardSheetSettings(page="letter")),
    ("print-shop", "each front followed by its back, for print shops",
     CardSheetSettings(layout="single", bleed_mm=3.0)),
)

PAPER = "#fbf8f1"
INK = "#1c1c1c"


def _relative(page: str, target: str) -> str:
    """A link from docs-relative ``page`` to docs-relative ``target``.

    >>> _relative("rummy/deck.md", "print/decks/x.pdf")
    '../print/decks/x.pdf'
    """
    return posixpath.relpath(target, posixpath.dirname(page) or ".")


def _text_colour(hex_colour: str) -> str:
    """Black or white, whichever reads better on ``hex_colour``."""
    red, green, blue = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#ffffff"


# ---- card faces (PDF) ----


def _field_lines(deck: Deck, card: Card) -> list[str]:
    card_type = deck.type_of(card)
    lines = []
    for name in card_type.show:
        spec = card_type.field(name)
        value = card.get(name)
        if spec is None or value is None:
            continue
        shown = deck.suit(str(value)).name if spec.type == "suit" else ("yes" if value is True else str(value))
        lines.append(f"{spec.label}: {shown}")
    return lines


def _suit_line(deck: Deck, card: Card) -> str:
    if card.suit is None:
        return ""
    suit = deck.suit(card.suit)
    return f"{suit.name} · rank {suit.rank}" if suit.rank is not None else suit.name


def _paragraphs(deck: Deck, card: Card, scale: float) -> list[Paragraph]:
    name = ParagraphStyle("name", fontName=FONT_BOLD, fontSize=9 * scale, leading=11 * scale, textColor=INK)
    body = ParagraphStyle("body", fontName=FONT, fontSize=7 * scale, leading=8.6 * scale, textColor=INK,
                          spaceBefore=3 * scale)
    flavour = ParagraphStyle("flavour", parent=body, fontName=FONT_ITALIC, textColor="#555555")
    parts = [Paragraph(pdf_text(card.name), name)]
    parts += [Paragraph(pdf_text(line), body) for line in _field_lines(deck, card)]
    if card.text:
        parts.append(Paragraph(pdf_text(card.text), body))
    if card.flavour:
        parts.append(Paragraph(pdf_text(card.flavour), flavour))
    return parts


def _draw_body(canvas: Canvas, deck: Deck, card: Card, left: float, top: float, width: float, bottom: float,
               scale: float) -> None:
    """Stack the paragraphs from ``top`` down, shrinking the type until they fit above ``bottom``."""
    for shrink in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
        parts = _paragraphs(deck, card, scale * shrink)
        heights = [p.wrap(width, top - bottom)[1] + p.getSpaceBefore() for p in parts]
        if sum(heights) <= top - bottom:
            break
    y = top
    for part, height in zip(parts, heights, strict=True):
        y -= height
        part.drawOn(canvas, left, y)


def _draw_big_number(canvas: Canvas, value: int, label: str, colour: str, width: float, bottom: float,
                     scale: float) -> None:
    """The 'number' template: the value large and centred above the foot, its meaning under it."""
    canvas.setFillColor(HexColor(colour if _text_colour(colour) != INK else "#555555"))  # light colours fade out
    canvas.setFont(FONT_BOLD, 40 * scale)
    canvas.drawCentredString(width / 2, bottom + 12 * scale, str(value))
    canvas.setFont(FONT, 6.5 * scale)
    canvas.drawCentredString(width / 2, bottom + 3 * scale, label)


def face_for(deck: Deck, card: Card, settings: CardSheetSettings) -> CardFace:
    """The card's face from its type's template: colour band, type, suit, value, name, fields, text."""
    card_type = deck.type_of(card)
    band = deck.colour_of(card)
    on_band = _text_colour(band)

    def draw(canvas: Canvas, width: float, height: float) -> None:
        scale = min(width / (63 * MM), height / (88 * MM))
        safe, over = settings.safe, 20 * MM
        band_h = 0.2 * height
        canvas.setFillColor(HexColor(PAPER))
        canvas.rect(-over, -over, width + 2 * over, height + 2 * over, stroke=0, fill=1)
        canvas.setFillColor(HexColor(band))
        canvas.rect(-over, height - band_h, width + 2 * over, band_h + over, stroke=0, fill=1)
        canvas.setStrokeColor(HexColor(band))
        canvas.setLineWidth(0.6 * scale)
        canvas.roundRect(safe / 2, safe / 2, width - safe, height - band_h - safe / 2 + 0.3 * scale, 2 * scale)
        canvas.setFillColor(HexColor(on_band))
        canvas.setFont(FONT_BOLD, 7.5 * scale)
        canvas.drawString(safe, height - safe - 7 * scale, card_type.name.upper())
        canvas.setFont(FONT, 6.5 * scale)
        canvas.drawString(safe, height - safe - 16 * scale, _suit_line(deck, card))
        if card.value is not None:
            radius = 9 * scale
            cx, cy = width - safe - radius, height - safe - radius
            canvas.setFillColor(HexColor(PAPER))
            canvas.circle(cx, cy, radius, stroke=0, fill=1)
            canvas.setFillColor(HexColor(INK))
            canvas.setFont(FONT_BOLD, 10 * scale)
            canvas.drawCentredString(cx, cy - 3.5 * scale, str(card.value))
        foot = f"{deck.title} · {card.id}" + (" · playtest value" if card.playtest else "")
        canvas.setFillColor(HexColor("#777777"))
        canvas.setFont(FONT, 5 * scale)
        canvas.drawString(safe, safe, foot)
        bottom = safe + 8 * scale
        if card_type.template == "number" and card.value is not None:
            _draw_big_number(canvas, card.value, card_type.value_label, band, width, bottom, scale)
            bottom += 52 * scale
        _draw_body(canvas, deck, card, safe, height - band_h - 3 * scale, width - 2 * safe, bottom, scale)

    return CardFace(f"{deck.id}:{card.id}", draw)


def back_for(deck: Deck, settings: CardSheetSettings) -> CardFace:
    """The deck's common back: its colour to the bleed, a frame inside the safe zone, the title."""
    back = deck.back

    def draw(canvas: Canvas, width: float, height: float) -> None:
        scale = min(width / (63 * MM), height / (88 * MM))
        over, safe = 20 * MM, settings.safe
        canvas.setFillColor(HexColor(back.colour))
        canvas.rect(-over, -over, width + 2 * over, height + 2 * over, stroke=0, fill=1)
        ink = HexColor(_text_colour(back.colour))
        canvas.setStrokeColor(ink)
        canvas.setLineWidth(0.8 * scale)
        canvas.rect(safe, safe, width - 2 * safe, height - 2 * safe, stroke=1, fill=0)
        canvas.setFillColor(ink)
        canvas.setFont(FONT_BOLD, 14 * scale)
        canvas.drawCentredString(width / 2, height / 2, back.title)
        canvas.setFont(FONT, 7 * scale)
        canvas.drawCentredString(width / 2, height / 2 - 14 * scale, back.text)

    return CardFace(f"{deck.id}:back", draw)


def card_sheet(deck: Deck, settings: CardSheetSettings) -> bytes:
    """Every physical card of the deck (copies repeated), then the backs, as one PDF."""
    faces = [face_for(deck, card, settings) for card in deck.expanded()]
    return impose(faces, settings, back_for(deck, settings), title=f"{deck.title} — card sheet")


# ---- Walton case cards ----

CASE_CARD_COLOURS = {"means": "#7a3b2e", "alibi": "#2f5f7a", "motive": "#6b4f8f", "scheme": "#8a5a2e",
                     "opportunity": "#3f6f5e"}
CASE_CARD_DEFAULT = "#4a5a3a"


def _reference_names(mansion: Any, references: tuple[str, ...]) -> str:
    named = []
    for ref in references:
        found = mansion.suspect(ref) or mansion.room(ref)
        named.append(found.name if found else ref)
    return ", ".join(named)


def case_face(case: Any, mansion: Any, card: Any, settings: CardSheetSettings) -> CardFace:
    """A Walton clue card: number, information value (pips), type, references and text."""
    from gaslight.domain.walton.case import display_text

    band = CASE_CARD_COLOURS.get(card.type, CASE_CARD_DEFAULT)
    text, references = display_text(card, mansion), _reference_names(mansion, card.references)

    def draw(canvas: Canvas, width: float, height: float) -> None:
        scale = min(width / (63 * MM), height / (88 * MM))
        safe, over, band_h = settings.safe, 20 * MM, 0.2 * height
        canvas.setFillColor(HexColor(PAPER))
        canvas.rect(-over, -over, width + 2 * over, height + 2 * over, stroke=0, fill=1)
        canvas.setFillColor(HexColor(band))
        canvas.rect(-over, height - band_h, width + 2 * over, band_h + over, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setFont(FONT_BOLD, 18 * scale)
        canvas.drawString(safe, height - safe - 16 * scale, str(card.number))
        canvas.setFont(FONT, 6.5 * scale)
        canvas.drawRightString(width - safe, height - safe - 6 * scale, card.type.upper())
        for pip in range(card.value):
            canvas.circle(width - safe - 3 * scale - pip * 8 * scale, height - safe - 14 * scale, 2.6 * scale,
                          stroke=0, fill=1)
        style = ParagraphStyle("clue", fontName=FONT, fontSize=7.5 * scale, leading=9.5 * scale, textColor=INK)
        refs = ParagraphStyle("refs", parent=style, fontName=FONT_ITALIC, fontSize=6.5 * scale, textColor="#555555")
        parts = [Paragraph(pdf_text(text), style)]
        if references:
            parts.append(Paragraph(pdf_text(f"Refers to: {references}"), refs))
        y = height - band_h - 4 * scale
        for part in parts:
            _, used = part.wrap(width - 2 * safe, y - safe)
            y -= used + 3 * scale
            part.drawOn(canvas, safe, y)
        canvas.setFillColor(HexColor("#777777"))
        canvas.setFont(FONT, 5 * scale)
        canvas.drawString(safe, safe, f"{case.title} · card {card.number} · information value {card.value}")

    return CardFace(f"{case.id}:{card.number}", draw)


def case_back(case: Any) -> CardFace:
    def draw(canvas: Canvas, width: float, height: float) -> None:
        scale = min(width / (63 * MM), height / (88 * MM))
        over = 20 * MM
        canvas.setFillColor(HexColor("#24303a"))
        canvas.rect(-over, -over, width + 2 * over, height + 2 * over, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setFont(FONT_BOLD, 13 * scale)
        canvas.drawCentredString(width / 2, height / 2, "Walton case")
        canvas.setFont(FONT, 7 * scale)
        canvas.drawCentredString(width / 2, height / 2 - 13 * scale, case.title)

    return CardFace(f"{case.id}:back", draw)


def case_card_sheet(case: Any, mansion: Any, settings: CardSheetSettings) -> bytes:
    """A Walton case's clue cards, in number order, with backs, through the same imposition as decks."""
    faces = [case_face(case, mansion, card, settings) for card in sorted(case.cards, key=lambda c: c.number)]
    return impose(faces, settings, case_back(case), title=f"{case.title} — case cards")


def case_cards_markdown(rows: list[tuple[Any, list[tuple[str, str]]]], page: str) -> str:
    out = ["# Walton case cards", "",
           "Print-and-play sheets of every case's clue cards: number, information value (the pips), "
           "the people and rooms a card refers to, and its text. Print double-sided, flipping on the long edge.",
           "", "| Case | Cards | Sheets |", "|---|---:|---|"]
    for case, downloads in rows:
        links = " · ".join(f"[{md_text(label)}]({_relative(page, path)})" for label, path in downloads)
        out.append(f"| {md_text(case.title)} | {len(case.cards)} | {links} |")
    return "\n".join(out) + "\n"


def _walton_cards(project: Project, out: BuildOutput) -> None:
    page = "walton/case-cards.md"
    sizes = (("a4", "A4", SHEETS[0][2]), ("letter", "Letter", SHEETS[1][2]))
    cases = [(case, mansion) for case in project.of_kind("case")
             if (mansion := project.by_id("mansion", case.mansion)) is not None]
    pdfs = iter(draw_all(case_card_sheet, [(case, mansion, settings) for case, mansion in cases
                                           for _, _, settings in sizes]))
    rows = []
    for case, _ in cases:
        downloads = [(label, out.printable(f"walton/{case.id}-cards-{key}.pdf", next(pdfs))) for key, label, _ in sizes]
        rows.append((case, downloads))
    if rows:
        out.page(page, case_cards_markdown(rows, page), nav=(GAME_SITES["walton"].section, "Case cards"))


# ---- gallery page ----

CARD_CSS = """<style>
.gl-cards { display: flex; flex-wrap: wrap; gap: 0.8rem; }
.gl-card { width: 9.4rem; min-height: 13.2rem; border: 1px solid #bbb; border-radius: 0.5rem; overflow: hidden;
  background: #fbf8f1; color: #1c1c1c; font-size: 0.62rem; line-height: 1.3; display: flex; flex-direction: column; }
.gl-card-band { background: var(--gl-band); color: var(--gl-on-band); padding: 0.4rem 2.4rem 0.4rem 0.5rem;
  min-height: 2.6rem; position: relative; }
.gl-card-type { font-weight: 700; letter-spacing: 0.05em; text-transform: uppercase; }
.gl-card-suit { display: block; }
.gl-card-value { position: absolute; right: 0.4rem; top: 0.35rem; background: #fbf8f1; color: #1c1c1c;
  border-radius: 50%; min-width: 1.7rem; height: 1.7rem; line-height: 1.7rem; text-align: center; font-weight: 700; }
.gl-card-name { font-weight: 700; font-size: 0.72rem; padding: 0.4rem 0.5rem 0.1rem; }
.gl-card-field, .gl-card-text, .gl-card-flavour { padding: 0.15rem 0.5rem; }
.gl-card-flavour { font-style: italic; color: #555; }
.gl-card-foot { margin-top: auto; padding: 0.3rem 0.5rem; color: #777; font-size: 0.55rem; }
</style>"""

CALC_CSS = """<style>
.gl-calc input[type=text], .gl-calc input[type=number], .gl-calc select { border: 1px solid #999;
  border-radius: 0.2rem; padding: 0.15rem 0.3rem; background: #fff; color: #1c1c1c; font: inherit; }
.gl-calc input[type=number] { width: 4em; }
.gl-calc td, .gl-calc th { padding: 0.2rem 0.4rem; text-align: left; }
.gl-calc .md-button { margin: 0.6rem 0; }
</style>"""


def card_html(deck: Deck, card: Card) -> str:
    """One card face as a single line of HTML (every scenario text escaped)."""
    band = deck.colour_of(card)
    parts = [f'<div class="gl-card" style="--gl-band: {html_text(band)}; --gl-on-band: {_text_colour(band)}">',
             '<div class="gl-card-band">',
             f'<span class="gl-card-type">{html_text(deck.type_of(card).name)}</span>']
    if card.suit is not None:
        parts.append(f'<span class="gl-card-suit">{html_text(_suit_line(deck, card))}</span>')
    if card.value is not None:
        parts.append(f'<span class="gl-card-value">{card.value}</span>')
    parts.append("</div>")
    parts.append(f'<div class="gl-card-name">{html_text(card.name)}</div>')
    parts += [f'<div class="gl-card-field">{html_text(line)}</div>' for line in _field_lines(deck, card)]
    if card.text:
        parts.append(f'<div class="gl-card-text">{html_text(card.text)}</div>')
    if card.flavour:
        parts.append(f'<div class="gl-card-flavour">{html_text(card.flavour)}</div>')
    foot = f"×{card.copies} · {card.id}" + (" · playtest value" if card.playtest else "")
    parts.append(f'<div class="gl-card-foot">{html_text(foot)}</div></div>')
    return "".join(parts).replace("\n", " ")


def _values_text(values: tuple[int | None, ...]) -> str:
    shown = [str(v) for v in values if v is not None]
    blank = sum(1 for v in values if v is None)
    text = ", ".join(shown)
    return text + (f" (+{blank} without a value)" if blank else "") if text or blank else "—"


def composition_markdown(deck: Deck) -> str:
    rows = ["| Type | Suit | Cards | Values |", "|---|---|---:|---|"]
    for row in composition_table(deck):
        suit = md_text(deck.suit(row.suit).name) if row.suit else "—"
        rows.append(f"| {md_text(deck.card_type(row.type).name)} | {suit} | {row.count} | "
                    f"{md_text(_values_text(row.values))} |")
    rows.append(f"| **All cards** | | **{deck.size}** | |")
    return "\n".join(rows)


def rules_markdown(deck: Deck) -> str:
    lines = [f"- the deck holds {deck.total} cards"] if deck.total is not None else []
    for rule in deck.rules:
        wants = []
        if rule.count is not None:
            wants.append(f"{rule.count} card{'s' * (rule.count != 1)}")
        if rule.values is not None:
            wants.append("values " + _values_text(tuple(sorted(rule.values, key=lambda v: (v is None, v or 0)))))
        if rule.sum is not None:
            wants.append(f"values summing to {rule.sum}")
        wants += [f"{what} = ruleset parameter {name}" for what, name in rule.parameters]
        lines.append(f"- {md_text(rule.subject)}: {md_text(', '.join(wants))}")
    return "\n".join(lines) or "- (no composition rules)"


def components_markdown(deck: Deck) -> str:
    lines = []
    for part in deck.components:
        faces = f", d{part.faces}" if part.faces else ""
        note = f": {md_text(part.description)}" if part.description else ""
        lines.append(f"- **{md_text(part.name)}** × {part.copies} ({md_text(part.kind)}{faces}){note}")
    return "\n".join(lines)


def gallery_markdown(deck: Deck, page: str, downloads: list[tuple[str, str, str]], source_file: str = "") -> str:
    """The deck's page: summary, downloads, composition, components, every card face."""
    out = [f"# {md_text(deck.title)}", ""]
    if deck.summary:
        out += [md_text(deck.summary), ""]
    out += ["## Print and play", ""]
    out += [f"- [{md_text(label)}]({_relative(page, path)}) — {md_text(note)}" for label, note, path in downloads]
    width, height = SHEETS[0][2].trim_mm()
    out += ["", f"Cards are {width:g} × {height:g} mm with {SHEETS[0][2].bleed_mm:g} mm bleed; the safe zone is "
            f"{SHEETS[0][2].safe_mm:g} mm inside the trim. Print the A4 or Letter sheet double-sided, "
            "flipping on the long edge, and each back lands behind its front.", ""]
    if deck.playtest:
        out += ['!!! note "Playtest values"', "", f"    {md_text(deck.playtest)}", ""]
    source = md_text(source_file or Path(deck.location.file).name)
    out += ["## Composition", "", composition_markdown(deck), "",
            f"The deck is kept in {source}; `gaslight check` enforces:", "", rules_markdown(deck), ""]
    if deck.components:
        out += ["## Other components", "", components_markdown(deck), ""]
    out += ["## Every card", "", CARD_CSS, "", '<div class="gl-cards">']
    out += [card_html(deck, card) for card in deck.cards]
    out += ["</div>", ""]
    return "\n".join(out)


def deck_page(deck: Deck, first_of_game: bool, site: GameSite | None = None) -> tuple[str, tuple[str, ...]]:
    """(page path, menu path) of a deck's gallery page; ``site``: the section of the deck's ruleset."""
    if site is not None:
        if first_of_game:
            return f"{site.folder}/deck.md", (site.section, "Deck")
        return f"{site.folder}/decks/{deck.id}.md", (site.section, "Decks", deck.title)
    section = SECTIONS[deck.game]
    if first_of_game and deck.game != "other":
        return f"{section.folder}/deck.md", (section.section, "Deck")
    folder = "decks" if deck.game == "other" else f"{section.folder}/decks"
    return f"{folder}/{deck.id}.md", (section.section, "Decks", deck.title)


# ---- scoring pages ----

RUMMY_PARAMETERS = {"vote_points": "vote_bonus", "ripper_escape_points": "escape_points",
                    "jack_multiplier": "jack_multiplier", "escape_penalty_per_victim": "escape_in_hand_per_victim",
                    "target_score": "game_target"}
TWENTYFOUR_PARAMETERS = {"assist_points": "assist_points", "coop_set_size": "set_size",
                         "coop_bonus_per_card": "set_bonus_per_card", "incidents_per_season": "incidents_per_season",
                         "death_bonus_base": "death_bonus_base"}


def game_parameters(project: Project, game: str, names: Mapping[str, str]) -> dict[str, Any]:
    """The scoring rules' overrides from the game's ruleset (its defaults), renamed to the scoring fields."""
    ruleset = next((r for r in project.of_kind("ruleset") if r.game == game), None)
    if ruleset is None:
        return {}
    from gaslight.domain.rules.ruleset import resolve

    parameters = resolve(ruleset, None).parameters
    return {ours: parameters[theirs] for theirs, ours in names.items() if isinstance(parameters.get(theirs), int)}


def _points_by_kind(deck: Deck) -> dict[str, int]:
    """The value of each card type (its first card with a value): the calculator's default points."""
    points: dict[str, int] = {}
    for card in deck.cards:
        if card.value is not None:
            points.setdefault(card.type, card.value)
    return points


def _attribute(data: Any) -> str:
    return html_text(json.dumps(data, sort_keys=True, ensure_ascii=False))


def _calculator(page: str, name: str, data: Mapping[str, Any]) -> str:
    attributes = " ".join(f'data-{key}="{_attribute(value)}"' for key, value in sorted(data.items()))
    script = _relative(page, f"assets/calculators/{name}.js")
    return (f'{CALC_CSS}\n\n<div class="gl-calc" data-gl-calc="{name}" {attributes}>'
            "<p><em>The calculator needs JavaScript.</em></p></div>\n\n"
            f'<script type="module" src="{script}"></script>')


def rummy_scoring_markdown(deck: Deck | None, rules: rummy.RummyRules, page: str, deck_link: str | None) -> str:
    suspects = [{"id": s.id, "name": s.name, "rank": s.rank}
                for s in (deck.suits if deck else ()) if s.group == "suspect"]
    example = rummy.score_hand(rummy.RummyHand(
        (rummy.RummyPlayer("Ann", (rummy.RummyCard("evidence", 5, "crimson"),) * 3
                           + (rummy.RummyCard("suspect", 10, "crimson"),), went_out=True, vote="crimson"),
         rummy.RummyPlayer("Bob", (rummy.RummyCard("letter", 3),) * 3, (rummy.RummyCard("victim", 5),))),
        {"crimson": 1}), rules)
    ann, bob = example.totals()["Ann"], example.totals()["Bob"]
    out = ["# Ripper rummy scoring", "",
           "A hand ends in one of two ways, and is scored in one of two modes.", "",
           "## Arrest", "",
           "When a player goes out, add up the points on the table for each suspect: evidence, wild evidence "
           "played into the suspect's melds, suspicion and alibi cards of the suspect's colour, from every player. "
           "The suspect with the most points is Jack — except the suspect covered by the alibi on the table, who "
           "cannot be. A tie goes to the lower rank number.", "",
           f"- Evidence and suspicion cards of Jack's colour score ×{rules.jack_multiplier}; letters never do.",
           "- Every other card on the table scores its printed value.",
           "- Everyone except the player who went out loses the value of each card left in hand; a Ripper "
           f"Escape left in hand costs {rules.escape_in_hand_per_victim} per victim on the table.",
           f"- A right vote scores {rules.vote_bonus}.", "",
           '!!! note "Ruling: the alibi exception"', "",
           "    The source says a suspect with only an alibi cannot be Jack, yet an alibi can only be played "
           "beside a meld of its colour. We read it as: the suspect covered by the alibi on the table (there is "
           "at most one) is never Jack, and when no other suspect has points the hand is scored as an escape.",
           "",
           "## Escape", "",
           f"The player who played the Ripper Escape scores {rules.escape_points}; everyone scores their victims "
           "and scenes; nothing else counts and no cards in hand are lost. A hand is scored this way when the "
           "Ripper Escape is played, when no suspect can be Jack (the alibi covers the only suspect with points, "
           "or only letters were melded), or when the draw pile runs out twice.", "",
           f"The game ends when a player reaches {rules.game_target}; the highest total wins, and a tie at the "
           "top plays another hand.", "",
           "## Worked example", "",
           "Ann goes out with three crimson evidence cards (5 each) and the crimson suspicion card (10), "
           "and voted for crimson. Bob melded three letters and holds a victim. "
           f"Crimson is Jack: Ann scores (15 + 10) × {rules.jack_multiplier} + {rules.vote_bonus} = {ann}; "
           f"Bob scores 9 − 5 = {bob}.", "",
           "## Calculator", "",
           "Type the cards as short codes: `e:crimson` evidence, `w:crimson` wild evidence in a crimson meld, "
           "`l` letter, `s:crimson` suspicion, `a:teal` alibi covering teal, `v` victim, `c` scene, `x` Ripper "
           "Escape, `k` strike, `r` resignation. Add `:7` to give other points and `*3` to repeat. Suspects: "
           + ", ".join(f"`{md_text(s['id'])}` ({md_text(s['name'])})" for s in suspects) + ".", "",
           _calculator(page, "rummy", {"rules": _rules_json(rules), "suspects": suspects,
                                       "points": _points_by_kind(deck) if deck else {}}), ""]
    if deck_link:
        out += ["", f"The card values come from the [deck]({deck_link})."]
    return "\n".join(out) + "\n"


def twentyfour_scoring_markdown(deck: Deck | None, rules: twentyfour.TwentyFourRules, page: str,
                                deck_link: str | None) -> str:
    detectives = [{"name": c.name, "skill": str(c.get("skill_id", ""))}
                  for c in (deck.cards if deck else ()) if c.type == "detective"]
    incident_suits = [s for s in (deck.suits if deck else ()) if s.group == "incident"]
    example = twentyfour.score_detective(twentyfour.Detective(
        "Ann", stand=(twentyfour.Incident("bombing", 4),),
        coop=(twentyfour.Incident("siege", 2), twentyfour.Incident("siege", 3)), assists=1), rules)
    out = ["# 24 scoring", "",
           "After the third season each detective adds up:", "",
           "- the value of every incident card won, in the stand and in the co-op;",
           f"- {rules.assist_points} per assist card;",
           f"- the co-op set bonus: a suit with {rules.set_size} or more cards in the co-op scores "
           f"{rules.set_bonus_per_card} more per card;",
           "- the points marked when the detective died in the line of duty (the first-place incident's value "
           f"+ {rules.death_bonus_base} − the incident number);",
           "- the lone-hunter skill (Hound): a detective with it who died scores 1 per card in the stand.", "",
           "The highest total wins; a tie is a draw. A virtual player in a three-player game does not score.", "",
           '!!! note "Ruling: assists in co-op sets"', "",
           "    Assist cards are multicoloured. We read that as: each assist in the co-op joins one suit of its "
           "owner's choice when sets are scored (the calculator picks the best choice), and a set needs at "
           "least one incident card of its suit.", "",
           "## Worked example", "",
           "Ann holds a 4 in her stand and two siege incidents (2 and 3) and one assist in her co-op. "
           f"The assist completes a siege set of three: 4 + 2 + 3 + 1 + 3 = {example.total}.", "",
           "## Calculator", "",
           "Type incidents as `suit:value`, for example `bombing:4 siege:3*2`. Suits: "
           + ", ".join(f"`{md_text(s.id)}` ({md_text(s.name)})" for s in incident_suits) + ".", "",
           _calculator(page, "twentyfour", {"rules": _rules_json(rules), "detectives": detectives}), ""]
    if deck_link:
        out += ["", f"The detectives and suits come from the [deck]({deck_link})."]
    return "\n".join(out) + "\n"


def _rules_json(rules: Any) -> dict[str, Any]:
    return dict(sorted(vars(rules).items()))


# ---- the contributor ----


def _downloads(out: BuildOutput, deck: Deck) -> list[tuple[str, str, str]]:
    """Write the deck's card sheets and JSON export; (label, note, site path) for each."""
    downloads = []
    for (key, note, settings), pdf in zip(SHEETS, draw_all(card_sheet, [(deck, s) for _, _, s in SHEETS]), strict=True):
        path = out.printable(f"decks/{deck.id}-{key}.pdf", pdf)
        label = {"a4": "Card sheet, A4", "letter": "Card sheet, Letter", "print-shop": "Print-shop file"}[key]
        downloads.append((label, f"{note}; {settings.describe()}", path))
    data = json.dumps(deck_json(deck), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    downloads.append(("Deck data", "every card as JSON (gaslight-deck/1)", out.export(f"decks/{deck.id}.json", data)))
    return downloads


def _scoring(project: Project, out: BuildOutput, game: str, deck_pages: Mapping[str, tuple[Deck, str]]) -> None:
    section = SECTIONS[game]
    page = f"{section.folder}/scoring.md"
    deck, deck_page_path = deck_pages.get(game, (None, None))
    link = _relative(page, deck_page_path) if deck_page_path else None
    if game == "rummy":
        rules: Any = rummy.RummyRules(**game_parameters(project, "rummy", RUMMY_PARAMETERS))
        markdown = rummy_scoring_markdown(deck, rules, page, link)
    else:
        rules = twentyfour.TwentyFourRules(**game_parameters(project, "twentyfour", TWENTYFOUR_PARAMETERS))
        markdown = twentyfour_scoring_markdown(deck, rules, page, link)
    out.page(page, markdown, nav=(section.section, "Scoring"))


def printed_deck(project: Project, deck: Deck) -> Deck:
    """``deck`` as printed: card text that quotes the rules filled in from the game's ruleset."""
    game_rules = game_ruleset(project, deck)
    if game_rules is None:
        return deck
    from gaslight.domain.rules.ruleset import resolve

    return with_rules_text(deck, resolve(game_rules, None).parameters, game_rules.id)[0]


def contribute(project: Project, out: BuildOutput) -> None:
    """Every deck's sheets and gallery page, the two scoring pages, and the Walton case cards."""
    seen_games: set[str] = set()
    deck_pages: dict[str, tuple[Deck, str]] = {}
    sites = game_sites(project.of_kind("ruleset"))
    for written in project.of_kind("deck"):
        deck = printed_deck(project, written)
        ruleset = project.by_id("ruleset", deck.ruleset) if deck.ruleset else None
        game = ruleset.game if ruleset else deck.game
        site = sites[ruleset.id] if ruleset else None
        if site is not None:
            out.add_section(site.section)
        page, nav = deck_page(deck, game not in seen_games, site)
        if game not in seen_games:
            deck_pages[game] = (deck, page)
        seen_games.add(game)
        out.page(page, gallery_markdown(deck, page, _downloads(out, deck), project.source_name(deck.location.file)),
                 nav=nav)
    played = {r.game for r in project.of_kind("ruleset")} | set(deck_pages)
    for game in ("rummy", "twentyfour"):
        if game in played:  # a scoring page only for a game the project has
            _scoring(project, out, game, deck_pages)
    _walton_cards(project, out)
