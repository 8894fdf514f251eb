"""Small pictures for the hunt's play aids, where a picture says it faster than a line of rules.

Each diagram is a schematic piece of a board drawn in the board's own vocabulary: numbered
circles, crossings as small squares, dotted lines between them, a police pawn, Jack's path as
arrows. A diagram is a reportlab :class:`Flowable`, laid out with its caption like any paragraph.

>>> sorted(DIAGRAMS)
['alley', 'coach', 'police-move', 'search']
>>> Diagram("coach").wrap(500, 500)
(150.0, 96.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from gaslight.outputs.labels import Labels, printable_labels
from gaslight.outputs.pdf import FONT_BOLD, text_font

WIDTH, HEIGHT = 150.0, 96.0
CIRCLE_R, CROSSING = 8.0, 5.0
JACK = colors.HexColor("#8b1e2d")
POLICE = colors.HexColor("#1f4e8c")
BLOCK = colors.HexColor("#e4dfd4")
INK = colors.HexColor("#333333")
Point = tuple[float, float]


def _dotted(canvas: Canvas, a: Point, b: Point) -> None:
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.setDash(1.2, 2.2)
    canvas.line(*a, *b)
    canvas.setDash()


def _circle(canvas: Canvas, at: Point, number: int, ringed: bool = False) -> None:
    canvas.setFillColor(colors.white)
    canvas.setStrokeColor(POLICE if ringed else INK)
    canvas.setLineWidth(2.2 if ringed else 0.9)
    canvas.circle(*at, CIRCLE_R, stroke=1, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(FONT_BOLD, 7)
    canvas.drawCentredString(at[0], at[1] - 2.5, str(number))


def _crossing(canvas: Canvas, at: Point) -> None:
    canvas.setFillColor(colors.white)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.rect(at[0] - CROSSING / 2, at[1] - CROSSING / 2, CROSSING, CROSSING, stroke=1, fill=1)


def _pawn(canvas: Canvas, at: Point) -> None:
    canvas.setFillColor(POLICE)
    canvas.setStrokeColor(colors.white)
    canvas.setLineWidth(0.8)
    canvas.circle(at[0], at[1] + 4, 3.2, stroke=1, fill=1)
    path = canvas.beginPath()
    path.moveTo(at[0] - 4.5, at[1] - 3)
    path.lineTo(at[0] + 4.5, at[1] - 3)
    path.lineTo(at[0], at[1] + 3)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1)


def _arrow(canvas: Canvas, points: Sequence[Point], colour: colors.Color, label: str = "") -> None:
    """A path through ``points``, shortened at its ends to stop at the circles' edges, with a head."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    canvas.setStrokeColor(colour)
    canvas.setFillColor(colour)
    canvas.setLineWidth(1.6)
    path = canvas.beginPath()
    path.moveTo(x0, y0)
    for point in points[1:]:
        path.lineTo(*point)
    canvas.drawPath(path, stroke=1, fill=0)
    px, py = points[-2]
    angle = math.atan2(y1 - py, x1 - px)
    head = canvas.beginPath()
    head.moveTo(x1, y1)
    for turn in (2.7, -2.7):
        head.lineTo(x1 + 6 * math.cos(angle + turn), y1 + 6 * math.sin(angle + turn))
    head.close()
    canvas.drawPath(head, stroke=0, fill=1)
    if label:
        canvas.setFont(text_font(label), 6.5)
        mid = points[len(points) // 2]
        canvas.drawCentredString(mid[0], mid[1] + 5, label)


def _coach(canvas: Canvas, words: Labels) -> None:
    one, two, three = (14.0, 30.0), (75.0, 30.0), (136.0, 30.0)
    first, second = (44.5, 30.0), (105.5, 30.0)
    for a, b in ((one, first), (first, two), (two, second), (second, three)):
        _dotted(canvas, a, b)
    for crossing in (first, second):
        _crossing(canvas, crossing)
    for number, at in ((1, one), (2, two), (3, three)):
        _circle(canvas, at, number)
    _pawn(canvas, first)
    _arrow(canvas, [(one[0], 42), (44.5, 60), (two[0] - 4, 42)], JACK, words("diagram_step", number=1))
    _arrow(canvas, [(two[0] + 4, 42), (105.5, 60), (three[0], 42)], JACK, words("diagram_step", number=2))


def _alley(canvas: Canvas, words: Labels) -> None:
    corners = ((16.0, 12.0), (134.0, 12.0), (134.0, 84.0), (16.0, 84.0))
    canvas.setFillColor(BLOCK)
    canvas.rect(16, 12, 118, 72, stroke=0, fill=1)
    middles = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)]
    for corner, middle, following in zip(corners, middles, corners[1:] + corners[:1], strict=True):
        _dotted(canvas, corner, middle)
        _dotted(canvas, middle, following)
    for middle in middles:
        _crossing(canvas, middle)
    _pawn(canvas, middles[0])
    _pawn(canvas, middles[1])
    for number, corner in enumerate(corners, start=4):
        _circle(canvas, corner, number)
    _arrow(canvas, [(24.0, 17.0), (75.0, 48.0), (126.0, 79.0)], JACK)


def _police_move(canvas: Canvas, words: Labels) -> None:
    crossings = ((14.0, 34.0), (75.0, 34.0), (136.0, 34.0))
    circles = ((44.5, 74.0), (105.5, 74.0))
    for a, b in pairwise(crossings):
        _dotted(canvas, a, b)
    for crossing, circle in zip(crossings, circles + circles[-1:], strict=True):
        _dotted(canvas, crossing, circle)
    _dotted(canvas, crossings[1], circles[0])
    for crossing in crossings:
        _crossing(canvas, crossing)
    for number, at in zip((8, 9), circles, strict=True):
        _circle(canvas, at, number)
    _pawn(canvas, crossings[0])
    _pawn(canvas, crossings[1])
    _arrow(canvas, [(crossings[0][0], 22.0), (75.0, 12.0), (crossings[2][0] - 3, 24.0)], POLICE)
    text = words("diagram_crossings", count=2)
    canvas.setFont(text_font(text), 6.5)
    canvas.drawCentredString(75.0, 2.0, text)


def _search(canvas: Canvas, words: Labels) -> None:
    centre = (60.0, 48.0)
    beside = ((20.0, 80.0), (100.0, 80.0), (20.0, 16.0), (100.0, 16.0))
    far, other = (140.0, 48.0), (120.0, 48.0)
    for circle in beside:
        _dotted(canvas, centre, circle)
    _dotted(canvas, beside[1], other)
    _dotted(canvas, other, far)
    _crossing(canvas, centre)
    _crossing(canvas, other)
    for number, circle in enumerate(beside, start=10):
        _circle(canvas, circle, number, ringed=True)
    _circle(canvas, far, 14)
    _pawn(canvas, centre)


DIAGRAMS: Mapping[str, Callable[[Canvas, Labels], None]] = {
    "coach": _coach,
    "alley": _alley,
    "police-move": _police_move,
    "search": _search,
}


class Diagram(Flowable):  # type: ignore[misc]  # reportlab ships no type hints
    """One of :data:`DIAGRAMS`, drawn in a fixed box, its few words in ``language``."""

    def __init__(self, name: str, language: str = "en") -> None:
        super().__init__()
        self.name, self.language = name, language
        self.width, self.height = WIDTH, HEIGHT

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        DIAGRAMS[self.name](self.canv, printable_labels(self.language))
        self.canv.restoreState()
