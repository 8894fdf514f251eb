"""Where a card face's text goes and the size it is set at: the layout the printed face and ``gaslight check``
share, so the check's "does not fit" and the printed card never disagree.

Pure geometry with reportlab's font metrics (through :mod:`gaslight.typesetting`, below both the domain and the
outputs): :mod:`gaslight.outputs.card_faces` draws what this lays out. A face is laid out in proportion to a
poker card (63 × 88 mm) whatever its size; under the colour band (a fifth of the card) comes the art box, when
the card has art, and then the text, shrunk in steps down to a readable floor.

>>> round(face_scale(63 * MM, 88 * MM), 3), round(face_scale(70 * MM, 120 * MM), 3)
(1.0, 1.111)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.sax.saxutils import quoteattr

from PIL import Image as PILImage
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText, textTransformFrags
from reportlab.platypus.paraparser import ParaParser

from gaslight.diagnostics import Diagnostic, Severity
from gaslight.domain.decks.deck import Card, Deck
from gaslight.domain.decks.looks import split_icons
from gaslight.typesetting import FONT, FONT_BOLD, FONT_ITALIC, MM, markup_text, register_fonts
from gaslight.typesetting_ja import KinsokuParagraph, has_japanese, register_japanese_font

INK = "#1c1c1c"
#: The smallest body text a face prints (points): text is shrunk down to it (or to its designed size on a card
#: small enough to print it smaller), never below; text that does not fit then is cut at the text box and warned.
MIN_TEXT_PT = 6.0
BODY_PT = 7.0  # the body text of a poker card, before shrinking
ART_SHARE = 0.34  # of the card's height: the art box under the colour band
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
#: An SVG icon's place in a paragraph: a clear pixel reserving its box, named so the face draws the icon's vectors
#: there (:func:`gaslight.outputs.card_faces.vector_icons`); reportlab's ``<img>`` reads only pictures.
SVG_ICON_PREFIX = "gaslight-svg-icon:"


def face_scale(width: float, height: float) -> float:
    """How much larger than a poker card (63 × 88 mm) the card is drawn: faces are laid out for poker."""
    return min(width / (63 * MM), height / (88 * MM))


def field_lines(deck: Deck, card: Card) -> list[str]:
    """The card's shown fields, one line each: "label: value", or in Japanese "ラベル：値" (a Japanese label also
    says yes as はい), as the deck is read in the language of the sheet or page."""
    card_type = deck.type_of(card)
    lines = []
    for name in card_type.show:
        spec = card_type.field(name)
        value = card.get(name)
        if spec is None or value is None:
            continue
        japanese = has_japanese(spec.label)
        yes = "はい" if japanese else "yes"
        shown = deck.suit(str(value)).name if spec.type == "suit" else (yes if value is True else str(value))
        lines.append(f"{spec.label}{'：' if japanese or has_japanese(shown) else ': '}{shown}")
    return lines


def icon_source(name: str, path: str, suffix: str) -> str:
    """What an ``<img src>`` names for an icon: its file, or for an SVG the placeholder its vectors replace.

    >>> icon_source("sword", "art/sword.png", "png"), icon_source("sword", "art/sword.svg", "svg")
    ('art/sword.png', 'gaslight-svg-icon:sword')
    """
    return f"{SVG_ICON_PREFIX}{name}" if suffix == "svg" else path


class _IconParser(ParaParser):
    """reportlab's paragraph parser, reading an SVG icon's ``<img>`` as a clear pixel named for the icon."""

    def end_img(self) -> None:
        frag = self._stack[-1]
        source = str(getattr(frag, "src", ""))
        if source.startswith(SVG_ICON_PREFIX):
            pixel = PILImage.new("LA", (1, 1), (0, 0))
            pixel.fileName = source  # reportlab names the picture by it; the face finds the icon by that name
            frag.src = ImageReader(pixel)
        super().end_img()


def _paragraph(markup: str, style: ParagraphStyle) -> Paragraph:
    """A paragraph of ``markup``; one holding an SVG icon is parsed by :class:`_IconParser` (the others exactly as
    reportlab parses them)."""
    if SVG_ICON_PREFIX not in markup:
        return Paragraph(markup, style)
    parser = _IconParser()
    parser.caseSensitive = 1
    style, frags, _ = parser.parse(cleanBlockQuotedText(markup), style)
    textTransformFrags(frags, style)
    return Paragraph(markup, style, frags=frags)


def _marked_up(deck: Deck, text: str, size: float) -> str:
    """A cell's text as Paragraph markup: escaped, line breaks kept, ``:icon:`` as the deck's picture at text size."""
    parts = []
    for part in split_icons(text, deck.icons):
        if isinstance(part, tuple):
            art = deck.icons[part[0]]
            width = size * art.width / max(art.height, 1)
            parts.append(f"<img src={quoteattr(icon_source(part[0], art.path, art.suffix))} width=\"{width:.2f}\" "
                         f"height=\"{size:.2f}\" valign=\"middle\"/>")
        else:
            parts.append(markup_text(part).replace("\n", "<br/>"))
    return "".join(parts)


def _set(deck: Deck, text: str, style: ParagraphStyle, icons: bool = True) -> Paragraph:
    """``text`` as a paragraph in ``style``; Japanese text in the Japanese font, its lines broken by Japanese rules
    (reportlab's own CJK breaking where the text holds an icon or a line break, which the kinsoku paragraph does not
    carry)."""
    markup = _marked_up(deck, text, style.fontSize) if icons else markup_text(text)
    if not has_japanese(text):
        return _paragraph(markup, style)
    japanese = ParagraphStyle(f"{style.name}-ja", parent=style, fontName=register_japanese_font(), wordWrap="CJK")
    if markup == markup_text(text) and "\n" not in text:
        return KinsokuParagraph(markup, japanese)
    return _paragraph(markup, japanese)


def _paragraphs(deck: Deck, card: Card, scale: float) -> list[Paragraph]:
    name = ParagraphStyle("name", fontName=FONT_BOLD, fontSize=9 * scale, leading=11 * scale, textColor=INK,
                          spaceShrinkage=0)
    body = ParagraphStyle("body", fontName=FONT, fontSize=BODY_PT * scale, leading=8.6 * scale, textColor=INK,
                          spaceShrinkage=0, spaceBefore=3 * scale)
    flavour = ParagraphStyle("flavour", parent=body, fontName=FONT_ITALIC, textColor="#555555")
    parts = [_set(deck, card.name, name, icons=False)]  # a name and a field are plain text, marks and all
    parts += [_set(deck, line, body, icons=False) for line in field_lines(deck, card)]
    for style, text in ((body, card.text), (flavour, card.flavour)):  # a blank line in a cell starts a paragraph
        parts += [_set(deck, paragraph, style)
                  for paragraph in _PARAGRAPH_BREAK.split(text.strip("\n")) if paragraph.strip()]
    return parts


@dataclass(frozen=True)
class BodyFit:
    """The face's text laid out in its box: the paragraphs and their heights, the body size reached (points),
    and whether it fits."""

    parts: list[Paragraph]
    heights: list[float]
    size: float
    fits: bool


def fit_body(deck: Deck, card: Card, width: float, room: float, scale: float) -> BodyFit:
    """Shrink the type in steps of 5 % until the paragraphs fit ``room``, down to :data:`MIN_TEXT_PT` (or the
    designed size, when that is smaller)."""
    register_fonts()
    designed = BODY_PT * scale
    floor = min(designed, MIN_TEXT_PT)
    shrinks = [s / 100 for s in range(100, 0, -5) if designed * s / 100 > floor + 1e-6] + [floor / designed]

    def laid_out(shrink: float) -> BodyFit:
        parts = _paragraphs(deck, card, scale * shrink)
        heights = [p.wrap(width, room)[1] + p.getSpaceBefore() for p in parts]
        return BodyFit(parts, heights, designed * shrink, sum(heights) <= room)

    smallest = laid_out(shrinks[-1])  # first: text that does not fit even so costs one layout, not one a size
    if not smallest.fits:
        return smallest
    return next((fit for shrink in shrinks[:-1] if (fit := laid_out(shrink)).fits), smallest)


def text_box(deck: Deck, card: Card, width: float, height: float, safe: float) -> tuple[float, float, float, float]:
    """(left, top, width, bottom) of the face's text: under the band and the art, above the foot (and the big
    number of the 'number' template)."""
    scale = face_scale(width, height)
    bottom = safe + 8 * scale
    if deck.type_of(card).template == "number" and card.shown_value is not None:
        bottom += 52 * scale
    top = height - 0.2 * height - 3 * scale
    if deck.art_of(card) is not None:
        top -= ART_SHARE * height + 3 * MM
    return safe, top, width - 2 * safe, bottom


def fit_problems(deck: Deck) -> list[Diagnostic]:
    """A warning for each card whose text does not fit its face at a readable size (the size it reached)."""
    register_fonts()
    safe = deck.print_spec.safe_mm * MM
    width, height = (length * MM for length in deck.print_spec.trim_mm)
    found = []
    for card in deck.cards:
        _, top, box, bottom = text_box(deck, card, width, height, safe)
        room, scale = max(top - bottom, 1e-6), face_scale(width, height)
        floor = min(BODY_PT * scale, MIN_TEXT_PT)
        # a glyph takes about 0.66 of its size across (Vera, words wrapped), a line 1.23 sizes: text of over three
        # boxes is not laid out to be told it does not fit (10,000 characters a card, 1000 cards: seconds of wrapping)
        capacity = box * room / (0.66 * floor * 1.23 * floor)
        written = len(card.text) + len(card.flavour) + len(card.name)
        if written > 3 * capacity:
            fit, over = BodyFit([], [], floor, False), written / capacity
        else:
            fit = fit_body(deck, card, box, room, scale)
            over = sum(fit.heights) / room
        if not fit.fits:
            where = card.text_location or card.location
            found.append(Diagnostic(Severity.WARNING, where,
                                    f"deck {deck.id}: card '{card.id}''s text does not fit its face: at {fit.size:.1f} "
                                    f"pt, the smallest size it is printed at, it needs about {over:.0%} of its text "
                                    "box, and what does not fit is cut off",
                                    "shorten the text (move rules detail to the rules), or print larger cards "
                                    "(print: size)"))
    return found
