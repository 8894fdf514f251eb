"""Card tables: a deck whose cards come from a CSV, TSV or Excel workbook, mutated and run through ``gaslight check``.

Each bundled deck (with its ruleset) becomes a deck file naming ``cards_file`` and a table holding its cards.
One input mutates that table with structure in mind: a cell replaced by a hostile value (huge, non-finite or
malformed numbers, type confusion, formulas, hostile unicode, a huge cell), rows duplicated, dropped or made
ragged, columns added, dropped, renamed or multiplied (up to 100,000), then written out as a spreadsheet
would (CSV: quoting, delimiter, line ends, byte order mark, another encoding, then a few byte edits; XLSX:
typed cells, dates, booleans, formulas, error values, merged cells, more sheets, then sometimes its zip
bytes corrupted or one part replaced by hostile XML: huge rows, thousands of sheets, styles or defined
names). The deck file sometimes says how to read the table and how its cards look (``columns:``, ``sheet:``,
``backs:``, ``icons:``), and cells and headers include the names designers write (``qty``, ``Title``, ``COLOR``),
value marks (``?``, ``1/2``), colours, back ids and ``:icon:`` text. The outcome is classified as the package says.
"""

from __future__ import annotations

import contextlib
import csv
import datetime
import io
import random
import re
import shutil
import time
import zipfile
from functools import cache
from pathlib import Path

import yaml
from gaslight.cli import main as gaslight
from gaslight.resources import BUNDLED_DIR

from benchmarks.fuzz import Outcome, is_internal, unlocated_lines
from benchmarks.fuzz.scenarios import HUGE_NUMBERS, UNICODE_TEXTS, writable

NAME = "tables"
COUNT = 20_000
CASE_SECONDS = "4"

# (deck, the ruleset it is played with), relative to the bundled scenarios; each as .csv, .tsv and .xlsx.
DECKS = (("decks/ripper-rummy.yaml", "rulesets/ripper-rummy.yaml"),
         ("decks/twenty-four.yaml", "rulesets/twenty-four.yaml"))
SUFFIXES = ("csv", "tsv", "xlsx")
TARGETS = tuple((deck, ruleset, suffix) for deck, ruleset in DECKS for suffix in SUFFIXES)

CARD_COLUMNS = ("id", "type", "name", "suit", "value", "copies", "text", "flavour", "playtest", "art", "colour", "back")
CELLS = (
    *HUGE_NUMBERS[:12], "nan", "NaN", "inf", "-Infinity", "1e400", "1e308", "-0", "0.5", "1,5", "1_000", " 3 ",
    "+7", "٣", "١٢٣", "²", "0x1F", "3.0", "TRUE", "yes", "no", "x", "", " ", '"', '""', "'", ",", ";", "\t",
    "a\nb", "a\r\nb", "\r", "=cmd|' /C calc'!A0", "=1/0", "@SUM(A1:A9)", "+1+1", "-2+3", "#DIV/0!", "#N/A",
    "<script>alert(1)</script>", "{{ 7*7 }}", "../../etc/passwd", "art.png", "/etc/passwd", "C:\\x.png",
    "\ufeffid", "\u202eevil", "e" + "\u0301" * 500, "\U0001F575" * 50, "\x00", "\x1b[31m", "x" * 200_000,
    "x" * 10_001, "id", "type", "name", *(text.strip('"') for text in UNICODE_TEXTS[:6]),
    "?", "X", "1/2", "½", "∞", "3+", "999/999", "1/0", "#8b1e2d", "#zzzzzz", "deck", "villain", "Villain",
    ":sword:", ":nope:", "a :sword: b\n\nc", "::", ":" * 500, ":sword:" * 2000, "Line one\nLine two",
)
HEADER_NAMES = (*CARD_COLUMNS, "fields", "bonus", "", " id", "ID", "Name", "\ufeffid", "id\x00", "c" * 5000,
                "skill", "also", "mastermind", "die", "x" * 200_000, "\u202eid", "qty", "QUANTITY", "Count", "Title",
                "Description", "points", "COLOR", "Flavor", "Artist", "Flavor Text", "Dmg", "TITLE", "Qty ")
# What a deck file may say about its table and its looks: columns mapped, a workbook's sheet, backs, icons.
COLUMN_MAPS = ({"Flavor Text": "flavour"}, {"Dmg": "value"}, {"Artist": "text"}, {"x" * 300: "text"},
               {"qty": "copies", "Qty": "name"}, {"id": "nope"}, {"": "text"}, {"Name": "id"}, {"\u202eid": "id"})
SHEETS = ("Cards", "cards", "Notes", "Sheet", "", "x" * 40, "\u202e", "Sheet1")
BACKS = ([{"id": "villain", "title": "The Villain", "colour": "#550000"}], [{"id": "deck", "title": "Again"}],
         [{"id": "villain", "title": "V"}, {"id": "villain", "title": "W"}])


@cache
def base(deck: str) -> tuple[dict[str, object], tuple[tuple[str, ...], ...]]:
    """The deck file's data without its cards, and its cards as rows of text (the header first)."""
    data = yaml.safe_load((BUNDLED_DIR / deck).read_text(encoding="utf-8"))
    cards = data.pop("cards")
    fields = sorted({name for card in cards for name in card.get("fields", {})})
    columns = [c for c in CARD_COLUMNS if any(c in card for card in cards)] + fields
    rows = [tuple(columns)]
    for card in cards:
        values = {**card, **card.get("fields", {})}
        rows.append(tuple(_text(values.get(column)) for column in columns))
    return data, tuple(rows)


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def mutate_rows(rng: random.Random, rows: list[list[str]]) -> list[list[str]]:
    """A few structural edits of the table: cells, rows and columns."""
    for _ in range(rng.randint(1, 3)):
        action = rng.choice(("cell", "cell", "cell", "row", "column", "header"))
        if action == "cell" and len(rows) > 1:
            row = rng.choice(rows[1:])
            if row:
                row[rng.randrange(len(row))] = rng.choice(CELLS)
        elif action == "row":
            kind = rng.choice(("duplicate", "drop", "ragged", "short", "empty", "many", "swap", "header-again"))
            at = rng.randrange(1, len(rows)) if len(rows) > 1 else 0
            if kind == "duplicate":
                rows.insert(at, list(rows[at]))
            elif kind == "drop" and len(rows) > 1:
                del rows[at]
            elif kind == "ragged":
                rows[at] = rows[at] + [rng.choice(CELLS) for _ in range(rng.choice((1, 5, 500)))]
            elif kind == "short":
                rows[at] = rows[at][:rng.randrange(len(rows[at]) + 1)]
            elif kind == "empty":
                rows.insert(at, [""] * rng.choice((0, 1, len(rows[0]))))
            elif kind == "many":
                rows.extend(list(rows[-1]) for _ in range(rng.choice((500, 1000, 2000))))
            elif kind == "swap" and len(rows) > 2:
                j = rng.randrange(1, len(rows))
                rows[at], rows[j] = rows[j], rows[at]
            else:
                rows.insert(at, list(rows[0]))
        elif action == "column":
            kind = rng.choice(("add", "drop", "swap", "wide"))
            column = rng.randrange(len(rows[0])) if rows[0] else 0
            if kind == "add":
                name = rng.choice(HEADER_NAMES)
                for i, row in enumerate(rows):
                    row.insert(column, name if i == 0 else rng.choice(CELLS[:40] + ("",) * 40))
            elif kind == "drop":
                for row in rows:
                    del row[column:column + 1]
            elif kind == "swap" and len(rows[0]) > 1:
                other = rng.randrange(len(rows[0]))
                for row in rows:
                    if max(column, other) < len(row):
                        row[column], row[other] = row[other], row[column]
            else:
                rows[0] = rows[0] + [f"c{i}" for i in range(rng.choice((90, 101, 5000, 100_000)))]
        elif rows:
            if rows[0]:
                rows[0][rng.randrange(len(rows[0]))] = rng.choice(HEADER_NAMES)
            else:
                rows[0] = [rng.choice(HEADER_NAMES)]
    return rows


def csv_bytes(rng: random.Random, rows: list[list[str]], delimiter: str) -> bytes:
    """The rows as a spreadsheet might save them, then a few byte edits."""
    out = io.StringIO()
    quoting = rng.choice((csv.QUOTE_MINIMAL, csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC))
    if delimiter != "\t" and rng.random() < 0.2:
        delimiter = rng.choice((";", ",", "|", "\t"))
    csv.writer(out, delimiter=delimiter, quoting=quoting, lineterminator=rng.choice(("\n", "\r\n", "\r"))).writerows(
        rows)
    encoding = rng.choice(("utf-8",) * 6 + ("utf-8-sig", "utf-16", "latin-1", "cp1252"))
    data = out.getvalue().encode(encoding, errors="surrogateescape" if encoding == "utf-8" else "replace")
    for _ in range(rng.choice((0, 0, 1, 3))):
        at = rng.randint(0, len(data))
        piece = rng.choice((b'"', b",", b";", b"\t", b"\n", b"\r", b"\x00", b"\xff", b"\xef\xbb\xbf", b"\xc3",
                            b'"' * 3, b"\\", b"=", b""))
        cut = rng.choice((0, 0, 1, 20))
        data = data[:at] + piece + data[at + cut:]
    if rng.random() < 0.03:
        data = data[:rng.randint(0, len(data))]
    return data


def _xlsx_value(rng: random.Random, text: str) -> object:
    """A cell as a spreadsheet holds it: numbers, booleans, dates and formulas as their types, or text."""
    if rng.random() < 0.7:
        with contextlib.suppress(ValueError, OverflowError):
            number = float(text)
            if number.is_integer() and abs(number) < 1e300 and "." not in text and "e" not in text.lower():
                return int(number)
            return number
        return text
    return rng.choice((True, False, datetime.datetime(1900, 1, 1), datetime.date(2024, 2, 29),
                       datetime.time(10, 30), datetime.timedelta(days=2), "=1/0", "=A1", "=SUM(A:A)",
                       "#DIV/0!", "#REF!", 1e308, -1e308, 2**63, 10**30, 0.1 + 0.2, float("nan"), float("inf"),
                       None, text))


def xlsx_bytes(rng: random.Random, rows: list[list[str]]) -> bytes:
    """The rows as an Excel workbook (openpyxl), sometimes with merged cells, another sheet first, or damage."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    if rng.random() < 0.05:  # the cards on the second sheet: Gaslight reads the first unless sheet: says
        sheet.title = "Notes"
        sheet.append(["notes"])
        sheet = book.create_sheet("Cards")
    for number, row in enumerate(rows[:3000]):
        values = [_xlsx_value(rng, cell) if number and rng.random() < 0.3 else cell for cell in row[:16384]]
        try:
            sheet.append([value if not isinstance(value, str) else _xml_safe(value) for value in values])
        except (ValueError, TypeError):  # a value openpyxl refuses to write: the row as plain text
            sheet.append([_xml_safe(str(value)) for value in values])
    if rng.random() < 0.1 and sheet.max_row > 2:
        sheet.merge_cells(start_row=2, start_column=1, end_row=min(3, sheet.max_row), end_column=2)
    for _ in range(rng.choice((0, 0, 0, 1, 30))):
        book.create_sheet()
    out = io.BytesIO()
    try:
        book.save(out)
    except (ValueError, TypeError, OverflowError):  # a value openpyxl cannot save: the workbook of text
        return xlsx_bytes(rng, [[_xml_safe(str(cell)) for cell in row] for row in rows])
    data = out.getvalue()
    damage = rng.random()
    if damage < 0.06:
        return _corrupt(rng, data)
    if damage < 0.12:
        return _hostile_part(rng, data)
    return data


def _xml_safe(text: str) -> str:
    """Characters XML 1.0 cannot hold (openpyxl refuses them), written visibly instead."""
    return "".join(c if c in "\t\n\r" or (" " <= c and not "\ud800" <= c <= "\udfff" and c not in "\ufffe\uffff")
                   else f"\\x{ord(c):02x}" for c in text)


def _corrupt(rng: random.Random, data: bytes) -> bytes:
    """Zip bytes flipped, cut or shuffled."""
    buffer = bytearray(data)
    for _ in range(rng.choice((1, 5, 50))):
        buffer[rng.randrange(len(buffer))] = rng.randrange(256)
    if rng.random() < 0.3:
        del buffer[rng.randrange(len(buffer)):]
    return bytes(buffer)


_DECLARATION = b'<?xml version="1.0" encoding="UTF-8"?>'
_WORKSHEET = b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
_SHEET_HEAD = _DECLARATION + _WORKSHEET + b"<sheetData>"
_SHEET_TAIL = b"</sheetData></worksheet>"


def _hostile_part(rng: random.Random, data: bytes) -> bytes:
    """The workbook with one part replaced: a very wide row, very many rows, an entity bomb, bad XML, numbers, very
    many sheets, styles or defined names."""
    choice = rng.choice(("wide", "rows", "entities", "garbage", "numbers", "dimension", "strings", "sheets", "styles",
                         "names"))
    sheet = "xl/worksheets/sheet1.xml"
    source = zipfile.ZipFile(io.BytesIO(data))
    if choice in ("sheets", "names", "styles"):
        count = rng.choice((10, 1000, 20_000))
        if choice == "styles":
            sheet = "xl/styles.xml"
            many = b'<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' * count
            part = re.sub(rb"<cellXfs count=\"\d+\">", b'<cellXfs count="1">' + many, source.read(sheet))
        else:
            sheet = "xl/workbook.xml"
            many = b"".join((b'<sheet name="S%d" sheetId="%d" r:id="rId1"/>' if choice == "sheets" else
                             b'<definedName name="n%d">Sheet!$A$%d</definedName>') % (i, i + 2) for i in range(count))
            book = source.read(sheet)
            part = (book.replace(b"</sheets>", many + b"</sheets>") if choice == "sheets" else
                    book.replace(b"<definedNames />", b"<definedNames>" + many + b"</definedNames>"))
    elif choice == "wide":
        part = _SHEET_HEAD + b'<row r="1">' + b"<c><v>1</v></c>" * rng.choice((200, 300_000)) + b"</row>" + _SHEET_TAIL
    elif choice == "rows":
        part = _SHEET_HEAD + b"".join(b'<row r="%d"/>' % i for i in range(1, rng.choice((2000, 500_000)))) + _SHEET_TAIL
    elif choice == "entities":
        lol = b'<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">' + b"".join(
            b'<!ENTITY %s "%s">' % (bytes([98 + i]), (b"&" + bytes([97 + i]) + b";") * 10) for i in range(8)) + b"]>"
        part = (_DECLARATION + lol + _WORKSHEET + b'<sheetData><row r="1"><c t="inlineStr"><is><t>&i;</t></is></c>'
                b"</row>" + _SHEET_TAIL)
    elif choice == "garbage":
        part = bytes(rng.randrange(256) for _ in range(rng.choice((10, 1000))))
    elif choice == "numbers":
        value = rng.choice((b"9" * 5000, b"1e400", b"nan", b"-inf", b"1" * 300, b"0x1F", b""))
        part = _SHEET_HEAD + (b'<row r="1"><c t="inlineStr"><is><t>id</t></is></c><c t="inlineStr"><is><t>value</t>'
                              b'</is></c></row><row r="2"><c t="inlineStr"><is><t>a</t></is></c><c><v>' + value +
                              b"</v></c></row>" + _SHEET_TAIL)
    elif choice == "dimension":
        part = (_DECLARATION + _WORKSHEET + b'<dimension ref="A1:XFD1048576"/><sheetData><row r="1048576">'
                b'<c r="XFD1048576"><v>1</v></c></row>' + _SHEET_TAIL)
    else:
        sheet = "xl/sharedStrings.xml"
        part = (_DECLARATION + b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
                b"<si><t>x</t></si>" * rng.choice((10, 400_000)) + b"</sst>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in source.infolist():
            if item.filename != sheet:
                archive.writestr(item.filename, source.read(item.filename))
        archive.writestr(sheet, part)
    return out.getvalue()


def check_files(workdir: Path, target: str, files: dict[str, bytes], needs: tuple[str, ...]) -> Outcome:
    """Write ``files`` (the deck file and its table) beside what they need and run ``gaslight check`` on them."""
    for name in needs:
        (workdir / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(BUNDLED_DIR / name, workdir / name)
    for name, content in files.items():
        (workdir / name).parent.mkdir(parents=True, exist_ok=True)
        (workdir / name).write_bytes(content)
    deck = next(iter(files))
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = gaslight(["check", "--timeout", CASE_SECONDS, *(str(workdir / n) for n in (deck, *needs))])
    seconds = time.perf_counter() - start
    printed = out.getvalue() + err.getvalue()
    sample = files[next(name for name in files if name != deck)][:2000].decode("utf-8", "replace")
    return Outcome(NAME, target, int(code), seconds, unlocated_lines(out.getvalue().splitlines()),
                   is_internal(int(code), printed) or not writable(printed), sample)


def make(rng: random.Random, deck: str, suffix: str) -> dict[str, bytes]:
    """The deck file naming its table and the mutated table, as bytes by file name (the deck file first)."""
    data, rows = base(deck)
    table_name = f"cards.{suffix}"
    options: dict[str, object] = {}
    if rng.random() < 0.2:
        options["columns"] = rng.choice(COLUMN_MAPS)
    if rng.random() < 0.1:
        options["sheet"] = rng.choice(SHEETS)
    if rng.random() < 0.1:
        options["backs"] = rng.choice(BACKS)
    if rng.random() < 0.05:
        options["icons"] = rng.choice(({"sword": "art/sword.png"}, {"sword": "../x.png"}, {"1bad": "a.png"}))
    deck_text = yaml.safe_dump({**data, "cards_file": table_name, **options}, sort_keys=False, allow_unicode=True,
                               width=200)
    mutated = mutate_rows(rng, [list(row) for row in rows])
    table = xlsx_bytes(rng, mutated) if suffix == "xlsx" else csv_bytes(rng, mutated, "\t" if suffix == "tsv" else ",")
    folder = str(Path(deck).parent)
    return {deck: deck_text.encode("utf-8"), f"{folder}/{table_name}": table}


def one(rng: random.Random, workdir: Path) -> Outcome:
    """One mutated card table of a target chosen by ``rng``, checked in ``workdir``."""
    deck, ruleset, suffix = rng.choice(TARGETS)
    return check_files(workdir, f"{deck} + cards.{suffix}", make(rng, deck, suffix), (ruleset,))
