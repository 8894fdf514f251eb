"""Differential test: the JS calculators score hundreds of seeded random games exactly as the Python scoring."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

from gaslight.domain.scoring import ScoringError, rummy, twentyfour

from tests.conftest import REPO

SUSPECTS = ("crimson", "ochre", "teal", "violet", "slate", "moss")
SUITS = ("bombing", "hijacking", "outbreak", "street", "siege", "assassination")
RUNNER = """
import { readFileSync } from 'node:fs';
const [rummy, twentyfour] = await Promise.all([import(process.argv[2]), import(process.argv[3])]);
const cases = JSON.parse(readFileSync(0, 'utf8'));
const run = (f) => { try { return { result: f() }; } catch (e) { return { error: e.message }; } };
console.log(JSON.stringify({
  rummy: cases.rummy.map((h) => run(() => rummy.scoreHand(h))),
  twentyfour: cases.twentyfour.map((g) => run(() => twentyfour.scoreGame(g))),
}));
"""


def random_card(rng: random.Random, on_table: bool) -> dict[str, Any]:
    kind = rng.choice(("evidence", "evidence", "evidence", "wild", "letter", "suspect", "alibi", "victim", "scene")
                      + (() if on_table else ("escape", "strike", "resigns")))
    points = (0, 2, 3, 5, 10, 35) if kind == "escape" else (2, 3, 5, 10)
    card: dict[str, Any] = {"kind": kind, "points": rng.choice(points)}
    if kind in ("evidence", "wild", "suspect", "alibi") and (on_table or rng.random() < 0.5):
        card["suspect"] = rng.choice(SUSPECTS)
    return card


def random_hand(rng: random.Random) -> dict[str, Any]:
    players = []
    for i in range(rng.randint(2, 4)):
        table = [random_card(rng, True) for _ in range(rng.randint(0, 9))]
        if rng.random() < 0.8:  # usually no alibi here; sometimes several on the table (refused by both)
            table = [c for c in table if c["kind"] != "alibi"]
        hand = [random_card(rng, False) for _ in range(rng.randint(0, 4))]
        players.append({"name": f"P{i}", "table": table, "hand": hand, "vote": rng.choice((None, *SUSPECTS))})
    ended_by = rng.choice(("out", "out", "out", "escape", "deck"))
    if ended_by == "out":
        players[rng.randrange(len(players))]["went_out"] = True
    if ended_by == "escape":
        players[rng.randrange(len(players))]["played_escape"] = True
    return {"players": players, "ranks": {s: i + 1 for i, s in enumerate(SUSPECTS)}, "ended_by": ended_by}


def random_game(rng: random.Random) -> dict[str, Any]:
    def incidents(n: int) -> list[dict[str, Any]]:
        return [{"suit": rng.choice(SUITS), "value": rng.choice((2, 3, 3, 4, 6))} for _ in range(n)]

    detectives = []
    for i in range(rng.randint(1, 5)):
        died = rng.random() < 0.3
        detectives.append({"name": f"D{i}", "stand": incidents(rng.randint(0, 6)), "coop": incidents(rng.randint(0, 9)),
                           "assists": rng.randint(0, 5), "died": died,
                           "death_points": rng.randint(3, 11) if died else 0,
                           "skill": rng.choice(("lone-hunter", "toughness", ""))})
    return {"detectives": detectives}


def python_rummy(hand: dict[str, Any]) -> dict[str, Any]:
    try:
        return {"result": rummy.result_to_json(rummy.score_hand(rummy.hand_from_json(hand)))}
    except ScoringError as exc:
        return {"error": str(exc)}


def python_twentyfour(game: dict[str, Any]) -> dict[str, Any]:
    try:
        return {"result": twentyfour.result_to_json(twentyfour.score_game(twentyfour.game_from_json(game)))}
    except ScoringError as exc:
        return {"error": str(exc)}


def test_js_and_python_agree_on_random_games(tmp_path: Path) -> None:
    rng = random.Random(2024)
    cases = {"rummy": [random_hand(rng) for _ in range(400)], "twentyfour": [random_game(rng) for _ in range(400)]}
    script = tmp_path / "run.mjs"
    script.write_text(RUNNER, encoding="utf-8")
    calculators = REPO / "site" / "assets" / "calculators"
    node = shutil.which("node")
    assert node is not None, "the node tests need node on the PATH"
    modules = [(calculators / name).as_uri() for name in ("rummy.js", "twentyfour.js")]
    done = subprocess.run([node, str(script), *modules], input=json.dumps(cases), capture_output=True, text=True,
                          check=True, timeout=60)
    js = json.loads(done.stdout)
    python = {"rummy": [python_rummy(h) for h in cases["rummy"]],
              "twentyfour": [python_twentyfour(g) for g in cases["twentyfour"]]}
    for game in ("rummy", "twentyfour"):
        for i, (ours, theirs) in enumerate(zip(python[game], js[game], strict=True)):
            assert ours == theirs, f"{game} case {i}: {json.dumps(cases[game][i])}"
    # The random games reach every outcome, so the agreement means something.
    outcomes = {r["result"]["reason"] if "result" in r else "error" for r in python["rummy"]}
    assert outcomes == {"out", "no-jack", "escape-card", "deck", "error"}
    assert any("error" in r for r in python["twentyfour"]) is False
    assert any(r["result"]["scores"][n]["lone_hunter"] for r in python["twentyfour"] for n in r["result"]["scores"])
