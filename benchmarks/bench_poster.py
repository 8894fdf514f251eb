"""The A4 poster of a generated 5,000-circle board, today and at a baseline commit, in the same run::

    .venv/bin/python -m benchmarks bench_poster          (GASLIGHT_BASELINE=REV to compare with another commit)

The poster once measured the board's drawn circle radius (a nearest-neighbour search over every node) for each
of its 240 tile pages; the scale is now measured once per poster. The baseline defaults to ``ef09d4c``, the last
commit before that change. Each figure is the median of 3 runs in fresh processes, the two toolkits taking turns.
"""

from __future__ import annotations

import os
import statistics
from pathlib import Path

from benchmarks.baseline import run_with, worktree

REPO = Path(__file__).resolve().parent.parent
CIRCLES = 5_000
RUNS = 3

CODE = f"""
import time
from gaslight.diagnostics import Report
from gaslight.domain.board.generate import board_yaml, generate_board
from gaslight.domain.board.model import load_board
from gaslight.outputs.poster import poster_pdf
from gaslight.yamlio import parse_text
board = load_board(parse_text(board_yaml(generate_board({CIRCLES}, 1)), "b.yaml")[0], Report())
start = time.perf_counter()
data = poster_pdf(board, "a4")
print(time.perf_counter() - start, data.count(b"/Type /Page") - data.count(b"/Type /Pages"))
"""


def main() -> None:
    rev = os.environ.get("GASLIGHT_BASELINE", "ef09d4c")
    times: dict[str, list[float]] = {"now": [], rev: []}
    pages = 0
    with worktree(rev) as tree:
        toolkits = {"now": REPO / "toolkit"} | ({rev: tree / "toolkit"} if tree else {})
        for _ in range(RUNS):
            for name, toolkit in toolkits.items():
                seconds, pages_text = run_with(toolkit, CODE).split()
                times[name].append(float(seconds))
                pages = int(pages_text)
    now = statistics.median(times["now"])
    print(f"A4 poster of {CIRCLES} circles ({pages} pages): {now:.2f} s now (median of {RUNS})")
    if times[rev]:
        before = statistics.median(times[rev])
        print(f"  at {rev}: {before:.2f} s; now {now / before:.0%} of it")


if __name__ == "__main__":
    main()
