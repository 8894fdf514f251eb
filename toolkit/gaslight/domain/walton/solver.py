"""The case solver: the rules in ``encoding.lp`` plus the case as facts, solved by clingo.

A hidden world is an answer (culprit, motive, weapon, accomplice), the room
everyone started in and the culprit's route. The solver enumerates worlds
projected on the answer fields:

* ``unique`` — exactly one answer (it must equal the answer key);
* ``ambiguous`` — several; two are shown, each with a world that supports it;
* ``contradictory`` — none; ``conflict`` holds a subset-minimal set of cards
  that cannot all hold (grown from the cards a world contradicts, then shrunk
  by deletion; each step is one clingo solve under assumptions).

Cards are switched on and off through ``#external active(N)`` atoms, so one
grounding serves every question the proof asks.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.domain.walton.case import MINI_CASE, load_case
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> mansion = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> case = load_case(parse_text(MINI_CASE, "c.yaml")[0], Report())
>>> result = solve(mansion, case)
>>> result.verdict, result.solutions[0].culprit, result.worlds[0].route
('unique', 'ann', ('hall', 'study'))
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import clingo

from gaslight.domain.walton.case import FIELDS, NO_ACCOMPLICE_LEVELS, Answer, Case
from gaslight.domain.walton.liars import FREE
from gaslight.domain.walton.mansion import Mansion
from gaslight.limits import Deadline, TimeLimitReached, case_seconds

ENCODING = (Path(__file__).with_name("encoding.lp")).read_text(encoding="utf-8")
VERDICTS = ("unique", "ambiguous", "contradictory")

# An answer field fixed to a value: ("culprit", "greg"), ("accomplice", "none"), ("motive", "greg", "debts"),
# ("accomplice_motive", "ann", "will"). Prefix the field with "!" to require the opposite: ("!culprit", "greg").
Fixed = tuple[str, ...]


@dataclass(frozen=True)
class World:
    """One hidden world: an answer, where every suspect started and the culprit's route."""

    answer: Answer
    starts: tuple[tuple[str, str], ...]
    route: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"answer": self.answer.to_json(), "starts": dict(self.starts), "route": list(self.route)}


@dataclass(frozen=True)
class SolveResult:
    """The verdict; ``worlds`` backs the solutions shown (one when unique, two when ambiguous)."""

    verdict: str
    solutions: tuple[Answer, ...]
    worlds: tuple[World, ...] = ()
    conflict: tuple[int, ...] = ()


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


def _text(symbol: clingo.Symbol) -> str:
    return symbol.string if symbol.type == clingo.SymbolType.String else str(symbol)


class CaseProgram:
    """A case grounded once, solved many times under different assumptions.

    ``active`` names the cards whose claims are in play (default: all);
    ``fixed`` pins answer fields, e.g. ``(("culprit", "greg"),)``.
    """

    def __init__(self, mansion: Mansion, case: Case) -> None:
        self.mansion = mansion
        self.case = case
        self.deadline = Deadline(case_seconds())  # every solve below shares the case's budget
        self.control = clingo.Control(["--project=show", "--warn=none"])
        self.control.add("base", [], ENCODING + "\n" + facts(mansion, case))
        self.control.ground([("base", [])])
        watchdog = threading.Timer(self.deadline.remaining(), self.control.interrupt)
        watchdog.daemon = True
        watchdog.start()
        weakref.finalize(self, watchdog.cancel)  # a program dropped early leaves no timer behind
        atoms = self.control.symbolic_atoms
        self._card_literal: dict[int, int] = {}
        for number in case.numbers:
            symbol = clingo.Function("active", [clingo.Number(number)])
            atom = atoms[symbol]
            self._card_literal[number] = atom.literal if atom is not None else 0
            self.control.assign_external(symbol, None)  # free: each solve assumes it on or off
        self._violated_literal: dict[int, int] = {}
        for number in case.numbers:
            atom = atoms[clingo.Function("violated", [clingo.Number(number)])]
            if atom is not None:
                self._violated_literal[number] = atom.literal
        self._world_atoms = self._atom_table()
        self.solves = 0
        self._models_setting = ""

    def _atom_table(self) -> list[tuple[str, tuple[str, ...], int]]:
        """``(predicate, arguments, literal)`` for every atom a world is read from."""
        table = []
        for name, arity in (("culprit", 1), ("murder_motive", 2), ("weapon_used", 1), ("accomplice", 1),
                            ("accomplice_motive", 2), ("start", 2), ("step", 2)):
            for atom in self.control.symbolic_atoms.by_signature(name, arity):
                table.append((name, tuple(_text(a) for a in atom.symbol.arguments), atom.literal))
        return table

    def _read_world(self, model: clingo.Model) -> World:
        found: dict[str, tuple[str, ...]] = {}
        starts: list[tuple[str, str]] = []
        steps: dict[str, str] = {}
        for name, args, literal in self._world_atoms:
            if not model.is_true(literal):
                continue
            if name == "start":
                starts.append((args[0], args[1]))
            elif name == "step":
                steps[args[0]] = args[1]
            else:
                found[name] = args
        answer = Answer(found["culprit"][0], found["murder_motive"][1], found["weapon_used"][0],
                        found["accomplice"][0] if "accomplice" in found else None,
                        found["accomplice_motive"][1] if "accomplice_motive" in found else None)
        here = dict(starts)[answer.culprit]
        route = [here]
        while here in steps:
            here = steps[here]
            route.append(here)
        return World(answer, tuple(sorted(starts)), tuple(route))

    def _limit(self, models: int) -> None:
        """Set how many (projected) models the next solve enumerates; 0 = all."""
        if self._models_setting != str(models):
            self._models_setting = str(models)
            self.control.configuration.solve.models = self._models_setting

    def _field_literal(self, fixed: Fixed) -> int | None:
        """The program literal meaning ``field = value`` (None when no world can have it)."""
        name, *values = fixed
        negate = name.startswith("!")
        name = name.lstrip("!")
        if name == "accomplice" and values == ["none"]:
            sym = clingo.Function("alone")
        else:
            pred = {"culprit": "culprit", "weapon": "weapon_used", "accomplice": "accomplice",
                    "motive": "murder_motive", "accomplice_motive": "accomplice_motive"}[name]
            sym = clingo.Function(pred, [clingo.String(v) for v in values])
        atom = self.control.symbolic_atoms[sym]
        if atom is None:
            return 0 if negate else None
        return -atom.literal if negate else atom.literal

    def _assumptions(self, active: Iterable[int] | None, fixed: Sequence[Fixed]) -> list[int] | None:
        cards = set(self.case.numbers if active is None else active)
        lits = [lit if n in cards else -lit for n, lit in self._card_literal.items() if lit]
        for item in fixed:
            lit = self._field_literal(item)
            if lit is None:
                return None
            if lit:
                lits.append(lit)
        return lits

    def _models(self, assumptions: list[int]) -> Iterator[clingo.Model]:
        """The models of one solve call, found within the case's budget (the watchdog interrupts clingo).

        Solves run in this thread: a solve handed to clingo's own thread costs ten times more per call, and
        explanations make thousands of small calls.
        """
        self.deadline.remaining()
        self.solves += 1
        with self.control.solve(assumptions=assumptions, yield_=True) as handle:
            for model in handle:
                yield model
                # An interrupt that lands while Python reads a model (the search is paused) may end the search
                # without flagging it as interrupted: check the budget after each model and at the end.
                self.deadline.remaining()
            if handle.get().interrupted:
                raise TimeLimitReached(self.deadline.seconds)
            self.deadline.remaining()

    def worlds(self, active: Iterable[int] | None = None, fixed: Sequence[Fixed] = (),
               limit: int = 0) -> list[World]:
        """One world per distinct answer (up to ``limit``; 0 = all), in a stable order."""
        assumptions = self._assumptions(active, fixed)
        if assumptions is None:
            return []
        self._limit(limit)
        found = [self._read_world(model) for model in self._models(assumptions)]
        return sorted(found, key=lambda w: tuple(w.answer.field(f) for f in FIELDS))

    def count(self, active: Iterable[int] | None = None, fixed: Sequence[Fixed] = (), limit: int = 2) -> int:
        """How many distinct answers fit (counting stops at ``limit``)."""
        assumptions = self._assumptions(active, fixed)
        if assumptions is None:
            return 0
        self._limit(limit)
        return sum(1 for _ in self._models(assumptions))

    def violated(self, active: Iterable[int] | None = None, fixed: Sequence[Fixed] = ()) -> tuple[int, ...] | None:
        """The cards a world satisfying the active cards (and ``fixed``) contradicts; None when no world does."""
        assumptions = self._assumptions(active, fixed)
        found = self.broken_cards(assumptions) if assumptions is not None else None
        return found[0] if found is not None else None

    def core(self, active: Iterable[int] | None = None, fixed: Sequence[Fixed] = ()) -> tuple[int, ...] | None:
        """None when some world satisfies the active cards (and the fixed fields); else the empty tuple."""
        assumptions = self._assumptions(active, fixed)
        return None if assumptions is not None and self.satisfiable(assumptions) else ()

    def atom(self, name: str, *args: str) -> int:
        """The program literal of atom ``name(args…)`` (0 when no world can make it true)."""
        symbol = clingo.Function(name, [clingo.String(a) for a in args]) if args else clingo.Function(name)
        found = self.control.symbolic_atoms[symbol]
        return found.literal if found is not None else 0

    def card_literals(self, active: Iterable[int]) -> list[int]:
        """Assumptions switching exactly the ``active`` cards on."""
        return self._assumptions(active, ()) or []

    def satisfiable(self, assumptions: list[int]) -> bool:
        """Does some world satisfy ``assumptions`` (program literals)? (Cheaper than reading what it breaks.)"""
        self._limit(1)
        return any(True for _ in self._models(assumptions))

    def broken_cards(self, assumptions: list[int], probes: Iterable[int] = ()) -> tuple[tuple[int, ...],
                                                                                      tuple[int, ...]] | None:
        """None when no world satisfies ``assumptions``; else (cards that world contradicts, ``probes`` it makes
        false)."""
        self._limit(1)
        for model in self._models(assumptions):
            cards = tuple(n for n, lit in sorted(self._violated_literal.items()) if model.is_true(lit))
            return cards, tuple(p for p in probes if model.is_true(abs(p)) != (p > 0))
        return None

    def minimal_core(self, active: Iterable[int] | None = None, fixed: Sequence[Fixed] = ()) -> tuple[int, ...] | None:
        """A subset-minimal set of active cards that (with ``fixed``) no world satisfies; None when satisfiable.

        Grow, then shrink: while some world satisfies the chosen cards, add the lowest-numbered active card
        that world contradicts; then drop every card the rest can do without.
        """
        pool = set(self.case.numbers if active is None else active)
        chosen: list[int] = []
        while True:
            broken = self.violated(chosen, fixed)
            if broken is None:
                break
            candidates = [n for n in broken if n in pool and n not in chosen]
            if not candidates:
                return None
            chosen.append(candidates[0])
        for number in list(chosen):
            trial = [n for n in chosen if n != number]
            if self.core(trial, fixed) is not None:
                chosen = trial
        return tuple(sorted(chosen))


def solve(mansion: Mansion, case: Case, program: CaseProgram | None = None) -> SolveResult:
    """The verdict on ``case``: unique, ambiguous (two worlds shown) or contradictory (a minimal conflict)."""
    program = program or CaseProgram(mansion, case)
    worlds = program.worlds()
    answers = tuple(w.answer for w in worlds)
    if len(worlds) == 1:
        return SolveResult("unique", answers, tuple(worlds))
    if worlds:
        return SolveResult("ambiguous", answers, _two_distinct(worlds, case.answer))
    return SolveResult("contradictory", (), (), program.minimal_core() or ())


def _two_distinct(worlds: list[World], key: Answer) -> tuple[World, ...]:
    """Two worlds to show: the answer key's (when allowed) and the first other one."""
    keyed = [w for w in worlds if w.answer == key]
    first = keyed[0] if keyed else worlds[0]
    second = next(w for w in worlds if w.answer != first.answer)
    return (first, second)
