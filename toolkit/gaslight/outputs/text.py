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

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~])")


def html_text(text: str) -> str:
    """Escape for HTML text and attribute values."""
    return html.escape(str(text), quote=True)


def md_text(text: str) -> str:
    """Escape for inline Markdown: HTML first, then Markdown punctuation; newlines become spaces."""
    escaped = html.escape(str(text), quote=False)
    return _MD_SPECIAL.sub(r"\\\1", escaped).replace("\n", " ")


def pdf_text(text: str) -> str:
    """Escape for reportlab's Paragraph mini-markup."""
    return html.escape(str(text), quote=False)


# --- line breaking (Latin words and Japanese, with kinsoku) ----------------------------------

# Kinsoku shori (禁則処理): characters that may not start a line (closing brackets, stops, small kana,
# the prolonged sound mark) and characters that may not end one (opening brackets). JIS X 4051's
# common set, with their ASCII counterparts.
CANNOT_START = frozenset(
    "、。，．・：；？！‼⁇⁈⁉ー…‥〜～）」』】〕〉》］｝〙〗〟’”｠»"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻ゝゞヽヾ゛゜"
    ")]},.:;!?%"
)
CANNOT_END = frozenset("「『（【〔〈《［｛〘〖〝‘“｟«([{")


def is_cjk(char: str) -> bool:
    """Whether ``char`` is written without spaces around it: kana, kanji, CJK punctuation, full-width forms.

    >>> [is_cjk(c) for c in "a日あ。Ｘ "]
    [False, True, True, True, True, False]
    """
    code = ord(char)
    return (0x3000 <= code <= 0x30FF or 0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF
            or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF or 0x31F0 <= code <= 0x31FF
            or 0x20000 <= code <= 0x3FFFF)


def has_japanese(text: str) -> bool:
    """Whether ``text`` holds a character that needs a Japanese font and Japanese line breaking.

    >>> has_japanese("Jack's hideout"), has_japanese("ジャックの隠れ家")
    (False, True)
    """
    return any(is_cjk(char) for char in str(text))


def may_break_before(text: str, index: int) -> bool:
    """Whether a line may end just before ``text[index]``.

    Between two Japanese characters a line may break anywhere but where kinsoku forbids it; Latin words
    break only at spaces (the space stays behind, dropped at the line's end); a Latin word next to a
    Japanese character may break from it.

    >>> [i for i in range(1, 6) if may_break_before("「犯人」は。", i)]
    [2, 4]
    >>> [i for i in range(1, 9) if may_break_before("two words", i)]
    [4]
    """
    before, after = text[index - 1], text[index]
    if after in CANNOT_START or before in CANNOT_END or after.isspace():
        return False
    if before.isspace():
        return True
    return is_cjk(before) or is_cjk(after)


def break_lines(text: str, widths: list[float], max_widths: list[float]) -> list[tuple[int, int]]:
    """Where to break ``text`` (``widths[i]`` is ``text[i]``'s width) into lines no wider than ``max_widths``.

    Returns ``(start, end)`` index pairs, one per line (line ``n`` fits ``max_widths[n]``, the last width
    for every later line); spaces at a break are left out of both lines. A line breaks at its last
    allowed place (:func:`may_break_before`); where a line has none (one long word), it breaks where it
    is full. Newlines always break.

    >>> text = "ジャックは「隠れ家」へ戻る。"
    >>> [text[a:b] for a, b in break_lines(text, [1.0] * len(text), [6.0])]
    ['ジャックは', '「隠れ家」へ', '戻る。']
    >>> text = "the police move"
    >>> [text[a:b] for a, b in break_lines(text, [1.0] * len(text), [9.0])]
    ['the', 'police', 'move']
    """
    lines: list[tuple[int, int]] = []
    start, size = 0, len(text)
    while start < size:
        while start < size and text[start] == " ":
            start += 1
        if start >= size:
            break
        limit = max_widths[min(len(lines), len(max_widths) - 1)]
        used, end, last_break = 0.0, start, -1
        while end < size and text[end] != "\n":
            if end > start and may_break_before(text, end):
                last_break = end
            used += widths[end]
            if used > limit and end > start and not text[end].isspace():
                break
            end += 1
        if end >= size or text[end] == "\n":
            lines.append((start, _trim(text, start, end)))
            start = end + 1
            if end < size and start >= size:
                lines.append((size, size))  # a closing newline leaves an empty last line
            continue
        cut = last_break if last_break > start else end
        lines.append((start, _trim(text, start, cut)))
        start = cut
    return lines


def _trim(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end
