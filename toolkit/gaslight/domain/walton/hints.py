"""Hints a stuck table can take, and the checks that keep them fair.

A case's explanation (:mod:`gaslight.domain.walton.steps`) becomes a **hint
ladder**: per step, first which cards (and earlier steps) to look at together,
with no conclusion, then the step's conclusion and why. Three checks keep the
ladder honest:

* :func:`early_naming` — no rung names the culprit, his motive, the weapon,
  the accomplice or the accomplice's motive before the steps have deduced it;
* :func:`silent_guarantees` — a step that holds only because some cards are
  *absent* from the whole deck (no servant names a suspect as a conspirator; a
  motive lacks its two testimonies and clue), or only because a liar's word
  still names the right room, says so (a table never sees the whole deck);
* :func:`repeated_support` — no two steps send the table to the very same
  cards and steps.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.domain.walton.case import MINI_CASE, load_case
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.walton.proof import prove
>>> mansion = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> case = load_case(parse_text(MINI_CASE, "c.yaml")[0], Report())
>>> proof = prove(mansion, case)
>>> first = ladder(mansion, case, proof)[0]  # steps 1 and 2 both read card 2: one look, two conclusions
>>> first.steps, [rung.lead or rung.text for rung in first.rungs]
((1, 2), ['Look at card 2.', 'Bob is not the culprit.', 'Ann is the culprit.'])
>>> early_naming(mansion, case, proof), repeated_support(mansion, case, proof)
([], [])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from gaslight.domain.walton.case import NO_ACCOMPLICE_LEVELS, Answer, Card, Case
from gaslight.domain.walton.claims import build_claim
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import Proof
from gaslight.domain.walton.solver import CaseProgram
from gaslight.domain.walton.step_words import (
    ENGLISH,
    Many,
    Phrase,
    Ref,
    Value,
    Words,
    counted,
    fact_phrase,
    phrase,
    walk,
)
from gaslight.domain.walton.steps import PREDICATES, Fact, Step


@dataclass(frozen=True)
class Rung:
    """One hint: ``text`` (plain text; the page escapes it), which starts with ``lead`` (the fact a conclusion
    gives; '' for a rung that only says where to look). ``conclusion`` is False for a rung that only says where
    to look."""

    text: str
    conclusion: bool
    lead: str = ""
    phrases: tuple[Phrase, ...] = ()  # what ``text`` says, in no language (the checks read these)


@dataclass(frozen=True)
class Hint:
    """The rungs of one or more steps that read the very same cards and steps, taken in order: where to look,
    then what each step gives."""

    steps: tuple[int, ...]
    rungs: tuple[Rung, ...]

    @property
    def step(self) -> int:
        return self.steps[0]


def look_at(step: Step) -> str:
    """Where to look for a step, with no conclusion: 'Look at cards 4 and 9 together, with step 2.'

    >>> look_at(Step(3, (("weapon", "rope"), False), "", (4, 9), (2,), (), ""))
    'Look at cards 4 and 9 together, with step 2.'
    >>> look_at(Step(4, (("weapon", "rope"), False), "", (4,), (), (), ""))
    'Look at card 4.'
    >>> look_at(Step(5, (("culprit", "ann"), True), "", (), (1, 2), (), ""))
    'Put steps 1 and 2 together: what do they leave?'
    """
    return Words(None).text(look_phrase(step))


def look_phrase(step: Step, again_for: int | None = None) -> Phrase:
    """Where to look for a step (:func:`look_at`) as a phrase; ``again_for``: the earlier step whose hint sent the
    table to the same cards (said as a second reading)."""
    steps: dict[str, Value] = {"steps": counted("steps", step.uses)} if step.uses else {}
    if not step.cards:
        if len(step.uses) == 1:
            return phrase("look.again", **steps)
        return phrase("look.together", **steps) if step.uses else phrase("look.rules")
    if again_for is not None:
        steps["step"] = again_for
        key = "look.reread"
    else:
        key = "look.card" if len(step.cards) == 1 else "look.cards"
    return phrase(key + ("_steps" if step.uses else ""), cards=counted("cards", step.cards), **steps)


def ladder(mansion: Mansion, case: Case, proof: Proof, language: str = ENGLISH) -> tuple[Hint, ...]:
    """The hint ladder: per step, where to look, then what it gives and why, with the guarantees it rests on
    that a table cannot see (cards absent from the whole deck; a liar's word that still binds). Steps in a row
    that read the very same cards and steps share one "where to look"; one whose reasons are also the same word for
    word says so rather than repeating them; a later step sent to the same cards again says it is a second
    reading. Told in ``language`` (English where it has no sentences)."""
    words = Words(mansion, case, language)
    told = _guarantees_told(mansion, case, proof)

    def given(step: Step, why: tuple[Phrase, ...]) -> Rung:
        lead = fact_phrase(mansion, step.fact)
        said = words.text(lead)
        return Rung(said + words.table["join.lead"] + words.joined(why), True, said, (lead, *why))

    hints: list[Hint] = []
    first_sent: dict[Phrase, int] = {}  # where-to-look phrase -> the step it was first said for
    for step in proof.steps:
        why = (*step.told, *told.get(step.number, ()))
        last = proof.steps[hints[-1].steps[-1] - 1] if hints else None
        if last is not None and (last.cards, last.uses) == (step.cards, step.uses):
            if why == (*last.told, *told.get(last.number, ())):
                # what it rests on is named each time
                why = (phrase("same_reasons", step=hints[-1].step), *told.get(step.number, ()))
            hints[-1] = Hint((*hints[-1].steps, step.number), (*hints[-1].rungs, given(step, why)))
        else:
            look = look_phrase(step)
            if look in first_sent and step.cards:  # the same cards again, for another conclusion: say so
                look = look_phrase(step, again_for=first_sent[look])
            first_sent.setdefault(look, step.number)
            hints.append(Hint((step.number,), (Rung(words.text(look), False, "", (look,)), given(step, why))))
    return tuple(hints)


# --- early naming ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class EarlyNaming:
    """A rung (step number, rung index) that names ``field``'s value before the steps have deduced it."""

    step: int
    rung: int
    field: str
    said: str


def _parts(answer: Answer) -> dict[str, tuple[str, str, str]]:
    """Each part of the answer as a reference would name it: (kinds, id, owner of a motive)."""
    people = "name in_sentence"
    parts = {"culprit": (people, answer.culprit, ""), "motive": ("motive", answer.motive, answer.culprit),
             "weapon": ("weapon", answer.weapon, "")}
    if answer.accomplice:
        parts["accomplice"] = (people, answer.accomplice, "")
        parts["accomplice_motive"] = ("motive", answer.accomplice_motive or "", answer.accomplice)
    return parts


def _names_part(ref: Ref, part: tuple[str, str, str]) -> bool:
    kinds, ident, owner = part
    return ref.kind in kinds.split() and ref.ident == ident and (ref.kind != "motive" or ref.owner == owner)


def _deduced_at(mansion: Mansion, case: Case, steps: Sequence[Step], answer: Answer) -> dict[str, int]:
    """The step by which each part of the answer is deduced: the step that states it, that rules out its last
    other value, or that catches its person in a lie ("… so X must be the culprit")."""
    wrong: dict[str, set[str]] = {"culprit": {s.id for s in mansion.suspects} - {answer.culprit},
                                  "weapon": {w.id for w in mansion.weapons} - {answer.weapon}}
    owner = mansion.suspect(answer.culprit)
    wrong["motive"] = set(owner.motive_ids if owner else ()) - {answer.motive}
    if answer.accomplice:
        helper = mansion.suspect(answer.accomplice)
        wrong["accomplice"] = {s.id for s in mansion.suspects} - {answer.culprit, answer.accomplice} | {"none"}
        wrong["accomplice_motive"] = set(helper.motive_ids if helper else ()) - {answer.accomplice_motive or ""}
    found: dict[str, int] = {}
    ruled: dict[str, set[str]] = {field: set() for field in wrong}
    value = {"culprit": answer.culprit, "motive": answer.motive, "weapon": answer.weapon,
             "accomplice": answer.accomplice or "", "accomplice_motive": answer.accomplice_motive or ""}
    for step in steps:
        (key, holds) = step.fact
        kind = "accomplice" if key[0] == "alone" else key[0]
        if kind in ruled:
            if holds and key[-1] == value[kind]:
                found.setdefault(kind, step.number)
            elif not holds:
                ruled[kind].add("none" if key[0] == "alone" else key[-1])
                if ruled[kind] >= wrong[kind]:
                    found.setdefault(kind, step.number)
        for role in ("culprit", "accomplice"):
            if value[role] and any(said.key.startswith("liar.exposed.") and said.value("role") == phrase(f"role.{role}")
                                   and said.value("who") == Ref("in_sentence", value[role]) for said in step.told):
                found.setdefault(role, step.number)
    return found


def _named(values: Iterable[Value]) -> Iterator[Ref]:
    """The names a rung's own words carry: not the cards it quotes (a card a player holds gives nothing away by
    being quoted), nor the suspects it says may still be lying (not yet cleared, like every suspect not yet
    ruled out)."""
    for value in values:
        if isinstance(value, Phrase):
            if not value.key.startswith("liar.rest."):
                yield from _named(v for _, v in value.values)
        elif isinstance(value, Many):
            yield from _named(value.items)
        elif isinstance(value, Ref) and value.kind != "card":
            yield value


def early_naming(mansion: Mansion, case: Case, proof: Proof) -> list[EarlyNaming]:
    """Every rung that names a part of the answer before the steps have deduced it (empty when fair).

    A rung names a part when its own words (quoted cards aside) refer to it — the culprit or the accomplice, the
    weapon, the culprit's motive or the accomplice's — in any language, for the rungs' phrases are checked, not
    their text. A suspect named in a step that rules that suspect out of the *other* role ("Mortimer is not the
    culprit" when he is the accomplice), or that places him, names nobody: every suspect but one gets such a step.
    ``said`` is the name as English writes it.
    """
    if proof.result.verdict != "unique" or not proof.steps:
        return []
    answer = proof.result.solutions[0]
    parts = _parts(answer)
    deduced = _deduced_at(mansion, case, proof.steps, answer)
    english = Words(mansion)
    found: list[EarlyNaming] = []
    for hint in ladder(mansion, case, proof):
        for index, rung in enumerate(hint.rungs):
            step = proof.steps[hint.steps[max(index - 1, 0)] - 1]  # rung 0 looks; rung i gives step i
            # (a shared look names the first step's cards and steps, the same for every step of the hint)
            (key, holds) = step.fact
            # a fact every suspect may get (ruled out of a part, or placed): it names nobody's own part
            everyones = key[1] if key[0] == "start" or (not holds and key[0] in ("culprit", "accomplice")) else None
            named = [ref for ref in _named(rung.phrases) if not (ref.ident == everyones and ref.kind != "motive")]
            for field, part in parts.items():
                if step.number > deduced.get(field, len(proof.steps) + 1) or (
                        step.number == deduced.get(field) and rung.conclusion):
                    continue
                said = next((english.text(ref) for ref in named if _names_part(ref, part)), "")
                if said:
                    found.append(EarlyNaming(step.number, index, field, said))
    return found


# --- guarantees a table cannot see -------------------------------------------------------------------


@dataclass(frozen=True)
class Silent:
    """A step that rests on a guarantee it does not name: ``kind`` is "absent" (cards missing from the deck)
    or "reading" (a liar's word still binds)."""

    step: int
    kind: str
    rests_on: tuple[str, ...]


ABSENCE = "told.absent"  # the sentence that names the cards missing from the deck (and how many the deck has)
READINGS_TOLD = ("told.room", "told.reading")  # a liar's alibi still names the right room; whom the accomplice lies for
UNEXPLAINED = "gap.unexplained"


def absent(mansion: Mansion, case: Case) -> tuple[list[tuple[str, str]], list[str]]:
    """What the deck lacks: motives ``(suspect, motive)`` without two testimonies and a clue, and suspects no
    servant names as a conspirator (none at levels without an accomplice)."""
    unsupported = [(s.id, m) for s in mansion.suspects for m in s.motive_ids if not _supported(case, s.id, m)]
    if case.difficulty in NO_ACCOMPLICE_LEVELS:
        return unsupported, []
    servants = {s.id for s in mansion.sources if s.names_conspirators}
    named = {c.values()["suspect"] for card in case.cards if card.speaker in servants for c in card.claims
             if c.type == "conspiring"}
    return unsupported, [s.id for s in mansion.suspects if s.id not in named]


def _supported(case: Case, suspect: str, motive: str) -> bool:
    kinds = [c.type for card in case.cards for c in card.claims
             if c.type in ("motive_testimony", "motive_clue") and c.values() == {"suspect": suspect, "motive": motive}]
    return kinds.count("motive_testimony") >= 2 and "motive_clue" in kinds


def _with_cards(mansion: Mansion, case: Case, extra: list[tuple[str, dict[str, str]]]) -> Case:
    """``case`` with cards added (speaker, claim) after its own, numbered on from the largest."""
    first = max(case.numbers, default=0) + 1
    cards = tuple(Card(first + i, "motive", 1, (), speaker, (build_claim(raw, case.cards_location),), None,
                       case.cards_location, case.cards_location) for i, (speaker, raw) in enumerate(extra))
    return dataclasses.replace(case, cards=case.cards + cards)


def open_deck(mansion: Mansion, case: Case) -> Case:
    """``case`` with the cards a table cannot rule out: two police testimonies and a police clue for every motive
    that lacks them, and a servant naming every suspect no servant names. They tell nothing else, so a step that
    no longer follows in this deck held only because those cards are absent."""
    unsupported, unnamed = absent(mansion, case)
    police = next((s.id for s in mansion.sources if s.role == "police"), mansion.sources[0].id)
    servant = next((s.id for s in mansion.sources if s.names_conspirators), police)
    extra: list[tuple[str, dict[str, str]]] = []
    for suspect, motive in unsupported:
        extra += [(police, {"type": kind, "suspect": suspect, "motive": motive})
                  for kind in ("motive_testimony", "motive_testimony", "motive_clue")]
    extra += [(servant, {"type": "conspiring", "suspect": suspect}) for suspect in unnamed]
    return _with_cards(mansion, case, extra)


def _literal(program: CaseProgram, fact: Fact) -> int:
    (key, holds) = fact
    atom = program.atom(PREDICATES[key[0]], *key[1:])
    return atom if holds else -atom


def _rests_on(program: CaseProgram, step: Step, used: list[Fact], guarantees: list[tuple[str, int]]) -> list[str]:
    """The guarantees (name, literal the real deck forces) without which ``step`` does not follow in
    ``program``; [] when it follows there as it is."""
    goal = _literal(program, step.fact)
    facts = [lit for lit in (_literal(program, f) for f in used) if lit]
    taken: list[tuple[str, int]] = []
    while (world := program.witness(step.cards, [*facts, *(lit for _, lit in taken), -goal])) is not None:
        broken = [g for g in guarantees if g not in taken and not program.holds(world, g[1])]
        if not broken:
            return ["?"]  # no guarantee explains it: reported, so a test fails
        taken.append(broken[0])
    return [name for name, _ in taken]


@dataclass(frozen=True)
class Leaning:
    """What a step rests on beyond its cards: ``absent`` guarantees (kind, suspect, motive) the real deck forces
    by lacking cards, and whether it needs the case's reading of who may lie (``reading``)."""

    absent: tuple[tuple[str, str, str], ...]
    reading: bool
    room: bool  # the reading part it needs is a liar's alibi naming the right room


def leanings(mansion: Mansion, case: Case, proof: Proof) -> dict[int, Leaning]:
    """Per step number, what it rests on that its cards do not show (steps resting on nothing else left out)."""
    if proof.result.verdict != "unique" or not proof.steps:
        return {}
    opened = CaseProgram(mansion, open_deck(mansion, case))
    unsupported, unnamed = absent(mansion, case)
    guarantees = [(("motive", s, m), -opened.atom("murder_motive", s, m)) for s, m in unsupported]
    guarantees += [(("conspirator", s, ""), -opened.atom("accomplice", s)) for s in unnamed]
    guarantees = [(item, lit) for item, lit in guarantees if lit]
    free = None if case.reading(mansion).id == "free" else CaseProgram(mansion, dataclasses.replace(case, liars="free"))
    found: dict[int, Leaning] = {}
    for step in proof.steps:
        used = [proof.steps[u - 1].fact for u in step.uses]
        rests = _rests_on(opened, step, used, guarantees)
        reading = free is not None and bool(_rests_on(free, step, used, []))
        room = reading and any(c.type in ("seen_in_room", "together") and mansion.speaker_name(case.card(n).speaker)
                               in step.split for n in step.cards for c in case.card(n).claims)
        if rests or reading:
            found[step.number] = Leaning(tuple(rests), reading, room)
    return found


def _rests_on(program: CaseProgram, step: Step, used: list[Fact],
              guarantees: list[tuple[tuple[str, str, str], int]]) -> list[tuple[str, str, str]]:
    """The guarantees (item, literal the real deck forces) without which ``step`` does not follow in
    ``program``; [] when it follows there as it is."""
    goal = _literal(program, step.fact)
    facts = [lit for lit in (_literal(program, f) for f in used) if lit]
    taken: list[tuple[tuple[str, str, str], int]] = []
    while (world := program.witness(step.cards, [*facts, *(lit for _, lit in taken), -goal])) is not None:
        broken = [g for g in guarantees if g not in taken and not program.holds(world, g[1])]
        if not broken:
            return [("unexplained", "", "")]  # no guarantee explains it: reported, so a test fails
        taken.append(broken[0])
    return [item for item, _ in taken]


def _guarantees_told(mansion: Mansion, case: Case, proof: Proof) -> dict[int, tuple[Phrase, ...]]:
    """Per step number, the sentences that name what it rests on beyond its cards. A gap in the deck about a
    person whose part is not yet deduced is counted, not named (naming it would point at them)."""
    answer = proof.result.solutions[0] if proof.result.verdict == "unique" else None
    deduced = _deduced_at(mansion, case, proof.steps, answer) if answer else {}
    hidden = {answer.culprit: "culprit", answer.accomplice: "accomplice"} if answer else {}
    told: dict[int, tuple[Phrase, ...]] = {}
    for number, leaning in leanings(mansion, case, proof).items():
        said = []
        named = [item for item in leaning.absent if _may_name(item, hidden, answer, deduced, number)]
        unnamed = len(leaning.absent) - len(named)
        if leaning.absent:
            gaps: list[Value] = [_gap(item) for item in named]
            if unnamed:
                gaps.append(phrase(f"gap.{'more' if gaps else 'count'}.{'one' if unnamed == 1 else 'many'}",
                                   count=unnamed))
            said.append(phrase(ABSENCE, gaps=Many(tuple(gaps), "gaps"), cards=len(case.cards)))
        if leaning.room:
            said.append(phrase("told.room"))
        elif leaning.reading:
            said.append(phrase("told.reading"))
        told[number] = tuple(said)
    return told


def _may_name(item: tuple[str, str, str], hidden: dict[str | None, str], answer: Answer | None,
              deduced: dict[str, int], number: int) -> bool:
    """May step ``number`` name the gap ``item``: is it about nobody whose part is still to be found (the
    culprit, the accomplice, or the accomplice's own motive)?"""
    later = 10**6
    if item[1] in hidden and deduced.get(hidden[item[1]], later) > number:
        return False
    own = answer is not None and (item[1], item[2]) == (answer.accomplice, answer.accomplice_motive)
    return not own or deduced.get("accomplice_motive", later) <= number


def _gap(item: tuple[str, str, str]) -> Phrase:
    kind, suspect, motive = item
    if kind == "unexplained":
        return phrase(UNEXPLAINED)
    if kind == "conspirator":
        return phrase("gap.conspirator", who=Ref("in_sentence", suspect))
    return phrase("gap.motive", who=Ref("in_sentence", suspect), motive=Ref("motive", motive, suspect))


def _keys(phrases: tuple[Phrase, ...]) -> set[str]:
    return {value.key for said in phrases for _, value in walk(said) if isinstance(value, Phrase)}


def silent_guarantees(mansion: Mansion, case: Case, proof: Proof) -> list[Silent]:
    """Steps whose hints rest on cards absent from the deck, or on who may lie, without saying so (read from the
    rungs' phrases, so in every language alike)."""
    rungs = {number: _keys(hint.rungs[i + 1].phrases) for hint in ladder(mansion, case, proof)
             for i, number in enumerate(hint.steps)}
    found: list[Silent] = []
    for number, leaning in leanings(mansion, case, proof).items():
        keys = rungs[number]
        if leaning.absent and (ABSENCE not in keys or UNEXPLAINED in keys):
            found.append(Silent(number, "absent", tuple("/".join(filter(None, i)) for i in leaning.absent)))
        if leaning.reading and not keys.intersection(READINGS_TOLD):
            found.append(Silent(number, "reading", ()))
    return found


def repeated_support(mansion: Mansion, case: Case, proof: Proof) -> list[int]:
    """Steps whose "where to look" sends the table to exactly the cards and steps an earlier hint did."""
    seen: set[tuple[Phrase, ...]] = set()
    repeated = []
    for hint in ladder(mansion, case, proof):
        if hint.rungs[0].phrases in seen:
            repeated.append(hint.step)
        seen.add(hint.rungs[0].phrases)
    return repeated
