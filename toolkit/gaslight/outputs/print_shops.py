"""Print-shop presets: a deck's faces the way The Game Crafter, MakePlayingCards or DriveThruCards take them.

Each shop documents its cards as pixels at 300 dpi: the picture is the card plus the bleed the
cutter may leave, and text stays inside a safe zone. The faces are the card sheets' faces, drawn
on a page the exact size of the shop's picture and rasterised with PDFium, so a picture is exactly
the shop's size in pixels and carries its dpi. A deck's ``print.size`` picks the shop's card:

================  ========  ============  ===========  ===========  ============  =====================
shop              bleed     poker         bridge       mini         tarot         files, colours
================  ========  ============  ===========  ===========  ============  =====================
The Game Crafter  37.5 px   825 × 1125    750 × 1125   600 × 825    900 × 1500    PNG per face, RGB
MakePlayingCards  36 px     822 × 1122    747 × 1122   597 × 822    897 × 1497    PNG per face, RGB
DriveThruCards    37.5 px   825 × 1125    —            —            900 × 1500    one PDF, CMYK
================  ========  ============  ===========  ===========  ============  =====================

The cards are 2.5 × 3.5 in (poker), 2.25 × 3.5 in (bridge), 1.75 × 2.5 in (mini) and 2.75 × 4.75 in
(tarot); the deck's millimetre sizes are the nearest metric names for them. Each shop's safe zone is
as wide as its bleed, inside the trim (TGC 75 px from the picture's edge, MPC 72 px).

The Game Crafter and MakePlayingCards take one picture per card face and one for the back
(``back.png``, then ``front-001-<card id>.png`` … in deck order; ``manifest.txt`` lists how many
copies of each to order). The Game Crafter rejects CMYK pictures, so both stay RGB. DriveThruCards
asks for one PDF with each card's face followed by its back, in CMYK within 240 % ink: every colour
drawn is written as CMYK, and pictures on the cards are converted with a CMYK colour profile
(:mod:`gaslight.outputs.cmyk_art`). The file is not certified PDF/X-1a (which DriveThruCards names).

In a build, a deck whose ``print:`` block names a ``shop`` gets these files in
``print/decks/<deck>/<shop>/`` (and all of them in one zip), linked from the deck's page.

>>> SHOPS["thegamecrafter"].picture_px("poker")
(825, 1125)
>>> SHOPS["makeplayingcards"].picture_px("tarot")
(897, 1497)
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from gaslight.domain.decks.deck import Deck
from gaslight.outputs.card_faces import back_for, face_for
from gaslight.outputs.card_images import CardImageError, png_bytes, render_faces
from gaslight.outputs.cardsheet import CardFace, CardSheetSettings, impose
from gaslight.outputs.cmyk_art import art_note, in_cmyk
from gaslight.outputs.download_rows import Download, Words, said, verbatim
from gaslight.outputs.sink import BuildOutput

INCH_MM = 25.4
# The cards, in pixels at 300 dpi at the trim, by the deck format's size names.
POKER, BRIDGE, MINI, TAROT = (750, 1050), (675, 1050), (525, 750), (825, 1425)


class ShopSizeError(CardImageError):
    """The shop makes no card of the deck's size (``gaslight check`` says so for a deck's own ``print.shop``)."""


@dataclass(frozen=True)
class Shop:
    """One print shop: its cards (trim in pixels at ``dpi``, by size name), what it takes and in which colours."""

    id: str
    name: str
    cards: Mapping[str, tuple[int, int]]
    bleed_px: float
    safe_px: float
    output: str  # "png": a picture per face and the back; "pdf": one file, each face followed by its back
    colours: str  # "rgb" or "cmyk"
    source: str
    dpi: int = 300

    def trim_px(self, size: str) -> tuple[int, int]:
        """The card of ``size`` at the trim, in pixels; :class:`ShopSizeError` when the shop makes none."""
        if size not in self.cards:
            *most, last = self.cards
            covered = f"{', '.join(most)} and {last}" if most else last
            raise ShopSizeError(f"{self.name} makes no {size} cards (its preset covers {covered}); "
                                f"pick another shop or print.size")
        return self.cards[size]

    def picture_px(self, size: str = "poker") -> tuple[int, int]:
        width, height = self.trim_px(size)
        return (round(width + 2 * self.bleed_px), round(height + 2 * self.bleed_px))

    def settings(self, size: str, safe_mm: float) -> CardSheetSettings:
        """One card per page, the page the shop's picture; the safe zone the deck's or the shop's, the larger."""
        mm = INCH_MM / self.dpi
        width, height = self.trim_px(size)
        return CardSheetSettings(size="custom", width_mm=width * mm, height_mm=height * mm,
                                 bleed_mm=self.bleed_px * mm, safe_mm=max(safe_mm, self.safe_px * mm),
                                 layout="single", crop_marks="none")


SHOPS: dict[str, Shop] = {shop.id: shop for shop in (
    Shop("thegamecrafter", "The Game Crafter",
         {"poker": POKER, "bridge": BRIDGE, "mini": MINI, "tarot": TAROT}, 37.5, 37.5, "png", "rgb",
         "The Game Crafter's templates (poker 825 × 1125 px, bridge 750 × 1125, mini 600 × 825, tarot 900 × 1500, "
         "each with 1/8 in bleed and a 1/8 in safe zone) and help articles 39-templates, 391-bleed, "
         "33-dpi-dots-per-inch (300 dpi, RGB only)"),
    Shop("makeplayingcards", "MakePlayingCards",
         {"poker": POKER, "bridge": BRIDGE, "mini": MINI, "tarot": TAROT}, 36, 36, "png", "rgb",
         "MakePlayingCards' image guides (poker 822 × 1122 px, bridge 747 × 1122, mini 597 × 822, "
         "tarot 897 × 1497 at 300 dpi: 36 px of bleed a side, the safe area 36 px inside the cut)"),
    Shop("drivethrucards", "DriveThruCards", {"poker": POKER, "tarot": TAROT}, 37.5, 37.5, "pdf", "cmyk",
         "DriveThru publisher help, 'Common Card Prep Issues & Solutions' (1/8 in bleed on all four sides: "
         "poker 2.75 × 3.75 in; 1/8 in safe area; PDF/X-1a:2003, US Web Coated (SWOP)) and 'Specifications for "
         "Print Cards' (CMYK, at most 240 % ink)"),
)}


def _manifest(shop: Shop, deck: Deck, names: Sequence[str]) -> str:
    size = deck.print_spec.size
    (trim_w, trim_h), (picture_w, picture_h) = shop.trim_px(size), shop.picture_px(size)
    backs = deck.used_backs()
    kinds = "one back" if len(backs) == 1 else f"{len(backs)} backs (upload each card with its own back)"
    lines = [f"{deck.title}: {len(deck.cards)} card faces and {kinds} for {shop.name}",
             f"Each picture is {picture_w} × {picture_h} px at {shop.dpi} dpi: the {size} card "
             f"{trim_w} × {trim_h} px and {shop.bleed_px:g} px of bleed a side; "
             f"text stays {shop.safe_px:g} px inside the trim.",
             f"Sizes from {shop.source}.", ""]
    if len(backs) == 1:
        lines.append("file\tcopies\tcard")
        lines += [f"{name}\t{card.copies}\t{card.name}" for name, card in zip(names, deck.cards, strict=True)]
    else:
        lines.append("file\tcopies\tback\tcard")
        lines += [f"{name}\t{card.copies}\tback-{deck.back_of(card).id}.png\t{card.name}"
                  for name, card in zip(names, deck.cards, strict=True)]
    return "\n".join(lines) + "\n"


def shop_files(deck: Deck, shop_id: str, language: str = "en") -> dict[str, bytes]:
    """The files to upload to the shop ``shop_id``: file name → bytes, the back first; the faces' fixed words
    (points, playtest) in ``language``, as the deck's sheets print them.

    PNG shops: ``back.png``, ``front-001-<card id>.png`` … and ``manifest.txt``; DriveThruCards:
    ``<deck id>-drivethrucards.pdf`` with every physical card (copies repeated), each face followed by its back.
    :class:`ShopSizeError` when the shop makes no card of the deck's size.
    """
    shop = SHOPS[shop_id]
    size = deck.print_spec.size
    settings = replace(shop.settings(size, deck.print_spec.safe_mm), language=language)
    backs = {back.id: back_for(deck, settings, back) for back in deck.used_backs()}
    if shop.output == "pdf":
        cards = deck.expanded()
        drawn = in_cmyk([face_for(deck, card, settings) for card in cards] + list(backs.values()))
        fronts, cmyk_backs = drawn[:len(cards)], dict(zip(backs, drawn[len(cards):], strict=True))
        title = f"{deck.title} — {shop.name}"
        per_card = [cmyk_backs[deck.back_of(card).id] for card in cards]
        return {pdf_name(deck, shop): impose(fronts, settings, per_card, title=title, colours=shop.colours)}
    back_names, names = picture_names(deck)
    faces: list[CardFace] = [*backs.values()] + [face_for(deck, card, settings) for card in deck.cards]
    images = render_faces(faces, settings, shop.picture_px(size))
    files = {name: png_bytes(image, shop.dpi) for name, image in zip([*back_names, *names], images, strict=True)}
    files["manifest.txt"] = _manifest(shop, deck, names).encode("utf-8")
    return files


def pdf_name(deck: Deck, shop: Shop) -> str:
    """The one file a PDF shop takes."""
    return f"{deck.id}-{shop.id}.pdf"


def picture_names(deck: Deck) -> tuple[list[str], list[str]]:
    """The file names a picture shop takes: the backs' (``back.png``, or one per back the cards use), then each
    card's face in deck order (``front-001-<card id>.png`` …)."""
    backs = deck.used_backs()
    back_names = ["back.png"] if len(backs) == 1 else [f"back-{back.id}.png" for back in backs]
    return back_names, [f"front-{number:03d}-{card.id}.png" for number, card in enumerate(deck.cards, start=1)]


def zipped(files: Mapping[str, bytes]) -> bytes:
    """``files`` in one zip, in their order, with fixed dates and modes: the same files give the same bytes.

    >>> zipped({"a.txt": b"a"}) == zipped({"a.txt": b"a"})
    True
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    return buffer.getvalue()


def shop_folder(deck_id: str, shop_id: str) -> str:
    """Where a build puts a deck's files for a shop, under ``print/``.

    >>> shop_folder("ripper-rummy", "thegamecrafter")
    'decks/ripper-rummy/thegamecrafter'
    """
    return f"decks/{deck_id}/{shop_id}"


def _shop_of(deck: Deck) -> Shop | None:
    """The shop the deck's ``print:`` block names, when it makes cards of the deck's size (``gaslight check`` says
    so when it does not)."""
    shop = SHOPS.get(deck.print_spec.shop or "")
    return shop if shop is not None and deck.print_spec.size in shop.cards else None


def shop_downloads(deck: Deck) -> list[Download]:
    """The download rows of the files :func:`write_shop_files` writes for the deck, named without drawing them
    (nothing when it has no shop)."""
    shop = _shop_of(deck)
    if shop is None:
        return []
    folder = shop_folder(deck.id, shop.id)
    size = deck.print_spec.size
    width, height = shop.picture_px(size)
    if shop.output == "pdf":
        note: tuple[Words, ...] = (
            said("download.shop_pdf_note", colours=shop.colours.upper()),
            said("download.shop_pdf_size", size=size, width=f"{width / shop.dpi:g}", height=f"{height / shop.dpi:g}"))
        pictures = art_note(deck)
        return [Download(said("download.shop_file", shop=shop.name), note + ((verbatim(pictures),) if pictures else ()),
                         BuildOutput.printable_path(f"{folder}/{pdf_name(deck, shop)}"))]
    count = sum(len(names) for names in picture_names(deck))
    return [Download(said("download.shop_zip", shop=shop.name),
                     (said("download.shop_zip_note", count=count, width=width, height=height, dpi=shop.dpi),),
                     BuildOutput.printable_path(f"{folder}/{_zip_name(deck, shop)}")),
            Download(said("download.shop_manifest", shop=shop.name), (said("download.shop_manifest_note"),),
                     BuildOutput.printable_path(f"{folder}/manifest.txt"))]


def _zip_name(deck: Deck, shop: Shop) -> str:
    return f"{deck.id}-{shop.id}.zip"


def write_shop_files(out: BuildOutput, deck: Deck, language: str = "en") -> None:
    """Write the files of the shop the deck's ``print:`` block names (in ``print/decks/<deck>/<shop>/``, a picture
    shop's in one zip too), the cards' fixed words in ``language``."""
    shop = _shop_of(deck)
    if shop is None:
        return
    files = shop_files(deck, shop.id, language)
    folder = shop_folder(deck.id, shop.id)
    for name, data in files.items():
        out.printable(f"{folder}/{name}", data)
    if shop.output != "pdf":
        out.printable(f"{folder}/{_zip_name(deck, shop)}", zipped(files))
