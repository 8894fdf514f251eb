"""The case doctor: the smallest edits that repair a case, each verified by the solver.

* **ambiguous** — one card with one claim from the mansion's vocabulary, said by
  a source who never lies, that leaves exactly the answer key. Every candidate is
  grounded once beside the case (switched off) and tried in one solve each;
  claims the design guarantees count (motive testimonies and clues, conspiracy)
  are not proposed, since adding them changes the guarantees themselves.
* **contradictory** — the cards of the minimal conflict whose removal restores
  an answer (the answer key when possible).
* **unique but off its declared level** — cards to remove (too easy: a fact the
  cheapest steps read, with every card that tells it, else a second teller keeps
  the shortcut) or to add (too hard) that keep the answer and bring the measured
  level closer.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.domain.walton.case import MINI_CASE, load_case
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> import dataclasses
>>> mansion = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> case = load_case(parse_text(MINI_CASE, "c.yaml")[0], Report())
>>> loose = dataclasses.replace(case, cards=tuple(c for c in case.cards if c.number != 2))
>>> remedies = repair(mansion, loose)
>>> remedies[0].action, remedies[0].number
('add', 9)
>>> remedies[0].yaml[37:]
'speaker: police, claims: [{type: seen_in_room, suspect: bob, room: hall}]}'
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gaslight.domain.walton.case import DIFFICULTIES, Card, Case, display_text
from gaslight.domain.walton.claims import build_claim
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import DIFFICULTY_TOLERANCE, Proof, prove
from gaslight.domain.walton.solver import CaseProgram
from gaslight.domain.walton.step_words import Phrase, Ref, Words, answer_phrase, counted, phrase

# Claims the design guarantees count over the whole deck: adding one changes the guarantees, not just the cards.
GUARANTEED = ("motive_testimony", "motive_clue", "conspiring")
# Blunt claims name an answer value outright; they repair a case but make it easier, so they rank last.
BLUNT = ("not_culprit", "weapon_not_used", "not_accomplice", "acted_alone")
SHOWN = 5
TRIES = 12  # off-level repairs prove the case again for each try


@dataclass(frozen=True)
class Remedy:
    """One verified edit: add a card, or remove one; ``result`` says what the solver found after it, as a phrase
    of the sentence tables (:mod:`~gaslight.domain.walton.step_words`). ``text`` (the card), ``outcome`` and
    :attr:`line` are English, as the command line and the JSON say them; :func:`remedy_lines` says them in a
    page's language."""

    action: str
    number: int
    text: str
    yaml: str
    outcome: str
    result: Phrase
    card: Card  # the card added or removed
    with_cards: tuple[int, ...] = ()  # removed too: other cards that tell the same

    @property
    def line(self) -> str:
        return _said(self, Words(None), self.text, self.outcome)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "card": self.number, "with": list(self.with_cards), "text": self.text,
                "yaml": self.yaml, "outcome": self.outcome}


def _remedy(mansion: Mansion, action: str, card: Card, yaml: str, result: Phrase,
            with_cards: tuple[int, ...] = ()) -> Remedy:
    """A remedy with its English words (the card as the case file reads, the outcome with the mansion's names)."""
    return Remedy(action, card.number, display_text(card, mansion), yaml, Words(mansion).text(result), result, card,
                  with_cards)


def _said(remedy: Remedy, said: Words, text: str, outcome: str) -> str:
    """The remedy's line in ``said``'s language, with the card's ``text`` and the ``outcome`` in it."""
    key = f"doctor.{remedy.action}{'.with' if remedy.with_cards else ''}"
    others = said.text(counted("cards", remedy.with_cards, "comma")) if remedy.with_cards else ""
    return said.table[key].format(number=remedy.number, others=others, text=text, outcome=outcome)


def remedy_lines(remedies: Sequence[Remedy], mansion: Mansion, case: Case, language: str) -> list[str]:
    """Each remedy's line in ``language``: its sentence from the tables, a removed card as ``language``'s case page
    prints it, an added one rendered alone in ``language``, and the mansion's names in ``language``.

    English says what :attr:`Remedy.line` says.
    """
    page = Words(mansion, case, language)
    lines = []
    for remedy in remedies:
        said = page
        if remedy.action == "add":  # a card the case does not hold yet
            said = Words(page.mansion, dataclasses.replace(case, cards=(remedy.card,)), language)
        lines.append(_said(remedy, said, said.card(remedy.number), said.text(remedy.result)))
    return lines


def vocabulary(mansion: Mansion) -> Iterator[dict[str, Any]]:
    """Every claim the mansion's ids allow, except those the guarantees count."""
    suspects = [s.id for s in mansion.suspects]
    rooms = [r.id for r in mansion.rooms if not r.closed]
    for suspect in mansion.suspects:
        for room in mansion.start_rooms:
            for kind in ("in_room", "not_in_room", "seen_in_room"):
                yield {"type": kind, "suspect": suspect.id, "room": room}
        for motive in suspect.motive_ids:
            yield {"type": "motive_eliminated", "suspect": suspect.id, "motive": motive}
    for a, b in itertools.combinations(suspects, 2):
        yield {"type": "together", "suspects": [a, b]}
    for trace in mansion.traces:
        yield {"type": "trace_found", "trace": trace.id}
        yield {"type": "trace_absent", "trace": trace.id}
    for room in rooms:
        yield {"type": "room_undisturbed", "room": room}
        for suspect in suspects:
            yield {"type": "may_have_passed", "suspects": [suspect], "room": room}
    for weapon in mansion.weapons:
        yield {"type": "weapon_not_used", "weapon": weapon.id}
    for suspect in suspects:
        yield {"type": "not_culprit", "suspect": suspect}
        yield {"type": "not_accomplice", "suspect": suspect}
    yield {"type": "acted_alone"}


def _speaker(mansion: Mansion, card_type: str) -> str | None:
    """A source who never lies and fits the card: the coroner for means, else the police, else any source."""
    wanted = ("coroner", "police") if card_type == "means" else ("police", "coroner")
    for role in wanted:
        found = next((s.id for s in mansion.sources if s.role == role), None)
        if found:
            return found
    return mansion.sources[0].id if mansion.sources else None


def _flow(raw: dict[str, Any]) -> str:
    parts = []
    for key, value in raw.items():
        shown = "[" + ", ".join(value) + "]" if isinstance(value, list) else str(value)
        parts.append(f"{key}: {shown}")
    return "{" + ", ".join(parts) + "}"


def _candidates(mansion: Mansion, case: Case) -> list[tuple[Card, str]]:
    """Candidate cards (numbered after the case's) with their YAML line, blunt claims last."""
    first = max(case.numbers, default=0) + 1
    where = case.cards_location
    found: list[tuple[Card, str]] = []
    raws = sorted(vocabulary(mansion), key=lambda r: r["type"] in BLUNT)
    for raw in raws:
        claim = build_claim(raw, where)
        card_type = claim.card_types[0]
        speaker = _speaker(mansion, card_type)
        if speaker is None or raw["type"] in GUARANTEED:
            continue
        number = first + len(found)
        card = Card(number, card_type, 1, (), speaker, (claim,), None, where, where)
        line = (f"- {{number: {number}, type: {card_type}, value: 1, speaker: {speaker}, "
                f"claims: [{_flow(raw)}]}}")
        found.append((card, line))
    return found


def _renumbered(remedy_card: Card, line: str, number: int) -> tuple[Card, str]:
    old = f"{{number: {remedy_card.number},"
    return dataclasses.replace(remedy_card, number=number), line.replace(old, f"{{number: {number},", 1)


def _fix_ambiguous(mansion: Mansion, case: Case) -> list[Remedy]:
    candidates = _candidates(mansion, case)
    extended = dataclasses.replace(case, cards=case.cards + tuple(card for card, _ in candidates))
    program = CaseProgram(mansion, extended)
    remedies: list[Remedy] = []
    next_number = max(case.numbers, default=0) + 1
    for card, line in candidates:
        worlds = program.worlds([*case.numbers, card.number], limit=2)
        if len(worlds) == 1 and worlds[0].answer == case.answer:
            shown, yaml_line = _renumbered(card, line, next_number)
            remedies.append(_remedy(mansion, "add", shown, yaml_line, phrase("doctor.outcome.only")))
            if len(remedies) == SHOWN:
                break
    return remedies


def _fix_contradictory(mansion: Mansion, case: Case, conflict: tuple[int, ...]) -> list[Remedy]:
    program = CaseProgram(mansion, case)
    keyed: list[Remedy] = []
    others: list[Remedy] = []
    for number in conflict:
        rest = [n for n in case.numbers if n != number]
        worlds = program.worlds(rest, limit=2)
        if not worlds:
            continue
        card = case.card(number)
        if len(worlds) == 1 and worlds[0].answer == case.answer:
            keyed.append(_remedy(mansion, "remove", card, "", phrase("doctor.outcome.then_only")))
        else:
            found = worlds[0].answer
            how = phrase("doctor.outcome.several") if len(worlds) > 1 else phrase(
                "doctor.outcome.one", answer=answer_phrase(found.culprit, found.motive, found.weapon,
                                                           found.accomplice, found.accomplice_motive))
            others.append(_remedy(mansion, "remove", card, "", how))
    return (keyed + others)[:SHOWN]


def _measures(level: str) -> Phrase:
    return phrase("doctor.outcome.measures", level=Ref("level", level))


def _gap(case: Case, measured: str) -> int:
    return DIFFICULTIES.index(case.difficulty) - DIFFICULTIES.index(measured)


def _fix_level(mansion: Mansion, case: Case, proof: Proof) -> list[Remedy]:
    """Too easy: remove cards the proof leans on least; too hard: add a true card. Each try is proven again."""
    assert proof.metrics is not None
    gap = _gap(case, proof.metrics.measured_difficulty)
    remedies: list[Remedy] = []
    if gap > 0:  # measured easier than declared
        for group in itertools.islice(_shortcut_groups(case, proof), TRIES):
            gone = set(group)
            smaller = dataclasses.replace(case, cards=tuple(c for c in case.cards if c.number not in gone))
            after = prove(mansion, smaller)
            if _keeps(after, case) and abs(_gap(case, after.metrics.measured_difficulty)) < gap:  # type: ignore[union-attr]
                remedies.append(_remedy(mansion, "remove", case.card(group[0]), "",
                                        _measures(after.metrics.measured_difficulty),  # type: ignore[union-attr]
                                        group[1:]))
        return remedies[:SHOWN]
    next_number = max(case.numbers, default=0) + 1
    tries = 0
    wanted = _shortcuts(case, proof)
    candidates = [c for c in _candidates(mansion, case) if c[0].claims[0].asp() in wanted]
    candidates.sort(key=lambda c: wanted.index(c[0].claims[0].asp()))
    for card, line in candidates:
        if tries == TRIES:
            break
        added, yaml_line = _renumbered(card, line, next_number)
        bigger = dataclasses.replace(case, cards=(*case.cards, added))
        if CaseProgram(mansion, bigger).count(limit=2) != 1:
            continue
        tries += 1
        after = prove(mansion, bigger)
        if _keeps(after, case) and abs(_gap(case, after.metrics.measured_difficulty)) < -gap:  # type: ignore[union-attr]
            remedies.append(_remedy(mansion, "add", added, yaml_line,
                                    _measures(after.metrics.measured_difficulty)))  # type: ignore[union-attr]
    return remedies[:SHOWN]


def _shortcut_groups(case: Case, proof: Proof) -> Iterator[tuple[int, ...]]:
    """Cards to take out of a case that is too easy, a fact at a time: the cards of the cheapest steps first,
    each with every other card that tells the same (else a second teller keeps the shortcut open). Cards the
    answer cannot do without are left in."""
    assert proof.metrics is not None
    critical = set(proof.metrics.critical_cards)
    told = {card.number: tuple(sorted(c.asp() for c in card.claims)) for card in case.cards}
    tellers: dict[tuple[str, ...], list[int]] = {}
    for number, claims in told.items():
        tellers.setdefault(claims, []).append(number)
    seen: set[int] = set()
    for step in sorted(proof.steps, key=lambda s: (len(s.cards) + len(s.uses), s.number)):
        for number in step.cards:
            if number in seen:
                continue
            group = tellers[told[number]]
            seen.update(group)
            if not critical & set(group):
                yield tuple(sorted(group, key=lambda n: n != number))


def _shortcuts(case: Case, proof: Proof) -> list[str]:
    """Claims (as solver terms) that rule out the wrong values with the largest card sets outright."""
    key = case.answer
    terms: list[str] = []
    for elimination in sorted(proof.eliminations, key=lambda e: -len(e.cards)):
        field, value = elimination.field, elimination.value
        raw = {"culprit": {"type": "not_culprit", "suspect": value},
               "weapon": {"type": "weapon_not_used", "weapon": value},
               "accomplice": {"type": "not_accomplice", "suspect": value} if value != "none" else None,
               "motive": {"type": "motive_eliminated", "suspect": key.culprit, "motive": value},
               "accomplice_motive": {"type": "motive_eliminated", "suspect": key.accomplice or "", "motive": value},
               }.get(field)
        if raw is not None:
            terms.append(build_claim(raw, case.cards_location).asp())
    return terms


def _keeps(proof: Any, case: Case) -> bool:
    result = proof.result
    return result.verdict == "unique" and result.solutions[0] == case.answer and proof.metrics is not None


def needs_repair(case: Case, proof: Proof) -> bool:
    """Is ``case`` ambiguous, contradictory, or more than one level off (what :func:`repair` mends)?"""
    if proof.result.verdict != "unique":
        return True
    return proof.metrics is not None and proof.result.solutions[0] == case.answer and \
        abs(_gap(case, proof.metrics.measured_difficulty)) > DIFFICULTY_TOLERANCE


def repair(mansion: Mansion, case: Case, proof: Proof | None = None) -> tuple[Remedy, ...]:
    """The verified edits for ``case`` (empty when it is unique, matches its key and its level).

    ``proof``: the case's proof when the caller already has it.
    """
    proof = proof or prove(mansion, case)
    verdict = proof.result.verdict
    if verdict == "ambiguous":
        return tuple(_fix_ambiguous(mansion, case))
    if verdict == "contradictory":
        return tuple(_fix_contradictory(mansion, case, proof.result.conflict))
    if proof.metrics is None or proof.result.solutions[0] != case.answer:
        return ()
    if abs(_gap(case, proof.metrics.measured_difficulty)) <= DIFFICULTY_TOLERANCE:
        return ()
    return tuple(_fix_level(mansion, case, proof))

