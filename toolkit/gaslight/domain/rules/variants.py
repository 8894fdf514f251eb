"""Variants: the resolver (variant → effective ruleset), the differ, and the ruleset checks.

A variant is applied on top of the defaults: first the variants it includes (in
order), then its own choices — parameter overrides (``set``), option switches
(``options``), then rule additions, replacements and removals. Rule numbers
(1, 1.2, 1.2.3) come from position in the resulting tree; optional rules whose
option is off stay in the tree (``active=False``) so numbers do not shift when
an option is switched.

>>> from gaslight.yamlio import parse_text
>>> from gaslight.domain.rules.ruleset import load_ruleset
>>> doc, _ = parse_text('''kind: ruleset
... id: mini
... title: Mini
... game: hunt
... parameters: {moves: {type: integer, default: 15}}
... rules: [{id: move, title: Moving, text: "{{ moves }} moves."}]
... variants: [{id: long, title: Long, set: {moves: 17}}]
... ''', "mini.yaml")
>>> ruleset = load_ruleset(doc, Report())
>>> [(c.key, c.action, c.before, c.after) for c in diff_variant(ruleset, "long")]
[('moves', 'changed', '15', '17'), ('move', 'reworded by parameters', '15 moves.', '17 moves.')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from gaslight.diagnostics import Location, Report
from gaslight.domain.rules.families import family_texts
from gaslight.domain.rules.model import (
    GlossaryEntry,
    Rule,
    RulePatch,
    Ruleset,
    Value,
    Variant,
    format_value,
    type_problem,
)
from gaslight.domain.rules.templates import RuleTextError, render_text, unknown_names
from gaslight.lifetime import kept
from gaslight.links import is_page_relative, is_safe_target, link_targets
from gaslight.schema import suggest as _suggest_from


def suggest(word: str, choices: list[str]) -> str:
    """'did you mean …?' for a near miss; the list of choices only when it is short."""
    unique = sorted(set(choices))
    if len(unique) > 8:
        return _suggest_from(word, unique) if _suggest_from(word, unique).startswith("did") else ""
    return _suggest_from(word, unique)


class VariantError(Exception):
    """A variant cannot be resolved (only raised for rulesets that did not pass :func:`check_ruleset`)."""


# --- effective rulesets ---------------------------------------------------------------------

@dataclass(frozen=True)
class EffectiveRule:
    """A rule after a variant is applied: numbered, with parameter values rendered into ``text``."""

    id: str
    number: str
    title: str
    text: str
    source_text: str
    option: str | None
    active: bool
    origin: str  # "default", "replaced" or "added"
    rules: tuple[EffectiveRule, ...]
    location: Location
    aid: str = ""  # the play aid's line, parameters filled in ("" when the rule has none)

    @property
    def depth(self) -> int:
        return self.number.count(".") + 1

    def walk(self) -> Iterator[EffectiveRule]:
        return walk_rules((self,))


@dataclass(frozen=True)
class EffectiveRuleset:
    """The rules as played with one variant (``variant_id`` None: the defaults)."""

    ruleset_id: str
    game: str
    title: str
    variant_id: str | None
    variant_title: str
    parameters: Mapping[str, Value]
    options: Mapping[str, bool]
    rules: tuple[EffectiveRule, ...]
    glossary: tuple[GlossaryEntry, ...]
    family: str | None = None  # hunt, walton, rummy, twentyfour (None: a designer's own game)

    def walk(self) -> Iterator[EffectiveRule]:
        """Every rule, depth first, in page order."""
        return walk_rules(self.rules)

    def rule(self, rule_id: str) -> EffectiveRule:
        """The rule with ``rule_id`` (KeyError when there is none)."""
        for rule in self.walk():
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    def has_rule(self, rule_id: str) -> bool:
        return any(rule.id == rule_id for rule in self.walk())


@dataclass(frozen=True)
class Change:
    """One difference a variant makes. ``kind``: parameter, option or rule."""

    kind: str
    key: str
    title: str
    action: str
    before: str
    after: str
    number: str = ""


# --- the rules tree -------------------------------------------------------------------------

def rule_index(rules: tuple[Rule, ...]) -> dict[str, Rule]:
    """Every rule by id (the first when an id repeats)."""
    index: dict[str, Rule] = {}
    for rule in rules:
        index.setdefault(rule.id, rule)
        for rule_id, child in rule_index(rule.rules).items():
            index.setdefault(rule_id, child)
    return index


def walk_rules(rules: Sequence[Any]) -> Iterator[Any]:
    """Rules depth first, in page order: a ruleset's own (:class:`Rule`) or resolved ones (both have ``rules``)."""
    for rule in rules:
        yield rule
        yield from walk_rules(rule.rules)


def _children_of(rules: tuple[Rule, ...], parent: str | None) -> tuple[Rule, ...] | None:
    if parent is None:
        return rules
    found = rule_index(rules).get(parent)
    return found.rules if found else None


def _insert(rules: tuple[Rule, ...], parent: str | None, after: str | None, new: Rule) -> tuple[Rule, ...]:
    if parent is None:
        if after is None:
            return (*rules, new)
        at = next(i for i, r in enumerate(rules) if r.id == after) + 1
        return (*rules[:at], new, *rules[at:])
    return tuple(replace(r, rules=_insert(r.rules, None, after, new)) if r.id == parent
                 else replace(r, rules=_insert(r.rules, parent, after, new)) for r in rules)


def _patch(rules: tuple[Rule, ...], patch: RulePatch) -> tuple[Rule, ...]:
    def apply(rule: Rule) -> Rule:
        return replace(rule,
                       title=patch.title if patch.title is not None else rule.title,
                       text=patch.text if patch.text is not None else rule.text,
                       option=patch.option if patch.option is not None else rule.option,
                       text_location=patch.location if patch.text is not None else rule.text_location,
                       aid=patch.aid if patch.aid is not None else rule.aid,
                       aid_location=patch.location if patch.aid is not None else rule.aid_location)

    return tuple(apply(r) if r.id == patch.rule_id else replace(r, rules=_patch(r.rules, patch)) for r in rules)


def _drop(rules: tuple[Rule, ...], rule_id: str) -> tuple[Rule, ...]:
    return tuple(replace(r, rules=_drop(r.rules, rule_id)) for r in rules if r.id != rule_id)


# --- applying variants ----------------------------------------------------------------------

@dataclass(frozen=True)
class _State:
    parameters: Mapping[str, Value]
    options: Mapping[str, bool]
    rules: tuple[Rule, ...]
    added: frozenset[str] = frozenset()
    replaced: frozenset[str] = frozenset()
    applied: tuple[str, ...] = field(default=())
    texts: Mapping[str, Value] = field(default_factory=dict)  # the family's words for rule text (not parameters)


def _check_option(ruleset: Ruleset, name: str | None, location: Location, report: Report) -> bool:
    known = [o.name for o in ruleset.options]
    if name is None or name in known:
        return True
    report.error(location, f"option '{name}' does not exist",
                 fix=suggest(name, known) or "declare it under 'options' first")
    return False


def _apply_settings(ruleset: Ruleset, variant: Variant, state: _State, report: Report) -> _State:
    parameters = dict(state.parameters)
    known = [p.name for p in ruleset.parameters]
    for setting in variant.settings:
        if setting.name not in known:
            report.error(setting.location, f"parameter '{setting.name}' does not exist",
                         fix=suggest(setting.name, known) or "declare it under 'parameters' first")
            continue
        parameter = ruleset.parameter(setting.name)
        problem = type_problem(parameter, setting.value)
        if problem:
            report.error(setting.location, problem, fix=f"write {parameter.type_words}")
            continue
        parameters[setting.name] = setting.value
    options = dict(state.options)
    for switch in variant.switches:
        if _check_option(ruleset, switch.name, switch.location, report):
            options[switch.name] = bool(switch.value)
    return replace(state, parameters=MappingProxyType(parameters), options=MappingProxyType(options))


def _apply_additions(ruleset: Ruleset, variant: Variant, state: _State, report: Report) -> _State:
    rules, added = state.rules, set(state.added)
    for addition in variant.additions:
        index = rule_index(rules)
        siblings = _children_of(rules, addition.parent)
        if siblings is None:
            report.error(addition.parent_location, f"parent rule '{addition.parent}' does not exist",
                         fix=suggest(str(addition.parent), list(index)) or "name an existing rule id")
            continue
        if addition.after is not None and addition.after not in [r.id for r in siblings]:
            where = f"under '{addition.parent}'" if addition.parent else "at the top level"
            exists = "is not directly" if addition.after in index else "does not exist"
            report.error(addition.after_location, f"rule '{addition.after}' {exists} {where}",
                         fix=suggest(addition.after, [r.id for r in siblings])
                         or "name a sibling rule id or leave 'after' out")
            continue
        clashes = [r for r in walk_rules((addition.rule,)) if r.id in index]
        for clash in clashes:
            report.error(clash.id_location,
                         f"rule id '{clash.id}' already exists (at line {index[clash.id].location.line})",
                         fix="give the new rule its own id, or use 'replace' to change the existing one")
        options_ok = [_check_option(ruleset, r.option, r.location.at(r.location.path + ".option"), report)
                      for r in walk_rules((addition.rule,))]
        if clashes or not all(options_ok):
            continue
        rules = _insert(rules, addition.parent, addition.after, addition.rule)
        added.update(r.id for r in walk_rules((addition.rule,)))
    return replace(state, rules=rules, added=frozenset(added))


def _apply_rule_changes(ruleset: Ruleset, variant: Variant, state: _State, report: Report) -> _State:
    rules, replaced = state.rules, set(state.replaced)
    for patch in variant.replacements:
        index = rule_index(rules)
        if patch.rule_id not in index:
            report.error(patch.location, f"rule '{patch.rule_id}' does not exist",
                         fix=suggest(patch.rule_id, list(index)) or "name an existing rule id")
        elif _check_option(ruleset, patch.option, patch.location, report):
            rules = _patch(rules, patch)
            replaced.add(patch.rule_id)
    removed_with: dict[str, str] = {}
    for removal in variant.removals:
        index = rule_index(rules)
        if removal.id in removed_with:
            report.error(removal.location, f"rule '{removal.id}' is already removed with '{removed_with[removal.id]}'",
                         fix="remove only the outer rule")
        elif removal.id not in index:
            report.error(removal.location, f"rule '{removal.id}' does not exist",
                         fix=suggest(removal.id, list(index)) or "name an existing rule id")
        else:
            removed_with.update((r.id, removal.id) for r in walk_rules((index[removal.id],)))
            rules = _drop(rules, removal.id)
    return replace(state, rules=rules, replaced=frozenset(replaced))


def _apply(ruleset: Ruleset, variant: Variant, state: _State, report: Report, stack: tuple[str, ...]) -> _State:
    known = [v.id for v in ruleset.variants]
    for include in variant.includes:
        if include.id not in known:
            report.error(include.location, f"variant '{include.id}' does not exist",
                         fix=suggest(include.id, [k for k in known if k != variant.id])
                         or "name a variant of this ruleset")
        elif include.id in (*stack, variant.id):
            members = (*stack[stack.index(include.id):], variant.id) if include.id in stack else (variant.id,)
            k = members.index(variant.id)
            cycle = " → ".join((*members[k:], *members[:k], variant.id))
            report.error(include.location, f"variants include each other in a cycle: {cycle}",
                         fix="remove one of the includes")
        elif include.id not in state.applied:
            state = _apply(ruleset, ruleset.variant(include.id), state, report, (*stack, variant.id))
    state = _apply_settings(ruleset, variant, state, report)
    state = _apply_additions(ruleset, variant, state, report)
    state = _apply_rule_changes(ruleset, variant, state, report)
    return replace(state, applied=(*state.applied, variant.id))


def _number(rules: tuple[Rule, ...], state: _State, report: Report, prefix: str, parent_active: bool,
            context: str, skip: frozenset[str]) -> tuple[EffectiveRule, ...]:
    numbered = []
    for i, rule in enumerate(rules, start=1):
        number = f"{prefix}{i}"
        active = parent_active and (rule.option is None or state.options.get(rule.option, False))
        text, aid = rule.text, rule.aid
        if rule.id not in skip:
            values = {**state.texts, **state.parameters}
            text = _render_rule(rule, rule.text, rule.text_location, values, report, context)
            aid = _render_rule(rule, rule.aid, rule.aid_location or rule.location, values, report, context)
        origin = "added" if rule.id in state.added else "replaced" if rule.id in state.replaced else "default"
        children = _number(rule.rules, state, report, f"{number}.", active, context, skip)
        numbered.append(EffectiveRule(rule.id, number, rule.title, text, rule.text, rule.option, active, origin,
                                      children, rule.location, aid))
    return tuple(numbered)


def _render_rule(rule: Rule, text: str, where: Location, parameters: Mapping[str, Value], report: Report,
                 context: str) -> str:
    """A rule's text (or aid line) with its parameters filled in; errors at ``where``."""
    missing = unknown_names(text, parameters)
    for name in missing:
        report.error(where, f"rule '{rule.id}' uses '{{{{ {name} }}}}' but there is no parameter '{name}'{context}",
                     fix=suggest(name, list(parameters)) or "declare it under 'parameters'")
    if missing:
        return text
    try:
        return render_text(text, parameters)
    except RuleTextError as exc:
        report.error(where, f"rule '{rule.id}' text cannot be shown{context}: {exc}",
                     fix="check the {{ … }} placeholders against the parameters' types")
        return text


def _check_per_night(ruleset: Ruleset, variant: Variant | None, parameters: Mapping[str, Value], report: Report,
                     context: str) -> None:
    """Lists named ``*_per_night`` need one entry per night when the ruleset has a ``nights`` parameter."""
    nights = parameters.get("nights")
    if not isinstance(nights, int) or isinstance(nights, bool):
        return
    settings = {s.name: s.location for s in variant.settings} if variant else {}
    for parameter in ruleset.parameters:
        value = parameters[parameter.name]
        if parameter.type != "list" or not parameter.name.endswith("_per_night") or not isinstance(value, tuple):
            continue
        if len(value) != nights:
            where = settings.get(parameter.name) or settings.get("nights") or (
                variant.location if variant else parameter.location)
            report.error(where, f"'{parameter.name}' has {len(value)} entries but there are {nights} nights{context}",
                         fix="give one entry per night, or change 'nights' too")


def _effective(ruleset: Ruleset, variant: Variant | None, report: Report,
               skip: frozenset[str] = frozenset()) -> EffectiveRuleset:
    state = _State(ruleset.defaults, ruleset.option_defaults, ruleset.rules, texts=family_texts(ruleset.family))
    context = ""
    if variant is not None:
        state = _apply(ruleset, variant, state, report, ())
        context = f" (with variant '{variant.id}')"
    _check_per_night(ruleset, variant, state.parameters, report, context)
    rules = _number(state.rules, state, report, "", True, context, skip)
    return EffectiveRuleset(ruleset.id, ruleset.game, ruleset.title, variant.id if variant else None,
                            variant.title if variant else "Default", state.parameters, state.options, rules,
                            ruleset.glossary, ruleset.family)


def apply_changes(ruleset: Ruleset, changes: Variant, report: Report) -> tuple[Mapping[str, Value],
                                                                                Mapping[str, bool], tuple[Rule, ...]]:
    """The defaults and the rules tree of ``ruleset`` with ``changes`` applied (for ``extends``)."""
    state = _apply(ruleset, changes, _State(ruleset.defaults, ruleset.option_defaults, ruleset.rules), report, ())
    return state.parameters, state.options, state.rules


def resolve_variant(ruleset: Ruleset, variant_id: str | None = None) -> EffectiveRuleset:
    """Variant → effective ruleset, once per ruleset while it lives (a build resolves each variant for many pages).
    Raises :class:`VariantError` for an unknown or broken variant (never kept)."""
    return kept(ruleset, ("variant", variant_id), lambda: _resolved(ruleset, variant_id))


def _resolved(ruleset: Ruleset, variant_id: str | None) -> EffectiveRuleset:
    variant = None
    if variant_id is not None:
        try:
            variant = ruleset.variant(variant_id)
        except KeyError:
            raise VariantError(f"ruleset '{ruleset.id}' has no variant '{variant_id}'") from None
    report = Report()
    effective = _effective(ruleset, variant, report)
    if not report.ok:
        raise VariantError(report.errors[0].format_text())
    return effective


# --- checks ---------------------------------------------------------------------------------

_WORD = re.compile(r"\w+")
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")  # kana and kanji


# Output files named by variant id sit beside files with these names (the base rules' data, the browser engine's
# rules index, a variant's page of changes): a variant with such an id would silently replace one of them.
RESERVED_VARIANT_IDS = {"default": "the base rules' file in the browser engine's data and the export",
                        "index": "the browser engine's rules index"}
_LANGUAGE_INDEX = re.compile(r"index-[a-z]{2}")
CHANGES_SUFFIX = "-changes"


def reserved_by(variant_id: str) -> str | None:
    """What a file named by ``variant_id`` would replace, or None when the id is free.

    >>> reserved_by("index-ja")
    "the browser engine's rules index in one language"
    >>> reserved_by("long-night") is None
    True
    """
    if _LANGUAGE_INDEX.fullmatch(variant_id):
        return "the browser engine's rules index in one language"
    return RESERVED_VARIANT_IDS.get(variant_id)


def _check_duplicates(ruleset: Ruleset, report: Report) -> None:
    seen: dict[str, Rule] = {}
    for rule in walk_rules(ruleset.rules):
        if rule.id in seen:
            report.error(rule.id_location,
                         f"rule id '{rule.id}' is already used (at line {seen[rule.id].location.line})",
                         fix="give every rule its own id")
        else:
            seen[rule.id] = rule
    first: dict[str, Variant] = {}
    for variant in ruleset.variants:
        where = variant.location.at(variant.location.path + ".id")
        if variant.id in first:
            line = first[variant.id].location.line
            report.error(where, f"variant id '{variant.id}' is already used (at line {line})",
                         fix="give every variant its own id")
        else:
            first[variant.id] = variant
        taken = reserved_by(variant.id)
        if taken:
            report.error(where, f"variant id '{variant.id}' would replace {taken}", fix="choose another id")
    for variant in ruleset.variants:
        shadowed = first.get(variant.id.removesuffix(CHANGES_SUFFIX)) if variant.id.endswith(CHANGES_SUFFIX) else None
        if shadowed is not None:
            report.error(variant.location.at(variant.location.path + ".id"),
                         f"variant id '{variant.id}' would replace the page of what variant '{shadowed.id}' "
                         f"changes (at line {shadowed.location.line})", fix="choose another id")
    for rule in walk_rules(ruleset.rules):
        _check_option(ruleset, rule.option, rule.location.at(rule.location.path + ".option"), report)


def _check_glossary(ruleset: Ruleset, report: Report) -> None:
    texts = [ruleset.summary]
    texts += [f"{r.title} {r.text}" for r in walk_rules(ruleset.rules)]
    texts += [f"{p.title or ''} {p.text or ''}" for v in ruleset.variants for p in v.replacements]
    texts += [f"{r.title} {r.text}" for v in ruleset.variants for a in v.additions for r in walk_rules((a.rule,))]
    corpus = " ".join(" ".join(texts).casefold().split())
    for entry in ruleset.glossary:
        term = " ".join(entry.term.casefold().split())
        # Japanese and Chinese write no spaces between words: there a term is found anywhere in the text
        pattern = re.escape(term) if _UNSPACED.search(term) else r"\b" + re.escape(term) + r"(s|es)?\b"
        if not re.search(pattern, corpus):
            report.warning(entry.location, f"glossary term '{entry.term}' is used in no rule",
                           fix="use the term in a rule's title or text, or remove the entry")


def check_ruleset(ruleset: Ruleset, report: Report) -> None:
    """Every check of one ruleset: duplicates, options, rule text, each variant, glossary use."""
    _check_duplicates(ruleset, report)
    before = len(report.diagnostics)
    _effective(ruleset, None, report)
    failed = {d.location.path for d in report.diagnostics[before:]}
    skip = frozenset(r.id for r in walk_rules(ruleset.rules) if r.text_location.path in failed)
    for variant in ruleset.variants:
        _effective(ruleset, variant, report, skip)
    _check_glossary(ruleset, report)
    _check_links(ruleset, report)


def written_texts(ruleset: Ruleset) -> Iterator[tuple[str, str, Location]]:
    """(rule id, text, where) for every rule text the file writes: rules, additions and replacements."""
    variants = [*ruleset.variants, *([ruleset.changes] if ruleset.changes else [])]
    added = [addition.rule for variant in variants for addition in variant.additions]
    for rule in [*walk_rules(ruleset.rules), *(r for a in added for r in walk_rules((a,)))]:
        yield rule.id, rule.text, rule.text_location
    for variant in variants:
        for patch in variant.replacements:
            if patch.text:
                yield patch.rule_id, patch.text, patch.location


def _check_links(ruleset: Ruleset, report: Report) -> None:
    """Links the site would refuse (``javascript:``, ``data:`` …) and page-relative paths are errors at the
    rule's text: a rule shows on the rules page and on every variant's page, so only a path from the site's
    root (``/reference/rulings.md``) reaches the same page from all of them."""
    for rule_id, text, where in written_texts(ruleset):
        for target in link_targets(text):
            if not is_safe_target(target):
                report.error(where, f"rule '{rule_id}' links to '{target}', which the site will not link to",
                             fix="link only to http(s) or mailto addresses, or to pages of the site")
            elif is_page_relative(target):
                report.error(where, f"rule '{rule_id}' links to '{target}', a path from the page it is on, but "
                             "a rule is shown on several pages", fix="write the path from the site's root, "
                             f"e.g. '/{target.lstrip('./')}'")


# --- the differ -----------------------------------------------------------------------------

def _rule_line(rule: EffectiveRule) -> str:
    return f"{rule.number} {rule.title}"


def _rule_changes(base: EffectiveRule, new: EffectiveRule) -> list[Change]:
    changes = []
    if base.title != new.title or base.source_text != new.source_text or base.option != new.option:
        before = f"{_rule_line(base)}: {base.text}".strip()
        changes.append(Change("rule", new.id, new.title, "replaced", before, f"{_rule_line(new)}: {new.text}".strip(),
                              new.number))
    elif base.text != new.text:
        changes.append(Change("rule", new.id, new.title, "reworded by parameters", base.text, new.text, new.number))
    if base.active != new.active:
        action = "now applies" if new.active else "no longer applies"
        before, after = ("off", "on") if new.active else ("on", "off")
        changes.append(Change("rule", new.id, new.title, action, before, after, new.number))
    if not changes and base.number != new.number:
        changes.append(Change("rule", new.id, new.title, "renumbered", base.number, new.number, new.number))
    return changes


def diff_variant(ruleset: Ruleset, variant_id: str) -> tuple[Change, ...]:
    """What a variant changes: parameters, options, then rules in page order (removed, replaced, added…)."""
    base, new = resolve_variant(ruleset, None), resolve_variant(ruleset, variant_id)
    changes: list[Change] = []
    for parameter in ruleset.parameters:
        before, after = base.parameters[parameter.name], new.parameters[parameter.name]
        if before != after:
            changes.append(Change("parameter", parameter.name, parameter.title, "changed",
                                  format_value(before), format_value(after)))
    for option in ruleset.options:
        if base.options[option.name] != new.options[option.name]:
            on = new.options[option.name]
            changes.append(Change("option", option.name, option.title, "switched on" if on else "switched off",
                                  "off" if on else "on", "on" if on else "off"))
    new_rules = {r.id: r for r in new.walk()}
    base_rules = {r.id: r for r in base.walk()}
    gone: set[str] = set()
    for rule in base.walk():
        if rule.id in new_rules:
            changes.extend(_rule_changes(rule, new_rules[rule.id]))
        elif not any(child.id == rule.id for g in gone for child in base.rule(g).walk()):
            gone.add(rule.id)
            changes.append(Change("rule", rule.id, rule.title, "removed", _rule_line(rule), "", rule.number))
    fresh: set[str] = set()
    for rule in new.walk():
        if rule.id not in base_rules and not any(child.id == rule.id for f in fresh for child in new.rule(f).walk()):
            fresh.add(rule.id)
            changes.append(Change("rule", rule.id, rule.title, "added", "", f"{_rule_line(rule)}: {rule.text}".strip(),
                                  rule.number))
    return tuple(changes)
