"""A deck as plain data: the composition table the gallery shows and the ``gaslight-deck/1`` JSON export."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gaslight.domain.decks.deck import Card, Deck


@dataclass(frozen=True)
class CompositionRow:
    """One line of a deck's composition table: a type (and suit), its count and values."""

    type: str
    suit: str | None
    count: int
    values: tuple[int | None, ...]


def composition_table(deck: Deck) -> tuple[CompositionRow, ...]:
    """Cards counted by type and suit, in file order — what the gallery page shows."""
    rows: dict[tuple[str, str | None], list[Card]] = {}
    for card in deck.cards:
        rows.setdefault((card.type, card.suit), []).append(card)
    return tuple(
        CompositionRow(type_id, suit, sum(c.copies for c in cards),
                       tuple(sorted((c.value for c in cards for _ in range(c.copies)),
                                    key=lambda v: (v is None, v or 0))))
        for (type_id, suit), cards in rows.items()
    )


def deck_json(deck: Deck) -> dict[str, Any]:
    """The deck as plain data (format ``gaslight-deck/1``): suits, types and cards in file order, copies kept.

    >>> from gaslight.diagnostics import Report
    >>> from gaslight.domain.decks.deck import load_deck
    >>> from gaslight.yamlio import parse_text
    >>> doc, _ = parse_text("kind: deck\\nid: d\\ntitle: D\\ngame: other\\ntypes: [{id: t, name: T}]\\n"
    ...                     "cards: [{id: c, type: t, name: C, copies: 3}]\\n", "d.yaml")
    >>> data = deck_json(load_deck(doc, Report()))
    >>> data["size"], data["cards"][0]["copies"]
    (3, 3)
    """
    return {
        "format": "gaslight-deck/1",
        "id": deck.id,
        "title": deck.title,
        "game": deck.game,
        "size": deck.size,
        "suits": [{"id": s.id, "name": s.name, "colour": s.colour, "rank": s.rank, "group": s.group}
                  for s in deck.suits],
        "types": [{"id": t.id, "name": t.name, "group": t.group, "template": t.template, "value_label": t.value_label,
                   "fields": [f.name for f in t.fields]} for t in deck.types],
        "cards": [{"id": c.id, "type": c.type, "name": c.name, "suit": c.suit, "value": c.value,
                   "value_mark": c.value_mark or None, "colour": deck.colour_of(c), "back": deck.back_of(c).id,
                   "playtest": c.playtest, "copies": c.copies, "text": c.text, "flavour": c.flavour,
                   "fields": dict(c.fields), "art": art.written if (art := deck.art_of(c)) else None}
                  for c in deck.cards],
        "print": {"size": deck.print_spec.size, "trim_mm": list(deck.print_spec.trim_mm),
                  "bleed_mm": deck.print_spec.bleed_mm, "safe_mm": deck.print_spec.safe_mm},
        "components": [{"id": p.id, "name": p.name, "kind": p.kind, "faces": p.faces, "copies": p.copies}
                       for p in deck.components],
    }
