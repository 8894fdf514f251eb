"""The browser engine's view of a Walton case: cards and mansion, and a check for answers — never the answer.

The engine lets players type an accusation and tells them whether it is right
by hashing it the same way: ``sha256("<salt>:<culprit>|<motive>|<weapon>|<accomplice or ->|<its motive or ->")``
with the case id as salt. The plain answer key is never written out.

>>> answer_line(Answer("ann", "money", "knife"))
'ann|money|knife|-|-'
>>> answer_hash("mini", Answer("ann", "money", "knife"))[:16]
'6f9f2b33dda2241c'
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from gaslight.domain.walton.case import NO_ACCOMPLICE_LEVELS, Answer, Case, display_text
from gaslight.domain.walton.claims import Claim
from gaslight.domain.walton.mansion import Mansion

FORMAT = "gaslight-walton/1"


def answer_line(answer: Answer) -> str:
    """The answer as the text that gets hashed: ids joined by ``|``, ``-`` for no accomplice."""
    return "|".join((answer.culprit, answer.motive, answer.weapon, answer.accomplice or "-",
                     answer.accomplice_motive or "-"))


def answer_hash(salt: str, answer: Answer) -> str:
    """Hex SHA-256 of ``"<salt>:<answer line>"``."""
    return hashlib.sha256(f"{salt}:{answer_line(answer)}".encode()).hexdigest()


def mansion_json(mansion: Mansion) -> dict[str, Any]:
    """Suspects with their motives, rooms that can be entered, weapons with the names of their traces."""
    def trace_name(trace_id: str) -> str:
        trace = mansion.trace(trace_id)
        return trace.name if trace else trace_id

    return {
        "suspects": [{"id": s.id, "name": s.name, "motives": [{"id": m.id, "name": m.name} for m in s.motives]}
                     for s in mansion.suspects],
        "rooms": [{"id": r.id, "name": r.name} for r in mansion.rooms if not r.closed],
        "weapons": [{"id": w.id, "name": w.name, "traces": [trace_name(t) for t in w.traces]}
                    for w in mansion.weapons],
    }


def claim_json(claim: Claim) -> dict[str, Any]:
    """A claim as the browser's reasoner reads it: its type and fields (a suspect list as a list)."""
    return {"type": claim.type, **{k: list(v) if isinstance(v, tuple) else v for k, v in claim.values().items()}}


def logic_json(mansion: Mansion, case: Case) -> dict[str, Any]:
    """What the case logic needs beyond the cards (``site/engine/walton/deduce.js`` reads it as ``encoding.lp`` does the
    solver's facts): the reading, whether an accomplice is possible, start rooms, the crime scene, passages into
    enterable rooms, each weapon's room and trace ids, and the sources that name conspirators."""
    return {
        "reading": case.reading(mansion).id,
        "may_have_accomplice": case.difficulty not in NO_ACCOMPLICE_LEVELS,
        "start_rooms": list(mansion.start_rooms),
        "crime_scene": mansion.crime_scene,
        "exits": {room: list(exits) for room, exits in mansion.exits.items()},
        "weapons": [{"id": w.id, "room": w.room, "traces": list(w.traces)} for w in mansion.weapons],
        "servants": [s.id for s in mansion.sources if s.names_conspirators],
    }


def case_json(mansion: Mansion, case: Case) -> dict[str, Any]:
    """The engine export of ``case`` (cards in number order; ``speaker`` is the printed name).

    >>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
    >>> from gaslight.domain.walton.case import MINI_CASE, load_case
    >>> from gaslight.yamlio import parse_text
    >>> from gaslight.diagnostics import Report
    >>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
    >>> data = case_json(house, load_case(parse_text(MINI_CASE, "c.yaml")[0], Report()))
    >>> data["cards"][1]["speaker"], data["cards"][1]["refs"], sorted(data["answer_check"])
    ('Maid', ['bob', 'den'], ['salt', 'sha256'])
    """
    cards = [{"number": card.number, "type": card.type, "value": card.value, "refs": list(card.references),
              "speaker": mansion.speaker_name(card.speaker), "text": display_text(card, mansion),
              "by": card.speaker, "claims": [claim_json(claim) for claim in card.claims]}
             for card in sorted(case.cards, key=lambda c: c.number)]
    return {
        "format": FORMAT,
        "id": case.id,
        "title": case.title,
        "difficulty": case.difficulty,
        "who_may_lie": case.reading(mansion).summary,
        "mansion": mansion_json(mansion),
        "logic": logic_json(mansion, case),
        "cards": cards,
        "answer_check": {"salt": case.id, "sha256": answer_hash(case.id, case.answer)},
    }


SOLUTION_FORMAT = "gaslight-walton-solution/1"


def solution_json(mansion: Mansion, case: Case, proving_cards: Sequence[int], page: str) -> dict[str, Any]:
    """What the table page reveals once a game is over: the answer by name, the cards that prove it and the
    case's page with its steps. It is a file of its own, fetched only at the end: the page that plays the case
    never holds it.

    >>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
    >>> from gaslight.domain.walton.case import MINI_CASE, load_case
    >>> from gaslight.yamlio import parse_text
    >>> from gaslight.diagnostics import Report
    >>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
    >>> found = solution_json(house, load_case(parse_text(MINI_CASE, "c.yaml")[0], Report()), (2, 1), "c.html")
    >>> found["answer"]["culprit"], found["proving_cards"], found["text"]
    ('Ann', [1, 2], 'Ann (motive: money), with the knife, alone')
    """
    answer = case.answer
    culprit = mansion.suspect(answer.culprit)
    helper = mansion.suspect(answer.accomplice) if answer.accomplice else None
    motive = culprit.motive(answer.motive) if culprit else None
    helper_motive = helper.motive(answer.accomplice_motive or "") if helper else None
    weapon = mansion.weapon(answer.weapon)
    return {
        "format": SOLUTION_FORMAT,
        "id": case.id,
        "answer": {"culprit": culprit.name if culprit else answer.culprit,
                   "motive": motive.name if motive else answer.motive,
                   "weapon": weapon.name if weapon else answer.weapon,
                   "accomplice": helper.name if helper else None,
                   "accomplice_motive": helper_motive.name if helper_motive else None},
        "text": answer.describe(mansion),
        "proving_cards": sorted(proving_cards),
        "page": page,
    }
