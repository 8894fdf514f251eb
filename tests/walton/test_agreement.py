"""The clingo solver and the plain-Python brute force agree on every case and on over a thousand mutants.

Random cases in a tiny house (8 seeds × 20 cases × 6 generations = 960) exercise every claim type and
verdict; mutants of the Walton House cases (2 × 50, one to three mutations each) exercise the real mansion.
"""

from __future__ import annotations

import random

import pytest
import walton_bruteforce as brute
from gaslight.domain.walton.case import Case
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import prove
from gaslight.domain.walton.solver import CaseProgram, solve
from walton_mutate import mutate, random_case
from walton_support import BUNDLED_CASES, CASES, STARTER_CASE, load_model

OWN_CASES = sorted(p for p in CASES.glob("*.yaml") if p.name != "tiny-house.yaml")


def solver_answers(mansion: Mansion, case: Case) -> set:
    return {w.answer for w in CaseProgram(mansion, case).worlds()}


def brute_answers(mansion: Mansion, case: Case) -> set:
    return {f.answer for f in brute.brute_answers(mansion, case)}


@pytest.mark.parametrize("path", [STARTER_CASE, *OWN_CASES, *BUNDLED_CASES], ids=lambda p: p.stem)
def test_solver_and_brute_force_agree_on_case(path, house):
    case = load_model(path)
    mansion = house
    solver = solver_answers(mansion, case)
    assert solver == brute_answers(mansion, case)
    verdict, _ = brute.brute_verdict(mansion, case)
    assert solve(mansion, case).verdict == verdict


@pytest.mark.parametrize("seed", range(8))
def test_agree_on_random_cases_and_their_mutants_in_a_tiny_house(seed, tiny):
    rng = random.Random(seed)
    verdicts = set()
    for _ in range(20):
        case = random_case(tiny, rng, rng.randint(4, 14))
        for _ in range(6):
            expected = brute_answers(tiny, case)
            assert solver_answers(tiny, case) == expected, case
            verdicts.add(len(expected) if len(expected) < 2 else 2)
            case = mutate(case, tiny, rng)
    assert {0, 2} <= verdicts  # contradictory and ambiguous cases occur (unique ones too, in most seeds)


@pytest.mark.parametrize("name", ["starter", "helper-c"])
def test_agree_on_mutants_of_walton_house_cases(name: str, house, cases) -> None:
    rng = random.Random(name)
    base = cases(name)
    seen = set()
    for _ in range(50):
        case = base
        for _ in range(rng.randint(1, 3)):
            case = mutate(case, house, rng)
        expected = brute_answers(house, case)
        assert solver_answers(house, case) == expected
        seen.add(min(len(expected), 2))
    assert seen == {0, 1, 2}


def check_explanation(mansion: Mansion, case: Case) -> str:
    """Check what the solver shows with the brute force: conflicts, supporting worlds, proofs. Returns the verdict."""
    proof = prove(mansion, case)
    result = proof.result
    if result.verdict == "contradictory":
        assert not brute.satisfiable(mansion, case, result.conflict)
        for n in result.conflict:
            assert brute.satisfiable(mansion, case, [m for m in result.conflict if m != n])
    elif result.verdict == "ambiguous":
        supported = {f.answer for f in brute.brute_answers(mansion, case)}
        assert {w.answer for w in result.worlds} <= supported
        assert result.worlds[0].answer != result.worlds[1].answer
    else:
        answer = result.solutions[0]
        for e in proof.eliminations:
            fixed = {"motive": {"culprit": answer.culprit, "motive": e.value},
                     "accomplice_motive": {"accomplice": answer.field("accomplice"), "accomplice_motive": e.value},
                     }.get(e.field, {e.field: e.value})
            assert not brute.satisfiable(mansion, case, e.cards, where=fixed)
            for n in e.cards:
                assert brute.satisfiable(mansion, case, [m for m in e.cards if m != n], where=fixed)
    return result.verdict


@pytest.mark.parametrize("seed", range(100, 104))
def test_conflicts_worlds_and_proofs_hold_up_under_the_brute_force(seed, tiny):
    rng = random.Random(seed)
    verdicts = set()
    for _ in range(40):
        case = random_case(tiny, rng, rng.randint(6, 16))
        verdicts.add(check_explanation(tiny, case))
        verdicts.add(check_explanation(tiny, mutate(case, tiny, rng)))
    assert verdicts == {"contradictory", "ambiguous", "unique"}
