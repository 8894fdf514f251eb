"""Escaping scenario text for every place it is shown.

Designers' text is data, never markup: it is escaped for Markdown/HTML pages,
for attributes and for reportlab paragraphs.

>>> print(md_text("<script>alert(1)</script> *bold*"))
&lt;script&gt;alert\\(1\\)&lt;/script&gt; \\*bold\\*
>>> html_text('"Jack" & <co>')
'&quot;Jack&quot; &amp; &lt;co&gt;'
"""

from __future__ import annotations

import html
import re

# Line breaking by Japanese rules lives below the domain and the outputs (card text is measured with it)
from gaslight.typesetting_ja import CANNOT_END as CANNOT_END
from gaslight.typesetting_ja import CANNOT_START as CANNOT_START
from gaslight.typesetting_ja import break_lines as break_lines
from gaslight.typesetting_ja import has_japanese as has_japanese
from gaslight.typesetting_ja import is_cjk as is_cjk
from gaslight.typesetting_ja import may_break_before as may_break_before
from gaslight.yaml12 import CJK

_NEWLINE_BETWEEN_CJK = re.compile(f"(?<=[{CJK}])\\n(?=[{CJK}])")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~])")


def html_text(text: str) -> str:
    """Escape for HTML text and attribute values."""
    return html.escape(str(text), quote=True)


def md_text(text: str) -> str:
    """Escape for inline Markdown: HTML first, then Markdown punctuation; newlines become spaces, except between
    two Japanese characters, which join with none.

    >>> md_text("ジャックは\\n動く。\\nJack\\nmoves")
    'ジャックは動く。 Jack moves'
    """
    escaped = html.escape(str(text), quote=False)
    return _MD_SPECIAL.sub(r"\\\1", _NEWLINE_BETWEEN_CJK.sub("", escaped)).replace("\n", " ")


def pdf_text(text: str) -> str:
    """Escape for reportlab's Paragraph mini-markup."""
    return html.escape(str(text), quote=False)

