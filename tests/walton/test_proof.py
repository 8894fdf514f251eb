"""Proofs: every elimination is right and minimal (by the brute force); metrics mean what they say."""

from __future__ import annotations

import pytest
import walton_bruteforce as brute
from gaslight.domain.walton.proof import difficulty_score, measured_level, prove


def where(answer, field: str, value: str) -> dict[str, str]:
    """The answer fields an elimination fixes (a motive is always some suspect's motive)."""
    if field == "motive":
        return {"culprit": answer.culprit, "motive": value}
    if field == "accomplice_motive":
        return {"accomplice": answer.field("accomplice"), "accomplice_motive": value}
    return {field: value}


@pytest.mark.parametrize("name", ["starter", "helper-c"])
def test_every_elimination_is_sound_and_minimal(name, house, cases):
    case = cases(name)
    proof = prove(house, case)
    answer = proof.result.solutions[0]
    assert proof.eliminations
    for e in proof.eliminations:
        fixed = where(answer, e.field, e.value)
        assert not brute.satisfiable(house, case, e.cards, where=fixed), e.line
        for n in e.cards:
            assert brute.satisfiable(house, case, [m for m in e.cards if m != n], where=fixed), (e.line, n)


@pytest.mark.parametrize("name", ["starter", "helper-c"])
def test_eliminations_cover_every_wrong_value(name, house, cases):
    case = cases(name)
    proof = prove(house, case)
    listed = {(e.field, e.value) for e in proof.eliminations}
    answer = case.answer
    expected = {("culprit", s.id) for s in house.suspects if s.id != answer.culprit}
    expected |= {("motive", m) for m in house.suspect(answer.culprit).motive_ids if m != answer.motive}
    expected |= {("weapon", w.id) for w in house.weapons if w.id != answer.weapon}
    if answer.accomplice:
        expected |= {("accomplice", "none")}
        expected |= {("accomplice", s.id) for s in house.suspects if s.id not in (answer.culprit, answer.accomplice)}
        expected |= {("accomplice_motive", m) for m in house.suspect(answer.accomplice).motive_ids
                     if m != answer.accomplice_motive}
    assert listed == expected


def test_critical_cards_are_exactly_those_whose_loss_breaks_uniqueness(house, cases):
    case = cases("helper-c")
    metrics = prove(house, case).metrics
    critical = tuple(n for n in case.numbers
                     if len(brute.brute_answers(house, case, [m for m in case.numbers if m != n])) > 1)
    assert metrics.critical_cards == critical == (12, 13, 14, 17, 20)


def test_red_herrings_and_largest_set(house, cases):
    proof = prove(house, cases("helper-c"))
    used = {n for e in proof.eliminations for n in e.cards}
    m = proof.metrics
    assert set(m.red_herrings) == set(cases("helper-c").numbers) - used
    assert m.largest_set == max(len(e.cards) for e in proof.eliminations) == 3
    assert m.lie_eliminations == sum(e.needs_lies for e in proof.eliminations) == 3
    shape = m.steps
    assert (shape.largest_step, shape.split_steps, shape.world_steps) == (2, 3, 1)
    assert (m.score, m.measured_difficulty) == (2 + 3 / 4 + 1 / 2 + 1.5, "C")  # measured from the steps


def test_proof_lines_read_well(house, cases):
    lines = {(e.field, e.value): e.line for e in prove(house, cases("helper-c")).eliminations}
    assert lines[("culprit", "greg")] == ("Greg Gaffney is ruled out by card 20: Hobbs the butler: “Greg Gaffney never "
                                         "left the Vestibule while the crime was done.”")
    assert lines[("accomplice", "none")].startswith("Acting alone is ruled out by cards 17, 18, 20: Claudette Cazelar:")
    assert lines[("motive", "election")] == (
        "The motive “The lost election” is ruled out by the design guarantees alone: it lacks two testimonies and a "
        "circumstantial clue.")
    assert lines[("accomplice", "greg")] == (
        "As accomplice, Greg Gaffney is ruled out by the design guarantees alone: no servant names this suspect as a "
        "conspirator.")
    assert lines[("culprit", "stanley")] == (
        "Stanley Smithe is ruled out by the design guarantees alone: none of their motives has two testimonies and a "
        "circumstantial clue.")


def test_json_payload_follows_the_contract(house, cases):
    payload = prove(house, cases("helper-c")).to_json()
    assert list(payload) == ["verdict", "solutions", "eliminations", "steps", "metrics"]
    assert payload["solutions"] == [{"culprit": "mortimer", "motive": "secret", "weapon": "weed-killer",
                                     "accomplice": {"who": "claudette", "motive": "letters"}}]
    assert {"field": "culprit", "value": "greg", "cards": [20]}.items() <= payload["eliminations"][4].items()
    assert payload["metrics"]["critical_cards"] == [12, 13, 14, 17, 20]


@pytest.mark.parametrize(("largest", "split", "world", "helper", "level"),
                         [(1, 0, 0, False, "I"), (2, 0, 1, False, "A"), (2, 4, 1, False, "B"), (2, 1, 1, True, "C"),
                          (2, 2, 2, True, "D"), (2, 6, 2, True, "E"), (3, 8, 2, True, "S")])
def test_measured_difficulty_levels(largest, split, world, helper, level):
    assert measured_level(difficulty_score(largest, split, world, helper)) == level


def test_culprit_pairs_are_exactly_the_pairs_the_brute_force_finds(house, cases):
    import itertools

    case = cases("helper-c")
    metrics = prove(house, case).metrics
    culprit = case.answer.culprit
    naming = [(a, b) for a, b in itertools.combinations(case.numbers, 2)
              if not brute.satisfiable(house, case, [a, b], answers=lambda ans: ans.culprit != culprit)]
    assert metrics.culprit_pairs == tuple(naming) == ((18, 20),)


def test_a_case_from_level_c_up_is_told_where_it_falls_short(house, cases):
    metrics = prove(house, cases("helper-c")).metrics
    assert metrics.falls_short("C") == (
        "the whole answer follows from 6 cards (aim: 15 or more)",
        "the steps read 7 of 27 cards (aim: half or more)",
        "the weapon rests on 1 card (aim: 2 or more)",
        "the culprit is named by cards 18 and 20 (aim: it takes three cards or more)")
    assert metrics.falls_short("B") == ()  # below C the aims do not apply
