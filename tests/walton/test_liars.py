"""Who may lie (seed 004): the source's reading by default, the free reading when a case declares it.

Each row is one rule point, checked on the tiny house by the solver and the brute force together; the last
tests check that the player rules page and the case logic page state the rule in the same words.
"""

from __future__ import annotations

import dataclasses

import pytest
from gaslight.domain.rules.ruleset import resolve
from gaslight.domain.walton.case import Answer
from gaslight.domain.walton.liars import READING, READINGS
from gaslight.outputs.walton import case_logic_page
from gaslight.resources import SITE_DIR
from test_semantics import answers, make_case

from tests.rulesets_content.conftest import load_ruleset_file

POLICE_ANN_HALL = ("police", {"type": "in_room", "suspect": "ann", "room": "hall"})


def pairs(found: set[Answer]) -> set[tuple[str, str | None]]:
    return {(a.culprit, a.accomplice) for a in found}


ROWS = [
    ("the accomplice does not lie about a third suspect's room",
     [("bob", {"type": "in_room", "suspect": "twins", "room": "attic"}),
      ("police", {"type": "in_room", "suspect": "twins", "room": "hall"})],
     lambda f: "bob" not in {a.accomplice for a in f} and "bob" in {a.culprit for a in f},
     lambda f: "bob" in {a.accomplice for a in f}),
    ("the accomplice does not clear the culprit outright",
     [("bob", {"type": "not_culprit", "suspect": "ann"})],
     lambda f: ("ann", "bob") not in pairs(f),
     lambda f: ("ann", "bob") in pairs(f)),
    ("the accomplice may say the culprit never left the room, if it is the culprit's room",
     [("bob", {"type": "seen_in_room", "suspect": "ann", "room": "hall"}), POLICE_ANN_HALL],
     lambda f: ("ann", "bob") in pairs(f),
     lambda f: ("ann", "bob") in pairs(f)),
    ("the accomplice's false alibi still names the culprit's true room",
     [("bob", {"type": "seen_in_room", "suspect": "ann", "room": "den"}), POLICE_ANN_HALL],
     lambda f: ("ann", "bob") not in pairs(f),
     lambda f: ("ann", "bob") in pairs(f)),
    ("the accomplice may say he was with the culprit",
     [("bob", {"type": "together", "suspects": ["bob", "ann"]})],
     lambda f: ("ann", "bob") in pairs(f),
     lambda f: ("ann", "bob") in pairs(f)),
    ("the culprit's 'I never left the room' names his true start room",
     [("ann", {"type": "seen_in_room", "suspect": "ann", "room": "attic"}), POLICE_ANN_HALL],
     lambda f: f == set(),
     lambda f: bool(f) and all("ann" in (a.culprit, a.accomplice) for a in f)),
    ("the culprit's 'I was with X' names his true start room",
     [("ann", {"type": "together", "suspects": ["ann", "twins"]}), POLICE_ANN_HALL,
      ("police", {"type": "in_room", "suspect": "twins", "room": "den"})],
     lambda f: f == set(),
     lambda f: bool(f) and all("ann" in (a.culprit, a.accomplice) for a in f)),
    ("the culprit may lie about others",
     [("ann", {"type": "not_culprit", "suspect": "ann"})],
     lambda f: "ann" in {a.culprit for a in f},
     lambda f: "ann" in {a.culprit for a in f}),
    ("everyone tells the truth about his own start room (the accomplice shares the culprit's)",
     [("bob", {"type": "in_room", "suspect": "bob", "room": "attic"}), POLICE_ANN_HALL],
     lambda f: ("ann", "bob") not in pairs(f) and ("bob", None) in pairs(f),
     lambda f: ("ann", "bob") not in pairs(f) and ("bob", None) in pairs(f)),
    ("the accomplice never gives a clue to the culprit's motive",
     [("bob", {"type": "motive_clue", "suspect": "ann", "motive": "money"})],
     lambda f: ("ann", "bob") not in pairs(f),
     lambda f: ("ann", "bob") not in pairs(f)),
]


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize(("cards", "alibi_only", "free"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_who_may_lie(cards, alibi_only, free, reading, tiny):
    case = dataclasses.replace(make_case("C", cards), liars=reading)
    found = answers(tiny, case)  # solver and brute force agree
    assert (alibi_only if reading == "alibi-only" else free)(found), sorted(pairs(found), key=str)


def test_without_a_declaration_a_case_follows_its_mansion_then_the_source(tiny):
    cards = [("bob", {"type": "not_culprit", "suspect": "ann"})]
    case = make_case("C", cards)
    assert case.reading(tiny).id == "alibi-only"
    assert ("ann", "bob") not in pairs(answers(tiny, case))
    free_house = dataclasses.replace(tiny, liars="free")
    assert ("ann", "bob") in pairs(answers(free_house, case))
    assert ("ann", "bob") not in pairs(answers(free_house, dataclasses.replace(case, liars="alibi-only")))


def test_case_logic_page_states_both_readings_from_the_one_source():
    page = case_logic_page((SITE_DIR / "walton" / "case-logic.md").read_text(encoding="utf-8"))
    assert "<!-- gaslight" not in page
    for reading in READINGS:
        assert f"### `liars: {reading}`" in page
        for sentence in READING[reading].rules:
            assert f"- {sentence}\n" in page


def test_player_rules_page_states_the_default_reading_in_the_same_words():
    rule = resolve(load_ruleset_file("walton")[0]).rule("walton.cards")
    text = " ".join(rule.text.split())
    assert " ".join(READING["alibi-only"].rules) in text
    free_only = [s for s in READING["free"].rules if s not in READING["alibi-only"].rules]
    assert free_only and all(s in text for s in free_only)
