"""The solver answers many small questions from worlds it found before (``CaseProgram.witness``) and finds the
cards every world of a kind contradicts in one enumeration (``always_broken``); both are checked here against
the brute force, on random cases of the tiny house asked in random order so that kept worlds are reused."""

from __future__ import annotations

import random

import pytest
import walton_bruteforce as brute
from gaslight.domain.walton.solver import CaseProgram
from gaslight.domain.walton.worlds import WorldPool
from walton_mutate import random_case, random_unique_cases
from walton_support import BUNDLED_CASES, load_model


@pytest.mark.parametrize("seed", range(3))
def test_kept_worlds_answer_as_the_brute_force_does(seed, tiny):
    rng = random.Random(500 + seed)
    for _ in range(4):
        case = random_case(tiny, rng, rng.randint(6, 12))
        program = CaseProgram(tiny, case)
        for _ in range(25):
            cards = rng.sample(case.numbers, rng.randint(0, 4))
            culprit = rng.choice(tiny.suspects).id
            world = program.witness(cards, [program.atom("culprit", culprit)])
            expected = brute.satisfiable(tiny, case, cards, where={"culprit": culprit})
            assert (world is not None) == expected, (case.id, cards, culprit)
            if world is not None:
                assert not set(program.broken(world)) & set(cards)
        assert program.solves < 100  # the kept worlds answered some of the hundred questions


@pytest.mark.parametrize("seed", range(3))
def test_always_broken_cards_rule_the_value_out_on_their_own(seed, tiny):
    rng = random.Random(700 + seed)
    for _ in range(3):
        case = random_case(tiny, rng, rng.randint(6, 10))
        program = CaseProgram(tiny, case)
        for suspect in tiny.suspects:
            literal = program.atom("culprit", suspect.id)
            if not brute.satisfiable(tiny, case, [], where={"culprit": suspect.id}):
                continue
            found = program.always_broken([], [literal])
            expected = {n for n in case.numbers
                        if not brute.satisfiable(tiny, case, [n], where={"culprit": suspect.id})}
            assert found == expected, (case.id, suspect.id)


@pytest.mark.parametrize("seed", range(4))
def test_world_pool_finds_what_a_pass_over_the_latest_worlds_finds(seed):
    """The pool's bit index against a plain list: the same worlds, latest first, after many more keeps than it
    holds (so old worlds leave the window and the index is trimmed)."""
    rng = random.Random(900 + seed)
    size = rng.choice([1, 3, 8])
    pool, kept = WorldPool(size), []
    for _ in range(60 * size):
        world = (rng.getrandbits(6), rng.getrandbits(6))
        pool.keep(world)
        kept.append(world)
        cards, must = rng.getrandbits(6) & rng.getrandbits(6), rng.getrandbits(6) & rng.getrandbits(6)
        avoid = rng.getrandbits(6) & rng.getrandbits(6) & ~must
        latest = kept[-size:][::-1]
        expected = [w for w in latest if not w[0] & cards and w[1] & must == must and not w[1] & avoid]
        assert list(pool.fitting(cards, must, avoid)) == expected
        since = rng.randint(0, len(kept))
        assert pool.since(since) == kept[since:][-size:]
        assert pool.count == len(kept)


@pytest.mark.parametrize("seed", range(3))
def test_another_answer_is_a_second_answer_among_the_worlds_of_the_cards(seed, tiny):
    """Kept worlds answer "is there another answer?" when they can; the count of answers decides otherwise."""
    rng = random.Random(1100 + seed)
    for case in random_unique_cases(tiny, rng, 3, (6, 12)):
        program = CaseProgram(tiny, case)
        answer = program.worlds()[0].answer
        for _ in range(20):
            cards = rng.sample(case.numbers, rng.randint(0, len(case.numbers)))
            program.witness(rng.sample(case.numbers, 2), [])  # keep some worlds to answer from
            assert program.another_answer(cards, answer) == (CaseProgram(tiny, case).count(cards) > 1), cards


@pytest.mark.parametrize("seed", range(3))
def test_the_unsatisfiable_part_still_rules_the_value_out(seed, tiny):
    """After a question with no world, ``unsat_part`` keeps the cards clingo's conflict rests on: the brute force
    finds no world for them either."""
    rng = random.Random(1300 + seed)
    asked = 0
    for case in random_unique_cases(tiny, rng, 3, (8, 12)):
        program = CaseProgram(tiny, case)
        values = [("culprit", "culprit", s.id) for s in tiny.suspects] + [
            ("weapon", "weapon_used", w.id) for w in tiny.weapons]
        for field, atom, value in values:
            literal = program.atom(atom, value)
            cards = rng.sample(case.numbers, rng.randint(4, len(case.numbers)))
            if program.witness(cards, [literal]) is not None or program.witness([], [literal]) is None:
                continue  # only questions whose cards matter
            part, literals = program.unsat_part(cards, [literal])
            assert set(part) <= set(cards) and literals in ([], [literal])
            assert not brute.satisfiable(tiny, case, part, where={field: value})
            asked += 1
    assert asked > 3


def test_the_unsatisfiable_part_of_a_bundled_case_is_far_smaller_than_its_deck(house):
    """In a 70-card case, the cards that rule a wrong culprit out are a few: the core cuts the deck down (a fresh
    program confirms no world fits them)."""
    case = load_model(next(p for p in BUNDLED_CASES if p.stem == "oil-and-chalk"))
    program = CaseProgram(house, case)
    sizes = []
    for suspect in house.suspects:
        literal = program.atom("culprit", suspect.id)
        if suspect.id == case.answer.culprit or program.witness([], [literal]) is None:
            continue
        assert program.witness(case.numbers, [literal]) is None
        part, literals = program.unsat_part(case.numbers, [literal])
        assert literals == [literal] and CaseProgram(house, case).witness(part, literals) is None
        sizes.append(len(part))
    assert sizes and max(sizes) < len(case.numbers) // 2, sizes
