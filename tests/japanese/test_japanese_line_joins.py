"""Japanese written over several lines of YAML reads as one line: YAML joins a folded, plain or quoted text's lines
with a space, and a page turns a literal block's line breaks into spaces; Japanese puts none between characters
(found trying ``gaslight init --lang ja``: a description written over three lines showed two stray spaces)."""

from __future__ import annotations

import re
from pathlib import Path

from gaslight.outputs.text import md_text
from gaslight.site_hooks import join_east_asian_lines
from gaslight.typesetting_ja import is_cjk
from gaslight.yaml12 import CJK
from gaslight.yamlio import parse_text

WRITTEN = """\
folded: >
  霧の夜、ジャックは
  円から円へと
  動く。
plain: 霧の夜、ジャックは
  動く。
quoted: "霧の夜、ジャックは
  動く。"
mixed: >
  第3夜に Jack
  moves, 霧の中を
  行く。
english: >
  Jack moves
  in the fog.
literal: |
  霧の夜、ジャックは
  動く。
"""


def test_the_lines_of_a_japanese_text_join_without_a_space() -> None:
    document, report = parse_text(WRITTEN, "texts.yaml")
    assert report.ok and document is not None
    data = document.data
    assert data["folded"] == "霧の夜、ジャックは円から円へと動く。\n"
    assert data["plain"] == data["quoted"] == "霧の夜、ジャックは動く。"
    assert data["mixed"] == "第3夜に Jack moves, 霧の中を行く。\n", "a space beside a Latin word stays"
    assert data["english"] == "Jack moves in the fog.\n"
    assert data["literal"] == "霧の夜、ジャックは\n動く。\n", "a literal block keeps its lines"
    assert md_text(data["literal"]).strip() == "霧の夜、ジャックは動く。", "and a page joins them"


def test_the_readers_japanese_characters_are_the_typesetters() -> None:
    pattern = re.compile(f"[{CJK}]")
    disagree = [hex(code) for code in range(0x110000) if 0xD800 > code or code > 0xDFFF
                if bool(pattern.fullmatch(chr(code))) != is_cjk(chr(code))]
    assert disagree == []


def test_a_hand_written_japanese_page_shows_no_line_break_inside_a_sentence(every_game: Path) -> None:
    """The Japanese case logic page is written over many lines of Markdown; Chromium would show each line break
    between two Japanese letters as a space in the middle of a sentence."""
    page = (every_game / "ja" / "walton" / "case-logic.html").read_text(encoding="utf-8")
    paragraphs = " ".join(re.findall(r"<p>(.*?)</p>", page, re.S))
    assert "誰が本当のことを言わなければならないか" in paragraphs  # two lines of the page's Markdown
    assert re.findall(f"[{CJK}]\n[{CJK}]", paragraphs) == []


def test_lines_in_preformatted_text_and_scripts_are_kept() -> None:
    html = "<p>一\n二</p><pre><code>一\n二</code></pre><script>const a = '一\n二';</script><p>Jack\nmoves</p>"
    assert join_east_asian_lines(html) == html.replace("<p>一\n二</p>", "<p>一二</p>", 1)
