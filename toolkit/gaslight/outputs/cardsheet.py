"""Print-and-play card sheets: imposition of card faces (and backs) on A4 or Letter.

Any team prints cards through :func:`impose`: give it :class:`CardFace` values
(a label and a ``draw(canvas, width, height)`` callback) and a
:class:`CardSheetSettings`. A face is drawn with the origin at the lower-left
corner of the card's trim, in points; whatever it draws outside the trim is
kept up to the bleed and clipped beyond it, so backgrounds should overfill.
Keep text inside the safe zone (``settings.safe`` points inside the trim).

Cards are imposed as print-and-play tools do (``cuts="auto"``): as many cards
as fit trim to trim, then, along each axis, every card keeps its own bleed and
the gutter asked for where that still fits, a narrower gutter where only that
fits, and otherwise neighbours share one cut line (the bleed only on the outer
edges of the grid). That puts nine poker cards on Letter as on A4.
``cuts="separate"`` always keeps each card's bleed and the full gutter (fewer
cards when they do not fit); ``cuts="shared"`` always butts cards trim to trim.

Each page gets a TrimBox (the union of its cards' trims) and a BleedBox (the
union of their painted bleeds): a page has one TrimBox, so a sheet of many
cards keeps the MediaBox as its sheet and its crop marks as the cut guide.
With ``layout="single"`` every page is one card, the page is the bleed box and
the TrimBox is the card: the form print shops ask for, exact per card.

Duplex backs follow each front page: with a long-edge flip the back of the
card at ``x`` sits at ``page width − x − card width``; a short-edge flip
mirrors ``y`` instead and turns the back upside down. ``back_offset_mm`` moves
every back to correct a printer's misregistration.

>>> settings = CardSheetSettings(page="a4")
>>> grid = layout(settings)
>>> grid.columns, grid.rows, round(grid.card_width / MM, 2)
(3, 3, 63.0)
>>> letter = layout(CardSheetSettings(page="letter"))
>>> letter.columns, letter.rows, letter.shared
(3, 3, (False, True))
>>> pdf = impose([CardFace("one", lambda canvas, w, h: canvas.rect(0, 0, w, h))], settings)
>>> pdf[:5]
b'%PDF-'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gaslight.domain.decks.print_spec import CARD_SIZES_MM, PRINT_SHOP_BLEED_MM, PrintSpec
from gaslight.outputs.labels import printable_labels
from gaslight.outputs.pdf import FONT, PAGE_SIZES, render_pdf, text_font

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

MM = 72.0 / 25.4

CROP_MARKS = ("none", "corner", "full")
FLIPS = ("long", "short")
LAYOUTS = ("grid", "single")
CUTS = ("auto", "shared", "separate")

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
    ``back_offset_mm``: (x right, y up) shift of every back. ``cuts``: auto, shared or separate
    (see the module's docstring).
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
    cuts: str = "auto"
    language: str = "en"  # the words the cards print around the designer's text (gaslight/labels/printables.*)

    @classmethod
    def for_print(cls, spec: PrintSpec, page: str = "a4", layout: str = "grid") -> CardSheetSettings:
        """A deck's settings (its ``print:`` block) on ``page``; one card per page gets a print shop's bleed.

        >>> CardSheetSettings.for_print(PrintSpec(size="tarot"), layout="single").describe()
        'tarot 70 × 120 mm, bleed 3 mm, one card per page'
        """
        card = cls(size=spec.size, width_mm=spec.width_mm, height_mm=spec.height_mm, bleed_mm=spec.bleed_mm,
                   safe_mm=spec.safe_mm, page=page, layout=layout)
        if layout == "single":  # a print shop turns no sheet: no printer's flip or offset, the shop's bleed
            return replace(card, bleed_mm=max(spec.bleed_mm, PRINT_SHOP_BLEED_MM))
        return replace(card, cuts=spec.cuts, gutter_mm=(spec.gutter_mm, spec.gutter_mm), crop_marks=spec.crop_marks,
                       flip=spec.flip, back_offset_mm=spec.back_offset_mm)

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
                   ("layout", self.layout, LAYOUTS), ("page", self.page, tuple(PAGE_SIZES)),
                   ("cuts", self.cuts, CUTS))
        for name, value, allowed in choices:
            if value not in allowed:
                raise CardSheetError(f"unknown {name} '{value}'; use one of: {', '.join(allowed)}")

    def describe(self, language: str = "en") -> str:
        """``poker 63 × 88 mm, bleed 3 mm, A4`` — for slug lines and pages, in ``language`` (the printables'
        words, gaslight/labels/printables.<code>.yaml).

        >>> CardSheetSettings(layout="single").describe()
        'poker 63 × 88 mm, bleed 2 mm, one card per page'
        >>> CardSheetSettings(page="letter").describe("ja")
        'ポーカー 63×88 mm、塗り足し2 mm、レター'
        """
        words = printable_labels(language)
        width, height = self.trim_mm()
        where = words("sheet_one_per_page") if self.layout == "single" else words(f"sheet_paper.{self.page}")
        return words("sheet_describe", size=words(f"sheet_size.{self.size}"), width=f"{width:g}",
                     height=f"{height:g}", bleed=f"{self.bleed_mm:g}", where=where)


@dataclass(frozen=True)
class SheetLayout:
    """Where cards go on a page (points; origins are the lower-left corners of the trims).

    ``shared``: (across, down), whether neighbouring cards share a cut line along that axis.
    """

    page_size: tuple[float, float]
    card_width: float
    card_height: float
    bleed: float
    columns: int
    rows: int
    slots: tuple[tuple[float, float], ...]
    shared: tuple[bool, bool] = (False, False)

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def trim_box(self, origin: tuple[float, float]) -> Box:
        x, y = origin
        return (x, y, x + self.card_width, y + self.card_height)

    def bleed_box(self, origin: tuple[float, float]) -> Box:
        x0, y0, x1, y1 = self.trim_box(origin)
        return (x0 - self.bleed, y0 - self.bleed, x1 + self.bleed, y1 + self.bleed)

    def painted_boxes(self, count: int) -> list[Box]:
        """The boxes the first ``count`` cards paint: their bleed, but only to the trim where a neighbour
        on the page shares the cut line with them.

        >>> grid = layout(CardSheetSettings(page="letter", crop_marks="none"))
        >>> first, second = (tuple(round(v / MM, 1) for v in box) for box in grid.painted_boxes(4)[::3])
        >>> round(first[1] - second[3], 1)  # the first card's bottom edge is the top edge of the card under it
        0.0
        """
        boxes = []
        for index in range(count):
            row, column = divmod(index, self.columns)
            x0, y0, x1, y1 = self.trim_box(self.slots[index])
            across, down = self.shared
            left = 0.0 if across and column > 0 else self.bleed
            right = 0.0 if across and column < self.columns - 1 and index + 1 < count else self.bleed
            top = 0.0 if down and row > 0 else self.bleed
            bottom = 0.0 if down and row < self.rows - 1 and index + self.columns < count else self.bleed
            boxes.append((x0 - left, y0 - bottom, x1 + right, y1 + top))
        return boxes


def _axis(room: float, card: float, bleed: float, gutter: float, cuts: str) -> tuple[int, float, bool]:
    """(cards, distance between neighbouring trims, shared cut lines) along one axis of ``room`` points."""
    cell = card + 2 * bleed
    apart = math.floor((room + gutter) / (cell + gutter) + 1e-9)
    butted = math.floor((room - 2 * bleed) / card + 1e-9)
    if cuts == "separate" or butted < 2 or (cuts == "auto" and apart >= butted):
        return apart, 2 * bleed + gutter, False
    if cuts == "auto" and math.floor(room / cell + 1e-9) >= butted:  # every card keeps its bleed, the gutter narrows
        return butted, 2 * bleed + min(gutter, (room - butted * cell) / (butted - 1)), False
    return butted, 0.0, True


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
    columns, pitch_x, shared_x = _axis(page_w - 2 * margin, card_w, bleed, settings.gutter_mm[0] * MM, settings.cuts)
    rows, pitch_y, shared_y = _axis(page_h - 2 * margin, card_h, bleed, settings.gutter_mm[1] * MM, settings.cuts)
    if columns < 1 or rows < 1:
        raise CardSheetError(
            f"a {width_mm:g} × {height_mm:g} mm card with {settings.bleed_mm:g} mm bleed does not fit on a "
            f"{settings.page} page inside {settings.margin_mm:g} mm margins; use a smaller card, bleed or margin")
    grid_w = columns * card_w + (columns - 1) * pitch_x + 2 * bleed
    grid_h = rows * card_h + (rows - 1) * pitch_y + 2 * bleed
    left, top = (page_w - grid_w) / 2 + bleed, page_h - (page_h - grid_h) / 2 - bleed
    slots = tuple(
        (left + c * (card_w + pitch_x), top - r * (card_h + pitch_y) - card_h)
        for r in range(rows) for c in range(columns)
    )
    return SheetLayout((page_w, page_h), card_w, card_h, bleed, columns, rows, slots, (shared_x, shared_y))


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


def back_box(page_size: tuple[float, float], box: Box, settings: CardSheetSettings) -> Box:
    """Where the box ``box`` of a front page lands on its back page (mirrored by the flip, then offset).

    >>> back_box((100.0, 200.0), (10.0, 20.0, 30.0, 40.0), CardSheetSettings(flip="short"))
    (10.0, 160.0, 30.0, 180.0)
    """
    page_w, page_h = page_size
    dx, dy = settings.back_offset_mm[0] * MM, settings.back_offset_mm[1] * MM
    x0, y0, x1, y1 = box
    if settings.flip == "long":
        return (page_w - x1 + dx, y0 + dy, page_w - x0 + dx, y1 + dy)
    return (x0 + dx, page_h - y1 + dy, x1 + dx, page_h - y0 + dy)


def _draw_card(canvas: Canvas, grid: SheetLayout, origin: tuple[float, float], face: CardFace, painted: Box,
               upside_down: bool = False) -> None:
    """Paint ``painted`` (page coordinates) white, hiding marks under it, then the face, clipped to it."""
    x, y = origin
    w, h = grid.card_width, grid.card_height
    canvas.saveState()
    if upside_down:
        canvas.translate(x + w, y + h)
        canvas.rotate(180)
        local = (x + w - painted[2], y + h - painted[3], x + w - painted[0], y + h - painted[1])
    else:
        canvas.translate(x, y)
        local = (painted[0] - x, painted[1] - y, painted[2] - x, painted[3] - y)
    clip = canvas.beginPath()
    clip.rect(local[0], local[1], local[2] - local[0], local[3] - local[1])
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(local[0], local[1], local[2] - local[0], local[3] - local[1], stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(FONT, 8)
    face.draw(canvas, w, h)
    canvas.restoreState()


def _slug(canvas: Canvas, grid: SheetLayout, text: str, settings: CardSheetSettings) -> None:
    """The sheet's line at the foot of the page, on white so crop marks under it do not cross the words."""
    if not settings.slug or settings.layout == "single":
        return
    canvas.saveState()
    font = text_font(text)  # the deck's title may be Japanese
    canvas.setFont(font, 6)
    width = canvas.stringWidth(text, font, 6)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect((grid.page_size[0] - width) / 2 - 1, 3 * MM - 2, width + 2, 8, stroke=0, fill=1)
    canvas.setFillColorRGB(0.4, 0.4, 0.4)
    canvas.drawCentredString(grid.page_size[0] / 2, 3 * MM, text)
    canvas.restoreState()


def impose(faces: Sequence[CardFace], settings: CardSheetSettings | None = None,
           back: CardFace | Sequence[CardFace] | None = None, title: str = "Card sheet", colours: str = "rgb") -> bytes:
    """The card sheet PDF: each page of fronts, followed by its page of backs when ``back`` is given: one back
    for every card, or one per face (cards of different backs: each back lands behind its own front).

    ``colours="cmyk"``: every colour drawn is written as CMYK (see :func:`gaslight.outputs.pdf.cmyk`).
    """
    settings = settings or CardSheetSettings()
    backs = None if back is None else [back] * len(faces) if isinstance(back, CardFace) else list(back)
    if backs is not None and len(backs) != len(faces):
        raise ValueError(f"{len(backs)} backs for {len(faces)} faces")
    grid = layout(settings)
    words = printable_labels(settings.language)  # the slug's words (the title is the caller's, in its language)
    per_page = grid.per_page
    chunks = [faces[i:i + per_page] for i in range(0, len(faces), per_page)] or [[]]
    pages = len(chunks)

    def draw(canvas: Canvas) -> None:
        for number, chunk in enumerate(chunks, start=1):
            if number > 1:
                canvas.showPage()
            fronts = grid.slots[:len(chunk)]
            painted = grid.painted_boxes(len(chunk))
            _boxes(canvas, [grid.trim_box(o) for o in fronts], painted)
            _crop_marks(canvas, grid, fronts, settings)
            for origin, face, box in zip(fronts, chunk, painted, strict=True):
                _draw_card(canvas, grid, origin, face, box)
            _slug(canvas, grid, words("sheet_fronts", title=title, number=number, pages=pages,
                                      describe=settings.describe(settings.language)), settings)
            if backs is not None:
                canvas.showPage()
                start = (number - 1) * per_page
                origins = [back_origin(grid, origin, settings) for origin in fronts]
                back_painted = [back_box(grid.page_size, box, settings) for box in painted]
                _boxes(canvas, [grid.trim_box(o) for o in origins], back_painted)
                for origin, box, face in zip(origins, back_painted, backs[start:start + len(chunk)], strict=True):
                    _draw_card(canvas, grid, origin, face, box, upside_down=settings.flip == "short")
                _slug(canvas, grid, words("sheet_backs", title=title, number=number, pages=pages,
                                          flip=words(f"sheet_flip.{settings.flip}")), settings)

    def _boxes(canvas: Canvas, trims: Sequence[Box], bleeds: Sequence[Box]) -> None:
        if trims:
            canvas.setTrimBox(_union(trims, grid.page_size))
            canvas.setBleedBox(_union(bleeds, grid.page_size))

    return render_pdf(grid.page_size, title, draw, colours)
