"""Walton at the table: bot games per second on 70-card cases at a table of four, the browser's case reasoner
against the clingo solver on the same hands, and ``gaslight playtest`` on one and two workers::

    .venv/bin/python -m benchmarks bench_table

The reasoner (``site/engine/walton/deduce.js``) answers the question a bot asks every turn — which answers do the
cards I have seen allow? — and the baseline answers it the way the toolkit can without it: a case made of
those cards, grounded and solved by clingo (:class:`gaslight.domain.walton.solver.CaseProgram`). Medians.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gaslight.domain.walton.export import case_json
from gaslight.domain.walton.solver import CaseProgram
from gaslight.play.walton import play_case

from tests.walton_cases.helpers import CASE_DIR, case, mansion

SPEED = Path(__file__).resolve().parent / "table_speed.mjs"
CASES = ("the-chalked-cue", "fibres-on-the-banister", "oil-and-chalk")  # levels I, D and S
GAMES, RUNS, HANDS = 20, 5, 200
SOLVER_HANDS = 40
PLAYTEST_GAMES = 100


def main() -> None:
    node = shutil.which("node")
    if node is None:
        print("node is not installed: the table benchmark needs it", file=sys.stderr)
        return
    exports = [case_json(mansion(), case(CASE_DIR / f"{name}.yaml")) for name in CASES]
    with tempfile.TemporaryDirectory() as tmp:
        request = Path(tmp) / "request.json"
        request.write_text(json.dumps({"cases": exports, "games": GAMES, "runs": RUNS, "hands": HANDS}),
                           encoding="utf-8")
        done = subprocess.run([node, str(SPEED), str(request)], capture_output=True, text=True, check=False)
    if done.returncode:
        print(done.stderr, file=sys.stderr, end="")
        return
    for found in json.loads(done.stdout):
        whole = case(CASE_DIR / f"{found['case']}.yaml")
        solver_ms = _solver_ms(whole)
        rates = ", ".join(f"{r:.1f}" for r in found["rates"])
        print(f"{found['case']} (level {found['difficulty']}, 70 cards, 4 bots): median {found['median']:.1f} "
              f"games/s over {GAMES} games (runs {rates}; {found['meanRounds']:.1f} rounds a game)")
        print(f"  which answers does a hand allow: deduce.js {found['answersMs']:.2f} ms, clingo on a case of "
              f"those cards {solver_ms:.1f} ms (medians; {solver_ms / found['answersMs']:.0f}x)")
    for jobs in (1, 2):
        start = time.perf_counter()
        played = play_case(exports[-1], 4, PLAYTEST_GAMES, 1, jobs)
        seconds = time.perf_counter() - start
        print(f"gaslight playtest {CASES[-1]}: {PLAYTEST_GAMES} games on {jobs} worker{'s' if jobs > 1 else ''} in "
              f"{seconds:.1f} s ({PLAYTEST_GAMES / seconds:.1f} games/s; solved {played['solved']}, "
              f"{played['mean_rounds']} rounds on average, {played['wrong_solves']} wrong answers)")
    print(f"(this machine: {os.cpu_count()} cores)")


def _solver_ms(whole) -> float:  # type: ignore[no-untyped-def]
    """Median milliseconds to list the answers of a case made of a random hand's cards, with clingo."""
    rng = random.Random(7)
    numbers = [c.number for c in whole.cards]
    times = []
    for h in range(SOLVER_HANDS):
        hand = set(rng.sample(numbers, 3 + h % 66))
        part = dataclasses.replace(whole, cards=tuple(c for c in whole.cards if c.number in hand))
        start = time.perf_counter()
        CaseProgram(mansion(), part).worlds()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    main()
