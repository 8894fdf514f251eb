"""Print-shop presets: a deck's faces the way The Game Crafter, MakePlayingCards or DriveThruCards take them.

Each shop documents its poker card as pixels at 300 dpi: the picture is the card (2.5 × 3.5 in)
plus the bleed the cutter may leave, and text stays inside a safe zone. The faces are the card
sheets' faces, drawn on a page the exact size of the shop's picture and rasterised with PDFium, so
a picture is exactly the shop's size in pixels and carries its dpi.

======================  ==============  ==============  ============================  =========
shop                    picture (px)    bleed a side    safe zone inside the trim     colours
======================  ==============  ==============  ============================  =========
The Game Crafter        825 × 1125      37.5 px (1/8")  37.5 px (1/8")                RGB PNG
MakePlayingCards        822 × 1122      36 px           36 px (safe area 678 × 978)   RGB PNG
DriveThruCards          825 × 1125      37.5 px (1/8")  37.5 px (1/8")                CMYK PDF
======================  ==============  ==============  ============================  =========

The Game Crafter and MakePlayingCards take one picture per card face and one for the back
(``back.png``, then ``front-001-<card id>.png`` … in deck order; ``manifest.txt`` lists how many
copies of each to order). The Game Crafter rejects CMYK pictures, so both stay RGB. DriveThruCards
asks for one PDF with each card's face followed by its back, in CMYK within 240 % ink: every colour
drawn is written as CMYK (a device conversion; no CMYK colour profile ships with a Python package,
so pictures on cards stay RGB) and the file is not certified PDF/X-1a (which DriveThruCards names).

>>> SHOPS["thegamecrafter"].picture_px
(825, 1125)
>>> SHOPS["makeplayingcards"].picture_px
(822, 1122)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gaslight.domain.decks.deck import Deck
from gaslight.outputs.card_faces import back_for, face_for
from gaslight.outputs.card_images import png_bytes, render_faces
from gaslight.outputs.cardsheet import CardFace, CardSheetSettings, impose

INCH_MM = 25.4


@dataclass(frozen=True)
class Shop:
    """One print shop's poker card: pixels at ``dpi``, what it takes (PNG or PDF) and in which colours."""

    id: str
    name: str
    trim_px: tuple[int, int]
    bleed_px: float
    safe_px: float
    output: str  # "png": a picture per face and the back; "pdf": one file, each face followed by its back
    colours: str  # "rgb" or "cmyk"
    source: str
    dpi: int = 300

    @property
    def picture_px(self) -> tuple[int, int]:
        return (round(self.trim_px[0] + 2 * self.bleed_px), round(self.trim_px[1] + 2 * self.bleed_px))

    def settings(self, safe_mm: float) -> CardSheetSettings:
        """One card per page, the page the shop's picture; the safe zone the deck's or the shop's, the larger."""
        mm = INCH_MM / self.dpi
        return CardSheetSettings(size="custom", width_mm=self.trim_px[0] * mm, height_mm=self.trim_px[1] * mm,
                                 bleed_mm=self.bleed_px * mm, safe_mm=max(safe_mm, self.safe_px * mm),
                                 layout="single", crop_marks="none")


SHOPS: dict[str, Shop] = {shop.id: shop for shop in (
    Shop("thegamecrafter", "The Game Crafter", (750, 1050), 37.5, 37.5, "png", "rgb",
         "help.thegamecrafter.com/article/39-templates (poker card template 825 × 1125 px), /391-bleed, "
         "/33-dpi-dots-per-inch (300 dpi, RGB only)"),
    Shop("makeplayingcards", "MakePlayingCards", (750, 1050), 36, 36, "png", "rgb",
         "makeplayingcards.com/pops/faq-photo.html (poker size 822 × 1122 px at 300 dpi)"),
    Shop("drivethrucards", "DriveThruCards", (750, 1050), 37.5, 37.5, "pdf", "cmyk",
         "DriveThru publisher help, 'Common Card Prep Issues & Solutions' (1/8 in bleed: 2.75 × 3.75 in, "
         "1/8 in safe area, PDF/X-1a:2003) and 'Specifications for Print Cards' (CMYK, at most 240 % ink)"),
)}


def _manifest(shop: Shop, deck: Deck, names: Sequence[str]) -> str:
    lines = [f"{deck.title}: {len(deck.cards)} card faces and one back for {shop.name}",
             f"Each picture is {shop.picture_px[0]} × {shop.picture_px[1]} px at {shop.dpi} dpi: the card "
             f"{shop.trim_px[0]} × {shop.trim_px[1]} px and {shop.bleed_px:g} px of bleed a side; "
             f"text stays {shop.safe_px:g} px inside the trim.",
             f"Sizes from {shop.source}.", "", "file\tcopies\tcard"]
    lines += [f"{name}\t{card.copies}\t{card.name}" for name, card in zip(names, deck.cards, strict=True)]
    return "\n".join(lines) + "\n"


def shop_files(deck: Deck, shop_id: str) -> dict[str, bytes]:
    """The files to upload to the shop ``shop_id``: file name → bytes, the back first.

    PNG shops: ``back.png``, ``front-001-<card id>.png`` … and ``manifest.txt``; DriveThruCards:
    ``<deck id>-drivethrucards.pdf`` with every physical card (copies repeated), each face followed by its back.
    """
    shop = SHOPS[shop_id]
    settings = shop.settings(deck.print_spec.safe_mm)
    back = back_for(deck, settings)
    if shop.output == "pdf":
        faces = [face_for(deck, card, settings) for card in deck.expanded()]
        title = f"{deck.title} — {shop.name}"
        return {f"{deck.id}-{shop.id}.pdf": impose(faces, settings, back, title=title, colours=shop.colours)}
    faces: list[CardFace] = [back] + [face_for(deck, card, settings) for card in deck.cards]
    images = render_faces(faces, settings, shop.picture_px)
    names = [f"front-{number:03d}-{card.id}.png" for number, card in enumerate(deck.cards, start=1)]
    files = {name: png_bytes(image, shop.dpi) for name, image in zip(["back.png", *names], images, strict=True)}
    files["manifest.txt"] = _manifest(shop, deck, names).encode("utf-8")
    return files
