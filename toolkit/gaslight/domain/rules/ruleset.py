"""Rulesets as data: typed parameters, optional rules, a glossary, a rules tree and variants.

A ruleset file (``kind: ruleset``) is turned into frozen models here; variants
are applied by :mod:`gaslight.domain.rules.variants` (``resolve`` and ``diff`` are
re-exported below, as the shared contract names them).

>>> from gaslight.yamlio import parse_text
>>> doc, _ = parse_text('''kind: ruleset
... id: mini
... title: Mini
... game: hunt
... parameters:
...   moves_per_night: {type: integer, default: 15}
... rules:
...   - {id: hunt.move, title: Moving, text: "Jack has {{ moves_per_night }} moves."}
... variants:
...   - {id: long, title: Long nights, set: {moves_per_night: 17}}
... ''', "mini.yaml")
>>> ruleset = load_ruleset(doc, Report())
>>> ruleset.parameter("moves_per_night").default
15
>>> resolve(ruleset, "long").rules[0].text
'Jack has 17 moves.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from gaslight.diagnostics import Location, Report
from gaslight.schema import describe
from gaslight.yamlio import Document, YamlPath

if TYPE_CHECKING:
    from gaslight.domain.rules.variants import Change, EffectiveRuleset
    from gaslight.project import Project

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


@dataclass(frozen=True)
class RulePatch:
    """What a variant replaces in one rule (``None``: keep)."""

    rule_id: str
    title: str | None
    text: str | None
    option: str | None
    location: Location


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
    return (0, int(key), "") if key.lstrip("-").isdigit() else (1, 0, key)


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


# --- loading --------------------------------------------------------------------------------

def _load_parameters(doc: Document, report: Report) -> tuple[Parameter, ...]:
    parameters = []
    for name, raw in doc.data.get("parameters", {}).items():
        path: YamlPath = ("parameters", name)
        parameter = Parameter(
            name=name, type=raw["type"], items=raw.get("items"), default=freeze_value(raw["default"]),
            minimum=raw.get("minimum"), maximum=raw.get("maximum"), title=raw.get("title", name),
            description=raw.get("description", ""), location=doc.key_loc(path),
        )
        problem = type_problem(parameter, parameter.default)
        if problem:
            report.error(doc.loc((*path, "default")), f"the default does not match its type: {problem}",
                         fix=f"write {parameter.type_words} or change 'type'")
        parameters.append(parameter)
    return tuple(parameters)


def _load_rule(doc: Document, raw: dict[str, Any], path: YamlPath) -> Rule:
    children = tuple(_load_rule(doc, child, (*path, "rules", i)) for i, child in enumerate(raw.get("rules", [])))
    return Rule(raw["id"], raw["title"], raw.get("text", ""), raw.get("option"), children,
                doc.loc(path), doc.loc((*path, "text")), doc.loc((*path, "id")))


def _load_variant(doc: Document, raw: dict[str, Any], index: int | None) -> Variant:
    """A variant (``variants[index]``), or with ``index`` None the ``changes`` of an extending ruleset."""
    path: YamlPath = ("variants", index) if index is not None else ("changes",)
    settings = tuple(Setting(name, freeze_value(value), doc.key_loc((*path, "set", name)))
                     for name, value in raw.get("set", {}).items())
    switches = tuple(Setting(name, value, doc.key_loc((*path, "options", name)))
                     for name, value in raw.get("options", {}).items())
    replacements = tuple(
        RulePatch(rule_id, patch.get("title"), patch.get("text"), patch.get("option"),
                  doc.key_loc((*path, "replace", rule_id)))
        for rule_id, patch in raw.get("replace", {}).items()
    )
    additions = tuple(
        Addition(add.get("parent"), add.get("after"), _load_rule(doc, add["rule"], (*path, "add", i, "rule")),
                 doc.loc((*path, "add", i)), doc.loc((*path, "add", i, "parent")), doc.loc((*path, "add", i, "after")))
        for i, add in enumerate(raw.get("add", []))
    )
    removals = tuple(Reference(rid, doc.loc((*path, "remove", i))) for i, rid in enumerate(raw.get("remove", [])))
    includes = tuple(Reference(vid, doc.loc((*path, "include", i))) for i, vid in enumerate(raw.get("include", [])))
    return Variant(raw.get("id", "changes"), raw.get("title", "Changes"), raw.get("description", ""), settings,
                   switches, replacements, additions, removals, includes, doc.loc(path))


def load_ruleset(doc: Document, report: Report) -> Ruleset | None:
    """Build a :class:`Ruleset` from a schema-valid document and check it (all problems, located).

    Returns None when the ruleset has errors, so no page or printable is built from it.
    """
    data = doc.data
    local = Report()
    game = data.get("game", data["id"])
    extends = Reference(data["extends"], doc.loc(("extends",))) if "extends" in data else None
    ruleset = Ruleset(
        id=data["id"], title=data["title"], game=game, summary=data.get("summary", ""),
        parameters=_load_parameters(doc, local),
        options=tuple(Option(name, raw["title"], raw.get("default", False), raw.get("description", ""),
                             doc.key_loc(("options", name))) for name, raw in data.get("options", {}).items()),
        glossary=tuple(GlossaryEntry(key, raw["term"], raw["definition"], doc.key_loc(("glossary", key)))
                       for key, raw in data.get("glossary", {}).items()),
        rules=tuple(_load_rule(doc, raw, ("rules", i)) for i, raw in enumerate(data.get("rules", []))),
        variants=tuple(_load_variant(doc, raw, i) for i, raw in enumerate(data.get("variants", []))),
        location=doc.loc(()),
        family=game if game in FAMILIES else None,
        extends=extends,
        changes=_load_variant(doc, data["changes"], None) if "changes" in data else None,
    )
    if ruleset.changes is not None and extends is None:
        local.error(doc.key_loc(("changes",)), "'changes' only applies to a ruleset that extends another",
                    fix="add 'extends: <ruleset id>', or write the changes as a variant under 'variants'")
    if extends is None:  # an extending ruleset is checked whole, once merged with its base
        from gaslight.domain.rules.variants import check_ruleset

        check_ruleset(ruleset, local)

    report.extend(local)
    return ruleset if local.ok else None


def check_project(project: Project, report: Report) -> None:
    """Rulesets are checked file by file in :func:`load_ruleset`; here only one file per game is allowed."""
    seen: dict[str, Ruleset] = {}
    for ruleset in project.of_kind("ruleset"):
        if ruleset.game in seen:
            report.error(ruleset.location.at("game"),
                         f"game '{ruleset.game}' already has a ruleset ('{seen[ruleset.game].id}' at "
                         f"{seen[ruleset.game].location})",
                         fix="keep one ruleset per game; write the other as a variant")
        else:
            seen[ruleset.game] = ruleset


def resolve(ruleset: Ruleset, variant_id: str | None = None) -> EffectiveRuleset:
    """The effective ruleset of ``variant_id`` (None: the defaults); see :mod:`gaslight.domain.rules.variants`."""
    from gaslight.domain.rules.variants import resolve_variant

    return resolve_variant(ruleset, variant_id)


def diff(ruleset: Ruleset, variant_id: str) -> tuple[Change, ...]:
    """What ``variant_id`` changes, parameter by parameter and rule by rule."""
    from gaslight.domain.rules.variants import diff_variant

    return diff_variant(ruleset, variant_id)
