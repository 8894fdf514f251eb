"""An independent checker: plain Python search over every answer and every hidden world.

Written from the "Case logic reference" page, not from ``encoding.lp``: it
shares only the models (mansion, case, claims) with the solver. For each
candidate answer it decides who may lie, checks the design guarantees, then
tries every assignment of start rooms and every simple route until one world
satisfies every active card.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from gaslight.domain.walton.case import Answer, Case
from gaslight.domain.walton.claims import Claim
from gaslight.domain.walton.mansion import Mansion

ANSWER_ONLY = {"motive_testimony", "motive_clue", "conspiring", "motive_eliminated", "trace_found", "trace_absent",
               "weapon_not_used", "not_culprit", "not_accomplice", "acted_alone"}
START_ONLY = {"in_room", "not_in_room", "seen_in_room", "together"}
ROUTE = {"may_have_passed", "room_undisturbed"}


@dataclass(frozen=True)
class Found:
    answer: Answer
    starts: dict[str, str]
    route: tuple[str, ...]


def simple_routes(mansion: Mansion, start: str) -> list[tuple[str, ...]]:
    """Every path from ``start`` to the crime scene that never repeats a room nor enters a closed one."""
    closed = {r.id for r in mansion.rooms if r.closed}
    scene = next(r.id for r in mansion.rooms if r.crime_scene)
    out: dict[str, list[str]] = {}
    for a, b in mansion.passages:
        if b not in closed:
            out.setdefault(a, []).append(b)
    routes: list[tuple[str, ...]] = []
    stack: list[tuple[str, ...]] = [(start,)]
    while stack:
        path = stack.pop()
        if path[-1] == scene:
            routes.append(path)
            continue
        for nxt in out.get(path[-1], []):
            if nxt not in path:
                stack.append((*path, nxt))
    return routes


def candidate_answers(mansion: Mansion, case: Case) -> Iterator[Answer]:
    helpers_allowed = case.difficulty not in ("I", "A", "B")
    for culprit in mansion.suspects:
        for motive in culprit.motives:
            for weapon in mansion.weapons:
                yield Answer(culprit.id, motive.id, weapon.id)
                if not helpers_allowed:
                    continue
                for helper in mansion.suspects:
                    if helper.id == culprit.id:
                        continue
                    for why in helper.motives:
                        yield Answer(culprit.id, motive.id, weapon.id, helper.id, why.id)


def truth(claim: Claim, mansion: Mansion, ans: Answer, starts: dict[str, str], route: tuple[str, ...]) -> bool:
    """Whether ``claim`` holds in the world (answer, start rooms, culprit's route)."""
    v = claim.values()
    kind = claim.type
    weapon = mansion.weapon(ans.weapon)
    if kind in ("motive_testimony", "motive_clue", "conspiring"):
        return True
    if kind == "motive_eliminated":
        murder = (v["suspect"], v["motive"]) == (ans.culprit, ans.motive)
        helping = (v["suspect"], v["motive"]) == (ans.accomplice, ans.accomplice_motive)
        return not murder and not helping
    if kind == "trace_found":
        return v["trace"] in weapon.traces
    if kind == "trace_absent":
        return v["trace"] not in weapon.traces
    if kind == "weapon_not_used":
        return v["weapon"] != ans.weapon
    if kind == "not_culprit":
        return v["suspect"] != ans.culprit
    if kind == "not_accomplice":
        return v["suspect"] != ans.accomplice
    if kind == "acted_alone":
        return ans.accomplice is None
    if kind == "in_room":
        return starts[v["suspect"]] == v["room"]
    if kind == "not_in_room":
        return starts[v["suspect"]] != v["room"]
    if kind == "seen_in_room":
        return starts[v["suspect"]] == v["room"] and v["suspect"] != ans.culprit
    if kind == "together":
        a, b = v["suspects"]
        return starts[a] == starts[b] and ans.culprit not in (a, b)
    if kind == "room_undisturbed":
        return v["room"] not in route
    if kind == "may_have_passed":
        among = ans.culprit in v["suspects"]
        if among and v["room"] not in route:
            return False
        return among or weapon.room != v["room"]
    raise AssertionError(f"unknown claim type {kind}")


def obligations(case: Case, ans: Answer, active: set[int]) -> list[Claim]:
    """The claims that must hold if ``ans`` is the answer: all claims of truthful speakers,
    and what anyone says about his own start room."""
    liars = {ans.culprit, ans.accomplice}
    must: list[Claim] = []
    for card in case.cards:
        if card.number not in active:
            continue
        for claim in card.claims:
            own_room = claim.type in ("in_room", "not_in_room") and claim.values()["suspect"] == card.speaker
            if card.speaker not in liars or own_room:
                must.append(claim)
    return must


@dataclass(frozen=True)
class Deck:
    """What the guarantees need from the whole deck, gathered once per case."""

    motive_cards: dict[tuple[str, str], list[tuple[str, str]]]  # (suspect, motive) -> [(speaker, claim type)]
    conspiracy_named_by: dict[str, set[str]]  # suspect -> speakers of 'conspiring' claims about him
    servants: frozenset[str]


def deck_of(mansion: Mansion, case: Case) -> Deck:
    motive_cards: dict[tuple[str, str], list[tuple[str, str]]] = {}
    named: dict[str, set[str]] = {}
    for card in case.cards:
        for claim in card.claims:
            v = claim.values()
            if claim.type in ("motive_testimony", "motive_clue"):
                motive_cards.setdefault((v["suspect"], v["motive"]), []).append((card.speaker, claim.type))
            elif claim.type == "conspiring":
                named.setdefault(v["suspect"], set()).add(card.speaker)
    servants = frozenset(s.id for s in mansion.sources if s.role in ("servant", "housekeeper"))
    return Deck(motive_cards, named, servants)


def guarantees_hold(deck: Deck, ans: Answer) -> bool:
    """The design guarantees, counted over the whole deck."""
    liars = {ans.culprit, ans.accomplice}
    murder = deck.motive_cards.get((ans.culprit, ans.motive), [])
    if ans.accomplice is not None:
        if any(speaker == ans.accomplice for speaker, _ in murder):
            return False
        helping = deck.motive_cards.get((ans.accomplice, ans.accomplice_motive or ""), [])
        if any(speaker == ans.culprit for speaker, _ in helping):
            return False
        if not deck.conspiracy_named_by.get(ans.accomplice, set()) & deck.servants:
            return False
    testimonies = sum(1 for speaker, kind in murder if kind == "motive_testimony" and speaker not in liars)
    clues = sum(1 for speaker, kind in murder if kind == "motive_clue" and speaker not in liars)
    return testimonies >= 2 and clues >= 1


def find_world(mansion: Mansion, case: Case, ans: Answer, active: set[int],
               routes: dict[str, list[tuple[str, ...]]], deck: Deck) -> Found | None:
    """A world with answer ``ans`` satisfying the active cards, or None."""
    if not guarantees_hold(deck, ans):
        return None
    must = obligations(case, ans, active)
    if not all(truth(c, mansion, ans, {}, ()) for c in must if c.type in ANSWER_ONLY):
        return None
    suspects = [s.id for s in mansion.suspects]
    starts_all = [r.id for r in mansion.rooms if r.start]
    unary = [c for c in must if c.type in ("in_room", "not_in_room", "seen_in_room")]
    domains = []
    for who in suspects:
        mine = [c for c in unary if c.values()["suspect"] == who]
        domains.append([r for r in starts_all if all(truth(c, mansion, ans, {who: r}, ()) for c in mine)])
    weapon_room = mansion.weapon(ans.weapon).room
    for combo in itertools.product(*domains):
        starts = dict(zip(suspects, combo, strict=True))
        if ans.accomplice is not None and starts[ans.accomplice] != starts[ans.culprit]:
            continue
        if not all(truth(c, mansion, ans, starts, ()) for c in must if c.type in START_ONLY):
            continue
        for route in routes[starts[ans.culprit]]:
            if weapon_room in route and all(truth(c, mansion, ans, starts, route) for c in must):
                return Found(ans, starts, route)
    return None


def brute_answers(mansion: Mansion, case: Case, active: Iterable[int] | None = None) -> list[Found]:
    """Every answer that some world supports, with one such world each."""
    chosen = set(case.numbers if active is None else active)
    routes = {r.id: simple_routes(mansion, r.id) for r in mansion.rooms if r.start}
    deck = deck_of(mansion, case)
    found = []
    for ans in candidate_answers(mansion, case):
        world = find_world(mansion, case, ans, chosen, routes, deck)
        if world is not None:
            found.append(world)
    return found


def brute_verdict(mansion: Mansion, case: Case) -> tuple[str, set[Answer]]:
    answers = {f.answer for f in brute_answers(mansion, case)}
    verdict = "unique" if len(answers) == 1 else "ambiguous" if answers else "contradictory"
    return verdict, answers


def satisfiable(mansion: Mansion, case: Case, active: Iterable[int], only: Answer | None = None,
                where: dict[str, str] | None = None) -> bool:
    """Is there a world satisfying the ``active`` cards (optionally with some answer fields fixed)?"""
    chosen = set(active)
    routes = {r.id: simple_routes(mansion, r.id) for r in mansion.rooms if r.start}
    deck = deck_of(mansion, case)
    for ans in candidate_answers(mansion, case):
        if where and any(ans.field(k) != v for k, v in where.items()):
            continue
        if only is not None and ans != only:
            continue
        if find_world(mansion, case, ans, chosen, routes, deck) is not None:
            return True
    return False
