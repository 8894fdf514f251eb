"""The hint ladder a stuck table takes (issue 36): no hint names a part of the answer before the steps have found
it, every step resting on cards absent from the deck or on who may lie says so, and the last step states the whole
answer. Checked on every bundled case and on 20 generated ones (fixed seeds)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from gaslight.domain.walton.case import NO_ACCOMPLICE_LEVELS, Answer
from gaslight.domain.walton.generator import GenerateError, Plot, generate_case
from gaslight.domain.walton.hints import (
    EarlyNaming,
    early_naming,
    ladder,
    leanings,
    repeated_support,
    silent_guarantees,
)
from gaslight.domain.walton.proof import Proof
from gaslight.domain.walton.steps import Step

from tests.walton_cases.helpers import CASE_FILES, case, mansion, proof

IDS = [p.stem for p in CASE_FILES]
GENERATED_SEEDS = range(20)


@cache
def generated(seed: int) -> tuple[object, Proof]:
    """A generated case for ``seed``: a seeded level and plot, the first attempt that makes a unique deck."""
    house = mansion()
    rng = random.Random(seed)
    level = rng.choice("IABCDES")
    culprit = rng.choice(house.suspects)
    helper = None if level in NO_ACCOMPLICE_LEVELS else rng.choice([s for s in house.suspects if s != culprit])
    answer = Answer(culprit.id, rng.choice(culprit.motive_ids), rng.choice(house.weapons).id,
                    helper.id if helper else None, rng.choice(helper.motive_ids) if helper else None)
    for attempt in range(6):
        try:
            made = generate_case(house, Plot(f"hints-{seed}", "Hints", level, answer), seed=seed, attempts=[attempt])
        except GenerateError:
            continue
        return made.case, made.proof
    raise AssertionError(f"no unique deck for seed {seed}")


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_no_hint_of_a_bundled_case_names_a_part_of_the_answer_early(path) -> None:
    assert early_naming(mansion(), case(path), proof(path)) == []


@pytest.mark.parametrize("seed", GENERATED_SEEDS)
def test_no_hint_of_a_generated_case_names_a_part_of_the_answer_early(seed) -> None:
    made, found = generated(seed)
    assert early_naming(mansion(), made, found) == []


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_every_guarantee_a_table_cannot_see_is_named(path) -> None:
    assert silent_guarantees(mansion(), case(path), proof(path)) == []


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_the_verdict_is_the_answer_key_and_the_last_step_states_it_whole(path) -> None:
    loaded, found = case(path), proof(path)
    assert found.result.verdict == "unique" and tuple(found.result.solutions) == (loaded.answer,)
    last = found.steps[-1]
    assert last.because.endswith(f": {loaded.answer.describe(mansion())}.")
    told = {s.fact for s in found.steps}
    assert (("culprit", loaded.answer.culprit), True) in told
    assert (("weapon", loaded.answer.weapon), True) in told
    assert (("motive", loaded.answer.culprit, loaded.answer.motive), True) in told
    if loaded.answer.accomplice:
        assert (("accomplice_motive", loaded.answer.accomplice, loaded.answer.accomplice_motive), True) in told


def test_a_motive_step_comes_after_the_step_that_finds_its_owner() -> None:
    for path in CASE_FILES:
        steps = proof(path).steps
        found_at = {s.fact: s.number for s in steps}
        for step in steps:
            (key, _) = step.fact
            if key[0] in ("motive", "accomplice_motive"):
                role = "culprit" if key[0] == "motive" else "accomplice"
                assert found_at[((role, key[1]), True)] < step.number, (path.stem, step.sentence)


def test_the_first_hint_of_a_step_says_where_to_look_and_gives_nothing_away() -> None:
    path = next(p for p in CASE_FILES if p.stem == "oil-and-chalk")
    hints = ladder(mansion(), case(path), proof(path))
    first = hints[0]
    assert not first.rungs[0].conclusion and first.rungs[0].text == "Look at card 24."
    assert first.rungs[1].conclusion and first.rungs[1].lead == "Mortimer W. Mollow is not the culprit."
    names = [s.name for s in mansion().suspects]
    assert all(not any(n in h.rungs[0].text for n in names) for h in hints)  # looking never names anyone


def test_early_naming_catches_a_motive_told_before_the_culprit() -> None:
    path = next(p for p in CASE_FILES if p.stem == "the-chalked-cue")
    found = proof(path)
    motive = next(s for s in found.steps if s.fact[0][0] == "motive" and not s.fact[1])
    moved = (Step(1, motive.fact, motive.sentence, motive.cards, (), motive.split, motive.because, motive.also),)
    early = early_naming(mansion(), case(path), Proof(found.result, found.eliminations, found.metrics, moved))
    assert EarlyNaming(1, 1, "culprit", "Stanley Smithe") in early


def test_a_step_resting_on_an_absent_conspirator_says_so_and_what_the_deck_holds() -> None:
    path = next(p for p in CASE_FILES if p.stem == "the-gardeners-ledger")
    found = proof(path)
    rests = leanings(mansion(), case(path), found)
    resting = [n for n, leaning in rests.items() if ("conspirator", "stanley", "") in leaning.absent]
    assert resting
    texts = {n: r.text for h in ladder(mansion(), case(path), found) for n, r in zip(h.steps, h.rungs[1:], strict=True)}
    culprit_found = next(s.number for s in found.steps if s.fact == (("culprit", "stanley"), True))
    for number in resting:
        if number > culprit_found:
            assert ("no servant in this case names Stanley Smithe as a conspirator, so Stanley Smithe cannot be the "
                    "accomplice") in texts[number]
        assert "(the deck has 70 cards and none tells otherwise)." in texts[number]


def test_silent_guarantees_catches_a_step_that_does_not_name_its_gap(monkeypatch) -> None:
    from gaslight.domain.walton import hints

    path = next(p for p in CASE_FILES if p.stem == "the-bolted-door")
    monkeypatch.setattr(hints, "_guarantees_told", lambda *args: {})  # a ladder that forgets what the deck lacks
    silent = silent_guarantees(mansion(), case(path), proof(path))
    assert {s.kind for s in silent} == {"absent"} and len(silent) >= 3


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_no_hint_sends_the_table_to_the_same_cards_again_without_saying_so(path) -> None:
    assert repeated_support(mansion(), case(path), proof(path)) == []


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Look again at card 24, as for step 1: what else does it give?"),
    ("ja", "カード24をもう一度見る（ステップ1と同じ）。ほかに何が分かるか。")], ids=["en", "ja"])
def test_a_card_read_again_for_a_later_step_is_a_second_reading(language: str, expected: str) -> None:
    # oil-and-chalk: card 24 clears Mortimer as the culprit (step 1) and, once he is found to be the accomplice,
    # rules out one of his reasons (step 26): the second hint says it is the same card read again
    path = next(p for p in CASE_FILES if p.stem == "oil-and-chalk")
    hint = next(h for h in ladder(mansion(), case(path), proof(path), language) if h.step == 26)
    assert hint.rungs[0].text == expected


def test_the_hint_and_step_examples_hold() -> None:
    import doctest

    from gaslight.domain.walton import hints, steps

    for module in (hints, steps):
        failed, tried = doctest.testmod(module)
        assert (failed, tried > 0) == (0, True), module.__name__


@pytest.mark.parametrize("path", CASE_FILES, ids=IDS)
def test_steps_sharing_their_cards_and_reasons_say_the_reasons_once(path) -> None:
    """Steps in a row on the same cards for the same reasons (three suspects cleared as accomplice by one liar's
    card) tell the reasons at the first and point back to it after."""
    repeated = []
    for hint in ladder(mansion(), case(path), proof(path)):
        reasons = [rung.text[len(rung.lead):] for rung in hint.rungs if rung.conclusion]
        told = [reason for reason in reasons if not reason.startswith(f" For the same reasons as step {hint.step}.")]
        repeated += [(hint.step, reason) for index, reason in enumerate(told) if reason in told[:index]]
    assert repeated == []
