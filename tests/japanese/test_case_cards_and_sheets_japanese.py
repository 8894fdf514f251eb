"""The card sheets' foot line in the sheet's language (decks and case cards share it), the page of every case's cards
in Japanese, and the board page's Tabletop Simulator line naming the hunt by its Japanese title."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from gaslight.outputs.cardsheet import CardFace, CardSheetSettings, impose
from gaslight.outputs.labels import printable_labels
from gaslight.outputs.tts_links import ruleset_titles
from pypdf import PdfReader

from tests.japanese.conftest import CASE

BLANK = CardFace("blank", lambda canvas, width, height: None)


def _slugs(pdf: bytes) -> list[str]:
    return ["".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def test_the_sheet_line_is_in_the_sheets_language() -> None:
    english = CardSheetSettings(page="a4")
    japanese = replace(english, language="ja")
    assert english.describe() == "poker 63 × 88 mm, bleed 2 mm, A4"
    assert japanese.describe("ja") == "ポーカー 63×88 mm、塗り足し2 mm、A4"
    assert replace(english, page="letter", size="tarot", flip="short").describe("ja") == (
        "タロット 70×120 mm、塗り足し2 mm、レター")
    assert CardSheetSettings(layout="single").describe("ja") == "ポーカー 63×88 mm、塗り足し2 mm、1ページに1枚"
    assert _slugs(impose([BLANK] * 10, english, BLANK, title="Mini — card sheet")) == [
        "".join(line.split()) for line in (
            "Mini — card sheet — sheet 1 of 2, fronts — poker 63 × 88 mm, bleed 2 mm, A4",
            "Mini — card sheet — sheet 1 of 2, backs (long-edge flip)",
            "Mini — card sheet — sheet 2 of 2, fronts — poker 63 × 88 mm, bleed 2 mm, A4",
            "Mini — card sheet — sheet 2 of 2, backs (long-edge flip)")]
    assert _slugs(impose([BLANK] * 10, replace(japanese, flip="short"), BLANK, title="小さな山札")) == [
        "小さな山札：シート1/2・表面：ポーカー63×88mm、塗り足し2mm、A4", "小さな山札：シート1/2・裏面（短辺とじ）",
        "小さな山札：シート2/2・表面：ポーカー63×88mm、塗り足し2mm、A4", "小さな山札：シート2/2・裏面（短辺とじ）"]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_card_size_and_paper_has_its_words(language: str) -> None:
    from gaslight.domain.decks.print_spec import CARD_SIZES_MM
    from gaslight.outputs.pdf import PAGE_SIZES

    table = printable_labels(language).table
    assert [f"sheet_size.{size}" for size in (*CARD_SIZES_MM, "custom") if f"sheet_size.{size}" not in table] == []
    assert [f"sheet_paper.{page}" for page in PAGE_SIZES if f"sheet_paper.{page}" not in table] == []


def _html(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


def test_the_page_of_every_cases_cards_in_japanese(every_game: Path) -> None:
    page = _html(every_game, "ja/walton/case-cards.html")
    assert re.search(r"<h1[^>]*>ウォルトン事件のカード", page)
    assert "各事件の手がかりカードを印刷して遊ぶためのシート。" in page and "Print-and-play sheets" not in page
    row = re.search(r"<tr>\s*<td>苦い収穫</td>.*?</tr>", page, re.DOTALL)
    assert row is not None, "the case by its Japanese title"
    links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', row[0])
    assert [text for _, text in links] == ["A4", "レター", "Tabletop Simulator", "TTS画像"]
    assert links[0][0] == f"../../print/walton/ja/{CASE}-cards-a4.pdf"
    assert links[2][0] == f"../../print/walton/ja/{CASE}.tts.json"  # the deck of the Japanese cards
    assert "英語" not in page
    for target, _ in links:  # every link leads to a file of the site
        assert (every_game / "ja" / "walton" / target).resolve().is_file(), target
    english = _html(every_game, "walton/case-cards.html")
    assert "Print-and-play sheets of every case's clue cards" in english and "<td>A Bitter Harvest</td>" in english
    case_page = _html(every_game, f"ja/walton/cases/{CASE}.html")
    assert ">全事件の印刷用カード</a>" in case_page
    assert f'href="../../../print/walton/ja/{CASE}.tts.json"' in case_page  # its own deck, as on the cards page
    assert f'href="../../print/walton/{CASE}.tts.json"' in _html(every_game, f"walton/cases/{CASE}.html")


def test_the_japanese_board_page_names_the_hunts_pieces_in_japanese(every_game: Path) -> None:
    page = _html(every_game, "ja/boards/my-board.html")
    assert "コマとトークン（ホワイトチャペルの追跡）" in page and "Whitechapel hunt" not in page
    assert "Pawns and tokens, Whitechapel hunt" in _html(every_game, "boards/my-board.html")


def test_a_rulesets_title_in_each_language() -> None:
    from types import SimpleNamespace as Doc

    docs = [Doc(data={"kind": "ruleset", "id": "hunt", "title": {"en": "The hunt", "ja": "追跡"}}),
            Doc(data={"kind": "ruleset", "id": "mine", "title": "Mine"}), Doc(data={"kind": "board", "id": "b"}),
            Doc(data=["not", "a", "map"])]
    project = Doc(documents=docs)
    assert ruleset_titles(project, "ja") == {"hunt": "追跡", "mine": "Mine"}
    assert ruleset_titles(project, "en") == {"hunt": "The hunt", "mine": "Mine"}
