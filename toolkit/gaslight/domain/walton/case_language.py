"""A case's cards read in one of the project's languages: the card texts and the names a card refers to.

English (the language the cases are proven and explained in) keeps :func:`~gaslight.domain.walton.case.display_text`
exactly; another language renders each card from its claims in that language (a text the designer wrote in it is
kept), seeded by the case's id (:func:`~gaslight.domain.walton.phrasing.case_texts`), so every build prints the same
bytes and the case page and the printed cards agree.

>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> doc, _ = parse_text(MINI_MANSION.replace("name: Den,", "name: {en: Den, ja: 書斎},"), "m.yaml")
>>> house = load_mansion(doc, Report())
>>> reference_names(house.in_language("ja"), ("den",), "、"), reference_names(house, ("den", "nowhere"), ", ")
('書斎', 'Den, nowhere')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gaslight.domain.walton.case import Case, display_text
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.phrasing import case_texts

ENGLISH = "en"


def claim_data(claim: Any) -> dict[str, Any]:
    """A claim as the phrasings read it: its YAML keys and values (``type`` first)."""
    return {"type": claim.type, **claim.values()}


def card_texts(case: Case, mansion: Mansion, language: str) -> Mapping[int, str]:
    """Each card's text in ``language``, by card number (``mansion`` as the project loaded it)."""
    cards = sorted(case.cards, key=lambda c: c.number)
    if language == ENGLISH:
        return {card.number: display_text(card, mansion) for card in cards}
    texts = case_texts(mansion, case.id, [(c.speaker, [claim_data(x) for x in c.claims], c.text) for c in cards],
                       language)
    return dict(zip((c.number for c in cards), texts, strict=True))


def reference_names(mansion: Mansion, references: tuple[str, ...], joiner: str) -> str:
    """The suspects and rooms a card refers to, by their names in ``mansion``'s language (an unknown id as it is)."""
    named = []
    for ref in references:
        found = mansion.suspect(ref) or mansion.room(ref)
        named.append(found.name if found else ref)
    return joiner.join(named)
