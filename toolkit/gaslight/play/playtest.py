"""Bot playtests of Ripper rummy and 24: games over worker processes, and the ``gaslight-card-playtest/1`` report.

:func:`playtest` plays the same seeded games under each variant asked for: each variant's games are split over
``jobs`` Node.js workers (contiguous seeds, :func:`gaslight.play.node.split_games`), each running the engine's
own ``selfplay.mjs`` with ``"report": true``; the workers' counts and histograms add up (:func:`add`), so the
report does not depend on how many workers played. :func:`report` turns one variant's sum into the figures:
win rate by seat with a 95 % Wilson score interval, the first player's advantage, score and length
distributions, what became of each card and how often each rule fired.

>>> add({"a": 1, "h": {"3": 2}, "s": [{"w": 1}]}, {"a": 2, "h": {"3": 1, "4": 1}, "s": [{"w": 2}]})
{'a': 3, 'h': {'3': 3, '4': 1}, 's': [{'w': 3}]}
>>> spread({"1": 2, "3": 1, "10": 1})
{'mean': 3.75, 'min': 1, 'q1': 1.0, 'median': 2.0, 'q3': 4.75, 'max': 10}
"""

from __future__ import annotations

import json
import statistics
import subprocess
from collections.abc import Mapping, Sequence
from typing import Any

from gaslight.errors import UsageError
from gaslight.play.cardgame import CardGame
from gaslight.play.node import NODE_FLAGS, node_executable, split_games
from gaslight.play.stats import wilson
from gaslight.resources import SITE_DIR

FORMAT = "gaslight-card-playtest/1"
MAX_GAMES = 10_000
INTERVAL = "95 % Wilson score interval"
#: A worker gets this long to start, plus this long per game, before the playtest stops (generous: a rummy game
#: takes about 2 ms and a game of 24 about 7 ms on one core; a busy machine or a designer's long game takes more).
START_SECONDS = 30.0
SECONDS_PER_GAME = {"rummy": 0.1, "twentyfour": 0.2}
SCRIPTS = {"rummy": SITE_DIR / "engine" / "rummy" / "selfplay.mjs",
           "twentyfour": SITE_DIR / "engine" / "twentyfour" / "selfplay.mjs"}


def check_games(games: int) -> None:
    """A usage error for a number of games out of range."""
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games takes 1 to {MAX_GAMES} games, not {games}")


def add(a: Any, b: Any) -> Any:
    """Two workers' figures added: numbers summed, mappings key by key, lists entry by entry."""
    if isinstance(a, Mapping):
        return {key: add(a[key], b[key]) if key in a and key in b else a.get(key, b.get(key))
                for key in sorted({*a, *b}, key=str)}
    if isinstance(a, list):
        return [add(x, y) for x, y in zip(a, b, strict=True)]
    return a + b


def spread(histogram: Mapping[str, int]) -> dict[str, float | int] | None:
    """Mean, min, quartiles (inclusive method) and max of a histogram {value: count}; None when empty."""
    values = sorted(v for key, count in histogram.items() for v in [int(key)] * count)
    if not values:
        return None
    q1, median, q3 = (statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1
                      else [float(values[0])] * 3)
    return {"mean": round(statistics.fmean(values), 2), "min": values[0], "q1": round(q1, 2),
            "median": round(median, 2), "q3": round(q3, 2), "max": values[-1]}


def _request(game: CardGame, data: dict[str, Any], players: int, games: int, seed: int) -> dict[str, Any]:
    if game.family == "rummy":
        return {"game": data, "seed": seed, "runs": [{"players": players, "games": games, "report": True}]}
    return {"game": data, "games": games, "seed": seed, "players": players, "report": True}


def _play(game: CardGame, data: dict[str, Any], players: int, games: int, seed: int,
          jobs: int) -> dict[str, Any]:
    """One variant's games over ``jobs`` workers at once; the workers' summaries added up."""
    node = node_executable()
    workers = []
    try:
        for share, start in split_games(games, seed, jobs):
            worker = subprocess.Popen([node, *NODE_FLAGS, str(SCRIPTS[game.family])], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            workers.append((share, worker, json.dumps(_request(game, data, players, share, start))))
        parts = []
        for share, worker, request in workers:
            limit = START_SECONDS + SECONDS_PER_GAME[game.family] * share
            try:
                out, err = worker.communicate(request, timeout=limit)
            except subprocess.TimeoutExpired:
                raise UsageError(f"the playtest stopped: {share} games of {game.name} on one worker took longer "
                                 f"than {limit:g} s; play fewer games (--games)") from None
            if worker.returncode not in (0, 1) or not out.strip():
                tail = "\n".join(err.strip().splitlines()[-5:]) or f"exit {worker.returncode}"
                raise UsageError(f"the {game.name} engine's self-play failed: {tail}")
            answer = json.loads(out)
            parts.append(answer["runs"][0] if game.family == "rummy" else answer)
    finally:
        for _, worker, _ in workers:
            if worker.poll() is None:
                worker.kill()
                worker.wait()
    total = parts[0]
    for part in parts[1:]:
        total = {"report": add(total["report"], part["report"]),
                 **{key: add(total[key], part[key]) for key in _COUNTED[game.family]}}
    return total


#: The engine summaries' own counts the report reads beside ``report``.
_COUNTED = {"rummy": ("games", "hands", "illegal", "stalled"),
            "twentyfour": ("games", "finished", "illegal", "draws", "stats", "standIns", "bySeat", "byDetective",
                           "gamesShortOfAssists", "gamesShortOfBonus")}


def _seats(wins: Sequence[int], points: Sequence[int], finished: int, decided: int) -> dict[str, Any]:
    """Win rate by seat (seat 1 plays first) with intervals, and the first seat's advantage over an even share."""
    seats = len(wins)
    rows = [{"seat": n + 1, "wins": w, "rate": round(w / finished, 4) if finished else 0.0,
             "ci95": list(wilson(w, finished)), "mean_score": round(p / finished, 2) if finished else None}
            for n, (w, p) in enumerate(zip(wins, points, strict=True))]
    fair = decided / finished / seats if finished else 0.0
    lo, hi = rows[0]["ci95"]
    first = {"rate": rows[0]["rate"], "even_share": round(fair, 4), "advantage": round(rows[0]["rate"] - fair, 4),
             "ci95": [round(lo - fair, 4), round(hi - fair, 4)]}
    return {"by_seat": rows, "first_player": first}


def _rules(counts: Mapping[str, int], games: int, hands: int | None = None) -> list[dict[str, Any]]:
    """Each rule's count, a game (and a hand, for rummy)."""
    rows = []
    for rule in sorted(counts):
        row = {"rule": rule, "count": counts[rule], "per_game": round(counts[rule] / games, 3) if games else 0.0}
        if hands is not None:
            row["per_hand"] = round(counts[rule] / hands, 3) if hands else 0.0
        rows.append(row)
    return rows


def _rummy(game: CardGame, data: dict[str, Any], total: dict[str, Any]) -> dict[str, Any]:
    figures = total["report"]
    finished = figures["finished"]
    by_position = figures["byPosition"]
    names = {c["id"]: c["name"] for c in data["cards"]}
    copies = {c["id"]: c["copies"] for c in data["cards"]}
    cards = [{"card": card, "name": names.get(card, card), "copies": copies.get(card, 1),
              **{fate: figures["cards"][card][fate] for fate in ("played", "discarded", "dead")}}
             for card in sorted(figures["cards"])]
    return {
        "finished": finished, "unfinished": figures["unfinished"], "draws": 0,
        "illegal": total["illegal"], "stalled": total["stalled"],
        **_seats([p["wins"] for p in by_position], [p["points"] for p in by_position], finished, finished),
        "scores": {"all_seats": spread(figures["finalScores"]), "winner": spread(figures["winnerScores"])},
        "length": {"hands": spread(figures["handsPerGame"]), "turns": spread(figures["turnsPerGame"])},
        "hands": total["hands"],
        "cards": cards,
        "rules": _rules(figures["rules"], total["games"], total["hands"]),
    }


#: 24's engine counters, as the report names them.
STATS_24 = {"challenges": "dice challenges", "dice": "dice rolled", "successes": "bonus cards won (success)",
            "greats": "bonus cards won (great success)", "failures": "dice failed", "damage": "damage taken",
            "shielded": "damage shielded by a cover", "injuries": "serious injuries", "deaths": "deaths",
            "heroClashes": "Hero Time clashes", "loneHeroes": "lone Hero Time wins", "ties": "ties for a place",
            "arrests": "masterminds arrested", "escapes": "masterminds escaped", "picksSecond": "first picks of the "
            "second card", "discards": "incident cards given up after an injury or death"}


def _twentyfour(game: CardGame, data: dict[str, Any], total: dict[str, Any]) -> dict[str, Any]:
    figures = total["report"]
    finished = total["finished"]
    seats = sorted(total["bySeat"], key=int)
    counts = {STATS_24[k]: v for k, v in total["stats"].items() if k in STATS_24}
    counts.update(figures["rules"])
    counts["assist cards short (a stand-in counted)"] = total["standIns"]["assists"]
    counts["bonus cards short (a stand-in counted)"] = total["standIns"]["bonus"]
    names = {i["card"]: i["name"] for i in data["incidents"]}
    incidents = [{"card": card, "name": names.get(card, card),
                  **{fate: figures["incidents"][card][fate] for fate in ("dealt", "taken", "kept")}}
                 for card in sorted(figures["incidents"])]
    order = {f"{h} hour{'s' * (h != 1)}": h for h in range(0, 100)}
    actions = [{"card": name, "played": figures["actionCards"][name]["played"],
                "placed": figures["actionCards"][name]["placed"]}
               for name in sorted(figures["actionCards"], key=lambda n: order.get(n, 100))]
    detectives = [{"detective": d, "seats": row["seats"], "wins": row["sole"],
                   "rate": round(row["sole"] / row["seats"], 4) if row["seats"] else 0.0,
                   "ci95": list(wilson(row["sole"], row["seats"]))}
                  for d, row in sorted(total["byDetective"].items())]
    return {
        "finished": finished, "unfinished": 0, "draws": total["draws"], "illegal": total["illegal"], "stalled": 0,
        **_seats([total["bySeat"][s]["sole"] for s in seats], [total["bySeat"][s]["points"] for s in seats],
                 finished, finished - total["draws"]),
        "by_detective": detectives,
        "scores": {"all_seats": spread(figures["finalScores"]), "winner": spread(figures["winnerScores"])},
        "length": {"seasons": int(data["parameters"].get("seasons", 3)),
                   "actions": spread(figures["actionsPerGame"])},
        "points": figures["points"],
        "incidents": incidents, "action_cards": actions,
        "rules": _rules(counts, total["games"]),
    }


def report(game: CardGame, variant: str, data: dict[str, Any], total: dict[str, Any]) -> dict[str, Any]:
    """One variant's figures from its workers' summed summary."""
    found = (_rummy if game.family == "rummy" else _twentyfour)(game, data, total)
    return {"variant": variant, "title": game.variant_title(variant), "games": total["games"], **found}


def playtest(game: CardGame, variants: Sequence[str], players: int, games: int, seed: int,
             jobs: int) -> dict[str, Any]:
    """Play ``games`` games from ``seed`` on at ``players`` under each variant; the whole report."""
    check_games(games)
    played = []
    for variant in variants:
        data = game.data(variant)
        played.append(report(game, variant, data, _play(game, data, players, games, seed, jobs)))
    return {"format": FORMAT, "game": game.family, "deck": game.deck.id, "ruleset": game.ruleset.id,
            "players": players, "games": games, "seed": seed, "bots": "sharp", "interval": INTERVAL,
            "first_player": ("seat 1: the player who plays first in the first hand" if game.family == "rummy"
                             else "seat 1: the first seat (detectives are drawn at random)"),
            "variants": played}
