"""The case doctor in the page's language (issue 38): each edit's sentence, its card and what the solver then
finds are Japanese on the Japanese case page (the card as that page's table prints it, the answer with the
mansion's Japanese names), while the command line and the JSON keep the English line."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from gaslight.config import load_config
from gaslight.domain.walton.case import Card, Case
from gaslight.domain.walton.case_language import card_texts
from gaslight.domain.walton.claims import build_claim
from gaslight.domain.walton.doctor import Remedy, remedy_lines, repair
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.walton import contribute
from gaslight.project import load_configured

from tests.walton_cases.helpers import CASE_DIR, FIXTURES, MANSION_FILE, case, mansion

ACCUSED_CARD = """  - number: 71
    type: opportunity
    value: 1
    speaker: police
    claims:
      - {type: not_culprit, suspect: CULPRIT}
"""


def _accused(loaded: Case) -> Case:
    """``loaded`` with a police card clearing its own culprit: a contradiction the doctor mends in several ways."""
    where = loaded.cards_location
    claim = build_claim({"type": "not_culprit", "suspect": loaded.answer.culprit}, where)
    card = Card(71, "opportunity", 1, (), "police", (claim,), None, where, where)
    return dataclasses.replace(loaded, cards=(*loaded.cards, card))


def _lines(loaded: Case, remedies: tuple[Remedy, ...]) -> tuple[list[str], list[str]]:
    return remedy_lines(remedies, mansion(), loaded, "en"), remedy_lines(remedies, mansion(), loaded, "ja")


def test_a_removed_card_and_the_answer_left_are_said_in_japanese() -> None:
    broken = _accused(case(CASE_DIR / "the-bolted-door.yaml"))
    remedies = repair(mansion(), broken)
    english, japanese = _lines(broken, remedies)
    assert english == [r.line for r in remedies]  # the command line's words, from the same sentences
    assert english[:2] == [
        "remove card 71: Inspector Crowther: “Greg Gaffney could not have done it.” (the answer key is then the only "
        "answer)",
        "remove card 21: Ivy the maid: “I heard the police have ruled it out: Angelica Albinson's grievance, the will "
        "that cut her out, had nothing to do with this.” (the cards then allow one answer, Angelica Albinson (motive: "
        "the will that cut her out), with the carving knife, alone)"]
    assert japanese[:2] == [
        "カード71を除く：クロウザー警部「グレッグ・ギャフニーに犯行は不可能だった。確認済みである。」（すると答えのキーがただ"
        "一つの答えになる）",
        "カード21を除く：メイドのアイヴィ「警部さんのお話では、アンジェリカ・アルビンソン様の『彼女を相続から外した遺言』は"
        "事件とは関わりがないそうでございます。」（するとカードが許す答えは一つ：アンジェリカ・アルビンソン（動機：彼女を相続"
        "から外した遺言）、凶器は肉切りナイフ、単独犯）"]
    texts = card_texts(broken, mansion(), "ja")
    assert f"：{texts[21]}（" in japanese[1]  # the card as the Japanese page's table prints it
    assert remedies[1].to_json()["outcome"] == ("the cards then allow one answer, Angelica Albinson (motive: the will "
                                                "that cut her out), with the carving knife, alone")


def test_several_answers_an_added_card_and_a_fact_told_thrice_are_said_in_japanese() -> None:
    several = _accused(case(CASE_DIR / "the-sisters-keep-counsel.yaml"))
    remedies = repair(mansion(), several)
    english, japanese = _lines(several, remedies)
    found = next(i for i, r in enumerate(remedies) if r.number == 60)
    assert english[found].endswith("(the cards then allow several answers)")
    assert japanese[found] == (
        "カード60を除く：執事のホッブズ「クローデット・ケイズラー様の悪事、『偽造した画廊の領収書』の件は事件と無関係だと、"
        "警察の方がおっしゃっていました。」（するとカードが許す答えは複数になる）")

    loose = case(FIXTURES / "ambiguous.yaml")
    remedies = repair(mansion(), loose)
    english, japanese = _lines(loose, remedies)
    assert english[0] == ("add card 71: Inspector Crowther: “Stanley Smithe was in the Billiard Room when the crime "
                          "began.” (the answer key becomes the only answer)") == remedies[0].line
    assert japanese[0] == ("カード71を足す：クロウザー警部「事件が始まった時点で、スタンリー・スミスの居場所は"
                           "ビリヤード室である。」（答えのキーがただ一つの答えになる）")

    too_easy = dataclasses.replace(case(CASE_DIR / "the-sisters-keep-counsel.yaml"), difficulty="E")
    remedies = repair(mansion(), too_easy)
    english, japanese = _lines(too_easy, remedies)
    assert english[0] == remedies[0].line == (
        "remove card 14 and cards 21, 47, which tell the same: Mrs Dunmore: “I watched Greg Gaffney all evening: no "
        "whispering, no notes, no errands for anyone.” (measures D)")
    assert japanese[0] == ("カード14と、同じことを告げるカード21、47を除く：家政婦のダンモア夫人「グレッグ・"
                           "ギャフニー様はあの晩、どなたともこっそりお話しになりませんでした。気づかないはずが"
                           "ございません。」（実測の難易度はDになる）")


def test_the_japanese_case_page_shows_the_doctor_in_japanese(tmp_path: Path) -> None:
    root = tmp_path / "project"
    (root / "walton" / "cases").mkdir(parents=True)
    shutil.copy(MANSION_FILE, root / "walton" / "mansion.yaml")
    text = (CASE_DIR / "the-bolted-door.yaml").read_text(encoding="utf-8")
    (root / "walton" / "cases" / "the-bolted-door.yaml").write_text(
        text.rstrip("\n") + "\n" + ACCUSED_CARD.replace("CULPRIT", "greg"), encoding="utf-8")
    (root / "gaslight.yaml").write_text("title: Cases\ncontent: [walton]\nlanguages: [en, ja]\n", encoding="utf-8")
    config, _ = load_config(root / "gaslight.yaml")
    assert config is not None
    project, _ = load_configured(config)
    out = BuildOutput(tmp_path / "out")
    contribute(project, out)
    japanese = (out.docs / "walton" / "cases" / "the-bolted-door.ja.md").read_text(encoding="utf-8")
    english = (out.docs / "walton" / "cases" / "the-bolted-door.md").read_text(encoding="utf-8")
    assert ("    **事件ドクターの提案**（どの編集もソルバーが確かめた。一つで足りる）：\n\n"
            "    - カード71を除く：クロウザー警部「グレッグ・ギャフニーに犯行は不可能だった。確認済みである。」"
            "（すると答えのキーがただ一つの答えになる）\n") in japanese
    assert "    - カード21を除く：メイドのアイヴィ「" in japanese
    assert "remove card" not in japanese and "the answer key" not in japanese and "Inspector Crowther" not in japanese
    assert ("    - remove card 71: Inspector Crowther: “Greg Gaffney could not have done it\\.” \\(the answer key is "
            "then the only answer\\)\n") in english
