"""A deck's print settings: card size, bleed, safe zone and image resolution, as the deck file declares them.

Card makers (Squib, nanDECK) let the designer pick the card: a named size or a custom one in
millimetres, the bleed that the art runs into past the trim, and the safe zone inside it where
text must stay. The ``print:`` block of a deck file does the same; every sheet, PNG face and
Tabletop Simulator sheet of the deck follows it. It also carries the printer's settings the sheets
are imposed with (``cuts``, ``gutter_mm``, ``crop_marks``, ``flip``, ``back_offset_mm``) and a print
shop's preset (``shop``) for ``gaslight cards``.

>>> spec = PrintSpec(size="tarot")
>>> spec.trim_mm, spec.describe()
((70.0, 120.0), 'tarot 70 × 120 mm, bleed 2 mm, safe zone 4 mm')
>>> [problem.key for problem in print_problems(PrintSpec(size="custom", width_mm=300, height_mm=200))]
['width_mm']
>>> PrintSpec.from_data({"back_offset_mm": {"x": 0.5}, "flip": "short"}).back_offset_mm
(0.5, 0.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

CARD_SIZES_MM: Mapping[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "euro": (59.0, 92.0),
    "square": (70.0, 70.0),
}
PAGE_SIZES_MM: Mapping[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SHEET_MARGIN_MM = 4.0
PRINT_SHOP_BLEED_MM = 3.0  # print shops ask for at least 3 mm (1/8 inch) past the trim
SHOP_SIZES: Mapping[str, tuple[str, ...]] = {  # the card sizes each shop preset covers (outputs/print_shops.py)
    "thegamecrafter": ("poker", "bridge", "mini", "tarot"), "makeplayingcards": ("poker", "bridge", "mini", "tarot"),
    "drivethrucards": ("poker", "tarot"),
}


@dataclass(frozen=True)
class PrintProblem:
    """A print setting no sheet can follow: the key of ``print:`` to point at, what is wrong, the fix."""

    key: str
    message: str
    fix: str


@dataclass(frozen=True)
class PrintSpec:
    """How a deck's cards are printed. Lengths in millimetres; ``dpi`` for PNG faces and TTS sheets."""

    size: str = "poker"
    width_mm: float | None = None
    height_mm: float | None = None
    bleed_mm: float = 2.0
    safe_mm: float = 4.0
    dpi: int = 300
    cuts: str = "auto"
    gutter_mm: float = 0.0
    crop_marks: str = "corner"
    flip: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    shop: str | None = None

    @property
    def trim_mm(self) -> tuple[float, float]:
        """The card's width and height at the trim (a custom size without both lengths: 0 × 0)."""
        if self.size == "custom":
            return (float(self.width_mm or 0), float(self.height_mm or 0))
        return CARD_SIZES_MM[self.size]

    def describe(self) -> str:
        width, height = self.trim_mm
        return f"{self.size} {width:g} × {height:g} mm, bleed {self.bleed_mm:g} mm, safe zone {self.safe_mm:g} mm"

    @classmethod
    def from_data(cls, raw: Mapping[str, Any]) -> PrintSpec:
        """From a schema-valid ``print:`` block; lengths alone (no ``size``) mean a custom size."""
        custom = "width_mm" in raw or "height_mm" in raw
        offset = raw.get("back_offset_mm", {})
        return cls(size=raw.get("size", "custom" if custom else "poker"), width_mm=raw.get("width_mm"),
                   height_mm=raw.get("height_mm"), bleed_mm=raw.get("bleed_mm", 2.0), safe_mm=raw.get("safe_mm", 4.0),
                   dpi=raw.get("dpi", 300), cuts=raw.get("cuts", "auto"), gutter_mm=raw.get("gutter_mm", 0.0),
                   crop_marks=raw.get("crop_marks", "corner"), flip=raw.get("flip", "long"),
                   back_offset_mm=(float(offset.get("x", 0.0)), float(offset.get("y", 0.0))), shop=raw.get("shop"))


def print_problems(spec: PrintSpec) -> list[PrintProblem]:
    """Every reason the cards cannot be printed as declared (a card that fits no page, a safe zone with no room)."""
    found: list[PrintProblem] = []
    if spec.size != "custom" and (spec.width_mm is not None or spec.height_mm is not None):
        key = "width_mm" if spec.width_mm is not None else "height_mm"
        found.append(PrintProblem(key, f"size '{spec.size}' already sets the card to "
                                       f"{' × '.join(f'{v:g}' for v in spec.trim_mm)} mm",
                                  f"remove {key}, or write 'size: custom' with width_mm and height_mm"))
    if spec.shop is not None and spec.size not in SHOP_SIZES[spec.shop]:
        *most, last = SHOP_SIZES[spec.shop]
        covered = f"{', '.join(most)} and {last}" if most else last
        found.append(PrintProblem("shop", f"the {spec.shop} preset covers {covered} cards; this deck's cards are "
                                          f"{spec.size}",
                                  f"write 'size: {SHOP_SIZES[spec.shop][0]}', or remove 'shop' and send the "
                                  "print-shop PDF"))
    width, height = spec.trim_mm
    if spec.size == "custom" and (spec.width_mm is None or spec.height_mm is None):
        missing = "width_mm" if spec.width_mm is None else "height_mm"
        return [PrintProblem("size", f"a custom card size needs {missing}", f"add '{missing}:' in millimetres")]
    if 2 * spec.safe_mm >= min(width, height):
        found.append(PrintProblem("safe_mm", f"the safe zone ({spec.safe_mm:g} mm inside the trim) leaves no room "
                                             f"on a {width:g} × {height:g} mm card",
                                  f"use a safe zone under {min(width, height) / 2:g} mm"))
    for page, (page_w, page_h) in PAGE_SIZES_MM.items():
        room_w, room_h = page_w - 2 * SHEET_MARGIN_MM, page_h - 2 * SHEET_MARGIN_MM
        card_w, card_h = width + 2 * spec.bleed_mm, height + 2 * spec.bleed_mm
        if card_w > room_w or card_h > room_h:
            key = "width_mm" if spec.size == "custom" and card_w > room_w else (
                "height_mm" if spec.size == "custom" else "size")
            paper = "an A4" if page == "a4" else "a Letter"
            found.append(PrintProblem(key, f"a {width:g} × {height:g} mm card with {spec.bleed_mm:g} mm bleed does not "
                                           f"fit on {paper} page ({room_w:g} × {room_h:g} mm inside the margins)",
                                      "use a smaller card or bleed"))
            break
    return found
