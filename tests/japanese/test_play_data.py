"""The Walton table's data in Japanese (outputs/engine.py): the case export of a two-language project carries the
mansion's Japanese names, the cards' Japanese texts as the case pages print them and who may lie in Japanese, with
the same cards, references and answer check as the English export (the page never holds the answer in either)."""

from __future__ import annotations

import re
from pathlib import Path

from gaslight.domain.walton.export import case_json
from gaslight.outputs.engine import case_json_in, walton_folder, walton_index

from tests.walton_cases.helpers import CASE_DIR, case, mansion

JAPANESE = re.compile(r"[ぁ-んァ-ン一-龯]")


def test_the_japanese_case_export_speaks_japanese_and_plays_the_same_cards() -> None:
    house, harvest = mansion(), case(CASE_DIR / "a-bitter-harvest.yaml")
    english, japanese = case_json(house, harvest), case_json_in(house, harvest, "ja")
    assert [(c["number"], c["refs"], c["value"], c["claims"]) for c in japanese["cards"]] == [
        (c["number"], c["refs"], c["value"], c["claims"]) for c in english["cards"]]
    assert japanese["answer_check"] == english["answer_check"] and japanese["logic"] == english["logic"]
    assert [s["id"] for s in japanese["mansion"]["suspects"]] == [s["id"] for s in english["mansion"]["suspects"]]
    assert japanese["mansion"]["suspects"][0]["name"] == "アンジェリカ・アルビンソン"
    for card in japanese["cards"]:
        assert card["text"].startswith(f"{card['speaker']}「") and card["text"].endswith("」"), card["text"]
        assert JAPANESE.search(card["speaker"]), card["speaker"]
    assert japanese["cards"][0]["text"] != english["cards"][0]["text"]
    assert japanese["who_may_lie"].startswith("犯人は嘘をついてよいが、") and not japanese["who_may_lie"].endswith("。")
    assert "angelica" not in str(japanese["cards"]).replace("'angelica'", ""), "ids only where the engine reads them"


def test_the_english_export_is_unchanged_by_the_other_language() -> None:
    house, harvest = mansion(), case(CASE_DIR / "a-bitter-harvest.yaml")
    assert case_json_in(house, harvest, "en")["cards"][0]["text"] == case_json(house, harvest)["cards"][0]["text"]
    assert (walton_folder(), walton_index(), walton_index("ja")) == (
        "engine/data/walton", "engine/data/walton/index.json", "engine/data/walton/ja/index.json")


def test_the_play_pages_prose_in_japanese_and_english() -> None:
    from gaslight.outputs.engine import TABLE_PAGE, board_play_page, editor_page, first_game, walton_table_page

    japanese = walton_table_page(TABLE_PAGE, walton_index("ja"), "ja")
    assert "# ウォルトン事件（卓で）\n\n2〜5席で遊ぶカードゲームです。" in japanese
    assert "（[エンジンのしくみ](../engine/index.md)）。" in japanese
    assert 'data-index="../engine/data/walton/ja/index.json"' in japanese
    assert "<noscript>エンジンを動かすにはJavaScriptが必要です。</noscript>" in japanese
    assert first_game("ja").startswith('??? info "はじめてのゲーム？ 一夜の流れ"\n    1. **ジャック**は秘密の隠れ家')
    board = board_play_page("play/x.md", "x", "East End", "", "engine/data/rules/index-ja.json", "hunt/rules.md", "ja")
    assert "# 遊ぶ：East End\n" in board
    assert ("あわせて[ルール](../hunt/rules.md)、[ボードとその検査](../boards/x.md)、"
            "[エンジンのしくみ](../engine/index.md)も") in board
    assert "# ボードエディター\n" in editor_page("reference/board-editor.md", "ja")
    english = walton_table_page(TABLE_PAGE, walton_index())
    assert english.startswith("---\nhide:\n  - toc\n---\n\n# Walton case at the table\n\nThe card game for two to five")
    assert "See also [the rules](../hunt/rules.md), [the board and its checks](../boards/x.md) and [how the engine " \
        "works](../engine/index.md)." in board_play_page("play/x.md", "x", "T", "", None, "hunt/rules.md")


def test_the_japanese_hunt_page_plays_the_board_with_its_japanese_names(tmp_path: Path) -> None:
    """The Japanese play page of a board loads a copy of the board's engine data with its Japanese title, places
    and districts (the engine knows a place by its name, so the copy renames it everywhere); the English page the
    English data; the map itself is the same. A board with no Japanese names plays its own data on both."""
    import json

    from gaslight.config import load_config
    from gaslight.diagnostics import Report
    from gaslight.discover import walk
    from gaslight.outputs.engine import hunt
    from gaslight.outputs.sink import BuildOutput
    from gaslight.project import load_files
    from gaslight.resources import STARTER_DIR

    from tests.conftest import REPO

    config, _ = load_config(REPO / "scenarios" / "gaslight.yaml")
    files = walk([REPO / "scenarios" / "boards" / "tutorial.yaml", STARTER_DIR / "board.yaml",
                  REPO / "scenarios" / "rulesets" / "whitechapel-hunt.yaml"]).scenarios
    report = Report()
    project = load_files(files, report, config=config)
    assert report.ok and config is not None and config.languages == ("en", "ja")
    out = BuildOutput(tmp_path)
    hunt(project, out)
    docs = out.docs
    english_page = (docs / "play" / "tutorial.md").read_text(encoding="utf-8")
    japanese_page = (docs / "play" / "tutorial.ja.md").read_text(encoding="utf-8")
    assert 'data-board="../engine/data/boards/tutorial.json"' in english_page
    assert 'data-board="../../engine/data/boards/ja/tutorial.json"' in japanese_page
    english = json.loads((docs / "engine/data/boards/tutorial.json").read_text(encoding="utf-8"))
    japanese = json.loads((docs / "engine/data/boards/ja/tutorial.json").read_text(encoding="utf-8"))
    assert {p["name"] for p in english["places"]} >= {"Ropewalk Market", "Old Bell Yard"}
    assert {p["name"] for p in japanese["places"]} >= {"ロープウォーク市場", "古鐘横丁"}
    assert japanese["title"] != english["title"] and re.search(r"[ぁ-んァ-ン一-龯]", japanese["title"])
    assert japanese["title"] in japanese_page
    same = ("circles", "crossings", "segments", "jack_steps", "police_steps", "search", "blocks", "alleys")
    assert {key: japanese[key] for key in same} == {key: english[key] for key in same}
    assert not (docs / "engine/data/boards/ja/my-board.json").exists()
    assert 'data-board="../../engine/data/boards/my-board.json"' in (docs / "play" / "my-board.ja.md").read_text(
        encoding="utf-8")
