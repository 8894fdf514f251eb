"""Card tables as designers keep them (Squib and nanDECK CSVs, workbooks of several sheets): their column names,
a deck's ``columns:`` and ``sheet:``, and every mistake of a row reported in one run, in spreadsheet terms."""

from __future__ import annotations

import shutil
from pathlib import Path

from gaslight.diagnostics import Report

from tests.conftest import messages
from tests.decks.test_card_table import TABLE, TABLE_DECK, Check, _plain, _typed_rows, _write

FIXTURES = Path(__file__).parent / "fixtures" / "tables"


def _deck(tmp_path: Path, fixture: str, extra: str = "") -> Path:
    """The mini deck reading ``fixture`` (copied beside it), with ``extra`` lines after ``cards_file``."""
    path = _write(tmp_path, "", TABLE_DECK.replace("cards_file: cards.csv", f"cards_file: {fixture}{extra}"),
                  "unused.csv")
    shutil.copy(FIXTURES / fixture, path.parent / fixture)
    return path


def _table_lines(report: Report) -> list[str]:
    return [m for m in messages(report) if "composition" not in m]


def test_a_squib_table_reads_with_its_own_column_names(tmp_path: Path, check: Check) -> None:
    project, report = check(_deck(tmp_path, "squib.csv"))
    assert _table_lines(report) == [
        "squib.csv:1:43: warning: header of squib.csv: column 'Artist' is not a card key or a field of the deck: its "
        "cells are ignored (fix: did you mean 'art'? to use it, map it under the deck's 'columns:', for example "
        "columns: {Artist: art})"]
    (deck,) = project.of_kind("deck")
    assert [(c.id, c.name, c.value, c.copies) for c in deck.cards] == [
        ("red-1", "Red one", 1, 2), ("red-2", "Red two", 2, 1), ("blue-1", "Blue one", 1, 2),
        ("blue-2", "Blue two", 2, 1), ("joker", "Joker", None, 1)]
    assert deck.cards[0].text == "Draw a card.\n\nThen discard one."  # a paragraph break kept in the cell


def test_a_nandeck_table_in_capitals_with_semicolons_gives_colours_and_marks(tmp_path: Path, check: Check) -> None:
    project, report = check(_deck(tmp_path, "nandeck.csv"))
    assert _table_lines(report) == []
    (deck,) = project.of_kind("deck")
    assert [(c.copies, c.colour, c.shown_value) for c in deck.cards] == [
        (2, "#8b1e2d", "1"), (1, "", "2"), (2, "", "1"), (1, "", "2"), (1, "#222222", "?")]
    assert deck.colour_of(deck.cards[0]) == "#8b1e2d" and deck.cards[4].value is None


def test_columns_map_the_rest_and_say_what_they_cannot(tmp_path: Path, check: Check) -> None:
    table = TABLE.replace("bonus,copies_as", "Bonus Dmg,Acts As")
    deck = TABLE_DECK.replace("cards_file: cards.csv", "cards_file: cards.csv\ncolumns: {Bonus Dmg: bonus, "
                                                      "Acts as: copies_as, Missing: text}")
    _, report = check(_write(tmp_path, table, deck))
    assert _table_lines(report) == [
        "mini.yaml:18:58: warning: columns.Missing: columns: the card table has no column 'Missing' "
        "(fix: remove it, or check the header row)"]
    _, report = check(_write(tmp_path, table, deck.replace("Missing: text", "Missing: txet")))
    assert _table_lines(report) == [
        "mini.yaml:18:58: error: columns.Missing: columns: 'txet' is not a card key or a field of the deck's types "
        "(fix: did you mean 'text'?)"]


def test_two_columns_for_one_key_are_an_error(tmp_path: Path, check: Check) -> None:
    _, report = check(_write(tmp_path, TABLE.replace("bonus,copies_as", "Qty,copies_as")))
    assert _table_lines(report) == [
        "cards.csv:1:32: error: header of cards.csv: columns 'copies' and 'Qty' both give the cards' copies "
        "(fix: keep one of the two columns, or map one to another key under 'columns:')"]


def test_columns_and_sheet_need_a_table(write_yaml, check: Check) -> None:  # type: ignore[no-untyped-def]
    from tests.decks.test_deck_errors import BASE

    _, report = check(write_yaml("decks/mini.yaml", BASE.replace("game: other\n", "game: other\nsheet: Cards\n")))
    assert messages(report) == ["mini.yaml:6:1: error: sheet: 'sheet' says how to read the card table, but the deck "
                                "names none (fix: add 'cards_file:' naming the table, or remove 'sheet:')"]


def test_a_text_table_has_no_sheets(tmp_path: Path, check: Check) -> None:
    _, report = check(_write(tmp_path, TABLE, TABLE_DECK.replace("cards_file: cards.csv",
                                                                 "cards_file: cards.csv\nsheet: Cards")))
    assert _table_lines(report) == [
        "mini.yaml:18:8: error: sheet: 'sheet' names a sheet of a workbook, but 'cards.csv' is a text table with no "
        "sheets (fix: remove 'sheet:', or name the workbook (.xlsx) in 'cards_file:')"]


def _two_sheets(path: Path) -> None:
    """A workbook whose first sheet is notes and whose second, 'Cards', holds the cards (made here by openpyxl)."""
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Notes"
    book.active.append(["Printed at the game fair, version 3"])
    cards = book.create_sheet("Cards")
    for row in _typed_rows(TABLE.replace("id,type,name", "ID,Type,Title").replace(",copies,", ",qty,")):
        cards.append(row)
    book.save(path)


def test_a_workbooks_sheet_is_chosen_by_name(tmp_path: Path, write_yaml, check: Check) -> None:  # type: ignore[no-untyped-def]
    from tests.decks.test_deck_errors import BASE

    path = _write(tmp_path, "", TABLE_DECK.replace("cards_file: cards.csv", "cards_file: cards.xlsx\nsheet: cards"),
                  "unused.csv")
    _two_sheets(path.parent / "cards.xlsx")
    from_table, report = check(path)
    from_yaml, _ = check(write_yaml("yaml/mini.yaml", BASE))
    assert messages(report) == []
    assert _plain(from_table) == _plain(from_yaml)
    path.write_text(path.read_text(encoding="utf-8").replace("sheet: cards", "sheet: Crads"), encoding="utf-8")
    _, report = check(path)
    assert _table_lines(report) == ["mini.yaml:18:8: error: sheet: the workbook 'cards.xlsx' has no sheet 'Crads' "
                                    "(fix: did you mean 'Cards'?)"]
    path.write_text(path.read_text(encoding="utf-8").replace("sheet: Crads", "sheet: Rules"), encoding="utf-8")
    _, report = check(path)
    assert _table_lines(report) == ["mini.yaml:18:8: error: sheet: the workbook 'cards.xlsx' has no sheet 'Rules' "
                                    "(fix: name one of its sheets: Notes, Cards)"]


def test_a_row_with_three_mistakes_gives_three_errors_in_one_run(tmp_path: Path, check: Check) -> None:
    table = TABLE.replace("blue-2,number,Blue two,blue,2,,,", "blue-2,number,Blue two,green,two,lots,,")
    _, report = check(_write(tmp_path, table))
    assert _table_lines(report) == [
        "cards.csv:5:24: error: row 5, suit: suit 'green' does not exist (fix: name one of the deck's suits: "
        "blue, red)",
        "cards.csv:5:30: error: row 5, value: expected a whole number, found the text 'two' (fix: write a whole "
        "number in the cell (the number in the card's corner), a mark such as ?, X or 1/2, or leave the cell empty)",
        "cards.csv:5:34: error: row 5, copies: expected a whole number, found the text 'lots' (fix: write how many "
        "copies in the cell, from 1 to 100 (an empty cell means 1))"]


def test_an_empty_required_cell_does_not_hide_the_rows_other_mistakes(tmp_path: Path, check: Check) -> None:
    table = TABLE.replace("joker,joker,Joker,,,,,red", "joker,,Joker,,,0,,red")
    _, report = check(_write(tmp_path, table))
    assert _table_lines(report) == [
        "cards.csv:6:7: error: row 6, type: the 'type' cell is empty (fix: write the card's type, or delete the row)",
        "cards.csv:6:16: error: row 6, copies: 0 is too small (minimum 1) (fix: write how many copies in the cell, "
        "from 1 to 100 (an empty cell means 1))"]


def test_a_row_repeating_a_card_suggests_copies(tmp_path: Path, check: Check) -> None:
    table = TABLE.replace("red-2,number,Red two,red,2,,,\n", "red-1,number,Red one,red,1,,,\nred-1,number,Red one,"
                          "red,1,,,\n")
    _, report = check(_write(tmp_path, table.replace(",copies,", ",Qty,")))
    assert _table_lines(report) == [
        "cards.csv:3:1: error: row 3, id: id 'red-1' is already used by row 2, the same card (fix: delete this row "
        "and write 3 in row 2's 'Qty' cell)",
        "cards.csv:4:1: error: row 4, id: id 'red-1' is already used by row 2, the same card (fix: delete this row "
        "and write 4 in row 2's 'Qty' cell)"]
    _, report = check(_write(tmp_path, table.replace("red-1,number,Red one,red,1,,,\nred-1", "red-1,number,Red 1,"
                                                     "red,1,,,\nred-1", 1)))
    assert _table_lines(report)[0] == ("cards.csv:3:1: error: row 3, id: id 'red-1' is already used by row 2 "
                                       "(fix: give every card its own id)")


def test_a_squib_table_without_ids_names_its_cards_from_their_names(tmp_path: Path, check: Check) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    shutil.copy(FIXTURES / "squib-data.csv", folder / "data.csv")
    (folder / "witnesses.yaml").write_text("kind: deck\nid: witnesses\ntitle: Witnesses\ngame: other\n"
                                           "types: [{id: witness, name: Witness}]\ncards_file: data.csv\n",
                                           encoding="utf-8")
    project, report = check(folder / "witnesses.yaml")
    assert [m for m in messages(report) if "modeline" not in m] == [
        "data.csv:1:34: warning: header of data.csv: column 'Artist' is not a card key or a field of the deck: its "
        "cells are ignored (fix: did you mean 'art'? to use it, map it under the deck's 'columns:', for example "
        "columns: {Artist: art})",
        "data.csv:6:1: error: row 4, id: id 'night-watchman' is already used by row 3, the same card (fix: delete "
        "this row and write 2 in row 3's 'qty' cell)"]  # spreadsheet rows: the two-line cell is one row
    (folder / "data.csv").write_text((FIXTURES / "squib-data.csv").read_text(encoding="utf-8").rsplit(
        "Night watchman", 1)[0].replace(",type,", ",kind,").replace(",witness,", ",w,"), encoding="utf-8")
    project, report = check(folder / "witnesses.yaml")
    (deck,) = project.of_kind("deck")
    assert [(c.id, c.type, c.copies, c.shown_value) for c in deck.cards] == [
        ("nosy-neighbour", "witness", 2, "?"), ("night-watchman", "witness", 1, "2")]
