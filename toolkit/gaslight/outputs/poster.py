"""A printable poster of a board at full size, tiled over A4 or Letter sheets.

Page 1 is an overview: the whole map shrunk to the sheet, the tile grid with
each tile's label, and how to assemble it. Then one page per tile, in reading
order (A1, B1, …, A2, …): the map at 1:1, clipped to the sheet's printable
area, with crop marks at the corners, registration marks inside the overlaps
(they land on top of each other when two sheets are aligned), a dashed line
where the next sheet's edge goes, and the tile's label and neighbours.

Drawing is vector (reportlab) and goes through :func:`gaslight.outputs.pdf.render_pdf`,
so the same board and paper give the same bytes.

>>> plan_tiling(340, 260, "a4").columns, plan_tiling(340, 260, "a4").rows, plan_tiling(340, 260, "a4").landscape
(2, 1, False)
>>> plan_tiling(340, 260, "a4").pages
3
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from gaslight.domain.board.geometry import Block, analyse, drawn_radius
from gaslight.domain.board.model import Board, Place, Point
from gaslight.outputs.labels import Labels, printable_labels
from gaslight.outputs.pdf import FONT, FONT_BOLD, FONT_ITALIC, PAGE_SIZES, render_pdf, text_font, wrap_text

MM = 72 / 25.4  # PDF points per millimetre
UNIT_MM = {"mm": 1.0, "px": 25.4 / 96, "pt": 25.4 / 72}
MARGIN_MM = 12.0
PLAYABLE_CIRCLE_MM = 8.0  # a circle a pawn stands on at the table: never printed smaller unless the board says so
OVERLAP_MM = 12.0

Transform = Callable[[Point], Point]


@dataclass(frozen=True)
class Tile:
    """One sheet: its label (column letter + row number) and where its content starts on the poster (mm)."""

    label: str
    column: int
    row: int
    x: float
    y: float


@dataclass(frozen=True)
class Tiling:
    """How a poster of ``width`` × ``height`` mm is cut into sheets of ``paper``."""

    paper: str
    landscape: bool
    width: float
    height: float
    columns: int
    rows: int
    content_w: float
    content_h: float
    overlap: float

    @property
    def sheet(self) -> tuple[float, float]:
        """Sheet size in points, turned when landscape."""
        w, h = PAGE_SIZES[self.paper]
        return (h, w) if self.landscape else (w, h)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        step_w, step_h = self.content_w - self.overlap, self.content_h - self.overlap
        return tuple(Tile(tile_label(c, r), c, r, c * step_w, r * step_h)
                     for r in range(self.rows) for c in range(self.columns))

    @property
    def pages(self) -> int:
        """Overview page plus one page per tile."""
        return 1 + self.columns * self.rows

    def label_at(self, column: int, row: int) -> str | None:
        inside = 0 <= column < self.columns and 0 <= row < self.rows
        return tile_label(column, row) if inside else None


def tile_label(column: int, row: int) -> str:
    """Spreadsheet-style label: column letters, row number from 1.

    >>> tile_label(0, 0), tile_label(2, 3), tile_label(27, 0)
    ('A1', 'C4', 'AB1')
    """
    letters = ""
    n = column + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{row + 1}"


def _count(length: float, content: float, overlap: float) -> int:
    return max(1, math.ceil((length - overlap) / (content - overlap) - 1e-9))


def plan_tiling(width: float, height: float, paper: str, *, margin: float = MARGIN_MM,
                overlap: float = OVERLAP_MM) -> Tiling:
    """The fewest sheets (portrait or landscape; portrait on a tie) covering ``width`` × ``height`` mm."""
    w_pt, h_pt = PAGE_SIZES[paper]
    best: Tiling | None = None
    for landscape in (False, True):
        sheet_w, sheet_h = (h_pt, w_pt) if landscape else (w_pt, h_pt)
        content_w, content_h = sheet_w / MM - 2 * margin, sheet_h / MM - 2 * margin
        columns, rows = _count(width, content_w, overlap), _count(height, content_h, overlap)
        tiling = Tiling(paper, landscape, width, height, columns, rows, content_w, content_h, overlap)
        if best is None or tiling.pages < best.pages:
            best = tiling
    assert best is not None
    return best


# --- drawing the map ---------------------------------------------------------------------------------------------


def poster_scale(board: Board) -> float:
    """Millimetres on the poster per unit of the board: the board's ``poster: {circle: D}`` makes a circle D mm
    across; by default the drawing prints at its own size, enlarged so a circle is at least 8 mm across.

    >>> from gaslight.domain.board.generate import generate_board, board_yaml
    >>> from gaslight.yamlio import parse_text
    >>> from gaslight.domain.board.model import load_board
    >>> from gaslight.diagnostics import Report
    >>> data = generate_board(12, 1) | {"unit": "px"}
    >>> board = load_board(parse_text(board_yaml(data), "b.yaml")[0], Report())
    >>> round(2 * drawn_radius(board) * poster_scale(board), 2)
    8.0
    """
    return _scale(board, drawn_radius(board))


def _scale(board: Board, radius: float) -> float:
    """:func:`poster_scale` for circles drawn ``radius`` across (measuring that is the costly part)."""
    unit = UNIT_MM.get(board.unit, 1.0)
    drawn = 2 * radius * unit
    wanted = board.poster_circle or max(drawn, PLAYABLE_CIRCLE_MM)
    return unit * wanted / drawn if drawn > 0 else unit


def poster_size(board: Board) -> tuple[float, float]:
    """The poster (map plus a border for the circles) in millimetres."""
    radius = drawn_radius(board)
    scale = _scale(board, radius)
    pad = radius * 2.5
    return ((board.width + 2 * pad) * scale, (board.height + 2 * pad) * scale)


View = tuple[float, float, float, float]


@dataclass(frozen=True, eq=False)
class MapLayout:
    """A board prepared for drawing many times: node radius, poster scale, blocks and each element's bounding box.

    ``boxes[layer]`` is an (n, 4) array of min x, min y, max x, max y per element, in file order;
    layers are ``blocks``, ``segments``, ``crossings``, ``circles`` and ``places``.
    """

    board: Board
    r: float
    scale: float
    blocks: tuple[Block, ...]
    places: tuple[Place, ...]
    boxes: Mapping[str, np.ndarray]

    def shown(self, layer: str, view: View | None, margin: float = 0.0) -> Sequence[int]:
        """Indices of the layer's elements whose box (grown by ``margin``) meets ``view``; all when None."""
        boxes = self.boxes[layer]
        if view is None:
            return range(len(boxes))
        hit = ((boxes[:, 0] - margin <= view[2]) & (boxes[:, 2] + margin >= view[0])
               & (boxes[:, 1] - margin <= view[3]) & (boxes[:, 3] + margin >= view[1]))
        return [int(i) for i in np.flatnonzero(hit)]


def _boxes(point_lists: Sequence[Sequence[Point]]) -> np.ndarray:
    if not point_lists:
        return np.zeros((0, 4))
    return np.array([(min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts),
                      max(p[1] for p in pts)) for pts in point_lists], dtype=float)


def map_layout(board: Board) -> MapLayout:
    """Measure ``board`` once for :func:`draw_map`."""
    blocks = analyse(board).blocks
    places = tuple(p for p in board.places if board.has_node(p.crossing))
    r = drawn_radius(board)
    boxes = {
        "blocks": _boxes([b.polygon for b in blocks]),
        "segments": _boxes([board.segment_points(s) for s in board.segments]),
        "crossings": _boxes([[c.at] for c in board.crossings]),
        "circles": _boxes([[c.at] for c in board.circles]),
        # a place name runs to the right of its crossing: about 0.55 r per letter at 0.9 r type
        "places": _boxes([[board.node_position(p.crossing),
                           (board.node_position(p.crossing)[0] + r * (1 + 0.55 * len(p.name)),
                            board.node_position(p.crossing)[1] - r * 2)] for p in places]),
    }
    return MapLayout(board, r, _scale(board, r), blocks, places, MappingProxyType(boxes))


SHADES = ((0.925, 0.902, 0.839), (0.894, 0.867, 0.792), (0.937, 0.914, 0.863), (0.910, 0.882, 0.812))


def _path(canvas: Canvas, points: Sequence[Point], *, close: bool) -> PDFPathObject:
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    if close:
        path.close()
    return path


def draw_map(canvas: Canvas, layout: MapLayout, to_page: Transform, scale: float, *, labels: bool = True,
             view: View | None = None) -> None:
    """Blocks, dotted lines, crossings, circles and places (``scale``: points per board unit).

    ``view`` (board units: x0, y0, x1, y1) skips what lies wholly outside it, to keep tiles small.
    """
    board, r = layout.board, layout.r
    canvas.saveState()
    for i in layout.shown("blocks", view):
        block = layout.blocks[i]
        path = canvas.beginPath()
        for ring in (block.polygon, *block.holes):
            first, *rest = [to_page(p) for p in ring]
            path.moveTo(*first)
            for point in rest:
                path.lineTo(*point)
            path.close()
        canvas.setFillColorRGB(*SHADES[i % len(SHADES)])
        canvas.drawPath(path, stroke=0, fill=1, fillMode=0)
    canvas.setStrokeColorRGB(0.36, 0.32, 0.27)
    canvas.setLineWidth(r * 0.22 * scale)
    canvas.setLineCap(1)
    canvas.setDash([0.01, r * 0.45 * scale])
    for i in layout.shown("segments", view, r):
        points = [to_page(p) for p in board.segment_points(board.segments[i])]
        canvas.drawPath(_path(canvas, points, close=False), stroke=1, fill=0)
    canvas.setDash([])
    side = r * 0.7 * scale
    for i in layout.shown("crossings", view, r):
        crossing = board.crossings[i]
        x, y = to_page(crossing.at)
        canvas.setFillColorRGB(0.11, 0.11, 0.1)
        if crossing.yellow:
            canvas.setStrokeColorRGB(0.9, 0.72, 0.0)
            canvas.setLineWidth(r * 0.3 * scale)
        canvas.rect(x - side / 2, y - side / 2, side, side, stroke=1 if crossing.yellow else 0, fill=1)
    canvas.setLineWidth(r * 0.12 * scale)
    canvas.setStrokeColorRGB(0.11, 0.11, 0.1)
    for i in layout.shown("circles", view, r):
        circle = board.circles[i]
        x, y = to_page(circle.at)
        canvas.setFillColorRGB(*((0.70, 0.15, 0.18) if circle.red else (1, 1, 1)))
        canvas.circle(x, y, r * scale, stroke=1, fill=1)
        if labels:
            digits = len(str(circle.number))
            size = r * scale * (1.05 if digits <= 2 else 0.85 if digits == 3 else 0.68 if digits == 4 else 0.55)
            canvas.setFillColorRGB(*((1, 1, 1) if circle.red else (0.11, 0.11, 0.1)))
            canvas.setFont(FONT_BOLD, size)
            canvas.drawCentredString(x, y - size * 0.36, str(circle.number))
    if labels:
        canvas.setFillColorRGB(0.36, 0.32, 0.27)
        for i in layout.shown("places", view):
            place = layout.places[i]
            x, y = to_page(board.node_position(place.crossing))
            canvas.setFont(text_font(place.name, FONT_ITALIC), r * 0.9 * scale)  # a Japanese name: a Japanese font
            canvas.drawString(x + r * 0.7 * scale, y + r * 0.9 * scale, place.name)
    canvas.restoreState()


# --- pages -------------------------------------------------------------------------------------------------------


def _overview(canvas: Canvas, layout: MapLayout, tiling: Tiling, words: Labels) -> None:
    board = layout.board
    sheet_w, sheet_h = tiling.sheet
    m = MARGIN_MM * MM
    canvas.setFont(text_font(board.title, FONT_BOLD), 16)
    canvas.drawString(m, sheet_h - m - 12, board.title)
    size = words("poster_size", width=f"{tiling.width:.0f}", height=f"{tiling.height:.0f}",
                 sheets=tiling.columns * tiling.rows, paper=words(f"sheet_paper.{tiling.paper}"),
                 columns=tiling.columns, rows=tiling.rows,
                 orientation=words("poster_landscape" if tiling.landscape else "poster_portrait"),
                 circle=f"{2 * layout.r * layout.scale:.1f}")
    lines = [line for text in (size, words("poster_print", overlap=f"{tiling.overlap:.0f}"))
             for line in wrap_text(text, FONT, 9, sheet_w - 2 * m)]
    for i, line in enumerate(lines):
        canvas.setFont(text_font(line, FONT), 9)
        canvas.drawString(m, sheet_h - m - 32 - 12 * i, line)
    top = sheet_h - m - 32 - 12 * len(lines) - 8
    avail_w, avail_h = sheet_w - 2 * m, top - m
    fit = min(avail_w / (tiling.width * MM), avail_h / (tiling.height * MM))
    ox = m
    unit = layout.scale
    pad = layout.r * 2.5

    def to_page(p: Point) -> Point:
        return (ox + (p[0] + pad) * unit * MM * fit, top - (p[1] + pad) * unit * MM * fit)

    draw_map(canvas, layout, to_page, unit * MM * fit, labels=fit > 0.3)
    canvas.setStrokeColorRGB(0.2, 0.35, 0.6)
    canvas.setFillColorRGB(0.2, 0.35, 0.6)
    canvas.setLineWidth(0.8)
    for tile in tiling.tiles:
        x, y = ox + tile.x * MM * fit, top - tile.y * MM * fit
        w, h = tiling.content_w * MM * fit, tiling.content_h * MM * fit
        canvas.rect(x, y - h, w, h, stroke=1, fill=0)
        canvas.setFont(FONT_BOLD, 11)
        canvas.drawString(x + 4, y - 14, tile.label)


def _crop_marks(canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    length, gap = 8 * MM, 1.5 * MM
    canvas.setLineWidth(0.4)
    canvas.setStrokeColorRGB(0, 0, 0)
    for x, dx in ((x0, -1), (x1, 1)):
        for y, dy in ((y0, -1), (y1, 1)):
            canvas.line(x + dx * gap, y, x + dx * (gap + length), y)
            canvas.line(x, y + dy * gap, x, y + dy * (gap + length))


def _registration(canvas: Canvas, x: float, y: float) -> None:
    size = 3 * MM
    canvas.setLineWidth(0.5)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.circle(x, y, size * 0.6, stroke=1, fill=0)
    canvas.line(x - size, y, x + size, y)
    canvas.line(x, y - size, x, y + size)


def _tile_page(canvas: Canvas, layout: MapLayout, tiling: Tiling, tile: Tile, words: Labels) -> None:
    board = layout.board
    _, sheet_h = tiling.sheet
    m = MARGIN_MM * MM
    x0, y1 = m, sheet_h - m  # content rectangle: left, top (page points)
    w, h = tiling.content_w * MM, tiling.content_h * MM
    unit = layout.scale
    pad = layout.r * 2.5

    def to_page(p: Point) -> Point:
        return (x0 + ((p[0] + pad) * unit - tile.x) * MM, y1 - ((p[1] + pad) * unit - tile.y) * MM)

    def poster_to_page(px: float, py: float) -> Point:
        return (x0 + (px - tile.x) * MM, y1 - (py - tile.y) * MM)

    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(x0, y1 - h, w, h)
    canvas.clipPath(clip, stroke=0, fill=0)
    view = (tile.x / unit - pad, tile.y / unit - pad,
            (tile.x + tiling.content_w) / unit - pad, (tile.y + tiling.content_h) / unit - pad)
    draw_map(canvas, layout, to_page, unit * MM, view=view)
    step_w, step_h = tiling.content_w - tiling.overlap, tiling.content_h - tiling.overlap
    canvas.setDash([3, 3])
    canvas.setStrokeColorRGB(0.5, 0.5, 0.5)
    canvas.setLineWidth(0.5)
    if tile.column + 1 < tiling.columns:
        canvas.line(x0 + w - tiling.overlap * MM, y1, x0 + w - tiling.overlap * MM, y1 - h)
    if tile.row + 1 < tiling.rows:
        canvas.line(x0, y1 - h + tiling.overlap * MM, x0 + w, y1 - h + tiling.overlap * MM)
    canvas.setDash([])
    for c in (tile.column - 1, tile.column):  # marks in the overlap strips this sheet shares
        if 0 <= c < tiling.columns - 1:
            for frac in (0.3, 0.7):
                _registration(canvas, *poster_to_page((c + 1) * step_w + tiling.overlap / 2,
                                                      tile.row * step_h + tiling.content_h * frac))
    for r in (tile.row - 1, tile.row):
        if 0 <= r < tiling.rows - 1:
            for frac in (0.3, 0.7):
                _registration(canvas, *poster_to_page(tile.column * step_w + tiling.content_w * frac,
                                                      (r + 1) * step_h + tiling.overlap / 2))
    canvas.restoreState()
    _crop_marks(canvas, x0, y1 - h, x0 + w, y1)
    neighbours = [(side, tiling.label_at(tile.column + dc, tile.row + dr))
                  for side, dc, dr in (("left", -1, 0), ("right", 1, 0), ("above", 0, -1), ("below", 0, 1))]
    joins = words("poster_list_separator").join(words(f"poster_{side}", label=label)
                                               for side, label in neighbours if label)
    canvas.setFillColorRGB(0, 0, 0)
    tile_word = words("poster_tile", label=tile.label)
    canvas.setFont(text_font(tile_word, FONT_BOLD), 12)
    canvas.drawString(x0 + 10 * MM, y1 + 3 * MM, tile_word)
    footer = words("poster_footer", title=board.title, label=tile.label, column=tile.column + 1,
                   columns=tiling.columns, row=tile.row + 1, rows=tiling.rows,
                   joins=words("poster_joins", list=joins) if joins else "")
    canvas.setFont(text_font(footer, FONT), 7)
    canvas.drawString(x0 + 10 * MM, y1 - h - 7 * MM, footer)


def poster_pdf(board: Board, paper: str = "a4", language: str = "en") -> bytes:
    """The tiled poster of ``board`` on ``paper`` (``"a4"`` or ``"letter"``) as PDF bytes, its instructions in
    ``language``."""
    words = printable_labels(language)
    width, height = poster_size(board)
    tiling = plan_tiling(width, height, paper)

    layout = map_layout(board)

    def draw(canvas: Canvas) -> None:
        canvas.setPageSize(tiling.sheet)
        _overview(canvas, layout, tiling, words)
        for tile in tiling.tiles:
            canvas.showPage()
            canvas.setPageSize(tiling.sheet)
            _tile_page(canvas, layout, tiling, tile, words)

    return render_pdf(tiling.sheet, words("poster_title", title=board.title, paper=words(f"sheet_paper.{paper}")),
                      draw)
