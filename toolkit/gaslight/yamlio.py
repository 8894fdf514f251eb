"""YAML 1.2 loading that keeps positions, refuses duplicate keys and bounds nesting and aliases.

libyaml's parser gives events with marks; :mod:`gaslight.yaml12` composes them into nodes by the YAML 1.2
core schema (as the editor reads the file), and we turn the nodes into plain data ourselves so every value
keeps its ``line:column`` and hostile input (deep nesting, alias bombs, recursive anchors) fails fast with a
located error instead of hanging or crashing.

>>> doc, report = parse_text("kind: board\\nid: x\\n", "x.yaml")
>>> doc.data
{'kind': 'board', 'id': 'x'}
>>> doc.loc(("id",))
Location(file='x.yaml', line=2, column=5, path='id')
>>> parse_text("title: No\\nat: 10:30\\nn: 010\\n", "x.yaml")[0].data
{'title': 'No', 'at': '10:30', 'n': 10}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from gaslight.diagnostics import Location, Report
from gaslight.yaml12 import (
    MAX_DEPTH,
    MERGE,
    Composed,
    ComposeError,
    ScalarProblem,
    ValueProblem,
    check_text,
    compose_documents,
    construct_scalar,
)

# Values an alias may bring in beyond those written out: a hostile file fails in well under a second, while
# an honest board of any size (written out, a few aliases) loads.
MAX_ALIASED = 100_000
# A 10,000-circle board is about 1.6 MB; a file past this is not a scenario (and would take minutes).
MAX_FILE_BYTES = 8 * 1024 * 1024
# Aliases can place a nested value inside another: the converted depth is bounded separately.
MAX_CONVERTED_DEPTH = 4 * MAX_DEPTH

YamlPath = tuple[str | int, ...]


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

    __cache_paths__: ClassVar[tuple[str, ...]] = ("file", "path")  # relative to the working folder (valuecodec)
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
        self.unread_values = 0  # values reported and left out: the file is not used, but each one is named
        self._unread_nodes: set[int] = set()  # once each, however many aliases bring it in

    def where(self, node: Node, path: YamlPath) -> Location:
        mark = node.start_mark
        return Location(self.file, mark.line + 1, mark.column + 1, format_path(path))

    def unread(self, node: Node, path: YamlPath, problem: ScalarProblem) -> None:
        self.unread_values += 1
        if id(node) not in self._unread_nodes:
            self._unread_nodes.add(id(node))
            self.report.error(self.where(node, path), problem.message, fix=problem.fix)

    def convert(self, node: Node, path: YamlPath) -> Any:
        mark = node.start_mark
        self.positions.setdefault(path, (mark.line + 1, mark.column + 1))
        if len(path) > MAX_CONVERTED_DEPTH:
            raise _Unreadable(node, f"aliases nest values more than {MAX_CONVERTED_DEPTH} levels deep",
                              "write the data out instead of nesting aliases")
        if isinstance(node, ScalarNode):
            try:
                return construct_scalar(node)
            except ScalarProblem as problem:
                self.unread(node, path, problem)
                return None
            except ValueProblem as problem:
                raise _Unreadable(node, f"cannot read value: {problem}",
                                  "remove the tag, or write a value of that type") from None
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
            if key_node.tag == MERGE:
                sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
                merged.append(tuple(s for s in sources if isinstance(s, MappingNode)))
                continue
            if not isinstance(key_node, ScalarNode):
                self.report.error(self.where(key_node, path), "a key must be a name, not a list or a mapping",
                                  fix="write the key as plain text")
                continue
            key = str(key_node.value)
            try:
                check_text(key)
            except ScalarProblem as problem:
                self.unread(key_node, path, problem)
                continue
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


class _Unreadable(Exception):
    def __init__(self, node: Node, message: str, fix: str) -> None:
        super().__init__(message)
        self.node, self.message, self.fix = node, message, fix


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def _aliased_values(root: Node) -> int | None:
    """How many values aliases add beyond those written out; None when an anchor contains itself.

    Sizes are counted bottom-up once per node (no recursion), so a chain of aliases doubling at each level
    is measured in linear time.
    """
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()  # on the walk's current path
    stack: list[tuple[Node, list[Node], int]] = [(root, _children(root), 0)]
    open_nodes.add(id(root))
    while stack:
        node, children, next_child = stack[-1]
        if next_child < len(children):
            stack[-1] = (node, children, next_child + 1)
            child = children[next_child]
            if id(child) in open_nodes:
                return None
            if id(child) not in sizes:
                open_nodes.add(id(child))
                stack.append((child, _children(child), 0))
            continue
        stack.pop()
        open_nodes.discard(id(node))
        cap = MAX_ALIASED + len(sizes) + 1
        sizes[id(node)] = 1 + sum(min(sizes[id(child)], cap) for child in children)
    return max(0, sizes[id(root)] - len(sizes))


_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _compose(text: str) -> Composed:
    """Compose from libyaml's events when present (10× faster, same marks).

    On a syntax error, the pure-Python parser runs again for its clearer message
    (it names the offending character), so errors read the same with or without libyaml.
    """
    try:
        return compose_documents(yaml.parse(text, Loader=_FAST_LOADER))
    except yaml.MarkedYAMLError:
        return compose_documents(yaml.parse(text, Loader=yaml.SafeLoader))


def parse_text(text: str, file: str) -> tuple[Document | None, Report]:
    """Parse one YAML text. Returns the document (None when unusable) and what went wrong."""
    report = Report()
    report.files.add(file)
    try:
        composed = _compose(text)
    except ComposeError as exc:
        report.error(Location(file, exc.mark.line + 1, exc.mark.column + 1, ""), exc.message, fix=exc.fix)
        return None, report
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
    nodes = composed.documents
    if len(nodes) != 1:
        where = nodes[1].start_mark.line + 1 if len(nodes) > 1 else 1
        message = "file holds more than one YAML document" if nodes else "file is empty"
        fix = "keep one scenario per file" if nodes else "start with a 'kind:' line (see 'gaslight new')"
        report.error(Location(file, where, 1, ""), message, fix=fix)
        return None, report
    root = nodes[0]
    aliased = _aliased_values(root) if composed.has_aliases else 0
    if aliased is None:
        report.error(Location(file, 1, 1, ""), "an anchor refers to itself (recursive alias)", fix="remove the alias")
        return None, report
    if aliased > MAX_ALIASED:
        report.error(
            Location(file, root.start_mark.line + 1, root.start_mark.column + 1, ""),
            f"aliases bring in more than {MAX_ALIASED} values (an alias bomb?)",
            fix="write the data out instead of nesting aliases",
        )
        return None, report
    converter = _Converter(file, report)
    try:
        data = converter.convert(root, ())
    except _Unreadable as exc:
        mark = exc.node.start_mark
        report.error(Location(file, mark.line + 1, mark.column + 1, ""), exc.message, fix=exc.fix)
        return None, report
    if converter.unread_values:
        return None, report
    return Document(file, data, converter.positions, converter.key_positions, text), report


def parse_file(path: Path, display: str) -> tuple[Document | None, Report]:
    """Read and parse a file, reporting unreadable, oversized or non-UTF-8 files as located errors."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            report = Report(files={display})
            report.error(Location(display, 1, 1, ""),
                         f"file is {size / 2**20:.1f} MB; a scenario file may be at most {MAX_FILE_BYTES // 2**20} MB",
                         fix="split it into several files, or generate the data instead of writing it out")
            return None, report
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
