"""Card-game engines: bot self-play hands and games per second for each game at each player count, one core.

Ripper rummy (:func:`rummy_figures`): ``site/engine/rummy/selfplay.mjs`` in one Node.js process on the bundled
deck and ruleset, sharp bots against easy ones, after an untimed warm-up; each table size is timed
:data:`REPEATS` times and the median is printed (aim: 500 hands/s or more at every size)::

    .venv/bin/python -m benchmarks bench_cardgames
"""

from __future__ import annotations

import statistics
import sys

from gaslight.errors import UserError
from gaslight.play.node import node_executable
from gaslight.play.rummy import bundled_game, self_play

RUMMY_HANDS = 2000
REPEATS = 3
RUMMY_AIM = 500


def rummy_figures() -> list[dict[str, float]]:
    """Median hands and games per second of rummy self-play at 2, 3 and 4 players."""
    bots = {2: ["sharp", "easy"], 3: ["sharp", "easy", "easy"], 4: ["sharp", "easy", "sharp", "easy"]}
    runs = [{"players": 3, "hands": 500}]  # warm-up: the JIT compiles the hot loops
    for _ in range(REPEATS):
        runs += [{"players": players, "bots": seats, "hands": RUMMY_HANDS} for players, seats in bots.items()]
    answer = self_play(bundled_game(), runs, seed=1)
    figures = []
    for players in bots:
        timed = [r for r in answer["runs"][1:] if r["players"] == players]
        figures.append({"players": players, "hands_per_second": statistics.median(r["handsPerSecond"] for r in timed),
                        "games_per_second": statistics.median(r["gamesPerSecond"] for r in timed),
                        "moves_per_hand": timed[0]["moves"] / timed[0]["hands"]})
    return figures


def main() -> None:
    try:
        node_executable()
    except UserError as error:  # a machine without Node.js skips the benchmark, saying why
        print(f"card games: {error}", file=sys.stderr)
        return
    for row in rummy_figures():
        verdict = "ok" if row["hands_per_second"] >= RUMMY_AIM else f"below the aim of {RUMMY_AIM}"
        print(f"Ripper rummy, {row['players']} players: {row['hands_per_second']:.0f} hands/s, "
              f"{row['games_per_second']:.0f} games/s, {row['moves_per_hand']:.0f} moves a hand "
              f"(median of {REPEATS} x {RUMMY_HANDS} hands, one core; {verdict})")


if __name__ == "__main__":
    main()
