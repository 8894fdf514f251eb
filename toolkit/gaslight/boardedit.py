"""What the board editor asks of ``gaslight serve``: the project's boards, checks, and saving a board.

The editor page (``site/engine/editor/editor.js``) edits a board as plain data (what ``board.yaml`` holds). Its checks
are the toolkit's own (:func:`check_data` runs the loader and :func:`~gaslight.domain.board.checks.check_board`
on the data, as ``gaslight check`` does on a file), so the page and the command can never disagree. Saving
edits the file in place with ruamel.yaml's round trip: comments, key order and the items the editor did not
touch stay as they were; changed items are updated where they stand, new ones added at the end of their list.

>>> data = {"kind": "board", "id": "t", "title": "T", "unit": "mm", "canvas": {"width": 100, "height": 100},
...         "circles": [{"number": 1, "at": [10, 10]}], "crossings": [{"id": "k1", "at": [50, 50]}],
...         "segments": [[1, 1], [1, "k1"]]}
>>> "segment 1–1 joins circle 1 to itself" in [d["message"] for d in check_data(data)]
True
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from gaslight.config import ProjectConfig
from gaslight.diagnostics import Location, Report
from gaslight.discover import files_of_kind, walk
from gaslight.domain.board.checks import check_board
from gaslight.domain.board.generate import board_yaml
from gaslight.domain.board.model import Board
from gaslight.errors import UserError
from gaslight.files import write_whole
from gaslight.project import load_document
from gaslight.yamlio import format_path, parse_text

#: Board data larger than this is refused before it is checked or saved.
MAX_BOARD_BYTES = 4 * 1024 * 1024
LISTS: dict[str, Callable[[Any], Hashable]] = {
    "circles": lambda item: item["number"],
    "crossings": lambda item: item["id"],
    "segments": lambda item: frozenset(map(str, item["between"] if isinstance(item, dict) else item)),
    "places": lambda item: _hashable(item["name"]),  # a name may be a map of languages
    "districts": lambda item: item["id"],
}
#: A new board's file name: a plain name of at most 100 characters, never a hidden file or a folder of its own.
NEW_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,94}\.yaml")
PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
MODELINE = "# yaml-language-server: $schema=../../schemas/board.schema.json"
HEADER = ("# Drawn in Gaslight's board editor. Lines: [a, b] joins circle a (a number) or crossing a (an id) to b.",)


def diagnostics_json(report: Report) -> list[dict[str, Any]]:
    """The report as the editor shows it: severity, message, fix, YAML path and the point to ring."""
    return [{"severity": d.severity.value, "message": d.message, "fix": d.fix, "path": d.location.path,
             "point": list(d.point) if d.point is not None else None}
            for d in sorted(report.diagnostics, key=lambda d: d.sort_key)]


def board_version(raw: bytes) -> str:
    """The version of a board file the editor loaded: a hash of its bytes (a save names it, so a file changed on
    disk since is never overwritten unseen).

    >>> board_version(b"kind: board\\n")[:12]
    'f1f873d28e59'
    """
    return hashlib.sha256(raw).hexdigest()


def _odd_key(value: Any, path: tuple[str | int, ...] = ()) -> tuple[str | int, ...] | None:
    """The YAML path of the first key that is not a plain name (no board file has such a key)."""
    if isinstance(value, dict):
        for key, child in value.items():
            if not isinstance(key, str) or not PLAIN_KEY.fullmatch(key):
                return (*path, str(key))
            if (found := _odd_key(child, (*path, key))) is not None:
                return found
    elif isinstance(value, list):
        return next((found for i, child in enumerate(value) if (found := _odd_key(child, (*path, i))) is not None),
                    None)
    return None


def _first_difference(sent: Any, read: Any, path: tuple[str | int, ...] = ()) -> tuple[str | int, ...] | None:
    """The YAML path of the first place where ``read`` (the data read back from its text) is not ``sent``."""
    if isinstance(sent, dict) and isinstance(read, dict) and list(sent) == list(read):
        return next((found for key in sent if (found := _first_difference(sent[key], read[key], (*path, key)))
                     is not None), None)
    if isinstance(sent, list) and isinstance(read, list) and len(sent) == len(read):
        return next((found for i, (a, b) in enumerate(zip(sent, read, strict=True))
                     if (found := _first_difference(a, b, (*path, i))) is not None), None)
    same = (sent == read and type(sent) is type(read)) or (isinstance(sent, float) and isinstance(read, int)
                                                            and not isinstance(read, bool) and sent == read)
    return None if same else path


@dataclass(frozen=True)
class Loaded:
    """What loading board data as a file found: its problems so far, the board (None on any error), and whether
    the data has a board file's shape (it parses back as sent and passes the board schema)."""

    report: Report
    board: Board | None
    shaped: bool


def load_report(data: dict[str, Any], name: str = "board.yaml") -> Loaded:
    """Parse, schema and loader problems of a board file holding ``data``, and the board when there are none.

    A key or value that does not read back from the file's text as it was sent (a key holding a newline, a
    number that is not finite) is an error at its path: what is checked is what a file would hold.

    >>> loaded = load_report({"kind": "board", "id": "x", "title": "T", "unit": "mm", "x\\nkind": 1})
    >>> loaded.shaped, [(d.location.path, d.message) for d in loaded.report.errors]
    (False, [('x\\nkind', "'x\\\\nkind' cannot be a key of a board file")])
    >>> [d.message for d in load_report({"kind": "board", "canvas": {"width": float("inf")}}).report.errors]
    ['this value does not read back from a board file as it was sent (a number must be finite)']
    """
    report = Report()
    odd = _odd_key(data)
    if odd is not None:
        report.error(Location(name, 1, 1, format_path(odd)), f"{odd[-1]!r} cannot be a key of a board file",
                     fix="use the names a board file holds (see the board schema)")
        return Loaded(report, None, False)
    doc, parsed = parse_text(board_yaml(data, HEADER), name)
    report.extend(parsed)
    if doc is None or not parsed.ok:
        return Loaded(report, None, False)
    differs = _first_difference(data, doc.data)
    if differs is not None:
        report.error(Location(name, 1, 1, format_path(differs)), "this value does not read back from a board file "
                     "as it was sent (a number must be finite)", fix="use the values a board file holds (see the board "
                     "schema)")
        return Loaded(report, None, False)
    loaded = load_document(doc, report)
    shaped = data.get("kind") == "board" and not any(d.code.startswith(("schema.", "yaml")) for d in report.errors)
    if loaded is not None and not isinstance(loaded[1], Board):
        report.error(doc.loc(("kind",)), f"the editor edits boards, not {loaded[0]}s", fix="open a board")
        return Loaded(report, None, False)
    return Loaded(report, loaded[1] if loaded is not None else None, shaped)


def check_data(data: dict[str, Any], name: str = "board.yaml") -> list[dict[str, Any]]:
    """Every problem ``gaslight check`` would find in a board file holding ``data``."""
    loaded = load_report(data, name)
    if loaded.board is not None:
        check_board(loaded.board, loaded.report)
    return diagnostics_json(loaded.report)


def project_boards(config: ProjectConfig) -> dict[str, Path]:
    """The project's own board files by their path from the project folder (``boards/x.yaml``)."""
    found = walk(config.content, ignore_root=config.root, exclude=config.exclude, prune=(config.output,))
    return {path.resolve().relative_to(config.root.resolve()).as_posix(): path.resolve()
            for path in files_of_kind(found.scenarios, "board")
            if path.resolve().is_relative_to(config.root.resolve())}


def board_folders(config: ProjectConfig, boards: dict[str, Path]) -> list[Path]:
    """The folders a new board may go in: those already holding the project's boards, and ``boards/`` of the
    project when it is inside its content folders (where ``gaslight init`` puts boards)."""
    root, output = config.root.resolve(), config.output.resolve()
    folders = {path.parent for path in boards.values()}
    if any((root / "boards").is_relative_to(folder.resolve()) for folder in config.content):
        folders.add(root / "boards")
    return sorted(f for f in folders if f.is_relative_to(root) and not f.is_relative_to(output))


def new_board_path(config: ProjectConfig, name: str, boards: dict[str, Path] | None = None) -> Path:
    """Where a new board named ``name`` (``boards/mine.yaml``) may be written: a ``.yaml`` file that does not exist
    yet, right in a folder that holds the project's boards (:func:`board_folders`); a user error otherwise."""
    boards = project_boards(config) if boards is None else boards
    root = config.root.resolve()
    folders = board_folders(config, boards)
    target = (root / name).resolve() if name and "\0" not in name else root
    plain = bool(NEW_NAME.fullmatch(PurePosixPath(name).name)) and not Path(name).is_absolute()
    if not plain or target.parent not in folders:
        where = ", ".join(f"{f.relative_to(root).as_posix()}/" for f in folders) or "boards/"
        raise UserError(f"a new board goes in a folder that holds the project's boards ({where}), as a NAME.yaml "
                        f"file (up to 100 letters, digits, - and _), not {name!r}")
    if target.exists():
        raise UserError(f"{name} already exists; open it to edit it")
    return target


def board_bytes(path: Path) -> bytes:
    """A board file's bytes, for the editor; a user error when it is larger than the editor takes."""
    size = path.stat().st_size
    if size > MAX_BOARD_BYTES:
        raise UserError(f"{path.name} is {size / 2**20:.1f} MB; the editor opens boards of up to "
                        f"{MAX_BOARD_BYTES // 2**20} MB (edit it as text)")
    return path.read_bytes()


def board_data(raw: bytes, shown: str) -> dict[str, Any]:
    """The data of a board file's bytes; a user error when they are not a board."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UserError(f"{shown} is not a board file: it is not UTF-8 text ({error.reason})") from None
    doc, report = parse_text(text, shown)
    if doc is None or not isinstance(doc.data, dict) or doc.data.get("kind") != "board":
        raise UserError(f"{shown} is not a board file: {report.format_text() or 'no kind: board'}")
    return doc.data


def read_board(path: Path) -> dict[str, Any]:
    """A board file's data, for the editor; a user error when it is too large or does not parse as a board."""
    return board_data(board_bytes(path), path.name)


def _hashable(value: Any) -> Hashable:
    return tuple(sorted((str(k), str(v)) for k, v in value.items())) if isinstance(value, dict) else value


def _round_trip() -> YAML:
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap a line the designer wrote
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _flow(value: Any) -> Any:
    """``value`` as ruamel nodes written in flow style (one item per line, as board files are written)."""
    if isinstance(value, dict):
        node = CommentedMap((k, _flow(v)) for k, v in value.items())
        node.fa.set_flow_style()
        return node
    if isinstance(value, list):
        seq = CommentedSeq(_flow(v) for v in value)
        seq.fa.set_flow_style()
        return seq
    return value


def _merge_list(old: CommentedSeq, new: list[Any], key: Callable[[Any], Hashable]) -> None:
    """Bring ``old`` to ``new`` in place: items kept where they are (and their comments), changed ones
    replaced, missing ones removed, the rest appended in ``new``'s order."""
    wanted = {key(item): item for item in new}
    for i in range(len(old) - 1, -1, -1):
        if key(old[i]) not in wanted:
            del old[i]
    present = {key(item): i for i, item in enumerate(old)}
    for item_key, item in wanted.items():
        if item_key not in present:
            old.append(_flow(item))
        elif _plain(old[present[item_key]]) != item:
            old[present[item_key]] = _flow(item)


def _plain(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    return node


def new_text(data: dict[str, Any], first_line: str = MODELINE) -> str:
    """The text of a new board file holding ``data``, written by the same YAML writer as an edit (every key and
    text quoted where YAML needs it), one circle, crossing or line per line, as ``gaslight new`` writes them."""
    yaml = _round_trip()
    tree = CommentedMap()
    for field, value in data.items():
        if isinstance(value, list) and value:
            tree[field] = CommentedSeq(_flow(item) for item in value)
        else:
            tree[field] = _flow(value)
    out = io.StringIO()
    yaml.dump(tree, out)
    return "\n".join((first_line, *HEADER, "")) + out.getvalue()


def saved_text(original: str | None, data: dict[str, Any]) -> str:
    """The text of the board file after saving ``data`` over ``original`` (None: a new file)."""
    if original is None:
        return new_text(data)
    yaml = _round_trip()
    tree = yaml.load(original)
    if not isinstance(tree, CommentedMap):
        return new_text(data)
    for field in list(tree):
        if field not in data:
            del tree[field]
    for field, value in data.items():
        if field in LISTS and isinstance(tree.get(field), CommentedSeq) and isinstance(value, list):
            _merge_list(tree[field], value, LISTS[field])
        elif field not in tree or _plain(tree[field]) != value:
            tree[field] = _flow(value) if isinstance(value, (dict, list)) else value
    out = io.StringIO()
    yaml.dump(tree, out)
    return out.getvalue()


def modeline(target: Path, root: Path) -> str:
    """The schema modeline of a new board file at ``target`` in the project at ``root`` (as ``gaslight new``)."""
    from gaslight.commands.schemas import modeline as schema_modeline

    return schema_modeline(target, "board.schema.json", root)


def save_board(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to the board file ``path`` (editing it in place when it exists), whole or not at all."""
    original = path.read_text(encoding="utf-8") if path.is_file() else None
    write_whole(path, saved_text(original, data))
