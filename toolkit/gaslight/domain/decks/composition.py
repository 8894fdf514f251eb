"""Composition checks: a deck counted against its composition rules (count, the multiset of values, the sum).

Cards whose value is a mark (``?``) count as cards without a value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from gaslight.diagnostics import Diagnostic, Severity

if TYPE_CHECKING:
    from gaslight.domain.decks.deck import Card, CompositionRule, Deck


def format_values(values: Iterable[int | None]) -> str:
    ordered = sorted(values, key=lambda v: (v is None, v or 0))
    return "[" + ", ".join("none" if v is None else str(v) for v in ordered) + "]"


def _values_fix(have: Counter[int | None], want: Counter[int | None], cards: Iterable[Card]) -> str:
    missing, extra = want - have, have - want
    parts = []
    if missing:
        parts.append(f"missing {format_values(missing.elements())}")
    if extra:
        holders = sorted({c.id for c in cards if c.value in extra})
        parts.append(f"unexpected {format_values(extra.elements())} on {', '.join(holders)}")
    return "; ".join(parts)


def rule_selection(deck: Deck, rule: CompositionRule) -> tuple[list[Card], list[Card]]:
    """(distinct cards, physical cards) the rule selects."""
    chosen = [c for c in deck.cards if rule.selects(c, deck.type_of(c))]
    return chosen, [c for c in chosen for _ in range(c.copies)]


def rule_mismatches(chosen: list[Card], physical: list[Card], count: int | None, values: Iterable[int | None] | None,
                total: int | None) -> list[tuple[str, str, str]]:
    """(what, found, fix) for each of count/values/sum that the selection does not meet."""
    found = []
    if count is not None and len(physical) != count:
        noun = "card" if len(physical) == 1 else "cards"
        found.append(("count", f"has {len(physical)} {noun}", "add or remove copies so the count matches"))
    if values is not None:
        have, want = Counter(c.value for c in physical), Counter(values)
        if have != want:
            found.append(("values", f"has values {format_values(have.elements())}", _values_fix(have, want, chosen)))
    if total is not None:
        added = sum(c.value or 0 for c in physical)
        if added != total:
            found.append(("sum", f"values sum to {added}", "change a value"))
    return found


def rule_problems(deck: Deck, rule: CompositionRule) -> list[Diagnostic]:
    """Every way the deck breaks one composition rule, as located errors."""
    chosen, physical = rule_selection(deck, rule)
    wanted = {"count": rule.count, "values": format_values(rule.values or ()), "sum": rule.sum}
    fixes = {"count": "add or remove copies so the count matches, or change the rule",
             "sum": "change a value or the rule's sum"}
    return [Diagnostic(Severity.ERROR, rule.location,
                       f"deck {deck.id}: {rule.subject} {found}, composition requires {wanted[what]}",
                       fixes.get(what, fix))
            for what, found, fix in rule_mismatches(chosen, physical, rule.count, rule.values, rule.sum)]


def composition_problems(deck: Deck) -> list[Diagnostic]:
    """Every broken composition rule of ``deck`` (the total first, then the rules in file order)."""
    found: list[Diagnostic] = []
    if deck.total is not None and deck.size != deck.total:
        found.append(Diagnostic(Severity.ERROR, deck.total_location,
                                f"deck {deck.id}: the deck has {deck.size} cards, composition requires {deck.total}",
                                "add or remove cards or copies, or change 'total'"))
    for rule in deck.rules:
        found.extend(rule_problems(deck, rule))
    return found
