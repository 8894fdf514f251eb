"""Print-and-play card sheets: imposition of card faces (and backs) on A4 or Letter.

Any team prints cards through :func:`impose`: give it :class:`CardFace` values
(a label and a ``draw(canvas, width, height)`` callback) and a
:class:`CardSheetSettings`. A face is drawn with the origin at the lower-left
corner of the card's trim, in points; whatever it draws outside the trim is
kept up to the bleed and clipped beyond it, so backgrounds should overfill.
Keep text inside the safe zone (``settings.safe`` points inside the trim).

Each page gets a TrimBox (the union of its cards' trims) and a BleedBox (the
union of their bleeds). With ``layout="single"`` every page is one card, the
page is the bleed box and the TrimBox is the card: the form print shops ask for.

Duplex backs follow each front page: with a long-edge flip the back of the
card at ``x`` sits at ``page width − x − card width``; a short-edge flip
mirrors ``y`` instead and turns the back upside down. ``back_offset_mm`` moves
every back to correct a printer's misregistration.

>>> settings = CardSheetSettings(page="a4")
>>> grid = layout(settings)
>>> grid.columns, grid.rows, round(grid.card_width / MM, 2)
(3, 3, 63.0)
>>> pdf = impose([CardFace("one", lambda canvas, w, h: canvas.rect(0, 0, w, h))], settings)
>>> pdf[:5]
b'%PDF-'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gaslight.domain.decks.print_spec import CARD_SIZES_MM, PRINT_SHOP_BLEED_MM, PrintSpec
from gaslight.outputs.pdf import FONT, PAGE_SIZES, render_pdf

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

MM = 72.0 / 25.4

CROP_MARKS = ("none", "corner", "full")
FLIPS = ("long", "short")
LAYOUTS = ("grid", "single")

Draw = Callable[["Canvas", float, float], None]
Box = tuple[float, float, float, float]


class CardSheetError(ValueError):
    """The settings cannot make a sheet (named in the message)."""


@dataclass(frozen=True)
class CardFace:
    """One card side: a label (for the slug line and tests) and how to draw it."""

    label: str
    draw: Draw


@dataclass(frozen=True)
class CardSheetSettings:
    """How cards are imposed. Lengths are in millimetres.

    ``size``: a preset of :data:`CARD_SIZES_MM` (poker 63 × 88 default, bridge, mini, tarot, euro, square) or
    ``custom`` with ``width_mm``/``height_mm``. ``bleed_mm`` extends the art past the trim;
    ``safe_mm`` is the inset of the safe zone. ``crop_marks``: none, corner or full (lines across
    the page), each ``crop_length_mm`` long. ``gutter_mm``: space between neighbouring bleeds.
    ``back_offset_mm``: (x right, y up) shift of every back.
    """

    size: str = "poker"
    width_mm: float | None = None
    height_mm: float | None = None
    bleed_mm: float = 2.0
    safe_mm: float = 4.0
    crop_marks: str = "corner"
    crop_length_mm: float = 5.0
    page: str = "a4"
    margin_mm: float = 4.0
    gutter_mm: tuple[float, float] = (0.0, 0.0)
    flip: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    layout: str = "grid"
    slug: bool = True

    @classmethod
    def for_print(cls, spec: PrintSpec, page: str = "a4", layout: str = "grid") -> CardSheetSettings:
        """A deck's settings (its ``print:`` block) on ``page``; one card per page gets a print shop's bleed.

        >>> CardSheetSettings.for_print(PrintSpec(size="tarot"), layout="single").describe()
        'tarot 70 × 120 mm, bleed 3 mm, one card per page'
        """
        bleed = max(spec.bleed_mm, PRINT_SHOP_BLEED_MM) if layout == "single" else spec.bleed_mm
        return cls(size=spec.size, width_mm=spec.width_mm, height_mm=spec.height_mm, bleed_mm=bleed,
                   safe_mm=spec.safe_mm, page=page, layout=layout)

    def trim_mm(self) -> tuple[float, float]:
        """The card's trim size in millimetres."""
        if self.size == "custom":
            if self.width_mm is None or self.height_mm is None:
                raise CardSheetError("a custom card size needs width_mm and height_mm")
            return (self.width_mm, self.height_mm)
        if self.size not in CARD_SIZES_MM:
            raise CardSheetError(f"unknown card size '{self.size}'; use one of: {', '.join(CARD_SIZES_MM)}, custom")
        return CARD_SIZES_MM[self.size]

    @property
    def safe(self) -> float:
        return self.safe_mm * MM

    def validate(self) -> None:
        """Raise :class:`CardSheetError` for settings no sheet can follow."""
        width, height = self.trim_mm()
        if width <= 0 or height <= 0:
            raise CardSheetError(f"the card size {width:g} × {height:g} mm must be positive")
        for name in ("bleed_mm", "safe_mm", "crop_length_mm", "margin_mm"):
            if getattr(self, name) < 0:
                raise CardSheetError(f"{name} must not be negative")
        if min(self.gutter_mm) < 0:
            raise CardSheetError("gutter_mm must not be negative")
        if 2 * self.safe_mm >= min(width, height):
            raise CardSheetError(f"the safe zone ({self.safe_mm:g} mm) leaves no room on a "
                                 f"{width:g} × {height:g} mm card")
        choices = (("crop_marks", self.crop_marks, CROP_MARKS), ("flip", self.flip, FLIPS),
                   ("layout", self.layout, LAYOUTS), ("page", self.page, tuple(PAGE_SIZES)))
        for name, value, allowed in choices:
            if value not in allowed:
                raise CardSheetError(f"unknown {name} '{value}'; use one of: {', '.join(allowed)}")

    def describe(self) -> str:
        """``poker 63 × 88 mm, bleed 3 mm, A4`` — for slug lines and pages.

        >>> CardSheetSettings(layout="single").describe()
        'poker 63 × 88 mm, bleed 2 mm, one card per page'
        """
        width, height = self.trim_mm()
        paper = self.page.upper() if self.page == "a4" else self.page.capitalize()
        where = "one card per page" if self.layout == "single" else paper
        return f"{self.size} {width:g} × {height:g} mm, bleed {self.bleed_mm:g} mm, {where}"


@dataclass(frozen=True)
class SheetLayout:
    """Where cards go on a page (points; origins are the lower-left corners of the trims)."""

    page_size: tuple[float, float]
    card_width: float
    card_height: float
    bleed: float
    columns: int
    rows: int
    slots: tuple[tuple[float, float], ...]

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def trim_box(self, origin: tuple[float, float]) -> Box:
        x, y = origin
        return (x, y, x + self.card_width, y + self.card_height)

    def bleed_box(self, origin: tuple[float, float]) -> Box:
        x0, y0, x1, y1 = self.trim_box(origin)
        return (x0 - self.bleed, y0 - self.bleed, x1 + self.bleed, y1 + self.bleed)


def layout(settings: CardSheetSettings) -> SheetLayout:
    """As many cards as fit inside the margins, centred; slots run left to right, top to bottom."""
    settings.validate()
    width_mm, height_mm = settings.trim_mm()
    card_w, card_h, bleed = width_mm * MM, height_mm * MM, settings.bleed_mm * MM
    if settings.layout == "single":
        page = (card_w + 2 * bleed, card_h + 2 * bleed)
        return SheetLayout(page, card_w, card_h, bleed, 1, 1, ((bleed, bleed),))
    page_w, page_h = PAGE_SIZES[settings.page]
    margin = settings.margin_mm * MM
    gap_x, gap_y = settings.gutter_mm[0] * MM, settings.gutter_mm[1] * MM
    cell_w, cell_h = card_w + 2 * bleed, card_h + 2 * bleed
    columns = math.floor((page_w - 2 * margin + gap_x) / (cell_w + gap_x) + 1e-9)
    rows = math.floor((page_h - 2 * margin + gap_y) / (cell_h + gap_y) + 1e-9)
    if columns < 1 or rows < 1:
        raise CardSheetError(
            f"a {width_mm:g} × {height_mm:g} mm card with {settings.bleed_mm:g} mm bleed does not fit on a "
            f"{settings.page} page inside {settings.margin_mm:g} mm margins; use a smaller card, bleed or margin")
    grid_w = columns * cell_w + (columns - 1) * gap_x
    grid_h = rows * cell_h + (rows - 1) * gap_y
    left, top = (page_w - grid_w) / 2, page_h - (page_h - grid_h) / 2
    slots = tuple(
        (left + c * (cell_w + gap_x) + bleed, top - r * (cell_h + gap_y) - cell_h + bleed)
        for r in range(rows) for c in range(columns)
    )
    return SheetLayout((page_w, page_h), card_w, card_h, bleed, columns, rows, slots)


def back_origin(grid: SheetLayout, front: tuple[float, float], settings: CardSheetSettings) -> tuple[float, float]:
    """Where the back of the card whose front is at ``front`` must be printed.

    >>> grid = layout(CardSheetSettings())
    >>> x, y = grid.slots[0]
    >>> bx, by = back_origin(grid, (x, y), CardSheetSettings())
    >>> round(bx + grid.card_width + x, 3) == round(grid.page_size[0], 3), by == y
    (True, True)
    """
    x, y = front
    page_w, page_h = grid.page_size
    dx, dy = settings.back_offset_mm[0] * MM, settings.back_offset_mm[1] * MM
    if settings.flip == "long":
        return (page_w - x - grid.card_width + dx, y + dy)
    return (x + dx, page_h - y - grid.card_height + dy)


def _union(boxes: Sequence[Box], page: tuple[float, float]) -> Box:
    """The smallest box holding ``boxes``, kept on the page (PDF boxes never leave the MediaBox)."""
    return (max(0.0, min(b[0] for b in boxes)), max(0.0, min(b[1] for b in boxes)),
            min(page[0], max(b[2] for b in boxes)), min(page[1], max(b[3] for b in boxes)))


def _crop_marks(canvas: Canvas, grid: SheetLayout, origins: Sequence[tuple[float, float]],
                settings: CardSheetSettings) -> None:
    if settings.crop_marks == "none":
        return
    canvas.saveState()
    canvas.setLineWidth(0.25)
    canvas.setStrokeColorRGB(0, 0, 0)
    page_w, page_h = grid.page_size
    if settings.crop_marks == "full":
        xs = sorted({v for o in origins for v in (o[0], o[0] + grid.card_width)})
        ys = sorted({v for o in origins for v in (o[1], o[1] + grid.card_height)})
        for x in xs:
            canvas.line(x, 0, x, page_h)
        for y in ys:
            canvas.line(0, y, page_w, y)
    else:
        start, length = grid.bleed, settings.crop_length_mm * MM
        for origin in origins:
            x0, y0, x1, y1 = grid.trim_box(origin)
            for x, y, sx, sy in ((x0, y0, -1, -1), (x1, y0, 1, -1), (x0, y1, -1, 1), (x1, y1, 1, 1)):
                canvas.line(x + sx * start, y, x + sx * (start + length), y)
                canvas.line(x, y + sy * start, x, y + sy * (start + length))
    canvas.restoreState()


def _draw_card(canvas: Canvas, grid: SheetLayout, origin: tuple[float, float], face: CardFace,
               upside_down: bool = False) -> None:
    """Paint the bleed box white (hiding marks under it), then the face, clipped to the bleed."""
    x, y = origin
    b, w, h = grid.bleed, grid.card_width, grid.card_height
    canvas.saveState()
    if upside_down:
        canvas.translate(x + w, y + h)
        canvas.rotate(180)
    else:
        canvas.translate(x, y)
    clip = canvas.beginPath()
    clip.rect(-b, -b, w + 2 * b, h + 2 * b)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(FONT, 8)
    face.draw(canvas, w, h)
    canvas.restoreState()


def _slug(canvas: Canvas, grid: SheetLayout, text: str, settings: CardSheetSettings) -> None:
    if not settings.slug or settings.layout == "single":
        return
    canvas.saveState()
    canvas.setFont(FONT, 6)
    canvas.setFillColorRGB(0.4, 0.4, 0.4)
    canvas.drawCentredString(grid.page_size[0] / 2, 3 * MM, text)
    canvas.restoreState()


def impose(faces: Sequence[CardFace], settings: CardSheetSettings | None = None, back: CardFace | None = None,
           title: str = "Card sheet") -> bytes:
    """The card sheet PDF: each page of fronts, followed by its page of backs when ``back`` is given."""
    settings = settings or CardSheetSettings()
    grid = layout(settings)
    per_page = grid.per_page
    chunks = [faces[i:i + per_page] for i in range(0, len(faces), per_page)] or [[]]
    pages = len(chunks)

    def draw(canvas: Canvas) -> None:
        for number, chunk in enumerate(chunks, start=1):
            if number > 1:
                canvas.showPage()
            fronts = grid.slots[:len(chunk)]
            _page(canvas, fronts, f"{title} — sheet {number} of {pages}, fronts — {settings.describe()}")
            _crop_marks(canvas, grid, fronts, settings)
            for origin, face in zip(fronts, chunk, strict=True):
                _draw_card(canvas, grid, origin, face)
            if back is not None:
                canvas.showPage()
                backs = [back_origin(grid, origin, settings) for origin in fronts]
                _page(canvas, backs, f"{title} — sheet {number} of {pages}, backs ({settings.flip}-edge flip)")
                for origin in backs:
                    _draw_card(canvas, grid, origin, back, upside_down=settings.flip == "short")

    def _page(canvas: Canvas, origins: Sequence[tuple[float, float]], slug: str) -> None:
        if origins:
            canvas.setTrimBox(_union([grid.trim_box(o) for o in origins], grid.page_size))
            canvas.setBleedBox(_union([grid.bleed_box(o) for o in origins], grid.page_size))
        _slug(canvas, grid, slug, settings)

    return render_pdf(grid.page_size, title, draw)
