"""``gaslight check`` refuses a board on which the hunt cannot reach its end (issue 35 §2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.diagnostics import Report
from gaslight.domain.board import checks as board_checks
from gaslight.domain.board.finishing import nearest_home, red_circles_needed, women_run_out

from tests.boards.boardtext import board_text

FIXTURE = Path(__file__).parent / "fixtures" / "two-red-circles.yaml"
BASE = (8, 7, 6, 4), (5, 4, 3, 1), (1, 1, 2, 1)  # women tokens, marked ones, victims: night by night


def test_check_reports_the_old_starter_board_as_an_error_located_at_its_circles(capsys):
    assert main(["check", str(FIXTURE)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{FIXTURE.relative_to(Path.cwd()) if FIXTURE.is_relative_to(Path.cwd()) else FIXTURE}:10:1: error: "
        "circles: the hunt cannot finish on this board: it has 2 red circles and Jack kills 2 times before "
        "night 3; when each kill falls on a red circle, night 3 has no women pawn for Jack to kill and the game "
        "stops (fix: give the board at least 5 red circles (add 'flags: [red]'))",
        "1 error, 0 warnings"]


@pytest.mark.parametrize(("red", "expected"), [(1, (2, 1)), (2, (3, 2)), (3, (4, 3)), (4, (4, 4)), (5, None)])
def test_the_women_run_out_as_the_engine_plays_them(red, expected):
    # Night 3 kills two women pawns: with three red circles only one is left for it, and night 4 has none;
    # with four, night 3 kills two and night 4 has none.
    assert women_run_out(red, *BASE) == (None if expected is None else expected)
    assert red_circles_needed(*BASE) == 5


def test_no_marked_token_on_a_night_stops_the_hunt_whatever_the_board():
    assert women_run_out(50, (8,), (1, 0), (1, 1, 1)) == (2, 1)


def test_a_hideout_out_of_reach_of_every_red_circle_is_an_error(write_yaml, check):
    project, _ = check(write_yaml("fixture.yaml", board_text(tokens="{patrols: 2}")), deep=False)
    board = project.of_kind("board")[0]
    assert nearest_home(board, 19) == (1, 4)
    report = Report()
    board_checks.check_board(board, report, board_checks.HuntNeeds(women=5, track=0))
    assert [(d.message, d.fix) for d in report.diagnostics] == [(
        "the hunt cannot be won by Jack on this board: no circle that is not red (a hideout) lies within 0 normal "
        "moves of a red circle, the longest track of a night",
        "join the red circles to the rest of the map, or leave a circle near them without the red flag")]


def test_the_track_comes_from_the_ruleset(monkeypatch):
    from types import SimpleNamespace

    from gaslight.project import Project

    resolved = SimpleNamespace(parameters={"women_per_night": [6, 5], "marked_women_per_night": [2, 1],
                                           "police_count": 3, "fake_patrols": 0, "nights": 2,
                                           "victims_per_night": [1], "moves_per_night": 10,
                                           "time_of_crime_spaces": ["B", "A"]})
    monkeypatch.setattr("gaslight.domain.rules.ruleset.resolve", lambda ruleset, variant: resolved)
    needs = board_checks.hunt_needs(Project(models={"ruleset": (SimpleNamespace(id="whitechapel-hunt"),)}))
    assert needs == board_checks.HuntNeeds(6, 3, (1, 1), (6, 5), (2, 1), 11)
