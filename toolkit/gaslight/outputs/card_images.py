"""Card faces as pictures: a PNG per card at the deck's resolution, and Tabletop Simulator deck sheets.

The faces are the PDF faces of the card sheets (one card per page, no marks), rasterised with
PDFium (pypdfium2), so a PNG and a printed card never differ. A Tabletop Simulator deck sheet is
a grid of at most 10 × 7 faces, every copy of every card in deck order, with the deck's back in
the bottom-right slot (the picture TTS shows for a card hidden in a hand); sheets stay within
TTS's 4096-pixel limit. The same deck gives the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gaslight.domain.decks.deck import Deck
from gaslight.outputs.card_faces import back_for, face_for
from gaslight.outputs.cardsheet import CardFace, CardSheetSettings, impose

if TYPE_CHECKING:
    from PIL.Image import Image

TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_MAX_PIXELS = 4096
MAX_IMAGE_PIXELS = 60_000_000  # one face: a tarot card at 1200 dpi is 3307 × 5669


class CardImageError(ValueError):
    """A picture would be too large to make (named in the message with the way out)."""


@dataclass(frozen=True)
class TtsSheet:
    """One Tabletop Simulator face sheet: its JPEG and the numbers TTS asks for when it is imported."""

    image: bytes
    columns: int
    rows: int
    cards: int


def _pixels(length_mm: float, dpi: int) -> int:
    return max(1, round(length_mm / 25.4 * dpi))


def _render(faces: Sequence[CardFace], settings: CardSheetSettings, size: tuple[int, int]) -> list[Image]:
    """Each face drawn as a one-card PDF page and rasterised to exactly ``size`` pixels."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(impose(faces, settings, title="Card faces"))
    try:
        images = []
        for index in range(len(faces)):
            page = pdf[index]
            width_pt, _ = page.get_size()
            image = page.render(scale=size[0] / width_pt).to_pil().convert("RGB")
            images.append(image if image.size == size else image.resize(size))
        return images
    finally:
        pdf.close()


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


def _png(image: Image, dpi: int | None = None) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", **({"dpi": (dpi, dpi)} if dpi else {}))  # a face says its size in inches
    return buffer.getvalue()


def face_pngs(deck: Deck, dpi: int | None = None, bleed: bool = False) -> list[tuple[str, bytes]]:
    """(file name, PNG) for each distinct card (``<card id>.png``) and the back (``back.png``).

    ``dpi``: the deck's ``print.dpi`` unless given; ``bleed``: include the bleed around the trim
    (what print-on-demand services ask for), else the card as cut.
    """
    dpi = dpi or deck.print_spec.dpi
    settings = _single(deck, bleed)
    faces = [face_for(deck, card, settings) for card in deck.cards] + [back_for(deck, settings)]
    images = _render(faces, settings, _face_size(deck, settings, dpi))
    names = [f"{card.id}.png" for card in deck.cards] + ["back.png"]
    return [(name, _png(image, dpi)) for name, image in zip(names, images, strict=True)]


def tts_sheets(deck: Deck, dpi: int | None = None) -> tuple[list[TtsSheet], bytes]:
    """The deck's Tabletop Simulator face sheets (JPEG) and its back (PNG), cards at the trim.

    Each card is drawn at ``dpi`` (the deck's ``print.dpi``) or smaller, so that ten cards across
    stay within 4096 pixels.
    """
    dpi = dpi or deck.print_spec.dpi
    width_mm, height_mm = deck.print_spec.trim_mm
    card_w = min(_pixels(width_mm, dpi), TTS_MAX_PIXELS // TTS_COLUMNS)
    card_h = min(round(card_w * height_mm / width_mm), TTS_MAX_PIXELS // TTS_ROWS)
    card_w = min(card_w, round(card_h * width_mm / height_mm))
    settings = _single(deck, bleed=False)
    distinct = {card.id: face_for(deck, card, settings) for card in deck.cards}
    rendered = _render([*distinct.values(), back_for(deck, settings)], settings, (card_w, card_h))
    *faces, back = rendered
    by_id = dict(zip(distinct, faces, strict=True))
    physical = [by_id[card.id] for card in deck.expanded()]
    per_sheet = TTS_COLUMNS * TTS_ROWS - 1
    sheets = []
    for start in range(0, len(physical), per_sheet):
        chunk = physical[start:start + per_sheet]
        columns = min(TTS_COLUMNS, len(chunk) + 1)
        rows = math.ceil((len(chunk) + 1) / columns)
        sheets.append(TtsSheet(_grid(chunk, back, columns, rows, (card_w, card_h)), columns, rows, len(chunk)))
    return sheets, _png(back)


def _grid(faces: Sequence[Image], back: Image, columns: int, rows: int, size: tuple[int, int]) -> bytes:
    from PIL import Image as PILImage

    sheet = PILImage.new("RGB", (columns * size[0], rows * size[1]), "white")
    for index, face in enumerate(faces):
        sheet.paste(face, ((index % columns) * size[0], (index // columns) * size[1]))
    sheet.paste(back, ((columns - 1) * size[0], (rows - 1) * size[1]))
    buffer = io.BytesIO()
    sheet.save(buffer, "JPEG", quality=90)
    return buffer.getvalue()
