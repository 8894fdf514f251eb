"""The elimination phase of the case generator: which candidate cards, with the structure, leave one answer.

One grounded program holds the structure and every candidate; it is solved under assumptions (which cards are in
play, which wrong value is asked about), and the worlds it finds are kept, so most questions are answered without
a solve. :meth:`Search.run` picks candidates in a given order until every wrong value is ruled out;
:meth:`Search.strength` says how many wrong values one candidate rules out on its own (weak cards make a table
combine many).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from gaslight.domain.walton.deckfile import Deck, build_case
from gaslight.domain.walton.drafting import Draft, Plot
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import wrong_values
from gaslight.domain.walton.shrinking import shrink
from gaslight.domain.walton.solver import CaseProgram, Fixed

__all__ = ["Search"]

# clasp's "frumpy" configuration solves the search's questions a few percent faster than the default, and its
# decisions by the VMTF heuristic (variable move-to-front) about 5% faster again over a whole generation. Only here:
# the search's answers do not depend on which worlds the solver finds, while a proof's steps do (its explanations
# are grown from those worlds; a proof's program has solver.PROOF_OPTIONS, and VMTF made proofs far slower).
SOLVER_OPTIONS = ("--configuration=frumpy", "--heuristic=Vmtf")


@dataclass
class Search:
    """The elimination phase: one grounded program over structure and candidates, solved under assumptions."""

    mansion: Mansion
    plot: Plot
    fixed_drafts: list[Draft]
    candidates: list[Draft]
    program: CaseProgram = field(init=False)
    open_values: list[Fixed] = field(init=False)

    def __post_init__(self) -> None:
        deck = Deck(tuple(self.fixed_drafts + self.candidates))
        case = build_case(self.mansion, self.plot, deck)
        self.program = CaseProgram(self.mansion, case, SOLVER_OPTIONS)
        self.base = list(range(1, len(self.fixed_drafts) + 1))
        self._base_mask = self.program.card_mask(self.base)
        self.open_values = [fixed for _, _, fixed in wrong_values(self.mansion, case, self.plot.answer)]
        self._strength: dict[int, int] = {}
        self._open_at_start: list[int] | None = None  # the literal of each value the structure leaves open
        self._cleared: list[int] = []  # per such value: the cards some kept world with it (and the structure)
        # satisfies, so they do not rule it out on their own
        self._seen = 0  # worlds of the program's pool already folded into _cleared
        self._literals: dict[Fixed, int | None] = {}

    def number(self, index: int) -> int:
        """The temporary card number of candidate ``index``."""
        return len(self.fixed_drafts) + index + 1

    def witnesses(self, active: Sequence[int], values: Iterable[Fixed]) -> dict[Fixed, int]:
        """For each value still open with ``active``: the cards one world with that value (and ``active``)
        contradicts, as the program's card mask. A card outside that set keeps the value open without a solve."""
        literal = {value: self._literal(value) for value in values}
        worlds = self.program.possible(active, [lit for lit in literal.values() if lit is not None])
        return {value: worlds[lit][0] for value, lit in literal.items() if lit is not None and lit in worlds}

    def open_with(self, active: Sequence[int], card: int, witnesses: dict[Fixed, int]) -> dict[Fixed, int]:
        """The witnesses of the values still open once ``card`` joins ``active`` (``witnesses``: for ``active``)."""
        bit = self.program.card_mask([card])
        left = {value: broken for value, broken in witnesses.items() if not broken & bit}  # that world fits too
        again = [value for value in witnesses if value not in left]
        if again:
            left.update(self.witnesses([*active, card], again))
        return {value: left[value] for value in witnesses if value in left}  # in the order asked

    def _literal(self, value: Fixed) -> int | None:
        """The program literal of wrong value ``value`` (an answer field fixed to it: one shown atom); None when
        no world can have it."""
        if value not in self._literals:
            literals = self.program.fixed_literals((value,))
            self._literals[value] = literals[0] if literals else None
        return self._literals[value]

    def run(self, order: Sequence[int], budget: int,
            allowed: Callable[[int], bool] = lambda index: True) -> list[int] | None:
        """Candidate indexes that (with the structure) leave one answer; None when the budget runs out.

        Only ``allowed`` candidates are chosen (asked only of those that would rule something out, so a costly
        test runs on few); the result is the same as running on the allowed part of ``order``.
        """
        chosen: list[int] = []
        refused: set[int] = set()
        active = list(self.base)
        if self.program.core(active) is not None:
            return None  # the structure itself is contradictory: a generator bug
        open_values = self.witnesses(active, self.open_values)
        progress = True
        while open_values and progress:
            progress = False
            for index in order:
                if index in chosen or index in refused:
                    continue
                left = self.open_with(active, self.number(index), open_values)
                if len(left) < len(open_values):
                    if not allowed(index):
                        refused.add(index)
                        continue
                    chosen.append(index)
                    active, progress = [*active, self.number(index)], True
                    if not left or len(chosen) > budget:
                        open_values = left
                        break
                open_values = left  # new witnesses hold for the smaller set of cards as well
        if open_values or len(chosen) > budget:
            return None
        return chosen

    def answer_cards(self, chosen: Sequence[int]) -> int:
        """How many cards a subset-minimal part of the structure and the ``chosen`` candidates (which leave one
        answer, as :meth:`run` chose them) needs to leave that answer alone: a whole-answer proof in the search's
        program. The finished deck's proof shrinks the cards of its ruling-out sets the same way, and over the
        generator's attempts it came out within a card or two of this (benchmarks/bench_walton_generate.py)."""
        active = [*self.base, *(self.number(index) for index in chosen)]
        return len(shrink(active, lambda trial: not self.program.another_answer(trial, self.plot.answer)))

    def strength(self, index: int) -> int:
        """How many wrong values candidate ``index`` rules out on its own, beyond what the structure does.

        A value is ruled out when no world with it satisfies the structure and the card. The worlds the program
        has kept answer most pairs of card and value; one solve answers the rest (and keeps its worlds too).
        """
        if index not in self._strength:
            number = self.number(index)
            bit = self.program.card_mask([number])
            cleared = self._cleared_now()
            asked = [lit for lit, cards in zip(self._values_open_at_start(), cleared, strict=True) if not cards & bit]
            self._strength[index] = len(asked) - len(self.program.possible([*self.base, number], asked))
        return self._strength[index]

    def _values_open_at_start(self) -> list[int]:
        """The literals of the values the structure leaves open."""
        if self._open_at_start is None:
            literals = [lit for lit in map(self._literal, self.open_values) if lit is not None]
            open_now = self.program.possible(self.base, literals)
            self._open_at_start = [lit for lit in literals if lit in open_now]
            self._cleared = [0] * len(self._open_at_start)
        return self._open_at_start

    def _cleared_now(self) -> list[int]:
        """Per open value, the cards known not to rule it out: the worlds kept since last time folded in."""
        literals = self._values_open_at_start()
        worlds, self._seen = self.program.kept_since(self._seen)
        bits = [self.program.literal_bit(lit) for lit in literals]
        for world in worlds:
            if world[0] & self._base_mask:
                continue  # not a world of the structure (none is, today: every question includes it)
            for i, atom in enumerate(bits):
                if world[1] & atom:
                    self._cleared[i] |= ~world[0]
        return self._cleared
