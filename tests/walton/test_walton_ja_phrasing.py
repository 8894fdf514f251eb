"""Walton cards in Japanese read right: every claim type said by every kind of speaker, checked against the
grammar rules of :mod:`gaslight.domain.walton.phrasing_ja_tables` (registers, names, particles, sentence ends)."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
import yaml
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.phrasing import case_texts, deck_texts, text_random
from gaslight.domain.walton.phrasing_ja import claim_sentences_ja, phrasings_ja
from gaslight.domain.walton.phrasing_ja_tables import DUTY_WORDS_JA, GRIEVANCE_WORDS_JA
from gaslight.domain.walton.phrasing_voice import voice_of
from gaslight.domain.walton.retext import retext
from test_phrasing import claims_about as english_claims
from walton_support import BUNDLED_MANSION, load_model

POLITE_END = re.compile(r"(です|ます|ました|ません|でした|ください)(よ|ね|か)?。$")
# After a name (Ｘ), two case particles in a row (「がを」「はが」) or one particle twice (「のの」): a slip where a
# template's particle meets a name's.
DOUBLED = re.compile(r"Ｘ(?:様|さん)?』?(?:(は|が|を|に|の|と|も|で)\1|[はがを][はがを])")
# What may follow a name: a particle, an honorific, punctuation.
AFTER_NAME = set("はがをにのともかでへだな様さ」』、。")


@pytest.fixture(scope="module")
def house() -> Mansion:
    loaded = load_model(BUNDLED_MANSION)
    assert isinstance(loaded, Mansion)
    return loaded.in_language("ja")


def names(house: Mansion) -> list[str]:
    """Every Japanese name the cards may print, longest first (so a name inside another is not found alone)."""
    found = [r.name for r in house.rooms] + [w.name for w in house.weapons] + [t.name for t in house.traces]
    found += [s.name for s in house.suspects] + [m.name for s in house.suspects for m in s.motives]
    found += [s.name for s in house.sources] + [house.victim.name]
    return sorted(set(found), key=len, reverse=True)


def claims_about(house: Mansion, subject: str) -> list[dict]:
    """The English phrasing test's claims, with a testimony of every motive the suspect has."""
    motives = house.suspect(subject).motive_ids
    return [{"type": "motive_testimony", "suspect": subject, "motive": m} for m in motives[1:]] + english_claims(
        house, subject)


def grammar_problems(house: Mansion, sentence: str, voice: str) -> list[str]:
    """What breaks the rules in one claim's Japanese sentence(s) said by ``voice``."""
    problems = []
    if "{" in sentence or "}" in sentence:
        problems.append("a placeholder is left")
    bare = sentence
    for name in names(house):
        for found in re.finditer(re.escape(name), bare):
            if bare[found.end():found.end() + 1] not in AFTER_NAME:
                problems.append(f"'{name}' is followed by '{bare[found.end():found.end() + 1]}', not a particle")
        bare = bare.replace(name, "Ｘ")
    if re.search(r"[A-Za-z]", bare):
        problems.append("English letters outside the mansion's names")
    if DOUBLED.search(bare):
        problems.append(f"a doubled particle after a name: {DOUBLED.search(bare).group(0)}")
    parts = [p + "。" for p in bare.split("。") if p]
    if not sentence.endswith("。") or not parts:
        problems.append("does not end in 。")
    for part in parts:
        polite = bool(POLITE_END.search(part))
        if voice in ("police", "coroner") and polite:
            problems.append(f"the {voice} speaks politely, not in plain findings: {part}")
        if voice in ("servant", "suspect") and not polite:
            problems.append(f"a {voice} drops the です/ます form: {part}")
    return problems


def speakers(house: Mansion) -> list[str]:
    """A speaker of each kind: each source (each servant's duty), one guest and the group."""
    return [s.id for s in house.sources] + ["stanley", "sisters"]


def test_every_claim_from_every_kind_of_speaker_reads_by_the_rules(house: Mansion) -> None:
    checked = 0
    for speaker in speakers(house):
        voice = voice_of(house, speaker)
        for subject in ("stanley", "sisters", "greg"):
            for claim in claims_about(house, subject):
                for template, sentence in claim_sentences_ja(house, claim, speaker):
                    assert grammar_problems(house, sentence, voice) == [], (speaker, claim, template, sentence)
                    checked += 1
    assert checked > 900


def test_the_rules_catch_a_slip() -> None:
    """The checker itself: each rule fails the sentence that breaks it."""
    loaded = load_model(BUNDLED_MANSION)
    house = loaded.in_language("ja")
    assert grammar_problems(house, "書斎がを調べた。", "police") == ["a doubled particle after a name: Ｘがを"]
    assert grammar_problems(house, "Study にいた。", "police") == ["English letters outside the mansion's names"]
    assert grammar_problems(house, "書斎にいました。", "police") == [
        "the police speaks politely, not in plain findings: Ｘにいました。"]
    assert grammar_problems(house, "書斎にいた。", "servant") == ["a servant drops the です/ます form: Ｘにいた。"]
    assert grammar_problems(house, "書斎にいた", "police") == ["does not end in 。"]
    assert grammar_problems(house, "書斎屋にいた。", "police") == ["'書斎' is followed by '屋', not a particle"]


def test_a_servant_speaks_of_a_guest_with_sama_and_of_the_victim_as_the_master(house: Mansion) -> None:
    said = [s for _, s in claim_sentences_ja(house, {"type": "not_culprit", "suspect": "greg"}, "butler")]
    assert all("グレッグ・ギャフニー様" in s for s in said)
    said = [s for _, s in claim_sentences_ja(house, {"type": "motive_testimony", "suspect": "greg",
                                                       "motive": "sister"}, "maid")]
    assert all("旦那様" in s and "ウォルトン氏" not in s for s in said)
    guest = [s for _, s in claim_sentences_ja(house, {"type": "not_culprit", "suspect": "greg"}, "stanley")]
    assert all("グレッグ・ギャフニーさん" in s for s in guest)
    police = [s for _, s in claim_sentences_ja(house, {"type": "not_culprit", "suspect": "greg"}, "police")]
    assert all("グレッグ・ギャフニー" in s and "様" not in s and "さん" not in s for s in police)


def test_a_name_with_its_title_takes_no_honorific_after_it(house: Mansion) -> None:
    titled = dataclasses.replace(house, suspects=tuple(
        dataclasses.replace(s, name="シリル・クレイン医師") if s.id == "greg" else s for s in house.suspects))
    for speaker in ("butler", "stanley", "police"):
        said = [s for _, s in claim_sentences_ja(titled, {"type": "not_culprit", "suspect": "greg"}, speaker)]
        assert all("シリル・クレイン医師" in s and not re.search("医師(様|さん)", s) for s in said), said


def test_a_suspect_speaks_of_itself_as_watashi_and_a_group_as_watashitachi(house: Mansion) -> None:
    claim = {"type": "in_room", "suspect": "stanley", "room": "library"}
    assert all("私は書庫" in s for _, s in claim_sentences_ja(house, claim, "stanley"))
    claim = {"type": "in_room", "suspect": "sisters", "room": "library"}
    assert all("私たちは書庫" in s for _, s in claim_sentences_ja(house, claim, "sisters"))


def test_a_motive_that_is_no_grievance_is_never_told_as_one(house: Mansion) -> None:
    for voice in ("police", "servant", "suspect"):
        for kind in ("secret", "debt", "misdeed"):
            for template in phrasings_ja("motive_testimony", voice, motive_kind=kind):
                assert not [w for w in GRIEVANCE_WORDS_JA if w in template], (voice, kind, template)


def test_a_servant_tells_only_of_his_own_work(house: Mansion) -> None:
    for source in house.sources:
        if voice_of(house, source.id) != "servant":
            continue
        for claim in claims_about(house, "stanley"):
            for _, sentence in claim_sentences_ja(house, claim, source.id):
                others = [w for duty, words in DUTY_WORDS_JA.items() if duty != source.work for w in words
                          if w in sentence]
                assert others == [], (source.id, sentence)


def test_a_bundled_case_renders_in_both_languages_from_its_claims() -> None:
    english = load_model(BUNDLED_MANSION)
    japanese = english.in_language("ja")
    case = yaml.safe_load((BUNDLED_MANSION.parent / "cases" / "the-second-key.yaml").read_text(encoding="utf-8"))
    cards = [(card["speaker"], card["claims"]) for card in sorted(case["cards"], key=lambda card: card["number"])]
    in_english = deck_texts(english, cards, text_random(case["id"]))
    in_japanese = deck_texts(japanese, cards, text_random(case["id"]))
    assert len(in_japanese) == len(in_english) == len(cards) > 20
    for (speaker, _), text in zip(cards, in_japanese, strict=True):
        name = japanese.speaker_name(speaker)
        assert text.startswith(f"{name}「") and text.endswith("」"), text
        body = text[len(name) + 1:-1]
        assert grammar_problems(japanese, body, voice_of(japanese, speaker)) == [], text
    assert all(text.split("“")[0].rstrip(": ") == english.speaker_name(s) for (s, _), text in
               zip(cards, in_english, strict=True))
    assert deck_texts(japanese, cards, text_random(case["id"])) == in_japanese  # the same case, the same bytes
    assert deck_texts(japanese, cards, random.Random(0)) != in_japanese


def test_a_case_keeps_each_language_written_by_hand_and_renders_the_other() -> None:
    english = load_model(BUNDLED_MANSION)
    claim = [{"type": "in_room", "suspect": "greg", "room": "library"}]
    cards = [("butler", claim, "Hobbs the butler: “Mr Gaffney was in the Library, sir, as I said.”"),
             ("butler", claim, None), ("police", claim, "クロウザー警部「ギャフニーは書庫にいた。」")]
    in_english = case_texts(english, "c", cards, "en")
    in_japanese = case_texts(english, "c", cards, "ja")
    assert in_english[0] == cards[0][2] and in_japanese[2] == cards[2][2]
    assert in_english[2].startswith("Inspector Crowther: “") and "Library" in in_english[2]
    assert in_japanese[0].startswith("執事のホッブズ「") and "グレッグ・ギャフニー様" in in_japanese[0]
    assert in_japanese[1].startswith("執事のホッブズ「") and in_japanese[1] != in_japanese[0]
    assert in_english[1].startswith("Hobbs the butler: “")


def test_retext_renders_a_japanese_case_again_in_japanese() -> None:
    english = load_model(BUNDLED_MANSION)
    case = ("cards:\n  - number: 1\n    speaker: maid\n    claims:\n"
            "      - {type: in_room, suspect: stanley, room: library}\n    text: \"メイドのアイヴィ「古い文。」\"\n")
    new, kept = retext(english, case, "c")
    assert kept == []
    text = yaml.safe_load(new)["cards"][0]["text"]
    assert text.startswith("メイドのアイヴィ「") and "スタンリー・スミス様" in text and "書庫" in text, text
    english_case = case.replace("メイドのアイヴィ「古い文。」", "Ivy the maid: “Old words.”")
    assert yaml.safe_load(retext(english, english_case, "c")[0])["cards"][0]["text"].startswith("Ivy the maid: “")


def test_every_card_of_the_japanese_starter_case_reads_by_the_rules() -> None:
    """``gaslight init --lang ja``'s case, drafted in its own mansion (a victim called 大佐, not named)."""
    from gaslight.resources import STARTER_DIR

    starter = load_model(STARTER_DIR / "ja" / "walton" / "mansion.yaml")
    assert isinstance(starter, Mansion)
    starter = dataclasses.replace(starter, victim=dataclasses.replace(starter.victim, name=starter.victim.called))
    cards = yaml.safe_load((STARTER_DIR / "ja" / "walton" / "cases" / "first-case.yaml").read_text(encoding="utf-8"))
    wrong = []
    for card in cards["cards"]:
        speaker = starter.source(card["speaker"]) or starter.suspect(card["speaker"])
        said = card["text"].removeprefix(speaker.name)
        assert said.startswith("「") and said.endswith("」"), card["text"]
        wrong += [(card["number"], problem)
                  for problem in grammar_problems(starter, said[1:-1], voice_of(starter, card["speaker"]))]
    assert len(cards["cards"]) == 30 and wrong == []
