"""The case solver: the rules in ``encoding.lp`` plus the case as facts, solved by clingo.

A hidden world is an answer (culprit, motive, weapon, accomplice), the room
everyone started in and the culprit's route. The solver enumerates worlds
projected on the answer fields:

* ``unique`` — exactly one answer (it must equal the answer key);
* ``ambiguous`` — several; two are shown, each with a world that supports it;
* ``contradictory`` — none; ``conflict`` holds a subset-minimal set of cards
  that cannot all hold (grown from the cards a world contradicts, cut to the
  solver's unsatisfiable core, then shrunk by deletion; each step is one
  clingo solve under assumptions).

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

import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

import clingo
import clingo.ast

from gaslight.domain.walton.asp_facts import case_facts, encoding_statements, mansion_statements
from gaslight.domain.walton.case import FIELDS, Answer, Case
from gaslight.domain.walton.direct_solve import DirectSolver, OnModel, atom_handle, signature_atoms, symbol_numbers
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.shrinking import shrink
from gaslight.domain.walton.worlds import Witness, WorldPool, bits
from gaslight.limits import Deadline, TimeLimitReached, alarm, case_seconds

VERDICTS = ("unique", "ambiguous", "contradictory")
T = TypeVar("T")

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


def _text(symbol: clingo.Symbol) -> str:
    return symbol.string if symbol.type == clingo.SymbolType.String else str(symbol)


SHOWN = (("culprit", 1), ("murder_motive", 2), ("weapon_used", 1), ("accomplice", 1), ("accomplice_motive", 2),
         ("alone", 0), ("start", 2), ("step", 2), ("on", 1))
SHOWN_NAMES = frozenset(name for name, _ in SHOWN)
POOL_SIZE = 1000  # worlds kept to answer questions without a solve
# clasp's "jumpy" configuration (aggressive restarts): a proof asks hundreds of small questions, and jumpy answers
# them in a fifth less time than clingo's default. The worlds it finds differ, so a proof may choose other cards of
# the same size; on every bundled case its steps and metrics came out the same (benchmarks/bench_walton_cases.py).
PROOF_OPTIONS = ("--configuration=jumpy",)


class CaseProgram:
    """A case grounded once, solved many times under different assumptions.

    ``active`` names the cards whose claims are in play (default: all);
    ``fixed`` pins answer fields, e.g. ``(("culprit", "greg"),)``.

    Every world a solve finds is kept (the last ``POOL_SIZE``): a question whose answer is "yes, this world"
    is answered from them first, so the proof's many small questions cost far fewer solves.
    """

    def __init__(self, mansion: Mansion, case: Case, options: Sequence[str] = PROOF_OPTIONS) -> None:
        self.mansion = mansion
        self.case = case
        self.deadline = Deadline(case_seconds())  # every solve below shares the case's budget
        self.control = clingo.Control(["--project=project", "--warn=none", *options])  # the search's: see search.py
        with clingo.ast.ProgramBuilder(self.control) as builder:  # the rules and the mansion, parsed once
            for statement in (*encoding_statements(), *mansion_statements(mansion)):
                builder.add(statement)
        self.control.add("base", [], "\n".join(case_facts(mansion, case)))
        self.control.ground([("base", [])])
        # a program dropped early leaves no alarm behind
        weakref.finalize(self, alarm(self.deadline.remaining(), self.control.interrupt))
        self._card_bit = {number: 1 << i for i, number in enumerate(case.numbers)}
        self._card_literal = dict.fromkeys(case.numbers, 0)  # active(N), free: see encoding.lp
        self._violated_literal = dict.fromkeys(case.numbers, 0)  # 0: no world can contradict the card
        violated: dict[int, int] = {}  # a violated(N) atom (by its handle) -> its card's bit
        # (the atoms are read through clingo's C API: see direct_solve.signature_atoms)
        active = signature_atoms(self.control, "active", 1)
        for (_, literal), number in zip(active, symbol_numbers([symbol for symbol, _ in active]), strict=True):
            self._card_literal[number] = literal
        broken = signature_atoms(self.control, "violated", 1)
        for (symbol, literal), number in zip(broken, symbol_numbers([symbol for symbol, _ in broken]), strict=True):
            self._violated_literal[number] = literal
            violated[symbol] = self._card_bit[number]
        self._literal_bit: dict[int, int] = {}
        self._bits: dict[int, int] = {}  # a shown atom (by its handle) -> its bit (a violated card's: see below)
        self._shown_literal: dict[int, int] = {}  # a shown atom (by its handle) -> its program literal
        shown = 0
        for name, arity in SHOWN:
            for symbol, literal in signature_atoms(self.control, name, arity):
                bit = 1 << shown
                shown += 1
                self._bits[symbol] = bit
                self._shown_literal[symbol] = literal
                self._literal_bit.setdefault(literal, bit)  # atoms sharing a literal are equal in every world
        # A model's world is read in one C-level pass: each shown atom's bit, a violated card's bit shifted above
        # every atom's, OR-ed together (see _read).
        self._shift = shown
        self._atoms_mask = (1 << shown) - 1
        self._bits.update({symbol: bit << shown for symbol, bit in violated.items()})
        self._number_of_bit = {bit: number for number, bit in self._card_bit.items()}
        self._pool = WorldPool(POOL_SIZE)
        self._broken_cards: dict[int, tuple[int, ...]] = {}  # a world's card mask -> its cards (asked again often)
        self._atoms: dict[tuple[str, ...], int] = {}
        self._field_literals: dict[Fixed, int | None] = {}
        self._smallest: dict[tuple[tuple[int, ...], tuple[int, ...] | None], tuple[int, ...] | None] = {}
        self.solves = 0
        self._core: tuple[list[int], set[int] | None] = ([], None)  # the last solve's assumptions and its core
        self._models_setting = ""
        self._direct = DirectSolver(self.control)
        options = self.control.configuration.solve  # set between solves: each key looked up once
        self._set_models = self._direct.setter(options, "models")
        self._set_project = self._direct.setter(options, "project")

    def _read_world(self, model: clingo.Model) -> World:
        found: dict[str, tuple[str, ...]] = {}
        starts: list[tuple[str, str]] = []
        steps: dict[str, str] = {}
        for symbol in model.symbols(shown=True):
            args = tuple(_text(a) for a in symbol.arguments)
            if symbol.name == "start":
                starts.append((args[0], args[1]))
            elif symbol.name == "step":
                steps[args[0]] = args[1]
            else:
                found[symbol.name] = args
        answer = Answer(found["culprit"][0], found["murder_motive"][1], found["weapon_used"][0],
                        found["accomplice"][0] if "accomplice" in found else None,
                        found["accomplice_motive"][1] if "accomplice_motive" in found else None)
        here = dict(starts)[answer.culprit]
        route = [here]
        while here in steps:
            here = steps[here]
            route.append(here)
        return World(answer, tuple(sorted(starts)), tuple(route))

    def _read(self, shown: Sequence[int]) -> Witness:
        """The world a model's shown atoms (as handles) make."""
        both = sum(filter(None, map(self._bits.get, shown)))  # every symbol has a bit of its own: the sum is the OR
        return both >> self._shift, both & self._atoms_mask

    def _limit(self, models: int) -> None:
        """Set how many (projected) models the next solve enumerates; 0 = all."""
        if self._models_setting != str(models):
            self._models_setting = str(models)
            self._set_models(self._models_setting)

    def _field_literal(self, fixed: Fixed) -> int | None:
        """The program literal meaning ``field = value`` (None when no world can have it)."""
        if fixed not in self._field_literals:
            self._field_literals[fixed] = self._find_field_literal(fixed)
        return self._field_literals[fixed]

    def _find_field_literal(self, fixed: Fixed) -> int | None:
        name, *values = fixed
        negate = name.startswith("!")
        name = name.lstrip("!")
        if name == "accomplice" and values == ["none"]:
            literal = self._literal(("alone",))
        else:
            pred = {"culprit": "culprit", "weapon": "weapon_used", "accomplice": "accomplice",
                    "motive": "murder_motive", "accomplice_motive": "accomplice_motive"}[name]
            literal = self._literal((pred, *values))
        if literal is None:
            return 0 if negate else None
        return -literal if negate else literal

    def _literal(self, atom: tuple[str, ...]) -> int | None:
        """The program literal of ``atom`` (name, then string arguments); None when the program has no such atom.
        A shown atom's is read from the table made once per program, by the symbol's handle (a proof asks for
        dozens: no Symbol objects, no look-up through the Python API)."""
        if atom[0] in SHOWN_NAMES:
            return self._shown_literal.get(atom_handle(atom))
        name, *args = atom
        found = self.control.symbolic_atoms[clingo.Function(name, [clingo.String(a) for a in args])]
        return found.literal if found is not None else None

    def fixed_literals(self, fixed: Sequence[Fixed]) -> list[int] | None:
        """The literals pinning the ``fixed`` fields; None when no world can have them."""
        lits = []
        for item in fixed:
            lit = self._field_literal(item)
            if lit is None:
                return None
            if lit:
                lits.append(lit)
        return lits

    def _cards(self, active: Iterable[int] | None) -> Iterable[int]:
        return self.case.numbers if active is None else active

    def _assumptions(self, active: Iterable[int] | None, fixed: Sequence[Fixed]) -> list[int] | None:
        lits = self.fixed_literals(fixed)
        return None if lits is None else self._switched_on(self._cards(active), lits)

    def _switched_on(self, cards: Iterable[int], literals: Iterable[int]) -> list[int]:
        """Assumptions: the ``cards`` in play (the others stay free, so off) and the program ``literals``."""
        return [lit for lit in map(self._card_literal.get, cards) if lit] + list(literals)

    def _models(self, assumptions: list[int]) -> Iterator[clingo.Model]:
        """The models of one solve call, found within the case's budget (the watchdog interrupts clingo)."""
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

    def _solve(self, assumptions: list[int], on_model: OnModel) -> None:
        """One solve in this thread (a solve handed to clingo's own thread costs ten times more per call, and
        explanations make many small calls) through clingo's C API (:mod:`.direct_solve`), within the case's
        budget; the core of an unsatisfiable solve is kept for :meth:`unsat_part`."""
        self.deadline.remaining()
        self.solves += 1
        outcome = self._direct.solve(assumptions, on_model)
        if outcome.interrupted:
            raise TimeLimitReached(self.deadline.seconds)
        self._core = (assumptions, None if outcome.core is None else set(outcome.core))
        self.deadline.remaining()

    def unsat_part(self, cards: Sequence[int], literals: Sequence[int]) -> tuple[list[int], list[int]]:
        """The ``cards`` and program ``literals`` the conflict rests on, right after :meth:`witness` found no world
        for them: clingo's unsatisfiable core (rarely minimal, often far smaller); all of them when the last solve
        was another question or gave no core (an example is under :meth:`witness`)."""
        assumptions, core = self._core
        if core is None or assumptions != self._switched_on(cards, literals):
            return list(cards), list(literals)
        return [n for n in cards if self._card_literal.get(n) in core], [lit for lit in literals if lit in core]

    def witness(self, active: Iterable[int] | None = None, literals: Iterable[int] = ()) -> Witness | None:
        """A world that satisfies the ``active`` cards (default: all) and the program ``literals``; None when
        no world does. A kept world that fits answers without a solve.

        >>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
        >>> from gaslight.domain.walton.case import MINI_CASE, load_case
        >>> from gaslight.yamlio import parse_text
        >>> from gaslight.diagnostics import Report
        >>> mansion = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
        >>> program = CaseProgram(mansion, load_case(parse_text(MINI_CASE, "c.yaml")[0], Report()))
        >>> bob = program.atom("culprit", "bob")
        >>> world = program.witness([], [bob])
        >>> program.holds(world, bob), program.broken(world), program.witness([2], [bob])
        (True, (1, 2), None)
        >>> program.witness([], [bob]) == world, program.solves  # the second time, from the kept worlds
        (True, 2)
        >>> program.always_broken([], [bob]), program.always_broken([], [])  # card 2 alone rules Bob out
        ({2}, set())
        >>> ann = program.atom("culprit", "ann")  # either may be the culprit, but not with card 2
        >>> len(program.possible([], [ann, bob])), list(program.possible([2], [bob, ann])) == [ann]
        (2, True)
        >>> every = program.case.numbers
        >>> program.witness(every, [bob]) is None  # all the cards: the part the conflict rests on
        True
        >>> cards, literals = program.unsat_part(every, [bob])
        >>> 2 in cards, literals == [bob], program.witness(cards, literals) is None
        (True, True, True)
        >>> program.witness([1], [bob]) is not None, program.unsat_part([2], [bob]) == ([2], [bob])  # another question
        (True, True)
        """
        cards = active if isinstance(active, list) else list(self._cards(active))
        lits = literals if isinstance(literals, list) else list(literals)
        # The question as the pool's bit masks (as _question makes them, written out: every proof asks this
        # hundreds of times); a literal that is no shown atom leaves it to a solve.
        card_bit, literal_bit = self._card_bit, self._literal_bit
        mask = must = avoid = 0
        for number in cards:
            mask |= card_bit.get(number, 0)
        for lit in lits:
            bit = literal_bit.get(lit if lit > 0 else -lit)
            if bit is None:
                break
            if lit > 0:
                must |= bit
            else:
                avoid |= bit
        else:
            kept = self._pool.latest(mask, must, avoid)
            if kept is not None:
                return kept
        found: list[Witness] = []
        self._limit(1)

        def first(shown: Sequence[int], _: object) -> bool:
            found.append(self._read(shown))
            return False  # one world is enough

        self._solve(self._switched_on(cards, lits), first)
        if not found:
            return None
        self._pool.keep(found[0])
        return found[0]

    def _kept(self, active: Iterable[int], literals: Iterable[int]) -> Iterator[Witness]:
        """The kept worlds that satisfy the ``active`` cards and the ``literals``, latest first."""
        question = self._question(active, literals)
        if question is not None:
            yield from self._pool.fitting(*question)

    def _question(self, active: Iterable[int], literals: Iterable[int]) -> tuple[int, int, int] | None:
        """The ``active`` cards and the ``literals`` as the pool's bit masks (cards, must, avoid); None when a
        literal is not a shown atom (only a solve can tell)."""
        card_bit, literal_bit = self._card_bit, self._literal_bit
        mask = must = avoid = 0
        for number in active:
            mask |= card_bit.get(number, 0)
        for lit in literals:
            if lit > 0:
                bit = literal_bit.get(lit)
                if bit is None:
                    return None
                must |= bit
            else:
                bit = literal_bit.get(-lit)
                if bit is None:
                    return None
                avoid |= bit
        return mask, must, avoid

    def kept_since(self, count: int) -> tuple[list[Witness], int]:
        """The worlds kept after the first ``count`` (those still in the pool), and how many were ever kept."""
        return self._pool.since(count), self._pool.count

    def card_mask(self, cards: Iterable[int]) -> int:
        mask = 0
        for number in cards:
            mask |= self._card_bit.get(number, 0)
        return mask

    def broken(self, world: Witness) -> tuple[int, ...]:
        """The cards ``world`` contradicts, in order."""
        found = self._broken_cards.get(world[0])
        if found is None:
            found = self._broken_cards[world[0]] = tuple(self._number_of_bit[bit] for bit in bits(world[0]))
        return found

    def literal_bit(self, literal: int) -> int:
        """The bit of the shown atom of program ``literal`` in a world's true atoms (see :meth:`holds`)."""
        return self._literal_bit[abs(literal)]

    def holds(self, world: Witness, literal: int) -> bool:
        """Does ``world`` make the program ``literal`` true?"""
        true = bool(world[1] & self._literal_bit[abs(literal)])
        return true if literal > 0 else not true

    def entailed(self, literals: Iterable[int], active: Iterable[int] | None = None) -> set[int]:
        """The ``literals`` every world satisfying the ``active`` cards makes true.

        One enumeration without projection: each world found drops the literals it makes false, and a clause
        asks the next world to make one of those left false, until none can.
        """
        left = set(literals)
        self._backbone(active, (), lambda world: {lit for lit in left if self.holds(world, lit)}, lambda lit: lit,
                       left)
        return left

    def always_broken(self, active: Iterable[int] | None = None, literals: Sequence[int] = ()) -> set[int]:
        """The cards every world satisfying the ``active`` cards and the program ``literals`` contradicts: each
        rules the literals out together with the active cards (found as :meth:`entailed` finds its literals;
        an example is under :meth:`witness`)."""
        left = set(self.case.numbers)
        self._backbone(active, literals, lambda world: set(self.broken(world)) & left,
                       lambda n: self._violated_literal[n], left)
        return left

    def _backbone(self, active: Iterable[int] | None, literals: Sequence[int],
                  still: Callable[[Witness], set[T]], literal: Callable[[T], int], left: set[T]) -> None:
        """Narrow ``left`` to what holds in every world satisfying the ``active`` cards and the ``literals``:
        ``still(world)`` keeps what holds in one world, ``literal(item)`` is the item's program literal.

        One enumeration without projection: each world found narrows ``left`` (kept worlds first), and a clause
        asks the next world to break one item of those left, until none can.
        """
        cards = list(self._cards(active))
        for world in self._kept(cards, literals):
            left.intersection_update(still(world))

        def on_model(shown: Sequence[int], add_clause: Callable[[Sequence[int]], None]) -> bool:
            world = self._read(shown)
            self._pool.keep(world)
            left.intersection_update(still(world))
            if left:
                add_clause([-literal(item) for item in left])
            return bool(left)

        if left:
            self._enumerate(self._switched_on(cards, literals), on_model)

    def _enumerate(self, assumptions: list[int], on_model: OnModel) -> None:
        """One solve enumerating worlds without projection, until ``on_model`` says stop (its clauses narrow it)."""
        self._limit(0)
        self._set_project("no")
        try:
            self._solve(assumptions, on_model)
        finally:
            self._set_project("project")

    def possible(self, active: Iterable[int], literals: Iterable[int]) -> dict[int, Witness]:
        """Of the program ``literals`` (each a shown atom), those some world satisfying the ``active`` cards makes
        true, each with such a world (the brave consequences among them). Kept worlds answer first; then one
        enumeration without projection: each world found settles the literals it makes true, and a clause asks
        the next to make one of those left true, until none can (one solve, not one per literal; an example is
        under :meth:`witness`)."""
        cards, asked = list(active), list(literals)
        found: dict[int, Witness] = {}
        left: list[int] = []
        kept = self._pool.latest_making(self.card_mask(cards), [self._literal_bit[lit] for lit in asked])
        for literal, world in zip(asked, kept, strict=True):
            if world is None:
                left.append(literal)
            else:
                found[literal] = world

        def on_model(shown: Sequence[int], add_clause: Callable[[Sequence[int]], None]) -> bool:
            world = self._read(shown)
            self._pool.keep(world)
            for literal in [lit for lit in left if world[1] & self._literal_bit[lit]]:
                found[literal] = world
                left.remove(literal)
            if left:
                add_clause(left)
            return bool(left)

        if left:
            self._enumerate(self._switched_on(cards, ()), on_model)
        return found

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
        found = 0

        def tally(shown: Sequence[int], _: object) -> bool:
            nonlocal found
            found += 1
            return True

        self._solve(assumptions, tally)
        return found

    def another_answer(self, active: Iterable[int], answer: Answer) -> bool:
        """Does a world that satisfies the ``active`` cards have an answer other than ``answer`` (which one of
        them must have, e.g. the answer of a unique case whose cards include these)? A kept world with another
        answer says yes without a solve; else worlds are counted (``count(active) > 1``)."""
        cards = list(active)
        key = self._answer_bits(answer)
        if key and any(true & key != key for _, true in self._kept(cards, ())):
            return True
        return self.count(cards) > 1

    def _answer_bits(self, answer: Answer) -> int:
        """The bits of the atoms that make up ``answer`` in a kept world (0 when one is not shown)."""
        atoms = [("culprit", answer.culprit), ("murder_motive", answer.culprit, answer.motive),
                 ("weapon_used", answer.weapon)]
        if answer.accomplice:
            atoms += [("accomplice", answer.accomplice),
                      ("accomplice_motive", answer.accomplice, answer.accomplice_motive or "")]
        else:
            atoms.append(("alone",))
        bits = [self._literal_bit.get(self.atom(*atom), 0) for atom in atoms]
        return 0 if 0 in bits else sum(bits)

    def violated(self, active: Iterable[int] | None = None, fixed: Sequence[Fixed] = ()) -> tuple[int, ...] | None:
        """The cards a world satisfying the active cards (and ``fixed``) contradicts; None when no world does."""
        lits = self.fixed_literals(fixed)
        world = self.witness(active, lits) if lits is not None else None
        return self.broken(world) if world is not None else None

    def core(self, active: Iterable[int] | None = None, fixed: Sequence[Fixed] = ()) -> tuple[int, ...] | None:
        """None when some world satisfies the active cards (and the fixed fields); else the empty tuple."""
        lits = self.fixed_literals(fixed)
        return None if lits is not None and self.witness(active, lits) is not None else ()

    def atom(self, name: str, *args: str) -> int:
        """The program literal of atom ``name(args…)`` (0 when no world can make it true)."""
        key = (name, *args)
        found = self._atoms.get(key)
        if found is None:
            found = self._atoms[key] = self._literal(key) or 0
        return found

    def minimal_core(self, active: Iterable[int] | None = None, fixed: Sequence[Fixed] = ()) -> tuple[int, ...] | None:
        """A subset-minimal set of active cards that (with ``fixed``) no world satisfies; None when satisfiable.

        Grow, then shrink: while some world satisfies the chosen cards, add the lowest-numbered active card
        that world contradicts; keep those the solver's conflict rests on (:meth:`unsat_part`); then drop every
        card the rest can do without (:func:`shrink`).
        """
        literals = self.fixed_literals(fixed)
        return () if literals is None else self.smallest_cards(literals, active)

    def smallest_cards(self, literals: Sequence[int], active: Iterable[int] | None = None) -> tuple[int, ...] | None:
        """A subset-minimal set of active cards that no world satisfies together with the program ``literals``
        (remembered: a proof asks for the same set again when it explains the case in steps)."""
        key = (tuple(sorted(literals)), None if active is None else tuple(sorted(active)))
        if key not in self._smallest:
            self._smallest[key] = self._find_smallest(literals, set(self._cards(active)))
        return self._smallest[key]

    def _find_smallest(self, literals: Sequence[int], pool: set[int]) -> tuple[int, ...] | None:
        chosen: list[int] = []
        while True:
            world = self.witness(chosen, literals)
            if world is None:
                break
            candidates = [n for n in self.broken(world) if n in pool and n not in chosen]
            if not candidates:
                return None
            chosen.append(candidates[0])
        chosen = self.unsat_part(chosen, literals)[0]
        return tuple(sorted(shrink(chosen, lambda trial: self.witness(trial, literals) is None)))


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
