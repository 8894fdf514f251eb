"""Walton case logic: proof time per case, and the clingo solver against the brute-force checker.

Run: ``.venv/bin/python -m benchmarks bench_walton``. Cases: every case under
``scenarios/walton/cases/``, the test cases, and a 70-card case made by padding
the test case ``helper-c`` with cards that are true in its solution world (so it
stays unique). For each: the full check (ground, solve, prove, metrics) and the
brute force, median processor time of several runs.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from gaslight.diagnostics import Location, Report
from gaslight.domain.walton.case import Card, Case
from gaslight.domain.walton.claims import Claim, InRoom, MotiveEliminated, NotAccomplice, RoomUndisturbed, TraceAbsent
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import prove
from gaslight.domain.walton.solver import solve
from gaslight.domain.walton.verdict import examine, report_verdict  # examine keeps proofs: cleared per run
from gaslight.project import load_project

REPO = Path(__file__).resolve().parent.parent
RUNS = 5


def _brute() -> object:
    spec = importlib.util.spec_from_file_location("walton_bruteforce", REPO / "tests" / "walton" /
                                                  "walton_bruteforce.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["walton_bruteforce"] = module
    spec.loader.exec_module(module)
    return module


def padded(mansion: Mansion, case: Case, size: int) -> Case:
    """``case`` grown to ``size`` cards with claims true in its solution world, spoken by sources."""
    world = solve(mansion, case).worlds[0]
    answer = world.answer
    here = Location("padded.generated")
    true_claims: list[tuple[str, Claim]] = []
    for suspect, room in world.starts:
        true_claims.append(("alibi", InRoom(suspect=suspect, room=room, location=here)))
        if suspect not in (answer.culprit, answer.accomplice):
            true_claims.append(("scheme", NotAccomplice(suspect=suspect, location=here)))
    for suspect in mansion.suspects:
        for motive in suspect.motive_ids:
            if (suspect.id, motive) not in ((answer.culprit, answer.motive),
                                            (answer.accomplice, answer.accomplice_motive)):
                true_claims.append(("motive", MotiveEliminated(suspect=suspect.id, motive=motive, location=here)))
    traces = set(mansion.weapon(answer.weapon).traces)
    true_claims += [("means", TraceAbsent(trace=t.id, location=here)) for t in mansion.traces if t.id not in traces]
    true_claims += [("opportunity", RoomUndisturbed(room=r.id, location=here)) for r in mansion.rooms
                    if r.id not in world.route and not r.closed]
    sources = [s.id for s in mansion.sources]
    cards = list(case.cards)
    number = max(case.numbers)
    for i, (card_type, claim) in enumerate(true_claims[: size - len(cards)]):
        number += 1
        cards.append(Card(number, card_type, 1 + i % 3, (), sources[i % len(sources)], (claim,), None, here, here))
    return dataclasses.replace(case, id=f"{case.id}-{len(cards)}", cards=tuple(cards))


def timed(action: Callable[[], object], runs: int = RUNS) -> float:
    """Median processor time of ``action`` in seconds (wall time swings on a shared machine)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    brute = _brute()
    paths = [REPO / "scenarios" / "walton", REPO / "tests" / "walton" / "cases",
             REPO / "toolkit" / "gaslight" / "starters" / "case.yaml"]
    project, _ = load_project(paths, deep=False)
    house = project.by_id("mansion", "walton-house")
    cases = [c for c in project.of_kind("case") if c.mansion == "walton-house"]
    helper = next(c for c in cases if c.id == "test-helper-c")
    cases.append(padded(house, helper, 70))
    print(f"{'case':32} {'cards':>5} {'verdict':>13} {'check+proof':>12} {'no steps':>9} {'solve':>9} {'brute':>9}")
    bundled = {c.id for c in project.of_kind("case") if "scenarios" in Path(c.location.file).parts}
    proofs, solves, brutes, rows = [], [], [], []
    for case in cases:
        proof_time = timed(lambda case=case: (examine.cache_clear(), report_verdict(house, case, Report())))
        bare_time = timed(lambda case=case: prove(house, case, steps=False))
        solve_time = timed(lambda case=case: solve(house, case))
        brute_time = timed(lambda case=case: brute.brute_verdict(house, case), runs=3)
        verdict = solve(house, case).verdict
        agree = verdict == brute.brute_verdict(house, case)[0]
        rows.append((case.id in bundled, proof_time, solve_time, brute_time))
        print(f"{case.id:32} {len(case.cards):5} {verdict:>13} {proof_time * 1000:10.1f}ms {bare_time * 1000:7.1f}ms "
              f"{solve_time * 1000:7.1f}ms {brute_time * 1000:7.1f}ms{'' if agree else '  DISAGREE'}")
    for label, chosen in (("bundled", [r for r in rows if r[0]]), ("all", rows)):
        if not chosen:
            continue
        proofs, solves, brutes = ([r[i] for r in chosen] for i in (1, 2, 3))
        print(f"median over {len(chosen)} {label} cases: check+proof {statistics.median(proofs) * 1000:.1f} ms "
              f"(max {max(proofs) * 1000:.1f}), solve {statistics.median(solves) * 1000:.1f} ms, "
              f"brute force {statistics.median(brutes) * 1000:.1f} ms")
    print("processor time, median of runs; 'no steps': the proof without the step-by-step explanation; "
          "aim: check+proof of a 70-card case under 100 ms")


if __name__ == "__main__":
    main()
