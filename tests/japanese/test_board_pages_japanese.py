"""A board's page, the boards index and the board's balance pages under /ja/ of a two-language project: their
words in Japanese (the figures, the legend, the check report's frame, the print list, the Tabletop Simulator
note, the bots' results and the variants' Japanese titles), the same numbers as the English pages, and the
English pages unchanged in their words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gaslight.languages import site_word
from gaslight.outputs.balance import verdict


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
