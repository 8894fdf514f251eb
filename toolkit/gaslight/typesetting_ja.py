"""Japanese type as Gaslight sets it, below both the domain and the outputs: which characters are Japanese, where a
line may break by Japanese rules (kinsoku), the embedded Japanese font, and a reportlab paragraph that breaks by
those rules.

The domain measures card text with it and the outputs draw with it, so a check and the printed card never disagree.
English text never touches it: English PDFs keep their bytes.

>>> text_font("Night 1"), text_font("第1夜")
('GaslightSans', 'GaslightJapanese')
"""

from __future__ import annotations

from functools import cache
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus.paragraph import Paragraph, ParaLines, _handleBulletWidth, cjkU, makeCJKParaLine

from gaslight.resources import japanese_font
from gaslight.typesetting import FONT

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


FONT_JAPANESE = "GaslightJapanese"  # IPAexGothic: one weight, Latin letters included


@cache
def register_japanese_font() -> str:
    """Register IPAexGothic (read once a process, only when Japanese text is drawn) and return its name."""
    pdfmetrics.registerFont(TTFont(FONT_JAPANESE, str(japanese_font())))
    pdfmetrics.registerFontFamily(FONT_JAPANESE, normal=FONT_JAPANESE, bold=FONT_JAPANESE,
                                  italic=FONT_JAPANESE, boldItalic=FONT_JAPANESE)
    return FONT_JAPANESE


def text_font(text: str, font: str = FONT) -> str:
    """The font ``text`` is drawn in: ``font``, or the Japanese font when ``text`` holds Japanese.

    >>> text_font("Night 1"), text_font("第1夜")
    ('GaslightSans', 'GaslightJapanese')
    """
    return register_japanese_font() if has_japanese(text) else font


class KinsokuParagraph(Paragraph):
    """A reportlab paragraph whose lines break by :func:`gaslight.outputs.text.break_lines`.

    reportlab's own CJK wrapping hangs at most one closing mark in the margin and lets an opening
    bracket end a line; this keeps both rules and breaks Latin words only at spaces.
    """

    def breakLinesCJK(self, maxWidths: Any) -> Any:  # reportlab's names
        if not isinstance(maxWidths, list | tuple):
            maxWidths = [maxWidths]
        if hasattr(self, "blPara") and getattr(self, "_splitpara", 0):
            return self.blPara
        maxWidths = list(maxWidths)  # a copy: the bullet's width is taken off the first
        _handleBulletWidth(self.bulletText, self.style, maxWidths)
        glyphs = [cjkU(char, frag, "utf8") for frag in self.frags for char in getattr(frag, "text", "")]
        widths = [glyph.width for glyph in glyphs]
        lines = []
        for number, (start, end) in enumerate(break_lines("".join(glyphs), widths, maxWidths)):
            width = maxWidths[min(number, len(maxWidths) - 1)]
            used = sum(widths[start:end])
            lines.append(makeCJKParaLine(glyphs[start:end], width, used, width - used, False, False))
        return ParaLines(kind=1, lines=lines)

    def minWidth(self) -> float:
        """The widest piece no line may split: a character of Japanese, a Latin word (reportlab's own counts a
        whole Japanese sentence as one word, so a table gave its column all the width and squeezed the others)."""
        glyphs = [cjkU(char, frag, "utf8") for frag in self.frags for char in getattr(frag, "text", "")]
        text = "".join(glyphs)
        widest = piece = 0.0
        for index, glyph in enumerate(glyphs):
            if index and may_break_before(text, index):
                piece = 0.0
            piece += glyph.width
            widest = max(widest, piece)
        return widest
