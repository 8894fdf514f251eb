"""How a deck's cards look beyond their text: backs (one for the deck, or per type or card), inline icons
in card text (``:sword:`` draws the deck's ``icons: {sword: art/sword.png}``, as Squib's ``embed`` and
nanDECK's ``ICONS`` do) and values printed as marks (``?``, ``X``, ``1/2``).

>>> split_icons("Deal 2 :sword: damage; :unknown: stays", {"sword"})
['Deal 2 ', ('sword',), ' damage; :unknown: stays']
>>> icon_names("A :b: and :c_d: but not :1: or ::")
['b', 'c_d']
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from gaslight.diagnostics import Diagnostic, Report, Severity
from gaslight.domain.decks.art import Art, load_art
from gaslight.schema import suggest
from gaslight.yamlio import Document

DEFAULT_BACK_COLOUR = "#2b2f3a"
DECK_BACK = "deck"  # the id of the deck's own ``back:`` (a card or type that names no back has it)
_ICON = re.compile(r":([A-Za-z][A-Za-z0-9_-]*):")
#: Games whose scoring adds card values: a value there is a whole number, never a mark.
NUMERIC_GAMES = {"rummy": "Ripper rummy", "twentyfour": "24"}


@dataclass(frozen=True)
class Back:
    """A card back: ``id`` (``deck`` for the deck's own), the title in its middle, a line under it, its colour."""

    title: str
    text: str
    colour: str
    id: str = DECK_BACK


def icon_names(text: str) -> list[str]:
    """The ``:name:`` tokens of ``text``, in order."""
    return [found[1] for found in _ICON.finditer(text)]


def split_icons(text: str, icons: Collection[str]) -> list[str | tuple[str]]:
    """``text`` as runs of text and ``(name,)`` for each ``:name:`` that is one of ``icons`` (others stay text)."""
    parts: list[str | tuple[str]] = []
    at = 0
    for found in _ICON.finditer(text):
        if found[1] not in icons:
            continue
        if found.start() > at:
            parts.append(text[at:found.start()])
        parts.append((found[1],))
        at = found.end()
    if at < len(text):
        parts.append(text[at:])
    return parts


def load_backs(doc: Document, data: Mapping[str, Any], report: Report) -> dict[str, Back]:
    """The deck's backs by id: its own ``back:`` (id ``deck``) and each of ``backs:`` (repeated ids reported)."""
    own = data.get("back", {})
    backs = {DECK_BACK: Back(own.get("title", data["title"]), own.get("text", ""),
                             own.get("colour", DEFAULT_BACK_COLOUR))}
    for i, raw in enumerate(data.get("backs", [])):
        if raw["id"] in backs:
            report.error(doc.loc(("backs", i, "id")), f"back '{raw['id']}' is already "
                         + ("the deck's own back (back:)" if raw["id"] == DECK_BACK else "defined"),
                         fix="give every back its own id")
            continue
        backs[raw["id"]] = Back(raw["title"], raw.get("text", ""), raw.get("colour", DEFAULT_BACK_COLOUR), raw["id"])
    return backs


def unknown_back(back: str, backs: Collection[str]) -> str:
    """The fix for a card or type naming a back the deck does not define."""
    listed = sorted(backs)
    return suggest(back, listed) or f"name one of the deck's backs ({', '.join(listed)}), or add it under 'backs:'"


def load_icons(doc: Document, data: Mapping[str, Any], report: Report) -> dict[str, Art]:
    """The deck's ``icons:`` as checked pictures by name (a picture that cannot be used is reported)."""
    icons = {}
    for name, written in (data.get("icons") or {}).items():
        art = load_art(doc.path, written, doc.loc(("icons", name)), report)
        if art is not None:
            icons[name] = art
    return icons


def icon_problems(deck: Any) -> list[Diagnostic]:
    """A warning for each ``:name:`` in a card's text that is not one of the deck's icons, when it has icons."""
    if not deck.icons:
        return []
    found = []
    for card in deck.cards:
        for name in dict.fromkeys(icon_names(f"{card.text}\n{card.flavour}")):
            if name not in deck.icons:
                found.append(Diagnostic(Severity.WARNING, card.text_location or card.location,
                                        f"deck {deck.id}: card '{card.id}' names the icon ':{name}:', which is not "
                                        "one of the deck's icons: it prints as text",
                                        suggest(name, list(deck.icons))
                                        or f"add it under 'icons:' ({name}: art/{name}.png), or write it otherwise"))
    return found


def mark_problems(deck: Any, game_id: str) -> list[Diagnostic]:
    """An error for each card whose value is a mark when ``game_id`` (the deck's game, or its ruleset's) scores
    by adding values."""
    game = NUMERIC_GAMES.get(game_id)
    if game is None:
        return []
    return [Diagnostic(Severity.ERROR, card.location.at(f"{card.location.path}.value"),
                       f"deck {deck.id}: card '{card.id}' has the value '{card.value_mark}'; {game} scores cards by "
                       "adding their values, so every value is a whole number",
                       "write a whole number as its value, or leave it out")
            for card in deck.cards if card.value_mark]
