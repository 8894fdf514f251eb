"""The Walton table's data in Japanese (outputs/engine.py): the case export of a two-language project carries the
mansion's Japanese names, the cards' Japanese texts as the case pages print them and who may lie in Japanese, with
the same cards, references and answer check as the English export (the page never holds the answer in either)."""

from __future__ import annotations

import re

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
