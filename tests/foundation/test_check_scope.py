"""``gaslight check FILE`` checks FILE with the files it needs and the files that use it, and no other file.

Issue 32 §2 and issue 39: a deck's card table errors are the deck's, a mansion's errors show when its case is
checked, a mansion brings the cases it breaks, and unrelated files are neither reported nor read.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.commands.init import project_files
from gaslight.config import load_config
from gaslight.discover import UNREADABLE, Header, read_header
from gaslight.project import load_scoped
from gaslight.scope import check_scope

Run = Callable[..., tuple[int, list[str], str]]

TABLE_HEADER = "id,type,suit,name,value,copies,text\n"
INN_LINE = ("  - {id: at-the-inn, type: alibi, suit: night, name: At the inn, value: 2, copies: 2, "
            "text: The landlord poured your ale.}\n")
INN_ROW = "at-the-inn,alibi,night,At the inn,2,2,The landlord poured your ale.\n"
TABLE_ERROR = ("decks/cards.csv:2:35: error: row 2, value: expected a whole number, found the text 'two' (fix: write a "
               "whole number in the cell (the number in the card's corner), a mark such as ?, X or 1/2, or leave the "
               "cell empty)")
MOTIVE_ERRORS = [
    f"walton/cases/first-case.yaml:{line}: error: cards[{card}].claims[0].motive: 'shop' is not one of the Blake "
    "twins' motives (fix: allowed: dog, land, store)"
    for line, card in (("82:58", 8), ("98:53", 10), ("114:58", 12), ("210:58", 24))]
BROKEN_BOARD = ("boards/first-quarter.yaml:7:7: error: unit: the text 'cm' is not allowed here "
                "(fix: allowed: mm, pt, px)")


def write_project(root: Path) -> Path:
    """What ``gaslight init`` writes (without the schema copy), its deck's inn card moved to ``decks/cards.csv``."""
    for path, text in project_files(root, "Fog over Spitalfields").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    deck = root / "decks" / "alibi-cards.yaml"
    text = deck.read_text(encoding="utf-8")
    assert INN_LINE in text and "# cards_file: cards.csv" in text
    deck.write_text(text.replace(INN_LINE, "").replace("# cards_file: cards.csv", "cards_file: cards.csv"),
                    encoding="utf-8")
    (root / "decks" / "cards.csv").write_text(TABLE_HEADER + INN_ROW, encoding="utf-8")
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def break_table(root: Path) -> None:
    edit(root / "decks" / "cards.csv", INN_ROW, INN_ROW.replace(",2,2,", ",two,2,"))


def rename_motive(root: Path) -> None:
    edit(root / "walton" / "mansion.yaml", "{id: shop, name: The closed shop}", "{id: store, name: The closed shop}")


def break_board(root: Path) -> None:
    edit(root / "boards" / "first-quarter.yaml", "unit: mm", "unit: cm")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return write_project(tmp_path / "game")


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    """``run(folder, *argv)``: the command typed in ``folder``: (exit code, stdout lines, stderr)."""

    def go(folder: Path, *argv: str) -> tuple[int, list[str], str]:
        capsys.readouterr()
        monkeypatch.chdir(folder)
        code = main(list(argv))
        out, err = capsys.readouterr()
        return int(code), out.splitlines(), err

    return go


def test_the_project_with_a_card_table_is_clean(run, project):
    assert run(project, "check") == (0, ["0 errors, 0 warnings"], "")


@pytest.mark.parametrize("named", ["decks/alibi-cards.yaml", "decks", "decks/", "decks/cards.csv"])
def test_a_decks_card_table_errors_are_the_decks(run, project, named):
    break_table(project)
    code, out, _ = run(project, "check", named)
    came_along = ([f"checked {named} with what it needs: rules/alibi-cards.yaml"] if named != "decks/cards.csv" else
                  [f"checked {named} with what it needs: rules/alibi-cards.yaml",
                   f"checked {named} with what uses it: decks/alibi-cards.yaml"])
    assert (code, out) == (1, [*came_along, TABLE_ERROR, "1 error, 0 warnings"])


def test_a_deck_named_from_inside_its_folder(run, project):
    break_table(project)
    code, out, _ = run(project / "decks", "check", "alibi-cards.yaml")
    assert (code, out) == (1, ["checked alibi-cards.yaml with what it needs: ../rules/alibi-cards.yaml",
                               TABLE_ERROR.replace("decks/", ""), "1 error, 0 warnings"])


def test_a_mansion_brings_the_cases_its_change_breaks(run, project):
    rename_motive(project)
    code, out, _ = run(project, "check", "walton/mansion.yaml")
    assert (code, out) == (1, ["checked walton/mansion.yaml with what uses it: walton/cases/first-case.yaml",
                               *MOTIVE_ERRORS, "4 errors, 0 warnings"])
    code, out, _ = run(project, "check", "walton/cases/first-case.yaml")
    assert (code, out) == (1, ["checked walton/cases/first-case.yaml with what it needs: walton/mansion.yaml",
                               *MOTIVE_ERRORS, "4 errors, 0 warnings"])


def test_a_case_shows_the_errors_of_its_mansion(run, project):
    edit(project / "walton" / "mansion.yaml", "flags: [crime-scene]", "flags: [crime-scen]")
    code, out, _ = run(project, "check", "walton/cases/first-case.yaml")
    assert (code, out) == (1, [
        "checked walton/cases/first-case.yaml with what it needs: walton/mansion.yaml",
        "walton/cases/first-case.yaml:9:10: error: mansion: mansion 'my-mansion' in walton/mansion.yaml has errors, "
        "so this case cannot be proven (fix: fix the mansion's errors first)",
        "walton/mansion.yaml:15:38: error: rooms[6].flags[0]: the text 'crime-scen' is not allowed here (fix: use "
        "'start', 'crime-scene' or 'closed')",
        "2 errors, 0 warnings"])


def test_a_named_file_reports_none_of_the_unrelated_files(run, project):
    break_table(project)
    break_board(project)
    code, out, _ = run(project, "check", "walton/cases/first-case.yaml")
    assert (code, out) == (0, ["checked walton/cases/first-case.yaml with what it needs: walton/mansion.yaml",
                               "0 errors, 0 warnings"])
    code, out, _ = run(project, "check", "boards/first-quarter.yaml")
    assert code == 1 and out[1:] == [BROKEN_BOARD, "1 error, 0 warnings"]
    # The project's own rule file first, the bundled ruleset after it, wherever either lives on disk.
    assert out[0].startswith("checked boards/first-quarter.yaml with what it needs: rules/foggy-nights.yaml, ")
    assert out[0].endswith("/rulesets/whitechapel-hunt.yaml")


def test_all_checks_the_whole_project(run, project):
    break_table(project)
    rename_motive(project)
    break_board(project)
    whole = [BROKEN_BOARD, TABLE_ERROR, *MOTIVE_ERRORS, "6 errors, 0 warnings"]
    assert run(project, "check") == (1, whole, "")
    assert run(project, "check", "--all", "boards/first-quarter.yaml") == (1, whole, "")


def test_only_the_scope_is_read(project, monkeypatch):
    """Files outside the scope are scanned for their header, never parsed or checked."""
    monkeypatch.chdir(project)
    config, _ = load_config(project / "gaslight.yaml")
    assert config is not None
    loaded, report, scope = load_scoped(config, [Path("walton/cases/first-case.yaml")])
    assert sorted(d.file for d in loaded.documents) == ["walton/cases/first-case.yaml", "walton/mansion.yaml"]
    assert (report.ok, report.warnings) == (True, [])
    loaded, report, scope = load_scoped(config, [Path("rules/foggy-nights.yaml")])
    assert [p.relative_to(project).as_posix() for p in scope.named + scope.users] == [
        "rules/foggy-nights.yaml", "boards/first-quarter.yaml"]
    assert [p.name for p in scope.needed] == ["whitechapel-hunt.yaml"]


def test_a_table_no_deck_reads_is_said_so(run, project):
    (project / "decks" / "spare.csv").write_text(TABLE_HEADER, encoding="utf-8")
    code, out, _ = run(project, "check", "decks/spare.csv")
    assert (code, out) == (0, ["decks/spare.csv:1:1: warning: no deck of the project reads this file ('cards_file' "
                               "or 'art'), so nothing checks it (fix: name it in a deck, or leave it out of the "
                               "check)", "0 errors, 1 warning"])


def test_yaml_that_is_no_scenario_named_or_under_a_named_folder_is_warned(run, project):
    (project / "decks" / "notes.yaml").write_text("- print on card stock\n", encoding="utf-8")
    warning = ("decks/notes.yaml:1:1: warning: not a scenario file (no top-level 'kind:'); left out (fix: add "
               "'kind: …' if it is one, or list it under 'exclude' in gaslight.yaml)")
    code, out, _ = run(project, "check", "decks")
    assert code == 0 and out[1:] == [warning, "0 errors, 1 warning"]
    assert run(project, "check", "decks/notes.yaml") == (0, [warning, "0 errors, 1 warning"], "")
    assert run(project, "check", ".pre-commit-config.yaml", ".gitignore") == (0, ["0 errors, 0 warnings"], "")


def test_a_missing_path_is_an_error(run, project):
    code, out, _ = run(project, "check", "boards/nowhere.yaml")
    assert (code, out) == (1, ["boards/nowhere.yaml: error: no such file or folder (fix: check the path)",
                               "1 error, 0 warnings"])


def h(name: str, **values: str) -> Header:
    return Header(Path(name), values)


def scoped(named: str, *headers: Header) -> tuple[list[str], list[str]]:
    scope = check_scope([Path(named)], headers)
    return [p.name for p in scope.needed], [p.name for p in scope.users]


def test_scope_follows_extends_games_and_hunt_families():
    hunt = h("hunt.yaml", kind="ruleset", id="whitechapel-hunt", game="hunt")
    fog = h("fog.yaml", kind="ruleset", id="fog", extends="whitechapel-hunt")
    rummy = h("rummy.yaml", kind="ruleset", id="rummy", game="rummy")
    board = h("board.yaml", kind="board", id="b")
    by_game = h("deck.yaml", kind="deck", id="d", game="rummy")
    by_id = h("deck2.yaml", kind="deck", id="d2", ruleset="fog")
    files = (hunt, fog, rummy, board, by_game, by_id)
    assert scoped("board.yaml", *files) == (["fog.yaml", "hunt.yaml"], [])
    assert scoped("deck.yaml", *files) == (["rummy.yaml"], [])
    assert scoped("deck2.yaml", *files) == (["fog.yaml", "hunt.yaml"], [])
    assert scoped("fog.yaml", *files) == (["hunt.yaml"], ["board.yaml", "deck2.yaml"])
    assert scoped("hunt.yaml", *files) == ([], ["board.yaml", "deck2.yaml", "fog.yaml"])
    assert scoped("rummy.yaml", *files) == ([], ["deck.yaml"])


def test_scope_takes_files_sharing_an_id_or_a_game_and_any_file_an_unreadable_reference_may_name():
    first = h("a.yaml", kind="board", id="b")
    twin = h("b.yaml", kind="board", id="b")
    other = h("c.yaml", kind="board", id="c")
    assert scoped("a.yaml", first, twin, other) == ([], ["b.yaml"])
    one = h("r1.yaml", kind="ruleset", id="r1", game="rummy")
    two = h("r2.yaml", kind="ruleset", id="r2", game="rummy")
    assert scoped("r1.yaml", one, two) == ([], ["r2.yaml"])
    case = h("case.yaml", kind="case", id="x", mansion=UNREADABLE)
    houses = (h("m1.yaml", kind="mansion", id="m1"), h("m2.yaml", kind="mansion", id="m2"))
    assert scoped("case.yaml", case, *houses) == (["m1.yaml", "m2.yaml"], [])
    assert scoped("case.yaml", h("case.yaml", kind="case", id="x", mansion="m2"), *houses) == (["m2.yaml"], [])
    assert scoped("case.yaml", h("case.yaml", kind="case", id="x", mansion="m3"), *houses) == (
        ["m1.yaml", "m2.yaml"], []), "a misspelt id brings every file of its kind, for the 'did you mean'"


def test_a_file_whose_kind_or_id_the_scan_cannot_read_may_be_any():
    odd = h("odd.yaml", kind=UNREADABLE, id="x", mansion="house")
    house = h("house.yaml", kind="mansion", id="house")
    board = h("board.yaml", kind="board", id="b")
    assert scoped("odd.yaml", odd, house, board) == (["house.yaml"], [])
    assert scoped("house.yaml", odd, house, board) == ([], ["odd.yaml"])
    unnamed = h("unnamed.yaml", kind="board", id=UNREADABLE)
    assert scoped("board.yaml", unnamed, board, house) == ([], ["unnamed.yaml"])


def test_a_misspelt_reference_gets_the_same_suggestion_as_in_the_whole_check(run, project):
    edit(project / "walton" / "cases" / "first-case.yaml", "\nmansion: my-mansion", "\nmansion: my-mansio")
    error = ("walton/cases/first-case.yaml:9:10: error: mansion: mansion 'my-mansio' is not among the checked files "
             "(fix: did you mean 'my-mansion'?)")
    assert run(project, "check") == (1, [error, "1 error, 0 warnings"], "")
    assert run(project, "check", "walton/cases/first-case.yaml") == (1, [
        "checked walton/cases/first-case.yaml with what it needs: walton/mansion.yaml", error,
        "1 error, 0 warnings"], "")


@pytest.mark.parametrize(("text", "values"), [
    ("kind: case\nid: first\nmansion: house  # the house\n", {"kind": "case", "id": "first", "mansion": "house"}),
    ("kind: 'deck'\n\"id\": \"d\"\nruleset:\n  nested\n", {"kind": "deck", "id": "d", "ruleset": UNREADABLE}),
    ("kind: ruleset\nid: r\nrules:\n  - id: nested\n    game: no\nextends: &a base\n",
     {"kind": "ruleset", "id": "r", "extends": UNREADABLE}),
    ("{kind: mansion, id: flow, title: T}\n", {"kind": "mansion", "id": "flow"}),
    ("\ufeffkind: board\r\nid: crlf\r\n", {"kind": "board", "id": "crlf"}),
    ("# a flow mapping over lines\n{kind: case,\nid: first,\nmansion: house}\n",
     {"kind": "case", "id": "first", "mansion": "house"}),
    ("kind: !!str case\nid: x,y\n", {"kind": UNREADABLE, "id": UNREADABLE}),
])
def test_headers_are_read_without_parsing(tmp_path, text, values):
    path = tmp_path / "file.yaml"
    path.write_text(text, encoding="utf-8")
    assert dict(read_header(path).values) == values
