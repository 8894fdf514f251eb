"""The engine export: everything a player needs, and a hash to check an accusation, never the answer."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from gaslight.domain.walton.case import Answer, display_text
from gaslight.domain.walton.export import answer_hash, case_json

from tests.walton_cases.helpers import CASE_FILES, case, mansion

IDS = [p.stem for p in CASE_FILES]


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_hash_matches_the_answer_key(path: Path) -> None:
    loaded = case(path)
    key = loaded.answer
    line = f"{loaded.id}:{key.culprit}|{key.motive}|{key.weapon}|{key.accomplice or '-'}|{key.accomplice_motive or '-'}"
    data = case_json(mansion(), loaded)
    assert data["answer_check"] == {"salt": loaded.id, "sha256": hashlib.sha256(line.encode()).hexdigest()}


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_export_holds_no_plain_answer(path: Path) -> None:
    loaded = case(path)
    data = case_json(mansion(), loaded)
    assert sorted(data) == ["answer_check", "cards", "difficulty", "format", "id", "logic", "mansion", "title",
                            "who_may_lie"]
    assert all(sorted(card) == ["by", "claims", "number", "refs", "speaker", "text", "type", "value"]
               for card in data["cards"])
    # The claims are what the cards say (the bots reason over those a seat has seen); no key names an answer.
    assert not keys_of(data) & {"culprit", "accomplice", "answer", "weapon_used", "murder_motive"}
    assert data["who_may_lie"] == loaded.reading(mansion()).summary
    assert "|" not in json.dumps(data["answer_check"])


def keys_of(data: object) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys_of(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys_of(v)}
    return set()


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_cards_carry_their_shown_text_in_number_order(path: Path) -> None:
    loaded = case(path)
    data = case_json(mansion(), loaded)
    assert [c["number"] for c in data["cards"]] == sorted(loaded.numbers)
    first = loaded.card(data["cards"][0]["number"])
    assert data["cards"][0]["text"] == display_text(first, mansion())
    assert data["cards"][0]["refs"] == list(first.references)


def test_mansion_part_lists_suspects_rooms_and_weapons() -> None:
    data = case_json(mansion(), case(CASE_FILES[0]))["mansion"]
    assert [s["id"] for s in data["suspects"]] == ["angelica", "claudette", "sisters", "stanley", "greg", "mortimer"]
    assert all(len(s["motives"]) == 3 for s in data["suspects"])
    assert "bathroom" not in [r["id"] for r in data["rooms"]]  # cannot be entered
    assert data["weapons"][0] == {"id": "fire-iron", "name": "Fire iron",
                                  "traces": ["A blunt blow to the head", "Soot in the wound"]}


def test_a_wrong_accusation_hashes_differently() -> None:
    right = Answer("stanley", "patent", "billiard-cue")
    wrong = Answer("stanley", "patent", "fire-iron")
    assert answer_hash("the-chalked-cue", right) != answer_hash("the-chalked-cue", wrong)
    assert answer_hash("the-chalked-cue", right) != answer_hash("another-case", right)
