"""A case as the solver reads it: the rules of ``encoding.lp``, parsed once per process, and the mansion and the
case as ASP facts (see :mod:`gaslight.domain.walton.solver`)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import clingo
import clingo.ast

from gaslight.domain.walton.case import NO_ACCOMPLICE_LEVELS, Case
from gaslight.domain.walton.liars import FREE
from gaslight.domain.walton.mansion import Mansion

ENCODING = (Path(__file__).with_name("encoding.lp")).read_text(encoding="utf-8")


def _q(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def facts(mansion: Mansion, case: Case) -> str:
    """The mansion and the case as ASP facts."""
    return "\n".join((*mansion_facts(mansion), *case_facts(mansion, case)))


def mansion_facts(mansion: Mansion) -> list[str]:
    """The mansion as ASP facts: the same for every case in it."""
    lines: list[str] = []
    for suspect in mansion.suspects:
        lines.append(f"suspect({_q(suspect.id)}).")
        lines.extend(f"motive({_q(suspect.id)},{_q(m.id)})." for m in suspect.motives)
    for room in mansion.rooms:
        if room.start:
            lines.append(f"start_room({_q(room.id)}).")
        if room.crime_scene:
            lines.append(f"crime_scene({_q(room.id)}).")
    for a, exits in mansion.exits.items():
        lines.extend(f"passage({_q(a)},{_q(b)})." for b in exits)
    for weapon in mansion.weapons:
        lines.append(f"weapon({_q(weapon.id)}). weapon_room({_q(weapon.id)},{_q(weapon.room)}).")
        lines.extend(f"leaves({_q(weapon.id)},{_q(t)})." for t in weapon.traces)
    lines.extend(f"servant({_q(s.id)})." for s in mansion.sources if s.names_conspirators)
    return lines


def case_facts(mansion: Mansion, case: Case) -> list[str]:
    """The case as ASP facts (they follow the mansion's)."""
    lines: list[str] = []
    if case.difficulty in NO_ACCOMPLICE_LEVELS:
        lines.append("no_accomplice_level.")
    if case.reading(mansion).id == FREE:
        lines.append("free_liars.")
    for card in case.cards:
        lines.append(f"card({card.number}). speaker({card.number},{_q(card.speaker)}).")
        lines.extend(f"claim({card.number},{i},{claim.asp()})." for i, claim in enumerate(card.claims))
    return lines


_MANSIONS: dict[int, tuple[Mansion, tuple[clingo.ast.AST, ...]]] = {}  # id -> (the mansion, its facts parsed)


def mansion_statements(mansion: Mansion) -> tuple[clingo.ast.AST, ...]:
    """The mansion's facts as parsed statements, parsed once per mansion: every case program in it adds them right
    after the rules (as :func:`encoding_statements`), then the case's facts as text; the same program as
    :func:`facts` added as one text (parsing the mansion's facts took over half the time of adding them all)."""
    kept = _MANSIONS.get(id(mansion))
    if kept is None or kept[0] is not mansion:
        if len(_MANSIONS) >= 16:  # a test run loads many mansions; a generator run, one
            _MANSIONS.clear()
        statements: list[clingo.ast.AST] = []
        clingo.ast.parse_string("\n".join(mansion_facts(mansion)), statements.append)
        kept = _MANSIONS[id(mansion)] = (mansion, tuple(statements))
    return kept[1]


@cache
def encoding_statements() -> tuple[clingo.ast.AST, ...]:
    """The rules of ``encoding.lp`` as parsed statements: every case program adds the same ones, in the same order
    (so it grounds to the very program the text does), without parsing them again."""
    statements: list[clingo.ast.AST] = []
    clingo.ast.parse_string(ENCODING, statements.append)
    return tuple(statements)
