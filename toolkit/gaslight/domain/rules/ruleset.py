"""Rulesets as data: typed parameters, optional rules, a glossary, a rules tree and variants.

A ruleset file (``kind: ruleset``) is turned into the frozen values of
:mod:`gaslight.domain.rules.model` here (and they are re-exported, so callers import one module); variants
are applied by :mod:`gaslight.domain.rules.variants` through ``resolve`` and ``diff``.

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

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gaslight.diagnostics import Report
from gaslight.domain.rules.aids import check_aid_lines
from gaslight.domain.rules.model import (
    FAMILIES,
    PLURAL_WORDS,
    TYPE_WORDS,
    Addition,
    GlossaryEntry,
    Option,
    Parameter,
    Reference,
    Rule,
    RulePatch,
    Ruleset,
    Scalar,
    Setting,
    Value,
    Variant,
    format_value,
    freeze_value,
    type_problem,
)
from gaslight.domain.rules.variants import Change, EffectiveRuleset, check_ruleset, diff_variant, resolve_variant
from gaslight.languages import check_project_translations, has_text_in, localize
from gaslight.lifetime import kept
from gaslight.yamlio import Document, YamlPath

if TYPE_CHECKING:
    from gaslight.project import Project

__all__ = [
    "FAMILIES", "PLURAL_WORDS", "TYPE_WORDS", "Addition", "GlossaryEntry", "Option", "Parameter", "Reference",
    "Rule", "RulePatch", "Ruleset", "Scalar", "Setting", "Value", "Variant", "check_project", "diff",
    "format_value", "freeze_value", "load_ruleset", "resolve", "type_problem"
]


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
                doc.loc(path), doc.loc((*path, "text")), doc.loc((*path, "id")), raw.get("aid", ""),
                doc.loc((*path, "aid")))


def _load_variant(doc: Document, raw: dict[str, Any], index: int | None) -> Variant:
    """A variant (``variants[index]``), or with ``index`` None the ``changes`` of an extending ruleset."""
    path: YamlPath = ("variants", index) if index is not None else ("changes",)
    settings = tuple(Setting(name, freeze_value(value), doc.key_loc((*path, "set", name)))
                     for name, value in raw.get("set", {}).items())
    switches = tuple(Setting(name, value, doc.key_loc((*path, "options", name)))
                     for name, value in raw.get("options", {}).items())
    replacements = tuple(
        RulePatch(rule_id, patch.get("title"), patch.get("text"), patch.get("option"),
                  doc.key_loc((*path, "replace", rule_id)), patch.get("aid"))
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


def load_localized(doc: Document, language: str) -> Ruleset | None:
    """The ruleset of ``doc`` read in ``language`` (as :func:`load_ruleset`, its problems unreported: the file was
    checked as written), once per document and language while the document lives: the rules pages, the engine's
    index, the balance and the card play pages of a build all read it."""
    return kept(doc, ("ruleset", language), lambda: load_ruleset(doc, Report(), language))


def read_in(documents: Iterable[Document], ruleset: Ruleset, language: str) -> Ruleset:
    """``ruleset`` read in ``language`` (its title, its variants' titles, 24's suits), from its file among
    ``documents``; as it is when its file has no text in that language or it extends another (whole only once merged
    with its base)."""
    doc = next((d for d in documents if d.file == ruleset.location.file), None)
    if doc is None or ruleset.extends is not None or not has_text_in(doc.data, language):
        return ruleset
    return load_localized(doc, language) or ruleset


def load_ruleset(doc: Document, report: Report, language: str | None = None) -> Ruleset | None:
    """Build a :class:`Ruleset` from a schema-valid document and check it (all problems, located).

    Every localized text is read in ``language`` (None: each text's first language; see
    :mod:`gaslight.languages`). Returns None when the ruleset has errors, so no page or printable is
    built from it.
    """
    doc = replace(doc, data=localize(doc.data, language))
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
        check_ruleset(ruleset, local)
        check_aid_lines(ruleset, local)

    report.extend(local)
    return ruleset if local.ok else None


def check_project(project: Project, report: Report) -> None:
    """Rulesets are checked file by file in :func:`load_ruleset`; here only one file per game is allowed,
    and every text is in each of the project's languages (warnings)."""
    check_project_translations(project, report, "ruleset")
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
    return resolve_variant(ruleset, variant_id)


def diff(ruleset: Ruleset, variant_id: str) -> tuple[Change, ...]:
    """What ``variant_id`` changes, parameter by parameter and rule by rule."""
    return diff_variant(ruleset, variant_id)
