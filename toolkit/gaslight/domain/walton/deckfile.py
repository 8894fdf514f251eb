"""Drafts to a case: numbered cards, the case file's YAML text, and the case model the solver reads."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from gaslight.diagnostics import Location
from gaslight.domain.walton.case import Card, Case, load_case
from gaslight.domain.walton.claims import build_claim
from gaslight.domain.walton.drafting import Draft, Plot, card_type
from gaslight.domain.walton.mansion import Mansion
from gaslight.yamlio import parse_text


def _flow(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if text and all(c.isalnum() or c in "-_" for c in text) and not text[0].isdigit() and text not in (
            "true", "false", "null", "yes", "no", "on", "off", "none"):
        return text
    return json.dumps(text, ensure_ascii=False)


@dataclass(frozen=True)
class Deck:
    """Numbered drafts (``numbers[i]`` belongs to ``drafts[i]``)."""

    drafts: tuple[Draft, ...]
    numbers: tuple[int, ...] = field(default=())

    def numbered(self) -> list[tuple[int, Draft]]:
        numbers = self.numbers or tuple(range(1, len(self.drafts) + 1))
        return sorted(zip(numbers, self.drafts, strict=True), key=lambda pair: pair[0])


SCHEMA_LINK = "../../../schemas/case.schema.json"  # from scenarios/walton/cases/


def case_yaml(mansion: Mansion, plot: Plot, deck: Deck, header: Sequence[str] = (),
              texts: dict[int, str] | None = None, references: dict[int, list[str]] | None = None,
              schema: str = SCHEMA_LINK) -> str:
    """The case file's text: modeline (``schema`` relative to the file), header comments, key fields, cards."""
    key = plot.answer
    accomplice: Any = "none"
    if key.accomplice:
        accomplice = {"who": key.accomplice, "motive": key.accomplice_motive}
    lines = [f"# yaml-language-server: $schema={schema}"]
    lines += [f"# {line}".rstrip() for line in header]
    lines += ["kind: case", f"id: {plot.case_id}", f"title: {_flow(plot.title)}"]
    if plot.description:
        lines.append(f"description: {_flow(plot.description)}")
    lines.append(f"difficulty: {plot.difficulty}")
    if plot.liars:
        lines.append(f"liars: {plot.liars}")
    lines += [f"mansion: {mansion.id}",
              "answer: " + _flow({"culprit": key.culprit, "motive": key.motive, "weapon": key.weapon,
                                  "accomplice": accomplice}), "cards:"]
    for number, draft in deck.numbered():
        lines.append(f"  - number: {number}")
        lines.append(f"    type: {card_type(draft.claims[0])}")
        lines.append(f"    value: {draft.value}")
        if references is not None:
            lines.append(f"    references: {_flow(references[number])}")
        lines.append(f"    speaker: {draft.speaker}")
        lines.append("    claims:")
        lines.extend(f"      - {_flow(claim)}" for claim in draft.claims)
        if texts is not None:
            lines.append(f"    text: {_flow(texts[number])}")
    return "\n".join(lines) + "\n"


def load_text(text: str, name: str) -> Case:
    """A case model from generated text (generated text is always schema-valid)."""
    doc, report = parse_text(text, name)
    assert doc is not None, report.format_text()
    case = load_case(doc, report)
    assert case is not None, report.format_text()
    return case


def build_case(mansion: Mansion, plot: Plot, deck: Deck, texts: dict[int, str] | None = None,
               references: dict[int, list[str]] | None = None) -> Case:
    """The case model for a deck, built directly (parsing YAML in the search loop would be slow); with
    ``texts`` and ``references`` it is the model of the file :func:`case_yaml` writes, locations aside.

    Locations point into a file that does not exist: ``<plot id>.generated``.
    """
    where = Location(f"{plot.case_id}.generated", 1, 1, "")
    cards = []
    for i, (number, draft) in enumerate(deck.numbered()):
        at = where.at(f"cards[{i}]")
        claims = tuple(build_claim(claim, at.at(f"cards[{i}].claims[{j}]")) for j, claim in enumerate(draft.claims))
        shown = tuple(references[number]) if references else ()
        cards.append(Card(number, card_type(draft.claims[0]), draft.value, shown, draft.speaker, claims,
                          texts[number] if texts else None, at, at.at(f"cards[{i}].speaker")))
    known: dict[str, Any] = {"id": plot.case_id, "title": plot.title, "description": plot.description,
                             "difficulty": plot.difficulty, "mansion": mansion.id, "answer": plot.answer,
                             "cards": tuple(cards), "answer_locations": (("", where),), "liars": plot.liars}
    values = {f.name: known.get(f.name, where) for f in fields(Case)}  # every other field is a location
    return Case(**values)


# --- display -------------------------------------------------------------------------------------


def _references(mansion: Mansion, draft: Draft) -> list[str]:
    """Suspects and rooms printed on the card (for trading): what the claims name, else the crime scene."""
    found: list[str] = []
    for claim in draft.claims:
        for name in ("suspect", "suspects", "room"):
            value = claim.get(name)
            for item in value if isinstance(value, list) else [value] if value else []:
                if item not in found:
                    found.append(item)
        if claim["type"] == "weapon_not_used":
            weapon = mansion.weapon(claim["weapon"])
            if weapon and weapon.room not in found:
                found.append(weapon.room)
    if not found:
        found.append(mansion.crime_scene)
    return found


def finish(mansion: Mansion, plot: Plot, drafts: Sequence[Draft], rng: random.Random,
           header: Sequence[str], schema: str = SCHEMA_LINK) -> tuple[str, Case]:
    """Number the cards (a seeded shuffle), write references and display text: the final YAML and its model."""
    from gaslight.domain.walton.phrasing import deck_texts, text_random

    numbers = list(range(1, len(drafts) + 1))
    rng.shuffle(numbers)
    deck = Deck(tuple(drafts), tuple(numbers))
    numbered = list(deck.numbered())
    # seeded by the case alone, as retext renders them again: a case's texts depend on its cards, not the attempt
    said = deck_texts(mansion, [(d.speaker, d.claims) for _, d in numbered], text_random(plot.case_id))
    texts = {n: text for (n, _), text in zip(numbered, said, strict=True)}
    refs = {n: _references(mansion, d) for n, d in numbered}
    return case_yaml(mansion, plot, deck, header, texts, refs, schema), build_case(mansion, plot, deck, texts, refs)
