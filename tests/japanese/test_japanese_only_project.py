"""A project written in Japanese only (``languages: [ja]``), as a Japanese designer starts one: Gaslight's own games
are read in Japanese, the menu's and the generated pages' fixed words are Japanese, the case cards and investigation
sheets print Japanese words, and the glossary check finds a Japanese term inside Japanese text (no spaces)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.rules.ruleset import load_ruleset
from gaslight.domain.rules.variants import check_ruleset
from gaslight.yamlio import parse_text
from pypdf import PdfReader

from tests.japanese.conftest import CASE, built, with_case

JAPANESE_ONLY = ("title: 霧の街\ncontent: [boards, walton]\nlanguages: [ja]\n"
                 "games: [{whitechapel-hunt: [rules]}, {walton: [rules, mansion]}]\n")


@pytest.fixture(scope="module")
def japanese_only(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's output folder (``site/`` and ``print/``)."""
    result = built(with_case(tmp_path_factory.mktemp("japanese-only")), JAPANESE_ONLY)
    assert [d.format_text() for d in result.report.diagnostics if "glossary" in d.message] == []
    return result.out


def _html(output: Path, page: str) -> str:
    return (output / "site" / page).read_text(encoding="utf-8")


def _menu(html: str) -> list[str]:
    return [" ".join(label.split()) for label in re.findall(r'<span class="md-ellipsis">\s*([^<]+?)\s*</span>', html)]


def test_the_menu_and_the_case_page_speak_japanese(japanese_only: Path) -> None:
    page = _html(japanese_only, f"walton/cases/{CASE}.html")
    menu = _menu(page)
    for label in ("ホーム", "ホワイトチャペルの追跡", "ルール", "ウォルトン事件簿", "事件", "苦い収穫", "事件カード"):
        assert label in menu, label
    assert [label for label in ("Home", "Rules", "Walton cases", "Cases", "A Bitter Harvest") if label in menu] == []
    assert re.search(r"<h1[^>]*>苦い収穫", page)
    assert "難易度 <strong>E</strong>・カード70枚・ウォルトン邸" in page
    assert "At the table" not in page and "Difficulty" not in page
    assert "アンジェリカ・アルビンソン「私はクローデット・ケイズラーさんとずっと一緒にいました。」" in page


def test_the_bundled_rules_and_their_printables_are_in_japanese(japanese_only: Path) -> None:
    rules = _html(japanese_only, "hunt/rules.html")
    assert re.search(r"<h1[^>]*>ホワイトチャペルの追跡：ルール", rules)
    assert "Printables" not in rules and ">印刷物<" in rules
    assert '>レター</a>' in rules and '>Letter</a>' not in rules  # each printable's paper named in Japanese
    sheet = PdfReader(io.BytesIO((japanese_only / "print" / "hunt" / "movement-sheet-a4.pdf").read_bytes()))
    assert "ジャックの移動記録シート" in "".join(sheet.pages[0].extract_text().split())


def test_the_case_cards_and_the_investigation_sheet_print_japanese(japanese_only: Path) -> None:
    cards = PdfReader(io.BytesIO((japanese_only / "print" / "walton" / f"{CASE}-cards-a4.pdf").read_bytes()))
    first = "".join(cards.pages[0].extract_text().split())
    assert "苦い収穫・カード1・情報値2" in first and "シート1/8・表面：ポーカー63×88mm" in first
    sheet = PdfReader(io.BytesIO(
        (japanese_only / "print" / "walton" / "investigation-sheet-walton-house-a4.pdf").read_bytes()))
    assert "捜査シート" in "".join(sheet.pages[0].extract_text().split())
    index = _html(japanese_only, "walton/case-cards.html")
    assert re.search(r"<h1[^>]*>ウォルトン事件のカード", index) and "<td>苦い収穫</td>" in index
    assert f'<a href="../print/walton/{CASE}.tts.json">Tabletop Simulator</a>' in index and "英語" not in index
    deck = json.loads((japanese_only / "print" / "walton" / f"{CASE}.tts.json").read_text(encoding="utf-8"))
    state = deck["ObjectStates"][0]  # the deck as the sheets print the cards: in Japanese
    assert state["Nickname"] == "苦い収穫" and state["Description"].startswith("庭師の物置は")
    assert state["ContainedObjects"][0]["Nickname"] == "カード1"
    assert state["ContainedObjects"][0]["Description"].startswith("アリバイ・情報値2\n")


GLOSSED = """\
kind: ruleset
id: glossed
title: 用語
game: other
summary: 霧の夜、ジャックは隠れ家へ急ぐ。
rules:
  - {id: a, title: 移動, text: ジャックは赤い円から動く。}
glossary:
  circle: {term: 円, definition: 地図の丸。}
  lamp: {term: ランプ, definition: 明かり。}
  alley: {term: alley, definition: A lane.}
"""


def test_the_glossary_finds_a_japanese_term_inside_japanese_text() -> None:
    doc, _ = parse_text(GLOSSED, "glossed.yaml")
    report = Report()
    ruleset = load_ruleset(doc, report)
    assert ruleset is not None
    check_ruleset(ruleset, report)
    assert [d.format_text() for d in report.diagnostics if "glossary" in d.message] == [
        "glossed.yaml:10:3: warning: glossary.lamp: glossary term 'ランプ' is used in no rule (fix: use the term in "
        "a rule's title or text, or remove the entry)",
        "glossed.yaml:11:3: warning: glossary.alley: glossary term 'alley' is used in no rule (fix: use the term in "
        "a rule's title or text, or remove the entry)"]
