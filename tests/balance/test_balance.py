"""``gaslight balance``: bot self-play figures per board and variant, repeatable from the seed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from gaslight.cli import main
from gaslight.play.hunt import merge, report
from gaslight.play.stats import wilson
from gaslight.resources import BUNDLED_DIR

TUTORIAL = str(BUNDLED_DIR / "boards" / "tutorial.yaml")


def balance(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["balance", TUTORIAL, "--format", "json", *args])
    return code, json.loads(capsys.readouterr().out)


def test_the_json_contract_per_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = balance(capsys, "--games", "12", "--seed", "3", "--variant", "default", "--variant", "letters")
    assert code == 0
    assert data["format"] == "gaslight-balance/1"
    assert [(r["board"], r["variant"], r["games"], r["seed"]) for r in data["reports"]] == [
        ("tutorial", "default", 12, 3), ("tutorial", "letters", 12, 3)]
    for found in data["reports"]:
        assert list(found)[:8] == ["board", "variant", "seed", "strength", "games", "jack_wins", "jack_win_rate",
                                   "ci95"]
        assert found["jack_win_rate"] == round(found["jack_wins"] / 12, 4)
        assert list(wilson(found["jack_wins"], 12)) == found["ci95"]
        assert [n["night"] for n in found["by_night"]] == [1, 2, 3, 4]
        police = found["police_wins"]
        assert found["jack_wins"] + police["arrests"] + police["out_of_moves"] + police["cornered"] == 12
        ended = sum(n["arrests"] + n["out_of_moves"] + n["cornered"] for n in found["by_night"])
        assert ended == 12 - found["jack_wins"], "every police win ends on one night"
        assert sum(s["arrests"] for s in found["arrest_spots"]) == police["arrests"]
        assert sum(h["games"] for h in found["hideouts"]) == 12
        assert found["illegal_actions"] == 0


def test_the_report_does_not_depend_on_the_number_of_workers(capsys: pytest.CaptureFixture[str]) -> None:
    _, one = balance(capsys, "--games", "9", "--jobs", "1")
    _, three = balance(capsys, "--games", "9", "--jobs", "3")
    assert one == three
    _, other_seed = balance(capsys, "--games", "9", "--seed", "50")
    assert other_seed["reports"][0]["hideouts"] != one["reports"][0]["hideouts"]


def test_variants_played_in_one_process_report_as_each_played_alone(capsys: pytest.CaptureFixture[str]) -> None:
    _, together = balance(capsys, "--games", "8", "--variant", "default", "--variant", "long-night", "--jobs", "2")
    _, alone = balance(capsys, "--games", "8", "--variant", "long-night", "--jobs", "2")
    assert together["reports"][1] == alone["reports"][0]
    # Jack's hideout is his first choice, before the variants differ: the same seeds, the same hideouts.
    assert [h["circle"] for h in together["reports"][0]["hideouts"]] == \
        [h["circle"] for h in together["reports"][1]["hideouts"]]


def test_the_text_report_reads_as_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", TUTORIAL, "--games", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "board tutorial, whitechapel-hunt, default: 4 games from seed 1 (bot strength: Jack 1, police 1)"
    assert lines[1].startswith("  Jack wins ")
    assert lines[3] == "  night  escapes  arrests  out of moves  cornered"


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "0"], "gaslight: error: --games takes 1 to 100000 games, not 0"),
    (["--variant", "fogbound"], "gaslight: error: ruleset 'whitechapel-hunt' has no variant 'fogbound' (variants: "
                                "default, seed-003-hideout, long-night, letters, false-clues, wide-area-arrest, "
                                "all-optional-rules, learning-game)"),
])
def test_bad_requests_are_refused_with_a_reason(capsys: pytest.CaptureFixture[str], args: list[str],
                                                message: str) -> None:
    assert main(["balance", TUTORIAL, *args]) == 2
    assert capsys.readouterr().err.strip() == message


def test_without_node_the_command_says_what_to_install(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gaslight.play.hunt.shutil.which", lambda name: None)
    assert main(["balance", TUTORIAL, "--games", "2"]) == 2
    assert capsys.readouterr().err.strip() == (
        "gaslight: error: gaslight balance plays the browser engine's bots with Node.js (18 or later), which is not "
        "installed here; install it (Debian: apt-get install nodejs) and run the command again")


def test_merge_adds_the_workers_figures() -> None:
    part = {"games": 2, "jackWins": 1, "policeWins": 1, "arrests": 1, "cornered": 0, "outOfMoves": 0, "illegal": 0,
            "escapes": 3, "escapeMoves": 20, "actions": 90, "illegalExamples": [],
            "byNight": [{"night": 1, "escapes": 2, "arrests": 0, "outOfMoves": 0, "cornered": 0},
                        {"night": 2, "escapes": 1, "arrests": 1, "outOfMoves": 0, "cornered": 0}],
            "arrestSpots": {"7": 1}, "hideouts": {"3": [2, 1]}}
    total = merge([part, part])
    assert (total["games"], total["escapeMoves"], total["arrestSpots"], total["hideouts"]) == (4, 40, {"7": 2},
                                                                                              {"3": [4, 2]})
    assert total["byNight"][1] == {"night": 2, "escapes": 2, "arrests": 2, "outOfMoves": 0, "cornered": 0}
    assert part["hideouts"] == {"3": [2, 1]}, "the parts are not changed"


def test_games_that_stopped_are_reported_not_counted() -> None:
    summary = {"games": 10, "jackWins": 3, "policeWins": 5, "arrests": 5, "cornered": 0, "outOfMoves": 0,
               "illegal": 2, "escapes": 3, "escapeMoves": 30, "actions": 0, "byNight": [], "arrestSpots": {},
               "hideouts": {}, "illegalExamples": [{"who": "jack", "reason": "no women pawn is left"}]}
    found = report("b", "default", 1, summary)
    assert (found["finished"], found["jack_win_rate"], found["illegal_actions"]) == (8, 0.375, 2)
    assert found["stopped_because"] == ["jack: no women pawn is left"]


@pytest.mark.parametrize("board", ["first-quarter", "tutorial", "whitechapel"])
def test_the_starter_and_bundled_boards_finish_every_game(tmp_path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch, board: str) -> None:
    assert main(["init", str(tmp_path / "fog")]) == 0
    monkeypatch.chdir(tmp_path / "fog")
    target = board if board == "first-quarter" else str(BUNDLED_DIR / "boards" / f"{board}.yaml")
    capsys.readouterr()
    assert main(["balance", target, "--games", "30", "--seed", "5", "--format", "json"]) == 0
    for found in json.loads(capsys.readouterr().out)["reports"]:
        assert (found["illegal_actions"], found["finished"]) == (0, 30)
        assert 0 < found["jack_wins"] < 30, "each side wins some games"


@pytest.mark.parametrize(("board", "rate"), [("first-quarter", 0.37), ("tutorial", 0.375),
                                             ("whitechapel", 0.505)])
def test_the_starter_and_the_bundled_boards_give_each_side_a_real_chance(
        tmp_path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, board: str, rate: float) -> None:
    """The games a build plays for the balance pages (200 from seed 1; the starter under its own project's rules,
    the bundled board under the bundled hunt): Jack's rate pinned, inside the range where both sides have a chance."""
    from gaslight.outputs.balance import BUILD_GAMES, BUILD_SEED, FAIR_RANGE

    if board == "first-quarter":
        assert main(["init", str(tmp_path / "fog")]) == 0
        monkeypatch.chdir(tmp_path / "fog")
        capsys.readouterr()
    else:
        monkeypatch.chdir(tmp_path)
        board = str(BUNDLED_DIR / "boards" / f"{board}.yaml")
    assert main(["balance", board, "--games", str(BUILD_GAMES), "--seed", str(BUILD_SEED), "--format", "json"]) == 0
    (found,) = json.loads(capsys.readouterr().out)["reports"]
    assert found["jack_win_rate"] == rate
    assert FAIR_RANGE[0] <= found["jack_win_rate"] <= FAIR_RANGE[1]


def test_a_weaker_police_bot_lets_jack_win_more(capsys: pytest.CaptureFixture[str]) -> None:
    board = str(BUNDLED_DIR / "boards" / "whitechapel.yaml")
    rates = []
    for police in ("1", "0.2"):
        assert main(["balance", board, "--games", "40", "--police-strength", police, "--format", "json"]) == 0
        (found,) = json.loads(capsys.readouterr().out)["reports"]
        assert found["strength"] == {"jack": 1.0, "police": float(police)}
        rates.append(found["jack_win_rate"])
    assert rates[1] > rates[0] + 0.1, rates


def test_a_strength_outside_zero_to_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", TUTORIAL, "--jack-strength", "1.5"]) == 2
    assert capsys.readouterr().err.strip() == (
        "gaslight: error: a bot strength is a share of careful decisions, from 0 (every choice random) to 1 "
        "(the bot's best), not 1.5")


def test_a_designers_own_hunt_and_its_variant_are_played(tmp_path, monkeypatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["init", "fog"]) == 0
    monkeypatch.chdir(tmp_path / "fog")
    capsys.readouterr()
    assert main(["balance", "first-quarter", "--games", "6", "--variant", "pea-souper", "--format", "json"]) in (0, 1)
    (found,) = json.loads(capsys.readouterr().out)["reports"]
    assert (found["ruleset"], found["variant"], found["games"]) == ("foggy-nights", "pea-souper", 6)
    bundled = ["balance", "first-quarter", "--games", "6", "--ruleset", "whitechapel-hunt", "--format", "json"]
    assert main(bundled) in (0, 1)
    assert json.loads(capsys.readouterr().out)["reports"][0]["ruleset"] == "whitechapel-hunt"
    assert main(["balance", "first-quarter", "--ruleset", "mist"]) == 2
    assert capsys.readouterr().err == ("gaslight: error: the project has no hunt ruleset 'mist' (hunt rulesets: "
                                       "whitechapel-hunt, foggy-nights)\n")
    assert main(["balance", "first-quarter", "--variant", "gale"]) == 2
    assert capsys.readouterr().err.startswith("gaslight: error: ruleset 'foggy-nights' has no variant 'gale' "
                                              "(variants: default, ")
