"""The board poster and the deck's duplex calibration page of a Japanese project: their instructions in Japanese,
and every Japanese text (the board's title, a place's name, the deck's title) drawn in the embedded Japanese font
(they were drawn in the Latin font, which has no Japanese glyphs: the title came out blank)."""

from __future__ import annotations

import dataclasses
import io
import subprocess
from pathlib import Path

from gaslight.diagnostics import Report
from gaslight.domain.board.model import load_board
from gaslight.outputs.calibration import calibration_page
from gaslight.outputs.cardsheet import CardSheetSettings
from gaslight.outputs.poster import poster_pdf
from gaslight.resources import STARTER_DIR
from gaslight.yamlio import parse_file
from pypdf import PdfReader


def _text(pdf: bytes) -> str:
    return "".join("".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)


def _fonts(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "file.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True).stdout


def test_a_japanese_board_s_poster_says_everything_in_japanese(tmp_path: Path) -> None:
    document, report = parse_file(STARTER_DIR / "ja" / "boards" / "first-quarter.yaml", "first-quarter.yaml")
    assert document is not None and report.ok
    board = load_board(document, Report())
    assert board is not None and board.title == "はじめての地区"
    japanese = poster_pdf(board, "a4", "ja")
    text = _text(japanese)
    for words in ("はじめての地区", "ポスターは", "A4用紙", "100%で印刷する", "タイルA1", "市場の十字路"):
        assert words in text, words
    assert "Poster" not in text and "Tile" not in text
    assert "IPAexGothic" in _fonts(japanese, tmp_path)
    english = _text(poster_pdf(board, "a4"))
    assert "Poster" in english and "TileA1" in english and "はじめての地区" in english, "the board's own title"


def test_a_japanese_deck_s_calibration_page_is_japanese(tmp_path: Path) -> None:
    settings = dataclasses.replace(CardSheetSettings(page="letter"), language="ja")
    pdf = calibration_page(settings, "アリバイ・カード：両面印刷の位置合わせ")
    text = _text(pdf)
    for words in ("アリバイ・カード：両面印刷の位置合わせ（表）", "長辺とじ", "（裏）", "レター—flip:long"):
        assert words in text, words
    assert "Print both pages" not in text and "IPAexGothic" in _fonts(pdf, tmp_path)
    assert "Printbothpages" in _text(calibration_page(CardSheetSettings(page="letter"), "Deck: duplex calibration"))
