"""A board's page, the boards index and the board's balance pages under /ja/ of a two-language project: their
words in Japanese (the figures, the legend, the check report's frame, the print list, the Tabletop Simulator
note, the bots' results and the variants' Japanese titles), the same numbers as the English pages, and the
English pages unchanged in their words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.diagnostics import Report
from gaslight.domain.board.model import load_board
from gaslight.languages import is_localized, site_word, text_fields
from gaslight.outputs.balance import verdict
from gaslight.yamlio import parse_file, parse_text

KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _text(page: Path) -> str:
    html = page.read_text(encoding="utf-8")
    article = re.search(r"<article[^>]*>(.*?)</article>", html, re.S)
    assert article is not None
    body = re.sub(r"<svg.*?</svg>", " ", article[1], flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def test_the_board_page_and_the_index_in_japanese(bilingual_build: Path) -> None:
    site = bilingual_build / "site"
    english, japanese = _text(site / "boards" / "my-board.html"), _text(site / "ja" / "boards" / "my-board.html")
    for word in ("数値", "円から円へのつながり（通常移動1回）", "チェック結果", "印刷とダウンロード", "ポスター（A4）",
                 "地図（SVG）", "読み込むには", "このボードで遊ぶ"):
        assert word in japanese
    for word in ("Figures", "Circle-to-circle links (one normal move)", "Check report", "Print and download",
                 "Poster, A4", "Map as SVG", "To load one", "Play this board"):
        assert word in english and word not in japanese
    numbers = re.compile(r"\| (\d+) \|")
    assert numbers.findall(english) == numbers.findall(japanese)
    index = _text(site / "ja" / "boards" / "index.html")
    assert "ホワイトチャペルの追跡の地図" in index and "Maps for the Whitechapel hunt" not in index


def test_the_balance_pages_in_japanese(bilingual_build: Path) -> None:
    site = bilingual_build / "site"
    english = _text(site / "boards" / "my-board-balance.html")
    japanese = _text(site / "ja" / "boards" / "my-board-balance.html")
    rate = re.search(r"Jack wins (\d+) of (\d+) games: ([\d.]+) %", english)
    assert rate is not None
    assert f"ジャックの勝ち：{rate[2]}ゲーム中{rate[1]}ゲーム（{rate[3]} %）" in japanese
    assert "バリアントごと" in japanese and "夜ごと" in japanese and "ジャックが逮捕された場所" in japanese
    assert "長い夜" in japanese and "Long nights" in english  # the variants' titles in each language
    assert "By variant" not in japanese and "Night by night" not in japanese
    assert "ジャックからの手紙" in _text(site / "ja" / "boards" / "my-board-balance-letters.html")


@pytest.mark.parametrize(("rate", "english", "japanese"), [
    (0.1, "The police are far stronger on this board: Jack wins less than 30 % of the games (move the yellow "
          "crossings, take away a police pawn with tokens: {patrols: N}, or give Jack more circles and links).",
     "このボードでは警察がはるかに強い。ジャックの勝率は30 % 未満（黄色の交差点を動かす、トークンで警官コマを1つ減らす"
     "（{patrols: N}）、ジャックの円やつながりを増やす、など）。"),
    (0.45, "Both sides have a real chance: Jack wins between 30 % and 60 % of the games.",
     "どちらにも十分な勝ち目がある。ジャックの勝率は30 %〜60 % の間。"),
    (0.7, "Jack is far stronger on this board: he wins more than 60 % of the games (give the police more yellow "
          "crossings, or Jack fewer circles and links).",
     "このボードではジャックがはるかに強い。ジャックの勝率は60 % を超える（警察の黄色の交差点を増やす、ジャックの円や"
     "つながりを減らす、など）。"),
])
def test_the_verdict_in_either_language(rate: float, english: str, japanese: str) -> None:
    assert (verdict(rate), verdict(rate, "ja")) == (english, japanese)


def test_a_chart_title_is_counted_in_the_page_language() -> None:
    assert site_word("balance.chart_escapes", "ja", night=2, count=5) == "2夜目：逃げ切り5回"


BUNDLED_BOARDS = sorted((Path(__file__).parents[2] / "scenarios" / "boards").glob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED_BOARDS, ids=lambda p: p.stem)
def test_every_text_of_a_bundled_board_is_in_japanese(path: Path) -> None:
    doc, _ = parse_file(path, path.name)
    assert doc is not None
    fields = list(text_fields(doc.data, "board"))
    assert len(fields) > 2  # title, description and names
    assert [".".join(map(str, place)) for place, value in fields
            if not (is_localized(value) and KANA_OR_KANJI.search(value.get("ja", "")))] == []


MAP = """\
kind: board
id: lanes
title: {en: Two lanes, ja: 二本の小路}
unit: mm
canvas: {width: 100, height: 60}
circles:
  - {number: 1, at: [20, 20]}
  - {number: 2, at: [80, 20]}
crossings:
  - {id: k1, at: [50, 20], flags: [yellow]}
segments: [[1, k1], [k1, 2]]
places:
  - {name: {en: Bell Yard, ja: 鐘の庭}, crossing: k1}
  - {name: Quay, crossing: k1}
districts:
  - {id: W, name: West, area: [[0, 0], [50, 0], [50, 60], [0, 60]]}
letters: {first: [W], pawn: 鐘の庭}
"""


def test_a_board_reads_in_either_language_and_its_pawn_letter_may_name_a_place_in_any() -> None:
    doc, _ = parse_text(MAP, "lanes.yaml")
    english, japanese = load_board(doc, Report()), load_board(doc, Report(), "ja")
    assert english is not None and japanese is not None
    assert (english.title, japanese.title) == ("Two lanes", "二本の小路")
    assert [p.name for p in english.places] == ["Bell Yard", "Quay"]
    assert [p.name for p in japanese.places] == ["鐘の庭", "Quay"]
    assert english.letters is not None and japanese.letters is not None
    assert (english.letters.pawn, japanese.letters.pawn) == ("Bell Yard", "鐘の庭")


def test_a_two_language_project_is_told_each_board_text_missing_a_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "gaslight.yaml").write_text("title: Lanes\nlanguages: [en, ja]\n", encoding="utf-8")
    (tmp_path / "lanes.yaml").write_text(MAP, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    main(["check"])  # a map this small has errors of its own (too few red circles for the hunt)
    lines = [line for line in capsys.readouterr().out.splitlines() if "translation" in line]
    assert lines == [
        "lanes.yaml:14:12: warning: places[1].name: no 'ja' translation of this text (fix: write it as a map with "
        "every language: {en: …, ja: …})",
        "lanes.yaml:16:19: warning: districts[0].name: no 'ja' translation of this text (fix: write it as a map "
        "with every language: {en: …, ja: …})",
    ]
