"""Every bundled Walton case: 70 cards, exactly one answer equal to its key, and the design guarantees."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from gaslight.domain.walton.case import DIFFICULTIES, NO_ACCOMPLICE_LEVELS, display_text
from gaslight.domain.walton.claims import CLAIM_TYPES
from gaslight.domain.walton.proof import DIFFICULTY_TOLERANCE, level_gap, wrong_values
from gaslight.project import load_project

from tests.walton_cases.helpers import CASE_DIR, CASE_FILES, MANSION_FILE, case, mansion, proof

IDS = [p.stem for p in CASE_FILES]


def test_one_case_per_difficulty_at_least() -> None:
    levels = sorted({case(p).difficulty for p in CASE_FILES}, key=DIFFICULTIES.index)
    assert levels == list(DIFFICULTIES)
    assert len(CASE_FILES) >= 7


def test_ids_match_file_names_and_titles_differ() -> None:
    assert [case(p).id for p in CASE_FILES] == IDS
    titles = [case(p).title for p in CASE_FILES]
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_seventy_cards_each_numbered_once(path: Path) -> None:
    numbers = case(path).numbers
    assert len(numbers) == 70
    assert sorted(numbers) == list(range(1, 71))


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_proven_unique_and_equal_to_the_key(path: Path) -> None:
    result = proof(path).result
    assert result.verdict == "unique"
    assert result.solutions == (case(path).answer,)


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_accomplice_exactly_from_level_c(path: Path) -> None:
    loaded = case(path)
    assert (loaded.answer.accomplice is None) == (loaded.difficulty in NO_ACCOMPLICE_LEVELS)


def _claims(path: Path, kind: str) -> list[tuple[str, dict[str, object]]]:
    return [(card.speaker, claim.values()) for card in case(path).cards for claim in card.claims if claim.type == kind]


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_murder_motive_has_two_testimonies_and_a_clue_from_truthful_speakers(path: Path) -> None:
    key = case(path).answer
    liars = {key.culprit, key.accomplice}
    wanted = {"suspect": key.culprit, "motive": key.motive}
    testimonies = [s for s, v in _claims(path, "motive_testimony") if v == wanted and s not in liars]
    clues = [s for s, v in _claims(path, "motive_clue") if v == wanted and s not in liars]
    assert len(testimonies) >= 2
    assert len(clues) >= 1


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_a_servant_names_the_accomplice(path: Path) -> None:
    key = case(path).answer
    servants = {s.id for s in mansion().sources if s.names_conspirators}
    named = {v["suspect"] for s, v in _claims(path, "conspiring") if s in servants}
    if key.accomplice is None:
        assert key.accomplice not in named
    else:
        assert key.accomplice in named


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_culprit_and_accomplice_never_reveal_each_others_motive(path: Path) -> None:
    key = case(path).answer
    for kind in ("motive_testimony", "motive_clue"):
        for speaker, values in _claims(path, kind):
            assert not (speaker == key.accomplice and values == {"suspect": key.culprit, "motive": key.motive})
            assert not (speaker == key.culprit and key.accomplice
                        and values == {"suspect": key.accomplice, "motive": key.accomplice_motive})


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_cards_are_complete(path: Path) -> None:
    house = mansion()
    for card in case(path).cards:
        assert 1 <= card.value <= 3
        assert card.references, f"card {card.number} has no references"
        assert all(card.type in CLAIM_TYPES[c.type].card_types for c in card.claims)
        assert card.text and display_text(card, house).startswith(house.speaker_name(card.speaker) + ": “")


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_proof_covers_every_wrong_value_and_difficulty_fits(path: Path) -> None:
    found = proof(path)
    loaded = case(path)
    expected = [(f, v) for f, v, _ in wrong_values(mansion(), loaded, loaded.answer)]
    assert [(e.field, e.value) for e in found.eliminations] == expected
    metrics = found.metrics
    assert metrics is not None
    assert level_gap(loaded.difficulty, metrics.measured_difficulty) <= DIFFICULTY_TOLERANCE
    assert metrics.measured_difficulty == loaded.difficulty  # the generator kept an attempt that measures exactly
    assert metrics.culprit_alone == ()
    assert not metrics.guarantees_name_culprit


@pytest.mark.parametrize("path", [p for p in CASE_FILES if case(p).difficulty in "CDES"], ids=lambda p: p.stem)
def test_from_level_c_up_no_shortcut_names_the_culprit_or_the_weapon(path: Path) -> None:
    metrics = proof(path).metrics
    assert metrics is not None
    assert metrics.culprit_alone == () and metrics.culprit_pairs == ()  # it takes three cards or more
    assert metrics.steps.weapon_cards >= 2  # the weapon is never a single lookup
    assert metrics.steps.culprit_cards >= 3


@pytest.mark.parametrize("path", [p for p in CASE_FILES if case(p).difficulty in "CDES"], ids=lambda p: p.stem)
def test_from_level_c_up_the_steps_read_half_the_deck_and_the_whole_answer_takes_many_cards(path: Path) -> None:
    metrics = proof(path).metrics
    assert metrics is not None
    assert 2 * metrics.steps.cards_used >= metrics.deck_size
    assert len(metrics.whole_proof) >= 15
    assert metrics.falls_short() == ()


def test_no_way_of_finding_the_culprit_repeats_in_more_than_two_cases() -> None:
    patterns = Counter(proof(p).metrics.steps.culprit_pattern for p in CASE_FILES)  # type: ignore[union-attr]
    assert max(patterns.values()) <= 2, patterns.most_common(3)


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_first_line_is_the_schema_modeline(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../../schemas/case.schema.json"


def test_gaslight_check_reports_nothing() -> None:
    _, report = load_project([MANSION_FILE, CASE_DIR])
    assert report.format_text() == "0 errors, 0 warnings"
