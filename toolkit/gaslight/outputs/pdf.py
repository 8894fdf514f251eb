"""Shared PDF plumbing: deterministic reportlab canvases with embedded fonts.

Every PDF Gaslight writes goes through :func:`new_canvas`, so the same inputs
give the same bytes (``invariant=1``: no timestamps, fixed document id) and
all text uses embedded TrueType fonts (Bitstream Vera, shipped with reportlab; Japanese text
IPAexGothic, see :func:`gaslight.resources.japanese_font`).
Reportlab falls back to Helvetica, which it never embeds, wherever a style is
left at its default (a paragraph's ``bulletFontName``, a table's ``FONTNAME``):
name :data:`FONT` there too (``tests/printables/test_fonts_embedded.py`` runs
pdffonts on every PDF of the showcase). Text that may be Japanese goes through :func:`paragraph`
(a flowable) or :func:`wrap_text` (lines for the canvas): both break lines by Japanese rules
(:func:`gaslight.typesetting_ja.break_lines`) and switch to the Japanese font only for Japanese text,
so English PDFs keep their bytes.
"""

from __future__ import annotations

import inspect
import io
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus.paragraph import Paragraph

from gaslight.cache import begin_each
from gaslight.limits import forks_safely
from gaslight.outputs.text import break_lines, has_japanese, pdf_text

# the Latin fonts are defined below the outputs (the domain measures card text with them); their names stay here too
from gaslight.typesetting import FONT as FONT
from gaslight.typesetting import FONT_BOLD as FONT_BOLD
from gaslight.typesetting import FONT_ITALIC as FONT_ITALIC
from gaslight.typesetting import register_fonts as register_fonts

# so is Japanese type
from gaslight.typesetting_ja import FONT_JAPANESE as FONT_JAPANESE
from gaslight.typesetting_ja import KinsokuParagraph as KinsokuParagraph
from gaslight.typesetting_ja import register_japanese_font as register_japanese_font
from gaslight.typesetting_ja import text_font as text_font

PAGE_SIZES: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}


def wrap_text(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` in :func:`text_font` ``(text, font)`` at ``size``.

    English text is split as reportlab's ``simpleSplit`` does; Japanese text by Japanese rules, where
    no line starts with 「。」「、」「」」 and no line ends with 「「」.

    >>> wrap_text("The police move up to two crossings", FONT, 10, 90)
    ['The police move', 'up to two', 'crossings']
    >>> wrap_text("警官は交差点を「二つ」まで進む。", FONT, 10, 60)
    ['警官は交差点', 'を「二つ」ま', 'で進む。']
    """
    register_fonts()
    if not has_japanese(text):
        return simpleSplit(text, font, size, width)
    font = text_font(text, font)
    widths = [pdfmetrics.stringWidth(char, font, size) for char in text]
    return [text[start:end] for start, end in break_lines(text, widths, [width])]


def paragraph(text: str, style: ParagraphStyle, bulletText: str | None = None) -> Paragraph:
    """A flowable of the designer's ``text`` (escaped: text is data) in ``style``.

    English text gives reportlab's plain paragraph, as before; Japanese text is set in the Japanese
    font (bullets too) and broken by :class:`KinsokuParagraph`.
    """
    if not has_japanese(text):
        return Paragraph(pdf_text(text), style, bulletText=bulletText)
    font = register_japanese_font()
    japanese = ParagraphStyle(f"{style.name}-ja", parent=style, fontName=font, bulletFontName=font, wordWrap="CJK")
    return KinsokuParagraph(pdf_text(text), japanese, bulletText=bulletText)


INK_LIMIT = 2.4  # total ink (C + M + Y + K) a print shop accepts; DriveThruCards asks for at most 240 %


def cmyk(colour: Any) -> CMYKColor:
    """``colour`` (any reportlab colour) as CMYK: black from the darkest channel, at most :data:`INK_LIMIT` ink.

    A plain device conversion, with no colour profile (no CMYK profile ships with a Python package):
    greys print on black ink alone, and the other inks are cut back in proportion above the limit.

    >>> cmyk("#ffffff").cyan, cmyk("#000000").black
    (0.0, 1.0)
    >>> c = cmyk("#800000")  # dark red: half black, full magenta and yellow would be 250 %
    >>> round(c.cyan + c.magenta + c.yellow + c.black, 3)
    2.4
    """
    found = toColor(colour)
    if isinstance(found, CMYKColor):
        return found
    assert isinstance(found, Color)
    red, green, blue = found.red, found.green, found.blue
    black = 1 - max(red, green, blue)
    if black >= 1:
        return CMYKColor(0.0, 0.0, 0.0, 1.0, alpha=found.alpha)
    inks = [(1 - channel - black) / (1 - black) for channel in (red, green, blue)]
    total = sum(inks) + black
    if total > INK_LIMIT:
        inks = [ink * (INK_LIMIT - black) / (total - black) for ink in inks]
    return CMYKColor(*(round(ink, 4) for ink in inks), round(black, 4), alpha=found.alpha)


def new_canvas(buffer: io.BytesIO, pagesize: tuple[float, float], title: str, colours: str = "rgb") -> Canvas:
    """A reportlab canvas whose output depends only on what is drawn; ``colours="cmyk"`` turns every colour CMYK."""
    register_fonts()
    canvas = Canvas(buffer, pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=FONT,
                    enforceColorSpace=cmyk if colours == "cmyk" else None)
    canvas.setTitle(title)
    canvas.setAuthor("Gaslight")
    canvas.setCreator("Gaslight")
    canvas.setProducer("Gaslight")
    canvas.setFont(FONT, 10)
    return canvas


def render_pdf(pagesize: tuple[float, float], title: str, draw: Callable[[Canvas], None],
               colours: str = "rgb") -> bytes:
    """Run ``draw`` on a fresh deterministic canvas and return the PDF bytes.

    ``draw`` calls ``showPage()`` between pages; the last page is closed here.
    """
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, pagesize, title, colours)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def draw_all(draw: Callable[..., Any], jobs: Sequence[tuple[Any, ...]], together: int = 1) -> list[Any]:
    """``draw(*job)`` for every job, in order, on all cores when there are several jobs; ``together``: each run of
    that many jobs is drawn by one process (jobs that share work its memos keep: a card laid out for three papers).

    Independent PDFs (a case's card sheets, say) are drawn in forked worker processes: the bytes
    are the same as drawn one by one. A process running other threads (the live preview) draws
    them one by one, since forking it could hang. A build keeps what a module-level function drew by the
    function's name and its arguments (:func:`gaslight.cache.cached_each`): only what an edit changed is drawn.

    >>> draw_all(bytes.__add__, [(b"card ", b"one"), (b"card ", b"two")])
    [b'card one', b'card two']
    """
    return begin_drawing(draw, jobs, together)()


def begin_drawing(draw: Callable[..., Any], jobs: Sequence[tuple[Any, ...]], together: int = 1
                  ) -> Callable[[], list[Any]]:
    """:func:`draw_all` begun: the worker processes draw from now on; the function returned waits for them and gives
    every drawing (the kept ones too). A build so draws a contributor's printables while MkDocs makes the site.

    >>> drawn = begin_drawing(bytes.__add__, [(b"card ", b"one")])
    >>> drawn()
    [b'card one']
    """
    if not inspect.isfunction(draw) or "<locals>" in draw.__qualname__:  # it may read more than its arguments
        return _begin_each(draw, jobs, together)
    name = f"{draw.__module__}:{draw.__qualname__}"
    return begin_each("drawn", [(name, *job) for job in jobs],
                      lambda todo: _begin_each(draw, [jobs[i] for i in todo], together),
                      code=(draw.__module__, __name__))  # keyed by the drawing module's code and what it imports


def _begin_each(draw: Callable[..., Any], jobs: Sequence[tuple[Any, ...]], together: int = 1
                ) -> Callable[[], list[Any]]:
    workers = min(len(jobs), os.cpu_count() or 1)
    if workers < 2 or not forks_safely():  # the live preview's server threads: forking could hang
        drawn = [draw(*job) for job in jobs]
        return lambda: drawn
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
    _DRAWING.add(pool)
    try:  # every job is handed over now, while this thread is the only one: the workers are forked here
        results = pool.map(draw, *zip(*jobs, strict=True), chunksize=max(1, together))
    except BaseException:
        _stop(pool)
        raise

    def drawn() -> list[Any]:
        try:
            return list(results)
        finally:
            _stop(pool)
    return drawn


_DRAWING: set[ProcessPoolExecutor] = set()  # the pools of drawings begun and not yet taken


def _stop(pool: ProcessPoolExecutor) -> None:
    _DRAWING.discard(pool)
    pool.shutdown(cancel_futures=True)


def abandon_drawing() -> None:
    """Stop every drawing begun and not taken (a build that failed): no card not yet started is drawn."""
    for pool in list(_DRAWING):
        _stop(pool)
