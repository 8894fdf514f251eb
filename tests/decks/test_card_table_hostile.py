"""Hostile card tables: every bound is a located message, every number Gaslight cannot read is named at its cell,
and a table of very many mistakes prints a bounded report (repeats left out, with how many)."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.formats import format_report

from tests.conftest import messages
from tests.decks.test_card_table import TABLE, TABLE_DECK, Check, _plain, _typed_rows, _workbook, _write

HEADER = "id,type,name,suit,value,copies,bonus,copies_as\n"
XLSX_DECK = TABLE_DECK.replace("cards.csv", "cards.xlsx")
DIGITS_FIX = "(fix: write a smaller number, or quote it if it is meant as text)"


def _table_lines(report) -> list[str]:
    return [m for m in messages(report) if m.startswith("cards.")]


def test_a_header_of_100000_columns_is_one_located_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # Was: 100,000 "unknown column" errors, 30 MB of JSON.
    header = "id,type,name," + ",".join(f"c{i}" for i in range(100_000)) + "\n"
    deck = _write(tmp_path, header + "r,number,R\n")
    monkeypatch.chdir(deck.parent)
    assert main(["check", "--format", "json", "mini.yaml"]) == 1
    out = capsys.readouterr().out
    assert len(out) < 2000
    (error,) = [e for e in json.loads(out)["errors"] if e["file"] == "cards.csv"]
    assert (error["line"], error["column"], error["path"], error["message"], error["fix"]) == (
        1, 392, "header of cards.csv", "card table has 100003 columns; a card table may have at most 100",
        "keep the card's columns and the fields its type declares; move other data to another file")


def _many_bad_suits(tmp_path: Path) -> Path:
    rows = "".join(f"g{i},number,G,green,1,,,\n" for i in range(500))
    return _write(tmp_path, HEADER + rows)


def test_repeated_mistakes_are_capped_per_file_and_say_how_many_were_left_out(
        tmp_path: Path, check: Check, monkeypatch: pytest.MonkeyPatch) -> None:
    # Was: every one printed (500 lines here; 100,000 for a header of unknown columns).
    monkeypatch.chdir(tmp_path)
    _, report = check(_many_bad_suits(tmp_path))
    assert len([d for d in report.errors if d.location.file.endswith("cards.csv")]) == 500  # all are found
    shown = [line for line in format_report(report, "text").splitlines() if line.startswith("decks/cards.csv")]
    fix = "(fix: name one of the deck's suits: blue, red)"
    assert shown == [f"decks/cards.csv:{n}:{12 + len(str(n - 2))}: error: row {n}, suit: suit 'green' does not exist "
                     f"{fix}" for n in range(2, 22)] + [
        "decks/cards.csv:22:14: error: row 22, suit: … and 480 more like this in decks/cards.csv (left out) "
        "(fix: fix the ones shown, then check again)"]
    assert format_report(report, "text").splitlines()[-1] == "500 errors, 0 warnings"  # the count is of all


@pytest.mark.parametrize("fmt", ["json", "github", "sarif"])
def test_every_format_leaves_out_the_same_repeats(fmt: str, tmp_path: Path, check: Check,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _, report = check(_many_bad_suits(tmp_path))
    out = format_report(report, fmt)
    if fmt == "json":
        items = [e["message"] for e in json.loads(out)["errors"] if e["file"].endswith("cards.csv")]
    elif fmt == "sarif":
        items = [r["message"]["text"].split(" (fix:")[0] for r in json.loads(out)["runs"][0]["results"]
                 if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("cards.csv")]
    else:
        items = [line.split("::", 2)[2].split("suit: ", 1)[1].split(" (fix:")[0] for line in out.splitlines()
                 if "cards.csv" in line.split("::")[1]]
    assert items == ["suit 'green' does not exist"] * 20 + [
        "… and 480 more like this in decks/cards.csv (left out)"]


@pytest.mark.parametrize(("row", "expected"), [
    ("r,number,R,red," + "9" * 5000 + ",,,",  # was: ValueError (4,300-digit limit), "internal error", no cards
     f"cards.csv:2:16: error: row 2, value: this number has 5000 digits; Gaslight reads numbers of at most 100 "
     f"digits {DIGITS_FIX}"),
    ("r,number,R,red,1," + "1" * 101 + ",,",
     f"cards.csv:2:18: error: row 2, copies: this number has 101 digits; Gaslight reads numbers of at most 100 "
     f"digits {DIGITS_FIX}"),
    ("r,joker,R,,,,1e400,red",
     "cards.csv:2:14: error: row 2, bonus: '1e400' is too large to be a number (over 1.8e308); Gaslight reads finite "
     "numbers only (fix: write a finite number, or quote it if it is meant as text)"),
    ("r,number,R,red," + "x" * 10_001 + ",,,",
     "cards.csv:2:16: error: row 2: this cell holds 10001 characters; a card table's cell may hold at most 10000 "
     "(fix: shorten it)"),
    ('r,number,R,red,"' + "x" * 200_000 + '",,,',  # was: the csv module's "field larger than field limit (131072)"
     "cards.csv:2:1: error: a cell holds more than 10000 characters; a card table's cell may hold at most 10000 "
     "(fix: shorten the cell, or close its quote: a quote left open takes in the rest of the file)"),
])
def test_cells_gaslight_cannot_read_are_named_where_they_are(row: str, expected: str, tmp_path: Path,
                                                             check: Check) -> None:
    deck = TABLE_DECK.replace("bonus: {type: integer}", "bonus: {type: number}")
    _, report = check(_write(tmp_path, HEADER + row + "\n", deck))
    assert _table_lines(report) == [expected]


def test_a_table_with_mac_line_ends_reads_as_any_other(tmp_path: Path, write_yaml, check: Check) -> None:
    from tests.decks.test_deck_errors import BASE

    from_table, report = check(_write(tmp_path, TABLE.replace("\n", "\r")))
    from_yaml, _ = check(write_yaml("yaml/mini.yaml", BASE))
    assert messages(report) == []
    assert _plain(from_table) == _plain(from_yaml)


def _xlsx_deck(tmp_path: Path) -> Path:
    return _write(tmp_path, "", XLSX_DECK, "unused.csv")


def test_a_workbook_of_more_than_100_columns_is_refused(tmp_path: Path, check: Check) -> None:
    # Was: columns past the 100th silently dropped.
    path = _xlsx_deck(tmp_path)
    rows = _typed_rows(TABLE)
    _workbook(path.parent / "cards.xlsx", [rows[0] + [None] * 100 + ["bonus2"], *rows[1:]])
    _, report = check(path)
    assert _table_lines(report) == [
        "cards.xlsx:1:101: error: header of cards.xlsx: card table has more than 100 columns; a card table may have "
        "at most 100 (fix: keep the card's columns and the fields its type declares; move other data to another "
        "file)"]


def _replace_sheet(path: Path, sheet: bytes) -> None:
    with zipfile.ZipFile(path) as source:
        parts = {item.filename: source.read(item.filename) for item in source.infolist()}
    parts["xl/worksheets/sheet1.xml"] = sheet
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def test_a_small_workbook_of_a_million_cells_is_refused_before_it_is_read(tmp_path: Path, check: Check) -> None:
    # Was: 46 s for a 170 kB workbook whose one row holds 1.5 million cells (openpyxl reads every one).
    path = _xlsx_deck(tmp_path)
    _workbook(path.parent / "cards.xlsx", _typed_rows(TABLE))
    _replace_sheet(path.parent / "cards.xlsx", b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://'
                   b'schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">' +
                   b"<c><v>1</v></c>" * 1_500_000 + b"</row></sheetData></worksheet>")
    assert (path.parent / "cards.xlsx").stat().st_size < 200_000
    _, report = check(path)
    assert _table_lines(report) == [
        "cards.xlsx:1:1: error: card table's workbook is too large to read: its cells, strings, styles and sheets "
        "weigh more than 600000 cells (fix: save the cards alone in a new workbook, or as CSV)"]


@pytest.mark.parametrize("part", ["sheets", "styles"])
def test_a_workbook_of_thousands_of_sheets_or_styles_is_refused_before_it_is_read(part: str, tmp_path: Path,
                                                                                check: Check) -> None:
    # Was: openpyxl made every sheet (1.7 ms each: 8 minutes for 300,000) and every style (73 s for 300,000 fonts).
    import re

    path = _xlsx_deck(tmp_path)
    book = path.parent / "cards.xlsx"
    _workbook(book, _typed_rows(TABLE))
    with zipfile.ZipFile(book) as source:
        parts = {item.filename: source.read(item.filename) for item in source.infolist()}
    if part == "sheets":
        many = b"".join(b'<sheet name="S%d" sheetId="%d" r:id="rId1"/>' % (i, i + 2) for i in range(2000))
        parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(b"</sheets>", many + b"</sheets>")
    else:
        many = b'<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' * 20_000
        parts["xl/styles.xml"] = re.sub(rb"<cellXfs count=\"\d+\">", b'<cellXfs count="1">' + many,
                                        parts["xl/styles.xml"])
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    _, report = check(path)
    assert _table_lines(report) == [
        "cards.xlsx:1:1: error: card table's workbook is too large to read: its cells, strings, styles and sheets "
        "weigh more than 600000 cells (fix: save the cards alone in a new workbook, or as CSV)"]


def test_a_workbook_of_90000_files_is_refused_before_it_is_read(tmp_path: Path, check: Check) -> None:
    # Was: 2 s of CPU listing and opening them (19 s on a busy machine), then a KeyError.
    path = _xlsx_deck(tmp_path)
    with zipfile.ZipFile(path.parent / "cards.xlsx", "w") as archive:
        for i in range(90_000):
            archive.writestr(f"p{i}", b"")
    _, report = check(path)
    assert _table_lines(report) == [
        "cards.xlsx:1:1: error: card table's workbook holds 90000 files; a workbook may hold at most 1000 "
        "(fix: save the cards alone in a new workbook)"]


def test_a_sheet_claiming_16384_columns_is_read_100_cells_a_row(tmp_path: Path, check: Check,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # Was: every row of a sheet whose dimension says A1:XFD1048576 was read 16,384 cells wide (1,001 rows: 16
    # million cells turned into text, seconds of work) before 'more than 1000 rows' was said.
    from gaslight.domain.decks import workbook

    path = _xlsx_deck(tmp_path)
    _workbook(path.parent / "cards.xlsx", _typed_rows(TABLE))
    _replace_sheet(path.parent / "cards.xlsx", b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://'
                   b'schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/>'
                   b'<sheetData><row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData></worksheet>')
    read: list[object] = []
    real = workbook.cell_text
    monkeypatch.setattr(workbook, "cell_text", lambda value: read.append(value) or real(value))
    _, report = check(path)
    assert _table_lines(report) == ["cards.xlsx:1002:1: error: card table has more than 1000 rows "
                                    "(fix: split the cards over several decks)"]
    assert len(read) <= 1001 * 100


def test_what_a_spreadsheet_holds_besides_text_is_located(tmp_path: Path, check: Check) -> None:
    import datetime

    from openpyxl import Workbook

    path = _xlsx_deck(tmp_path)
    book = Workbook()
    sheet = book.active
    for row in _typed_rows(TABLE)[:3]:
        sheet.append(row)
    sheet.append(["f", "number", "Formula", "red", "=1/0"])  # no cached value: an empty cell
    sheet.append(["e", "number", "Error", "blue", "#DIV/0!"])
    sheet.append(["d", "number", "Date", "blue", datetime.date(2024, 2, 29)])
    sheet.append(["b", "number", "Bool", "blue", True])
    sheet.append(["h", "number", "Huge", "blue", 1e300])
    sheet.append(["m1", "number", "Merged", "blue", 1])
    sheet.append([None, "number", "Merged", "blue", 1])
    sheet.merge_cells("A9:A10")
    book.create_sheet("Second")
    book.save(path.parent / "cards.xlsx")
    _, report = check(path)
    whole = ("(fix: write a whole number in the cell (the number in the card's corner), a mark such as ?, X or 1/2, "
             "or leave the cell empty)")
    assert _table_lines(report) == [
        "cards.xlsx:4:5: error: row 4, value: a 'number' card needs a value (fix: fill in its 'value' cell)",
        f"cards.xlsx:5:5: error: row 5, value: expected a whole number, found the text '#DIV/0!' {whole}",
        f"cards.xlsx:6:5: error: row 6, value: expected a whole number, found the text '2024-02-29T00:00:00' {whole}",
        f"cards.xlsx:7:5: error: row 7, value: expected a whole number, found the text 'yes' {whole}",
        f"cards.xlsx:8:5: error: row 8, value: this number has 301 digits; Gaslight reads numbers of at most 100 "
        f"digits {DIGITS_FIX}",
        "cards.xlsx:10:1: error: row 10, id: the 'id' cell is empty (fix: write the card's id, or delete the row)"]


def test_a_damaged_workbook_is_one_located_error(tmp_path: Path, check: Check) -> None:
    path = _xlsx_deck(tmp_path)
    _workbook(path.parent / "cards.xlsx", _typed_rows(TABLE))
    data = bytearray((path.parent / "cards.xlsx").read_bytes())
    data[len(data) // 2: len(data) // 2 + 64] = b"\xff" * 64
    (path.parent / "cards.xlsx").write_bytes(bytes(data))
    _, report = check(path)
    (line,) = _table_lines(report)
    assert line.startswith("cards.xlsx:1:1: error: card table cannot be read as an Excel workbook (")
    assert line.endswith(") (fix: open it in your spreadsheet program and save it again as .xlsx, or as CSV)")


def test_the_fuzzers_hostile_cells_give_located_errors(tmp_path: Path, check: Check) -> None:
    from benchmarks.fuzz.tables import CELLS

    rows = "".join(f"c{i},number,C,red,{json.dumps(cell)},,,\n" for i, cell in enumerate(CELLS))
    _, report = check(_write(tmp_path, HEADER + rows))
    assert report.error_count
    assert all(d.location.line >= 1 and d.location.column >= 1 for d in report.diagnostics)
    io.StringIO().write(format_report(report, "text"))
