"""A case that cannot be proven within its time budget is a located error, not a hang."""

from __future__ import annotations

import pytest
from gaslight.cli import main
from gaslight.limits import DEFAULT_CASE_SECONDS, case_seconds
from walton_support import CASES

CASE = CASES / "helper-c.yaml"
STOPPED = "this case is too large to prove in 1e-06 s " \
          "(fix: remove suspects or cards, or give it more time with --timeout SECONDS)"


def test_solve_stops_at_the_time_limit_with_a_located_error(capsys):
    assert main(["solve", str(CASE), "--timeout", "0.000001"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(f"helper-c.yaml:{_cards_line()}:1: error: cards: {STOPPED}")


def test_check_reports_the_case_and_goes_on(capsys):
    assert main(["check", str(CASE), "--timeout", "0.000001"]) == 1
    out = capsys.readouterr().out
    assert f"error: cards: {STOPPED}" in out


def test_the_limit_is_for_this_run_only(capsys):
    assert main(["solve", str(CASE), "--format", "json"]) == 0
    assert case_seconds() == DEFAULT_CASE_SECONDS


@pytest.mark.parametrize("given", ["abc", "0", "-3", "nan", "100000"])
def test_a_timeout_that_is_not_a_number_of_seconds_is_a_usage_error(capsys, given):
    assert main(["check", str(CASE), "--timeout", given]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"gaslight check: error: argument --timeout: '{given}' is not a number of seconds between 0 and 86400")


def _cards_line() -> int:
    lines = CASE.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith("cards:"))


def test_long_work_says_it_is_alive_and_quick_work_says_nothing():
    import time

    from gaslight.limits import progress

    said: list[str] = []
    with progress("proving case big", 30, after=0.05, every=0.1, say=said.append):
        time.sleep(0.3)
    assert said and said[0].startswith("proving case big: still working (") and said[0].endswith(" s of 30 s)")
    quiet: list[str] = []
    with progress("proving case small", 30, after=1.0, say=quiet.append):
        pass
    assert quiet == []


def test_one_long_solve_is_interrupted_at_the_limit(tiny):
    """A house of 40 suspects whose every motive is backed and whom the maid all names as conspirators: tens of
    thousands of answers (culprit, motive, weapon, accomplice and motive) to enumerate in one solve."""
    import dataclasses
    import random

    from gaslight.domain.walton.case import Answer, Card
    from gaslight.domain.walton.claims import Conspiring, MotiveClue, MotiveTestimony
    from gaslight.domain.walton.mansion import Motive, Suspect
    from gaslight.domain.walton.solver import CaseProgram
    from gaslight.limits import TimeLimitReached, case_time_limit
    from walton_mutate import HERE, random_case

    motives = tuple(Motive(f"m{i}", f"Motive {i}", HERE) for i in range(3))
    suspects = tuple(Suspect(f"s{i}", f"Suspect {i}", f"S{i}", (), motives, HERE) for i in range(40))
    big = dataclasses.replace(tiny, suspects=suspects)
    cards = []
    for suspect in suspects:
        for motive in motives:
            for kind in (MotiveTestimony, MotiveTestimony, MotiveClue):
                claim = kind(suspect=suspect.id, motive=motive.id, location=HERE)
                cards.append(Card(len(cards) + 1, "motive", 1, (), "police", (claim,), None, HERE, HERE))
        named = Conspiring(suspect=suspect.id, location=HERE)  # each may be the accomplice
        cards.append(Card(len(cards) + 1, "scheme", 1, (), "maid", (named,), None, HERE, HERE))
    case = dataclasses.replace(random_case(tiny, random.Random(0), 1), difficulty="C",
                               answer=Answer("s0", "m0", "knife"), cards=tuple(cards))
    # Unbounded, this one solve enumerates every answer (a minute or more); the watchdog must stop it at the limit.
    # No wall-clock assertion: on a loaded machine grounding alone may use the budget, which stops it too.
    with case_time_limit(0.5), pytest.raises(TimeLimitReached):
        CaseProgram(big, case).worlds()


def test_a_direct_solve_reports_the_interrupt_the_watchdog_sends():
    """The proof's small solves go through clingo's C API (``DirectSolver``): a search the watchdog interrupts
    (here twelve pigeons in eleven holes, which clingo would take minutes to refute) ends and says so."""
    import threading

    import clingo
    from gaslight.domain.walton.direct_solve import DirectSolver

    control = clingo.Control(["--warn=none"])
    control.add("base", [], "pigeon(1..12). hole(1..11). 1 { in(P,H) : hole(H) } 1 :- pigeon(P). "
                            ":- in(P,H), in(Q,H), P < Q.")
    control.ground([("base", [])])
    timer = threading.Timer(0.3, control.interrupt)
    timer.start()
    outcome = DirectSolver(control).solve([], lambda shown, add_clause: True)
    timer.cancel()
    assert outcome.interrupted and not outcome.satisfiable and outcome.core is None
