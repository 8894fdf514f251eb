"""An attempt whose search already gives the answer with too few cards for the whole-answer aim is set aside before
it is padded, worded and proven (the generator's commonest miss at the levels held to the content aims); set aside,
it is still the case it would have been, finished when no other attempt does better."""

from __future__ import annotations

import random

import pytest
from gaslight.domain.walton import generator
from gaslight.domain.walton.case import Answer
from gaslight.domain.walton.generator import Plot, ShortAttempt, attempt, generate_case
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import prove, whole_proof_aim

PLOT = Plot("bench-s", "Bench", "S", Answer("greg", "debts", "fire-iron", "angelica", "will"))
SHORT = 101  # seed 1 (as benchmarks/bench_walton_generate.py plots level S): its search gives the answer with 13 cards


def tried(house: Mansion, number: int) -> object:
    rng = random.Random(f"{PLOT.case_id}:1:{number}")
    return attempt(house, PLOT, rng, 70, generator.profile_for(PLOT.difficulty, number), set_short_aside=True)


def test_an_attempt_short_of_the_aim_after_its_search_is_set_aside(house: Mansion) -> None:
    made = tried(house, SHORT)
    assert isinstance(made, ShortAttempt)
    assert (made.cards, made.aim) == (13, whole_proof_aim(21)) == (13, 15)
    # asked for a deck alone (as the tests of the texts do), the same attempt gives its deck
    rng = random.Random(f"{PLOT.case_id}:1:{SHORT}")
    deck = attempt(house, PLOT, rng, 70, generator.profile_for(PLOT.difficulty, SHORT))
    assert deck is not None and not isinstance(deck, ShortAttempt) and len(deck[0]) == 70


def test_set_aside_it_pads_to_the_deck_it_would_have_made(house: Mansion, monkeypatch: pytest.MonkeyPatch) -> None:
    short = tried(house, SHORT)
    assert isinstance(short, ShortAttempt)
    later = short.padded()
    monkeypatch.setattr(generator, "SHORT_BY", 100)  # nothing is set aside: the attempt runs to its end
    whole = tried(house, SHORT)
    assert not isinstance(whole, ShortAttempt) and whole is not None and later is not None
    assert [d.key for d in later[0]] == [d.key for d in whole[0]]
    # and its deck's proof does miss the aim
    finished = generator._finish_and_prove(house, PLOT, whole, random.Random(0), [], "")
    assert finished is not None
    assert finished[2].stopped == "the whole answer follows from 13 cards (aim: 15 or more)"


def test_when_no_attempt_does_better_one_set_aside_is_finished(house: Mansion,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[str] = []
    made = generate_case(house, PLOT, seed=1, attempts=(SHORT, 103), tell=told.append)
    assert told[:2] == [
        "attempt 101: its structure and eliminations give the answer with 13 cards (the whole answer's aim: 15 or "
        "more): set aside",
        "attempt 103: its structure and eliminations give the answer with 9 cards (the whole answer's aim: 15 or "
        "more): set aside"]
    monkeypatch.setattr(generator, "SHORT_BY", 100)
    assert generate_case(house, PLOT, seed=1, attempts=(SHORT, 103)).text == made.text
    assert made.attempt == SHORT and prove(house, made.case).result.verdict == "unique"
