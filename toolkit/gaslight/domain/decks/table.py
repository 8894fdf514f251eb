"""Cards kept in a spreadsheet beside the deck file: CSV, tab-separated text, or an Excel workbook (.xlsx).

The header row names the columns as designers write them: the card keys of the deck schema (``id``,
``type``, ``name``, ``suit``, ``value``, ``copies``, ``text``, ``flavour``, ``playtest``, ``art``,
``colour``, ``back``) in any case, the names Squib and nanDECK tables use (``qty``, ``quantity`` and
``count`` for copies, ``title`` for name, ``description`` for text, ``points`` for value), any field a
card type declares, and whatever the deck's ``columns:`` maps to one of those. A column the deck does
not use is warned about once and ignored. Each later row is one card; an empty cell means "no value".
Cells are typed the way the YAML would be (whole numbers for ``copies``, a whole number or a mark such
as ``?``, ``X`` or ``1/2`` for ``value``, yes/no for ``playtest``, a field's declared type), then the
rows go through the same schema and loader as cards written in YAML, so the errors are the same,
located at ``cards.csv:LINE:COLUMN`` and named by spreadsheet row (a cell holding line breaks spans
several lines of the file but one row). Every mistake of a row is reported in the same run.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "cards.csv").write_text("ID,Type,Title,Qty\\nr1,number,One,2\\nr2,number,Two,x\\n")
>>> table = read_table(str(folder / "deck.yaml"), "decks/deck.yaml", "cards.csv", {}, Location("d", 1, 1), Report())
>>> table.data["cards"][1], str(table.loc(("cards", 1, "copies"))), table.loc(("cards", 1, "copies")).path
({'id': 'r2', 'type': 'number', 'name': 'Two', 'copies': 'x'}, 'decks/cards.csv:3:15', 'row 3, Qty')
"""

from __future__ import annotations

import csv
import difflib
import io
import posixpath
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gaslight.diagnostics import Location, Report
from gaslight.domain.decks.art import beside
from gaslight.domain.decks.workbook import Record, SheetChoice, xlsx_records
from gaslight.schema import suggest
from gaslight.yaml12 import ScalarProblem, check_digits, check_finite
from gaslight.yamlio import MAX_FILE_BYTES, Document, YamlPath

CARD_COLUMNS = ("id", "type", "name", "suit", "value", "copies", "text", "flavour", "playtest", "art", "colour",
                "back")
REQUIRED_COLUMNS = ("id", "type", "name")
#: Column names of Squib and nanDECK tables (any case), and spellings of ours, read as card keys.
ALIASES = {"qty": "copies", "quantity": "copies", "count": "copies", "title": "name", "description": "text",
           "points": "value", "flavor": "flavour", "color": "colour"}
#: A card value that is not a whole number: a mark printed as it is (``?``, ``X``, ``*``, ``1/2``, ``3+``, ``½``).
VALUE_MARK = r"^(\?|\*|[A-Za-z]|[0-9]{1,3}/[0-9]{1,3}|[0-9]{1,3}\+|[½¼¾∞])$"
MAX_ROWS = 1000
MAX_COLUMNS = 100
MAX_CELL_CHARS = 10_000  # a card's longest text is a few hundred characters
_MARK = re.compile(VALUE_MARK)
_WHOLE = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_YES, _NO = frozenset({"true", "yes", "y", "1", "x"}), frozenset({"false", "no", "n", "0"})
_VALUE_FIX = ("write a whole number in the cell (the number in the card's corner), a mark such as ?, X or 1/2, or "
              "leave the cell empty")


@dataclass(frozen=True)
class TableOptions:
    """How the deck file reads its table: ``columns:`` (header → card key or field, with where each entry is
    written) and the workbook's ``sheet:``."""

    columns: Mapping[str, str] = field(default_factory=dict)
    columns_where: Mapping[str, Location] = field(default_factory=dict)
    sheet: SheetChoice = field(default_factory=SheetChoice)


@dataclass(frozen=True)
class TableDocument(Document):
    """Rows of a card table as ``{"cards": [...]}``; locations say ``row N, column`` instead of a YAML path."""

    rows: Mapping[int, int] = field(default_factory=dict)  # card index → its spreadsheet row
    headers: Mapping[str, str] = field(default_factory=dict)  # card key or field → its column's header as written
    broken: Mapping[int, frozenset[str]] = field(default_factory=dict)  # card index → keys already reported
    hint_keys = ("x-table-hint", "x-hint")  # the schema's fixes in spreadsheet terms where it has them

    def _find(self, path: YamlPath, table: Mapping[YamlPath, tuple[int, int]]) -> Location:
        found = super()._find(path, table)
        if len(path) < 2 or not isinstance(path[1], int) or path[1] not in self.rows:
            return found.at(f"header of {posixpath.basename(self.file)}")
        column = str(path[-1]) if len(path) > 2 else ""
        return found.at(f"row {self.rows[path[1]]}" + (f", {self.headers.get(column, column)}" if column else ""))

    def header(self, key: str) -> str:
        """The column's header as the table writes it (``Qty`` for copies)."""
        return self.headers.get(key, key)


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
               report: Report, options: TableOptions | None = None) -> TableDocument | None:
    """The card table ``written`` (as the deck file names it) as a document of card entries, or None."""
    options = options or TableOptions()
    target = beside(deck_path, written, where, report, "card table")
    display = posixpath.normpath(posixpath.join(posixpath.dirname(deck_display), written))
    if target is None:
        return None
    if target.stat().st_size > MAX_FILE_BYTES:
        report.error(Location(display, 1, 1), f"card table is over {MAX_FILE_BYTES // 2**20} MB",
                     fix="split the cards over several decks")
        return None
    if written.casefold().endswith(".xlsx"):
        text = ""
        records = xlsx_records(str(target), display, report, options.sheet, MAX_ROWS, MAX_COLUMNS,
                               lambda line: _too_many_rows(display, line, report),
                               lambda cell, count: _too_many_columns(display, cell, count, report))
    else:
        if options.sheet.name is not None:
            report.error(options.sheet.where or where, f"'sheet' names a sheet of a workbook, but "
                         f"'{posixpath.basename(display)}' is a text table with no sheets",
                         fix="remove 'sheet:', or name the workbook (.xlsx) in 'cards_file:'")
        read = _read_text(str(target), display, report, where)
        if read is None:
            return None
        text, records = read, _csv_records(read, written, display, report)
    if records is None:
        return None
    if not records or not any(cell.strip() for cell in records[0].cells):
        report.error(Location(display, 1, 1), "card table has no header row",
                     fix=f"start it with a row naming the columns, for example {','.join(REQUIRED_COLUMNS)}")
        return None
    only_type = types[0].get("id") if isinstance(types, list) and len(types) == 1 and isinstance(types[0], dict) \
        else None
    return _table_document(display, text, records, _field_kinds(types), options, report, only_type)


def _too_many_rows(display: str, line: int, report: Report) -> None:
    report.error(Location(display, line, 1), f"card table has more than {MAX_ROWS} rows",
                 fix="split the cards over several decks")


def _too_many_columns(display: str, where: tuple[int, int], count: int | str, report: Report) -> None:
    report.error(Location(display, *where, f"header of {posixpath.basename(display)}"),
                 f"card table has {count} columns; a card table may have at most {MAX_COLUMNS}",
                 fix="keep the card's columns and the fields its type declares; move other data to another file")


def _shown(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _csv_records(text: str, written: str, display: str, report: Report) -> list[Record] | None:
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # any line end (a Mac spreadsheet ends lines with "\r")
    lines = io.StringIO(text).readlines()  # as the csv reader counts them: only "\n" ends a line
    delimiter = _delimiter(written, lines[0] if lines else "")
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    records: list[Record] = []
    line = 1
    try:
        for row in reader:  # one record is one spreadsheet row, however many lines its cells span
            record = "".join(lines[line - 1:reader.line_num])
            records.append(Record(len(records) + 1, line, row, _cell_starts(record, delimiter, line, len(row))))
            if len(records) == 1 and len(row) > MAX_COLUMNS:
                _too_many_columns(display, records[0].starts[MAX_COLUMNS], len(row), report)
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


def _flow_key(name: str) -> str:
    """A header as a key of a YAML flow mapping (quoted unless plain words)."""
    return name if re.fullmatch(r"[A-Za-z][\w .-]*", name) and not name.endswith(" ") else f'"{name}"'


def _did_you_mean(name: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(name, choices, n=1)  # one near name, never a list
    return f"did you mean '{close[0]}'?" if close else ""


def _targets(display: str, header: Record, fields: set[str], options: TableOptions, report: Report,
             only_type: str | None) -> list[str | None] | None:
    """What each column gives a card (a card key or field; None: not used), or None when the header is wrong."""
    known = [*CARD_COLUMNS, *sorted(fields)]
    folded = {name.casefold(): name for name in known} | {k: v for k, v in ALIASES.items() if k not in known}
    mapped = {name.strip().casefold(): target for name, target in options.columns.items()}
    label = f"header of {posixpath.basename(display)}"
    names = [cell.strip() for cell in header.cells]
    targets: list[str | None] = []
    for name, start in zip(names, header.starts, strict=True):
        target = mapped.get(name.casefold()) or (name if name in known else folded.get(name.casefold()))
        targets.append(target)
        if target is None and name:
            close = difflib.get_close_matches(name.casefold(), known, n=1)
            report.warning(Location(display, *start, label), f"column '{_shown(name)}' is not a card key or a field "
                           "of the deck: its cells are ignored",
                           fix=(f"did you mean '{close[0]}'? " if close else "") + "to use it, map it under the deck's "
                               f"'columns:', for example columns: {{{_flow_key(_shown(name))}: "
                               f"{close[0] if close else 'text'}}}")
    for written, target in options.columns.items():
        where = options.columns_where.get(written, Location(display, 1, 1))
        if target not in known:
            report.error(where, f"columns: '{target}' is not a card key or a field of the deck's types",
                         fix=suggest(target, known) or f"name a card key ({', '.join(CARD_COLUMNS)}) or a field a "
                                                       "type declares")
            return None
        if written.strip().casefold() not in {name.casefold() for name in names}:
            report.warning(where, f"columns: the card table has no column '{_shown(written)}'",
                           fix=_did_you_mean(written, [n for n in names if n]) or "remove it, or check the header row")
    ok = True
    for index, target in enumerate(targets):
        first = targets.index(target) if target is not None else index
        if first != index:
            if names[first] == names[index]:
                report.error(Location(display, *header.starts[index], label), f"column '{_shown(names[index])}' "
                             "appears twice", fix="keep one of the two columns")
            else:
                report.error(Location(display, *header.starts[index], label), f"columns '{_shown(names[first])}' "
                             f"and '{_shown(names[index])}' both give the cards' {target}",
                             fix="keep one of the two columns, or map one to another key under 'columns:'")
            ok = False
    for name in REQUIRED_COLUMNS:
        if (name == "id" and "name" in targets) or (name == "type" and only_type):
            continue  # a card's id is made from its name; a deck of one type needs no type column
        if name not in targets:
            also = [alias for alias, key in ALIASES.items() if key == name]
            report.error(Location(display, header.line, 1, label), f"card table has no '{name}' column",
                         fix=f"add a '{name}' column to the header row"
                             + (f" ('{also[0].title()}' is read as {name} too)" if also else "")
                             + ", or map yours under the deck's 'columns:'")
            ok = False
    return targets if ok else None


def _table_document(display: str, text: str, records: list[Record], kinds: Mapping[tuple[str, str], str],
                    options: TableOptions, report: Report, only_type: str | None = None) -> TableDocument | None:
    errors_before = report.error_count
    targets = _targets(display, records[0], {name for _, name in kinds}, options, report, only_type)
    if targets is None:
        return None
    headers = {target: cell.strip() for target, cell in zip(targets, records[0].cells, strict=True) if target}
    width = len(targets)
    cards: list[dict[str, Any]] = []
    positions: dict[YamlPath, tuple[int, int]] = {}
    rows: dict[int, int] = {}
    broken: dict[int, frozenset[str]] = {}
    for record in records[1:]:
        cells, starts = record.cells, record.starts
        if not any(cell.strip() for cell in cells):
            continue
        long = next((k for k, cell in enumerate(cells) if len(cell) > MAX_CELL_CHARS), None)
        if long is not None:
            report.error(Location(display, *starts[long], f"row {record.row}"),
                         f"this cell holds {len(cells[long])} characters; a card table's cell may hold at most "
                         f"{MAX_CELL_CHARS}", fix="shorten it")
            continue
        if len(cells) != width:
            report.error(Location(display, record.line, 1, f"row {record.row}"),
                         f"row has {len(cells)} cells; the header names {width} columns",
                         fix="add the missing cells (an empty cell means no value), or quote a cell that holds "
                             "the delimiter")
            continue
        card, bad = _card(display, record, targets, headers, kinds, report)
        if "type" not in targets and only_type:
            card = {"type": only_type, **card}
        if "id" not in targets and "name" not in bad:
            card = {"id": id_from_name(card["name"], record.row), **card}
        index = len(cards)
        rows[index] = record.row
        positions[("cards", index)] = (record.line, 1)
        for target, start in zip(targets, starts, strict=True):
            if target in CARD_COLUMNS:
                positions[("cards", index, target)] = start
            elif target is not None:
                positions[("cards", index, "fields", target)] = start
        if bad:
            broken[index] = frozenset(bad)
        cards.append(card)
    if not cards and report.error_count > errors_before:  # every row reported: no "needs at least 1 card" too
        return None
    return TableDocument(display, {"cards": cards}, positions, positions, text, rows=rows, headers=headers,
                         broken=broken)


_PLACEHOLDER = "unnamed"  # stands for an empty required cell (reported) so the row's other cells are checked


def _card(display: str, record: Record, targets: list[str | None], headers: Mapping[str, str],
          kinds: Mapping[tuple[str, str], str], report: Report) -> tuple[dict[str, Any], set[str]]:
    """One row as a card entry, its cells typed, and the keys whose cells were reported (every one of them)."""
    card: dict[str, Any] = {}
    bad: set[str] = set()
    type_id = record.cells[targets.index("type")].strip() if "type" in targets else ""
    for target, cell, start in zip(targets, record.cells, record.starts, strict=True):
        if target is None:
            continue
        where = Location(display, *start, f"row {record.row}, {headers.get(target, target)}")
        value = cell.strip() if target not in ("text", "flavour") else cell
        if not value.strip():
            if target in REQUIRED_COLUMNS:
                report.error(where, f"the '{headers.get(target, target)}' cell is empty",
                             fix=f"write the card's {target}, or delete the row")
                card[target], bad = _PLACEHOLDER, bad | {target}
            continue
        if target in CARD_COLUMNS:
            kind = {"copies": "integer", "value": "integer", "playtest": "boolean"}.get(target, "text")
        else:
            kind = kinds.get((type_id, target), "text")
        try:
            typed = _typed(value, kind)
        except ScalarProblem as problem:
            report.error(where, problem.message, fix=problem.fix)
            bad.add(target)
            continue
        if target == "value" and isinstance(typed, str) and not _MARK.fullmatch(typed):
            report.error(where, f"expected a whole number, found the text '{_shown(typed)}'", fix=_VALUE_FIX)
            bad.add(target)
            continue
        if target in CARD_COLUMNS:
            card[target] = typed
        else:
            card.setdefault("fields", {})[target] = typed
    return card, bad


def id_from_name(name: str, row: int) -> str:
    """A card's id made from its name, for a table without an id column (as Squib and nanDECK tables are).

    >>> id_from_name("Nosy Neighbour (2nd)", 3), id_from_name("3 Keys", 4), id_from_name("Ärger", 5)
    ('nosy-neighbour-2nd', 'card-3-keys', 'arger')
    """
    plain = unicodedata.normalize("NFKD", name.casefold()).encode("ascii", "ignore").decode()  # Ä → a
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:60].strip("-")
    if not slug:
        return f"card-row-{row}"
    return slug if slug[0].isalpha() else f"card-{slug}"


def table_options(data: Mapping[str, Any], doc: Document) -> TableOptions:
    """The deck file's ``columns:`` and ``sheet:`` (schema-valid) as :class:`TableOptions`."""
    columns = data.get("columns") or {}
    sheet = data.get("sheet")
    return TableOptions(dict(columns), {name: doc.loc(("columns", name)) for name in columns},
                        SheetChoice(sheet, doc.loc(("sheet",)) if sheet is not None else None))
