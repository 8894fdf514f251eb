"""Browser engine speed: the possible-position update per Jack move and bot self-play games per second.

Runs ``site/engine/hunt/bench.mjs`` under Node on the bundled full-size board (aim: a tracker update
under 1 ms per Jack move), then ``benchmarks/engine_speed.mjs`` (median of five timed runs of the
same seeded games after a warm-up; aim: 200 games/s) on today's engine and on the engine as it
was at :data:`BASELINE`, one after the other in the same run, and ``gaslight balance`` on 2,000
games::

    .venv/bin/python -m benchmarks bench_engine
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gaslight.resources import BUNDLED_DIR

from benchmarks.engine_runs import REPO, files_at, largest_board_json, self_play_speed

HUNT = REPO / "site" / "engine" / "hunt"  # the hunt's engine folder (flat site/engine/ before the game folders)
BENCH = HUNT / "bench.mjs"
GAMES = 200
#: The engine before head-of-investigation tiles, board letters, the per-game bot reset and the
#: incremental tracker.
BASELINE = "60cfff5"
BALANCE_GAMES = 2000


def main() -> None:
    node = shutil.which("node")
    if node is None:
        print("node is not installed: the engine benchmark needs it", file=sys.stderr)
        return
    with tempfile.TemporaryDirectory() as tmp:
        board_id, path = largest_board_json(Path(tmp))
        done = subprocess.run([node, str(BENCH), "--board", str(path), "--games", str(GAMES)],
                              capture_output=True, text=True, check=False)
        print(f"engine now:\n{done.stdout}", end="")
        if done.returncode:
            print(done.stderr, file=sys.stderr, end="")
        now = self_play_speed(node, HUNT, path, GAMES)
        # at BASELINE the hunt's files sat directly in site/engine/
        old = Path(tmp) / "site" / "engine" if files_at(BASELINE, ("site/engine",), Path(tmp)) else None
        before = self_play_speed(node, old, path, GAMES) if old is not None else None
        for label, found in (("today's engine", now), (f"engine at {BASELINE}", before)):
            if found is not None:
                rates = ", ".join(f"{r:.0f}" for r in found["rates"])
                print(f"bot self-play, {label}: median {found['median']:.1f} games/s over {GAMES} games "
                      f"(runs {rates}; Jack wins {100 * found['jackWinRate']:.1f} %, illegal {found['illegal']})")
        if now is not None and before is not None:
            print(f"self-play speed-up over {BASELINE}: {now['median'] / before['median']:.1f}x")
    _balance(board_id)


def _balance(board_id: str) -> None:
    """Wall time of ``gaslight balance`` on :data:`BALANCE_GAMES` games with both cores."""
    start = time.perf_counter()
    board_file = BUNDLED_DIR / "boards" / f"{board_id}.yaml"
    done = subprocess.run([sys.executable, "-m", "gaslight", "balance", str(board_file),
                           "--games", str(BALANCE_GAMES), "--jobs", "2", "--format", "json"],
                          capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode:
        print(done.stderr, file=sys.stderr, end="")
        return
    found = json.loads(done.stdout)["reports"][0]
    print(f"gaslight balance {board_id}: {BALANCE_GAMES} games on 2 workers in {seconds:.1f} s "
          f"({BALANCE_GAMES / seconds:.0f} games/s); Jack wins {100 * found['jack_win_rate']:.1f} % "
          f"(95 % interval {100 * found['ci95'][0]:.1f}–{100 * found['ci95'][1]:.1f} %)")


if __name__ == "__main__":
    main()
