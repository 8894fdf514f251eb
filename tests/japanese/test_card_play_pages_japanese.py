"""Ripper rummy's and 24's play pages in Japanese: the page's prose from the site's Japanese words, a table file and
game data of its own (faces, variants' titles, suspects' and incidents' names in Japanese), and in Chromium a game
dealt on the Japanese page shows the deck's Japanese cards while the English page keeps its English ones."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from gaslight.languages import site_table

GAMES = [("rummy", "rummy-ripper-rummy", "ripper-rummy", "リッパー・ラミーのデッキで遊ぶ", "リッパー・ラミー"),
         ("twentyfour", "24-twenty-four", "twenty-four", "24のデッキで遊ぶ", "24")]


def _text(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


def _article(html: str) -> str:
    """The page's article as text (tags dropped), without the engine's own root."""
    body = html[html.index("<article"):html.index("</article>")]
    return re.sub(r"<[^>]+>", "", body)


@pytest.mark.parametrize(("game", "page", "deck", "title", "game_name"), GAMES, ids=[g[0] for g in GAMES])
def test_the_japanese_play_page_says_its_prose_in_japanese(every_game: Path, game: str, page: str, deck: str,
                                                            title: str, game_name: str) -> None:
    html = _text(every_game, f"ja/play/{page}.html")
    assert re.search(rf"<h1[^>]*>{re.escape(title)}", html)
    article = _article(html)
    assert f"このデッキで{game_name}をブラウザで遊べます。" in article
    assert "あわせてデッキ、エンジンのしくみも参照してください。" in article
    assert "ゲームを動かすにはJavaScriptが必要です。" in html
    english = {text for key, text in site_table("en").items() if key.startswith("play.cards_")}
    pieces = {piece.strip(" .:") for text in english for piece in re.split(r"\{\w+\}", text) if len(piece) > 12}
    assert sorted(piece for piece in pieces if piece in article) == []
    assert f'data-table="../../engine/data/cards/{game}/ja/{deck}.json"' in html
    main = _text(every_game, f"play/{page}.html")
    assert "with this deck in the browser, every rule enforced" in main and "遊べます" not in main
    assert f'data-table="../engine/data/cards/{game}/{deck}.json"' in main


def test_the_japanese_tables_hold_the_decks_japanese_faces(every_game: Path) -> None:
    cards = every_game / "engine" / "data" / "cards"
    rummy = json.loads((cards / "rummy" / "ja" / "ripper-rummy.json").read_text(encoding="utf-8"))
    assert rummy["title"] == "リッパー・ラミーのデッキ"
    assert [v["title"] for v in rummy["variants"]] == ["基本ルール", "大勝負", "毎ハンド投票を数える"]
    assert rummy["faces"]["alibi-ochre"]["name"] == "一晩じゅう家畜囲いにいた"
    assert rummy["faces"]["alibi-ochre"]["type"] == "アリバイ"
    assert rummy["faces"]["alibi-ochre"]["suit"] == "サイラス・マロウ · 順位2"
    english = json.loads((cards / "rummy" / "ripper-rummy.json").read_text(encoding="utf-8"))
    assert english["faces"]["alibi-ochre"]["suit"].endswith(" · rank 2")
    assert english["variants"][0]["title"] == "Base rules"
    played = json.loads((cards / "rummy" / "ja" / "ripper-rummy.default.json").read_text(encoding="utf-8"))
    main = json.loads((cards / "rummy" / "ripper-rummy.default.json").read_text(encoding="utf-8"))
    assert "サイラス・マロウ" in [s["name"] for s in played["suspects"]]
    # the same game: only its names differ
    assert [{**c, "name": ""} for c in played["cards"]] == [{**c, "name": ""} for c in main["cards"]]
    assert [{**s, "name": ""} for s in played["suspects"]] == [{**s, "name": ""} for s in main["suspects"]]
    assert played["parameters"] == main["parameters"]
    twentyfour = json.loads((cards / "twentyfour" / "ja" / "twenty-four.default.json").read_text(encoding="utf-8"))
    assert twentyfour["suits"][0] == {"id": "bombing", "name": "爆弾テロ"}
    assert twentyfour["incidents"][0]["name"] == "爆弾テロ：見張り"


def _dealt_names(tab: Any, address: str) -> list[str]:
    tab.goto(address, wait_until="load")
    tab.get_by_test_id("start").click()
    tab.locator(".gl-pcard-name").first.wait_for()
    return [name for name in tab.locator(".gl-pcard-name").all_inner_texts() if name]


@pytest.mark.browser
def test_a_game_dealt_on_the_japanese_page_shows_japanese_cards(tab: Any, url: str) -> None:
    names = _dealt_names(tab, f"{url}/ja/play/rummy-ripper-rummy.html")
    assert names and all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", name) for name in names), names
    options = tab.get_by_test_id("variant").locator("option").evaluate_all("all => all.map((o) => o.textContent)")
    assert options == ["基本ルール", "大勝負", "毎ハンド投票を数える"]
    english = _dealt_names(tab, f"{url}/play/rummy-ripper-rummy.html")
    assert english and not any(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", name) for name in english), english


JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize(("game", "page", "deck", "ja_name", "en_name"),
                         [("rummy", "rummy-ripper-rummy", "ripper-rummy", "一晩じゅう家畜囲いにいた",
                           "At the pens all night"),
                          ("twentyfour", "24-twenty-four", "twenty-four", "0時間", "0 hours")],
                         ids=["rummy", "twentyfour"])
def test_each_play_page_names_every_languages_table(every_game: Path, game: str, page: str, deck: str, ja_name: str,
                                                     en_name: str) -> None:
    """Each page's own table holds its language's names; it names the other language's table for the language
    control (a ?lang= or the reader's choice), and each table says which language it holds."""
    for prefix, folder, own, name in (("", "../", "en", en_name), ("ja/", "../../", "ja", ja_name)):
        html = _text(every_game, f"{prefix}play/{page}.html")
        assert (f'data-table-en="{folder}engine/data/cards/{game}/{deck}.json" '
                f'data-table-ja="{folder}engine/data/cards/{game}/ja/{deck}.json"') in html
        table = re.search(r'data-table="([^"]+)"', html)[1]
        data = json.loads((every_game / prefix / "play" / table).resolve().read_text(encoding="utf-8"))
        assert data["language"] == own
        names = [face["name"] for face in data["faces"].values()]
        assert name in names
        assert all(bool(JAPANESE.search(n)) == (own == "ja") for n in names if not n.isdigit()), names


@pytest.mark.browser
def test_the_games_language_control_turns_the_cards_too(tab: Any, url: str) -> None:
    names = _dealt_names(tab, f"{url}/play/rummy-ripper-rummy.html")
    assert names and not any(JAPANESE.search(name) for name in names), names
    tab.get_by_test_id("language").select_option("ja")
    tab.wait_for_function("() => /[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test("
                          "document.querySelector('.gl-pcard-name').textContent)")
    japanese = [name for name in tab.locator(".gl-pcard-name").all_inner_texts() if name]
    assert len(japanese) == len(names) and all(JAPANESE.search(name) for name in japanese), japanese
    assert tab.get_by_test_id("status").inner_text().startswith("第1ハンド")
    tab.get_by_test_id("language").select_option("en")
    tab.wait_for_function("() => !/[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test("
                          "document.querySelector('.gl-pcard-name').textContent)")
    assert [name for name in tab.locator(".gl-pcard-name").all_inner_texts() if name] == names
    # the reader's choice (English, kept by the browser) on the Japanese page: English words and English cards
    english = _dealt_names(tab, f"{url}/ja/play/24-twenty-four.html")
    assert english and not any(JAPANESE.search(name) for name in english), english
    japanese = _dealt_names(tab, f"{url}/play/24-twenty-four.html?lang=ja")
    assert japanese and all(JAPANESE.search(name) for name in japanese if not name.isdigit()), japanese


def test_a_japanese_only_project_s_play_page_speaks_japanese(tmp_path: Path) -> None:
    """A project whose only language is Japanese writes its main play page, its menu entry and its table's base
    rules in Japanese (they were English: the main page took English words whatever the project's language)."""
    from gaslight.config import load_config
    from gaslight.outputs import decks
    from gaslight.outputs.sink import BuildOutput
    from gaslight.project import load_configured

    (tmp_path / "gaslight.yaml").write_text("title: 霧の街\nlanguages: [ja]\ngames: [{ripper-rummy: [rules, deck]}]\n",
                                            encoding="utf-8")
    config, report = load_config(tmp_path / "gaslight.yaml")
    assert config is not None, report.format_text()
    project, report = load_configured(config)
    assert report.ok, report.format_text()
    out = BuildOutput(tmp_path / "out")
    decks.contribute(project, out)
    page = (out.docs / "play" / "rummy-ripper-rummy.md").read_text(encoding="utf-8")
    assert "リッパー・ラミーのデッキで遊ぶ" in page and "Play" not in page.split("<div")[0]
    assert [label[-1] for label, path in out.nav if path == "play/rummy-ripper-rummy.md"] == [
        "リッパー・ラミーのデッキ"]
    table = json.loads((out.docs / "engine" / "data" / "cards" / "rummy" / "ripper-rummy.json").read_text("utf-8"))
    assert table["language"] == "ja" and table["variants"][0]["title"] == "基本ルール"
