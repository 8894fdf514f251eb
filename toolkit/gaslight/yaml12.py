"""Compose YAML 1.2 (core schema) from libyaml's events, without recursion and with a nesting limit.

PyYAML resolves plain scalars by YAML 1.1 (``No`` is false, ``10:30`` is 630, ``010`` is 8), while the
editors designers use (yaml-language-server, the npm ``yaml`` library) read YAML 1.2. We keep libyaml's fast
scanner and parser, which give every event its position, and do the two steps that decide meaning here:
composing nodes from events (iteratively, so a 30,000-deep file cannot exhaust the stack) and resolving plain
scalars by the 1.2 core schema.

>>> [resolve_plain(text) for text in ("No", "10:30", "010", "1_002", "0x1F", "~")]
['str', 'str', 'int', 'str', 'int', 'null']
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

# Deeper than any scenario needs (a board is five levels deep); well inside Python's recursion limit.
MAX_DEPTH = 64
# No scenario value needs more digits (a seed has at most 20); far below Python's 4,300-digit limit on int(),
# so a longer number is a located error here instead of a ValueError deeper in (int(), str(), JSON).
MAX_DIGITS = 100

TAG = "tag:yaml.org,2002:"
STR, NULL, BOOL, INT, FLOAT = TAG + "str", TAG + "null", TAG + "bool", TAG + "int", TAG + "float"
SEQ, MAP, MERGE = TAG + "seq", TAG + "map", TAG + "merge"

# The YAML 1.2.2 core schema, section 10.3.2 (plus the merge key ``<<``, which the editor also reads).
# One pattern, one match per scalar: the group that matched names the type.
_PLAIN = re.compile(
    r"(?P<null>~|null|Null|NULL|)"
    r"|(?P<bool>true|True|TRUE|false|False|FALSE)"
    r"|(?P<int>[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)"
    r"|(?P<float>[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)"
    r"|(?P<merge><<)"
)


def resolve_plain(text: str) -> str:
    """The core-schema type of a plain (unquoted) scalar: ``str``, ``null``, ``bool``, ``int`` or ``float``."""
    match = _PLAIN.fullmatch(text)
    return match.lastgroup or "str" if match else "str"


class ComposeError(Exception):
    """A problem in the document's structure, at a position (0-based line and column, as libyaml marks)."""

    def __init__(self, message: str, fix: str, mark: yaml.Mark) -> None:
        super().__init__(message)
        self.message, self.fix, self.mark = message, fix, mark


class ValueProblem(ValueError):
    """A scalar whose explicit tag does not fit its text (``!!int abc``)."""


class ScalarProblem(ValueError):
    """A value YAML allows but Gaslight does not read: a number of more than :data:`MAX_DIGITS` digits or not
    finite (``.nan``, ``.inf``, ``1e400``), or text holding half a surrogate pair (``"\\ud800"``), which no
    output can write. It carries the fix, so every reader (YAML, card tables) says the same."""

    def __init__(self, message: str, fix: str) -> None:
        super().__init__(message)
        self.message, self.fix = message, fix


def _shown(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def check_text(text: str) -> None:
    r"""Raise :class:`ScalarProblem` when ``text`` holds a lone surrogate (YAML's ``"\ud800"`` escape makes one).

    >>> check_text("Mrs Hudson \u2014 \U0001F575")
    >>> check_text("a\ud800")
    Traceback (most recent call last):
    gaslight.yaml12.ScalarProblem: the text holds \ud800, half of a surrogate pair, which is not a character
    """
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ScalarProblem(f"the text holds \\u{ord(text[exc.start]):04x}, half of a surrogate pair, which is not "
                            "a character", "write the character itself, or its \\U escape (eight hex digits)") from None


def check_digits(text: str) -> None:
    """Raise :class:`ScalarProblem` when the whole number ``text`` has more than :data:`MAX_DIGITS` digits.

    >>> check_digits("12")
    >>> check_digits("9" * 5000)
    Traceback (most recent call last):
    gaslight.yaml12.ScalarProblem: this number has 5000 digits; Gaslight reads numbers of at most 100 digits
    """
    digits = sum(char.isdigit() or char in "abcdefABCDEF" for char in text.removeprefix("0x").removeprefix("0o"))
    if digits > MAX_DIGITS:
        raise ScalarProblem(f"this number has {digits} digits; Gaslight reads numbers of at most {MAX_DIGITS} digits",
                            "write a smaller number, or quote it if it is meant as text")


def check_finite(text: str, value: float) -> None:
    """Raise :class:`ScalarProblem` when ``value`` (read from ``text``) is not a finite number.

    >>> check_finite("-.inf", float("-inf"))
    Traceback (most recent call last):
    gaslight.yaml12.ScalarProblem: '-.inf' is infinite; Gaslight reads finite numbers only
    """
    if math.isfinite(value):
        return
    what = ("is not a number" if math.isnan(value) else "is infinite" if text.strip().lower().lstrip("+-") in
            (".inf", "inf", "infinity") else "is too large to be a number (over 1.8e308)")
    raise ScalarProblem(f"'{_shown(text)}' {what}; Gaslight reads finite numbers only",
                        "write a finite number, or quote it if it is meant as text")


# Characters written without spaces around them (kana, kanji, CJK punctuation, full-width forms): the same as
# gaslight.typesetting_ja.is_cjk, which a test holds it to; kept here so that reading YAML needs no PDF library.
CJK = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\u31f0-\u31ff\U00020000-\U0003ffff"
_FOLDED_BETWEEN_CJK = re.compile(f"(?<=[{CJK}]) (?=[{CJK}])")


def joined_lines(text: str) -> str:
    """A folded scalar's text with the spaces YAML put where its Japanese lines were joined taken out: YAML
    joins the lines of a ``>`` block, a plain or a quoted scalar with a space, which Japanese does not write
    between two characters.

    >>> joined_lines("ジャックは 夜ごとに 動く。"), joined_lines("Jack moves at night."), joined_lines("第3夜 Jack")
    ('ジャックは夜ごとに動く。', 'Jack moves at night.', '第3夜 Jack')
    """
    return _FOLDED_BETWEEN_CJK.sub("", text) if " " in text else text


def construct_scalar(node: ScalarNode) -> object:
    """The Python value of a resolved scalar node; :class:`ValueProblem` when its tag does not fit its text,
    :class:`ScalarProblem` for a number Gaslight does not read. A text's lines are joined as
    :func:`joined_lines` says, except in a literal (``|``) block, which keeps them."""
    tag, text = node.tag, node.value
    check_text(text)
    if tag == STR or not tag.startswith(TAG):
        return text if node.style == "|" else joined_lines(text)
    kind = tag.removeprefix(TAG)
    if kind in ("null", "bool", "int", "float") and resolve_plain(text) not in _FITS[kind]:
        raise ValueProblem(f"'{text}' is not a YAML {kind}")
    if kind == "null":
        return None
    if kind == "bool":
        return text.lower() == "true"
    if kind == "int":
        return _to_int(text)
    if kind == "float":
        return _to_float(text)
    if kind in ("timestamp", "binary", "merge"):
        return text
    raise ValueProblem(f"the tag !!{kind} is not one Gaslight reads")


# An explicit tag accepts the texts that would resolve to it, and a float also accepts an integer's text.
_FITS = {"null": {"null"}, "bool": {"bool"}, "int": {"int"}, "float": {"float", "int"}}


def _to_int(text: str) -> int:
    check_digits(text)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


def _to_float(text: str) -> float:
    lowered = text.lower()
    if lowered.endswith(".inf"):
        value = -math.inf if lowered.startswith("-") else math.inf
    elif lowered == ".nan":
        value = math.nan
    elif resolve_plain(text) == "int":  # '!!float 12' reads as 12.0; past the digit bound it is refused
        check_digits(text)
        value = float(_to_int(text))
    else:
        value = float(text)
    check_finite(text, value)
    return value


@dataclass
class _Open:
    """A collection being filled: its node, and for a mapping the key waiting for its value."""

    node: SequenceNode | MappingNode
    key: Node | None = None


@dataclass
class Composed:
    """The documents' root nodes, and whether any alias was used (only then can values repeat or recurse)."""

    documents: list[Node]
    has_aliases: bool


def compose_documents(events: Iterator[Event]) -> Composed:
    """Every document's root node, built from parser events without recursion.

    Raises :class:`ComposeError` for an undefined alias or nesting deeper than :data:`MAX_DEPTH`.
    """
    documents: list[Node] = []
    has_aliases = False
    anchors: dict[str, Node] = {}
    stack: list[_Open] = []
    root: Node | None = None

    def place(node: Node) -> None:
        nonlocal root
        if not stack:
            root = node
            return
        top = stack[-1]
        if isinstance(top.node, SequenceNode):
            top.node.value.append(node)
        elif top.key is None:
            top.key = node
        else:
            top.node.value.append((top.key, node))
            top.key = None

    for event in events:
        if type(event) is ScalarEvent:
            node = ScalarNode(_scalar_tag(event), event.value, event.start_mark, event.end_mark, event.style)
            if event.anchor is not None:
                anchors[event.anchor] = node
            place(node)
        elif isinstance(event, DocumentStartEvent):
            anchors, root = {}, None
        elif isinstance(event, DocumentEndEvent):
            if root is not None:
                documents.append(root)
        elif isinstance(event, AliasEvent):
            has_aliases = True
            if event.anchor not in anchors:
                raise ComposeError(f"the alias *{event.anchor} names no anchor defined before it",
                                   f"define '&{event.anchor}' earlier in the file, or write the value out",
                                   event.start_mark)
            place(anchors[event.anchor])
        elif isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            if len(stack) >= MAX_DEPTH:
                raise ComposeError(f"values nest more than {MAX_DEPTH} levels deep",
                                   "flatten the data: no scenario needs this much nesting", event.start_mark)
            is_map = isinstance(event, MappingStartEvent)
            tag = event.tag if event.tag not in (None, "!") else (MAP if is_map else SEQ)
            node_type = MappingNode if is_map else SequenceNode
            collection = node_type(tag, [], event.start_mark, None, flow_style=event.flow_style)
            _anchor(anchors, event.anchor, collection)
            place(collection)
            stack.append(_Open(collection))
        elif isinstance(event, (SequenceEndEvent, MappingEndEvent)):
            stack.pop().node.end_mark = event.end_mark
    return Composed(documents, has_aliases)


def _scalar_tag(event: ScalarEvent) -> str:
    if event.tag not in (None, "!"):
        return event.tag
    plain = event.implicit[0] and event.tag is None
    return TAG + resolve_plain(event.value) if plain else STR


def _anchor(anchors: dict[str, Node], name: str | None, node: Node) -> None:
    if name is not None:
        anchors[name] = node
