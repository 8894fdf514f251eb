"""What the claims mean, one rule of the Case logic reference at a time (tiny house, solver and brute force)."""

from __future__ import annotations

import pytest
import walton_bruteforce as brute
from gaslight.domain.walton.case import Answer, Card, Case
from gaslight.domain.walton.claims import build_claim
from gaslight.domain.walton.solver import CaseProgram
from walton_mutate import HERE

# Every suspect has one motive with two testimonies and a clue, so the guarantees leave every culprit open.
SUPPORT = [("police", {"type": t, "suspect": s, "motive": m}) for s, m in (("ann", "money"), ("bob", "debt"),
                                                                           ("twins", "land"))
           for t in ("motive_testimony", "motive_testimony", "motive_clue")]
NAMED = [("maid", {"type": "conspiring", "suspect": s}) for s in ("ann", "bob", "twins")]


def make_case(difficulty: str, cards: list[tuple[str, dict]]) -> Case:
    built = []
    for number, (speaker, raw) in enumerate([*SUPPORT, *NAMED, *cards], start=1):
        claim = build_claim(raw, HERE)
        built.append(Card(number, claim.card_types[0], 1, (), speaker, (claim,), None, HERE, HERE))
    return Case("sem", "Semantics", "", difficulty, "tiny-house", Answer("ann", "money", "knife"), tuple(built),
                HERE, (("", HERE),), HERE, HERE, HERE)


def answers(tiny, case: Case) -> set[Answer]:
    found = {w.answer for w in CaseProgram(tiny, case).worlds()}
    assert found == {f.answer for f in brute.brute_answers(tiny, case)}
    return found


def culprits(found: set[Answer]) -> set[str]:
    return {a.culprit for a in found}


ROWS = [
    ("a truthful 'seen in room' clears the suspect", "I",
     [("police", {"type": "seen_in_room", "suspect": "bob", "room": "den"})],
     lambda f: culprits(f) == {"ann", "twins"}),
    ("a suspect's own 'seen in room' may be a lie", "I",
     [("bob", {"type": "seen_in_room", "suspect": "bob", "room": "den"})],
     lambda f: culprits(f) == {"ann", "bob", "twins"}),
    ("the culprit tells the truth about his start room: attic has no way past the club", "I",
     [("bob", {"type": "in_room", "suspect": "bob", "room": "attic"}),
      ("police", {"type": "trace_found", "trace": "bruise"}), ("police", {"type": "trace_absent", "trace": "flour"})],
     lambda f: culprits(f) == {"ann", "twins"} and {a.weapon for a in f} == {"club"}),
    ("a trace not found rules out every weapon leaving it", "I",
     [("coroner", {"type": "trace_absent", "trace": "soot"})],
     lambda f: {a.weapon for a in f} == {"pin"}),
    ("an eliminated motive is neither the murder motive nor the accomplice's", "C",
     [("police", {"type": "motive_eliminated", "suspect": "bob", "motive": "debt"})],
     lambda f: "bob" not in culprits(f) and all(a.accomplice_motive != "debt" for a in f)),
    ("mutual alibis: both innocent, or culprit and accomplice", "C",
     [("ann", {"type": "together", "suspects": ["ann", "bob"]}),
      ("bob", {"type": "together", "suspects": ["bob", "ann"]})],
     lambda f: all(a.culprit == "twins" or {a.culprit, a.accomplice} == {"ann", "bob"} for a in f)
     and any(a.culprit == "ann" for a in f)),
    ("no accomplice at difficulty B", "B", [],
     lambda f: all(a.accomplice is None for a in f)),
    ("the accomplice shares the culprit's start room", "C",
     [("police", {"type": "in_room", "suspect": "ann", "room": "hall"}),
      ("police", {"type": "in_room", "suspect": "bob", "room": "den"}),
      ("police", {"type": "in_room", "suspect": "twins", "room": "attic"})],
     lambda f: all(a.accomplice is None for a in f)),
    ("if the weapon lay in the room, one of those who may have passed is the culprit", "I",
     [("police", {"type": "may_have_passed", "suspects": ["bob"], "room": "pantry"}),
      ("coroner", {"type": "trace_found", "trace": "flour"})],
     lambda f: culprits(f) == {"bob"}),
    ("'may have passed' puts the room on the route of the one who did it", "I",
     [("police", {"type": "may_have_passed", "suspects": ["ann"], "room": "attic"}),
      ("police", {"type": "in_room", "suspect": "ann", "room": "hall"}),
      ("coroner", {"type": "trace_found", "trace": "cut"})],
     lambda f: culprits(f) == {"bob", "twins"}),
    ("an undisturbed room cannot be on the route, start room included", "I",
     [("police", {"type": "room_undisturbed", "room": "attic"}),
      ("police", {"type": "in_room", "suspect": "twins", "room": "attic"})],
     lambda f: culprits(f) == {"ann", "bob"}),
    ("the culprit and the accomplice are different references", "C", [],
     lambda f: all(a.culprit != a.accomplice for a in f) and any(a.accomplice for a in f)),
    ("a servant must name the accomplice", "C",
     [("police", {"type": "not_accomplice", "suspect": "ann"})],
     lambda f: {a.accomplice for a in f} == {None, "bob", "twins"}),
    ("acting alone", "C", [("police", {"type": "acted_alone"})],
     lambda f: all(a.accomplice is None for a in f)),
]


@pytest.mark.parametrize(("cards", "difficulty", "holds"), [(r[2], r[1], r[3]) for r in ROWS],
                         ids=[r[0] for r in ROWS])
def test_claim_meaning(cards, difficulty, holds, tiny):
    found = answers(tiny, make_case(difficulty, cards))
    assert found and holds(found)
