"""The browser's case reasoner (``site/engine/walton/deduce.js``) against the clingo solver.

Bots at the Walton table reason over the cards they have seen with ``deduce.js``. Over a set of cards it must
allow exactly the answers the solver allows for a case made of those cards alone: the whole deck of every
bundled case, random hands of every size, and the hands a test case's liar rules turn on.
"""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
from pathlib import Path

import pytest
from gaslight.domain.walton.case import Case
from gaslight.domain.walton.export import answer_line, case_json
from gaslight.domain.walton.solver import CaseProgram

from tests.walton_cases.helpers import CASE_FILES, case, mansion

RUNNER = Path(__file__).with_name("deduce_answers.mjs")
HAND_SIZES = (3, 6, 10, 15, 25, 40, 55)
EXTRA_SIZES = (0, 4, 8, 16, 30)  # hands holding every motive and scheme card (the guarantees' cards) and these more


def hands_of(whole: Case, seed: str) -> list[list[int]]:
    """The whole deck, random hands, and hands with the guarantees' cards plus random others (many answers)."""
    rng = random.Random(seed)
    numbers = [c.number for c in whole.cards]
    kept = [c.number for c in whole.cards if c.type in ("motive", "scheme")]
    rest = [n for n in numbers if n not in kept]
    return ([numbers] + [sorted(rng.sample(numbers, size)) for size in HAND_SIZES]
            + [sorted(kept + rng.sample(rest, min(size, len(rest)))) for size in EXTRA_SIZES])


def js_answers_many(items: list[dict]) -> list[list[list[str]]]:
    """For each ``{"case", "hands", "guarantees"}``: the answer lines ``deduce.js`` allows for each hand."""
    done = subprocess.run(["node", str(RUNNER)], input=json.dumps(items), capture_output=True, text=True,
                          check=True, timeout=300)
    return json.loads(done.stdout)


def js_answers(export: dict, hands: list[list[int]], guarantees: bool = True) -> list[list[str]]:
    return js_answers_many([{"case": export, "hands": hands, "guarantees": guarantees}])[0]


def solver_answers(whole: Case, hand: list[int]) -> list[str]:
    part = dataclasses.replace(whole, cards=tuple(c for c in whole.cards if c.number in set(hand)))
    return sorted(answer_line(w.answer) for w in CaseProgram(mansion(), part).worlds())


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_the_reasoner_allows_what_the_solver_allows(path: Path) -> None:
    whole = case(path)
    hands = hands_of(whole, path.stem)
    got = js_answers(case_json(mansion(), whole), hands)
    for hand, allowed in zip(hands, got, strict=True):
        assert allowed == solver_answers(whole, hand), f"hand {hand}"
    assert got[0] == [answer_line(whole.answer)]


def test_without_the_guarantees_the_cards_alone_leave_more_open() -> None:
    whole = case(CASE_FILES[0])
    numbers = [c.number for c in whole.cards]
    export = case_json(mansion(), whole)
    strict, loose = (js_answers(export, [numbers[:20]], guarantees=g)[0] for g in (True, False))
    assert set(strict) < set(loose)
