"""Bot self-play on a board, run by Node.js with the browser engine's own code, and its report.

The engine's ``selfplay.mjs`` plays the games; :func:`play_many` splits them over worker processes (contiguous
seeds, so the figures do not depend on how many) and :func:`report` turns the merged summary into the
``gaslight-balance/1`` figures that ``gaslight balance`` prints and the site's balance pages show.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gaslight.errors import UsageError
from gaslight.play.node import NODE_FLAGS, split_games
from gaslight.play.stats import wilson
from gaslight.resources import SITE_DIR

#: Bots play a game in well under a second; a worker gets this long per game before it is stopped.
SECONDS_PER_GAME = 2.0
MAX_GAMES = 100_000
FORMAT = "gaslight-balance/1"


def merge(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One summary from the workers' self-play summaries."""
    total: dict[str, Any] = {"byNight": [], "arrestSpots": {}, "hideouts": {}, "illegalExamples": []}
    for part in parts:
        for key in ("games", "jackWins", "policeWins", "arrests", "cornered", "outOfMoves", "illegal", "escapes",
                    "escapeMoves", "actions"):
            total[key] = total.get(key, 0) + part[key]
        total["illegalExamples"] += part["illegalExamples"]
        for i, night in enumerate(part["byNight"]):
            if i == len(total["byNight"]):
                total["byNight"].append({k: 0 for k in night} | {"night": night["night"]})
            for key, value in night.items():
                if key != "night":
                    total["byNight"][i][key] += value
        for circle, count in part["arrestSpots"].items():
            total["arrestSpots"][circle] = total["arrestSpots"].get(circle, 0) + count
        for circle, (games, wins) in part["hideouts"].items():
            seen = total["hideouts"].setdefault(circle, [0, 0])
            seen[0] += games
            seen[1] += wins
    return total


def report(board_id: str, variant: str, seed: int, summary: dict[str, Any],
           strength: tuple[float, float] = (1.0, 1.0), ruleset: str = "whitechapel-hunt") -> dict[str, Any]:
    """The JSON contract of one board × variant; the win rate counts the games that reached an end."""
    games, wins = summary["games"], summary["jackWins"]
    finished = games - summary["illegal"]
    by_night = [{"night": n["night"], "escapes": n["escapes"], "arrests": n["arrests"],
                 "out_of_moves": n["outOfMoves"], "cornered": n["cornered"]} for n in summary["byNight"]]
    spots = sorted(((int(c), n) for c, n in summary["arrestSpots"].items()), key=lambda x: (-x[1], x[0]))
    hideouts = sorted(((int(c), g, w) for c, (g, w) in summary["hideouts"].items()), key=lambda x: (-x[1], x[0]))
    return {
        "board": board_id, "variant": variant, "seed": seed,
        "strength": {"jack": strength[0], "police": strength[1]},
        "games": games, "jack_wins": wins, "jack_win_rate": round(wins / finished, 4) if finished else 0.0,
        "ci95": list(wilson(wins, finished)), "finished": finished,
        "by_night": by_night,
        "police_wins": {"arrests": summary["arrests"], "out_of_moves": summary["outOfMoves"],
                        "cornered": summary["cornered"]},
        "mean_track_used": round(summary["escapeMoves"] / summary["escapes"], 2) if summary["escapes"] else None,
        "arrest_spots": [{"circle": c, "arrests": n} for c, n in spots],
        "hideouts": [{"circle": c, "games": g, "jack_wins": w} for c, g, w in hideouts],
        "illegal_actions": summary["illegal"],
        "stopped_because": sorted({f"{e['who']}: {e['reason']}" for e in summary["illegalExamples"]}),
        "ruleset": ruleset,
    }


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise UsageError("gaslight balance plays the browser engine's bots with Node.js (18 or later), which is not "
                         "installed here; install it (Debian: apt-get install nodejs) and run the command again")
    return node


class SelfPlay:
    """Self-play under way in Node.js worker processes (:func:`start_many`); :meth:`results` waits for them."""

    def __init__(self, node: str, board_json: dict[str, Any], runs: Sequence[dict[str, Any]], games: int, seed: int,
                 jobs: int, strength: tuple[float, float]) -> None:
        script = SITE_DIR / "engine" / "hunt" / "selfplay.mjs"
        self._folder = tempfile.TemporaryDirectory(prefix="gaslight-balance-")
        board_file, runs_file = Path(self._folder.name) / "board.json", Path(self._folder.name) / "runs.json"
        board_file.write_text(json.dumps(board_json), encoding="utf-8")
        runs_file.write_text(json.dumps(list(runs)), encoding="utf-8")
        self._runs = len(runs)
        self._workers = [(share, subprocess.Popen(
            [node, *NODE_FLAGS, str(script), "--board", str(board_file), "--runs", str(runs_file),
             "--games", str(share), "--seed", str(start), "--jack-strength", str(strength[0]),
             "--police-strength", str(strength[1]), "--format", "json"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
            for share, start in split_games(games, seed, jobs)]

    def results(self) -> list[dict[str, Any]]:
        """One merged summary per run, once every worker has finished (each within its time limit)."""
        try:
            parts = []
            for share, worker in self._workers:
                limit = 60 + SECONDS_PER_GAME * share * self._runs
                try:
                    out, err = worker.communicate(timeout=limit)
                except subprocess.TimeoutExpired:
                    raise UsageError(f"self-play stopped: {share * self._runs} games took longer than {limit:g} s; "
                                     "play fewer games (--games) or fewer variants") from None
                if worker.returncode not in (0, 1) or not out.strip():
                    raise UsageError(f"the engine's self-play failed: {err.strip() or f'exit {worker.returncode}'}")
                parts.append(json.loads(out))
            return [merge([part[i] for part in parts]) for i in range(self._runs)]
        finally:
            self.stop()

    def stop(self) -> None:
        """End the workers still playing and remove their files (a build that ends early; again: nothing)."""
        for _, worker in self._workers:
            if worker.poll() is None:
                worker.kill()
            for stream in (worker.stdout, worker.stderr):
                if stream is not None:
                    stream.close()
            worker.wait()
        self._folder.cleanup()


def start_many(board_json: dict[str, Any], runs: Sequence[dict[str, Any]], games: int, seed: int, jobs: int,
               strength: tuple[float, float] = (1.0, 1.0)) -> SelfPlay:
    """Start the same seeded games under each rules file of ``runs``, split over ``jobs`` Node.js workers
    (contiguous seeds, so the figures do not depend on how many): a build starts them before its other work.

    Each worker plays its share of the seeds under every run in one process, so the engine's compiled code serves
    all of them (a process per run spent most of its time warming up).
    """
    return SelfPlay(_node(), board_json, runs, games, seed, jobs, strength)


def play_many(board_json: dict[str, Any], runs: Sequence[dict[str, Any]], games: int, seed: int, jobs: int,
              strength: tuple[float, float] = (1.0, 1.0)) -> list[dict[str, Any]]:
    """The same seeded games under each rules file of ``runs``: one merged summary per run (:func:`start_many`)."""
    return start_many(board_json, runs, games, seed, jobs, strength).results()
