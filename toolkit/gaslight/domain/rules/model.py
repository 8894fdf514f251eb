"""The ruleset model: typed parameters, options, a glossary, a rules tree and variants, as frozen values.

Loading a ruleset file into these values is :mod:`gaslight.domain.rules.ruleset`; applying a variant is
:mod:`gaslight.domain.rules.variants`. Both build on this module and nothing here imports them.

>>> format_value((3, 2, 2, 1))
'3, 2, 2, 1'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from gaslight.diagnostics import Location
from gaslight.schema import describe

Scalar = int | float | bool | str
Value = Scalar | tuple[Scalar, ...] | Mapping[str, Scalar]

# What each parameter type accepts, in designer words.
TYPE_WORDS: Mapping[str, str] = MappingProxyType({
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "text": "text",
    "list": "a list",
    "map": "a mapping",
})
PLURAL_WORDS: Mapping[str, str] = MappingProxyType({
    "integer": "whole numbers",
    "number": "numbers",
    "boolean": "true or false values",
    "text": "texts",
})


@dataclass(frozen=True)
class Parameter:
    """A typed value a rule uses (``type`` integer/number/boolean/text, or list/map of ``items``)."""

    name: str
    type: str
    items: str | None
    default: Value
    minimum: float | None
    maximum: float | None
    title: str
    description: str
    location: Location

    @property
    def id(self) -> str:
        return self.name

    @property
    def type_words(self) -> str:
        """``a list of whole numbers`` and the like.

        >>> Parameter("x", "list", "integer", (1,), None, None, "x", "", Location("f")).type_words
        'a list of whole numbers'
        """
        if self.type == "list":
            return f"a list of {PLURAL_WORDS[self.items or 'text']}"
        if self.type == "map":
            return f"a mapping of names to {PLURAL_WORDS[self.items or 'text']}"
        return TYPE_WORDS[self.type]


@dataclass(frozen=True)
class Option:
    """An optional rule: a named switch."""

    name: str
    title: str
    default: bool
    description: str
    location: Location

    @property
    def id(self) -> str:
        return self.name


@dataclass(frozen=True)
class GlossaryEntry:
    key: str
    term: str
    definition: str
    location: Location


@dataclass(frozen=True)
class Rule:
    """One rule of the tree; ``text`` is Markdown with ``{{ parameter }}`` placeholders."""

    id: str
    title: str
    text: str
    option: str | None
    rules: tuple[Rule, ...]
    location: Location
    text_location: Location
    id_location: Location
    aid: str = ""  # one line for the play aid, with placeholders like ``text``
    aid_location: Location | None = None


@dataclass(frozen=True)
class RulePatch:
    """What a variant replaces in one rule (``None``: keep)."""

    rule_id: str
    title: str | None
    text: str | None
    option: str | None
    location: Location
    aid: str | None = None


@dataclass(frozen=True)
class Addition:
    """A rule a variant adds under ``parent`` (None: top level) after ``after`` (None: last)."""

    parent: str | None
    after: str | None
    rule: Rule
    location: Location
    parent_location: Location
    after_location: Location


@dataclass(frozen=True)
class Setting:
    """One ``set`` or ``options`` entry of a variant."""

    name: str
    value: Value
    location: Location


@dataclass(frozen=True)
class Reference:
    """A rule or variant id named by a variant (``remove``, ``include``)."""

    id: str
    location: Location


@dataclass(frozen=True)
class Variant:
    id: str
    title: str
    description: str
    settings: tuple[Setting, ...]
    switches: tuple[Setting, ...]
    replacements: tuple[RulePatch, ...]
    additions: tuple[Addition, ...]
    removals: tuple[Reference, ...]
    includes: tuple[Reference, ...]
    location: Location


# The bundled game families: each picks a site section, printables and (for the hunt) the play engine.
FAMILIES = ("hunt", "walton", "rummy", "twentyfour")


@dataclass(frozen=True)
class Ruleset:
    """A game's rules. ``family`` is the bundled family it belongs to (None: a game of the designer's own).

    A ruleset that ``extends`` another is loaded with only its own parts and its ``changes``;
    :mod:`gaslight.domain.rules.extends` merges it with its base once every file is loaded.
    """

    id: str
    title: str
    game: str
    summary: str
    parameters: tuple[Parameter, ...]
    options: tuple[Option, ...]
    glossary: tuple[GlossaryEntry, ...]
    rules: tuple[Rule, ...]
    variants: tuple[Variant, ...]
    location: Location
    family: str | None = None
    extends: Reference | None = None
    changes: Variant | None = None

    def parameter(self, name: str) -> Parameter:
        """The parameter called ``name`` (KeyError when there is none)."""
        for parameter in self.parameters:
            if parameter.name == name:
                return parameter
        raise KeyError(name)

    def variant(self, variant_id: str) -> Variant:
        """The variant with ``variant_id`` (KeyError when there is none)."""
        for variant in self.variants:
            if variant.id == variant_id:
                return variant
        raise KeyError(variant_id)

    @property
    def defaults(self) -> Mapping[str, Value]:
        return MappingProxyType({p.name: p.default for p in self.parameters})

    @property
    def option_defaults(self) -> Mapping[str, bool]:
        return MappingProxyType({o.name: o.default for o in self.options})


# --- values ---------------------------------------------------------------------------------

def freeze_value(raw: Any) -> Value:
    """YAML data → an immutable value (lists → tuples, mappings → read-only mappings).

    >>> freeze_value([1, 2])
    (1, 2)
    """
    if isinstance(raw, list):
        return tuple(raw)
    if isinstance(raw, dict):
        return MappingProxyType(dict(sorted(raw.items(), key=lambda kv: _map_key_order(kv[0]))))
    return raw


def _map_key_order(key: str) -> tuple[int, int, str]:
    """Number keys by value, then the others by text ('²' is a digit to ``isdigit`` but no number).

    >>> sorted(["10", "b", "2", "-1", "²"], key=_map_key_order)
    ['-1', '2', '10', 'b', '²']
    """
    digits = key.lstrip("-")
    return (0, int(key), "") if digits.isascii() and digits.isdigit() else (1, 0, key)


def _describe(value: Any) -> str:
    if isinstance(value, tuple):
        return describe(list(value))
    if isinstance(value, Mapping):
        return describe(dict(value))
    return describe(value)


def _scalar_problem(kind: str, value: Any, minimum: float | None, maximum: float | None) -> str | None:
    ok = {
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, int | float) and not isinstance(value, bool),
        "boolean": isinstance(value, bool),
        "text": isinstance(value, str),
    }[kind]
    if not ok:
        return f"found {_describe(value)}"
    if kind in ("integer", "number"):
        if minimum is not None and value < minimum:
            return f"{value} is below the minimum {minimum:g}"
        if maximum is not None and value > maximum:
            return f"{value} is above the maximum {maximum:g}"
    return None


def type_problem(parameter: Parameter, value: Any) -> str | None:
    """Why ``value`` does not fit ``parameter`` (None when it does).

    >>> p = Parameter("coaches", "list", "integer", (3,), 0, None, "coaches", "", Location("f"))
    >>> type_problem(p, [3, "two"])
    "expected a list of whole numbers for parameter 'coaches', but item 2 is the text 'two'"
    >>> type_problem(p, [3, 2]) is None
    True
    """
    wanted = f"expected {parameter.type_words} for parameter '{parameter.name}'"
    low, high = parameter.minimum, parameter.maximum
    if parameter.type == "list":
        if not isinstance(value, list | tuple):
            return f"{wanted}, found {_describe(value)}"
        for i, item in enumerate(value):
            problem = _scalar_problem(parameter.items or "text", item, low, high)
            if problem:
                return f"{wanted}, but item {i + 1} is {problem.removeprefix('found ')}"
        return None
    if parameter.type == "map":
        if not isinstance(value, Mapping):
            return f"{wanted}, found {_describe(value)}"
        for key, item in value.items():
            problem = _scalar_problem(parameter.items or "text", item, low, high)
            if problem:
                return f"{wanted}, but the value for '{key}' is {problem.removeprefix('found ')}"
        return None
    problem = _scalar_problem(parameter.type, value, low, high)
    return f"{wanted}, {problem}" if problem else None


def format_value(value: Any) -> str:
    """A value as shown in rule text and tables.

    >>> format_value((3, 2, 2, 1)), format_value(True), format_value(2.50)
    ('3, 2, 2, 1', 'yes', '2.5')
    >>> format_value({"2": 10, "3": 9})
    '2: 10, 3: 9'
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple):
        return ", ".join(format_value(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {format_value(v)}" for k, v in value.items())
    return str(value)


