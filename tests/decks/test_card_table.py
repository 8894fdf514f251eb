"""Cards kept in a spreadsheet (``cards_file``): the same cards as YAML, every mistake at file:row:column."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.project import Project

from tests.conftest import messages
from tests.decks.test_deck_errors import BASE

Check = Callable[..., tuple[Project, Report]]
WriteYaml = Callable[[str, str], Path]

HEAD = BASE.split("cards:\n")[0]
TAIL = "composition:" + BASE.split("composition:")[1]
TABLE_DECK = HEAD + "cards_file: cards.csv\n" + TAIL
TABLE = """\
id,type,name,suit,value,copies,bonus,copies_as
red-1,number,Red one,red,1,2,,
red-2,number,Red two,red,2,,,
blue-1,number,Blue one,blue,1,2,,
blue-2,number,Blue two,blue,2,,,
joker,joker,Joker,,,,,red
"""


def _write(tmp_path: Path, table: str, deck: str = TABLE_DECK, name: str = "cards.csv",
           encoding: str = "utf-8") -> Path:
    folder = tmp_path / "decks"
    folder.mkdir(exist_ok=True)
    (folder / name).write_bytes(table.encode(encoding))
    path = folder / "mini.yaml"
    path.write_text(deck, encoding="utf-8")
    return path


def _plain(project: Project) -> list[tuple[object, ...]]:
    (deck,) = project.of_kind("deck")
    return [dataclasses.astuple(dataclasses.replace(card, location=None, text_location=None)) for card in deck.cards]


def test_a_table_gives_the_same_cards_as_yaml(tmp_path: Path, write_yaml: WriteYaml, check: Check) -> None:
    from_yaml, yaml_report = check(write_yaml("yaml/mini.yaml", BASE))
    from_table, table_report = check(_write(tmp_path, TABLE))
    assert messages(yaml_report) == messages(table_report) == []
    assert _plain(from_table) == _plain(from_yaml)


@pytest.mark.parametrize(("name", "text", "encoding"), [
    ("semicolons, as European spreadsheets save CSV", TABLE.replace(",", ";"), "utf-8"),
    ("tab-separated", TABLE.replace(",", "\t"), "utf-8"),
    ("a byte order mark, as Excel writes", TABLE, "utf-8-sig"),
    ("Windows line ends", TABLE.replace("\n", "\r\n"), "utf-8"),
])
def test_tables_as_spreadsheets_save_them(name: str, text: str, encoding: str, tmp_path: Path,
                                          write_yaml: WriteYaml, check: Check) -> None:
    suffix = "tsv" if "\t" in text else "csv"
    deck = TABLE_DECK.replace("cards.csv", f"cards.{suffix}")
    from_table, report = check(_write(tmp_path, text, deck, f"cards.{suffix}", encoding))
    from_yaml, _ = check(write_yaml("yaml/mini.yaml", BASE))
    assert messages(report) == []
    assert _plain(from_table) == _plain(from_yaml)


def test_yaml_cards_and_table_cards_add_up(tmp_path: Path, check: Check) -> None:
    deck = HEAD + "cards:\n  - {id: red-1, type: number, suit: red, name: Red one, value: 1, copies: 2}\n" \
        "cards_file: cards.csv\n" + TAIL
    table = "".join(line for line in TABLE.splitlines(keepends=True) if not line.startswith("red-1,"))
    project, report = check(_write(tmp_path, table, deck))
    assert messages(report) == []
    assert [c.id for c in project.of_kind("deck")[0].cards] == ["red-1", "red-2", "blue-1", "blue-2", "joker"]


def test_a_quoted_cell_may_hold_commas_quotes_and_line_breaks(tmp_path: Path, check: Check) -> None:
    deck = TABLE_DECK.replace("{id: joker, type: joker", "{id: joker, type: joker")
    table = TABLE.replace("id,type,name,suit,value,copies,bonus,copies_as",
                          "id,type,name,suit,value,copies,bonus,copies_as,text")
    table = "\n".join(line + ("," if i else "") for i, line in enumerate(table.splitlines())) + "\n"
    table = table.replace("joker,joker,Joker,,,,,red,", 'joker,joker,Joker,,,,,red,"Say ""any"", then\nwait"\n'
                          "late,number,Late,blue,xx,,,,")
    _, report = check(_write(tmp_path, table, deck))
    # the bad row after the two-line cell is found on its own line and column, named by its spreadsheet row
    assert messages(report) == [
        "cards.csv:8:23: error: row 7, value: expected a whole number, found the text 'xx' " + VALUE_FIX,
    ]


VALUE_FIX = ("(fix: write a whole number in the cell (the number in the card's corner), a mark such as ?, X or 1/2, "
             "or leave the cell empty)")
ROW = "blue-2,number,Blue two,blue,2,,,"
CASES: dict[str, tuple[str, str, list[str]]] = {
    "an unknown suit": (ROW, "blue-2,number,Blue two,green,2,,,", [
        "cards.csv:5:24: error: row 5, suit: suit 'green' does not exist "
        "(fix: name one of the deck's suits: blue, red)",
    ]),
    "a value that is not a number": (ROW, "blue-2,number,Blue two,blue,two,,,", [
        "cards.csv:5:29: error: row 5, value: expected a whole number, found the text 'two' " + VALUE_FIX,
    ]),
    "a missing column in a row": (ROW, "blue-2,number,Blue two,blue,2", [
        "cards.csv:5:1: error: row 5: row has 5 cells; the header names 8 columns (fix: add the missing cells "
        "(an empty cell means no value), or quote a cell that holds the delimiter)",
    ]),
    "an unknown column": ("bonus,copies_as", "bonsu,copies_as", [
        "cards.csv:1:32: warning: header of cards.csv: column 'bonsu' is not a card key or a field of the deck: its "
        "cells are ignored (fix: did you mean 'bonus'? to use it, map it under the deck's 'columns:', for example "
        "columns: {bonsu: bonus})",
    ]),
    "a column named twice": ("bonus,copies_as", "bonus,bonus", [
        "cards.csv:1:38: error: header of cards.csv: column 'bonus' appears twice (fix: keep one of the two columns)",
    ]),
    "no name column": ("id,type,name,", "id,type,label,", [
        "cards.csv:1:1: error: header of cards.csv: card table has no 'name' column (fix: add a 'name' column to "
        "the header row ('Title' is read as name too), or map yours under the deck's 'columns:')",
        "cards.csv:1:9: warning: header of cards.csv: column 'label' is not a card key or a field of the deck: its "
        "cells are ignored (fix: to use it, map it under the deck's 'columns:', for example columns: {label: text})",
    ]),
    "an empty id": ("blue-2,number", ",number", [
        "cards.csv:5:1: error: row 5, id: the 'id' cell is empty (fix: write the card's id, or delete the row)",
    ]),
    "a required field left empty": ("joker,joker,Joker,,,,,red", "joker,joker,Joker,,,,,", [
        "cards.csv:6:23: error: row 6, copies_as: a 'joker' card needs the field 'copies_as' "
        "(fix: fill in its 'copies_as' cell)",
    ]),
    "a field of the wrong type": ("joker,joker,Joker,,,,,red", "joker,joker,Joker,,,,lots,red", [
        "cards.csv:6:22: error: row 6, bonus: field 'bonus' must be a whole number (fix: write a whole number here)",
    ]),
    "a required value left empty": (ROW, "blue-2,number,Blue two,blue,,,,", [
        "cards.csv:5:29: error: row 5, value: a 'number' card needs a value (fix: fill in its 'value' cell)",
    ]),
    "an id the deck file already uses": ("joker,joker,Joker", "red-1,joker,Joker", [
        "cards.csv:6:1: error: row 6, id: id 'red-1' is already used by row 2 (fix: give every card its own id)",
    ]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_table_mistakes_are_located_and_explained(name: str, tmp_path: Path, check: Check) -> None:
    old, new, expected = CASES[name]
    assert TABLE.count(old) == 1
    _, report = check(_write(tmp_path, TABLE.replace(old, new)))
    assert [m.replace(f"{tmp_path.name}/", "") for m in messages(report)] == expected


def test_every_bad_row_is_reported_in_one_run(tmp_path: Path, check: Check) -> None:
    table = TABLE.replace("red-2,number,Red two,red,2,", "red-2,number,Red two,rouge,2,").replace(
        ROW, "blue-2,number,Blue two,blue,deux,,,")
    _, report = check(_write(tmp_path, table))
    assert [m.split(": error: ")[1].split(" (fix")[0] for m in messages(report) if "cards.csv" in m] == [
        "row 3, suit: suit 'rouge' does not exist", "row 5, value: expected a whole number, found the text 'deux'"]


@pytest.mark.parametrize(("written", "content", "expected"), [
    ("missing.csv", None, "mini.yaml:17:13: error: cards_file: card table 'missing.csv' does not exist "
                          "(fix: check the spelling; the path is relative to the deck file's folder (decks/))"),
    ("../outside.csv", "id,type,name\n", "mini.yaml:17:13: error: cards_file: card table '../outside.csv' lies "
                                         "outside the deck file's folder (fix: keep the file in the deck file's "
                                         "folder or a folder inside it)"),
    ("cards.csv", b"id,type,name\nr,number,\xff\n", "cards.csv:1:1: error: card table is not UTF-8 text "
                                                    "(invalid start byte) (fix: save it as CSV UTF-8 from your "
                                                    "spreadsheet)"),
    ("cards.csv", "", "cards.csv:1:1: error: card table has no header row (fix: start it with a row naming the "
                      "columns, for example id,type,name)"),
    ("cards.csv", 'id,type,name\nr,number,"open\n', "cards.csv:2:1: error: card table cannot be read: unexpected "
                                                    "end of data (fix: close every quoted cell with a quote)"),
])
def test_unreadable_tables(written: str, content: str | bytes | None, expected: str, tmp_path: Path,
                           check: Check) -> None:
    path = _write(tmp_path, "", TABLE_DECK.replace("cards.csv", written), "unused.csv")
    if content is not None:
        target = (path.parent / written)
        target.write_bytes(content if isinstance(content, bytes) else content.encode())
    _, report = check(path)
    assert [m for m in messages(report) if "composition" not in m] == [expected]


def test_a_table_of_too_many_rows_is_refused(tmp_path: Path, check: Check) -> None:
    rows = "".join(f"c{i},number,C,red,1,,,\n" for i in range(1002))
    _, report = check(_write(tmp_path, "id,type,name,suit,value,copies,bonus,copies_as\n" + rows))
    assert [m for m in messages(report) if "composition" not in m] == [
        "cards.csv:1002:1: error: card table has more than 1000 rows (fix: split the cards over several decks)"]


def test_a_deck_needs_cards_or_a_table(write_yaml: WriteYaml, check: Check) -> None:
    _, report = check(write_yaml("decks/mini.yaml", HEAD + TAIL))
    assert messages(report) == ["mini.yaml:2:1: error: missing required key 'cards' (fix: add 'cards:' with the "
                                "deck's cards, or 'cards_file:' naming a table of them)"]


def test_a_deck_of_more_than_2000_cards_is_refused(tmp_path: Path, check: Check) -> None:
    rows = "".join(f"c{i},number,C,red,1,100,,\n" for i in range(21))
    _, report = check(_write(tmp_path, "id,type,name,suit,value,copies,bonus,copies_as\n" + rows))
    assert [m for m in messages(report) if "composition" not in m] == [
        "mini.yaml:17:13: error: cards_file: the deck has 2100 cards (copies included); a deck may have at most 2000 "
        "(fix: split it into several decks, or lower 'copies')"]


def _workbook(path: Path, rows: list[list[object]]) -> None:
    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    book.save(path)


def _typed_rows(table: str) -> list[list[object]]:
    """The CSV table as a spreadsheet holds it: numbers as numbers, empty cells empty."""
    return [[int(cell) if cell.isdigit() else (cell or None) for cell in line.split(",")]
            for line in table.splitlines()]


def test_an_excel_workbook_gives_the_same_cards_as_yaml(tmp_path: Path, write_yaml: WriteYaml, check: Check) -> None:
    path = _write(tmp_path, "", TABLE_DECK.replace("cards.csv", "cards.xlsx"), "unused.csv")
    _workbook(path.parent / "cards.xlsx", _typed_rows(TABLE))
    from_table, report = check(path)
    from_yaml, _ = check(write_yaml("yaml/mini.yaml", BASE))
    assert messages(report) == []
    assert _plain(from_table) == _plain(from_yaml)


def test_workbook_mistakes_are_located_at_row_and_column(tmp_path: Path, check: Check) -> None:
    path = _write(tmp_path, "", TABLE_DECK.replace("cards.csv", "cards.xlsx"), "unused.csv")
    _workbook(path.parent / "cards.xlsx", _typed_rows(TABLE.replace(ROW, "blue-2,number,Blue two,green,2,,,")))
    _, report = check(path)
    assert messages(report) == ["cards.xlsx:5:4: error: row 5, suit: suit 'green' does not exist "
                                "(fix: name one of the deck's suits: blue, red)"]


@pytest.mark.parametrize(("content", "expected"), [
    (b"PK\x03\x04 not really a workbook", "cards.xlsx:1:1: error: card table cannot be read as an Excel workbook "
                                          "(BadZipFile) (fix: open it in your spreadsheet program and save it again "
                                          "as .xlsx, or as CSV)"),
    ("bomb", "cards.xlsx:1:1: error: card table unpacks to 80 MB; a workbook may unpack to at most 64 MB "
             "(fix: save the cards alone in a new workbook)"),
])
def test_unreadable_workbooks(content: bytes | str, expected: str, tmp_path: Path, check: Check) -> None:
    import zipfile

    path = _write(tmp_path, "", TABLE_DECK.replace("cards.csv", "cards.xlsx"), "unused.csv")
    target = path.parent / "cards.xlsx"
    if content == "bomb":
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (80 * 2**20))
    else:
        target.write_bytes(content)
    _, report = check(path)
    assert [m for m in messages(report) if "composition" not in m] == [expected]
