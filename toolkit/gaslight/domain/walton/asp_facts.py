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
    if case.difficulty in NO_ACCOMPLICE_LEVELS:
        lines.append("no_accomplice_level.")
    if case.reading(mansion).id == FREE:
        lines.append("free_liars.")
    for card in case.cards:
        lines.append(f"card({card.number}). speaker({card.number},{_q(card.speaker)}).")
        lines.extend(f"claim({card.number},{i},{claim.asp()})." for i, claim in enumerate(card.claims))
    return "\n".join(lines)


@cache
def encoding_statements() -> tuple[clingo.ast.AST, ...]:
    """The rules of ``encoding.lp`` as parsed statements: every case program adds the same ones, in the same order
    (so it grounds to the very program the text does), without parsing them again."""
    statements: list[clingo.ast.AST] = []
    clingo.ast.parse_string(ENCODING, statements.append)
    return tuple(statements)
