"""Broken cases get the right verdict and a located explanation (file:line:column, YAML path, fix)."""

from __future__ import annotations

import pytest
from gaslight.domain.walton.case import Answer
from gaslight.domain.walton.solver import solve
from gaslight.project import load_project

from tests.conftest import messages
from tests.walton_cases.helpers import FIXTURES, MANSION_FILE, case, mansion

KEY = Answer("stanley", "patent", "billiard-cue")

BROKEN = [
    ("ambiguous.yaml",
     "ambiguous.yaml:11:1: error: cards: the cards allow 2 answers, for example Stanley Smithe (motive: "
     "the stolen patent), with the billiard cue, alone (started: Angelica Albinson in the Billiard Room, "
     "Claudette Cazelar in the Billiard Room, Greg Gaffney in the Library, Mortimer W. Mollow in the "
     "Living Room, the Berwick sisters in the Living Room, Stanley Smithe in the Billiard Room; route: "
     "Billiard Room → Trophy Room → Study) and Stanley Smithe (motive: the stolen patent), with the "
     "curtain cord, alone (started: Angelica Albinson in the Billiard Room, Claudette Cazelar in the "
     "Billiard Room, Greg Gaffney in the Living Room, Mortimer W. Mollow in the Living Room, the Berwick "
     "sisters in the Living Room, Stanley Smithe in the Living Room; route: Living Room → Bedroom → Study) "
     "(fix: add card 71: Inspector Crowther: “Stanley Smithe was in the Billiard Room when the crime "
     "began.” (the answer key becomes the only answer), i.e. - {number: 71, type: alibi, value: 1, "
     "speaker: police, claims: [{type: in_room, suspect: stanley, room: billiard-room}]} ('gaslight solve "
     "--fix' shows more))"),
    ("contradictory.yaml",
     "contradictory.yaml:572:5: error: cards[70]: cards 71, 72 cannot all hold: no culprit, motive, weapon "
     "and accomplice fit them and the design guarantees together (fix: remove card 71: Inspector Crowther: "
     "“Greg Gaffney was in the Library when the crime began.” (the answer key is then the only answer) "
     "('gaslight solve --fix' shows more))"),
    ("wrong-key.yaml",
     "wrong-key.yaml:10:9: error: answer: the cards prove Stanley Smithe (motive: the stolen patent), with "
     "the billiard cue, alone, but the answer key says Stanley Smithe (motive: the stolen patent), with "
     "the fire iron, alone (fix: correct the answer key, or the cards)"),
]


@pytest.mark.parametrize(("name", "expected"), BROKEN, ids=[b[0] for b in BROKEN])
def test_check_reports_one_located_error(name: str, expected: str) -> None:
    _, report = load_project([MANSION_FILE, FIXTURES / name])
    assert messages(report) == [expected]


def test_ambiguous_shows_both_answers() -> None:
    result = solve(mansion(), case(FIXTURES / "ambiguous.yaml"))
    assert result.verdict == "ambiguous"
    assert result.solutions == (KEY, Answer("stanley", "patent", "curtain-cord"))
    assert [w.route for w in result.worlds] == [("billiard-room", "trophy-room", "study"),
                                                 ("living-room", "bedroom", "study")]


def test_contradictory_names_the_two_disagreeing_cards() -> None:
    result = solve(mansion(), case(FIXTURES / "contradictory.yaml"))
    assert (result.verdict, result.solutions, result.conflict) == ("contradictory", (), (71, 72))


def test_wrong_key_is_unique_but_not_the_key() -> None:
    loaded = case(FIXTURES / "wrong-key.yaml")
    result = solve(mansion(), loaded)
    assert (result.verdict, result.solutions) == ("unique", (KEY,))
    assert loaded.answer == Answer("stanley", "patent", "fire-iron")
