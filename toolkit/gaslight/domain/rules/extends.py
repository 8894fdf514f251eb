"""A ruleset that ``extends`` another: the base's rules with declared changes, as a game of its own.

The linker runs once every file is loaded, so a designer's ruleset can build on
a bundled one (``extends: whitechapel-hunt``) or on another of their own. The
result is an ordinary :class:`~gaslight.domain.rules.ruleset.Ruleset`: the
base's parameters, options, glossary and rules with ``changes`` applied (new
defaults, rules replaced, added or removed), the base's variants followed by
the ruleset's own (an own variant with the same id takes the base's place),
and the base's family (so an extended hunt still gets the hunt's printables
and play engine).

>>> from gaslight.yamlio import parse_text
>>> from gaslight.domain.rules.ruleset import load_ruleset
>>> base, _ = parse_text('''kind: ruleset
... id: hunt
... title: Hunt
... game: hunt
... parameters: {moves: {type: integer, default: 15}}
... rules: [{id: move, title: Moving, text: "{{ moves }} moves."}]
... ''', "hunt.yaml")
>>> child, _ = parse_text('''kind: ruleset
... id: fog
... title: Fog
... extends: hunt
... changes: {set: {moves: 12}}
... ''', "fog.yaml")
>>> report = Report()
>>> linked = link_rulesets((load_ruleset(base, report), load_ruleset(child, report)), report)
>>> fog = linked[1]
>>> fog.game, fog.family, fog.parameter("moves").default, report.ok
('fog', 'hunt', 12, True)
"""

from __future__ import annotations

from dataclasses import replace

from gaslight.diagnostics import Report
from gaslight.domain.rules.aids import check_aid_lines
from gaslight.domain.rules.ruleset import Ruleset
from gaslight.domain.rules.variants import apply_changes, check_ruleset, suggest

BUNDLED_RULESETS = ("whitechapel-hunt", "walton", "ripper-rummy", "twenty-four")


def _missing_base(ruleset: Ruleset, known: list[str], report: Report) -> None:
    assert ruleset.extends is not None
    base = ruleset.extends.id
    if base in BUNDLED_RULESETS:
        fix = f"add the bundled game to gaslight.yaml ('games: [{base}]'), or name a ruleset of the project"
    else:
        fix = suggest(base, known) or "name the id of a ruleset in this project"
    report.error(ruleset.extends.location, f"ruleset '{base}' does not exist", fix=fix)


def _clashes(base: Ruleset, child: Ruleset, report: Report) -> None:
    base_parameters = {p.name for p in base.parameters}
    for parameter in child.parameters:
        if parameter.name in base_parameters:
            report.error(parameter.location, f"parameter '{parameter.name}' is already declared by '{base.id}'",
                         fix="change its default under 'changes: set:' instead")
    base_options = {o.name for o in base.options}
    for option in child.options:
        if option.name in base_options:
            report.error(option.location, f"option '{option.name}' is already declared by '{base.id}'",
                         fix="switch it under 'changes: options:' instead")


def merge(base: Ruleset, child: Ruleset, report: Report) -> Ruleset | None:
    """``child`` built on ``base`` (both already linked); None when the result has errors."""
    local = Report()
    _clashes(base, child, local)
    if not local.ok:
        report.extend(local)
        return None
    glossary = {e.key: e for e in base.glossary} | {e.key: e for e in child.glossary}
    own_variants = {v.id for v in child.variants}
    combined = replace(base, id=child.id, title=child.title, game=child.game, summary=child.summary or base.summary,
                       parameters=base.parameters + child.parameters, options=base.options + child.options,
                       glossary=tuple(glossary.values()), rules=base.rules + child.rules,
                       variants=tuple(v for v in base.variants if v.id not in own_variants) + child.variants,
                       location=child.location, family=base.family, extends=None, changes=None)
    if child.changes is not None:
        defaults, switches, rules = apply_changes(combined, child.changes, local)
        combined = replace(combined, rules=rules,
                           parameters=tuple(replace(p, default=defaults[p.name]) for p in combined.parameters),
                           options=tuple(replace(o, default=switches[o.name]) for o in combined.options))
    check_ruleset(combined, local)
    check_aid_lines(combined, local)
    report.extend(local)
    return combined if local.ok else None


def link_rulesets(rulesets: tuple[Ruleset, ...], report: Report) -> tuple[Ruleset, ...]:
    """Every ruleset with its ``extends`` resolved; rulesets that cannot be built are left out (errors located)."""
    by_id = {r.id: r for r in rulesets}
    linked: dict[str, Ruleset | None] = {}

    def link(ruleset: Ruleset, chain: tuple[str, ...]) -> Ruleset | None:
        if ruleset.id in linked:
            return linked[ruleset.id]
        if ruleset.extends is None:
            linked[ruleset.id] = ruleset
            return ruleset
        base_id = ruleset.extends.id
        if base_id in (*chain, ruleset.id):
            cycle = " → ".join((*chain[chain.index(base_id):], ruleset.id, base_id) if base_id in chain
                               else (ruleset.id, base_id))
            report.error(ruleset.extends.location, f"rulesets extend each other in a cycle: {cycle}",
                         fix="remove one of the 'extends'")
            linked[ruleset.id] = None
            return None
        base = by_id.get(base_id)
        if base is None:
            _missing_base(ruleset, sorted(by_id), report)
            linked[ruleset.id] = None
            return None
        base_linked = link(base, (*chain, ruleset.id))
        linked[ruleset.id] = merge(base_linked, ruleset, report) if base_linked is not None else None
        return linked[ruleset.id]

    results = (link(r, ()) for r in rulesets)
    return tuple(r for r in results if r is not None)
