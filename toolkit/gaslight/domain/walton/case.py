"""A Walton case: the answer key and the clue cards, each with typed claims.

The loader builds the model from one file; references into the mansion (a
different file) are checked by :func:`check_project`, which then runs the
solver and the proof on every case and reports the verdict as located
findings.

>>> from gaslight.yamlio import parse_text
>>> doc, _ = parse_text(MINI_CASE, "mini-case.yaml")
>>> case = load_case(doc, Report())
>>> case.answer
Answer(culprit='ann', motive='money', weapon='knife', accomplice=None, accomplice_motive=None)
>>> case.numbers
(1, 2, 3, 4, 5, 6, 7, 8)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from gaslight.diagnostics import Location, Report
from gaslight.domain.walton.claims import Claim, build_claim, render_claim
from gaslight.domain.walton.liars import Reading, reading_of
from gaslight.domain.walton.mansion import Mansion, lower_first
from gaslight.languages import Written, localize, pick, written_as
from gaslight.yamlio import Document

DIFFICULTIES = ("I", "A", "B", "C", "D", "E", "S")
NO_ACCOMPLICE_LEVELS = ("I", "A", "B")
FIELDS = ("culprit", "motive", "weapon", "accomplice", "accomplice_motive")

MINI_CASE = """\
kind: case
id: mini-case
title: Mini case
difficulty: I
mansion: mini
answer: {culprit: ann, motive: money, weapon: knife, accomplice: none}
cards:
  - {number: 1, type: means, value: 1, speaker: police, claims: [{type: trace_found, trace: cut}]}
  - {number: 2, type: alibi, value: 2, speaker: maid, claims: [{type: seen_in_room, suspect: bob, room: den}]}
  - {number: 3, type: motive, value: 1, speaker: bob, claims: [{type: motive_testimony, suspect: ann, motive: money}]}
  - {number: 4, type: motive, value: 1, speaker: maid, claims: [{type: motive_testimony, suspect: ann, motive: money}]}
  - {number: 5, type: motive, value: 2, speaker: police, claims: [{type: motive_clue, suspect: ann, motive: money}]}
  - {number: 6, type: motive, value: 1, speaker: ann, claims: [{type: motive_testimony, suspect: bob, motive: debt}]}
  - {number: 7, type: motive, value: 1, speaker: maid, claims: [{type: motive_testimony, suspect: bob, motive: debt}]}
  - {number: 8, type: motive, value: 2, speaker: police, claims: [{type: motive_clue, suspect: bob, motive: debt}]}
"""


@dataclass(frozen=True)
class Answer:
    """One answer to a case. ``accomplice`` is None when the culprit acted alone."""

    culprit: str
    motive: str
    weapon: str
    accomplice: str | None = None
    accomplice_motive: str | None = None

    def field(self, name: str) -> str:
        """The value of an answer field as text (``'none'`` for no accomplice)."""
        value = getattr(self, name)
        return "none" if value is None else str(value)

    def to_json(self) -> dict[str, Any]:
        accomplice: Any = "none"
        if self.accomplice is not None:
            accomplice = {"who": self.accomplice, "motive": self.accomplice_motive}
        return {"culprit": self.culprit, "motive": self.motive, "weapon": self.weapon, "accomplice": accomplice}

    def describe(self, mansion: Mansion) -> str:
        """``Greg Gaffney (motive: gambling debts), with the fire iron, alone``."""
        culprit = mansion.suspect(self.culprit)
        weapon = mansion.weapon(self.weapon)
        motive = culprit.motive(self.motive) if culprit else None
        # "motive: …" reads right whatever the motive's name is ("the will that cut her out", "gambling debts")
        why = lower_first(motive.name) if motive else self.motive
        parts = [f"{culprit.name if culprit else self.culprit} (motive: {why})"]
        parts.append(f"with the {lower_first(weapon.name) if weapon else self.weapon}")
        if self.accomplice is None:
            parts.append("alone")
        else:
            helper = mansion.suspect(self.accomplice)
            reason = helper.motive(self.accomplice_motive or "") if helper else None
            name = helper.name if helper else self.accomplice
            parts.append(f"helped by {name} (motive: {lower_first(reason.name) if reason else self.accomplice_motive})")
        return ", ".join(parts)


@dataclass(frozen=True)
class Card:
    number: int
    type: str
    value: int
    references: tuple[str, ...]
    speaker: str
    claims: tuple[Claim, ...]
    text: str | None
    location: Location
    speaker_location: Location
    references_location: Location | None = None  # None when derived from the claims
    field_locations: tuple[tuple[tuple[int, str], Location], ...] = ()  # ((claim index, key), where it is written)

    def field_loc(self, index: int, key: str) -> Location:
        """Where a claim's key is written (the claim's own location when unknown)."""
        claim = self.claims[index]
        found = dict(self.field_locations).get((index, key))
        return found or claim.location.at(f"{claim.location.path}.{key}")


@dataclass(frozen=True)
class Case:
    id: str
    title: str
    description: str
    difficulty: str
    mansion: str
    answer: Answer
    cards: tuple[Card, ...]
    location: Location
    answer_locations: tuple[tuple[str, Location], ...]
    mansion_location: Location
    difficulty_location: Location
    cards_location: Location
    liars: str | None = None  # who may lie (see gaslight.domain.walton.liars); None: the mansion's choice
    written_title: Written = ()  # the title and description as written per language, when they are maps
    written_description: Written = ()

    def in_language(self, code: str) -> Case:
        """This case with its title and description in ``code`` (a text with no ``code`` keeps its first one).

        >>> from gaslight.yamlio import parse_text
        >>> written = MINI_CASE.replace("title: Mini case", "title: {en: Mini case, ja: 小さな事件}")
        >>> doc, _ = parse_text(written, "c.yaml")
        >>> case = load_case(doc, Report())
        >>> case.title, case.in_language("ja").title, case.in_language("fr").title
        ('Mini case', '小さな事件', 'Mini case')
        """
        if not self.written_title and not self.written_description:
            return self
        title = pick(dict(self.written_title), code) if self.written_title else self.title
        description = pick(dict(self.written_description), code) if self.written_description else self.description
        return replace(self, title=title, description=description)

    def reading(self, mansion: Mansion) -> Reading:
        """Who may lie in this case: its own declaration, else its mansion's, else the source's reading."""
        return reading_of(self.liars, mansion.liars)

    def answer_loc(self, path: str = "") -> Location:
        """Where the answer key (or one of its fields, ``"accomplice.who"``) is written."""
        table = dict(self.answer_locations)
        return table.get(path, table[""])

    def card(self, number: int) -> Card:
        return self._by_number[number]

    @functools.cached_property  # asked for thousands of times while a case is proven
    def numbers(self) -> tuple[int, ...]:
        return tuple(c.number for c in self.cards)

    @functools.cached_property
    def _by_number(self) -> dict[int, Card]:
        found: dict[int, Card] = {}
        for card in self.cards:
            found.setdefault(card.number, card)  # the first, should a broken file repeat a number
        return found


def mansion_name(mansion: Mansion, kind: str, ident: str, suspect: str) -> str:
    """The display name of a mansion id (motives are looked up among ``suspect``'s)."""
    if kind == "suspect":
        return mansion.speaker_name(ident)
    if kind == "room":
        room = mansion.room(ident)
        return room.name if room else ident
    if kind == "motive":
        who = mansion.suspect(suspect)
        motive = who.motive(ident) if who else None
        return lower_first(motive.name) if motive else ident
    if kind == "weapon":
        weapon = mansion.weapon(ident)
        return lower_first(weapon.name) if weapon else ident
    trace = mansion.trace(ident)
    return lower_first(trace.name) if trace else ident


def name_in(mansion: Mansion) -> Any:
    """A ``name_of(kind, id, suspect)`` function for :func:`render_claim`."""
    return functools.partial(mansion_name, mansion)


def _is_group(mansion: Mansion, suspect: str) -> bool:
    who = mansion.suspect(suspect)
    return bool(who and who.persons)


def display_text(card: Card, mansion: Mansion) -> str:
    """The card's text: the designer's, or rendered from its claims with the speaker's name."""
    if card.text:
        return card.text
    said = " ".join(render_claim(claim, name_in(mansion), functools.partial(_is_group, mansion))
                    for claim in card.claims)
    return f"{mansion.speaker_name(card.speaker)}: “{said}”"


def _answer(raw: dict[str, Any]) -> Answer:
    helper = raw["accomplice"]
    if helper == "none":
        return Answer(raw["culprit"], raw["motive"], raw["weapon"])
    return Answer(raw["culprit"], raw["motive"], raw["weapon"], helper["who"], helper["motive"])


def with_article(word: str) -> str:
    """``an alibi``, ``a means``.

    >>> with_article("alibi"), with_article("means or opportunity")
    ('an alibi', 'a means or opportunity')
    """
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _load_card(doc: Document, report: Report, i: int, raw: dict[str, Any]) -> Card:
    claims: list[Claim] = []
    for j, raw_claim in enumerate(raw["claims"]):
        claim = build_claim(raw_claim, doc.loc(("cards", i, "claims", j)))
        if raw["type"] not in claim.card_types:
            allowed = " or ".join(claim.card_types)
            report.error(doc.loc(("cards", i, "claims", j, "type")),
                         f"a '{claim.type}' claim cannot stand on {with_article(raw['type'])} card",
                         fix=f"make it {with_article(allowed)} card, or use a claim that fits "
                             f"{with_article(raw['type'])} card")
        if any(other.asp() == claim.asp() for other in claims):
            report.warning(doc.loc(("cards", i, "claims", j)),
                           f"card {raw['number']} says the same '{claim.type}' claim twice; "
                           "it counts once (a motive testimony too)",
                           fix="remove the repeated claim, or give it to another card and speaker")
        claims.append(claim)
    field_locations = tuple(((j, key), doc.loc(("cards", i, "claims", j, key)))
                            for j, raw_claim in enumerate(raw["claims"]) for key in raw_claim if key != "type")
    references_location = None
    if "references" in raw:
        references = tuple(raw["references"])
        references_location = doc.loc(("cards", i, "references"))
    else:
        named: list[str] = []
        for claim in claims:
            named.extend(ref for _, kind, ref in claim.references() if kind in ("suspect", "room") and ref not in named)
        references = tuple(named)
    return Card(raw["number"], raw["type"], raw["value"], references, raw["speaker"], tuple(claims),
                raw.get("text"), doc.loc(("cards", i)), doc.loc(("cards", i, "speaker")), references_location,
                field_locations)


def load_case(doc: Document, report: Report, language: str | None = None) -> Case | None:
    """Build a :class:`Case`; reports repeated card numbers and claims on the wrong card type.

    Its title and description are read in ``language`` (None: each text's first language; see
    :mod:`gaslight.languages`); :meth:`Case.in_language` gives the others.
    """
    written = doc.data
    data = localize(written, language, "case")
    before = len(report.errors)
    cards: list[Card] = []
    seen: dict[int, int] = {}
    for i, raw in enumerate(data["cards"]):
        if raw["number"] in seen:
            report.error(doc.loc(("cards", i, "number")),
                         f"card number {raw['number']} is already used by cards[{seen[raw['number']]}]",
                         fix="give every card its own number")
            continue
        seen[raw["number"]] = i
        cards.append(_load_card(doc, report, i, raw))
    answer = _answer(data["answer"])
    if answer.accomplice is not None and data["difficulty"] in NO_ACCOMPLICE_LEVELS:
        report.error(doc.loc(("answer", "accomplice")),
                     f"a case of difficulty {data['difficulty']} has no accomplice",
                     fix="write 'accomplice: none', or raise the difficulty to C or above")
    if len(report.errors) > before:
        return None
    return Case(data["id"], data["title"], data.get("description", ""), data["difficulty"], data["mansion"], answer,
                tuple(cards), doc.loc(()), _answer_locations(doc), doc.loc(("mansion",)),
                doc.loc(("difficulty",)), doc.key_loc(("cards",)), data.get("liars"),
                written_as(written.get("title")), written_as(written.get("description")))


def _answer_locations(doc: Document) -> tuple[tuple[str, Location], ...]:
    paths: list[tuple[str | int, ...]] = [("answer",), ("answer", "culprit"), ("answer", "motive"),
                                          ("answer", "weapon"), ("answer", "accomplice"),
                                          ("answer", "accomplice", "who"), ("answer", "accomplice", "motive")]
    return tuple((".".join(str(p) for p in path[1:]), doc.loc(path)) for path in paths)


# --- references into the mansion -------------------------------------------------------------


def suggest_name(word: str, choices: list[str]) -> str:
    """'did you mean …?' for an id the mansion does not define."""
    from gaslight.schema import suggest

    return suggest(word, choices) or "name one the mansion defines"


def _answer_problems(case: Case, mansion: Mansion) -> Iterator[tuple[str, str, str]]:
    """``(field path, message, fix)`` for answer-key ids the mansion does not know."""
    key = case.answer
    suspects = [s.id for s in mansion.suspects]
    culprit = mansion.suspect(key.culprit)
    if culprit is None:
        yield ("culprit", f"suspect '{key.culprit}' is not in mansion '{mansion.id}'",
               suggest_name(key.culprit, suspects))
    elif culprit.motive(key.motive) is None:
        yield "motive", f"'{key.motive}' is not one of {mansion.whose(culprit.id)} motives", suggest_name(
            key.motive, list(culprit.motive_ids))
    if mansion.weapon(key.weapon) is None:
        yield "weapon", f"weapon '{key.weapon}' is not in mansion '{mansion.id}'", suggest_name(
            key.weapon, [w.id for w in mansion.weapons])
    if key.accomplice is None:
        return
    helper = mansion.suspect(key.accomplice)
    if helper is None:
        yield "accomplice.who", f"suspect '{key.accomplice}' is not in mansion '{mansion.id}'", suggest_name(
            key.accomplice, suspects)
    elif key.accomplice == key.culprit:
        yield "accomplice.who", f"{helper.name} cannot be both the culprit and the accomplice", (
            "name another suspect, or write 'accomplice: none'")
    elif helper.motive(key.accomplice_motive or "") is None:
        yield ("accomplice.motive", f"'{key.accomplice_motive}' is not one of {mansion.whose(helper.id)} motives",
               suggest_name(key.accomplice_motive or "", list(helper.motive_ids)))


def _claim_problems(claim: Claim, mansion: Mansion) -> Iterator[tuple[str, str, str]]:
    """``(field, message, fix)`` for one claim's references."""
    lookups = {"suspect": mansion.suspect, "room": mansion.room, "trace": mansion.trace, "weapon": mansion.weapon}
    choices = {"suspect": [s.id for s in mansion.suspects], "room": [r.id for r in mansion.rooms],
               "trace": [t.id for t in mansion.traces], "weapon": [w.id for w in mansion.weapons]}
    values = claim.values()
    for name, kind, ident in claim.references():
        if kind == "motive":
            who = mansion.suspect(values["suspect"])
            if who is not None and who.motive(ident) is None:
                yield (name, f"'{ident}' is not one of {mansion.whose(who.id)} motives",
                       suggest_name(ident, list(who.motive_ids)))
        elif lookups[kind](ident) is None:
            yield name, f"{kind} '{ident}' is not in mansion '{mansion.id}'", suggest_name(ident, choices[kind])
    room = mansion.room(values.get("room", ""))
    if room is None:
        return
    if claim.type in ("in_room", "not_in_room", "seen_in_room") and not room.start:
        starts = ", ".join(mansion.start_rooms)
        yield "room", f"nobody starts in the {room.name}, so this claim can never hold", f"use a start room: {starts}"
    elif room.closed:
        yield "room", f"the {room.name} cannot be entered, so this claim is empty", "name a room that can be entered"


def check_references(case: Case, mansion: Mansion, report: Report) -> bool:
    """Report every id in ``case`` that ``mansion`` does not define. True when all resolve."""
    before = len(report.errors)
    for path, message, fix in _answer_problems(case, mansion):
        report.error(case.answer_loc(path), message, fix=fix)
    suspects = {s.id for s in mansion.suspects}
    speakers = sorted(suspects | {s.id for s in mansion.sources})
    for card in case.cards:
        base = card.location.path
        if card.speaker not in speakers:
            report.error(card.speaker_location, f"speaker '{card.speaker}' is neither a suspect nor "
                         f"a source of mansion '{mansion.id}'", fix=suggest_name(card.speaker, speakers))
        for j, ref in enumerate(card.references if card.references_location else ()):
            if ref not in suspects and mansion.room(ref) is None:
                where = card.references_location or card.location
                report.error(where.at(f"{base}.references[{j}]"), f"reference '{ref}' is neither a suspect nor a "
                             "room", fix=suggest_name(ref, sorted(suspects | {r.id for r in mansion.rooms})))
        for index, claim in enumerate(card.claims):
            for name, message, fix in _claim_problems(claim, mansion):
                report.error(card.field_loc(index, name), message, fix=fix)
    return len(report.errors) == before
