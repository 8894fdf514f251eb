"""24 engine: whole games of bot self-play per second on one core, at 3, 4 and 5 players, both bot strengths.

:func:`twentyfour_figures` runs ``site/engine/twentyfour/selfplay.mjs`` in one Node.js process on the bundled deck
and ruleset: an untimed warm-up (the JIT compiles the hot loops), then each table (players × bots) :data:`REPEATS`
times. It reports the median games per second of the process's CPU time (Node runs the games on one thread; other
work on a busy machine does not count) and of the wall clock. Aim: :data:`AIM` whole games a second::

    .venv/bin/python -m benchmarks bench_twentyfour
"""

from __future__ import annotations

import statistics
import sys

from gaslight.errors import UserError
from gaslight.play.node import node_executable
from gaslight.play.twentyfour import bundled_game_data, self_play_runs

GAMES = 300
REPEATS = 3
AIM = 100
#: The bots of each timed table: all sharp (the slower bot: it samples the others' hidden cards), all casual.
TABLES = [(players, strength) for strength in ("sharp", "casual") for players in (3, 4, 5)]


def twentyfour_figures() -> list[dict[str, float | int | str]]:
    """Median games per CPU second and per wall second of 24 self-play, one row per (players, bots)."""
    runs = [{"games": 100, "seed": 1, "players": [3, 4, 5], "strengths": "sharp"}]  # warm-up
    for _ in range(REPEATS):
        runs += [{"games": GAMES, "seed": 1000, "players": players, "strengths": strength}
                 for players, strength in TABLES]
    timed = self_play_runs(bundled_game_data(), runs)[1:]
    figures: list[dict[str, float | int | str]] = []
    for n, (players, strength) in enumerate(TABLES):
        mine = timed[n::len(TABLES)]
        figures.append({
            "players": players, "bots": strength,
            "cpu_games_per_second": statistics.median(r["cpuGamesPerSecond"] for r in mine),
            "games_per_second": statistics.median(r["gamesPerSecond"] for r in mine),
            "actions_per_game": mine[0]["actions"] / mine[0]["games"],
            "illegal": sum(r["illegal"] for r in mine),
        })
    return figures


def main() -> None:
    try:
        node_executable()
    except UserError as error:  # a machine without Node.js skips the benchmark, saying why
        print(f"24: {error}", file=sys.stderr)
        return
    for row in twentyfour_figures():
        verdict = "ok" if row["cpu_games_per_second"] >= AIM else f"below the aim of {AIM}"
        print(f"24, {row['players']} players, {row['bots']} bots: {row['cpu_games_per_second']:.0f} games per CPU "
              f"second, {row['games_per_second']:.0f} games/s on the wall clock, {row['actions_per_game']:.0f} actions "
              f"a game, {row['illegal']} illegal (median of {REPEATS} x {GAMES} games, one core; {verdict})")


if __name__ == "__main__":
    main()
