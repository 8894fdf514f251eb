"""What each printed play aid holds: sections of rules, shown by their one-line ``aid`` texts.

A play aid is read at the table, so it shows each rule's ``aid`` line (an imperative summary with
the variant's numbers filled in), never its heading alone. :data:`AIDS` says, per game family,
which rules (with their sub-rules) each aid's sections take; :func:`missing_aid_lines` finds the
rules an aid needs that have no line, which ``gaslight check`` reports.

>>> [section.heading for section in AIDS["hunt"][0].sections]
['Your night, step by step', 'Your moves', 'How the night ends', 'Optional rules in play']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gaslight.diagnostics import Report
from gaslight.domain.rules.model import Rule, Ruleset
from gaslight.domain.rules.variants import EffectiveRuleset, walk_rules


@dataclass(frozen=True)
class AidSectionPlan:
    """A heading and the rules (by id, each with its sub-rules) whose aid lines it lists."""

    heading: str
    rules: tuple[str, ...]
    numbered: bool = False  # steps taken in this order
    subrules: bool = True  # False: the named rules alone, not the rules under them
    variant: str | None = None  # the lines this variant plays differently (shown when another is in play)


@dataclass(frozen=True)
class AidPlan:
    slug: str
    title: str
    sections: tuple[AidSectionPlan, ...]


# The optional rules themselves (each shows only when it is on), not their common heading.
OPTIONAL = ("hunt.optional.letters", "hunt.optional.false-clues")

AIDS: Mapping[str, tuple[AidPlan, ...]] = {
    "hunt": (
        AidPlan("jack-aid", "Jack's play aid", (
            AidSectionPlan("Your night, step by step", ("hunt.night", "hunt.track"), numbered=True),
            AidSectionPlan("Your moves", ("hunt.jack",)),
            AidSectionPlan("How the night ends", ("hunt.end-of-night", "hunt.end-of-game")),
            AidSectionPlan("Optional rules in play", OPTIONAL),
        )),
        AidPlan("police-aid", "Police play aid", (
            AidSectionPlan("Your night, step by step", ("hunt.night.head", "hunt.night.patrols",
                                                        "hunt.night.women-move", "hunt.night.police-reveal"),
                           numbered=True),
            AidSectionPlan("Moving and acting", ("hunt.police",)),
            AidSectionPlan("How the night ends", ("hunt.end-of-night", "hunt.end-of-game")),
            AidSectionPlan("Optional rules in play", OPTIONAL),
        )),
    ),
    "walton": (
        AidPlan("quick-reference", "Walton quick reference", (
            AidSectionPlan("A round, step by step", ("walton.round", "walton.turn", "walton.solve",
                                                     "walton.discard", "walton.deck-out"), numbered=True),
            AidSectionPlan("Who may lie", ("walton.cards",), subrules=False),
            AidSectionPlan("With two players", ("walton.round", "walton.turn", "walton.solve", "walton.discard",
                                                "walton.deck-out"), variant="two-players"),
        )),
    ),
    "rummy": (
        AidPlan("scoring-card", "Ripper rummy scoring card", (
            AidSectionPlan("Your turn", ("rummy.turn",), numbered=True),
            AidSectionPlan("Playing cards", ("rummy.evidence", "rummy.gavel", "rummy.escape")),
            AidSectionPlan("The end of a hand and its score", ("rummy.end-of-hand", "rummy.scoring", "rummy.points")),
        )),
    ),
    "twentyfour": (
        AidPlan("phase-card", "24 phase and scoring card", (
            AidSectionPlan("A season, phase by phase", ("twentyfour.season",), numbered=True),
            AidSectionPlan("Final scoring", ("twentyfour.scoring",)),
        )),
    ),
}


def _section_rules(rules: Sequence[Any], section: AidSectionPlan) -> Iterator[Any]:
    """The rules a section shows: each named rule, with the rules under it unless ``subrules`` is off."""
    for wanted in section.rules:
        for rule in walk_rules(rules):
            if rule.id == wanted:
                yield from walk_rules((rule,)) if section.subrules else (rule,)


def _needs_line(text: str, rule: Any) -> bool:
    """A rule the table acts on: one with text, or a last step (a bare heading over sub-rules needs none)."""
    return bool(text.strip()) or not rule.rules


def missing_aid_lines(ruleset: Ruleset) -> list[tuple[Rule, AidPlan]]:
    """(rule, the first aid showing it) for each rule an aid of the ruleset's family shows without an aid line."""
    missing: dict[str, tuple[Rule, AidPlan]] = {}
    for aid in AIDS.get(ruleset.family or "", ()):
        for section in aid.sections:
            for rule in _section_rules(ruleset.rules, section):
                if not rule.aid and _needs_line(rule.text, rule) and rule.id not in missing:
                    missing[rule.id] = (rule, aid)
    return list(missing.values())


def check_aid_lines(ruleset: Ruleset, report: Report) -> None:
    """A warning at each rule a play aid shows that has no ``aid`` line (the aid shows its title instead)."""
    for rule, aid in missing_aid_lines(ruleset):
        report.warning(rule.id_location, f"rule '{rule.id}' is on a play aid ({aid.title}) but has no aid line: "
                       "the aid shows only its title",
                       fix="add 'aid:' with the rule in one line for the table, e.g. 'Move one step along a "
                           "dotted line.'")


def aid_lines(effective: EffectiveRuleset, section: AidSectionPlan,
              variants: Mapping[str | None, EffectiveRuleset] | None = None) -> tuple[str, ...]:
    """The aid lines of the section's active rules, in rule order (a rule without one: its title).

    A section of a ``variant`` lists the lines that variant plays differently from the default rules
    (``variants``: the resolved variants by id, the defaults under None); it is empty when that
    variant is the one in play, or not among ``variants``.
    """
    if section.variant is not None:
        known = variants or {}
        other, base = known.get(section.variant), known.get(None, effective)
        if other is None or effective.variant_id == section.variant:
            return ()
        plain = replace(section, variant=None)
        usual = set(aid_lines(base, plain))
        return tuple(line for line in aid_lines(other, plain) if line not in usual)
    return tuple(r.aid or r.title for r in _section_rules(effective.rules, section)
                 if r.active and (r.aid or _needs_line(r.source_text, r)))
