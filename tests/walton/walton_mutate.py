"""Seeded case mutations and random cases for the solver/brute-force agreement tests."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from gaslight.diagnostics import Location
from gaslight.domain.walton.case import DIFFICULTIES, Answer, Card, Case
from gaslight.domain.walton.claims import CLAIM_TYPES, Claim
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.solver import solve

HERE = Location("mutant.yaml", 1, 1, "")

# A claim type and the type it flips to (same keys, opposite or different meaning).
FLIPS = {
    "in_room": "not_in_room", "not_in_room": "in_room", "seen_in_room": "not_in_room",
    "trace_found": "trace_absent", "trace_absent": "trace_found",
    "motive_testimony": "motive_eliminated", "motive_clue": "motive_eliminated",
    "motive_eliminated": "motive_testimony", "room_undisturbed": "room_undisturbed",
    "not_culprit": "not_accomplice", "not_accomplice": "not_culprit", "conspiring": "not_accomplice",
}


def flip(claim: Claim, rng: random.Random, mansion: Mansion) -> Claim:
    """The claim turned into its opposite (or re-aimed at another subject when it has no opposite)."""
    target = FLIPS.get(claim.type)
    values = claim.values()
    if target is None or target == claim.type:
        return random_claim(rng, mansion, claim.card_types[0])
    return CLAIM_TYPES[target](location=claim.location, **values)


def random_claim(rng: random.Random, mansion: Mansion, card_type: str) -> Claim:
    """A random claim that fits ``card_type``, naming real mansion ids."""
    kinds = [cls for cls in CLAIM_TYPES.values() if card_type in cls.card_types]
    cls = rng.choice(kinds)
    suspects = [s.id for s in mansion.suspects]
    values: dict[str, object] = {}
    for name in cls.field_names():
        if name == "suspect":
            values[name] = rng.choice(suspects)
        elif name == "suspects":
            values[name] = tuple(rng.sample(suspects, 2 if cls.type == "together" else rng.choice((1, 2))))
        elif name == "room":
            pool = mansion.start_rooms if cls.type in ("in_room", "not_in_room", "seen_in_room") else [
                r.id for r in mansion.rooms if not r.closed]
            values[name] = rng.choice(list(pool))
        elif name == "motive":
            owner = mansion.suspect(str(values["suspect"]))
            values[name] = rng.choice(owner.motive_ids if owner else ("x",))
        elif name == "trace":
            values[name] = rng.choice([t.id for t in mansion.traces])
        elif name == "weapon":
            values[name] = rng.choice([w.id for w in mansion.weapons])
    return cls(location=HERE, **values)


def speakers(mansion: Mansion) -> list[str]:
    return [s.id for s in mansion.suspects] + [s.id for s in mansion.sources]


def mutate(case: Case, mansion: Mansion, rng: random.Random) -> Case:
    """One mutant: a card removed, a claim flipped, a speaker changed or the other reading of who may lie."""
    cards = list(case.cards)
    i = rng.randrange(len(cards))
    card = cards[i]
    how = rng.choice(("remove", "flip", "speaker", "speaker", "reading"))
    if how == "reading":
        return dataclasses.replace(case, liars="free" if case.reading(mansion).id == "alibi-only" else "alibi-only")
    if how == "remove" and len(cards) > 1:
        del cards[i]
    elif how == "flip":
        j = rng.randrange(len(card.claims))
        claims = list(card.claims)
        claims[j] = flip(claims[j], rng, mansion)
        cards[i] = dataclasses.replace(card, claims=tuple(claims))
    else:
        cards[i] = dataclasses.replace(card, speaker=rng.choice(speakers(mansion)))
    return dataclasses.replace(case, cards=tuple(cards))


def random_case(mansion: Mansion, rng: random.Random, size: int) -> Case:
    """A random case: motive support for a few suspects, then random cards of every type."""
    cards: list[Card] = []
    who = speakers(mansion)

    def add(card_type: str, claim: Claim) -> None:
        cards.append(Card(len(cards) + 1, card_type, 1, (), rng.choice(who), (claim,), None, HERE, HERE))

    for suspect in rng.sample(list(mansion.suspects), rng.randint(1, len(mansion.suspects))):
        motive = rng.choice(suspect.motive_ids)
        for kind in ("motive_testimony", "motive_testimony", "motive_clue"):
            add("motive", CLAIM_TYPES[kind](suspect=suspect.id, motive=motive, location=HERE))
    while len(cards) < size:
        card_type = rng.choice(("motive", "alibi", "means", "scheme", "opportunity"))
        add(card_type, random_claim(rng, mansion, card_type))
    first = mansion.suspects[0]
    answer = Answer(first.id, first.motive_ids[0], mansion.weapons[0].id)
    return Case(f"random-{rng.random():.6f}", "Random", "", rng.choice(DIFFICULTIES), mansion.id, answer,
                tuple(cards), HERE, (("", HERE),), HERE, HERE, HERE, rng.choice((None, "alibi-only", "free")))


def random_unique_cases(mansion: Mansion, rng: random.Random, count: int, sizes: tuple[int, int]) -> Iterator[Case]:
    """``count`` random cases (of ``sizes[0]`` to ``sizes[1]`` cards) that have exactly one answer."""
    found = 0
    while found < count:
        case = random_case(mansion, rng, rng.randint(*sizes))
        if solve(mansion, case).verdict == "unique":
            found += 1
            yield case
