"""An independent checker: plain Python search over every answer and every hidden world.

Written from the "Case logic reference" page, not from ``encoding.lp``: it
shares only the models (mansion, case, claims) with the solver. For each
candidate answer it decides who may lie, checks the design guarantees, then
tries every assignment of start rooms and every simple route until one world
satisfies every active card.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
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


def room_part(claim: Claim, starts: dict[str, str]) -> bool:
    """The room a ``seen_in_room`` or ``together`` claim names, without "the whole time"."""
    v = claim.values()
    if claim.type == "seen_in_room":
        return starts[v["suspect"]] == v["room"]
    a, b = v["suspects"]
    return starts[a] == starts[b]


def obligations(case: Case, ans: Answer, active: set[int], free: bool = False) -> tuple[list[Claim], list[Claim]]:
    """What must hold if ``ans`` is the answer: ``(claims that hold, claims whose room part holds)``.

    Anyone but the culprit and the accomplice tells the truth; everyone tells the truth about his own start
    room. Free reading: that is all. The source's reading: the culprit's "I stayed in R" and "I was with X"
    name his true start room; the accomplice tells the truth except when he gives the culprit an alibi
    ("C stayed in R", "C was with X"), and then the room is still true.
    """
    whole: list[Claim] = []
    rooms: list[Claim] = []
    for card in case.cards:
        if card.number not in active:
            continue
        for claim in card.claims:
            subjects = claim.subjects()
            alibi = claim.type in ("seen_in_room", "together")
            own_room = claim.type in ("in_room", "not_in_room") and subjects[0] == card.speaker
            if card.speaker not in (ans.culprit, ans.accomplice) or own_room:
                whole.append(claim)
            elif free:
                continue
            elif card.speaker == ans.culprit:
                if alibi and card.speaker in subjects:
                    rooms.append(claim)
            elif alibi and ans.culprit in subjects:
                rooms.append(claim)
            else:
                whole.append(claim)
    return whole, rooms


@dataclass(frozen=True)
class Deck:
    """What the guarantees need from the whole deck, gathered once per case."""

    motive_cards: dict[tuple[str, str], list[tuple[int, str, str]]]  # (suspect, motive) -> [(card, speaker, type)]
    conspiracy_named_by: dict[str, set[str]]  # suspect -> speakers of 'conspiring' claims about him
    servants: frozenset[str]


def deck_of(mansion: Mansion, case: Case) -> Deck:
    motive_cards: dict[tuple[str, str], list[tuple[int, str, str]]] = {}
    named: dict[str, set[str]] = {}
    for card in case.cards:
        for claim in card.claims:
            v = claim.values()
            if claim.type in ("motive_testimony", "motive_clue"):
                motive_cards.setdefault((v["suspect"], v["motive"]), []).append((card.number, card.speaker, claim.type))
            elif claim.type == "conspiring":
                named.setdefault(v["suspect"], set()).add(card.speaker)
    servants = frozenset(s.id for s in mansion.sources if s.role in ("servant", "housekeeper"))
    return Deck(motive_cards, named, servants)


def guarantees_hold(deck: Deck, ans: Answer) -> bool:
    """The design guarantees, counted over the whole deck."""
    liars = {ans.culprit, ans.accomplice}
    murder = deck.motive_cards.get((ans.culprit, ans.motive), [])
    if ans.accomplice is not None:
        if any(speaker == ans.accomplice for _, speaker, _ in murder):
            return False
        helping = deck.motive_cards.get((ans.accomplice, ans.accomplice_motive or ""), [])
        if any(speaker == ans.culprit for _, speaker, _ in helping):
            return False
        if not deck.conspiracy_named_by.get(ans.accomplice, set()) & deck.servants:
            return False
    # counted by cards: one card saying it twice is one testimony
    testimonies = {n for n, speaker, kind in murder if kind == "motive_testimony" and speaker not in liars}
    clues = {n for n, speaker, kind in murder if kind == "motive_clue" and speaker not in liars}
    return len(testimonies) >= 2 and len(clues) >= 1


# A condition on a whole world: (answer, start rooms, the culprit's route) -> bool.
WorldTest = Callable[[Answer, dict[str, str], tuple[str, ...]], bool]


def find_world(mansion: Mansion, case: Case, ans: Answer, active: set[int],
               routes: dict[str, list[tuple[str, ...]]], deck: Deck, also: WorldTest | None = None) -> Found | None:
    """A world with answer ``ans`` satisfying the active cards (and ``also``), or None."""
    if not guarantees_hold(deck, ans):
        return None
    free = (case.liars or mansion.liars) == "free"
    must, rooms = obligations(case, ans, active, free)
    if not all(truth(c, mansion, ans, {}, ()) for c in must if c.type in ANSWER_ONLY):
        return None
    suspects = [s.id for s in mansion.suspects]
    starts_all = [r.id for r in mansion.rooms if r.start]
    unary = [c for c in must if c.type in ("in_room", "not_in_room", "seen_in_room")]
    unary_rooms = [c for c in rooms if c.type == "seen_in_room"]
    domains = []
    for who in suspects:
        mine = [c for c in unary if c.values()["suspect"] == who]
        mine_rooms = [c for c in unary_rooms if c.values()["suspect"] == who]
        domains.append([r for r in starts_all if all(truth(c, mansion, ans, {who: r}, ()) for c in mine)
                        and all(room_part(c, {who: r}) for c in mine_rooms)])
    weapon_room = mansion.weapon(ans.weapon).room
    for combo in itertools.product(*domains):
        starts = dict(zip(suspects, combo, strict=True))
        if ans.accomplice is not None and starts[ans.accomplice] != starts[ans.culprit]:
            continue
        if not all(truth(c, mansion, ans, starts, ()) for c in must if c.type in START_ONLY):
            continue
        if not all(room_part(c, starts) for c in rooms):
            continue
        for route in routes[starts[ans.culprit]]:
            if weapon_room in route and all(truth(c, mansion, ans, starts, route) for c in must) and (
                    also is None or also(ans, starts, route)):
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
                where: dict[str, str] | None = None, also: WorldTest | None = None,
                answers: Callable[[Answer], bool] | None = None) -> bool:
    """Is there a world satisfying the ``active`` cards (optionally with some answer fields fixed, only among
    ``answers``, and ``also``)?"""
    chosen = set(active)
    routes = {r.id: simple_routes(mansion, r.id) for r in mansion.rooms if r.start}
    deck = deck_of(mansion, case)
    for ans in candidate_answers(mansion, case):
        if where and any(ans.field(k) != v for k, v in where.items()):
            continue
        if only is not None and ans != only:
            continue
        if answers is not None and not answers(ans):
            continue
        if find_world(mansion, case, ans, chosen, routes, deck, also) is not None:
            return True
    return False
