"""Card faces as pictures: a PNG per card at the deck's resolution, and Tabletop Simulator sheets.

The faces are the PDF faces of the card sheets (one card per page, no marks), rasterised with
PDFium (pypdfium2), so a PNG and a printed card never differ. A Tabletop Simulator face sheet is
a grid of at most 10 × 7 distinct faces (a card's copies share its slot); the back is its own
picture, used as the hidden face too (``BackIsHidden``), so no slot is kept for it. The cards are
drawn as large as the sheet allows within TTS's 4096-pixel limit (or at ``dpi``, when smaller).
:mod:`gaslight.outputs.tts` turns the sheets into a saved object. The same deck gives the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from gaslight.domain.decks.deck import Card, Deck
from gaslight.domain.decks.print_spec import PrintSpec
from gaslight.outputs.card_faces import (
    back_for,
    case_back,
    case_face,
    face_for,
    field_lines,
    printed_value_label,
    suit_line,
)
from gaslight.outputs.cardsheet import CardFace, CardSheetSettings, impose
from gaslight.outputs.labels import printable_labels

if TYPE_CHECKING:
    from PIL.Image import Image

TTS_COLUMNS, TTS_ROWS = 10, 7  # the largest grid Tabletop Simulator reads from one sheet
TTS_MAX_PIXELS = 4096  # its largest texture side
MAX_IMAGE_PIXELS = 60_000_000  # one face: a tarot card at 1200 dpi is 3307 × 5669


class CardImageError(ValueError):
    """A picture would be too large to make (named in the message with the way out)."""


def _pixels(length_mm: float, dpi: int) -> int:
    return max(1, round(length_mm / 25.4 * dpi))


def render_faces(faces: Sequence[CardFace], settings: CardSheetSettings, size: tuple[int, int]) -> list[Image]:
    """Each face drawn as a one-card PDF page and rasterised to exactly ``size`` pixels (RGB)."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(impose(faces, settings, title="Card faces"))
    try:
        return [rasterised(pdf[index], size) for index in range(len(faces))]
    finally:
        pdf.close()


def rasterised(page: Any, size: tuple[int, int]) -> Image:
    """A PDFium page drawn at the scale that covers ``size`` pixels, cut to exactly that size (RGB)."""
    width_pt, height_pt = page.get_size()
    image = page.render(scale=max(size[0] / width_pt, size[1] / height_pt)).to_pil()
    return _trimmed(image if image.mode == "RGB" else image.convert("RGB"), size)


def _trimmed(image: Image, size: tuple[int, int]) -> Image:
    """``image`` cut to ``size`` at its top left: rounding leaves the page a pixel over at most, and cutting it
    costs nothing where resampling the whole picture took a third of a deck's drawing."""
    if image.size == size:
        return image
    if image.width >= size[0] and image.height >= size[1]:
        return image.crop((0, 0, *size))
    return image.resize(size)


def _single(deck: Deck, bleed: bool) -> CardSheetSettings:
    settings = CardSheetSettings.for_print(deck.print_spec, layout="single")
    return replace(settings, bleed_mm=settings.bleed_mm if bleed else 0.0, crop_marks="none")


def _face_size(deck: Deck, settings: CardSheetSettings, dpi: int) -> tuple[int, int]:
    width, height = deck.print_spec.trim_mm
    extra = 2 * settings.bleed_mm
    size = (_pixels(width + extra, dpi), _pixels(height + extra, dpi))
    if size[0] * size[1] > MAX_IMAGE_PIXELS:
        raise CardImageError(f"a face at {dpi} dpi would be {size[0]} × {size[1]} pixels; lower the dpi")
    return size


def png_bytes(image: Image, dpi: int | None = None) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", **({"dpi": (dpi, dpi)} if dpi else {}))  # a face says its size in inches
    return buffer.getvalue()


def face_pngs(deck: Deck, dpi: int | None = None, bleed: bool = False, language: str = "en"
              ) -> list[tuple[str, bytes]]:
    """(file name, PNG) for each distinct card (``<card id>.png``) and the back (``back.png``; a deck with more
    backs adds ``back-<id>.png`` for each one its cards use).

    ``dpi``: the deck's ``print.dpi`` unless given; ``bleed``: include the bleed around the trim
    (what print-on-demand services ask for), else the card as cut; ``language``: the faces' fixed words.
    """
    dpi = dpi or deck.print_spec.dpi
    settings = replace(_single(deck, bleed), language=language)
    others = [back for back in deck.used_backs() if back.id != deck.back.id]
    faces = [face_for(deck, card, settings) for card in deck.cards] + [back_for(deck, settings)]
    faces += [back_for(deck, settings, back) for back in others]
    images = render_faces(faces, settings, _face_size(deck, settings, dpi))
    names = [f"{card.id}.png" for card in deck.cards] + ["back.png"] + [f"back-{back.id}.png" for back in others]
    return [(name, png_bytes(image, dpi)) for name, image in zip(names, images, strict=True)]


def case_face_pngs(case: Any, mansion: Any, dpi: int | None = None, bleed: bool = False,
                   language: str = "en") -> list[tuple[str, bytes]]:
    """(file name, PNG) for each clue card of a Walton case (``card-<number>.png``) and its back (``back.png``),
    in ``language`` (:func:`~gaslight.outputs.card_faces.case_card_sheet` prints the same faces).

    Case cards are poker size (a case has no print block); ``dpi`` defaults to 300.
    """
    from gaslight.domain.walton.case_language import card_texts

    spec = PrintSpec()
    settings = CardSheetSettings.for_print(spec, layout="single")
    settings = replace(settings, bleed_mm=settings.bleed_mm if bleed else 0.0, crop_marks="none", language=language)
    cards = sorted(case.cards, key=lambda c: c.number)
    texts = card_texts(case, mansion, language)
    if language != "en":  # its title on every card's foot and the back in that language
        case = case.in_language(language)
    faces = [case_face(case, mansion, card, settings, texts[card.number]) for card in cards]
    faces.append(case_back(case, language))
    width, height = spec.trim_mm
    extra, dpi = 2 * settings.bleed_mm, dpi or spec.dpi
    images = render_faces(faces, settings, (_pixels(width + extra, dpi), _pixels(height + extra, dpi)))
    names = [f"card-{card.number}.png" for card in cards] + ["back.png"]
    return [(name, png_bytes(image, dpi)) for name, image in zip(names, images, strict=True)]


# ---- Tabletop Simulator sheets ----


@dataclass(frozen=True)
class TtsGrid:
    """How a Tabletop Simulator sheet is laid out: columns × rows of cards of ``card`` pixels."""

    columns: int
    rows: int
    card: tuple[int, int]

    @property
    def pixels(self) -> tuple[int, int]:
        return (self.columns * self.card[0], self.rows * self.card[1])


def tts_grid(count: int, trim_mm: tuple[float, float], dpi: int | None = None) -> TtsGrid:
    """The grid for ``count`` cards (1 to 70) that draws them largest within 4096 × 4096 pixels.

    The grid does not depend on ``dpi``, which only makes the cards smaller when it asks for
    fewer pixels than fit (so a sheet drawn at any resolution has the same slots).

    >>> tts_grid(70, (63, 88))
    TtsGrid(columns=10, rows=7, card=(409, 571))
    >>> tts_grid(4, (63, 88)), tts_grid(4, (63, 88), dpi=150).card
    (TtsGrid(columns=2, rows=2, card=(1466, 2048)), (372, 520))
    >>> tts_grid(1, (88, 63)).card  # a landscape card
    (4096, 2932)
    """
    width_mm, height_mm = trim_mm
    aspect = width_mm / height_mm
    best: tuple[tuple[int, int, int], TtsGrid] | None = None
    for columns in range(1, min(count, TTS_COLUMNS) + 1):
        rows = math.ceil(count / columns)
        if rows > TTS_ROWS:
            continue
        across, down = TTS_MAX_PIXELS // columns, TTS_MAX_PIXELS // rows
        width = max(1, min(across, math.floor(down * aspect)))
        height = max(1, min(down, round(width / aspect)))
        key = (width, -(columns * rows - count), -columns)  # the largest cards, then the fewest empty slots
        if best is None or key > best[0]:
            best = (key, TtsGrid(columns, rows, (width, height)))
    if best is None:
        raise ValueError(f"a sheet holds 1 to {TTS_COLUMNS * TTS_ROWS} cards, not {count}")
    grid = best[1]
    if dpi is not None and _pixels(width_mm, dpi) < grid.card[0]:
        width = _pixels(width_mm, dpi)
        grid = replace(grid, card=(width, max(1, round(width / aspect))))
    return grid


@dataclass(frozen=True)
class TtsCard:
    """One distinct card of a Tabletop Simulator object: its name and text, its copies and its slot."""

    nickname: str
    description: str
    copies: int
    sheet: int  # 1, 2, … (the CustomDeck key)
    slot: int  # 0-based, row by row


@dataclass(frozen=True)
class TtsSheet:
    """One face sheet (JPEG) and, when the cards' backs differ, its back sheet laid out the same way."""

    image: bytes
    back: bytes | None
    grid: TtsGrid
    cards: int

    @property
    def columns(self) -> int:
        return self.grid.columns

    @property
    def rows(self) -> int:
        return self.grid.rows


@dataclass(frozen=True)
class TtsLayout:
    """How a Tabletop Simulator object's distinct cards are shared out on its sheets, known before one is drawn."""

    grid: TtsGrid  # every sheet's
    sheets: tuple[int, ...]  # how many cards each sheet holds, in order
    unique_back: bool  # the cards show more than one back: each sheet gets a back sheet, and no common back picture


def tts_layout(backs: Sequence[str], trim_mm: tuple[float, float], dpi: int | None = None) -> TtsLayout:
    """The layout of an object whose distinct cards show ``backs`` (each card's back, by key, in order): as few
    sheets as hold them (70 a sheet), shared out evenly, in order.

    >>> tts_layout(["b"] * 75, (63, 88))
    TtsLayout(grid=TtsGrid(columns=8, rows=5, card=(512, 715)), sheets=(38, 37), unique_back=False)
    >>> tts_layout(["red", "blue", "red"], (63, 88)).sheets, tts_layout(["red", "blue"], (63, 88)).unique_back
    ((3,), True)
    """
    count = math.ceil(len(backs) / (TTS_COLUMNS * TTS_ROWS))
    size = math.ceil(len(backs) / count)
    sheets = tuple(min(size, len(backs) - start) for start in range(0, len(backs), size))
    return TtsLayout(tts_grid(size, trim_mm, dpi), sheets, len(set(backs)) > 1)


def deck_tts_layout(deck: Deck, dpi: int | None = None) -> TtsLayout:
    """The layout :func:`tts_sheets` draws ``deck`` in (its pages name the sheets from it without drawing them)."""
    return tts_layout([deck.back_of(card).id for card in deck.cards], deck.print_spec.trim_mm, dpi)


def case_tts_layout(case: Any) -> TtsLayout:
    """The layout :func:`case_tts_sheets` draws a Walton case's cards in (one back; poker size)."""
    return tts_layout(["case"] * len(case.cards), PrintSpec().trim_mm)


@dataclass(frozen=True)
class TtsPictures:
    """Everything a Tabletop Simulator object is made from: the sheets, the common back, the cards."""

    title: str
    sheets: tuple[TtsSheet, ...]
    back: bytes  # PNG of the first card's back (every card's, unless the sheets carry back sheets)
    cards: tuple[TtsCard, ...]
    sideways: bool

    @property
    def unique_back(self) -> bool:
        return any(sheet.back is not None for sheet in self.sheets)

    @property
    def layout(self) -> TtsLayout:
        """The layout the sheets were drawn in, read from them."""
        return TtsLayout(self.sheets[0].grid, tuple(sheet.cards for sheet in self.sheets), self.unique_back)


@dataclass(frozen=True)
class CardToPicture:
    """A distinct card to draw on a sheet: its face, what TTS shows as its name and text, and its back."""

    face: CardFace
    nickname: str
    description: str
    copies: int
    back: str  # a key of the backs given with it


def picture_cards(title: str, cards: Sequence[CardToPicture], backs: Mapping[str, CardFace],
                  settings: CardSheetSettings, trim_mm: tuple[float, float], dpi: int | None = None) -> TtsPictures:
    """Draw ``cards`` on the sheets of their :func:`tts_layout`.

    ``settings``: one card per page, no bleed (the faces are cut at the trim). Backs differing from
    card to card give each sheet a back sheet (``UniqueBack``).
    """
    layout = tts_layout([card.back for card in cards], trim_mm, dpi)
    grid = layout.grid
    used_backs = list(dict.fromkeys(card.back for card in cards))
    rendered = render_faces([*(card.face for card in cards), *(backs[key] for key in used_backs)], settings, grid.card)
    faces, back_images = rendered[:len(cards)], dict(zip(used_backs, rendered[len(cards):], strict=True))
    sheets, placed, start = [], [], 0
    for number, size in enumerate(layout.sheets, start=1):
        chunk = cards[start:start + size]
        image = _sheet(faces[start:start + size], grid)
        back = _sheet([back_images[card.back] for card in chunk], grid) if layout.unique_back else None
        sheets.append(TtsSheet(image, back, grid, len(chunk)))
        placed += [TtsCard(card.nickname, card.description, card.copies, number, slot)
                   for slot, card in enumerate(chunk)]
        start += size
    width, height = trim_mm
    return TtsPictures(title, tuple(sheets), png_bytes(back_images[used_backs[0]]), tuple(placed), width > height)


def _sheet(images: Sequence[Image], grid: TtsGrid) -> bytes:
    """The pictures in ``grid``'s slots, row by row, as a JPEG (empty slots white)."""
    from PIL import Image as PILImage

    sheet = PILImage.new("RGB", grid.pixels, "white")
    for index, image in enumerate(images):
        sheet.paste(image, ((index % grid.columns) * grid.card[0], (index // grid.columns) * grid.card[1]))
    buffer = io.BytesIO()
    sheet.save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


def tts_sheets(deck: Deck, dpi: int | None = None, language: str = "en") -> TtsPictures:
    """The deck's Tabletop Simulator sheets: each distinct card once, named by its name, with its text; when its
    cards show different backs (per type or card), each sheet gets a back sheet (``UniqueBack``). The faces and
    texts say their fixed words in ``language``, as the card sheets printed in it do."""
    settings = replace(_single(deck, bleed=False), language=language)
    cards = [CardToPicture(face_for(deck, card, settings), card.name, _card_text(deck, card, language), card.copies,
                           deck.back_of(card).id) for card in deck.cards]
    backs = {back.id: back_for(deck, settings, back) for back in deck.used_backs()}
    return picture_cards(deck.title, cards, backs, settings, deck.print_spec.trim_mm, dpi)


def _card_text(deck: Deck, card: Card, language: str = "en") -> str:
    """What TTS shows under a card's name: what its face prints (type, suit, value, fields, text, flavour)."""
    card_type = deck.type_of(card)
    words = printable_labels(language)
    value = None if card.shown_value is None else words(
        "card_tts_value", value=card.shown_value, label=printed_value_label(card_type.value_label, language))
    joiner = words("card_tts_joiner")
    suit = suit_line(deck, card, words("card_rank", rank="{rank}"), joiner)
    heading = joiner.join(part for part in (card_type.name, suit, value) if part)
    return "\n".join(part for part in (heading, *field_lines(deck, card), card.text, card.flavour) if part)


def case_tts_sheets(case: Any, mansion: Any, dpi: int | None = None, language: str = "en") -> TtsPictures:
    """A Walton case's clue cards as one Tabletop Simulator deck, in number order (poker size), in ``language``."""
    from gaslight.domain.walton.case_language import card_texts, reference_names

    spec = PrintSpec()
    settings = replace(CardSheetSettings.for_print(spec, layout="single"), bleed_mm=0.0, crop_marks="none",
                       language=language)
    words = printable_labels(language)
    named = mansion if language == "en" else mansion.in_language(language)
    texts = card_texts(case, mansion, language)
    if language != "en":  # its title on every card's foot, the back and the deck in that language
        case = case.in_language(language)
    cards = []
    for card in sorted(case.cards, key=lambda c: c.number):
        names = reference_names(named, card.references, words("list_joiner"))  # as the printed card names them
        text = texts[card.number] + (f"\n{words('case_refers_to', names=names)}" if names else "")
        kind = card.type if language == "en" else words(f"case_type.{card.type}")
        heading = words("case_tts_heading", type=kind, value=card.value)
        cards.append(CardToPicture(case_face(case, mansion, card, settings, texts[card.number]),
                                   words("case_tts_name", number=card.number), f"{heading}\n{text}", 1, "case"))
    return picture_cards(case.title, cards, {"case": case_back(case, language)}, settings, spec.trim_mm, dpi)
