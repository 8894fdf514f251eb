"""Each suspect's own register on the Japanese cards (``register_ja``: polite, plain, old): every claim by every
suspect renders in each register by that register's rules, with the same name and particle rules as the polite
cards; a suspect's register changes only his own cards, and never the English ones."""

from __future__ import annotations

import dataclasses

import pytest
import yaml
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.phrasing import deck_texts, text_random
from gaslight.domain.walton.phrasing_ja import claim_sentences_ja
from gaslight.domain.walton.phrasing_ja_registers import OLD_MARKS, REGISTERS_JA
from gaslight.domain.walton.phrasing_voice import voice_of
from test_walton_ja_phrasing import claims_about, grammar_problems
from walton_support import BUNDLED_MANSION, load_model

CLAIM_TYPES = 16  # every claim type of the case schema


def speaking(house: Mansion, register: str, who: tuple[str, ...] = ()) -> Mansion:
    """``house`` with the suspects ``who`` (all, when empty) speaking in ``register``."""
    return dataclasses.replace(house, suspects=tuple(
        dataclasses.replace(s, register_ja=register) if not who or s.id in who else s for s in house.suspects))


@pytest.fixture(scope="module")
def japanese() -> Mansion:
    loaded = load_model(BUNDLED_MANSION)
    assert isinstance(loaded, Mansion)
    return loaded.in_language("ja")


def register_problems(house: Mansion, sentence: str, register: str) -> list[str]:
    """What breaks the rules of ``register`` (and the cards' name and particle rules) in one claim's sentences."""
    if register == "polite":
        return grammar_problems(house, sentence, "suspect")
    problems = grammar_problems(house, sentence, "police")  # the plain findings' rules: no です・ます end
    if "です" in sentence or "ます" in sentence:
        problems.append(f"{register} speech says です or ます")
    old = [mark for mark in OLD_MARKS if mark in sentence]
    if register == "old" and not old:
        problems.append("old speech with none of its marks")
    if register == "plain" and old:
        problems.append(f"plain speech with old marks: {old}")
    return problems


@pytest.mark.parametrize("register", REGISTERS_JA)
def test_every_claim_by_every_suspect_reads_in_each_register(japanese: Mansion, register: str) -> None:
    house = speaking(japanese, register)
    checked, kinds, own = 0, set(), 0
    for speaker in ("stanley", "sisters", "greg"):
        assert voice_of(house, speaker) == "suspect"
        for subject in ("stanley", "sisters", "greg", "angelica"):
            for claim in claims_about(house, subject):
                for template, sentence in claim_sentences_ja(house, claim, speaker):
                    assert register_problems(house, sentence, register) == [], (speaker, claim, template, sentence)
                    kinds.add(claim["type"])
                    checked += 1
                    own += "{we}" in template
    assert len(kinds) == CLAIM_TYPES and checked > 450 and own > 20


def test_the_checker_catches_a_slip_of_register(japanese: Mansion) -> None:
    assert register_problems(japanese, "書斎にいます。", "plain") == [
        "the police speaks politely, not in plain findings: Ｘにいます。", "plain speech says です or ます"]
    assert register_problems(japanese, "書斎にいた。", "old") == ["old speech with none of its marks"]
    assert register_problems(japanese, "わしは書斎におった。", "plain") == [
        "plain speech with old marks: ['おっ', 'わし']"]
    assert register_problems(japanese, "書斎がをおった。", "old") == ["a doubled particle after a name: Ｘがを"]
    assert register_problems(japanese, "書斎にいた。", "polite") == ["a suspect drops the です/ます form: Ｘにいた。"]


def test_a_suspect_speaks_of_himself_in_his_register(japanese: Mansion) -> None:
    claim = {"type": "in_room", "suspect": "stanley", "room": "library"}
    said = {register: [s for _, s in claim_sentences_ja(speaking(japanese, register), claim, "stanley")]
            for register in REGISTERS_JA}
    assert all("私は書庫に" in s for s in said["polite"] + said["plain"])
    assert all("わしは書庫に" in s for s in said["old"])
    group = {"type": "in_room", "suspect": "sisters", "room": "library"}
    assert all("わしらは書庫に" in s for _, s in claim_sentences_ja(speaking(japanese, "old"), group, "sisters"))
    assert all("私たちは書庫に" in s for _, s in claim_sentences_ja(speaking(japanese, "plain"), group, "sisters"))


def test_a_register_changes_only_its_suspects_japanese_cards() -> None:
    english = load_model(BUNDLED_MANSION)
    assert isinstance(english, Mansion)
    case = yaml.safe_load((BUNDLED_MANSION.parent / "cases" / "the-second-key.yaml").read_text(encoding="utf-8"))
    cards = [(card["speaker"], card["claims"]) for card in sorted(case["cards"], key=lambda card: card["number"])]
    old_greg = speaking(english, "old", ("greg",))
    before = deck_texts(english.in_language("ja"), cards, text_random(case["id"]))
    after = deck_texts(speaking(english.in_language("ja"), "old", ("greg",)), cards, text_random(case["id"]))
    # the deck spreads its phrasings (the least used first), so others' cards may take other polite ones
    gregs = [text for (speaker, _), text in zip(cards, after, strict=True) if speaker == "greg"]
    assert gregs and all(any(mark in text for mark in OLD_MARKS) for text in gregs), gregs
    assert not any(any(mark in text for mark in OLD_MARKS)
                   for (speaker, _), text in zip(cards, before, strict=True) if speaker == "greg")
    others = [(speaker, text) for (speaker, _), text in zip(cards, after, strict=True) if speaker != "greg"]
    house = speaking(english.in_language("ja"), "old", ("greg",))
    for speaker, text in others:
        body = text[len(house.speaker_name(speaker)) + 1:-1]
        assert grammar_problems(house, body, voice_of(house, speaker)) == [], text
    assert deck_texts(old_greg, cards, text_random(case["id"])) == deck_texts(english, cards, text_random(case["id"]))


def test_a_mansion_declares_a_suspects_register(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from gaslight.cli import main
    from gaslight.diagnostics import Report
    from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
    from gaslight.yamlio import parse_text

    declared = MINI_MANSION.replace("name: Bob,", "name: Bob, register_ja: old,")
    assert declared != MINI_MANSION
    house = load_mansion(parse_text(declared, "m.yaml")[0], Report())
    assert house is not None and house.suspect("bob").register_ja == "old" and house.suspect("ann").register_ja == ""
    (tmp_path / "gaslight.yaml").write_text("title: Mini\n", encoding="utf-8")
    (tmp_path / "mansion.yaml").write_text(MINI_MANSION.replace("name: Bob,", "name: Bob, register_ja: rough,"),
                                           encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["check"]) != 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "register_ja" in line]
    assert lines == ["mansion.yaml:12:39: error: suspects[1].register_ja: the text 'rough' is not allowed here "
                     "(fix: use polite, plain or old)"]
