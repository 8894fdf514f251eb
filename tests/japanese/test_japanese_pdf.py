"""Japanese text in PDFs: IPAexGothic embedded (pdffonts), lines broken by kinsoku, English PDFs unchanged."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from gaslight.outputs.pdf import FONT, FONT_JAPANESE, KinsokuParagraph, paragraph, render_pdf, wrap_text
from gaslight.outputs.text import CANNOT_END, CANNOT_START, break_lines
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame

# Our own sentence, dense in marks that may not start or end a line.
RULE = ("ジャックは「隠れ家」に戻るまで移動を続ける。警官は交差点を0～2個進み、（隣の）円を一つずつ調べる。"
        "「アリバイ」が崩れたら？逮捕だ！「手がかり」、「犯行現場」、「馬車」、「小路」。Jack moves first.")
STYLE = ParagraphStyle("body", fontName=FONT, fontSize=10, leading=13)


def font_rows(pdf: Path) -> list[tuple[str, str, str]]:
    """(font name, type, emb) for every font pdffonts lists in ``pdf``."""
    listing = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True, timeout=60).stdout
    rows = listing.splitlines()[2:]
    return [(row.split()[0], row.split()[1], row.split()[-5]) for row in rows if row.strip()]


def paragraph_lines(flowable: KinsokuParagraph, width: float) -> list[str]:
    flowable.wrap(width, 10_000)
    return ["".join(word.text for word in line.words) for line in flowable.blPara.lines]


def draw_rule(canvas: Canvas) -> None:
    frame = Frame(40, 40, 150, 700, showBoundary=0)
    frame.addFromList([paragraph(RULE, STYLE, bulletText="•"), paragraph("English stays in Vera.", STYLE)], canvas)


def test_japanese_font_is_embedded_and_english_keeps_vera(tmp_path: Path) -> None:
    pdf = tmp_path / "rule.pdf"
    pdf.write_bytes(render_pdf((300, 800), "規則", draw_rule))
    rows = font_rows(pdf)
    names = {name.split("+")[-1]: (kind, emb) for name, kind, emb in rows}
    assert names == {"IPAexGothic": ("TrueType", "yes"), "BitstreamVeraSans-Roman": ("TrueType", "yes")}
    assert all(name.split("+")[0].isupper() for name, _, _ in rows)  # subset tags: only the glyphs used
    text = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    assert "隠れ家" in text and "English stays in Vera." in text


def test_same_japanese_input_same_bytes() -> None:
    assert render_pdf((300, 800), "規則", draw_rule) == render_pdf((300, 800), "規則", draw_rule)


@pytest.mark.parametrize("width", [60.0, 95.0, 150.0, 233.0])
def test_wrapped_lines_obey_kinsoku(width: float) -> None:
    flowable = paragraph(RULE, STYLE)
    assert isinstance(flowable, KinsokuParagraph) and flowable.style.fontName == FONT_JAPANESE
    lines = paragraph_lines(flowable, width)
    assert "".join(lines).replace(" ", "") == RULE.replace(" ", "")  # nothing lost, nothing doubled
    assert len(lines) > 3
    assert [line for line in lines if line[0] in CANNOT_START] == []
    assert [line for line in lines if line[-1] in CANNOT_END] == []
    latin_words = {word for line in lines for word in re.findall(r"[A-Za-z.]+", line)}
    assert latin_words <= {"Jack", "moves", "first."}  # Latin words break only at spaces
    canvas_lines = wrap_text(RULE, FONT, 10, width)
    assert canvas_lines == lines


def test_kinsoku_pushes_a_character_down_rather_than_start_a_line_with_a_stop() -> None:
    # Five units a line: "ジャックは" fills the first, so the comma would start line two: "は" goes down.
    text = "ジャックは、隠れ家へ"
    lines = [text[a:b] for a, b in break_lines(text, [1.0] * len(text), [5.0])]
    assert lines == ["ジャック", "は、隠れ家", "へ"]
    text = "ジャックは「隠れ家」へ戻る。"  # the opening bracket would end line one: it moves down
    lines = [text[a:b] for a, b in break_lines(text, [1.0] * len(text), [6.0])]
    assert lines == ["ジャックは", "「隠れ家」へ", "戻る。"]


def test_a_word_longer_than_the_line_breaks_where_the_line_is_full() -> None:
    text = "abcdefghij k"
    assert [text[a:b] for a, b in break_lines(text, [1.0] * len(text), [4.0])] == ["abcd", "efgh", "ij k"]


def test_english_paragraphs_stay_reportlabs_own() -> None:
    flowable = paragraph("Jack <b>moves</b> & hides", STYLE)
    assert type(flowable).__name__ == "Paragraph" and flowable.style is STYLE
    assert flowable.text == "Jack &lt;b&gt;moves&lt;/b&gt; &amp; hides"  # text is data, never markup
