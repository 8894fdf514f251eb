"""Proofs of a unique case: which cards rule out each wrong value, and what that says about difficulty.

For every wrong value of every answer field (each other culprit, the
culprit's other motives, each other weapon, each other accomplice choice and
the accomplice's other motives) the proof holds a subset-minimal set of cards
that no world with that value satisfies. From those sets come the metrics:
the largest set, how many eliminations lean on a suspect's word (and so on
reasoning about who lies), the critical cards (drop one and the case is no
longer unique) and the red herrings (in no set). The measured difficulty
comes from the step-by-step explanation (:mod:`gaslight.domain.walton.steps`):
its largest step, the steps that hold only by a case split on who lies, and
the steps about where people started or which way the culprit went.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.domain.walton.case import MINI_CASE, load_case
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> mansion = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> case = load_case(parse_text(MINI_CASE, "c.yaml")[0], Report())
>>> proof = prove(mansion, case)
>>> [(e.field, e.value, e.cards) for e in proof.eliminations][:2]
[('culprit', 'bob', (2,)), ('motive', 'love', ())]
>>> proof.eliminations[0].line
'Bob is ruled out by card 2: Maid: “Bob never left the Den while the crime was done.”'
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gaslight.domain.walton.case import DIFFICULTIES, NO_ACCOMPLICE_LEVELS, Answer, Case
from gaslight.domain.walton.mansion import Mansion, lower_first
from gaslight.domain.walton.shrinking import shrink
from gaslight.domain.walton.solver import CaseProgram, Fixed, SolveResult, solve
from gaslight.domain.walton.step_words import Many, Phrase, Ref, Words, phrase
from gaslight.domain.walton.step_words import counted as numbered
from gaslight.domain.walton.steps import Step, answer_field, by_elimination, culprit_pattern, explain, gate, support

# Measured difficulty: the score (see :func:`difficulty_score`) must stay below each bound.
DIFFICULTY_BOUNDS = (("I", 2.0), ("A", 3.0), ("B", 4.0), ("C", 5.0), ("D", 6.0), ("E", 7.0))
# Declared and measured difficulty may differ by this many levels before a warning.
DIFFICULTY_TOLERANCE = 1
# From this level up a case should make trading matter: many cards needed, no shortcut to the culprit.
CONTENT_AIMS_FROM = "C"
WHOLE_PROOF_SHARE = 0.7  # of the wrong values: 15 cards in the bundled house (21 wrong values from level C up)
HOUSE_WRONG_VALUES = 21  # the bundled house's, from level C up: with as many or more, the steps read half the deck
SMALL_HOUSE_READ = 4 / 3  # in a smaller mansion, cards the steps read per wrong value (half of 70 is out of reach)


@dataclass(frozen=True)
class Elimination:
    """A wrong value of an answer field and a minimal set of cards that rules it out."""

    field: str
    value: str
    cards: tuple[int, ...]
    line: str
    needs_lies: bool
    said: Phrase | None = None  # ``line`` as a phrase, to say in any language (see step_words)

    def to_json(self) -> dict[str, Any]:
        return {"field": self.field, "value": self.value, "cards": list(self.cards), "line": self.line,
                "needs_lies": self.needs_lies}


@dataclass(frozen=True)
class StepMetrics:
    """The shape of the step-by-step explanation."""

    steps: int
    largest_step: int  # most cards and earlier steps one step uses (see effort)
    split_steps: int  # steps that hold whether or not some suspect lies
    cards_used: int  # distinct cards the steps read, or could read instead (Step.also)
    culprit_pattern: str = ""  # how the culprit is found (see steps.culprit_pattern)
    world_steps: int = 0  # steps about a start room or the culprit's route, not an answer value
    weapon_cards: int = 0  # cards the weapon's steps rest on (1: a single lookup)
    culprit_cards: int = 0  # cards the culprit's steps rest on

    def to_json(self) -> dict[str, Any]:
        return {"steps": self.steps, "largest_step": self.largest_step, "split_steps": self.split_steps,
                "world_steps": self.world_steps, "cards_used": self.cards_used, "weapon_cards": self.weapon_cards,
                "culprit_cards": self.culprit_cards, "culprit_pattern": self.culprit_pattern}


def world_steps(steps: tuple[Step, ...]) -> int:
    """Steps that find a fact no wrong value is (a start room, a room of the route, a part of the answer) and
    that some wrong value is ruled out with, through the steps it uses: a part of the answer told only to state
    the answer is no extra work."""
    by_number = {step.number: step for step in steps}
    # A motive is told only once its owner is found (steps.gate): the finding is no extra work for it.
    stack = [step.number for step in steps if answer_field(step.fact) is not None and gate(step.fact) is None]
    stack += [step.number for step in steps if step.fact[0][0] in ("start", "route")]
    reached: set[int] = set()
    while stack:
        number = stack.pop()
        if number not in reached:
            reached.add(number)
            stack.extend(by_number[number].uses)
    return sum(1 for n in reached if answer_field(by_number[n].fact) is None and gate(by_number[n].fact) is None)


def effort(step: Step, steps: tuple[Step, ...]) -> int:
    """How much a step asks of a player: the cards and earlier facts it reads, except that a value found by
    elimination (no card, only "not X" facts about the same field) counts as one, however many facts it reads."""
    if by_elimination(step.fact[0][0], step.cards, [steps[u - 1].fact[0][0] for u in step.uses]):
        return 1
    return step.size


def step_metrics(steps: tuple[Step, ...], case: Case) -> StepMetrics:
    """The shape of an explanation: how long, how large its largest step, how much it leans on liars."""
    return StepMetrics(len(steps), max((effort(s, steps) for s in steps), default=0), sum(1 for s in steps if s.split),
                       len({n for s in steps for n in (*s.cards, *s.also)}), culprit_pattern(steps, case),
                       world_steps(steps), len(support(steps, "weapon")),
                       len(support(steps, "culprit")))


def content_aims_apply(level: str) -> bool:
    """Are cases of difficulty ``level`` held to the content aims (from level C up)?"""
    return DIFFICULTIES.index(level) >= DIFFICULTIES.index(CONTENT_AIMS_FROM)


@dataclass(frozen=True)
class Metrics:
    """What a unique case's proof says about it; the difficulty is measured from its steps."""

    largest_set: int
    lie_eliminations: int
    critical_cards: tuple[int, ...]
    red_herrings: tuple[int, ...]
    culprit_alone: tuple[int, ...]
    guarantees_name_culprit: bool
    score: float
    measured_difficulty: str
    steps: StepMetrics
    whole_proof: tuple[int, ...] = ()  # a subset-minimal set of cards that alone leaves only the answer
    culprit_pairs: tuple[tuple[int, int], ...] = ()  # two cards that, with the rules, name the culprit
    deck_size: int = 0
    wrong_values: int = 0  # how many wrong values the answer fields have
    declared: str = ""  # the case's declared difficulty

    def to_json(self) -> dict[str, Any]:
        return {"largest_set": self.largest_set, "lie_eliminations": self.lie_eliminations,
                "critical_cards": list(self.critical_cards), "red_herrings": list(self.red_herrings),
                "culprit_alone": list(self.culprit_alone), "culprit_pairs": [list(p) for p in self.culprit_pairs],
                "guarantees_name_culprit": self.guarantees_name_culprit,
                "score": self.score, "measured_difficulty": self.measured_difficulty,
                "explanation": self.steps.to_json(), "whole_answer_proof": list(self.whole_proof),
                "falls_short": list(self.falls_short())}

    def falls_short(self, declared: str | None = None) -> tuple[str, ...]:
        """Where a case falls short of the aims that make trading matter (checked from the declared level C up;
        ``declared`` overrides the case's own). The whole-answer aim scales with the mansion: 70% of the wrong
        values, so 15 cards in the bundled house."""
        if not content_aims_apply(declared or self.declared or self.measured_difficulty):
            return ()
        found = []
        short = whole_proof_short(self.whole_proof, self.wrong_values)
        if short:
            found.append(short)
        short = steps_read_short(self.steps.cards_used, self.deck_size, self.wrong_values)
        if short:
            found.append(short)
        if self.steps.weapon_cards < 2:
            found.append(f"the weapon rests on {counted(self.steps.weapon_cards, 'card')} (aim: 2 or more)")
        named = [f"card {n} alone" for n in self.culprit_alone] + [f"cards {a} and {b}" for a, b in self.culprit_pairs]
        if named:
            more = f" and {len(named) - 3} more" if len(named) > 3 else ""
            found.append(f"the culprit is named by {'; '.join(named[:3])}{more} (aim: it takes three cards or more)")
        return tuple(found)


def steps_read_short(read: int, deck_size: int, wrong_values: int) -> str:
    """How few cards the steps read ('' when enough): half the deck, or in a mansion with fewer wrong values than
    the bundled house's 21 (a ``gaslight init`` mansion has 13), four cards for every three wrong values, as the
    steps need fewer facts there and 70 cards cannot be half needed (its level-C to S attempts read 13 to 24).

    >>> steps_read_short(30, 70, 21), steps_read_short(17, 70, 13), steps_read_short(18, 70, 13)
    ('the steps read 30 of 70 cards (aim: half or more)', 'the steps read 17 of 70 cards (aim: 18 or more in a \
mansion of 13 wrong values)', '')
    """
    if wrong_values >= HOUSE_WRONG_VALUES or not wrong_values:
        return "" if 2 * read >= deck_size else f"the steps read {read} of {deck_size} cards (aim: half or more)"
    aim = min(math.ceil(deck_size / 2), math.ceil(SMALL_HOUSE_READ * wrong_values))
    return "" if read >= aim else (f"the steps read {read} of {deck_size} cards (aim: {aim} or more in a mansion of "
                                   f"{wrong_values} wrong values)")


def whole_proof_aim(wrong_values: int) -> int:
    """The fewest cards a whole-answer proof may read: 70% of the ``wrong_values`` (15 in the bundled house).

    >>> whole_proof_aim(21), whole_proof_aim(14)
    (15, 10)
    """
    return math.ceil(WHOLE_PROOF_SHARE * wrong_values)


def whole_proof_short(whole: Sequence[int], wrong_values: int) -> str:
    """How a whole-answer proof of the cards ``whole`` falls short of its aim ('' when it does not): 70% of the
    ``wrong_values``, so 15 cards in the bundled house.

    >>> whole_proof_short(range(12), 21), whole_proof_short(range(15), 21)
    ('the whole answer follows from 12 cards (aim: 15 or more)', '')
    """
    aim = whole_proof_aim(wrong_values)
    if len(whole) >= aim:
        return ""
    return f"the whole answer follows from {counted(len(whole), 'card')} (aim: {aim} or more)"


@dataclass(frozen=True)
class Proof:
    result: SolveResult
    eliminations: tuple[Elimination, ...]
    metrics: Metrics | None
    steps: tuple[Step, ...] = ()
    stopped: str = ""  # why a proof asked to stop short (see prove) stopped before its steps

    def to_json(self) -> dict[str, Any]:
        """The ``gaslight solve --format json`` payload."""
        result = self.result
        payload: dict[str, Any] = {
            "verdict": result.verdict,
            "solutions": [a.to_json() for a in result.solutions],
            "eliminations": [e.to_json() for e in self.eliminations],
            "steps": [s.to_json() for s in self.steps],
            "metrics": self.metrics.to_json() if self.metrics else {},
        }
        if result.worlds and result.verdict == "ambiguous":
            payload["worlds"] = [w.to_json() for w in result.worlds]
        if result.verdict == "contradictory":
            payload["conflict"] = list(result.conflict)
        return payload


def wrong_values(mansion: Mansion, case: Case, answer: Answer) -> Iterator[tuple[str, str, Fixed]]:
    """``(field, value, fixed)`` for every wrong value of every answer field of ``answer``."""
    culprit = mansion.suspect(answer.culprit)
    for suspect in mansion.suspects:
        if suspect.id != answer.culprit:
            yield "culprit", suspect.id, ("culprit", suspect.id)
    for motive in culprit.motives if culprit else ():
        if motive.id != answer.motive:
            yield "motive", motive.id, ("motive", answer.culprit, motive.id)
    for weapon in mansion.weapons:
        if weapon.id != answer.weapon:
            yield "weapon", weapon.id, ("weapon", weapon.id)
    if case.difficulty in NO_ACCOMPLICE_LEVELS:
        return  # the rules themselves rule out an accomplice
    if answer.accomplice is not None:
        yield "accomplice", "none", ("accomplice", "none")
    for suspect in mansion.suspects:
        if suspect.id not in (answer.culprit, answer.accomplice):
            yield "accomplice", suspect.id, ("accomplice", suspect.id)
    helper = mansion.suspect(answer.accomplice or "")
    for motive in helper.motives if helper else ():
        if motive.id != answer.accomplice_motive:
            yield "accomplice_motive", motive.id, ("accomplice_motive", helper.id if helper else "", motive.id)


def value_name(mansion: Mansion, answer: Answer, field: str, value: str) -> str:
    """How a wrong value is named in a proof line."""
    if field in ("culprit", "accomplice"):
        if value == "none":
            return "Acting alone"
        who = mansion.suspect(value)
        prefix = "" if field == "culprit" else "As accomplice, "
        return prefix + (who.name if who else value)
    if field == "weapon":
        weapon = mansion.weapon(value)
        return f"The {lower_first(weapon.name)}" if weapon else value
    owner = mansion.suspect(answer.culprit if field == "motive" else answer.accomplice or "")
    motive = owner.motive(value) if owner else None
    what = "motive" if field == "motive" else "accomplice's motive"
    return f"The {what} “{motive.name if motive else value}”"


def _supported(case: Case, suspect: str, motive: str) -> bool:
    """Does the deck hold two testimonies and a circumstantial clue for this motive (whoever speaks)?"""
    kinds = [c.type for card in case.cards for c in card.claims
             if c.type in ("motive_testimony", "motive_clue") and c.values() == {"suspect": suspect, "motive": motive}]
    return kinds.count("motive_testimony") >= 2 and "motive_clue" in kinds


def guarantee_reason_phrase(mansion: Mansion, case: Case, answer: Answer, field: str, value: str) -> Phrase | None:
    """Why the guarantees alone rule a value out, when a simple reason exists (None otherwise), as a phrase to say
    in any language (:mod:`gaslight.domain.walton.step_words`)."""
    if field == "culprit":
        who = mansion.suspect(value)
        if who and not any(_supported(case, value, m) for m in who.motive_ids):
            return phrase("reason.culprit")
    elif field == "motive" and not _supported(case, answer.culprit, value):
        return phrase("reason.motive")
    elif field == "accomplice" and value != "none":
        servants = {s.id for s in mansion.sources if s.names_conspirators}
        named = any(c.type == "conspiring" and c.values()["suspect"] == value and card.speaker in servants
                    for card in case.cards for c in card.claims)
        if not named:
            return phrase("reason.accomplice")
    return None


def guarantee_reason(mansion: Mansion, case: Case, answer: Answer, field: str, value: str) -> str:
    """Why the guarantees alone rule a value out, when a simple reason exists ('' otherwise), in English."""
    said = guarantee_reason_phrase(mansion, case, answer, field, value)
    return Words(mansion).text(said) if said else ""


def line_phrase(mansion: Mansion, case: Case, answer: Answer, field: str, value: str,
                cards: tuple[int, ...]) -> Phrase:
    """A proof line: the wrong value and the cards that rule it out (or the guarantee that does)."""
    who = mansion.suspect(value) if field in ("culprit", "accomplice") else None
    number = "group" if who and who.persons else "one"  # a group reference (the sisters) is plural
    if field in ("culprit", "accomplice"):
        named = phrase("ruled.alone") if value == "none" else phrase(f"ruled.{field}", who=Ref("name", value))
    elif field == "weapon":
        named = phrase("ruled.weapon", weapon=Ref("weapon", value))
    else:
        owner = answer.culprit if field == "motive" else answer.accomplice or ""
        named = phrase(f"ruled.{field}", motive=Ref("motive_name", value, owner))
    if not cards:
        reason = guarantee_reason_phrase(mansion, case, answer, field, value)
        return phrase(f"ruled.by_guarantees{'_because' if reason else ''}.{number}", value=named, why=reason)
    return phrase(f"ruled.by_cards.{number}", value=named, cards=numbered("cards", cards, "comma"),
                  texts=Many(tuple(Ref("card", str(n)) for n in cards), "semicolon"))


def _line(mansion: Mansion, case: Case, answer: Answer, field: str, value: str, cards: tuple[int, ...]) -> str:
    return Words(mansion, case).text(line_phrase(mansion, case, answer, field, value, cards))


def difficulty_score(largest_step: int, split_steps: int, world_steps: int, accomplice: bool) -> float:
    """From the explanation: the largest step (cards and earlier facts it reads), plus a quarter point per step
    that holds only by a case split on who lies, plus half a point per step about where someone started or
    which way the culprit went, plus one and a half for an accomplice.

    >>> difficulty_score(2, 4, 1, False)
    3.5
    """
    return largest_step + split_steps / 4 + world_steps / 2 + (1.5 if accomplice else 0.0)


def counted(number: int, word: str) -> str:
    """``1 card``, ``2 cards``.

    >>> counted(1, "step"), counted(0, "step")
    ('1 step', '0 steps')
    """
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def difficulty_reasons(metrics: Metrics, language: str = "en") -> str:
    """What the measured difficulty rests on, in words (in ``language``: see step_words)."""
    shape = metrics.steps

    def steps(count: int) -> Phrase:
        return phrase(f"count.steps.{'one' if count == 1 else 'many'}", count=count)

    return Words(None, language=language).text(phrase("difficulty.reasons", largest=shape.largest_step,
                                                      split=steps(shape.split_steps), world=steps(shape.world_steps)))


def measured_level(score: float) -> str:
    """The difficulty level a score falls in.

    >>> measured_level(1.5), measured_level(4.0), measured_level(9)
    ('I', 'C', 'S')
    """
    return next((level for level, bound in DIFFICULTY_BOUNDS if score < bound), "S")


def _metrics(program: CaseProgram, case: Case, answer: Answer, eliminations: tuple[Elimination, ...],
             used: list[int], shape: StepMetrics, whole: tuple[int, ...]) -> Metrics:
    # Only a card of the whole-answer proof can be critical: the deck without any other card still holds that proof.
    critical = tuple(n for n in used
                     if n in whole and program.another_answer([m for m in case.numbers if m != n], answer))
    herrings = tuple(n for n in case.numbers if n not in used)
    by_rules, alone = _culprit_alone(program, case, answer)
    pairs = () if by_rules else _culprit_pairs(program, case, answer, alone)
    largest = max((len(e.cards) for e in eliminations), default=0)
    lies = sum(e.needs_lies for e in eliminations)
    score = difficulty_score(shape.largest_step, shape.split_steps, shape.world_steps, answer.accomplice is not None)
    return Metrics(largest, lies, critical, herrings, alone, by_rules, score, measured_level(score), shape,
                   whole, pairs, len(case.cards), len(eliminations), case.difficulty)


def _whole_proof(program: CaseProgram, used: list[int], answer: Answer) -> tuple[int, ...]:
    """Shrink the cards the proof uses to a subset-minimal set that still leaves exactly one answer.

    The union of the elimination sets (``used``) rules out every wrong value; each card is dropped when the
    rest still do.
    """
    return tuple(shrink(used, lambda trial: not program.another_answer(trial, answer)))


def _culprit_alone(program: CaseProgram, case: Case, answer: Answer) -> tuple[bool, tuple[int, ...]]:
    """(do the guarantees alone name the culprit, which single cards name him with them).

    A world with another culprit that satisfies a card shows that card does not name the culprit alone,
    so each such world clears every card it does not contradict.
    """
    other = (("!culprit", answer.culprit),)
    witness = program.violated([], other)
    if witness is None:
        return True, ()
    suspects = set(witness)
    alone: list[int] = []
    for number in case.numbers:
        if number not in suspects:
            continue
        broken = program.violated([number], other)
        if broken is None:
            alone.append(number)
        else:
            suspects &= set(broken)
    return False, tuple(alone)


def _culprit_pairs(program: CaseProgram, case: Case, answer: Answer,
                   alone: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Pairs of cards (neither naming the culprit alone) that with the rules leave no other culprit.

    As in :func:`_culprit_alone`, a world with another culprit that satisfies card ``a`` clears every card it
    does not contradict as ``a``'s partner, so each card needs only a few solves.
    """
    other = (("!culprit", answer.culprit),)
    pairs: list[tuple[int, int]] = []
    for a in case.numbers:
        if a in alone:
            continue
        witness = program.violated([a], other)
        partners = {b for b in witness or () if b > a and b not in alone}
        while partners:
            b = min(partners)
            partners.discard(b)
            broken = program.violated([a, b], other)
            if broken is None:
                pairs.append((a, b))
            else:
                partners &= set(broken)
    return tuple(pairs)


def prove(mansion: Mansion, case: Case, program: CaseProgram | None = None, *, steps: bool = True,
          stop_short: bool = False) -> Proof:
    """Solve ``case``; when the answer is unique, find a minimal ruling-out set for every wrong value, the
    whole-answer proof, the step-by-step explanation and the metrics (measured from the steps). With ``steps``
    false only the sets are found and the proof has no metrics (for callers that need only the verdict and the
    sets). With ``stop_short`` a case whose whole-answer proof already misses its content aim gets no steps and
    no metrics, only the reason (``stopped``): the generator sets such an attempt aside at a third of the cost.
    """
    program = program or CaseProgram(mansion, case)
    result = solve(mansion, case, program)
    if result.verdict != "unique":
        return Proof(result, (), None)
    answer = result.solutions[0]
    suspects = {s.id for s in mansion.suspects}
    words = Words(mansion, case)
    eliminations = []
    for field, value, fixed in wrong_values(mansion, case, answer):
        cards = program.minimal_core(fixed=(fixed,)) or ()
        needs_lies = any(case.card(n).speaker in suspects for n in cards)
        said = line_phrase(mansion, case, answer, field, value, cards)
        eliminations.append(Elimination(field, value, cards, words.text(said), needs_lies, said))
    found = tuple(eliminations)
    if not steps:
        return Proof(result, found, None)
    used = sorted({n for e in found for n in e.cards})
    whole = _whole_proof(program, used, answer)
    if stop_short and content_aims_apply(case.difficulty):
        short = whole_proof_short(whole, len(found))
        if short:
            return Proof(result, found, None, stopped=short)
    explained = explain(program, mansion, case, answer,
                        lambda field, value: guarantee_reason_phrase(mansion, case, answer, field, value))
    return Proof(result, found, _metrics(program, case, answer, found, used, step_metrics(explained, case), whole),
                 explained)


def level_gap(declared: str, measured: str) -> int:
    """How many levels apart two difficulties are."""
    return abs(DIFFICULTIES.index(declared) - DIFFICULTIES.index(measured))
