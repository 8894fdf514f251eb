"""Shared PDF plumbing: deterministic reportlab canvases with embedded fonts.

Every PDF Gaslight writes goes through :func:`new_canvas`, so the same inputs
give the same bytes (``invariant=1``: no timestamps, fixed document id) and
all text uses embedded TrueType fonts (Bitstream Vera, shipped with reportlab).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache
from pathlib import Path

import reportlab
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

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


def new_canvas(buffer: io.BytesIO, pagesize: tuple[float, float], title: str) -> Canvas:
    """A reportlab canvas whose output depends only on what is drawn."""
    register_fonts()
    canvas = Canvas(buffer, pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=FONT)
    canvas.setTitle(title)
    canvas.setAuthor("Gaslight")
    canvas.setCreator("Gaslight")
    canvas.setProducer("Gaslight")
    canvas.setFont(FONT, 10)
    return canvas


def render_pdf(pagesize: tuple[float, float], title: str, draw: Callable[[Canvas], None]) -> bytes:
    """Run ``draw`` on a fresh deterministic canvas and return the PDF bytes.

    ``draw`` calls ``showPage()`` between pages; the last page is closed here.
    """
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, pagesize, title)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
