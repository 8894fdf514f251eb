"""``gaslight stats``, the ruleset-driven token needs and the starter board."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from gaslight.cli import main
from gaslight.diagnostics import Report
from gaslight.domain.board import checks as board_checks
from gaslight.domain.board.geometry import analyse
from gaslight.project import Project, load_project
from gaslight.resources import BUNDLED_DIR, STARTER_DIR

from tests.boards.boardtext import board_text
from tests.conftest import messages


def test_stats_json_has_the_contract_keys(write_yaml, capsys):
    path = write_yaml("fixture.yaml", board_text())
    assert main(["stats", str(path), "--format", "json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures == {
        "board": "fixture", "circles": 6, "crossings": 7, "segments": 14, "blocks": 2, "red": 5, "yellow": 2,
        "jack_components": 1, "police_components": 1, "jack_links": 7, "police_links": 10,
        "jack_diameter": 3, "police_diameter": 3,
        "distances": {"moves": 15, "from_red": [{"circle": c, "within": 5} for c in (1, 2, 3, 5, 6)]},
        "problems": {"errors": 0, "warnings": 0},
    }


def test_stats_text_lists_the_figures(write_yaml, capsys):
    path = write_yaml("fixture.yaml", board_text())
    assert main(["stats", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "board fixture"
    assert "  circles                     6" in lines
    assert "  Jack's graph diameter       3" in lines
    assert lines[-6:] == ["circles within 15 normal moves of each red circle:",
                          *(f"      {c}  5" for c in (1, 2, 3, 5, 6))]


def test_stats_of_a_broken_board_still_prints_figures_and_exits_1(write_yaml, capsys):
    path = write_yaml("fixture.yaml", board_text(tokens=None))
    assert main(["stats", str(path), "--format", "json"]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["problems"] == {"errors": 2, "warnings": 0}
    assert "the board has 5 red circles but the hunt needs 8" in captured.err


def test_stats_of_a_disconnected_board_has_no_diameter(write_yaml, capsys):
    dropped = ("  - [2, k7]\n", "  - [k7, 5]\n", "  - [k4, 6]\n", "  - [6, k6]\n")  # circle 6 and k7 cut off
    text = board_text()
    for line in dropped:
        text = text.replace(line, "")
    main(["stats", str(write_yaml("fixture.yaml", text)), "--format", "json"])
    figures = json.loads(capsys.readouterr().out)
    assert (figures["jack_components"], figures["jack_diameter"], figures["police_diameter"]) == (2, None, None)


def test_stats_refuses_a_file_that_is_not_a_board(write_yaml, capsys):
    path = write_yaml("deck.yaml", "# yaml-language-server: $schema=../schemas/deck.schema.json\nkind: mansion\n")
    assert main(["stats", str(path)]) == 1
    assert "deck.yaml:2:1: error" in capsys.readouterr().err


def test_hunt_needs_come_from_the_ruleset(monkeypatch):
    resolved = SimpleNamespace(parameters={"women_per_night": [5, 4], "police_count": 3, "fake_patrols": 1,
                                           "nights": 3, "victims_per_night": [2, 1]})
    monkeypatch.setattr("gaslight.domain.rules.ruleset.resolve", lambda ruleset, variant: resolved)
    project = Project(models={"ruleset": (SimpleNamespace(id="whitechapel-hunt"),)})
    assert board_checks.hunt_needs(project) == board_checks.HuntNeeds(5, 4, (2, 1, 1), women_nights=(5, 4))


def test_hunt_needs_fall_back_when_the_ruleset_lacks_them(monkeypatch):
    monkeypatch.setattr("gaslight.domain.rules.ruleset.resolve",
                        lambda ruleset, variant: SimpleNamespace(parameters={}))
    project = Project(models={"ruleset": (SimpleNamespace(id="whitechapel-hunt"),)})
    assert board_checks.hunt_needs(project) == board_checks.HuntNeeds(8, 7, (1, 1, 2, 1))
    assert board_checks.hunt_needs(Project()) == board_checks.HuntNeeds()


@pytest.mark.parametrize(("tokens", "expected"), [
    ("{women: 6}", ["the board has 5 red circles but the hunt needs 6 (one per woman token)",
                    "the board has 2 yellow crossings but the hunt needs 7 (one per patrol token)"]),
    ("{patrols: 2}", ["the board has 5 red circles but the hunt needs 8 (one per woman token)"]),
    ("{women: 0, patrols: 0}", []),
])
def test_board_tokens_override_the_hunt(write_yaml, check, tokens, expected):
    project, _ = check(write_yaml("fixture.yaml", board_text(tokens=tokens)), deep=False)
    report = Report()
    board_checks.check_board(project.of_kind("board")[0], report)
    assert [d.message for d in report.diagnostics] == expected


RUN_OUT = ("the hunt cannot finish on this board: it has 5 red circles and Jack kills 5 times before night 4; "
           "when each kill falls on a red circle, night 4 has no women pawn for Jack to kill and the game stops")


@pytest.mark.parametrize(("victims", "expected", "fix"), [
    ((2, 2, 2, 2), [RUN_OUT], ["give the board at least 7 red circles (add 'flags: [red]')"]),
    ((1, 1, 2, 1), [], []),  # four kills before the last night: a fifth red circle is enough
])
def test_a_board_whose_red_circles_can_run_out_is_an_error(write_yaml, check, victims, expected, fix):
    project, _ = check(write_yaml("fixture.yaml", board_text(tokens="{patrols: 2}")), deep=False)
    report = Report()
    board_checks.check_board(project.of_kind("board")[0], report,
                             board_checks.HuntNeeds(women=2, victims=victims))
    assert [d.message for d in report.diagnostics] == expected
    assert [d.fix for d in report.diagnostics] == fix
    assert all(d.severity.value == "error" for d in report.diagnostics)


def test_the_starter_board_passes_every_geometry_and_graph_check():
    project, report = load_project([STARTER_DIR / "board.yaml"], deep=False)
    assert report.ok
    (board,) = project.of_kind("board")
    analysis = analyse(board)
    assert analysis.problems == ()
    # A six-by-four grid of lanes: every square of four circles is a block.
    assert [b.circles for b in analysis.blocks] == [
        (a, a + 1, a + 6, a + 7) for row in range(3) for a in range(1 + 6 * row, 6 + 6 * row)]
    full = Report()
    board_checks.check_board(board, full)  # the bundled hunt's needs, with the board's own token counts
    assert full.diagnostics == []


@pytest.mark.parametrize("name", sorted(p.name for p in (BUNDLED_DIR / "boards").glob("*.yaml")))
def test_bundled_boards_pass_every_board_check(name):
    project, report = load_project([BUNDLED_DIR / "boards" / name], deep=False)
    board_checks.check_project(project, report)
    assert [d.format_text() for d in report.diagnostics] == []
    assert all(analyse(board).blocks for board in project.of_kind("board"))


def test_a_board_without_districts_or_places_is_flagged_when_the_project_plays_letters(write_yaml, check):
    import shutil

    rules = write_yaml("rules/hunt.yaml", "placeholder")
    shutil.copy(BUNDLED_DIR / "rulesets" / "whitechapel-hunt.yaml", rules)
    _, report = check(write_yaml("fixture.yaml", board_text()), rules)
    assert messages(report) == [
        "fixture.yaml:15:1: warning: crossings: the letters rule ('whitechapel-hunt', variant 'letters' and 1 more) "
        "names districts, but board fixture has none: on it Jack can never send letters 1 to 3 (fix: add "
        "'districts' (and 'letters' to say which each letter uses), or do not play this board with letters)",
        "fixture.yaml:15:1: warning: crossings: the pawn letter ('whitechapel-hunt', variant 'letters' and 1 more) "
        "sends a pawn to a named place, but board fixture has none: on it Jack can never send the pawn letter "
        "(fix: add 'places' (and 'letters: {pawn: …}'), or do not play this board with letters)",
    ]
    _, alone = check(write_yaml("solo/fixture.yaml", board_text()))
    assert not [d for d in alone.diagnostics if "letter" in d.message], "no letters rule in the project: no warning"
