"""Card tables kept in an Excel workbook (.xlsx): one sheet read as rows of text, bounded before it is read.

A workbook is a zip of XML parts; it is weighed before openpyxl reads it (see :data:`MAX_WORKBOOK_WEIGHT`),
and only the sheet the deck names (``sheet:``, else the first) is read, 100 cells a row at most.

>>> cell_text(2.0), cell_text(True), cell_text(None)
('2', 'yes', '')
"""

from __future__ import annotations

import difflib
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gaslight.diagnostics import Location, Report

MAX_UNPACKED_BYTES = 64 * 1024 * 1024  # a workbook is a zip: bounded before it is read
MAX_WORKBOOK_PARTS = 1000  # files inside the zip: a workbook of a few sheets has about a dozen
# openpyxl reads every cell and string of the sheet (about 5 µs a tag, even past the columns we keep), every
# style and defined name (100-200 µs each) and every sheet's entry (1.7 ms; more on a busy machine). A workbook is
# weighed before it is read, each tag as the cells it costs, for at most ~3 s of reading: 1000 rows of 100 cells
# fit, while a 170 kB workbook of 1.5 million cells in one row (46 s), 300,000 fonts (73 s) or 300,000 sheets
# (8 minutes) is refused; a sheet weighs 2000, so at most 300 sheets.
MAX_WORKBOOK_WEIGHT = 600_000
_CELL_TAGS = frozenset({b"c", b"v", b"f", b"row", b"si", b"t", b"is", b"r"})
_TAG_WEIGHTS = {b"sheet": 2000}
_OTHER_TAG_WEIGHT = 40
_START_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)")
_REBUILD = "save the cards alone in a new workbook"


@dataclass(frozen=True)
class Record:
    """One row of a card table: its spreadsheet row number, the file line it starts on, its cells as text and
    where each cell starts (line, column) in the file."""

    row: int
    line: int
    cells: list[str]
    starts: list[tuple[int, int]]


@dataclass(frozen=True)
class SheetChoice:
    """Which sheet of a workbook holds the cards (None: the first), and where the deck file says so."""

    name: str | None = None
    where: Location | None = None


def cell_text(value: Any) -> str:
    """A spreadsheet cell as the text a CSV would hold (2.0 → "2", TRUE → "yes")."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def _weighed(path: str, where: Location, report: Report) -> bool:
    """Whether the workbook's zip is small enough to read (else reported)."""
    with zipfile.ZipFile(path) as archive:
        parts = archive.infolist()
        if len(parts) > MAX_WORKBOOK_PARTS:
            report.error(where, f"card table's workbook holds {len(parts)} files; a workbook may hold at most "
                                f"{MAX_WORKBOOK_PARTS}", fix=_REBUILD)
            return False
        unpacked = sum(item.file_size for item in parts)
        if unpacked > MAX_UNPACKED_BYTES:
            report.error(where, f"card table unpacks to {unpacked // 2**20} MB; a workbook may unpack to at most "
                                f"{MAX_UNPACKED_BYTES // 2**20} MB", fix=_REBUILD)
            return False
        if _too_heavy(archive, MAX_WORKBOOK_WEIGHT):
            report.error(where, f"card table's workbook is too large to read: its cells, strings, styles and sheets "
                                f"weigh more than {MAX_WORKBOOK_WEIGHT} cells", fix=_REBUILD + ", or as CSV")
            return False
    return True


def _sheet(book: Any, display: str, choice: SheetChoice, report: Report) -> Any:
    """The worksheet ``choice`` names (the first when it names none; any case), or None (reported)."""
    worksheets = {sheet.title: sheet for sheet in book.worksheets}  # charts sheets hold no cells
    if choice.name is None:
        return book.worksheets[0]
    if choice.name in worksheets:
        return worksheets[choice.name]
    folded = [name for name in worksheets if name.casefold() == choice.name.strip().casefold()]
    if len(folded) == 1:
        return worksheets[folded[0]]
    names = list(worksheets)
    close = difflib.get_close_matches(choice.name, names, n=1)
    shown = ", ".join(names[:20]) + (", …" if len(names) > 20 else "")
    report.error(choice.where or Location(display, 1, 1), f"the workbook '{display.rsplit('/', 1)[-1]}' has no "
                 f"sheet '{choice.name}'",
                 fix=f"did you mean '{close[0]}'?" if close else f"name one of its sheets: {shown}")
    return None


def xlsx_records(path: str, display: str, report: Report, choice: SheetChoice, max_rows: int, max_columns: int,
                 too_many_rows: Callable[[int], None],
                 too_many_columns: Callable[[tuple[int, int], str], None]) -> list[Record] | None:
    """The chosen sheet of an Excel workbook (openpyxl, read-only, values not formulas); cells at row:column."""
    from openpyxl import load_workbook

    where = Location(display, 1, 1)
    try:
        if not _weighed(path, where, report):
            return None
        book = load_workbook(path, read_only=True, data_only=True)
        try:
            sheet = _sheet(book, display, choice, report)
            if sheet is None:
                return None
            records: list[Record] = []
            for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):  # every column: 101st = error
                if number > max_rows + 1:
                    too_many_rows(number)
                    return None
                rest = row[max_columns:]  # a row is as wide as the sheet says (up to 16,384): counted, not read
                if len(rest) != rest.count(None) and any(cell_text(v).strip() for v in rest if v is not None):
                    too_many_columns((number, max_columns + 1), f"more than {max_columns}")
                    return None
                cells = [cell_text(value) for value in row[:max_columns]]
                while cells and not cells[-1].strip():
                    cells.pop()
                records.append(Record(number, number, cells, [(number, column) for column in range(1, len(cells) + 1)]))
        finally:
            book.close()
    except Exception as exc:  # whatever a damaged workbook makes the reader raise, the fault is the file's
        report.error(where, f"card table cannot be read as an Excel workbook ({type(exc).__name__})",
                     fix="open it in your spreadsheet program and save it again as .xlsx, or as CSV")
        return None
    width = len(records[0].cells) if records else 0
    padded = []  # an empty cell at a row's end is not written in a workbook: it is an empty value, not a gap
    for record in records[1:]:
        missing = max(0, width - len(record.cells))
        line, count = record.line, len(record.cells)
        padded.append(Record(record.row, line, record.cells + [""] * missing,
                             record.starts + [(line, count + k + 1) for k in range(missing)]))
    return records[:1] + padded


def _too_heavy(archive: Any, limit: int) -> bool:
    """Whether the workbook's parts, unpacked a piece at a time, weigh more than ``limit`` cells (see
    :data:`MAX_WORKBOOK_WEIGHT`)."""
    weight = 0
    for item in archive.infolist():
        with archive.open(item) as part:
            while chunk := part.read(1 << 20):
                for found in _START_TAG.finditer(chunk):
                    name = found[1]
                    weight += 1 if name in _CELL_TAGS else _TAG_WEIGHTS.get(name, _OTHER_TAG_WEIGHT)
                    if weight > limit:
                        return True
    return False
