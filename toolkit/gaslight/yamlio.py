"""YAML loading that keeps positions, refuses duplicate keys and bounds aliases.

PyYAML's composer gives a node graph with marks; we turn it into plain data
ourselves so every value keeps its ``line:column`` and hostile input (alias
bombs, recursive anchors) fails fast with a located error instead of hanging.

>>> doc, report = parse_text("kind: board\\nid: x\\n", "x.yaml")
>>> doc.data
{'kind': 'board', 'id': 'x'}
>>> doc.loc(("id",))
Location(file='x.yaml', line=2, column=5, path='id')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from gaslight.diagnostics import Location, Report

# A hostile file must fail in well under a second; real scenarios are ~10^4 nodes.
MAX_NODES = 200_000

YamlPath = tuple[str | int, ...]

_MERGE_TAG = "tag:yaml.org,2002:merge"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"


def format_path(path: YamlPath) -> str:
    """``("circles", 3, "number")`` → ``circles[3].number``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


@dataclass(frozen=True)
class Document:
    """A parsed scenario file: plain data plus the position of every value and key."""

    file: str
    data: Any
    positions: Mapping[YamlPath, tuple[int, int]]
    key_positions: Mapping[YamlPath, tuple[int, int]]
    text: str = ""
    path: str = ""  # the file on disk ("" for text parsed from memory)

    def loc(self, path: YamlPath) -> Location:
        """Location of the value at ``path`` (or of its nearest ancestor)."""
        return self._find(path, self.positions)

    def key_loc(self, path: YamlPath) -> Location:
        """Location of the key naming ``path`` (falls back to the value)."""
        if path in self.key_positions:
            line, column = self.key_positions[path]
            return Location(self.file, line, column, format_path(path))
        return self.loc(path)

    def _find(self, path: YamlPath, table: Mapping[YamlPath, tuple[int, int]]) -> Location:
        probe = tuple(path)
        while probe and probe not in table:
            probe = probe[:-1]
        line, column = table.get(probe, (1, 1))
        return Location(self.file, line, column, format_path(tuple(path)))

    @property
    def modeline(self) -> str | None:
        first = self.text.splitlines()[0] if self.text else ""
        prefix = "# yaml-language-server: $schema="
        return first[len(prefix) :].strip() if first.startswith(prefix) else None


class _Converter:
    def __init__(self, file: str, report: Report) -> None:
        self.file = file
        self.report = report
        self.positions: dict[YamlPath, tuple[int, int]] = {}
        self.key_positions: dict[YamlPath, tuple[int, int]] = {}
        self.constructor = SafeConstructor()

    def where(self, node: Node, path: YamlPath) -> Location:
        mark = node.start_mark
        return Location(self.file, mark.line + 1, mark.column + 1, format_path(path))

    def convert(self, node: Node, path: YamlPath) -> Any:
        mark = node.start_mark
        self.positions.setdefault(path, (mark.line + 1, mark.column + 1))
        if isinstance(node, ScalarNode):
            if node.tag == _TIMESTAMP_TAG:
                return node.value
            return self.constructor.construct_object(node, deep=True)
        if isinstance(node, SequenceNode):
            return [self.convert(child, (*path, i)) for i, child in enumerate(node.value)]
        if isinstance(node, MappingNode):
            return self.convert_mapping(node, path)
        raise TypeError(f"unexpected YAML node {node!r}")  # pragma: no cover - composer only makes these

    def convert_mapping(self, node: MappingNode, path: YamlPath) -> dict[str, Any]:
        result: dict[str, Any] = {}
        first_seen: dict[str, int] = {}
        merged: list[tuple[MappingNode, ...]] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
                merged.append(tuple(s for s in sources if isinstance(s, MappingNode)))
                continue
            key = str(key_node.value) if isinstance(key_node, ScalarNode) else str(key_node)
            if key in first_seen:
                self.report.error(
                    self.where(key_node, (*path, key)),
                    f"duplicate key '{key}' (first written at line {first_seen[key]})",
                    fix="keep one of the two entries",
                )
                continue
            first_seen[key] = key_node.start_mark.line + 1
            key_mark = key_node.start_mark
            self.key_positions.setdefault((*path, key), (key_mark.line + 1, key_mark.column + 1))
            result[key] = self.convert(value_node, (*path, key))
        for sources in merged:
            for source in sources:
                for key, value in self.convert_mapping(source, path).items():
                    result.setdefault(key, value)
        return result


def _expanded_size(root: Node) -> int | None:
    """Logical node count with aliases expanded; None when an anchor contains itself."""
    sizes: dict[int, int] = {}
    in_progress: set[int] = set()

    def size(node: Node) -> int | None:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in in_progress:
            return None
        in_progress.add(key)
        total = 1
        if isinstance(node, SequenceNode):
            children: list[Node] = list(node.value)
        elif isinstance(node, MappingNode):
            children = [n for pair in node.value for n in pair]
        else:
            children = []
        for child in children:
            child_size = size(child)
            if child_size is None:
                return None
            total += child_size
            if total > MAX_NODES:
                break
        in_progress.discard(key)
        sizes[key] = total
        return total

    return size(root)


_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _compose(text: str) -> list[Node]:
    """Compose with libyaml when present (10× faster, same marks).

    On a syntax error, the pure-Python composer runs again for its clearer message
    (it names the offending character), so errors read the same with or without libyaml.
    """
    try:
        return list(yaml.compose_all(text, Loader=_FAST_LOADER))
    except yaml.MarkedYAMLError:
        return list(yaml.compose_all(text, Loader=yaml.SafeLoader))


def parse_text(text: str, file: str) -> tuple[Document | None, Report]:
    """Parse one YAML text. Returns the document (None when unusable) and what went wrong."""
    report = Report()
    report.files.add(file)
    try:
        nodes = _compose(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        report.error(
            Location(file, line, column, ""),
            f"YAML syntax error: {problem}",
            fix="check the indentation, quotes and colons on this line and the one before",
        )
        return None, report
    except yaml.YAMLError as exc:
        report.error(Location(file, 1, 1, ""), f"YAML error: {exc}", fix="check the file is valid YAML")
        return None, report
    if len(nodes) != 1:
        where = nodes[1].start_mark.line + 1 if len(nodes) > 1 else 1
        message = "file holds more than one YAML document" if nodes else "file is empty"
        fix = "keep one scenario per file" if nodes else "start with a 'kind:' line (see 'gaslight new')"
        report.error(Location(file, where, 1, ""), message, fix=fix)
        return None, report
    root = nodes[0]
    expanded = _expanded_size(root)
    if expanded is None:
        report.error(Location(file, 1, 1, ""), "an anchor refers to itself (recursive alias)", fix="remove the alias")
        return None, report
    if expanded > MAX_NODES:
        report.error(
            Location(file, root.start_mark.line + 1, root.start_mark.column + 1, ""),
            f"aliases expand to more than {MAX_NODES} values (an alias bomb?)",
            fix="write the data out instead of nesting aliases",
        )
        return None, report
    converter = _Converter(file, report)
    try:
        data = converter.convert(root, ())
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        report.error(Location(file, line, column, ""), f"cannot read value: {exc.problem}", fix="quote the value")
        return None, report
    return Document(file, data, converter.positions, converter.key_positions, text), report


def parse_file(path: Path, display: str) -> tuple[Document | None, Report]:
    """Read and parse a file, reporting unreadable or non-UTF-8 files as located errors."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        report = Report(files={display})
        report.error(Location(display, 1, 1, ""), f"file is not UTF-8 text ({exc.reason})", fix="save it as UTF-8")
        return None, report
    except OSError as exc:
        report = Report(files={display})
        report.error(Location(display, 1, 1, ""), f"cannot read file: {exc.strerror}", fix="check the path")
        return None, report
    doc, report = parse_text(text, display)
    return (replace(doc, path=str(path.resolve())) if doc else None), report
