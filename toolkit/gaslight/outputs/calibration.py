"""The duplex calibration page: print it double-sided, read how far the printer shifts the back side.

The front page has three targets (a cross in a circle). The back page has, behind each target, a
pair of scales in millimetres centred where that target should land, placed exactly as the backs of
the card sheets are placed (the same ``flip``, the ``back_offset_mm`` in use already). Push a pin
through the centre of the front's middle cross, or hold the sheet to a window, and read on the back
where the cross is: that reading, added to the offset in use, is the ``back_offset_mm`` to write in
the deck's ``print:`` block. The two corner targets show whether the back is also turned or scaled.

Why the reading is the correction: the back's scales sit at ``Q + s``, where ``Q`` is where the
front's cross lands on the back and ``s`` is the printer's shift; the cross reads ``−s`` on them,
and moving every back by ``−s`` cancels the shift.

>>> from gaslight.outputs.cardsheet import CardSheetSettings
>>> calibration_page(CardSheetSettings(page="letter"))[:5]
b'%PDF-'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gaslight.outputs.cardsheet import MM, CardSheetSettings, back_box
from gaslight.outputs.labels import printable_labels
from gaslight.outputs.pdf import FONT, FONT_BOLD, PAGE_SIZES, render_pdf, text_font, wrap_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

SCALE_MM = 6  # each scale reads from −6 to +6 mm
TARGET_INSET_MM = 40  # the corner targets' distance from the page's sides and bottom
TARGET_TOP_MM = 75  # the top target's distance from the top, clear of the instructions


def targets(settings: CardSheetSettings) -> list[tuple[float, float]]:
    """The front's three targets (points): the middle of the page, then near the top-left and bottom-right corners.

    >>> [tuple(round(v / MM) for v in t) for t in targets(CardSheetSettings())]
    [(105, 148), (40, 222), (170, 40)]
    """
    width, height = PAGE_SIZES[settings.page]
    inset = TARGET_INSET_MM * MM
    return [(width / 2, height / 2), (inset, height - TARGET_TOP_MM * MM), (width - inset, inset)]


def back_point(settings: CardSheetSettings, point: tuple[float, float]) -> tuple[float, float]:
    """Where ``point`` of the front lands on the back page, as a card's back is placed (flip, offset)."""
    x, y = point
    x0, y0, _, _ = back_box(PAGE_SIZES[settings.page], (x, y, x, y), settings)
    return (x0, y0)


def _target(canvas: Canvas, x: float, y: float) -> None:
    canvas.circle(x, y, 4 * MM, stroke=1, fill=0)
    canvas.line(x - 8 * MM, y, x + 8 * MM, y)
    canvas.line(x, y - 8 * MM, x, y + 8 * MM)


def _scales(canvas: Canvas, x: float, y: float) -> None:
    """A level and an upright scale crossing at (x, y): a tick every 0.5 mm, a number every 2 mm."""
    for halves in range(-SCALE_MM * 2, SCALE_MM * 2 + 1):
        offset = halves / 2 * MM
        length = 1.2 * MM if halves % 2 else (3 * MM if halves % 4 == 0 else 2 * MM)
        canvas.line(x + offset, y, x + offset, y - length)  # the level scale, ticks below its line
        canvas.line(x, y + offset, x - length, y + offset)  # the upright scale, ticks left of its line
        if halves % 4 == 0 and halves:  # numbers beyond the other scale's ends, clear of its numbers
            label = f"{halves // 2:d}"
            canvas.drawCentredString(x + offset, y - (SCALE_MM + 2.5) * MM, label)
            canvas.drawRightString(x - (SCALE_MM + 1) * MM, y + offset - 1.5, label)
    canvas.line(x - SCALE_MM * MM, y, x + SCALE_MM * MM, y)
    canvas.line(x, y - SCALE_MM * MM, x, y + SCALE_MM * MM)
    canvas.circle(x, y, 0.6 * MM, stroke=1, fill=0)


def _text(canvas: Canvas, x: float, top: float, lines: list[str], size: float = 8) -> None:
    for number, line in enumerate(lines):
        canvas.setFont(text_font(line, FONT), size)
        canvas.drawString(x, top - number * size * 1.35, line)


def calibration_page(settings: CardSheetSettings, title: str = "Duplex calibration") -> bytes:
    """Two pages, front and back, of ``settings.page``: targets on the front, scales behind them on the back; its
    words in ``settings.language``."""
    settings.validate()
    width, height = PAGE_SIZES[settings.page]
    dx, dy = settings.back_offset_mm
    in_use = f"flip: {settings.flip}, back_offset_mm: {{x: {dx:g}, y: {dy:g}}}"
    words = printable_labels(settings.language)

    def heading(canvas: Canvas, text: str) -> None:
        canvas.setFont(text_font(text, FONT_BOLD), 14)
        canvas.drawString(20 * MM, height - 20 * MM, text)

    def lines(text: str) -> list[str]:
        return [line for paragraph in text.split("\n") for line in wrap_text(paragraph, FONT, 8, width - 40 * MM)]

    def draw(canvas: Canvas) -> None:
        canvas.setLineWidth(0.3)
        heading(canvas, words("calibration_front", title=title))
        _text(canvas, 20 * MM, height - 28 * MM, lines(words(
            "calibration_front_text", flip=words(f"calibration_flip.{settings.flip}"), in_use=in_use)))
        for x, y in targets(settings):
            _target(canvas, x, y)
        canvas.showPage()
        canvas.setLineWidth(0.2)
        heading(canvas, words("calibration_back", title=title))
        _text(canvas, 20 * MM, height - 28 * MM, lines(words("calibration_back_text", dx=f"{dx:g}", dy=f"{dy:g}")))
        canvas.setFont(FONT, 5)
        for point in targets(settings):
            _scales(canvas, *back_point(settings, point))
        footer = f"{words(f'sheet_paper.{settings.page}')} — {in_use}"
        canvas.setFont(text_font(footer, FONT), 7)
        canvas.drawCentredString(width / 2, 10 * MM, footer)

    return render_pdf((width, height), title, draw)
