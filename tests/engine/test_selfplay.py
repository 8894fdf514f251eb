"""Self-play through the headless node runner on the bundled full-size board."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from gaslight.domain.board.export import board_json
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR

REPO = Path(__file__).resolve().parents[2]
RUNNER = REPO / "site" / "engine" / "hunt" / "selfplay.mjs"
NODE = shutil.which("node")
GAMES = 1000


def full_size_board(tmp_path: Path) -> Path:
    """The bundled board with the most circles, exported as the engine reads it."""
    project, _ = load_project([BUNDLED_DIR / "boards"], deep=False)
    board = max(project.of_kind("board"), key=lambda b: len(b.circles))
    assert len(board.circles) >= 150, "the bundled full-size board"
    path = tmp_path / f"{board.id}.json"
    path.write_text(json.dumps(board_json(board)), encoding="utf-8")
    return path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    assert NODE, "node is needed for the engine tests"
    return subprocess.run([NODE, str(RUNNER), *args], capture_output=True, text=True, timeout=1800, check=False)


def test_a_thousand_bot_games_finish_without_an_illegal_move(tmp_path: Path) -> None:
    board = full_size_board(tmp_path)
    done = run("--board", str(board), "--games", str(GAMES), "--seed", "1", "--format", "json")
    assert done.returncode == 0, done.stderr or done.stdout
    summary = json.loads(done.stdout)
    assert summary["games"] == GAMES
    assert summary["illegal"] == 0, summary["illegalExamples"]
    assert summary["jackWins"] + summary["policeWins"] == GAMES
    assert summary["arrests"] + summary["outOfMoves"] + summary["cornered"] == summary["policeWins"]
    assert 0 < summary["jackWinRate"] < 1
    assert summary["averageEscapeLength"] > 1
    assert summary["letters"] == summary["falseClues"] == 0, "optional rules are off by default"


def test_bot_games_with_every_optional_rule_use_them_legally(tmp_path: Path) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"options": {"letters": True, "false_clues": True, "wide_area_arrest": True}}),
                     encoding="utf-8")
    done = run("--board", str(full_size_board(tmp_path)), "--rules", str(rules), "--games", "150", "--seed", "7",
               "--format", "json")
    assert done.returncode == 0, done.stderr or done.stdout
    summary = json.loads(done.stdout)
    assert summary["illegal"] == 0, summary["illegalExamples"]
    assert summary["letters"] > 0
    assert summary["falseClues"] > 0


USAGE = ("use --board FILE [--rules FILE | --runs FILE] [--games N] [--seed S] [--jack-strength 0-1] "
         "[--police-strength 0-1] [--format json|text]\n")


@pytest.mark.parametrize(("args", "message"), [
    ((), "selfplay: --board FILE is required (a gaslight-board/1 export)\n"),
    (("--games",), f"selfplay: unknown or incomplete option --games; {USAGE}"),
    (("--boards", "x.json"), f"selfplay: unknown or incomplete option --boards; {USAGE}"),
])
def test_the_runner_explains_bad_arguments(args: tuple[str, ...], message: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert done.stderr == message


def test_the_runner_prints_the_balance_figures(tmp_path: Path) -> None:
    done = run("--board", str(full_size_board(tmp_path)), "--games", "5", "--seed", "3")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0].endswith(": 5 games, seed 3")
    assert lines[1].startswith("Jack wins ")
    assert lines[2].startswith("average escape length ")
    assert lines[3].startswith("illegal bot actions: 0; ")


def test_the_workers_v8_options_change_how_fast_not_what_is_played(tmp_path: Path) -> None:
    """Gaslight starts its headless workers with :data:`gaslight.play.node.NODE_FLAGS` (compiler options): the same
    seeds give the same games, figure for figure, as V8's defaults (the browser's)."""
    from gaslight.play.node import NODE_FLAGS

    board = full_size_board(tmp_path)
    args = ("--board", str(board), "--games", "40", "--seed", "7", "--format", "json")
    assert NODE and NODE_FLAGS
    tuned = subprocess.run([NODE, *NODE_FLAGS, str(RUNNER), *args], capture_output=True, text=True, timeout=600,
                           check=True)
    plain, flagged = json.loads(run(*args).stdout), json.loads(tuned.stdout)
    for summary in (plain, flagged):
        summary.pop("gamesPerSecond")
    assert flagged == plain and plain["games"] == 40


def test_no_rule_and_no_bot_reads_where_the_board_is_drawn(tmp_path: Path) -> None:
    """A board's self-play is kept by its engine data without what only draws it (``balance.DRAWN``), so moving a
    circle to tidy the drawing replays no games: the same seeds on the board with all of that blanked give the same
    games, figure for figure. It fails the day a rule or a bot reads a position."""
    from gaslight.outputs.balance import DRAWN, played

    drawn = json.loads(full_size_board(tmp_path).read_text(encoding="utf-8"))
    blank = {**drawn, "title": "—", "unit": "in", "width": 1, "height": 1}
    for part, keys in DRAWN.items():
        if part != "board":
            blank[part] = [{**item, **{key: [] if key in ("points", "polygon") else 0 for key in keys}}
                           for item in drawn[part]]
    assert blank != drawn and played({"board": blank}) == played({"board": drawn})
    found = []
    for data in (drawn, blank):
        path = tmp_path / "board.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        done = run("--board", str(path), "--games", "40", "--seed", "7", "--format", "json")
        assert done.returncode == 0, done.stderr
        summary = json.loads(done.stdout)
        summary.pop("gamesPerSecond")
        found.append(summary)
    assert found[0] == found[1] and found[0]["games"] == 40
