"""Card faces drawn for print: a deck's cards from their type's template, and Walton case clue cards.

A face is a :class:`~gaslight.outputs.cardsheet.CardFace`: whatever size the deck's ``print:``
block sets, it is laid out in proportion to a poker card (63 × 88 mm), keeps text in the safe zone,
and runs backgrounds to the bleed. A card with art (its own or its suit's) gets an art box under
the colour band, the picture scaled to fit it whole.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from gaslight.domain.decks.art import Art, drawable
from gaslight.domain.decks.deck import Card, Deck
from gaslight.domain.decks.face_layout import ART_SHARE, INK, SVG_ICON_PREFIX, BodyFit, face_scale, fit_body, text_box
from gaslight.domain.decks.face_layout import field_lines as field_lines  # the name the outputs import it by
from gaslight.domain.decks.looks import Back
from gaslight.domain.decks.svg_art import svg_drawing
from gaslight.outputs.cardsheet import MM, CardFace, CardSheetSettings, impose
from gaslight.outputs.labels import printable_labels
from gaslight.outputs.pdf import FONT, FONT_BOLD, FONT_ITALIC, paragraph, text_font

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfgen.canvas import Canvas


PAPER = "#fbf8f1"


#: WCAG's contrast for normal-size text (a card's small print is normal-size text).
READABLE_CONTRAST = 4.5


def _luminance(hex_colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(int(hex_colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: str, other: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours, 1 to 21.

    >>> round(contrast("#ffffff", "#000000"), 1), round(contrast("#777777", "#ffffff"), 2)
    (21.0, 4.48)
    """
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_colour(hex_colour: str) -> str:
    """Ink or white, whichever has the greater contrast on ``hex_colour``.

    >>> text_colour("#b7862a"), text_colour("#a3262e")
    ('#1c1c1c', '#ffffff')
    """
    return INK if contrast(INK, hex_colour) >= contrast("#ffffff", hex_colour) else "#ffffff"


def readable_band(hex_colour: str) -> str:
    """``hex_colour``, or the same hue darkened just enough for white text to reach WCAG's 4.5:1 when neither
    ink nor white does on it (a mid-tone band on screen; printed faces keep the designer's colour).

    >>> readable_band("#a3262e"), readable_band("#2980b9")
    ('#a3262e', '#287cb3')
    """
    if max(contrast(INK, hex_colour), contrast("#ffffff", hex_colour)) >= READABLE_CONTRAST:
        return hex_colour
    channels = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    for step in range(1, 101):
        darker = "#" + "".join(f"{round(c * (1 - step / 100)):02x}" for c in channels)
        if contrast("#ffffff", darker) >= READABLE_CONTRAST:
            return darker
    return "#000000"


# ---- card faces (PDF) ----


def suit_line(deck: Deck, card: Card, rank: str = "rank {rank}", joiner: str = " · ") -> str:
    """The suit under the type: its name, and its rank when it has one (``rank``: the words, in the sheet's
    language)."""
    if card.suit is None:
        return ""
    suit = deck.suit(card.suit)
    return f"{suit.name}{joiner}{rank.format(rank=suit.rank)}" if suit.rank is not None else suit.name


def drawing_of(art: Art) -> tuple[str, Drawing] | None:
    """The checked SVG art as a drawing (read once a process per version of the file), with the name of its PDF form:
    from the file's bytes, so the same drawing has the same name on every computer."""
    found = Path(art.path).stat()
    drawing = svg_drawing(art.path, found.st_size, found.st_mtime_ns)
    if drawing is None:
        return None
    return f"svg{hashlib.sha256(Path(art.path).read_bytes()).hexdigest()[:16]}", drawing


def _form_resources(canvas: Canvas) -> Any:
    """The resources of the form being drawn, as reportlab gives a page: its forms, transparency (ExtGState),
    gradients (Shading) and colour spaces too. reportlab's own form resources name only fonts and forms, so an
    SVG's gradient drew black and its opacity was lost."""
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if canvas._formsinuse:
        resources.XObject = canvas._doc.xobjDict(canvas._formsinuse)
    states = canvas._extgstate.getState()
    if states:
        resources.ExtGState = states
    resources.setShading(canvas._shadingUsed)
    resources.setColorSpace(canvas._colorsUsed)
    return resources


def draw_vectors(canvas: Canvas, named: tuple[str, Drawing], left: float, bottom: float, width: float,
                 height: float) -> None:
    """The drawing scaled to fit the box whole (its proportions kept), centred, and cut at the box: vectors, written
    once a PDF as a form that every face showing it reuses (a deck of 100 cards holds its art once)."""
    from reportlab.graphics import renderPDF

    name, drawing = named
    if not canvas.hasForm(name):
        canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)
        canvas.endForm(Resources=_form_resources(canvas))
    scale = min(width / drawing.width, height / drawing.height)
    shown_width, shown_height = drawing.width * scale, drawing.height * scale
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(left, bottom, width, height)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(left + (width - shown_width) / 2, bottom + (height - shown_height) / 2)
    canvas.scale(scale, scale)
    canvas.doForm(name)
    canvas.restoreState()


@contextmanager
def vector_icons(canvas: Canvas, deck: Deck) -> Iterator[None]:
    """While paragraphs are drawn, an SVG icon's placeholder (:data:`SVG_ICON_PREFIX`) is drawn as the icon's
    vectors: reportlab's inline ``<img>`` takes only pictures, so the icon's box is reserved by a clear pixel and its
    drawing put there instead."""
    target = canvas.beginText()._canvas  # the canvas a paragraph's text object draws its inline pictures on
    plain = target.drawImage

    def draw_image(image: Any, x: float, y: float, width: float | None = None, height: float | None = None,
                   *args: Any, **kwargs: Any) -> Any:
        name = str(getattr(image, "fileName", ""))
        if not name.startswith(SVG_ICON_PREFIX):
            return plain(image, x, y, width, height, *args, **kwargs)
        art = deck.icons.get(name[len(SVG_ICON_PREFIX):].split(";", 1)[0])
        drawing = drawing_of(art) if art is not None else None
        if drawing is not None and width and height:
            draw_vectors(target, drawing, x, y, width, height)
        return None

    target.drawImage = draw_image
    try:
        yield
    finally:
        del target.drawImage


def _draw_body(canvas: Canvas, fit: BodyFit, left: float, top: float, width: float, bottom: float) -> None:
    """Stack the paragraphs from ``top`` down; what does not fit above ``bottom`` is cut at the box, never drawn
    over the rest of the card."""
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(left - 2, bottom, width + 4, top - bottom + 2)
    canvas.clipPath(path, stroke=0, fill=0)
    y = top
    for part, height in zip(fit.parts, fit.heights, strict=True):
        y -= height
        part.drawOn(canvas, left, y)
    canvas.restoreState()


def _draw_big_number(canvas: Canvas, value: str, label: str, colour: str, width: float, bottom: float,
                     scale: float) -> None:
    """The 'number' template: the value large and centred above the foot, its meaning under it."""
    canvas.setFillColor(HexColor(colour if text_colour(colour) != INK else "#555555"))  # light colours fade out
    canvas.setFont(FONT_BOLD, 40 * scale)
    canvas.drawCentredString(width / 2, bottom + 12 * scale, value)
    canvas.setFont(text_font(label), 6.5 * scale)
    canvas.drawCentredString(width / 2, bottom + 3 * scale, label)


def _draw_art(canvas: Canvas, art: Art, left: float, top: float, width: float, height: float) -> float:
    """The picture scaled to fit the art box whole, centred (an SVG as vectors); returns where the text below may
    start."""
    if art.suffix == "svg":
        drawing = drawing_of(art)
        if drawing is not None:
            draw_vectors(canvas, drawing, left, top - height, width, height)
        return top - height - 3 * MM
    canvas.drawImage(drawable(art, width, height), left, top - height, width, height, preserveAspectRatio=True,
                     anchor="c", mask="auto")
    return top - height - 3 * MM


def printed_value_label(label: str, language: str) -> str:
    """A card type's value label as printed in ``language``: "points", the label a type has unless it names one, in
    that language's words; a label of the designer's as written.

    >>> printed_value_label("points", "ja"), printed_value_label("pips", "ja")
    ('点', 'pips')
    """
    return printable_labels(language)("card_points") if label == "points" else label


def face_for(deck: Deck, card: Card, settings: CardSheetSettings) -> CardFace:
    """The card's face from its type's template: colour band, type, suit, value, name, fields, text."""
    card_type = deck.type_of(card)
    band = deck.colour_of(card)
    on_band = text_colour(band)
    art = deck.art_of(card)
    words = printable_labels(settings.language)
    value_label = printed_value_label(card_type.value_label, settings.language)

    def draw(canvas: Canvas, width: float, height: float) -> None:
        scale = face_scale(width, height)
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
        canvas.setFont(text_font(card_type.name, FONT_BOLD), 7.5 * scale)
        canvas.drawString(safe, height - safe - 7 * scale, card_type.name.upper())
        suit = suit_line(deck, card, words("card_rank", rank="{rank}"))
        canvas.setFont(text_font(suit), 6.5 * scale)
        canvas.drawString(safe, height - safe - 16 * scale, suit)
        if card.shown_value is not None:
            radius = 9 * scale
            cx, cy = width - safe - radius, height - safe - radius
            canvas.setFillColor(HexColor(PAPER))
            canvas.circle(cx, cy, radius, stroke=0, fill=1)
            canvas.setFillColor(HexColor(INK))
            canvas.setFont(FONT_BOLD, 10 * scale)
            canvas.drawCentredString(cx, cy - 3.5 * scale, card.shown_value)
        foot = f"{deck.title} · {card.id}" + (f" · {words('card_playtest')}" if card.playtest else "")
        canvas.setFillColor(HexColor("#777777"))
        canvas.setFont(text_font(foot), 5 * scale)
        canvas.drawString(safe, safe, foot)
        if card_type.template == "number" and card.shown_value is not None:
            _draw_big_number(canvas, card.shown_value, value_label, band, width, safe + 8 * scale, scale)
        if art is not None:
            _draw_art(canvas, art, safe, height - band_h - 3 * scale, width - 2 * safe, ART_SHARE * height)
        left, top, box, bottom = text_box(deck, card, width, height, safe)
        with vector_icons(canvas, deck):
            _draw_body(canvas, fit_body(deck, card, box, top - bottom, scale), left, top, box, bottom)

    return CardFace(f"{deck.id}:{card.id}", draw)


def back_for(deck: Deck, settings: CardSheetSettings, back: Back | None = None) -> CardFace:
    """A back of the deck (its common one unless given): its colour to the bleed, a frame inside the safe zone,
    the title."""
    back = back or deck.back

    def draw(canvas: Canvas, width: float, height: float) -> None:
        scale = face_scale(width, height)
        over, safe = 20 * MM, settings.safe
        canvas.setFillColor(HexColor(back.colour))
        canvas.rect(-over, -over, width + 2 * over, height + 2 * over, stroke=0, fill=1)
        ink = HexColor(text_colour(back.colour))
        canvas.setStrokeColor(ink)
        canvas.setLineWidth(0.8 * scale)
        canvas.rect(safe, safe, width - 2 * safe, height - 2 * safe, stroke=1, fill=0)
        canvas.setFillColor(ink)
        canvas.setFont(text_font(back.title, FONT_BOLD), 14 * scale)
        canvas.drawCentredString(width / 2, height / 2, back.title)
        canvas.setFont(text_font(back.text), 7 * scale)
        canvas.drawCentredString(width / 2, height / 2 - 14 * scale, back.text)

    return CardFace(f"{deck.id}:back" + ("" if back.id == "deck" else f":{back.id}"), draw)


def card_sheet(deck: Deck, settings: CardSheetSettings) -> bytes:
    """Every physical card of the deck (copies repeated), each page followed by its backs (each card's own), as one
    PDF."""
    cards = deck.expanded()
    backs = {back.id: back_for(deck, settings, back) for back in deck.backs.values()} or {"deck": back_for(deck,
                                                                                                          settings)}
    faces = [face_for(deck, card, settings) for card in cards]
    per_card = [backs.get(deck.back_of(card).id, backs["deck"]) for card in cards]
    return impose(faces, settings, per_card, title=printable_labels(settings.language)("card_sheet", title=deck.title))


# ---- Walton case cards ----

CASE_CARD_COLOURS = {"means": "#7a3b2e", "alibi": "#2f5f7a", "motive": "#6b4f8f", "scheme": "#8a5a2e",
                     "opportunity": "#3f6f5e"}
CASE_CARD_DEFAULT = "#4a5a3a"


def case_face(case: Any, mansion: Any, card: Any, settings: CardSheetSettings, text: str | None = None) -> CardFace:
    """A Walton clue card: number, information value (pips), type, references and text, its fixed words in
    ``settings.language`` (``gaslight/labels/printables.*``) and the mansion's names in it. ``text``: the card's
    text in that language (:func:`gaslight.domain.walton.case_language.card_texts`; rendered alone without it)."""
    from gaslight.domain.walton.case_language import card_texts, reference_names

    words = printable_labels(settings.language)
    named = mansion.in_language(settings.language) if settings.language != "en" else mansion
    band = CASE_CARD_COLOURS.get(card.type, CASE_CARD_DEFAULT)
    if text is None:
        text = card_texts(replace(case, cards=(card,)), mansion, settings.language)[card.number]
    references = reference_names(named, card.references, words("list_joiner"))
    kind = words(f"case_type.{card.type}")

    def draw(canvas: Canvas, width: float, height: float) -> None:
        scale = face_scale(width, height)
        safe, over, band_h = settings.safe, 20 * MM, 0.2 * height
        canvas.setFillColor(HexColor(PAPER))
        canvas.rect(-over, -over, width + 2 * over, height + 2 * over, stroke=0, fill=1)
        canvas.setFillColor(HexColor(band))
        canvas.rect(-over, height - band_h, width + 2 * over, band_h + over, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setFont(FONT_BOLD, 18 * scale)
        canvas.drawString(safe, height - safe - 16 * scale, str(card.number))
        canvas.setFont(text_font(kind), 6.5 * scale)
        canvas.drawRightString(width - safe, height - safe - 6 * scale, kind)
        for pip in range(card.value):
            canvas.circle(width - safe - 3 * scale - pip * 8 * scale, height - safe - 14 * scale, 2.6 * scale,
                          stroke=0, fill=1)
        y = height - band_h - 4 * scale
        blocks = [(text, FONT, 7.5 * scale, INK)]
        if references:
            blocks.append((words("case_refers_to", names=references), FONT_ITALIC, 6.5 * scale, "#555555"))
        for words_, font, size, colour in blocks:
            part, used = _case_paragraph(words_, font, size, 9.5 * scale, colour, width - 2 * safe, y - safe)
            y -= used + 3 * scale
            part.drawOn(canvas, safe, y)
        canvas.setFillColor(HexColor("#777777"))
        foot = words("case_foot", title=case.title, number=card.number, value=card.value)
        canvas.setFont(text_font(foot), 5 * scale)
        canvas.drawString(safe, safe, foot)

    return CardFace(f"{case.id}:{card.number}", draw)


@functools.lru_cache(maxsize=512)
def _case_paragraph(text: str, font: str, size: float, leading: float, colour: Any, width: float,
                    height: float) -> tuple[Paragraph, float]:
    """A clue card's text set in its box, and the height it takes: laid out once for the card's A4 sheet, its
    Letter sheet and its Tabletop Simulator picture (:func:`gaslight.outputs.pdf.draw_all` gives a case's three
    printables of a language to one process), since drawing a laid-out paragraph leaves it as it was."""
    style = ParagraphStyle("clue", fontName=font, fontSize=size, leading=leading, textColor=colour,
                           spaceShrinkage=0)  # reportlab lets a line run 5 % of its spaces past the width
    part = paragraph(text, style)
    return part, part.wrap(width, height)[1]


def case_back(case: Any, language: str = "en") -> CardFace:
    words = printable_labels(language)
    back = words("case_back")

    def draw(canvas: Canvas, width: float, height: float) -> None:
        scale = face_scale(width, height)
        over = 20 * MM
        canvas.setFillColor(HexColor("#24303a"))
        canvas.rect(-over, -over, width + 2 * over, height + 2 * over, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setFont(text_font(back, FONT_BOLD), 13 * scale)
        canvas.drawCentredString(width / 2, height / 2, back)
        canvas.setFont(text_font(case.title), 7 * scale)
        canvas.drawCentredString(width / 2, height / 2 - 13 * scale, case.title)

    return CardFace(f"{case.id}:back", draw)


def case_card_sheet(case: Any, mansion: Any, settings: CardSheetSettings) -> bytes:
    """A Walton case's clue cards, in number order, with backs, through the same imposition as decks; in
    ``settings.language`` (cards rendered from their claims in it, the Japanese set in the Japanese font)."""
    from gaslight.domain.walton.case_language import card_texts

    texts = card_texts(case, mansion, settings.language)
    if settings.language != "en":  # its title on every card's foot and back in that language
        case = case.in_language(settings.language)
    faces = [case_face(case, mansion, card, settings, texts[card.number])
             for card in sorted(case.cards, key=lambda c: c.number)]
    title = printable_labels(settings.language)("case_cards", title=case.title)
    return impose(faces, settings, case_back(case, settings.language), title=title)
