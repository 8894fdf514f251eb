"""Every kind of loading mistake gets an exact, located message (table-driven)."""

from __future__ import annotations

import pytest
from gaslight.project import display_path

from tests.conftest import messages

MODELINE = "# yaml-language-server: $schema=../schemas/board.schema.json\n"

VALID_BOARD = MODELINE + """\
kind: board
id: mini
title: Mini
unit: mm
canvas: {width: 100, height: 100}
tokens: {women: 5, patrols: 1}
circles:
  - {number: 1, at: [10, 10], flags: [red]}
  - {number: 2, at: [50, 50]}
  - {number: 3, at: [90, 10], flags: [red]}
  - {number: 4, at: [90, 50], flags: [red]}
  - {number: 5, at: [10, 90], flags: [red]}
  - {number: 6, at: [50, 90], flags: [red]}
crossings:
  - {id: k1, at: [50, 10], flags: [yellow]}
  - {id: k2, at: [10, 50]}
segments:
  - [1, k1]
  - [k1, 2]
  - [2, k2]
  - [k2, 1]
  - [k1, 3]
  - [3, 4]
  - [4, k1]
  - [k2, 5]
  - [5, 6]
  - [6, k2]
"""

CASES = [
    pytest.param(
        VALID_BOARD.replace("title: Mini", "title: [Mini"),
        ["bad.yaml:5:5: error: YAML syntax error: expected ',' or ']', but got ':' "
         "(fix: check the indentation, quotes and colons on this line and the one before)"],
        id="yaml-syntax",
    ),
    pytest.param(
        VALID_BOARD.replace("unit: mm\n", "unit: mm\nid: again\n"),
        ["bad.yaml:6:1: error: id: duplicate key 'id' (first written at line 3) (fix: keep one of the two entries)"],
        id="duplicate-key",
    ),
    pytest.param(
        VALID_BOARD.replace("{number: 2, at: [50, 50]}", "{number: 2, at: [50, 50], flag: [red]}"),
        ["bad.yaml:10:31: error: circles[1].flag: unknown key 'flag' (fix: did you mean 'flags'?)"],
        id="unknown-key",
    ),
    pytest.param(
        VALID_BOARD.replace("{number: 2,", "{number: two,"),
        ["bad.yaml:10:14: error: circles[1].number: expected a whole number, found the text 'two'"],
        id="wrong-type",
    ),
    pytest.param(
        VALID_BOARD.replace("unit: mm\n", ""),
        ["bad.yaml:2:1: error: missing required key 'unit' (fix: add 'unit:' here)"],
        id="missing-required",
    ),
    pytest.param(
        VALID_BOARD.replace("[k1, 2]", "[k1, 7]"),
        ["bad.yaml:20:10: error: segments[1][1]: circle 7 does not exist "
         "(fix: name a circle by its number or a crossing by its id)"],
        id="unknown-reference",
    ),
    pytest.param(
        VALID_BOARD.replace("kind: board", "kind: bored"),
        ["bad.yaml:2:7: error: kind: unknown kind the text 'bored' (fix: did you mean 'board'?)"],
        id="unknown-kind",
    ),
    pytest.param(
        VALID_BOARD.replace("kind: board\n", ""),
        ["bad.yaml:2:1: error: missing required key 'kind' (fix: add 'kind:' with one of: "
         "board, ruleset, mansion, case, deck)"],
        id="missing-kind",
    ),
    pytest.param(
        MODELINE,
        ["bad.yaml:1:1: error: file is empty (fix: start with a 'kind:' line (see 'gaslight new'))"],
        id="empty",
    ),
    pytest.param(
        VALID_BOARD + "---\nkind: board\n",
        ["bad.yaml:30:1: error: file holds more than one YAML document (fix: keep one scenario per file)"],
        id="two-documents",
    ),
    pytest.param(
        MODELINE + "- kind: board\n",
        ["bad.yaml:2:1: error: a scenario file must be a mapping of keys to values "
         "(fix: start with 'kind: …' (see 'gaslight new'))"],
        id="not-a-mapping",
    ),
    pytest.param(
        MODELINE + "a: &a [*a]\n",
        ["bad.yaml:1:1: error: an anchor refers to itself (recursive alias) (fix: remove the alias)"],
        id="recursive-alias",
    ),
    pytest.param(
        VALID_BOARD.replace(MODELINE, ""),
        ["bad.yaml:1:1: warning: no schema modeline on the first line (fix: start the file with "
         "'# yaml-language-server: $schema=…/schemas/board.schema.json')"],
        id="no-modeline",
    ),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_each_mistake_has_an_exact_located_message(write_yaml, check, text, expected):
    _, report = check(write_yaml("bad.yaml", text))
    assert messages(report) == expected


def test_valid_board_loads_into_frozen_models(write_yaml, check):
    project, report = check(write_yaml("mini.yaml", VALID_BOARD), deep=False)
    assert messages(report) == []
    (board,) = project.of_kind("board")
    assert [c.number for c in board.circles] == [1, 2, 3, 4, 5, 6]
    assert board.segments[1].location.line == 20
    with pytest.raises(AttributeError):
        board.title = "changed"  # type: ignore[misc]


def test_three_mistakes_in_one_file_are_all_reported(write_yaml, check):
    text = (VALID_BOARD.replace("title: Mini", "title: 3")
            .replace("unit: mm", "unit: cm")
            .replace("{number: 2, at: [50, 50]}", "{number: 2, at: [50, 50], colour: red}"))
    _, report = check(write_yaml("three.yaml", text))
    assert messages(report) == [
        "three.yaml:4:8: error: title: expected text or a mapping of keys to values, found the number 3 (fix: write "
        "text, or a map of language to text such as {en: …, ja: …})",
        "three.yaml:5:7: error: unit: the text 'cm' is not allowed here (fix: allowed: mm, pt, px)",
        "three.yaml:10:31: error: circles[1].colour: unknown key 'colour' (fix: allowed: at, flags, number)",
    ]


def test_errors_from_several_files_are_collected_in_one_run(write_yaml, check):
    first = write_yaml("a/one.yaml", VALID_BOARD.replace("unit: mm", "unit: cm"))
    write_yaml("a/two.yaml", VALID_BOARD.replace("id: mini", "id: other").replace("{number: 1,", "{number: x,"))
    _, report = check(first.parent)
    assert [d.location.file.rsplit("/", 1)[-1] for d in report.errors] == ["one.yaml", "two.yaml"]


def test_alias_bomb_fails_fast_with_a_located_error(write_yaml, check):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    _, report = check(write_yaml("bomb.yaml", MODELINE + "\n".join(lines) + "\n"))
    assert messages(report) == [
        "bomb.yaml:2:1: error: aliases bring in more than 100000 values (an alias bomb?) "
        "(fix: write the data out instead of nesting aliases)"
    ]


def test_merge_keys_and_anchors_are_supported(write_yaml, check):
    text = VALID_BOARD.replace(
        "canvas: {width: 100, height: 100}", "canvas: &size {width: 100, height: 100}\nmin_distance: 2"
    )
    project, report = check(write_yaml("anchors.yaml", text), deep=False)
    assert report.ok and project.of_kind("board")[0].min_distance == 2


def test_non_utf8_file_is_a_located_error(tmp_path, check):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("title: caf\xe9\n".encode("latin-1"))
    _, report = check(path)
    assert messages(report) == [
        "latin1.yaml:1:1: error: file is not UTF-8 text (invalid continuation byte) (fix: save it as UTF-8)"
    ]


def test_missing_path_is_reported(tmp_path, check):
    _, report = check(tmp_path / "nope")
    assert messages(report) == ["nope: error: no such file or folder (fix: check the path)"]


def test_duplicate_ids_across_files(write_yaml, check):
    first = write_yaml("d/a.yaml", VALID_BOARD)
    write_yaml("d/b.yaml", VALID_BOARD)
    _, report = check(first.parent, deep=False)
    assert messages(report) == [
        f"b.yaml:2:1: error: id: board id 'mini' is already used by {display_path(first)}:2:1"
        " (fix: give each file its own id)"
    ]
