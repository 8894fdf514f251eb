"""Shared PDF plumbing: deterministic reportlab canvases with embedded fonts.

Every PDF Gaslight writes goes through :func:`new_canvas`, so the same inputs
give the same bytes (``invariant=1``: no timestamps, fixed document id) and
all text uses embedded TrueType fonts (Bitstream Vera, shipped with reportlab).
Reportlab falls back to Helvetica, which it never embeds, wherever a style is
left at its default (a paragraph's ``bulletFontName``, a table's ``FONTNAME``):
name :data:`FONT` there too (``tests/printables/test_fonts_embedded.py`` runs
pdffonts on every PDF of the showcase).
"""

from __future__ import annotations

import inspect
import io
import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import reportlab
from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from gaslight.cache import cached_each

PAGE_SIZES: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}

FONT = "GaslightSans"
FONT_BOLD = "GaslightSans-Bold"
FONT_ITALIC = "GaslightSans-Italic"


@cache
def register_fonts() -> None:
    font_dir = Path(reportlab.__file__).parent / "fonts"
    pdfmetrics.registerFont(TTFont(FONT, str(font_dir / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(font_dir / "VeraBd.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_ITALIC, str(font_dir / "VeraIt.ttf")))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT_ITALIC, boldItalic=FONT_BOLD)


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


def draw_all(draw: Callable[..., Any], jobs: Sequence[tuple[Any, ...]]) -> list[Any]:
    """``draw(*job)`` for every job, in order, on all cores when there are several jobs.

    Independent PDFs (a case's card sheets, say) are drawn in forked worker processes: the bytes
    are the same as drawn one by one. A process running other threads (the live preview) draws
    them one by one, since forking it could hang. A build keeps what a module-level function drew by the
    function's name and its arguments (:func:`gaslight.cache.cached_each`): only what an edit changed is drawn.

    >>> draw_all(bytes.__add__, [(b"card ", b"one"), (b"card ", b"two")])
    [b'card one', b'card two']
    """
    if not inspect.isfunction(draw) or "<locals>" in draw.__qualname__:  # it may read more than its arguments
        return _draw_each(draw, jobs)
    name = f"{draw.__module__}:{draw.__qualname__}"
    return cached_each("drawn", [(name, *job) for job in jobs], lambda todo: _draw_each(draw, [jobs[i] for i in todo]))


def _draw_each(draw: Callable[..., Any], jobs: Sequence[tuple[Any, ...]]) -> list[Any]:
    workers = min(len(jobs), os.cpu_count() or 1)
    if workers < 2 or threading.active_count() > 1:
        return [draw(*job) for job in jobs]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(draw, *zip(*jobs, strict=True)))
