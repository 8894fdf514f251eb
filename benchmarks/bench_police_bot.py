"""What the careful police bot costs: self-play speed and Jack's win rate, today's bot against the bot before it.

The police bot reasons about Jack's hideout from the earlier nights' logs, spreads its pawns and stands on his
ways home (``site/engine/hunt/bots.js``); before :data:`BEFORE` it only headed for the nearest circle where Jack
could be. Both engines play the same seeded games on the bundled full-size board, one after the other in the same
run (``benchmarks/engine_speed.mjs``: median of five timed runs after a warm-up), then ``gaslight balance`` is
timed on 1,000 games with one worker, the command the balance figures are quoted with::

    .venv/bin/python -m benchmarks bench_police_bot
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

#: The last commit with the police bot that only headed for the nearest possible circle.
BEFORE = "1102d17"
GAMES = 300
BALANCE_GAMES = 1000


def main() -> None:
    node = shutil.which("node")
    if node is None:
        print("node is not installed: the police bot benchmark needs it", file=sys.stderr)
        return
    with tempfile.TemporaryDirectory() as tmp:
        board_id, path = largest_board_json(Path(tmp))
        found = {"today's police bot": self_play_speed(node, REPO / "site" / "engine" / "hunt", path, GAMES)}
        if files_at(BEFORE, ("site/engine", "site/assets"), Path(tmp)):
            found[f"police bot at {BEFORE}"] = self_play_speed(node, Path(tmp) / "site" / "engine" / "hunt", path,
                                                               GAMES)
        for label, result in found.items():
            if result is not None:
                print(f"{label}: median {result['median']:.1f} games/s over {GAMES} games on {board_id} "
                      f"(runs {', '.join(f'{r:.0f}' for r in result['rates'])}; Jack wins "
                      f"{100 * result['jackWinRate']:.1f} %, illegal {result['illegal']})")
        now, before = found.get("today's police bot"), found.get(f"police bot at {BEFORE}")
        if now and before:
            print(f"self-play time per game, today's bot over the bot at {BEFORE}: "
                  f"{before['median'] / now['median']:.2f}x")
    _balance(board_id)


def _balance(board_id: str) -> None:
    """Wall time of ``gaslight balance`` on :data:`BALANCE_GAMES` games with one worker."""
    start = time.perf_counter()
    board_file = BUNDLED_DIR / "boards" / f"{board_id}.yaml"
    done = subprocess.run([sys.executable, "-m", "gaslight", "balance", str(board_file), "--games",
                           str(BALANCE_GAMES), "--seed", "1", "--jobs", "1", "--format", "json"],
                          capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode:
        print(done.stderr, file=sys.stderr, end="")
        return
    found = json.loads(done.stdout)["reports"][0]
    print(f"gaslight balance {board_id} --games {BALANCE_GAMES} --seed 1 --jobs 1: {seconds:.1f} s; Jack wins "
          f"{100 * found['jack_win_rate']:.1f} % (95 % interval {100 * found['ci95'][0]:.1f}–"
          f"{100 * found['ci95'][1]:.1f} %)")


if __name__ == "__main__":
    main()
