"""A case's explanation in Japanese (issue 38): the steps, the hint ladder and the proof lines are phrases rendered
from a sentence table per language, so the Japanese case page explains in Japanese with the mansion's Japanese
names, and the ladder's checks (early naming, silent guarantees, repeated support) read the same phrases in every
language."""

from __future__ import annotations

import doctest
import re
import string

import pytest
from gaslight.cli import main
from gaslight.domain.walton import step_words
from gaslight.domain.walton.hints import ladder, silent_guarantees
from gaslight.domain.walton.step_words import (
    SENTENCE_TABLE,
    Phrase,
    Ref,
    Words,
    fact_phrase,
    liars_phrases,
    sentence_table,
    walk,
)
from gaslight.outputs.walton import Proven, case_page
from gaslight.resources import label_table

from tests.walton_cases.helpers import CASE_FILES, case, mansion, proof

IDS = [p.stem for p in CASE_FILES]
ASCII_LETTER = re.compile(r"[A-Za-z]")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_sentence_is_in_both_languages_with_the_same_placeholders() -> None:
    english, japanese = sentence_table("en"), sentence_table("ja")
    assert label_table(SENTENCE_TABLE, "ja").is_file()
    assert sorted(english) == sorted(japanese)
    differ = {key: (placeholders(english[key]), placeholders(japanese[key])) for key in english
              if placeholders(english[key]) != placeholders(japanese[key])}
    assert differ == {}
    # no English in the Japanese sentences (placeholders aside; the solve command's "a" and "b" name its lines)
    assert [key for key, t in japanese.items() if ASCII_LETTER.search(re.sub(r"\{[^}]*\}", "", t))] == [
        "solve.hints_head"]


def test_every_phrase_a_bundled_case_uses_has_a_sentence() -> None:
    keys = {value.key for path in CASE_FILES for step in proof(path).steps for said in step.told
            for _, value in walk(said) if isinstance(value, Phrase)}
    assert keys - set(sentence_table("en")) == set()
    assert {"because.from", "liar.rest.one", "liar.exposed.one", "told.absent", "last"} <= keys | {
        v.key for path in CASE_FILES for hint in ladder(mansion(), case(path), proof(path)) for rung in hint.rungs
        for said in rung.phrases for _, v in walk(said) if isinstance(v, Phrase)}


def japanese_names() -> list[str]:
    """Every name of the bundled mansion in Japanese, longest first (a name may hold a Latin initial:
    モーティマー・W・モロウ)."""
    house = mansion().in_language("ja")
    names = [s.name for s in house.suspects] + [p for s in house.suspects for p in s.persons]
    names += [m.name for s in house.suspects for m in s.motives] + [s.name for s in house.sources]
    names += [r.name for r in house.rooms] + [w.name for w in house.weapons] + [t.name for t in house.traces]
    return sorted(set(names), key=len, reverse=True)


def japanese_explanation(path) -> str:
    found = proof(path)
    said = Words(mansion(), case(path), "ja")
    rungs = [rung.text for hint in ladder(mansion(), case(path), found, "ja") for rung in hint.rungs]
    lines = [said.text(e.said) for e in found.eliminations if e.said]
    return "\n".join(rungs + lines)


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_the_japanese_explanation_has_no_english_left_and_names_the_mansion_in_japanese(path) -> None:
    text = japanese_explanation(path)
    answer = proof(path).result.solutions[0]
    japanese = mansion().in_language("ja")
    culprit, weapon = japanese.suspect(answer.culprit), japanese.weapon(answer.weapon)
    assert culprit is not None and weapon is not None
    assert f"{culprit.name}が犯人だ。" in text and f"凶器は{weapon.name}だった。" in text
    english = mansion()
    assert not any(s.name in text for s in english.suspects)
    bare = text
    for name in japanese_names():
        bare = bare.replace(name, "")
    assert ASCII_LETTER.findall(bare) == []
    assert " " not in bare  # no English spacing left between sentences


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_the_japanese_ladder_tells_the_same_phrases_as_the_english_one(path) -> None:
    english = ladder(mansion(), case(path), proof(path))
    japanese = ladder(mansion(), case(path), proof(path), "ja")
    assert [(h.steps, [(r.phrases, r.conclusion) for r in h.rungs]) for h in english] == [
        (h.steps, [(r.phrases, r.conclusion) for r in h.rungs]) for h in japanese]
    assert all(rung.text.startswith(rung.lead) and rung.lead for hint in japanese for rung in hint.rungs[1:])


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_no_japanese_hint_names_the_culprit_before_the_steps_find_him(path) -> None:
    """Read in Japanese, as a table would: before the step that finds the culprit, no rung's own words (the cards it
    quotes and the suspects it says may still lie aside) carry the culprit's Japanese name, unless the step is
    about him as one of every suspect (ruled out of the other part, or placed)."""
    found = proof(path)
    answer = found.result.solutions[0]
    said = Words(mansion(), case(path), "ja")
    name = mansion().in_language("ja").suspect(answer.culprit).name
    deduced = next(s.number for s in found.steps if s.fact == (("culprit", answer.culprit), True)
                   or any(p.key.startswith("liar.exposed.") and p.value("role") == Phrase("role.culprit")
                          and p.value("who") == Ref("in_sentence", answer.culprit) for p in s.told))
    checked = 0
    for hint in ladder(mansion(), case(path), found, "ja"):
        for index, rung in enumerate(hint.rungs):
            step = found.steps[hint.steps[max(index - 1, 0)] - 1]
            (key, holds) = step.fact
            if step.number >= deduced or (key[1:2] == (answer.culprit,) and (key[0] == "start" or not holds)):
                continue
            own = rung.text
            for number in step.cards:
                own = own.replace(said.card(number), "")
            for part in step.told:
                if part.key.startswith("liar.rest."):
                    own = own.replace(said.text(part), "")
            assert name not in own, (step.number, rung.text)
            checked += 1
    assert checked > 0


def test_the_checks_read_phrases_so_a_japanese_ladder_that_forgets_a_gap_is_caught(monkeypatch) -> None:
    from gaslight.domain.walton import hints

    path = next(p for p in CASE_FILES if p.stem == "the-bolted-door")
    assert silent_guarantees(mansion(), case(path), proof(path)) == []
    monkeypatch.setattr(hints, "_guarantees_told", lambda *args: {})
    assert {s.kind for s in silent_guarantees(mansion(), case(path), proof(path))} == {"absent"}
    told = [r.text for h in ladder(mansion(), case(path), proof(path), "ja") for r in h.rungs]
    assert not any("デッキ全体に欠けている" in text for text in told)


def test_a_fact_and_a_liar_in_both_languages() -> None:
    house = mansion()
    english, japanese = Words(house), Words(house, language="ja")
    fact = fact_phrase(house, (("start", "sisters", "library"), False))
    assert english.text(fact) == "The Berwick sisters did not start in the Library."
    assert japanese.text(fact) == "バーウィック姉妹のはじめの部屋は書庫ではない。"
    liars = liars_phrases((12, 33), (1,), ("stanley", "sisters"), {"stanley": "culprit", "sisters": ""})
    assert english.joined(liars) == (" Stanley Smithe must be lying: cards 12 and 33 cannot both be true alongside "
                                     "step 2, so Stanley Smithe must be the culprit. The Berwick sisters may still "
                                     "be lying here; the step holds either way.")
    assert japanese.joined(liars) == (
        "スタンリー・スミスは嘘をついているはずだ：ステップ2と合わせると、カード12と33が両方とも正しいことはありえない。"
        "だからスタンリー・スミスは犯人に違いない。バーウィック姉妹はここでまだ嘘をついているかもしれないが、"
        "このステップはどちらにしても成り立つ。")
    assert Words(house, language="fr").text(fact) == english.text(fact)  # no table of its own: English


def test_the_japanese_case_page_explains_in_japanese() -> None:
    path = next(p for p in CASE_FILES if p.stem == "oil-and-chalk")
    proven = Proven(case(path), mansion(), proof(path))
    page = case_page(proven, [], language="ja")
    hints = page[page.index("## ヒント"):page.index("## 解答")]
    assert '??? tip "ステップ1：どこを見るか"\n\n    カード24を見る。\n' in hints
    assert "    **モーティマー・W・モロウは犯人ではない。**カード24（" in hints  # no space between Japanese sentences
    solution = page[page.index("## 解答"):]
    assert "退けられる" in solution and "ruled out" not in solution and "largest step" not in solution
    english = case_page(proven, [])
    assert "    **Mortimer W\\. Mollow is not the culprit\\.** From card 24 \\(" in english


def test_solve_tells_the_hints_in_japanese_when_asked(capsys) -> None:
    path = next(p for p in CASE_FILES if p.stem == "oil-and-chalk")
    assert main(["solve", str(path), "--hints", "--lang", "ja"]) == 0
    out = capsys.readouterr().out.splitlines()
    start = out.index("ヒント（一つずつ開く。a：どこを見るか、b：何が分かるか）：")
    assert out[start + 1:start + 3] == ["  1a. カード24を見る。", out[start + 2]]
    assert out[start + 2].startswith("  1b. モーティマー・W・モロウは犯人ではない。カード24（バーウィック姉妹「")
    assert main(["solve", str(path), "--format", "json", "--hints", "--lang", "ja"]) == 0
    assert '"カード24を見る。"' in capsys.readouterr().out


def test_solve_lang_without_hints_is_a_usage_error(capsys) -> None:
    path = next(p for p in CASE_FILES if p.stem == "oil-and-chalk")
    assert main(["solve", str(path), "--lang", "ja"]) == 2
    assert capsys.readouterr().err.strip() == (
        "gaslight: error: --lang tells the hint ladder in that language: add --hints")


def test_the_step_words_examples_hold() -> None:
    failed, tried = doctest.testmod(step_words)
    assert (failed, tried > 0) == (0, True)
