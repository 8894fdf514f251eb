"""Numbers and text YAML allows but no scenario can use are located errors, never a Gaslight bug (exit 3).

Python refuses ``int()`` of more than 4,300 digits, YAML reads ``.nan``, ``.inf`` and ``1e400`` (infinity) as
numbers, and a ``"\\ud800"`` escape makes half a surrogate pair that no UTF-8 output can write. Each is
reported where it is written and the file is left out, while every other file of the project is checked.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gaslight.cli import main

from tests.conftest import messages

HUGE = "9" * 5000
DIGITS_FIX = "write a smaller number, or quote it if it is meant as text"
FINITE_FIX = "write a finite number, or quote it if it is meant as text"

# (file of the starter project, text in it, the same with a 5000-digit number, where that number starts, its path)
IN_EVERY_KIND = [
    ("boards/first-quarter.yaml", "{number: 1, at", f"{{number: {HUGE}, at", (14, 14), "circles[0].number"),
    ("rules/alibi-cards.yaml", "default: 5,", f"default: {HUGE},", (10, 39), "parameters.hand_size.default"),
    ("walton/mansion.yaml", "[gun-room, study]", f"[gun-room, {HUGE}]", (23, 16), "passages[6][1]"),
    ("walton/cases/first-case.yaml", "  - number: 1\n", f"  - number: {HUGE}\n", (12, 13), "cards[0].number"),
    ("decks/alibi-cards.yaml", "At the market, value: 2", f"At the market, value: {HUGE}", (26, 77),
     "cards[0].value"),
]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    """The starter project (``gaslight init``), as the working folder."""
    assert main(["init", str(tmp_path / "games")]) == 0
    capsys.readouterr()
    monkeypatch.chdir(tmp_path / "games")
    return tmp_path / "games"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _json_check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[tuple[object, ...]]]:
    code = main(["check", "--format", "json", *args])
    payload = json.loads(capsys.readouterr().out)
    return code, [(e["file"], e["line"], e["column"], e["path"], e["message"], e["fix"]) for e in payload["errors"]]


@pytest.mark.parametrize(("name", "old", "new", "at", "path"), IN_EVERY_KIND,
                         ids=[row[0].split("/")[0] for row in IN_EVERY_KIND])
def test_an_integer_of_5000_digits_is_located_and_every_other_file_is_still_checked(
        name: str, old: str, new: str, at: tuple[int, int], path: str, project: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    _edit(project / name, old, new)
    other = "boards/first-quarter.yaml" if not name.startswith("boards") else "decks/alibi-cards.yaml"
    _edit(project / other, "title: My board\n" if other.startswith("boards") else "title: Alibi cards\n", "title: 3\n")
    code, errors = _json_check(capsys)
    assert code == 1
    assert (name, *at, path, "this number has 5000 digits; Gaslight reads numbers of at most 100 digits",
            DIGITS_FIX) in errors
    title_line = 6 if other.startswith("boards") else 7
    title_error = ("expected text or a mapping of keys to values, found the number 3",  # a title may be written
                   "write text, or a map of language to text such as {en: …, ja: …}")  # per language
    assert (other, title_line, 8, "title", *title_error) in errors
    # A file left out is missing for the files that name it (a case's mansion, a deck's ruleset): said, located.
    assert all(line >= 1 and column >= 1 for _, line, column, *_ in errors)


def test_an_integer_of_5000_digits_in_gaslight_yaml_is_located(project: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    _edit(project / "gaslight.yaml", "exclude: []", f"exclude: [{HUGE}]")
    code, errors = _json_check(capsys)
    assert code == 1
    assert errors == [("gaslight.yaml", 15, 11, "exclude[0]",
                       "this number has 5000 digits; Gaslight reads numbers of at most 100 digits", DIGITS_FIX)]


BOARD = """\
# yaml-language-server: $schema=../schemas/board.schema.json
kind: board
id: mini
title: Mini
unit: mm
canvas: {width: 100, height: 100}
tokens: {women: 1, patrols: 1}
circles:
  - {number: 1, at: [10, 10], flags: [red]}
  - {number: 2, at: [50, 50]}
crossings:
  - {id: k1, at: [50, 10], flags: [yellow]}
  - {id: k2, at: [10, 50]}
segments:
  - [1, k1]
  - {between: [k1, 2], via: [[50, 30]]}
  - [2, k2]
  - [k2, 1]
places:
  - {name: Market, crossing: k1}
districts:
  - {id: D1, area: [[0, 0], [100, 0], [100, 100], [0, 100]]}
poster: {circle: 10}
min_distance: 1
"""

# (the text in BOARD, where a number is written, line:column of that number, its YAML path)
NUMBER_PLACES = [
    ("[[0, 0], [100, 0]", "[[{}, 0], [100, 0]", "22:22", "districts[0].area[0][0]"),
    ("[10, 10], flags", "[10, {}], flags", "9:26", "circles[0].at[1]"),
    ("{id: k2, at: [10, 50]}", "{id: k2, at: [{}, 50]}", "13:19", "crossings[1].at[0]"),
    ("via: [[50, 30]]", "via: [[50, {}]]", "16:35", "segments[1].via[0][1]"),
    ("width: 100,", "width: {},", "6:17", "canvas.width"),
    ("circle: 10}", "circle: {}}", "23:18", "poster.circle"),
    ("min_distance: 1", "min_distance: {}", "24:15", "min_distance"),
    ("women: 1,", "women: {},", "7:17", "tokens.women"),
]
NOT_FINITE = [
    (".nan", "'.nan' is not a number"),
    ("-.Inf", "'-.Inf' is infinite"),
    ("1e400", "'1e400' is too large to be a number (over 1.8e308)"),
    ("!!float 1e400", "'1e400' is too large to be a number (over 1.8e308)"),
]


@pytest.mark.parametrize(("written", "problem"), NOT_FINITE, ids=[w for w, _ in NOT_FINITE])
@pytest.mark.parametrize(("old", "new", "at", "path"), NUMBER_PLACES, ids=[p for *_, p in NUMBER_PLACES])
def test_a_number_that_is_not_finite_is_located_wherever_the_board_has_one(
        written: str, problem: str, old: str, new: str, at: str, path: str, write_yaml, check) -> None:
    # A NaN corner once reached GEOS: "gaslight:0:0: internal error ... Points of LinearRing do not form a closed
    # linestring"; an infinite one gave "inf is too large" or a GEOS error further on.
    assert BOARD.count(old) == 1
    board = write_yaml("b.yaml", BOARD.replace(old, new.replace("{}", written)))
    _, report = check(board)
    assert messages(report) == [f"b.yaml:{at}: error: {path}: {problem}; Gaslight reads finite numbers only "
                                f"(fix: {FINITE_FIX})"]


def test_a_nan_corner_of_a_district_through_the_command(write_yaml, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    board = write_yaml("b.yaml", BOARD.replace("[[0, 0], [100, 0]", "[[.nan, 0], [100, 0]"))
    monkeypatch.chdir(board.parent)
    assert main(["check", "b.yaml"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "b.yaml:22:22: error: districts[0].area[0][0]: '.nan' is not a number; Gaslight reads finite numbers "
        f"only (fix: {FINITE_FIX})",
        "1 error, 0 warnings"]


def test_every_unreadable_number_of_a_file_is_named_in_one_run(write_yaml, check) -> None:
    board = write_yaml("b.yaml", BOARD.replace("[10, 10], flags", f"[{HUGE}, .inf], flags")
                       .replace("width: 100,", "width: 0x" + "f" * 200 + ","))
    _, report = check(board)
    assert messages(report) == [
        "b.yaml:6:17: error: canvas.width: this number has 200 digits; Gaslight reads numbers of at most 100 digits "
        f"(fix: {DIGITS_FIX})",
        "b.yaml:9:22: error: circles[0].at[0]: this number has 5000 digits; Gaslight reads numbers of at most 100 "
        f"digits (fix: {DIGITS_FIX})",
        f"b.yaml:9:5024: error: circles[0].at[1]: '.inf' is infinite; Gaslight reads finite numbers only (fix: "
        f"{FINITE_FIX})"]


TEXT_FIX = "write text, or a map of language to text such as {en: …, ja: …}"


@pytest.mark.parametrize(("written", "expected"), [
    ("!!float 0x1F", "expected text or a mapping of keys to values, found the number 31.0"),  # was: ValueError
    # from float('0x1F'), exit 3
    ("!!int " + "9" * 101, "this number has 101 digits; Gaslight reads numbers of at most 100 digits"),
    ("-" + "9" * 100, "expected text or a mapping of keys to values, found the number -1.000e+100 (100 digits)"),
])
def test_tagged_and_long_numbers(written: str, expected: str, write_yaml, check) -> None:
    board = write_yaml("b.yaml", BOARD.replace("title: Mini", f"title: {written}"))
    _, report = check(board)
    fix = f" (fix: {DIGITS_FIX})" if "digits;" in expected else f" (fix: {TEXT_FIX})"
    assert messages(report) == [f"b.yaml:4:8: error: title: {expected}{fix}"]


def test_half_a_surrogate_pair_is_located_not_a_crash_when_printed(write_yaml, capsys, monkeypatch) -> None:
    # Printing the key once raised UnicodeEncodeError on a UTF-8 terminal: exit 3.
    board = write_yaml("b.yaml", BOARD.replace("title: Mini", 'title: "Mini \\ud83d"\n"\\udfff": 1'))
    monkeypatch.chdir(board.parent)
    assert main(["check", "b.yaml"]) == 1
    fix = "(fix: write the character itself, or its \\U escape (eight hex digits))"
    out = capsys.readouterr().out
    out.encode("utf-8")
    assert out.splitlines() == [
        f"b.yaml:4:8: error: title: the text holds \\ud83d, half of a surrogate pair, which is not a character {fix}",
        f"b.yaml:5:1: error: the text holds \\udfff, half of a surrogate pair, which is not a character {fix}",
        "2 errors, 0 warnings"]


def test_control_characters_in_a_message_are_shown_not_acted_on(write_yaml, capsys) -> None:
    board = write_yaml("b.yaml", BOARD.replace("title: Mini", 'title: Mini\n"\\e]0;pwned\\a\\u202e": 1'))
    assert main(["check", "--format", "github", str(board)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert "::error file=" in out and "unknown key '\\x1b]0;pwned\\x07\\u202e'" in out


def test_a_bad_number_brought_in_by_many_aliases_is_named_once(write_yaml, check) -> None:
    board = write_yaml("b.yaml", BOARD.replace("title: Mini", "title: Mini\nx: &x .nan\ny: &y [" + ", ".join(
        ["*x"] * 50) + "]\nz: [" + ", ".join(["*y"] * 50) + "]"))
    _, report = check(board)
    assert messages(report) == [
        f"b.yaml:5:4: error: x: '.nan' is not a number; Gaslight reads finite numbers only (fix: {FINITE_FIX})"]
