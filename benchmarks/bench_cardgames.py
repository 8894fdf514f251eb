"""Card-game engines: bot self-play per second for each game at each player count, one core; a playtest's wall time.

Ripper rummy (:func:`rummy_figures`): ``site/engine/rummy/selfplay.mjs`` in one Node.js process on the bundled
deck and ruleset, sharp bots against easy ones, after an untimed warm-up; each table size is timed
:data:`REPEATS` times and the median is printed (aim: :data:`RUMMY_AIM` hands/s or more at every size).

24 (:func:`twentyfour_figures`): ``site/engine/twentyfour/selfplay.mjs`` the same way at 3, 4 and 5 players, all
sharp bots and all casual ones; the median whole games per second of the process's CPU time (Node runs the
games on one thread; other work on a busy machine does not count) and of the wall clock (aim:
:data:`TWENTYFOUR_AIM` games/s).

Playtest (:func:`playtest_seconds`): the wall time of ``gaslight playtest`` on each bundled deck, :data:`PLAYTEST_GAMES`
games over both cores with the report built (what a designer waits for)::

    .venv/bin/python -m benchmarks bench_cardgames
"""

from __future__ import annotations

import statistics
import sys
import time

from gaslight.errors import UserError
from gaslight.play import rummy, twentyfour
from gaslight.play.cardgame import card_game, load
from gaslight.play.node import node_executable
from gaslight.play.playtest import playtest
from gaslight.resources import BUNDLED_DIR

RUMMY_HANDS = 2000
TWENTYFOUR_GAMES = 300
REPEATS = 3
RUMMY_AIM = 500
TWENTYFOUR_AIM = 100
PLAYTEST_GAMES = 2000
PLAYTEST_JOBS = 2
#: The bots of each timed 24 table: all sharp (the slower bot: it samples the others' hidden cards), all casual.
TWENTYFOUR_TABLES = [(players, strength) for strength in ("sharp", "casual") for players in (3, 4, 5)]


def rummy_figures() -> list[dict[str, float]]:
    """Median hands and games per second of rummy self-play at 2, 3 and 4 players."""
    bots = {2: ["sharp", "easy"], 3: ["sharp", "easy", "easy"], 4: ["sharp", "easy", "sharp", "easy"]}
    runs = [{"players": 3, "hands": 500}]  # warm-up: the JIT compiles the hot loops
    for _ in range(REPEATS):
        runs += [{"players": players, "bots": seats, "hands": RUMMY_HANDS} for players, seats in bots.items()]
    answer = rummy.self_play(rummy.bundled_game(), runs, seed=1)
    figures = []
    for players in bots:
        timed = [r for r in answer["runs"][1:] if r["players"] == players]
        figures.append({"players": players, "hands_per_second": statistics.median(r["handsPerSecond"] for r in timed),
                        "games_per_second": statistics.median(r["gamesPerSecond"] for r in timed),
                        "moves_per_hand": timed[0]["moves"] / timed[0]["hands"]})
    return figures


def twentyfour_figures() -> list[dict[str, float | int | str]]:
    """Median games per CPU second and per wall second of 24 self-play, one row per (players, bots)."""
    runs = [{"games": 100, "seed": 1, "players": [3, 4, 5], "strengths": "sharp"}]  # warm-up
    for _ in range(REPEATS):
        runs += [{"games": TWENTYFOUR_GAMES, "seed": 1000, "players": players, "strengths": strength}
                 for players, strength in TWENTYFOUR_TABLES]
    timed = twentyfour.self_play_runs(twentyfour.bundled_game_data(), runs)[1:]
    figures: list[dict[str, float | int | str]] = []
    for n, (players, strength) in enumerate(TWENTYFOUR_TABLES):
        mine = timed[n::len(TWENTYFOUR_TABLES)]
        figures.append({
            "players": players, "bots": strength,
            "cpu_games_per_second": statistics.median(r["cpuGamesPerSecond"] for r in mine),
            "games_per_second": statistics.median(r["gamesPerSecond"] for r in mine),
            "actions_per_game": mine[0]["actions"] / mine[0]["games"],
            "illegal": sum(r["illegal"] for r in mine),
        })
    return figures


def playtest_seconds() -> list[tuple[str, float]]:
    """Wall seconds of a :data:`PLAYTEST_GAMES`-game playtest report of each bundled deck on two workers."""
    found = []
    for deck in ("ripper-rummy", "twenty-four"):
        started = time.perf_counter()
        project, _, path = load([BUNDLED_DIR / "decks" / f"{deck}.yaml", BUNDLED_DIR / "rulesets"])
        game = card_game(project, None, path)
        playtest(game, ["default"], game.default_players, PLAYTEST_GAMES, 1, PLAYTEST_JOBS)
        found.append((game.name, time.perf_counter() - started))
    return found


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
    for row in twentyfour_figures():
        verdict = "ok" if row["cpu_games_per_second"] >= TWENTYFOUR_AIM else f"below the aim of {TWENTYFOUR_AIM}"
        print(f"24, {row['players']} players, {row['bots']} bots: {row['cpu_games_per_second']:.0f} games per CPU "
              f"second, {row['games_per_second']:.0f} games/s on the wall clock, {row['actions_per_game']:.0f} actions "
              f"a game, {row['illegal']} illegal (median of {REPEATS} x {TWENTYFOUR_GAMES} games, one core; {verdict})")
    for name, seconds in playtest_seconds():
        print(f"gaslight playtest, {name}: {PLAYTEST_GAMES} games and the report in {seconds:.1f} s on the wall clock "
              f"({PLAYTEST_JOBS} workers)")


if __name__ == "__main__":
    main()
