"""A unique case explained in small steps a player can follow.

Each step derives one **fact** — a wrong answer value ruled out, a start room
fixed or ruled out, a room on or off the culprit's route — from a few cards
and facts of earlier steps. It is the step-wise explanation of OCUS-style
work, made greedy: in every round each open fact gets a subset-minimal
explanation (grown from the cards and known facts that worlds breaking the
fact contradict, cut to the solver's unsatisfiable core, then shrunk,
dropping cards before facts; most of those worlds are ones the solver found
before, so few questions need a solve), and the cheapest facts (fewest cards
and facts) become the next steps. A fact that needs nothing or only one thing
is taken at once: no step can be cheaper. The explanation stops once every
answer value is ruled out; facts no later step needs, and that are no answer
value, are dropped.

A card spoken by a suspect who is not yet cleared of being the culprit or the
accomplice may be a lie; a step using such a card holds whether that suspect
lies or not, and says so (``split``).

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.domain.walton.case import MINI_CASE, load_case
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.walton.solver import CaseProgram
>>> mansion = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> case = load_case(parse_text(MINI_CASE, "c.yaml")[0], Report())
>>> steps = explain(CaseProgram(mansion, case), mansion, case, case.answer)
>>> [(s.sentence, s.cards) for s in steps][:3]
[('Bob is not the culprit.', (2,)), ('Ann is the culprit.', (2,)), ('The weapon was not the club.', (1,))]
>>> steps[2].because
'From card 1 (The police: “The body shows this: cut.”). The club leaves bruise and soot.'
>>> steps[-1].because[-76:]
'whole answer (steps 2, 4 and 7): Ann (motive: money), with the knife, alone.'

"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from gaslight.domain.walton.case import NO_ACCOMPLICE_LEVELS, Answer, Case
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.shrinking import shrink
from gaslight.domain.walton.solver import CaseProgram
from gaslight.domain.walton.step_words import (
    Fact,
    Many,
    Phrase,
    Ref,
    Value,
    Words,
    answer_phrase,
    counted,
    fact_phrase,
    liars_phrases,
    motive_phrases,
    phrase,
    trace_phrases,
    without_cards_phrases,
)

Found = tuple[tuple[int, ...], tuple[int, ...]]  # an explanation: (cards, literals of earlier facts)
PREDICATES = {"culprit": "culprit", "motive": "murder_motive", "weapon": "weapon_used", "accomplice": "accomplice",
              "accomplice_motive": "accomplice_motive", "start": "start", "route": "on", "alone": "alone"}


@dataclass(frozen=True)
class Step:
    """One deduction: ``fact`` from ``cards`` and the facts of earlier steps ``uses`` (step numbers)."""

    number: int
    fact: Fact
    sentence: str
    cards: tuple[int, ...]
    uses: tuple[int, ...]
    split: tuple[str, ...]  # suspects whose word a card carries while they may still be lying
    because: str
    also: tuple[int, ...] = ()  # other cards that could stand in for one of ``cards`` (a player may hold those)
    told: tuple[Phrase, ...] = ()  # ``because`` as phrases, to say in any language (see step_words)

    @property
    def size(self) -> int:
        return len(self.cards) + len(self.uses)

    def to_json(self) -> dict[str, Any]:
        (key, holds) = self.fact
        return {"step": self.number, "fact": {"about": key[0], "ids": list(key[1:]), "holds": holds},
                "text": self.sentence, "cards": list(self.cards), "uses": list(self.uses),
                "split": list(self.split), "also": list(self.also), "because": self.because}


def answer_facts(mansion: Mansion, case: Case, answer: Answer) -> list[Fact]:
    """The wrong answer values as facts that do not hold (what the explanation must reach)."""
    facts: list[Fact] = [(("culprit", s.id), False) for s in mansion.suspects if s.id != answer.culprit]
    culprit = mansion.suspect(answer.culprit)
    facts += [(("motive", answer.culprit, m), False) for m in (culprit.motive_ids if culprit else ())
              if m != answer.motive]
    facts += [(("weapon", w.id), False) for w in mansion.weapons if w.id != answer.weapon]
    if case.difficulty in NO_ACCOMPLICE_LEVELS:
        return facts
    if answer.accomplice is not None:
        facts.append((("alone",), False))
    facts += [(("accomplice", s.id), False) for s in mansion.suspects if s.id not in (answer.culprit,
                                                                                      answer.accomplice)]
    helper = mansion.suspect(answer.accomplice or "")
    facts += [(("accomplice_motive", helper.id, m), False) for m in (helper.motive_ids if helper else ())
              if m != answer.accomplice_motive]
    return facts


def world_facts(mansion: Mansion, answer: Answer) -> Iterator[Fact]:
    """Facts that may help on the way: the answer itself, start rooms and rooms of the route."""
    yield (("culprit", answer.culprit), True)
    yield (("weapon", answer.weapon), True)
    yield (("motive", answer.culprit, answer.motive), True)
    if answer.accomplice:
        yield (("accomplice", answer.accomplice), True)
        if answer.accomplice_motive:
            yield (("accomplice_motive", answer.accomplice, answer.accomplice_motive), True)
    else:
        yield (("alone",), True)
    for suspect in mansion.suspects:
        for room in mansion.start_rooms:
            yield (("start", suspect.id, room), True)
            yield (("start", suspect.id, room), False)
    for room in mansion.rooms:
        if not room.closed:
            yield (("route", room.id), True)
            yield (("route", room.id), False)


def positive_facts(answer: Answer) -> list[Fact]:
    """The answer itself as facts: who, why, how, and who helped and why (or that nobody did)."""
    found: list[Fact] = [(("culprit", answer.culprit), True), (("motive", answer.culprit, answer.motive), True),
                         (("weapon", answer.weapon), True)]
    if answer.accomplice:
        found.append((("accomplice", answer.accomplice), True))
        if answer.accomplice_motive:
            found.append((("accomplice_motive", answer.accomplice, answer.accomplice_motive), True))
    return found


def gate(fact: Fact) -> Fact | None:
    """The fact a step must have deduced before ``fact`` may be told: a motive is about the culprit's motives
    and names him, an accomplice's motive names the accomplice, so neither is told before that person is found.

    >>> gate((("motive", "greg", "debts"), False)), gate((("weapon", "rope"), False))
    ((('culprit', 'greg'), True), None)
    """
    (key, _) = fact
    if key[0] == "motive":
        return (("culprit", key[1]), True)
    if key[0] == "accomplice_motive":
        return (("accomplice", key[1]), True)
    return None


class _Explainer:
    def __init__(self, program: CaseProgram, mansion: Mansion, case: Case) -> None:
        self.program = program
        self.mansion = mansion
        self.case = case
        self._literals: dict[Fact, int] = {}  # asked for again and again by the greedy loop

    def literal(self, fact: Fact) -> int:
        found = self._literals.get(fact)
        if found is None:
            (key, holds) = fact
            atom = self.program.atom(PREDICATES[key[0]], *key[1:])
            found = self._literals[fact] = atom if holds else -atom
        return found

    def follows(self, cards: Iterable[int], facts: Iterable[int], goal: int) -> bool:
        """Do ``cards`` (numbers) and the fact literals force the ``goal`` literal (no world breaks it)?"""
        return self.program.witness(cards, [*facts, -goal]) is None

    def entailed(self, facts: Iterable[Fact]) -> list[Fact]:
        """The ``facts`` every world of the whole case makes hold."""
        literals = {fact: self.literal(fact) for fact in facts}
        held = self.program.entailed(lit for lit in literals.values() if lit)
        return [fact for fact, lit in literals.items() if lit and lit in held]

    def explanation(self, fact: Fact, known: Iterable[int]) -> Found:
        """A subset-minimal ``(cards, fact literals)`` that with the rules forces ``fact``.

        With no fact known yet it is the proof's ruling-out set (the same question); else it is grown reaching
        for known facts before cards. Reaching for cards first would never take a fact (the deck forces every
        fact, so a world that breaks one breaks a card not yet taken): it would only find another ruling-out set.
        """
        known = list(known)
        if not known:
            return self.program.smallest_cards([-self.literal(fact)]) or (), ()
        return self._grow_and_shrink(fact, known)

    def from_facts(self, fact: Fact, facts: list[int]) -> Found | None:
        """A subset-minimal part of ``facts`` (literals) that forces ``fact`` with no card; None when they do not."""
        goal = self.literal(fact)
        if not self.follows((), facts, goal):
            return None
        return (), tuple(shrink(facts, lambda trial: self.follows((), trial, goal)))

    def alternatives(self, fact: Fact, cards: tuple[int, ...], facts: tuple[int, ...]) -> tuple[int, ...]:
        """Cards that could stand in for one of ``cards`` in the step that derives ``fact``: those every world
        contradicts that keeps the other cards and the facts but breaks ``fact`` (one enumeration per card)."""
        literals = [*facts, -self.literal(fact)]
        found: set[int] = set()
        for number in cards:
            rest = [n for n in cards if n != number]
            if self.program.witness(rest, literals) is not None:  # always so: the cards of a step are minimal
                found |= self.program.always_broken(rest, literals)
        return tuple(sorted(found.difference(cards)))

    def exposed(self, cards: tuple[int, ...], facts: tuple[int, ...], suspect: str) -> str:
        """What ``cards`` and the fact literals expose ``suspect`` as, when that suspect's word cannot be true
        alongside them: "culprit" or "accomplice" when it can only be that one, "liar" when either; "" when the
        word may be true."""
        roles = {role: self.program.atom(role, suspect) for role in ("culprit", "accomplice")}
        if self.program.witness(cards, [*facts, *(-lit for lit in roles.values() if lit)]) is not None:
            return ""
        return next((role for role, lit in roles.items()
                     if lit and self.program.witness(cards, [*facts, -lit]) is None), "liar")

    def _grow_and_shrink(self, fact: Fact, known: list[int]) -> Found:
        """Grow, then shrink: while a world fits the chosen cards and facts but not ``fact``, add a known fact
        that world breaks ("X is the …" first), else the lowest-numbered card it breaks; keep those the solver's
        conflict rests on; then drop every card, and then every fact, the rest can do without
        (:func:`~gaslight.domain.walton.shrinking.shrink`)."""
        goal = self.literal(fact)
        cards: list[int] = []
        facts: list[int] = []
        # each known fact with the bit of its atom in a world: it holds when the bit is set (or clear, for "not")
        bits = [(f, self.program.literal_bit(f)) for f in known]
        while True:
            world = self.program.witness(cards, [*facts, -goal])
            if world is None:
                break
            # the first known fact the world breaks that is "X is …", else the first it breaks
            first = picked = 0
            true = world[1]
            for f, bit in bits:
                if bool(true & bit) == (f > 0) or f in facts:
                    continue
                if f > 0:
                    picked = f
                    break
                first = first or f
            if picked or first:
                facts.append(picked or first)
                continue
            new_cards = [n for n in self.program.broken(world) if n not in cards]
            if not new_cards:
                raise AssertionError(f"{fact} does not follow from the cards")
            cards.append(new_cards[0])
        cards, held = self.program.unsat_part(cards, [*facts, -goal])
        facts = [lit for lit in held if lit != -goal]
        cards = shrink(cards, lambda trial: self.follows(trial, facts, goal))
        facts = shrink(facts, lambda trial: self.follows(cards, trial, goal))
        return tuple(sorted(cards)), tuple(facts)


def culprit_pattern(steps: Iterable[Step], case: Case) -> str:
    """How the culprit is found: the claim types the culprit steps read and the kinds of earlier facts they use.

    ``"may_have_passed + weapon"`` reads: footprints, once the weapon is known. Comparing patterns across cases
    shows whether cases are solved the same way.
    """
    by_number = {step.number: step for step in steps}
    kinds: set[str] = set()
    for step in by_number.values():
        (key, _) = step.fact
        if key[0] != "culprit":
            continue
        kinds.update(claim.type for n in step.cards for claim in case.card(n).claims)
        kinds.update(by_number[u].fact[0][0] for u in step.uses if by_number[u].fact[0][0] != "culprit")
    return " + ".join(sorted(kinds)) or "the rules alone"


def support(steps: Iterable[Step], field: str) -> tuple[int, ...]:
    """The cards the steps ruling out values of answer ``field`` rest on, through the earlier steps they use.

    The number of cards a player must combine to settle that field: one card means a single lookup.
    """
    by_number = {step.number: step for step in steps}
    stack = [n for n, step in by_number.items() if (answer_field(step.fact) or ("",))[0] == field]
    seen: set[int] = set()
    cards: set[int] = set()
    while stack:
        number = stack.pop()
        if number not in seen:
            seen.add(number)
            cards.update(by_number[number].cards)
            stack.extend(by_number[number].uses)
    return tuple(sorted(cards))


def answer_field(fact: Fact) -> tuple[str, str] | None:
    """``(field, wrong value)`` when ``fact`` rules out a value of an answer field, else None.

    >>> answer_field((("motive", "greg", "debts"), False)), answer_field((("alone",), False))
    (('motive', 'debts'), ('accomplice', 'none'))
    """
    (key, holds) = fact
    if holds or key[0] in ("start", "route"):
        return None
    if key[0] == "alone":
        return "accomplice", "none"
    return key[0], key[-1]


def explain(program: CaseProgram, mansion: Mansion, case: Case, answer: Answer,
            reason: Callable[[str, str], Phrase | None] | None = None) -> tuple[Step, ...]:
    """The steps that take a player from the cards to every wrong answer value being ruled out.

    ``reason(field, value)`` says why the design guarantees alone rule a value out (None when no short reason).
    """
    explainer = _Explainer(program, mansion, case)
    targets = answer_facts(mansion, case, answer) + positive_facts(answer)
    extra = [f for f in explainer.entailed(world_facts(mansion, answer)) if f not in targets]
    pending = [f for f in targets + extra if explainer.literal(f)]
    open_targets = set(targets).intersection(pending)
    steps: list[tuple[Fact, tuple[int, ...], tuple[int, ...]]] = []
    known: dict[int, int] = {}  # fact literal -> index into steps
    # Lazy greedy: a cached explanation stays valid as facts are learnt and can only get cheaper, so its cost
    # is an upper bound; the cheapest is recomputed and taken when it still is the cheapest. A fact may sit in
    # the queue more than once (a cheaper entry pushed later); the first taken wins.
    queue: list[tuple[tuple[int, int], int, int, Fact]] = []  # (cost, order, steps known when computed, fact)
    cached: dict[Fact, tuple[tuple[int, ...], tuple[int, ...]]] = {}  # fact -> (cards, fact literals)
    field_of = {abs(explainer.literal(f)): _field(f[0][0]) for f in pending}  # as eliminations see it
    # Facts that would name the culprit or the accomplice wait until a step has found that person (see gate).
    waiting: dict[Fact, list[tuple[int, Fact]]] = {}

    def cost(fact: Fact, found: Found) -> tuple[int, int]:
        cards, lits = found
        if by_elimination(fact[0][0], cards, [field_of.get(abs(lit), "") for lit in lits]):
            return (1, 0)
        return _cost(found)

    def usable(fact: Fact) -> list[int]:
        """The known facts a step may read for ``fact``: not a value of its own field when ``fact`` rules one
        out ("the sisters are not the accomplice, for Greg is" would hide how Greg was found)."""
        if fact[1]:
            return list(known)
        return [lit for lit, index in known.items()
                if not (steps[index][0][1] and _field(steps[index][0][0][0]) == _field(fact[0][0]))]

    def offer(order: int, fact: Fact) -> None:
        cached[fact] = explainer.explanation(fact, usable(fact))
        heapq.heappush(queue, (cost(fact, cached[fact]), order, len(steps), fact))

    for order, fact in enumerate(pending):
        needs = gate(fact)
        if needs is not None and needs in pending:
            waiting.setdefault(needs, []).append((order, fact))
        else:
            offer(order, fact)
    done: set[Fact] = set()
    while queue:
        price, order, when, fact = heapq.heappop(queue)
        if fact in done:
            continue
        if when != len(steps) and price[0] > 1:  # learnt something since: it may be cheaper now
            fresh = explainer.explanation(fact, usable(fact))
            cached[fact] = min(cached[fact], fresh, key=partial(cost, fact))
            heapq.heappush(queue, (cost(fact, cached[fact]), order, len(steps), fact))
            continue
        cards, lits = cached[fact]
        steps.append((fact, cards, tuple(sorted(known[x] for x in lits))))
        known[explainer.literal(fact)] = len(steps) - 1
        done.add(fact)
        open_targets.discard(fact)
        if not open_targets:
            break  # every answer value is settled: a later step could serve none (steps use earlier ones)
        for position, released in waiting.pop(fact, []):
            offer(position, released)
        # A cached cost is only an upper bound: the value this field still has may now follow by elimination,
        # far cheaper than its stale entry says, so look at it again at once.
        field = _field(fact[0][0])
        same_for: dict[tuple[str, ...], list[int]] = {}  # the known facts of these fields, in the order learnt
        for position, other in enumerate(pending):
            if other in done or not other[1] or other not in cached:
                continue
            kind = _field(other[0][0])
            also_read = (kind, *ELIMINATION_ALSO.get(kind, ()))
            if field not in also_read or cost(other, cached[other])[0] <= 1:
                continue
            same = same_for.get(also_read)
            if same is None:
                same = same_for[also_read] = [lit for lit in known if field_of.get(abs(lit), "") in also_read]
            fresh = explainer.from_facts(other, same)
            if fresh is not None:
                cached[other] = fresh
                heapq.heappush(queue, (cost(other, fresh), position, len(steps), other))
    needed = _together(_needed(steps, set(targets)))
    also = {fact: explainer.alternatives(fact, cards, cached[fact][1]) for fact, cards, _ in needed}
    return _render(needed, mansion, case, reason, also,
                   lambda fact, cards, suspect: explainer.exposed(cards, cached[fact][1], suspect), answer)


ELIMINATION_FIELD = {"alone": "accomplice"}  # "the culprit had help" and "X did not" settle one answer field
# Facts of another field an elimination may also read at a glance: whose motive it is (the culprit's, the
# accomplice's), and that the culprit is not his own accomplice.
ELIMINATION_ALSO = {"motive": ("culprit",), "accomplice_motive": ("accomplice",), "accomplice": ("culprit",)}


def _field(kind: str) -> str:
    """The answer field a kind of fact settles, as eliminations see it ("alone" settles the accomplice)."""
    return ELIMINATION_FIELD.get(kind, kind)


def by_elimination(field: str, cards: tuple[int, ...], fields_used: Iterable[str]) -> bool:
    """A value found by elimination: no card, only earlier facts about the same field ("not X, not Y, …").

    A player does this at a glance however many facts it reads, so it counts as one unit of effort.

    >>> by_elimination("culprit", (), ["culprit", "culprit"]), by_elimination("culprit", (4,), ["culprit"])
    (True, False)
    >>> by_elimination("motive", (), ["culprit", "motive"]), by_elimination("motive", (), ["culprit"])
    (True, False)
    """
    field = _field(field)
    fields = [_field(f) for f in fields_used]
    return not cards and field in fields and all(f == field or f in ELIMINATION_ALSO.get(field, ()) for f in fields)


def _cost(explanation: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, int]:
    """Fewest cards and facts, then fewest cards."""
    cards, facts = explanation
    return (len(cards) + len(facts), len(cards))


def _needed(steps: list[tuple[Fact, tuple[int, ...], tuple[int, ...]]],
            targets: set[Fact]) -> list[tuple[Fact, tuple[int, ...], tuple[int, ...]]]:
    """Only the steps an answer value depends on, renumbered in order."""
    keep: set[int] = set()
    stack = [i for i, (fact, _, _) in enumerate(steps) if fact in targets]
    while stack:
        i = stack.pop()
        if i not in keep:
            keep.add(i)
            stack.extend(steps[i][2])
    new_index = {old: new for new, old in enumerate(sorted(keep))}
    return [(fact, cards, tuple(new_index[u] for u in uses))
            for i, (fact, cards, uses) in enumerate(steps) if i in keep]


def _together(steps: list[tuple[Fact, tuple[int, ...], tuple[int, ...]]]
              ) -> list[tuple[Fact, tuple[int, ...], tuple[int, ...]]]:
    """The steps with each later step that reads the very same cards and steps moved up beside the first that
    does (a table looks at those cards once), unless it tells a motive (which waits for its owner: see gate).
    Its uses come before the first already, so every step still follows from earlier
    ones."""
    order: list[int] = []
    for i, (_, cards, uses) in enumerate(steps):
        if i in order:
            continue
        order.append(i)
        order += [j for j in range(i + 1, len(steps)) if j not in order and steps[j][1:] == (cards, uses)
                  and gate(steps[j][0]) is None]
    new_index = {old: new for new, old in enumerate(order)}
    return [(steps[i][0], steps[i][1], tuple(sorted(new_index[u] for u in steps[i][2]))) for i in order]


# --- words (see step_words) ------------------------------------------------------------------------


def fact_sentence(mansion: Mansion, fact: Fact) -> str:
    """The fact in words: 'Greg Gaffney is not the culprit.'"""
    return Words(mansion).text(fact_phrase(mansion, fact))


def _split(mansion: Mansion, case: Case, cards: Iterable[int], known: set[Fact]) -> tuple[str, ...]:
    """Suspects (ids) whose cards the step uses while they are not yet cleared of lying."""
    found: list[str] = []
    alone = (("alone",), True) in known or case.difficulty in NO_ACCOMPLICE_LEVELS
    for number in cards:
        speaker = case.card(number).speaker
        if mansion.suspect(speaker) is None or speaker in found:
            continue
        cleared = (("culprit", speaker), False) in known and (alone or (("accomplice", speaker), False) in known)
        if not cleared:
            found.append(speaker)
    return tuple(found)


def _liars_sentence(mansion: Mansion, cards: tuple[int, ...], uses: tuple[int, ...], split: tuple[str, ...],
                    exposed: dict[str, str]) -> str:
    """What a step on the word of suspects not yet cleared says about them, in English (see
    :func:`~gaslight.domain.walton.step_words.liars_phrases`)."""
    return Words(mansion).joined(liars_phrases(cards, uses, split, exposed))


def _told(steps: list[tuple[Fact, tuple[int, ...], tuple[int, ...]]], index: int, mansion: Mansion, case: Case,
          reason: Callable[[str, str], Phrase | None] | None, also: tuple[int, ...], split: tuple[str, ...],
          exposed: Callable[[str], str]) -> list[Phrase]:
    """Why step ``index`` holds, as phrases: what it reads, the guarantees and the map it leans on, who may lie
    in it, and which other cards would do."""
    fact, cards, uses = steps[index]
    parts: list[Value] = [phrase("part.card", number=n, text=Ref("card", str(n))) for n in cards]
    if uses:
        parts.append(counted("steps", tuple(u + 1 for u in uses), "comma"))
    field = answer_field(fact)
    why = reason(*field) if reason and field and not parts else None
    if parts:
        told = [phrase("because.from", parts=Many(tuple(parts), "semicolon"))]
    else:
        told = [phrase("because.guarantees", why=why) if why else phrase("because.rules")]
    told += trace_phrases(mansion, case, fact, cards) + (() if uses else motive_phrases(case, fact, cards))
    if uses and not cards and not by_elimination(fact[0][0], cards, [steps[u][0][0][0] for u in uses]):
        told += without_cards_phrases(mansion, case, fact, [steps[u][0] for u in uses])
    told += liars_phrases(cards, uses, split, {i: exposed(i) for i in split})
    if also:
        told.append(phrase("also.one", cards=also[0]) if len(also) == 1 else
                    phrase("also.many", cards=Many(also, "or")))
    return told


def _render(steps: list[tuple[Fact, tuple[int, ...], tuple[int, ...]]], mansion: Mansion, case: Case,
            reason: Callable[[str, str], Phrase | None] | None, also: dict[Fact, tuple[int, ...]],
            exposed: Callable[[Fact, tuple[int, ...], str], str], answer: Answer) -> tuple[Step, ...]:
    """The steps with what each tells (language-neutral phrases) and its English sentence and reasons."""
    words = Words(mansion, case)
    rendered: list[Step] = []
    found_at = {fact: index + 1 for index, (fact, _, _) in enumerate(steps)}
    answer_steps = tuple(sorted(found_at[f] for f in positive_facts(answer) if f in found_at))
    known: set[Fact] = set()
    for index, (fact, cards, uses) in enumerate(steps):
        split = _split(mansion, case, cards, known)
        others = also.get(fact, ())
        told = _told(steps, index, mansion, case, reason, others, split, partial(exposed, fact, cards))
        if index == len(steps) - 1 and answer_steps:
            told.append(phrase("last", steps=counted("steps", answer_steps), answer=answer_phrase(
                answer.culprit, answer.motive, answer.weapon, answer.accomplice, answer.accomplice_motive)))
        rendered.append(Step(index + 1, fact, words.text(fact_phrase(mansion, fact)), cards,
                             tuple(u + 1 for u in uses), tuple(mansion.speaker_name(i) for i in split),
                             words.joined(tuple(told)), others, tuple(told)))
        known.add(fact)
    return tuple(rendered)
