"""Card text that quotes the game's rules: ``{{ tough_injury_threshold }}`` in a card's text prints the
ruleset's value, so a printed card and the rules it summarises never disagree.

A card names the parameter instead of copying its number; every printable, page and export shows the
rendered text (with the game ruleset's default parameters). Placeholders follow the rule-text language
(:mod:`gaslight.domain.rules.templates`).

>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.decks.deck import load_deck
>>> doc, _ = parse_text("kind: deck\\nid: d\\ntitle: D\\ngame: g\\ntypes: [{id: t, name: T}]\\n"
...                    "cards: [{id: c, type: t, name: C, text: 'Hurt at {{ limit }} damage.'}]\\n", "d.yaml")
>>> deck = load_deck(doc, Report())
>>> printed, problems = with_rules_text(deck, {"limit": 3}, "g-rules")
>>> printed.cards[0].text, problems
('Hurt at 3 damage.', [])
>>> [p.message for p in with_rules_text(deck, {}, "g-rules")[1]]
["deck d: card 'c' uses '{{ limit }}' but ruleset 'g-rules' has no parameter 'limit'"]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from gaslight.diagnostics import Diagnostic, Severity
from gaslight.domain.decks.deck import Card, Deck
from gaslight.domain.rules.model import Value
from gaslight.domain.rules.templates import RuleTextError, render_text, unknown_names
from gaslight.schema import suggest

__all__ = ["quotes_rules", "with_rules_text"]


def quotes_rules(deck: Deck) -> list[Card]:
    """Cards whose text has ``{{ … }}`` placeholders."""
    return [card for card in deck.cards if "{{" in card.text or "{%" in card.text]


def with_rules_text(deck: Deck, parameters: Mapping[str, Value], ruleset_id: str) -> tuple[Deck, list[Diagnostic]]:
    """``deck`` with every card's placeholders filled from ``parameters``, and the problems found.

    A card whose text cannot be rendered keeps its text as written (the problem says why).
    """
    problems: list[Diagnostic] = []
    printed: dict[str, str] = {}
    for card in quotes_rules(deck):
        where = card.location.at(f"{card.location.path}.text")
        missing = unknown_names(card.text, parameters)
        for name in missing:
            problems.append(Diagnostic(
                Severity.ERROR, where,
                f"deck {deck.id}: card '{card.id}' uses '{{{{ {name} }}}}' but ruleset '{ruleset_id}' has no "
                f"parameter '{name}'",
                suggest(name, list(parameters)) or "name one of the ruleset's parameters"))
        if missing:
            continue
        try:
            printed[card.id] = render_text(card.text, parameters)
        except RuleTextError as exc:
            problems.append(Diagnostic(Severity.ERROR, where, f"deck {deck.id}: card '{card.id}' text cannot be "
                                       f"printed: {exc}", "check the {{ … }} placeholders against the parameters"))
    if not printed:
        return deck, problems
    cards = tuple(replace(c, text=printed[c.id]) if c.id in printed else c for c in deck.cards)
    return replace(deck, cards=cards), problems
