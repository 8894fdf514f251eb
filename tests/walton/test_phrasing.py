"""Card text reads right: every claim type said by every kind of speaker, about one person or a group."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest
import yaml
from gaslight.diagnostics import Location
from gaslight.domain.walton.case import Card, display_text
from gaslight.domain.walton.claims import CLAIM_TYPES, build_claim
from gaslight.domain.walton.mansion import Victim
from gaslight.domain.walton.phrasing import (
    FIRST_PERSON,
    FIRST_PERSON_GROUP,
    PHRASINGS,
    card_text,
    claim_sentence,
    claim_sentences,
    deck_texts,
    voice_of,
)
from gaslight.resources import STARTER_DIR
from walton_support import BUNDLED_MANSION, load_model

HERE = Location("c.yaml")


def speakers(house) -> dict[str, str]:
    """One speaker of each kind."""
    found = {voice_of(house, s.id): s.id for s in reversed(house.sources)}
    found["housekeeper"] = next(s.id for s in house.sources if s.role == "housekeeper")
    found["suspect"] = "stanley"
    return found


def claims_about(house, subject: str) -> list[dict]:
    other = "greg" if subject != "greg" else "stanley"
    suspect = house.suspect(subject)
    return [
        {"type": "motive_testimony", "suspect": subject, "motive": suspect.motive_ids[0]},
        {"type": "motive_clue", "suspect": subject, "motive": suspect.motive_ids[1]},
        {"type": "motive_eliminated", "suspect": subject, "motive": suspect.motive_ids[2]},
        {"type": "in_room", "suspect": subject, "room": "library"},
        {"type": "not_in_room", "suspect": subject, "room": "vestibule"},
        {"type": "seen_in_room", "suspect": subject, "room": "billiard-room"},
        {"type": "together", "suspects": [subject, other]},
        {"type": "trace_found", "trace": "soot"},
        {"type": "trace_absent", "trace": "ink"},
        {"type": "weapon_not_used", "weapon": "fire-iron"},
        {"type": "may_have_passed", "suspects": [subject], "room": "kitchen"},
        {"type": "may_have_passed", "suspects": [subject, other], "room": "garage"},
        {"type": "room_undisturbed", "room": "shed"},
        {"type": "not_culprit", "suspect": subject},
        {"type": "conspiring", "suspect": subject},
        {"type": "not_accomplice", "suspect": subject},
        {"type": "acted_alone"},
    ]


def grammar_problems(house, text: str, claim: dict, speaker: str = "") -> list[str]:
    problems = []
    if "{" in text or "}" in text:
        problems.append("a placeholder is left")
    body = text.split("“", 1)[-1]
    if not body[:1].isupper() or not text.rstrip("”").endswith((".", "!", "?")):
        problems.append("not a sentence")
    if re.search(r"[.?!] +[a-z]", body):
        problems.append("a sentence starts in lower case")
    if claim.get("type", "").startswith("trace_") and re.search(r"\b(was|were|is|are) none\b|\bshows it\b", body):
        problems.append("a word that agrees with the trace's number")  # "ink stains … there was none"
    if speaker and house.suspect(speaker) and house.suspect(speaker).persons and re.search(r"\b(I|me|my)\b", body):
        problems.append("a group says 'I'")
    for group in (s for s in house.suspects if s.persons):
        name = group.name.split(" ", 1)[1]  # "Berwick sisters": with or without "The"
        for wrong in (f"{name} was", f"{name} has ", f"{name} is ", f"{name}'s"):
            if wrong in text:
                problems.append(f"'{wrong}'")
    names = " ".join([s.name for s in house.suspects] + [r.name for r in house.rooms] + [t.name for t in house.traces]
                     + [w.name for w in house.weapons] + [m.name for s in house.suspects for m in s.motives]).lower()
    for key, value in claim.items():
        for ident in value if isinstance(value, list) else [value]:
            if key != "type" and ident.lower() not in names and re.search(rf"\b{re.escape(ident)}\b", text):
                problems.append(f"raw id '{ident}'")
    return problems


@pytest.mark.parametrize("subject", ["greg", "sisters"])
@pytest.mark.parametrize("voice", ["coroner", "police", "servant", "housekeeper", "suspect", "group", "subject"])
def test_every_claim_reads_right_from_every_kind_of_speaker(voice, subject, house):
    others = "stanley" if subject == "sisters" else "sisters"  # "group": the sisters speak of someone else
    speaker = {"subject": subject, "group": others}.get(voice) or speakers(house)[voice]
    for claim in claims_about(house, subject):
        for _, text in claim_sentences(house, claim, speaker):  # every phrasing
            assert grammar_problems(house, text, claim, speaker) == [], (voice, claim, text)


@pytest.mark.parametrize(("victim", "words", "wrong"), [
    (Victim("Lady Ashcombe", "she"), ("Lady Ashcombe", "her"), r"\b(the master|old man|him|his|he)\b"),
    (Victim("the old colonel", "they"), ("the old colonel", "them", "their"), r"\b(the master|him|his|he|her)\b"),
])
def test_cards_speak_of_the_victim_as_the_mansion_says(victim, words, wrong, house):
    """A designer's mansion names its own victim: no phrasing keeps 'the master' or 'him' for the dead."""
    theirs = dataclasses.replace(house, victim=victim)
    said = []
    for voice in ("coroner", "police", "servant", "housekeeper", "suspect", "subject"):
        speaker = {"subject": "greg"}.get(voice) or speakers(theirs)[voice]
        for claim in claims_about(theirs, "greg"):
            for _, text in claim_sentences(theirs, claim, speaker):
                assert grammar_problems(theirs, text, claim, speaker) == [], text
                bare = re.sub("|".join(m.name for m in theirs.suspect("greg").motives), "", text, flags=re.I)
                assert not re.search(wrong, bare), text  # his motive "His sister's honour" may say "his"
                said.append(text)
    for word in words:
        assert any(re.search(rf"\b{word}\b", text) for text in said), word
    assert "Among Lady Ashcombe's papers" in " ".join(said) or victim.pronoun == "they"


def test_the_designers_own_claims_read_right_for_groups(house):
    for claim in claims_about(house, "sisters"):
        built = build_claim(claim, HERE)
        card = Card(1, built.card_types[0], 1, (), "police", (built,), None, HERE, HERE)
        text = display_text(card, house)
        assert grammar_problems(house, text, claim) == [], text


def test_each_role_speaks_of_what_it_would_know(house):
    coroner = speakers(house)["coroner"]
    police = speakers(house)["police"]
    found = claim_sentence(house, {"type": "trace_found", "trace": "soot"}, random.Random(0), police)
    assert "coroner" in found  # the police report the coroner's finding, not what they saw on the body
    assert "body" in claim_sentence(house, {"type": "trace_found", "trace": "soot"}, random.Random(1), coroner)
    told = claim_sentence(house, {"type": "motive_eliminated", "suspect": "greg", "motive": "debts"},
                          random.Random(0), "stanley")
    assert "inspector" in told or "police" in told  # a suspect relays the police's finding
    assert all(PHRASINGS[kind] for kind in CLAIM_TYPES)
    assert set(FIRST_PERSON) <= set(CLAIM_TYPES)


def test_a_group_speaks_as_we_and_a_name_opening_a_sentence_is_capitalised(house):
    heard = {claim_sentence(house, {"type": "may_have_passed", "suspects": ["greg"], "room": "kitchen"},
                            random.Random(seed), "sisters") for seed in range(6)}
    assert "We heard steps in the Kitchen that night; it could have been Greg Gaffney." in heard
    servant = speakers(house)["servant"]
    said = {claim_sentence(house, {"type": "not_in_room", "suspect": "sisters", "room": "vestibule"},
                           random.Random(seed), servant) for seed in range(6)}
    assert "Not the Vestibule, sir. The Berwick sisters were not there at the start; I would have seen." in said


def test_a_group_has_a_plural_possessive(house):
    text = claim_sentence(house, {"type": "motive_clue", "suspect": "sisters", "motive": "orchard"},
                          random.Random(1), "police")
    assert "sisters' grievance" in text or "sisters had cause" in text


def test_every_claim_type_has_three_phrasings_for_every_voice():
    thin = [(kind, voice) for kind, table in PHRASINGS.items() for voice, said in table.items() if len(said) < 3]
    thin += [(kind, "self") for table in (FIRST_PERSON, FIRST_PERSON_GROUP) for kind, said in table.items()
             if len(said) < 3]
    assert thin == []
    assert set(FIRST_PERSON_GROUP) == set(FIRST_PERSON)


def test_a_deck_spreads_its_phrasings_evenly(house):
    servant = next(s.id for s in house.sources if voice_of(house, s.id) == "servant")
    claims = [{"type": "motive_testimony", "suspect": s.id, "motive": m.id} for s in house.suspects
              for m in s.motives if m.kind == "grievance"][:12]
    shapes = len(claim_sentences(house, claims[0], servant))
    texts = deck_texts(house, [(servant, (claim,)) for claim in claims], random.Random(5))
    used = Counter(next(template for template, sentence in claim_sentences(house, claim, servant)
                        if text.endswith(f"“{sentence}”")) for claim, text in zip(claims, texts, strict=True))
    assert shapes == 6 and sorted(used.values()) == [2] * shapes  # twelve cards: each phrasing twice


def test_a_fact_told_again_reads_differently_while_phrasings_last(house):
    claim = {"type": "room_undisturbed", "room": "shed"}
    servants = [s.id for s in house.sources if voice_of(house, s.id) == "servant"]
    texts = deck_texts(house, [(who, (claim,)) for who in servants[:3]], random.Random(2))
    bodies = [text.split("“", 1)[1] for text in texts]
    assert len(set(bodies)) == 3
    fourth = deck_texts(house, [(who, (claim,)) for who in [*servants[:3], servants[0]]], random.Random(2))
    assert fourth[:3] == texts and fourth[3].split("“", 1)[1] in bodies  # three phrasings: the fourth repeats one
    assert card_text(house, servants[0], (claim,), random.Random(2)) == texts[0]


STARTER_PROJECT = STARTER_DIR / "project" / "walton"
SHIPPED_CASES = [*sorted(BUNDLED_MANSION.parent.glob("cases/*.yaml")), STARTER_PROJECT / "cases" / "first-case.yaml"]


@pytest.mark.parametrize("path", SHIPPED_CASES, ids=lambda p: p.stem)
def test_every_shipped_card_reads_right(path, house):
    in_house = path.is_relative_to(BUNDLED_MANSION.parent)
    mansion = house if in_house else load_model(STARTER_DIR / "mansion.yaml")
    cards = yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]
    wrong = [(card["number"], problem) for card in cards for claim in card["claims"]
             for problem in grammar_problems(mansion, card["text"], claim, card["speaker"])]
    assert wrong == []


def test_a_clue_found_at_the_scene_names_the_mansions_own_scene(mansion_loader):
    text = BUNDLED_MANSION.read_text(encoding="utf-8").replace("name: {en: Study,", "name: {en: Morning Room,")
    renamed, report = mansion_loader(text)
    assert renamed is not None and report.ok
    claim = {"type": "motive_clue", "suspect": "greg", "motive": "debts"}
    said = {claim_sentence(renamed, claim, random.Random(seed), "stanley") for seed in range(8)}
    assert "A letter found in the Morning Room bears it out: Greg Gaffney's debt, gambling debts." in said
