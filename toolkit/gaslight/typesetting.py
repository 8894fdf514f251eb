"""Type as Gaslight sets it, below both the domain and the outputs: the embedded fonts' names and registration,
the paragraph mini-markup's escaping, and the point.

The domain measures text with it (does a card's text fit its face?) and the outputs draw with it, so a check
and the printed card never disagree, and no domain module imports an output one.

>>> markup_text("<b>Jack</b> & co")
'&lt;b&gt;Jack&lt;/b&gt; &amp; co'
>>> round(MM, 4)
2.8346
"""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path

MM = 72.0 / 25.4  # points in a millimetre

FONT = "GaslightSans"
FONT_BOLD = "GaslightSans-Bold"
FONT_ITALIC = "GaslightSans-Italic"


@cache
def register_fonts() -> None:
    """Register Bitstream Vera (shipped with reportlab) under Gaslight's font names, once a process."""
    import reportlab
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font_dir = Path(reportlab.__file__).parent / "fonts"
    pdfmetrics.registerFont(TTFont(FONT, str(font_dir / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(font_dir / "VeraBd.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_ITALIC, str(font_dir / "VeraIt.ttf")))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT_ITALIC, boldItalic=FONT_BOLD)


def markup_text(text: str) -> str:
    """Escape a designer's text for reportlab's Paragraph mini-markup (text is data, never markup)."""
    return html.escape(str(text), quote=False)
