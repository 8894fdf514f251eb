"""A seeded case generator: from a plot (the answer key and a difficulty) to 70 cards with one answer.

The generator never guesses at the rules: every step asks the case solver
(:mod:`gaslight.domain.walton.solver`). It works in four phases.

1. **World** — a hidden world that fits the plot: where every suspect started
   (the accomplice shares the culprit's room) and the culprit's route from his
   start room through the weapon's room to the crime scene.
2. **Structure** — the cards the design guarantees count: two testimonies and
   a circumstantial clue for the murder motive, the same for decoy motives of
   the other suspects (so the guarantees alone never name the culprit), a
   servant naming the accomplice and decoy conspirators, and, with an
   accomplice, the shared alibi both of them give.
3. **Eliminations** — candidate cards that are true in the hidden world (the
   culprit and the accomplice may also lie), drawn in a seeded, weighted
   order that depends on the difficulty: easy levels draw from sources that
   never lie and direct claims, hard levels from suspects' words and indirect
   claims (rooms, routes, traces). A card is kept when it rules out a wrong
   value of an answer field; drawing stops when every field has one value.
4. **Padding** — consistent cards that rule nothing out (motive gossip,
   alibis, conspiracy rumours) until the case holds 70; uniqueness is checked
   again after each.

Several attempts (seeded from the seed) are made; the first whose measured
difficulty (see :mod:`gaslight.domain.walton.proof`) equals the declared one is
kept, else the closest.

From the command line (the plot is drawn from the seed unless given; the file
records the command that made it, so it can be made again byte for byte)::

    python -m gaslight.domain.walton.generate --difficulty C --seed 3 --out scenarios/walton/cases/x.yaml \
        [--culprit greg --motive debts --weapon fire-iron --accomplice angelica --accomplice-motive will] \
        [--title "…" --description "…" --id x --size 70 --force]

>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> plot = Plot("mini-gen", "Mini", "I", Answer("ann", "money", "knife"))
>>> result = generate_case(house, plot, seed=1, size=12)
>>> result.verdict, len(result.case.cards)
('unique', 12)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from gaslight.diagnostics import Location
from gaslight.domain.walton.case import DIFFICULTIES, NO_ACCOMPLICE_LEVELS, Answer, Card, Case, load_case
from gaslight.domain.walton.claims import CLAIM_TYPES, build_claim
from gaslight.domain.walton.liars import ALIBI_ONLY, DEFAULT_READING, READINGS, reading_of
from gaslight.domain.walton.mansion import Mansion, Suspect
from gaslight.domain.walton.proof import Proof, level_gap, prove, wrong_values
from gaslight.domain.walton.solver import CaseProgram, Fixed, solve
from gaslight.resources import SCHEMA_DIR
from gaslight.yamlio import parse_text

CASE_SIZE = 70
RawClaim = dict[str, Any]


class GenerateError(Exception):
    """The plot cannot be turned into a case (an unknown id, or no route through the weapon's room)."""


@dataclass(frozen=True)
class Plot:
    """What the designer decides: the case's id, title, difficulty and answer key."""

    case_id: str
    title: str
    difficulty: str
    answer: Answer
    description: str = ""
    liars: str | None = None  # the case's reading of who may lie (None: the mansion's, else the default)


@dataclass(frozen=True)
class World:
    """The hidden truth the cards describe: start rooms and the culprit's route."""

    starts: tuple[tuple[str, str], ...]
    route: tuple[str, ...]

    def start(self, suspect: str) -> str:
        return dict(self.starts)[suspect]


@dataclass(frozen=True)
class Draft:
    """A card before it gets its number: who says what, and why it is in the deck."""

    speaker: str
    claims: tuple[RawClaim, ...]
    role: str  # structure | elimination | padding | lie
    value: int = 1

    @property
    def key(self) -> str:
        """Who says what (two drafts with the same key are the same card)."""
        return json.dumps([self.speaker, self.claims], sort_keys=True)


@dataclass(frozen=True)
class Profile:
    """How a difficulty level shapes the deck."""

    decoy_motives: int  # motives with two testimonies and a clue, per innocent suspect
    culprit_decoys: int  # the culprit's other motives that also look complete
    suspect_voice: float  # weight of a suspect (rather than a source) voicing an elimination
    direct: float  # weight of direct claims (not_culprit, weapon_not_used, not_accomplice, acted_alone)
    indirect: float  # weight of trace, room and route claims about the culprit's own way
    tricky: float  # weight of claims that bite only in other worlds (rooms left untouched, innocents' footprints)
    lies: int  # false statements by the culprit or the accomplice
    decoy_conspirators: int  # innocent suspects a servant also calls conspirators
    prune: bool  # drop eliminations made redundant by later ones
    alibi_padding: bool  # pad with where-was-who cards too (they allow reasoning along routes)
    anchor: int = 0  # 2: the coroner names both of the weapon's traces, 1: only its most common one; the police
    # put the culprit's footprints in the weapon's room (0: none of this)


PROFILES: dict[str, Profile] = {
    "I": Profile(1, 0, 0.0, 6.0, 0.0, 0.0, 0, 0, False, False),
    "A": Profile(1, 0, 0.2, 3.0, 1.0, 0.0, 0, 0, False, False),
    "B": Profile(1, 1, 0.3, 2.0, 1.5, 0.3, 1, 0, False, True),
    "C": Profile(1, 1, 0.0, 4.0, 0.5, 0.0, 0, 0, False, False, 2),
    "D": Profile(1, 1, 0.3, 2.0, 1.0, 0.2, 1, 1, False, False, 1),
    "E": Profile(1, 2, 0.8, 0.5, 2.0, 1.0, 2, 2, False, True, 1),
    "S": Profile(2, 2, 4.0, 0.1, 3.0, 3.0, 3, 2, True, True),
}

ATTEMPTS = 10


@dataclass(frozen=True)
class Generated:
    """A generated case: the model, its YAML text, the proof and the attempt that made it."""

    case: Case
    text: str
    proof: Proof
    attempt: int

    @property
    def verdict(self) -> str:
        return self.proof.result.verdict


# --- the hidden world ----------------------------------------------------------------------------


def _check_plot(mansion: Mansion, plot: Plot) -> None:
    key = plot.answer
    culprit = mansion.suspect(key.culprit)
    if plot.difficulty not in DIFFICULTIES:
        raise GenerateError(f"difficulty '{plot.difficulty}' is not one of {', '.join(DIFFICULTIES)}")
    if culprit is None:
        raise GenerateError(f"suspect '{key.culprit}' is not in mansion '{mansion.id}'")
    if culprit.motive(key.motive) is None:
        raise GenerateError(f"'{key.motive}' is not one of {culprit.name}'s motives")
    if mansion.weapon(key.weapon) is None:
        raise GenerateError(f"weapon '{key.weapon}' is not in mansion '{mansion.id}'")
    if key.accomplice is None:
        return
    if plot.difficulty in NO_ACCOMPLICE_LEVELS:
        raise GenerateError(f"a case of difficulty {plot.difficulty} has no accomplice")
    helper = mansion.suspect(key.accomplice)
    if helper is None or helper.id == culprit.id:
        raise GenerateError(f"'{key.accomplice}' cannot be the accomplice")
    if helper.motive(key.accomplice_motive or "") is None:
        raise GenerateError(f"'{key.accomplice_motive}' is not one of {helper.name}'s motives")


def make_world(mansion: Mansion, answer: Answer, rng: random.Random) -> World:
    """Start rooms and a route that fit ``answer``: the route passes the weapon's room.

    Raises :class:`GenerateError` when no start room has such a route.
    """
    weapon = mansion.weapon(answer.weapon)
    assert weapon is not None
    routes = [r for start in mansion.start_rooms for r in mansion.routes(start) if weapon.room in r]
    if not routes:
        raise GenerateError(f"no route from a start room to the crime scene passes the {weapon.name}'s room")
    route = rng.choice(routes)
    starts = []
    for suspect in mansion.suspects:
        if suspect.id in (answer.culprit, answer.accomplice):
            starts.append((suspect.id, route[0]))
        else:
            starts.append((suspect.id, rng.choice(mansion.start_rooms)))
    return World(tuple(starts), route)


# --- speakers ----------------------------------------------------------------------------------

SOURCE_ROLES_FOR = {
    "motive": ("police", "housekeeper", "servant"),
    "alibi": ("police", "servant", "housekeeper"),
    "means": ("coroner", "police"),
    "opportunity": ("police", "servant", "housekeeper"),
    "scheme": ("servant", "housekeeper"),
}


def card_type(claim: RawClaim) -> str:
    """The card type a claim stands on (the first its type allows)."""
    return CLAIM_TYPES[claim["type"]].card_types[0]


def _sources(mansion: Mansion, kind: str) -> list[str]:
    roles = SOURCE_ROLES_FOR[kind]
    return [s.id for s in mansion.sources if s.role in roles] or [s.id for s in mansion.sources]


def _innocents(mansion: Mansion, answer: Answer) -> list[str]:
    return [s.id for s in mansion.suspects if s.id not in (answer.culprit, answer.accomplice)]


def _subjects(claim: RawClaim) -> set[str]:
    found = set(claim.get("suspects", ()))
    if "suspect" in claim:
        found.add(claim["suspect"])
    return found


def _voices(mansion: Mansion, answer: Answer, claim: RawClaim, profile: Profile) -> list[tuple[str, float]]:
    """Who may say a true claim, with weights: sources, and innocent suspects not named in it."""
    kind = card_type(claim)
    sources = _sources(mansion, kind)
    voices = [(s, 1.0 / len(sources)) for s in sources]
    talkers = [s for s in _innocents(mansion, answer) if s not in _subjects(claim)]
    if talkers and profile.suspect_voice > 0:
        voices.extend((s, profile.suspect_voice / len(talkers)) for s in talkers)
    return voices


def _pick(rng: random.Random, weighted: Sequence[tuple[str, float]]) -> str:
    names = [name for name, _ in weighted]
    weights = [weight for _, weight in weighted]
    return rng.choices(names, weights=weights, k=1)[0]


# --- structure: what the guarantees count --------------------------------------------------------


def _motive_set(mansion: Mansion, answer: Answer, suspect: str, motive: str, rng: random.Random,
                profile: Profile) -> list[Draft]:
    """Two testimonies and a circumstantial clue for one motive, from speakers who may tell it."""
    forbidden = {suspect}
    if motive == answer.motive and suspect == answer.culprit:
        forbidden |= {answer.culprit, answer.accomplice or ""}  # the accomplice never reveals it
    if answer.accomplice and suspect == answer.accomplice and motive == answer.accomplice_motive:
        forbidden.add(answer.culprit)
    truthful = [s for s in _innocents(mansion, answer) if s not in forbidden]
    servants = [s.id for s in mansion.sources if s.role in ("servant", "housekeeper")]
    police = _sources(mansion, "means")
    drafts: list[Draft] = []
    witnesses = rng.sample(truthful, k=min(len(truthful), 2)) if rng.random() < profile.suspect_voice / 2 else []
    while len(witnesses) < 2:
        witnesses.append(rng.choice([s for s in servants if s not in witnesses] or servants))
    for witness in witnesses:
        claim = {"type": "motive_testimony", "suspect": suspect, "motive": motive}
        drafts.append(Draft(witness, (claim,), "structure", 2))
    clue = {"type": "motive_clue", "suspect": suspect, "motive": motive}
    drafts.append(Draft(rng.choice(police), (clue,), "structure", 2))
    return drafts


def structure(mansion: Mansion, answer: Answer, profile: Profile, rng: random.Random) -> list[Draft]:
    """The cards the design guarantees count, plus the shared alibi of culprit and accomplice."""
    drafts = _motive_set(mansion, answer, answer.culprit, answer.motive, rng, profile)
    culprit = mansion.suspect(answer.culprit)
    assert culprit is not None
    others = [m.id for m in culprit.motives if m.id != answer.motive]
    for motive in rng.sample(others, k=min(profile.culprit_decoys, len(others))):
        drafts += _motive_set(mansion, answer, answer.culprit, motive, rng, profile)
    for suspect in mansion.suspects:
        if suspect.id == answer.culprit:
            continue
        motives = [m.id for m in suspect.motives]
        for motive in rng.sample(motives, k=min(profile.decoy_motives, len(motives))):
            drafts += _motive_set(mansion, answer, suspect.id, motive, rng, profile)
    servants = [s.id for s in mansion.sources if s.names_conspirators]
    named = [answer.accomplice] if answer.accomplice else []
    if servants and profile.decoy_conspirators:
        decoys = [s for s in _innocents(mansion, answer)]
        named += rng.sample(decoys, k=min(profile.decoy_conspirators, len(decoys)))
    for suspect in named:
        drafts.append(Draft(rng.choice(servants), ({"type": "conspiring", "suspect": suspect},), "structure", 3))
    if profile.anchor:
        drafts += anchors(mansion, answer, profile.anchor)
    if answer.accomplice:
        pair = [answer.culprit, answer.accomplice]
        drafts.append(Draft(answer.culprit, ({"type": "together", "suspects": pair},), "structure", 2))
        drafts.append(Draft(answer.accomplice, ({"type": "together", "suspects": pair[::-1]},), "structure", 2))
    return drafts


def anchors(mansion: Mansion, answer: Answer, strength: int) -> list[Draft]:
    """The weapon's traces from the coroner, and the culprit's footprints in the weapon's room from the police.

    Together they pin the culprit in a few cards, which keeps the proofs of cases with an accomplice (where
    "acting alone" is ruled out only once the culprit is known) short. With ``strength`` 1 the coroner names
    only the weapon's most common trace, so the weapon itself still takes reasoning.
    """
    weapon = mansion.weapon(answer.weapon)
    assert weapon is not None
    shared = {t: sum(t in w.traces for w in mansion.weapons) for t in weapon.traces}
    traces = weapon.traces if strength >= 2 else (max(weapon.traces, key=lambda t: (shared[t], t)),)
    coroner = _sources(mansion, "means")[0]
    police = _sources(mansion, "opportunity")[0]
    drafts = [Draft(coroner, ({"type": "trace_found", "trace": trace},), "structure", 3) for trace in traces]
    claim = {"type": "may_have_passed", "suspects": [answer.culprit], "room": weapon.room}
    drafts.append(Draft(police, (claim,), "structure", 3))
    return drafts


# --- true claims in the hidden world -------------------------------------------------------------

GUARANTEE_TYPES = ("motive_testimony", "motive_clue", "conspiring")
DIRECT = ("not_culprit", "weapon_not_used", "not_accomplice", "acted_alone", "seen_in_room")


def _key_motives(answer: Answer) -> tuple[tuple[str | None, str | None], ...]:
    """The murder motive and the accomplice's motive, as (suspect, motive) pairs."""
    return ((answer.culprit, answer.motive), (answer.accomplice, answer.accomplice_motive))


def true_claims(mansion: Mansion, answer: Answer, world: World) -> Iterator[RawClaim]:
    """Every claim (outside motive testimonies, clues and conspiracy) that holds in ``world``."""
    weapon = mansion.weapon(answer.weapon)
    assert weapon is not None
    ids = [s.id for s in mansion.suspects]
    for suspect in ids:
        start = world.start(suspect)
        yield {"type": "in_room", "suspect": suspect, "room": start}
        for room in mansion.start_rooms:
            if room != start:
                yield {"type": "not_in_room", "suspect": suspect, "room": room}
        if suspect != answer.culprit:
            yield {"type": "not_culprit", "suspect": suspect}
            yield {"type": "seen_in_room", "suspect": suspect, "room": start}
        if suspect not in (answer.culprit, answer.accomplice):
            yield {"type": "not_accomplice", "suspect": suspect}
        owner = mansion.suspect(suspect)
        for motive in owner.motive_ids if owner else ():
            if (suspect, motive) not in _key_motives(answer):
                yield {"type": "motive_eliminated", "suspect": suspect, "motive": motive}
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if world.start(a) == world.start(b) and answer.culprit not in (a, b):
                yield {"type": "together", "suspects": [a, b]}
    for trace in mansion.traces:
        kind = "trace_found" if trace.id in weapon.traces else "trace_absent"
        yield {"type": kind, "trace": trace.id}
    for other in mansion.weapons:
        if other.id != answer.weapon:
            yield {"type": "weapon_not_used", "weapon": other.id}
    yield from _route_claims(mansion, answer, world)
    if answer.accomplice is None:
        yield {"type": "acted_alone"}


def _route_claims(mansion: Mansion, answer: Answer, world: World) -> Iterator[RawClaim]:
    weapon = mansion.weapon(answer.weapon)
    assert weapon is not None
    ids = [s.id for s in mansion.suspects]
    inner = [r.id for r in mansion.rooms if not r.closed and not r.crime_scene]
    for room in inner:
        if room not in world.route:
            yield {"type": "room_undisturbed", "room": room}
    for room in world.route[:-1]:
        yield {"type": "may_have_passed", "suspects": [answer.culprit], "room": room}
        for other in ids:
            if other != answer.culprit:
                yield {"type": "may_have_passed", "suspects": sorted([answer.culprit, other]), "room": room}
    for room in inner:
        if room == weapon.room:
            continue
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                if answer.culprit not in (a, b):
                    yield {"type": "may_have_passed", "suspects": [a, b], "room": room}


def lies(mansion: Mansion, answer: Answer, world: World, rng: random.Random, count: int,
         reading: str = DEFAULT_READING) -> list[Draft]:
    """False statements by the culprit (and the accomplice), never about their own start room.

    Each is false in the hidden world: the culprit cleared, an innocent put in the wrong room, the weapon
    denied, an innocent's footprints in the room where the weapon lay. Under the source's reading the
    accomplice's only false word is the culprit's alibi ("he never left the room", naming the true room).
    """
    weapon = mansion.weapon(answer.weapon)
    assert weapon is not None
    liars = [answer.culprit] + ([answer.accomplice] if answer.accomplice else [])
    innocents = _innocents(mansion, answer)
    options: list[Draft] = []
    for liar in liars:
        options.append(Draft(liar, ({"type": "seen_in_room", "suspect": answer.culprit,
                                     "room": world.start(answer.culprit)},), "lie", 2))
        if liar == answer.accomplice and reading == ALIBI_ONLY:
            continue
        options.append(Draft(liar, ({"type": "not_culprit", "suspect": answer.culprit},), "lie", 2))
        for suspect in innocents:
            wrong = [r for r in mansion.start_rooms if r != world.start(suspect)]
            claim = {"type": "in_room", "suspect": suspect, "room": rng.choice(wrong)}
            options.append(Draft(liar, (claim,), "lie", 1))
        options.append(Draft(liar, ({"type": "weapon_not_used", "weapon": answer.weapon},), "lie", 2))
        claim = {"type": "may_have_passed", "suspects": [rng.choice(innocents)], "room": weapon.room}
        options.append(Draft(liar, (claim,), "lie", 1))
    return rng.sample(options, k=min(count, len(options)))


def _claim_weight(claim: RawClaim, profile: Profile, answer: Answer) -> float:
    kind = claim["type"]
    if kind in DIRECT:
        return profile.direct
    if kind == "motive_eliminated":
        return max(profile.direct, 1.0)
    if kind == "room_undisturbed" or (kind == "may_have_passed" and answer.culprit not in claim["suspects"]):
        return profile.tricky
    return profile.indirect


def candidate_pool(mansion: Mansion, answer: Answer, world: World, profile: Profile,
                   rng: random.Random) -> list[tuple[Draft, float]]:
    """Weighted candidate eliminations: every true claim, each given one seeded speaker."""
    pool = []
    for claim in true_claims(mansion, answer, world):
        weight = _claim_weight(claim, profile, answer)
        if weight <= 0:
            continue
        speaker = _pick(rng, _voices(mansion, answer, claim, profile))
        pool.append((Draft(speaker, (claim,), "elimination", 1), weight))
    return pool


def weighted_order(items: Sequence[tuple[Draft, float]], rng: random.Random) -> list[Draft]:
    """A seeded weighted shuffle (heavier items tend to come first)."""
    keyed = [(rng.random() ** (1.0 / weight), i) for i, (_, weight) in enumerate(items)]
    return [items[i][0] for _, i in sorted(keyed, reverse=True)]


# --- building case models --------------------------------------------------------------------------


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


def build_case(mansion: Mansion, plot: Plot, deck: Deck) -> Case:
    """The case model for a deck, built directly (parsing YAML in the search loop would be slow).

    Locations point into a file that does not exist: ``<plot id>.generated``.
    """
    where = Location(f"{plot.case_id}.generated", 1, 1, "")
    cards = []
    for i, (number, draft) in enumerate(deck.numbered()):
        at = where.at(f"cards[{i}]")
        claims = tuple(build_claim(claim, at.at(f"cards[{i}].claims[{j}]")) for j, claim in enumerate(draft.claims))
        cards.append(Card(number, card_type(draft.claims[0]), draft.value, (), draft.speaker, claims, None, at,
                          at.at(f"cards[{i}].speaker")))
    known: dict[str, Any] = {"id": plot.case_id, "title": plot.title, "description": plot.description,
                             "difficulty": plot.difficulty, "mansion": mansion.id, "answer": plot.answer,
                             "cards": tuple(cards), "answer_locations": (("", where),), "liars": plot.liars}
    values = {f.name: known.get(f.name, where) for f in fields(Case)}  # every other field is a location
    return Case(**values)


# --- the search ----------------------------------------------------------------------------------


@dataclass
class Search:
    """The elimination phase: one grounded program over structure and candidates, solved under assumptions."""

    mansion: Mansion
    plot: Plot
    fixed_drafts: list[Draft]
    candidates: list[Draft]
    program: CaseProgram = field(init=False)
    open_values: list[Fixed] = field(init=False)

    def __post_init__(self) -> None:
        deck = Deck(tuple(self.fixed_drafts + self.candidates))
        case = build_case(self.mansion, self.plot, deck)
        self.program = CaseProgram(self.mansion, case)
        self.base = list(range(1, len(self.fixed_drafts) + 1))
        self.open_values = [fixed for _, _, fixed in wrong_values(self.mansion, case, self.plot.answer)]

    def number(self, index: int) -> int:
        """The temporary card number of candidate ``index``."""
        return len(self.fixed_drafts) + index + 1

    def still_open(self, active: Sequence[int], values: Iterable[Fixed]) -> list[Fixed]:
        return [v for v in values if self.program.core(active, (v,)) is None]

    def run(self, order: Sequence[int], budget: int) -> list[int] | None:
        """Candidate indexes that (with the structure) leave one answer; None when the budget runs out."""
        chosen: list[int] = []
        active = list(self.base)
        open_values = self.still_open(active, self.open_values)
        if self.program.core(active) is not None:
            return None  # the structure itself is contradictory: a generator bug
        progress = True
        while open_values and progress:
            progress = False
            for index in order:
                if index in chosen:
                    continue
                trial = [*active, self.number(index)]
                left = self.still_open(trial, open_values)
                if len(left) < len(open_values):
                    chosen.append(index)
                    active, open_values, progress = trial, left, True
                    if not open_values or len(chosen) > budget:
                        break
        if open_values or len(chosen) > budget:
            return None
        return chosen

    def prune(self, chosen: list[int]) -> list[int]:
        """Drop chosen candidates the others make redundant (latest first stays; earliest checked first)."""
        kept = list(chosen)
        for index in list(chosen):
            trial = [i for i in kept if i != index]
            active = self.base + [self.number(i) for i in trial]
            if not self.still_open(active, self.open_values):
                kept = trial
        return kept


def _echo(mansion: Mansion, answer: Answer, draft: Draft, rng: random.Random) -> Draft | None:
    """The same true claim from another speaker of the same kind: a source for a source, a suspect for a suspect."""
    claim = draft.claims[0]
    if mansion.suspect(draft.speaker) is not None:
        options = [s for s in _innocents(mansion, answer) if s != draft.speaker and s not in _subjects(claim)]
    else:
        options = [s for s in _sources(mansion, card_type(claim)) if s != draft.speaker]
    return Draft(rng.choice(options), draft.claims, "padding", 1) if options else None


PAD_ORDER = ("alibi", "means", "opportunity", "scheme", "motive")


def padding(mansion: Mansion, answer: Answer, world: World, rng: random.Random, profile: Profile,
            deck: Sequence[Draft] = ()) -> list[Draft]:
    """Consistent, low-information cards, the card types taking turns (seeded order).

    Motive gossip, conspiracy rumours, alibis (only when the profile allows them; at levels with lies
    the suspects give their own) and echoes: a fact already in ``deck`` told again by someone else.
    """
    pools: dict[str, list[Draft]] = {kind: [] for kind in PAD_ORDER}
    innocents = _innocents(mansion, answer)
    for suspect in mansion.suspects:
        for motive in suspect.motives:
            if (suspect.id, motive.id) in _key_motives(answer):
                continue
            speakers = [s for s in innocents if s != suspect.id] + _sources(mansion, "scheme")
            claim = {"type": "motive_testimony", "suspect": suspect.id, "motive": motive.id}
            pools["motive"].extend(Draft(who, (claim,), "padding", 1)
                                   for who in rng.sample(speakers, k=min(2, len(speakers))))
        talkers = [s for s in innocents if s != suspect.id]
        pools["scheme"].extend(Draft(who, ({"type": "conspiring", "suspect": suspect.id},), "padding", 1)
                               for who in rng.sample(talkers, k=min(2, len(talkers))))
        start = world.start(suspect.id)
        if not profile.alibi_padding:
            continue
        voice = suspect.id if profile.lies >= 2 else rng.choice(_sources(mansion, "alibi"))
        pools["alibi"].append(Draft(voice, ({"type": "in_room", "suspect": suspect.id, "room": start},), "padding", 1))
        for room in mansion.start_rooms:
            if room != start:
                claim = {"type": "not_in_room", "suspect": suspect.id, "room": room}
                pools["alibi"].append(Draft(rng.choice(_sources(mansion, "alibi")), (claim,), "padding", 1))
    if answer.accomplice is None:  # with no accomplice, "X helped nobody" is true of everyone
        for suspect in mansion.suspects:
            claim = {"type": "not_accomplice", "suspect": suspect.id}
            voices = [s for s in innocents if s != suspect.id] + _sources(mansion, "scheme")
            pools["scheme"].append(Draft(rng.choice(voices), (claim,), "padding", 1))
    if profile.anchor >= 2 or profile.direct >= 2:  # the coroner's findings, where direct evidence is welcome
        weapon = mansion.weapon(answer.weapon)
        for trace in mansion.traces:
            kind = "trace_found" if weapon and trace.id in weapon.traces else "trace_absent"
            speaker = rng.choice(_sources(mansion, "means"))
            pools["means"].append(Draft(speaker, ({"type": kind, "trace": trace.id},), "padding", 1))
    liars = {answer.culprit, answer.accomplice}
    for draft in deck:
        kind = card_type(draft.claims[0])
        if draft.role in ("elimination", "structure") and draft.speaker not in liars and kind != "motive" \
                and draft.claims[0]["type"] not in GUARANTEE_TYPES:
            echo = _echo(mansion, answer, draft, rng)
            if echo is not None:
                pools[kind].append(echo)
    for pool in pools.values():
        rng.shuffle(pool)
    pads: list[Draft] = []
    while any(pools.values()):
        for kind in PAD_ORDER:
            if pools[kind]:
                pads.append(pools[kind].pop())
    return pads


def _unique(mansion: Mansion, plot: Plot, drafts: Sequence[Draft]) -> bool:
    result = solve(mansion, build_case(mansion, plot, Deck(tuple(drafts))))
    return result.verdict == "unique" and result.solutions[0] == plot.answer


def _pad(mansion: Mansion, plot: Plot, drafts: list[Draft], pads: Iterable[Draft], size: int) -> list[Draft]:
    """Add padding cards while the case stays unique, up to ``size`` cards.

    True claims only remove worlds, so only the cards the guarantees count (motive testimonies and clues,
    conspiracy) can bring an answer back; the whole batch is tried first, then one card at a time.
    """
    seen = {d.key for d in drafts}
    fresh = []
    for pad in pads:
        if pad.key not in seen:
            seen.add(pad.key)
            fresh.append(pad)
    batch = drafts + fresh[: size - len(drafts)]
    if _unique(mansion, plot, batch):
        return batch
    deck = list(drafts)
    for pad in fresh:
        if len(deck) >= size:
            break
        if pad.claims[0]["type"] not in GUARANTEE_TYPES or _unique(mansion, plot, [*deck, pad]):
            deck.append(pad)
    return deck


def _values(search: Search, drafts: list[Draft], chosen: list[int]) -> list[Draft]:
    """Information value: how many wrong values each elimination card takes away on its own, 1–3."""
    valued = []
    base = search.base
    for index in chosen:
        gone = len(search.open_values) - len(search.still_open([*base, search.number(index)], search.open_values))
        valued.append(replace(search.candidates[index], value=max(1, min(3, 1 + gone // 2))))
    return drafts + valued


def attempt(mansion: Mansion, plot: Plot, rng: random.Random, size: int) -> list[Draft] | None:
    """One try at a deck of ``size`` cards with exactly one answer, or None."""
    profile = PROFILES[plot.difficulty]
    world = make_world(mansion, plot.answer, rng)
    fixed = structure(mansion, plot.answer, profile, rng)
    fixed += lies(mansion, plot.answer, world, rng, profile.lies, reading_of(plot.liars, mansion.liars).id)
    pool = candidate_pool(mansion, plot.answer, world, profile, rng)
    search = Search(mansion, plot, fixed, [d for d, _ in pool])
    order = [search.candidates.index(d) for d in weighted_order(pool, rng)]
    chosen = search.run(order, size - len(fixed))
    if chosen is None:
        return None
    if profile.prune:
        chosen = search.prune(chosen)
    drafts = _values(search, fixed, chosen)
    pads = padding(mansion, plot.answer, world, rng, profile, drafts)
    if profile.direct >= 1:  # easy levels: spare eliminations are welcome redundancy
        pads += [search.candidates[i] for i in order if i not in chosen]
    drafts = _pad(mansion, plot, drafts, pads, size)
    return drafts if len(drafts) == size else None


# --- display ---------------------------------------------------------------------------------------


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
           header: Sequence[str], schema: str = SCHEMA_LINK) -> str:
    """Number the cards (a seeded shuffle), write references and display text; the final YAML."""
    from gaslight.domain.walton.phrasing import card_text

    numbers = list(range(1, len(drafts) + 1))
    rng.shuffle(numbers)
    deck = Deck(tuple(drafts), tuple(numbers))
    texts = {n: card_text(mansion, d.speaker, d.claims, rng) for n, d in deck.numbered()}
    refs = {n: _references(mansion, d) for n, d in deck.numbered()}
    return case_yaml(mansion, plot, deck, header, texts, refs, schema)


def generate_case(mansion: Mansion, plot: Plot, seed: int = 0, size: int = CASE_SIZE,
                  header: Sequence[str] = (), schema: str = SCHEMA_LINK) -> Generated:
    """The case for ``plot``: same mansion, plot and seed → same text.

    Raises :class:`GenerateError` when the plot is impossible or no attempt succeeds.
    """
    _check_plot(mansion, plot)
    best: Generated | None = None
    for number in range(ATTEMPTS):
        rng = random.Random(f"{plot.case_id}:{seed}:{number}")
        drafts = attempt(mansion, plot, rng, size)
        if drafts is None:
            continue
        text = finish(mansion, plot, drafts, rng, header, schema)
        case = load_text(text, f"{plot.case_id}.yaml")
        proof = prove(mansion, case, steps=False)
        if proof.result.verdict != "unique" or proof.metrics is None:
            continue
        found = Generated(case, text, proof, number)
        gap = level_gap(plot.difficulty, proof.metrics.measured_difficulty)
        if gap == 0 and not proof.metrics.culprit_alone:
            return found
        if best is None or gap < level_gap(plot.difficulty, best.proof.metrics.measured_difficulty):  # type: ignore[union-attr]
            best = found
    if best is None:
        raise GenerateError(f"no attempt gave case '{plot.case_id}' exactly one answer in {size} cards; "
                            "try another seed")
    return best


# --- command line ----------------------------------------------------------------------------------


def _load_mansion(path: Path) -> Mansion:
    from gaslight.domain.walton.mansion import load_mansion
    from gaslight.yamlio import parse_file

    doc, report = parse_file(path, str(path))
    mansion = load_mansion(doc, report) if doc is not None else None
    if mansion is None:
        raise GenerateError(f"cannot load the mansion {path}:\n{report.format_text()}")
    return mansion


def _random_plot(mansion: Mansion, args: argparse.Namespace, rng: random.Random) -> Answer:
    suspects: list[Suspect] = list(mansion.suspects)
    culprit = next((s for s in suspects if s.id == args.culprit), None) or rng.choice(suspects)
    motive = args.motive or rng.choice(culprit.motive_ids)
    weapon = args.weapon or rng.choice([w.id for w in mansion.weapons])
    if args.difficulty in NO_ACCOMPLICE_LEVELS or args.accomplice == "none":
        return Answer(culprit.id, motive, weapon)
    helper = next((s for s in suspects if s.id == args.accomplice), None) or rng.choice(
        [s for s in suspects if s.id != culprit.id])
    return Answer(culprit.id, motive, weapon, helper.id, args.accomplice_motive or rng.choice(helper.motive_ids))


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m gaslight.domain.walton.generate",
                                     description="Generate a Walton case with exactly one answer.")
    parser.add_argument("--difficulty", required=True, choices=DIFFICULTIES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", required=True, help="the case file to write")
    parser.add_argument("--mansion", default="scenarios/walton/mansion.yaml")
    parser.add_argument("--id", dest="case_id", help="case id (default: the file name)")
    parser.add_argument("--title", help="case title")
    parser.add_argument("--description", default="")
    parser.add_argument("--culprit")
    parser.add_argument("--motive")
    parser.add_argument("--weapon")
    parser.add_argument("--accomplice", help="a suspect id, or 'none'")
    parser.add_argument("--accomplice-motive")
    parser.add_argument("--liars", choices=READINGS, help="who may lie (default: the mansion's reading)")
    parser.add_argument("--size", type=int, default=CASE_SIZE, help="number of cards (default 70)")
    parser.add_argument("--force", action="store_true", help="overwrite the file if it exists")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    out = Path(args.out)
    if out.exists() and not args.force:
        print(f"generate: error: {out} exists; pass --force to replace it", file=sys.stderr)
        return 1
    try:
        mansion = _load_mansion(Path(args.mansion))
        answer = _random_plot(mansion, args, random.Random(args.seed))
        case_id = args.case_id or out.stem
        plot = Plot(case_id, args.title or case_id.replace("-", " ").capitalize(), args.difficulty, answer,
                    args.description, args.liars)
        command = ["python -m gaslight.domain.walton.generate", f"--id {case_id}", f"--difficulty {args.difficulty}",
                   f"--seed {args.seed}", f"--culprit {answer.culprit}", f"--motive {answer.motive}",
                   f"--weapon {answer.weapon}", f"--accomplice {answer.accomplice or 'none'}"]
        if answer.accomplice_motive:
            command.append(f"--accomplice-motive {answer.accomplice_motive}")
        if plot.liars:
            command.append(f"--liars {plot.liars}")
        command.append(f"--title {shlex.quote(plot.title)}")
        if plot.description:
            command.append(f"--description {shlex.quote(plot.description)}")
        header = ["Generated by:", "  " + " ".join(command), "Cards may be edited by hand; 'gaslight check' proves "
                  "the case again."]
        schema = os.path.relpath(SCHEMA_DIR / "case.schema.json", out.resolve().parent).replace(os.sep, "/")
        result = generate_case(mansion, plot, args.seed, args.size, header, schema)
    except GenerateError as exc:
        print(f"generate: error: {exc}", file=sys.stderr)
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(result.text, encoding="utf-8", newline="\n")
    metrics = result.proof.metrics
    assert metrics is not None
    print(f"wrote {out}: {len(result.case.cards)} cards, verdict {result.verdict}, measured difficulty "
          f"{metrics.measured_difficulty} (score {metrics.score:g}), attempt {result.attempt}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
