"""What the board editor asks of ``gaslight serve``: the project's boards, checks, and saving a board.

The editor page (``site/engine/editor.js``) edits a board as plain data (what ``board.yaml`` holds). Its checks
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

import io
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from gaslight.config import ProjectConfig
from gaslight.diagnostics import Report
from gaslight.discover import files_of_kind, walk
from gaslight.domain.board.checks import check_board
from gaslight.domain.board.generate import board_yaml
from gaslight.domain.board.model import Board
from gaslight.errors import UserError
from gaslight.files import write_whole
from gaslight.project import load_document
from gaslight.yamlio import parse_file, parse_text

#: Board data larger than this is refused before it is checked or saved.
MAX_BOARD_BYTES = 4 * 1024 * 1024
LISTS: dict[str, Callable[[Any], Hashable]] = {
    "circles": lambda item: item["number"],
    "crossings": lambda item: item["id"],
    "segments": lambda item: frozenset(map(str, item["between"] if isinstance(item, dict) else item)),
    "places": lambda item: item["name"],
    "districts": lambda item: item["id"],
}
HEADER = ("# Drawn in Gaslight's board editor. Lines: [a, b] joins circle a (a number) or crossing a (an id) to b.",)


def diagnostics_json(report: Report) -> list[dict[str, Any]]:
    """The report as the editor shows it: severity, message, fix, YAML path and the point to ring."""
    return [{"severity": d.severity.value, "message": d.message, "fix": d.fix, "path": d.location.path,
             "point": list(d.point) if d.point is not None else None}
            for d in sorted(report.diagnostics, key=lambda d: d.sort_key)]


def check_data(data: dict[str, Any], name: str = "board.yaml") -> list[dict[str, Any]]:
    """Every problem ``gaslight check`` would find in a board file holding ``data``."""
    report = Report()
    doc, parsed = parse_text(board_yaml(data, HEADER), name)
    report.extend(parsed)
    loaded = load_document(doc, report) if doc is not None and parsed.ok else None
    if loaded is not None and isinstance(loaded[1], Board):
        check_board(loaded[1], report)
    elif loaded is not None:
        report.error(doc.loc(("kind",)), f"the editor edits boards, not {loaded[0]}s", fix="open a board")
    return diagnostics_json(report)


def project_boards(config: ProjectConfig) -> dict[str, Path]:
    """The project's own board files by their path from the project folder (``boards/x.yaml``)."""
    found = walk(config.content, ignore_root=config.root, exclude=config.exclude, prune=(config.output,))
    return {path.resolve().relative_to(config.root.resolve()).as_posix(): path.resolve()
            for path in files_of_kind(found.scenarios, "board")
            if path.resolve().is_relative_to(config.root.resolve())}


def new_board_path(config: ProjectConfig, name: str) -> Path:
    """Where a new board named ``name`` (``boards/mine.yaml``) may be written: inside a content folder of the
    project, a ``.yaml`` file that does not exist yet; a user error otherwise."""
    target = (config.root / name).resolve()
    inside = any(target.is_relative_to(folder.resolve()) for folder in config.content)
    if not name or Path(name).is_absolute() or target.suffix != ".yaml" or not inside:
        raise UserError(f"a new board goes in a .yaml file inside the project's content folders, not {name!r}")
    if target.exists():
        raise UserError(f"{name} already exists; open it to edit it")
    return target


def read_board(path: Path) -> dict[str, Any]:
    """A board file's data, for the editor; a user error when it does not parse."""
    doc, report = parse_file(path, path.name)
    if doc is None or not isinstance(doc.data, dict) or doc.data.get("kind") != "board":
        raise UserError(f"{path.name} is not a board file: {report.format_text() or 'no kind: board'}")
    return doc.data


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


def saved_text(original: str | None, data: dict[str, Any]) -> str:
    """The text of the board file after saving ``data`` over ``original`` (None: a new file)."""
    if original is None:
        return board_yaml(data, HEADER)
    yaml = _round_trip()
    tree = yaml.load(original)
    if not isinstance(tree, CommentedMap):
        return board_yaml(data, HEADER)
    for field in list(tree):
        if field not in data:
            del tree[field]
    for field, value in data.items():
        if field in LISTS and isinstance(tree.get(field), CommentedSeq):
            _merge_list(tree[field], value, LISTS[field])
        elif field not in tree or _plain(tree[field]) != value:
            tree[field] = _flow(value) if isinstance(value, (dict, list)) else value
    out = io.StringIO()
    yaml.dump(tree, out)
    return out.getvalue()


def save_board(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to the board file ``path`` (editing it in place when it exists), whole or not at all."""
    original = path.read_text(encoding="utf-8") if path.is_file() else None
    write_whole(path, saved_text(original, data))
