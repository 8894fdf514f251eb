"""Cards kept in a spreadsheet beside the deck file: CSV, tab-separated text, or an Excel workbook (.xlsx).

The header row names the columns: the card keys of the deck schema (``id``, ``type``, ``name``,
``suit``, ``value``, ``copies``, ``text``, ``flavour``, ``playtest``, ``art``) and any field a card
type declares. Each later row is one card; an empty cell means "no value". Cells are typed the way
the YAML would be (whole numbers for ``value`` and ``copies``, yes/no for ``playtest``, a field's
declared type), then the rows go through the same schema and loader as cards written in YAML, so
the errors are the same, located at ``cards.csv:ROW:COLUMN``.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "cards.csv").write_text("id,type,name,value\\nr1,number,One,1\\nr2,number,Two,x\\n")
>>> table = read_table(str(folder / "deck.yaml"), "decks/deck.yaml", "cards.csv", {}, Location("d", 1, 1), Report())
>>> table.data["cards"][1], str(table.loc(("cards", 1, "value"))), table.loc(("cards", 1, "value")).path
({'id': 'r2', 'type': 'number', 'name': 'Two', 'value': 'x'}, 'decks/cards.csv:3:15', 'row 3, value')
"""

from __future__ import annotations

import csv
import io
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gaslight.diagnostics import Location, Report
from gaslight.domain.decks.art import beside
from gaslight.schema import suggest
from gaslight.yaml12 import ScalarProblem, check_digits, check_finite
from gaslight.yamlio import MAX_FILE_BYTES, Document, YamlPath

CARD_COLUMNS = ("id", "type", "name", "suit", "value", "copies", "text", "flavour", "playtest", "art")
REQUIRED_COLUMNS = ("id", "type", "name")
WHOLE_COLUMNS = ("value", "copies")
MAX_ROWS = 1000
MAX_COLUMNS = 100
MAX_CELL_CHARS = 10_000  # a card's longest text is a few hundred characters
MAX_UNPACKED_BYTES = 64 * 1024 * 1024  # a workbook is a zip: bounded before it is read
MAX_WORKBOOK_PARTS = 1000  # files inside the zip: a workbook of a few sheets has about a dozen
# openpyxl reads every cell and string of the first sheet (about 5 µs a tag, even past the columns we keep), every
# style and defined name (100-200 µs each) and every sheet's entry (1.7 ms; more on a busy machine). A workbook is
# weighed before it is read, each tag as the cells it costs, for at most ~3 s of reading: 1000 rows of 100 cells
# fit, while a 170 kB workbook of 1.5 million cells in one row (46 s), 300,000 fonts (73 s) or 300,000 sheets
# (8 minutes) is refused; a sheet weighs 2000, so at most 300 sheets.
MAX_WORKBOOK_WEIGHT = 600_000
_CELL_TAGS = frozenset({b"c", b"v", b"f", b"row", b"si", b"t", b"is", b"r"})
_TAG_WEIGHTS = {b"sheet": 2000}
_OTHER_TAG_WEIGHT = 40
_START_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)")
_WHOLE = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_YES, _NO = frozenset({"true", "yes", "y", "1", "x"}), frozenset({"false", "no", "n", "0"})


@dataclass(frozen=True)
class TableDocument(Document):
    """Rows of a card table as ``{"cards": [...]}``; locations say ``row N, column`` instead of a YAML path."""

    rows: Mapping[int, int] = field(default_factory=dict)  # card index → line of its row

    def _find(self, path: YamlPath, table: Mapping[YamlPath, tuple[int, int]]) -> Location:
        found = super()._find(path, table)
        if len(path) < 2 or not isinstance(path[1], int) or path[1] not in self.rows:
            return found.at(f"header of {posixpath.basename(self.file)}")
        column = path[-1] if len(path) > 2 else ""
        return found.at(f"row {self.rows[path[1]]}" + (f", {column}" if column else ""))


def _cell_starts(record: str, delimiter: str, first_line: int, cells: int) -> list[tuple[int, int]]:
    """(line, column) where each of ``cells`` cells of one raw record starts, with the csv module's quoting:
    a quote opens a quoted cell only at its start, and ``""`` inside one is a quote."""
    starts, line, column = [(first_line, 1)], first_line, 1
    quoted, at_start, just_closed = False, True, False
    for char in record:
        if quoted:
            if char == '"':
                quoted, just_closed = False, True
        elif char == '"' and (at_start or just_closed):
            quoted, just_closed = True, False
        elif char == delimiter:
            starts.append((line, column + 1))
            at_start, just_closed = True, False
            column += 1
            continue
        else:
            just_closed = False
        at_start = False
        line, column = (line + 1, 1) if char == "\n" else (line, column + 1)
    return (starts + [starts[-1]] * cells)[:max(cells, 1)]  # a malformed record: later cells at its last start


def _typed(text: str, kind: str) -> Any:
    """A cell as the YAML value it stands for; text that is not of the kind stays text (the schema says why).

    A number Gaslight does not read (over 100 digits, or too large to be finite) raises :class:`ScalarProblem`.
    """
    if kind in ("integer", "number") and _WHOLE.fullmatch(text):
        check_digits(text)
        return int(text)
    if kind == "number" and _NUMBER.fullmatch(text):
        value = float(text)
        check_finite(text, value)
        return value
    if kind == "boolean" and text.casefold() in _YES | _NO:
        return text.casefold() in _YES
    return text


def _field_kinds(types: Any) -> dict[tuple[str, str], str]:
    """(type id, field name) → the field's declared type, from the deck file's raw ``types``."""
    kinds: dict[tuple[str, str], str] = {}
    for raw in types if isinstance(types, list) else ():
        for name, spec in (raw.get("fields") or {}).items() if isinstance(raw, dict) else ():
            if isinstance(spec, dict):
                kinds[(str(raw.get("id")), name)] = str(spec.get("type", "text"))
    return kinds


def _read_text(disk: str, display: str, report: Report, where: Location) -> str | None:
    try:
        with open(disk, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        report.error(where, f"cannot read card table '{display}': {exc.strerror}", fix="check the path")
        return None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        report.error(Location(display, 1, 1), f"card table is not UTF-8 text ({exc.reason})",
                     fix="save it as CSV UTF-8 from your spreadsheet")
        return None


def _delimiter(written: str, header: str) -> str:
    if written.casefold().endswith(".tsv"):
        return "\t"
    return ";" if header.count(";") > header.count(",") else ","


def read_table(deck_path: str, deck_display: str, written: str, types: Any, where: Location,
               report: Report) -> TableDocument | None:
    """The card table ``written`` (as the deck file names it) as a document of card entries, or None."""
    target = beside(deck_path, written, where, report, "card table")
    display = posixpath.normpath(posixpath.join(posixpath.dirname(deck_display), written))
    if target is None:
        return None
    if target.stat().st_size > MAX_FILE_BYTES:
        report.error(Location(display, 1, 1), f"card table is over {MAX_FILE_BYTES // 2**20} MB",
                     fix="split the cards over several decks")
        return None
    if written.casefold().endswith(".xlsx"):
        text, records = "", _xlsx_records(str(target), display, report)
    else:
        read = _read_text(str(target), display, report, where)
        if read is None:
            return None
        text, records = read, _csv_records(read, written, display, report)
    if records is None:
        return None
    if not records or not any(cell.strip() for cell in records[0][1]):
        report.error(Location(display, 1, 1), "card table has no header row",
                     fix=f"start it with a row naming the columns, for example {','.join(REQUIRED_COLUMNS)}")
        return None
    return _table_document(display, text, records, _field_kinds(types), report)


Records = list[tuple[int, list[str], list[tuple[int, int]]]]  # (line, cells, where each cell starts)


def _too_many_rows(display: str, line: int, report: Report) -> None:
    report.error(Location(display, line, 1), f"card table has more than {MAX_ROWS} rows",
                 fix="split the cards over several decks")


def _too_many_columns(display: str, where: tuple[int, int], count: int | str, report: Report) -> None:
    report.error(Location(display, *where, f"header of {posixpath.basename(display)}"),
                 f"card table has {count} columns; a card table may have at most {MAX_COLUMNS}",
                 fix="keep the card's columns and the fields its type declares; move other data to another file")


def _shown(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _csv_records(text: str, written: str, display: str, report: Report) -> Records | None:
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # any line end (a Mac spreadsheet ends lines with "\r")
    lines = io.StringIO(text).readlines()  # as the csv reader counts them: only "\n" ends a line
    delimiter = _delimiter(written, lines[0] if lines else "")
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    records: Records = []
    line = 1
    try:
        for row in reader:
            record = "".join(lines[line - 1:reader.line_num])
            records.append((line, row, _cell_starts(record, delimiter, line, len(row))))
            if len(records) == 1 and len(row) > MAX_COLUMNS:
                _too_many_columns(display, records[0][2][MAX_COLUMNS], len(row), report)
                return None
            line = reader.line_num + 1
            if len(records) > MAX_ROWS + 1:
                _too_many_rows(display, line - 1, report)
                return None
    except csv.Error as exc:
        if "field limit" in str(exc):  # the csv module's own bound, far above ours: say ours
            report.error(Location(display, line, 1), f"a cell holds more than {MAX_CELL_CHARS} characters; a card "
                         f"table's cell may hold at most {MAX_CELL_CHARS}", fix="shorten the cell, or close its "
                         "quote: a quote left open takes in the rest of the file")
        else:
            report.error(Location(display, reader.line_num or 1, 1), f"card table cannot be read: {exc}",
                         fix="close every quoted cell with a quote")
        return None
    return records


def _cell_text(value: Any) -> str:
    """A spreadsheet cell as the text a CSV would hold (2.0 → "2", TRUE → "yes")."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def _xlsx_records(path: str, display: str, report: Report) -> Records | None:
    """The first sheet of an Excel workbook (openpyxl, read-only, values not formulas); cells at row:column."""
    import zipfile

    from openpyxl import load_workbook

    where = Location(display, 1, 1)
    try:
        with zipfile.ZipFile(path) as archive:
            if len(archive.infolist()) > MAX_WORKBOOK_PARTS:
                report.error(where, f"card table's workbook holds {len(archive.infolist())} files; a workbook may hold "
                                    f"at most {MAX_WORKBOOK_PARTS}", fix="save the cards alone in a new workbook")
                return None
            unpacked = sum(item.file_size for item in archive.infolist())
            if unpacked > MAX_UNPACKED_BYTES:
                report.error(where, f"card table unpacks to {unpacked // 2**20} MB; a workbook may unpack to at "
                                    f"most {MAX_UNPACKED_BYTES // 2**20} MB",
                             fix="save the cards alone in a new workbook")
                return None
            if _too_heavy(archive, MAX_WORKBOOK_WEIGHT):
                report.error(where, f"card table's workbook is too large to read: its cells, strings, styles and "
                                    f"sheets weigh more than {MAX_WORKBOOK_WEIGHT} cells",
                             fix="save the cards alone in a new workbook, or as CSV")
                return None
        book = load_workbook(path, read_only=True, data_only=True)
        try:
            records: Records = []
            rows = book.worksheets[0].iter_rows(values_only=True)  # every column: one past the 100th is an error
            for number, row in enumerate(rows, start=1):
                if number > MAX_ROWS + 1:
                    _too_many_rows(display, number, report)
                    return None
                rest = row[MAX_COLUMNS:]  # a row is as wide as the sheet says (up to 16,384): counted, not read
                if len(rest) != rest.count(None) and any(_cell_text(v).strip() for v in rest if v is not None):
                    _too_many_columns(display, (number, MAX_COLUMNS + 1), f"more than {MAX_COLUMNS}", report)
                    return None
                cells = [_cell_text(value) for value in row[:MAX_COLUMNS]]
                while cells and not cells[-1].strip():
                    cells.pop()
                records.append((number, cells, [(number, column) for column in range(1, len(cells) + 1)]))
        finally:
            book.close()
    except Exception as exc:  # whatever a damaged workbook makes the reader raise, the fault is the file's
        report.error(where, f"card table cannot be read as an Excel workbook ({type(exc).__name__})",
                     fix="open it in your spreadsheet program and save it again as .xlsx, or as CSV")
        return None
    width = len(records[0][1]) if records else 0
    padded = []  # an empty cell at a row's end is not written in a workbook: it is an empty value, not a gap
    for line, cells, starts in records[1:]:
        missing = max(0, width - len(cells))
        padded.append((line, cells + [""] * missing, starts + [(line, len(cells) + k + 1) for k in range(missing)]))
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


def _table_document(display: str, text: str, records: Records,
                    kinds: Mapping[tuple[str, str], str], report: Report) -> TableDocument | None:
    header_line, header, header_starts = records[0]
    errors_before = report.error_count
    names = [cell.strip() for cell in header]
    fields = {name for _, name in kinds}
    known = [*CARD_COLUMNS, *sorted(fields)]
    ok = True
    for index, name in enumerate(names):
        where = Location(display, *header_starts[index], f"header of {posixpath.basename(display)}")
        if name not in known:
            report.error(where, f"unknown column '{_shown(name)}'",
                         fix=suggest(name, known) or f"name a card key ({', '.join(CARD_COLUMNS)}) or a field a type "
                                                      "declares")
            ok = False
        elif names.index(name) != index:
            report.error(where, f"column '{name}' appears twice", fix="keep one of the two columns")
            ok = False
    for name in REQUIRED_COLUMNS:
        if name not in names:
            report.error(Location(display, header_line, 1, f"header of {posixpath.basename(display)}"),
                         f"card table has no '{name}' column", fix=f"add a '{name}' column to the header row")
            ok = False
    if not ok:
        return None
    cards: list[dict[str, Any]] = []
    positions: dict[YamlPath, tuple[int, int]] = {}
    rows: dict[int, int] = {}
    for line, cells, starts in records[1:]:
        if not any(cell.strip() for cell in cells):
            continue
        long = next((k for k, cell in enumerate(cells) if len(cell) > MAX_CELL_CHARS), None)
        if long is not None:
            report.error(Location(display, *starts[long], f"row {line}"),
                         f"this cell holds {len(cells[long])} characters; a card table's cell may hold at most "
                         f"{MAX_CELL_CHARS}", fix="shorten it")
            continue
        if len(cells) != len(names):
            report.error(Location(display, line, 1, f"row {line}"),
                         f"row has {len(cells)} cells; the header names {len(names)} columns",
                         fix="add the missing cells (an empty cell means no value), or quote a cell that holds "
                             "the delimiter")
            continue
        empty = [name for name in REQUIRED_COLUMNS if not cells[names.index(name)].strip()]
        for name in empty:
            report.error(Location(display, *starts[names.index(name)], f"row {line}, {name}"),
                         f"the '{name}' cell is empty", fix=f"write the card's {name}, or delete the row")
        if empty:
            continue
        card = _card(display, line, names, cells, starts, kinds, report)
        if card is None:
            continue
        index = len(cards)
        rows[index] = line
        positions[("cards", index)] = (line, 1)
        for name, start in zip(names, starts, strict=True):
            if name in card:
                positions[("cards", index, name)] = start
            elif name in card.get("fields", {}):
                positions[("cards", index, "fields", name)] = start
        cards.append(card)
    if not cards and report.error_count > errors_before:  # every row reported: no "needs at least 1 card" too
        return None
    return TableDocument(display, {"cards": cards}, positions, positions, text, rows=rows)


def _card(display: str, line: int, names: list[str], cells: list[str], starts: list[tuple[int, int]],
          kinds: Mapping[tuple[str, str], str], report: Report) -> dict[str, Any] | None:
    """One row as a card entry, its cells typed; None (reported) when a cell holds a number Gaslight does not read."""
    card: dict[str, Any] = {}
    type_id = cells[names.index("type")].strip()
    for name, cell, start in zip(names, cells, starts, strict=True):
        value = cell.strip() if name not in ("text", "flavour") else cell
        if not value.strip():
            continue
        if name in CARD_COLUMNS:
            kind = "integer" if name in WHOLE_COLUMNS else "boolean" if name == "playtest" else "text"
        else:
            kind = kinds.get((type_id, name), "text")
        try:
            typed = _typed(value, kind)
        except ScalarProblem as problem:
            report.error(Location(display, *start, f"row {line}, {name}"), problem.message, fix=problem.fix)
            return None
        if name in CARD_COLUMNS:
            card[name] = typed
        else:
            card.setdefault("fields", {})[name] = typed
    return card
