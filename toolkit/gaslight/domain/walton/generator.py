"""A seeded case generator: from a plot (the answer key and a difficulty) to 70 cards with one answer.

The generator never guesses at the rules: every step asks the case solver
(:mod:`gaslight.domain.walton.solver`). It works in four phases.

1. **World** — a hidden world that fits the plot: where every suspect started
   (the accomplice shares the culprit's room) and the culprit's route from his
   start room through the weapon's room to the crime scene.
2. **Structure** — the cards the design guarantees count: two testimonies and
   a circumstantial clue for the murder motive, the same for decoy motives of
   the other suspects (so the guarantees alone never name the culprit), a
   servant naming the accomplice and decoy conspirators, and, with an
   accomplice, the shared alibi both of them give.
3. **Eliminations** — candidate cards that are true in the hidden world (the
   culprit and the accomplice may also lie), drawn in a seeded, weighted
   order that depends on the difficulty: easy levels draw from sources that
   never lie and direct claims, hard levels from suspects' words and indirect
   claims (rooms, routes, traces). A card is kept when it rules out a wrong
   value of an answer field; drawing stops when every field has one value.
4. **Padding** — consistent cards that rule nothing out (motive gossip,
   alibis, conspiracy rumours) until the case holds 70; uniqueness is checked
   again after each.

Up to 96 attempts (each seeded from the seed and its number; numbered from 100,
they draw with the profiles retuned for the table, ``drafting.RETUNED``) are
made; the first whose measured difficulty (see :mod:`gaslight.domain.walton.proof`)
equals the declared one and that meets the content aims from level C up (many
cards needed, no one or two cards naming the culprit: ``Metrics.falls_short``)
is kept, else the closest. From level C up every elimination is a *weak* card
(it rules out at most two wrong values on its own; one at levels E and S) and
padding first has two more speakers tell each needed fact, so players must
combine and trade many cards, and most of the deck counts.

Its command line is :mod:`gaslight.domain.walton.generate`.

>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.walton.case import Answer
>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> plot = Plot("mini-gen", "Mini", "I", Answer("ann", "money", "knife"))
>>> result = generate_case(house, plot, seed=1, size=12)
>>> result.verdict, len(result.case.cards)
('unique', 12)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import chain, islice

from gaslight.domain.walton.case import DIFFICULTIES, NO_ACCOMPLICE_LEVELS, Case
from gaslight.domain.walton.deckfile import SCHEMA_LINK, Deck, build_case, finish, load_text
from gaslight.domain.walton.drafting import (
    GUARANTEE_TYPES,
    PROFILES,
    RETUNED_FROM,
    Draft,
    GenerateError,
    Plot,
    Profile,
    candidate_pool,
    lies,
    make_world,
    padding,
    profile_for,
    structure,
    weighted_order,
)
from gaslight.domain.walton.liars import reading_of
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import Proof, content_aims_apply, counted, level_gap, prove, whole_proof_aim
from gaslight.domain.walton.search import Search
from gaslight.domain.walton.solver import solve
from gaslight.domain.walton.table_level import TABLE_BANDS, TableMeasure, bands_apply, table_miss
from gaslight.limits import TimeLimitReached, case_seconds

__all__ = ["GenerateError", "Generated", "Plot", "Search", "generate_case", "load_text"]

CASE_SIZE = 70
ATTEMPTS = 96
#: The attempts a case is drawn from unless told: numbered from :data:`RETUNED_FROM`, the profiles as retuned.
DEFAULT_ATTEMPTS = range(RETUNED_FROM, RETUNED_FROM + ATTEMPTS)
ATTEMPT_MARK = "{attempt}"  # in a header line: replaced by the number of the attempt that made the case


@dataclass(frozen=True)
class Generated:
    """A generated case: the model, its YAML text, the proof and the attempt that made it."""

    case: Case
    text: str
    proof: Proof
    attempt: int
    avoid: frozenset[str] = frozenset()  # ways of finding the culprit the case should not repeat
    table: TableMeasure | None = None  # how bots fared at the fixed table (None: not played)
    table_advice: bool = False  # the table's figures are advice, not an aim (a mansion the bands were not set in)

    @property
    def verdict(self) -> str:
        return self.proof.result.verdict

    @property
    def repeats_a_pattern(self) -> bool:
        """The culprit is found the way ``avoid`` names (see :func:`~gaslight.domain.walton.steps.culprit_pattern`)."""
        metrics = self.proof.metrics
        return metrics is not None and metrics.steps.culprit_pattern in self.avoid

    @property
    def shortfall(self) -> tuple[int, int]:
        """(levels off the declared difficulty, content aims missed): (0, 0) is a case as designed."""
        metrics = self.proof.metrics
        assert metrics is not None
        missed = len(metrics.falls_short()) + self.repeats_a_pattern + bool(self.table_miss)
        return level_gap(self.case.difficulty, metrics.measured_difficulty), missed

    @property
    def table_miss(self) -> str:
        """How the case misses its level's aim at the table ('' when it meets it, was not played, or the table's
        figures are advice only)."""
        if self.table is None or self.table_advice:
            return ""
        return table_miss(self.case.difficulty, self.table)

    @property
    def table_distance(self) -> float:
        """Rounds outside the level's band at the table (0 inside it, or when not played): of two attempts that
        miss it, the nearer is closer to the case asked for."""
        if self.table is None or self.table_advice:
            return 0.0
        band = TABLE_BANDS[self.case.difficulty]
        return max(0.0, band.low - self.table.rounds, self.table.rounds - band.high)


# --- the hidden world ----------------------------------------------------------------------------


def _check_plot(mansion: Mansion, plot: Plot) -> None:
    key = plot.answer
    culprit = mansion.suspect(key.culprit)
    if plot.difficulty not in DIFFICULTIES:
        raise GenerateError(f"difficulty '{plot.difficulty}' is not one of {', '.join(DIFFICULTIES)}")
    if culprit is None:
        raise GenerateError(f"suspect '{key.culprit}' is not in mansion '{mansion.id}'")
    if culprit.motive(key.motive) is None:
        raise GenerateError(f"'{key.motive}' is not one of {mansion.whose(culprit.id)} motives")
    if mansion.weapon(key.weapon) is None:
        raise GenerateError(f"weapon '{key.weapon}' is not in mansion '{mansion.id}'")
    if key.accomplice is None:
        return
    if plot.difficulty in NO_ACCOMPLICE_LEVELS:
        raise GenerateError(f"a case of difficulty {plot.difficulty} has no accomplice")
    helper = mansion.suspect(key.accomplice)
    if helper is None or helper.id == culprit.id:
        raise GenerateError(f"'{key.accomplice}' cannot be the accomplice")
    if helper.motive(key.accomplice_motive or "") is None:
        raise GenerateError(f"'{key.accomplice_motive}' is not one of {mansion.whose(helper.id)} motives")


def _unique(mansion: Mansion, plot: Plot, drafts: Sequence[Draft]) -> bool:
    result = solve(mansion, build_case(mansion, plot, Deck(tuple(drafts))))
    return result.verdict == "unique" and result.solutions[0] == plot.answer


Padded = tuple[list[Draft], Callable[[], list[Draft]]]


def _pad(mansion: Mansion, plot: Plot, drafts: list[Draft], pads: Iterable[Draft], size: int) -> Padded:
    """The deck padded to ``size`` cards in one go, not yet checked (the case's proof checks it), and a
    function that pads again a card at a time while the case stays unique, for when the batch is not.

    True claims only remove worlds, so only the cards the guarantees count (motive testimonies and clues,
    conspiracy) can bring an answer back.
    """
    seen = {d.key for d in drafts}
    fresh = (pad for pad in pads if pad.key not in seen and not seen.add(pad.key))  # type: ignore[func-returns-value]
    first = list(islice(fresh, size - len(drafts)))  # pads are taken lazily: each may cost a test

    @functools.cache  # the pads are an iterator: padding again twice must give the same deck
    def one_by_one() -> list[Draft]:
        deck = list(drafts)
        for pad in chain(first, fresh):
            if len(deck) >= size:
                break
            if pad.claims[0]["type"] not in GUARANTEE_TYPES or _unique(mansion, plot, [*deck, pad]):
                deck.append(pad)
        return deck

    return drafts + first, one_by_one


def _values(search: Search, drafts: list[Draft], chosen: list[int]) -> list[Draft]:
    """Information value: how many wrong values each elimination card takes away on its own, 1–3."""
    valued = [replace(search.candidates[i], value=max(1, min(3, 1 + search.strength(i) // 2))) for i in chosen]
    return drafts + valued


WEAK_CHUNK = 64  # pads grounded together for the strength test: padding usually takes fewer


def _weak(mansion: Mansion, plot: Plot, fixed: list[Draft], drafts: Sequence[Draft], limit: int) -> Iterator[Draft]:
    """The drafts that rule out at most ``limit`` wrong values on their own (with the structure ``fixed``), in
    order, each tested when it is asked for (a card's strength does not depend on the others grounded with it,
    so they are grounded a chunk at a time)."""
    for start in range(0, len(drafts), WEAK_CHUNK):
        part = list(drafts[start:start + WEAK_CHUNK])
        search = Search(mansion, plot, fixed, part)
        yield from (d for i, d in enumerate(part) if search.strength(i) <= limit)


#: An attempt whose search reads the answer from this many cards fewer than the whole-answer aim, or fewer still, is
#: set aside before it is padded, worded and proven: its deck's whole-answer proof misses the aim. Over seeds 1–3 of
#: every level (178 attempts held to the aim), none that was 3 short and one in 34 that was 2 short met it.
SHORT_BY = 2


@dataclass(frozen=True)
class ShortAttempt:
    """An attempt set aside after its search: its structure and eliminations leave the answer alone with
    ``cards`` cards, short of the whole-answer ``aim``. ``padded()`` carries on from where it stopped (its random
    state kept) to the deck :func:`attempt` would have made."""

    cards: int
    aim: int
    padded: Callable[[], Padded | None]


def attempt(mansion: Mansion, plot: Plot, rng: random.Random, size: int, profile: Profile | None = None, *,
            set_short_aside: bool = False) -> Padded | ShortAttempt | None:
    """One try at a deck of ``size`` cards, shaped by ``profile`` (default: the level's first profile): the deck,
    not yet proven unique, and a slower way to pad it again that keeps it unique (see :func:`_pad`); None when the
    search finds no deck. With ``set_short_aside``, a :class:`ShortAttempt` when the search's cards already miss
    the whole-answer aim (the generator's loop asks so)."""
    profile = profile or PROFILES[plot.difficulty]
    world = make_world(mansion, plot.answer, rng)
    fixed = structure(mansion, plot.answer, profile, rng)
    fixed += lies(mansion, plot.answer, world, rng, profile.lies, reading_of(plot.liars, mansion.liars).id)
    pool = candidate_pool(mansion, plot.answer, world, profile, rng)
    search = Search(mansion, plot, fixed, [d for d, _ in pool])
    order = weighted_order([weight for _, weight in pool], rng)  # the claims of the pool are all different
    chosen = search.run(order, size - len(fixed), lambda i: not profile.weak or search.strength(i) <= profile.weak)
    if chosen is None:
        return None
    drafts = _values(search, fixed, chosen)
    # easy levels: spare eliminations are welcome redundancy (strong ones: dropped with the rest)
    spare = [search.candidates[i] for i in order if i not in chosen] if profile.direct >= 1 else []

    def padded() -> Padded | None:  # holds no solver: an attempt set aside may be padded long after
        pads = padding(mansion, plot.answer, world, rng, profile, drafts) + spare
        offered: Iterable[Draft] = _weak(mansion, plot, fixed, pads, profile.weak) if profile.weak else pads
        batch, one_by_one = _pad(mansion, plot, drafts, offered, size)
        return (batch, one_by_one) if len(batch) == size else None  # padding one by one never adds more

    if set_short_aside and content_aims_apply(plot.difficulty):
        aim = whole_proof_aim(len(search.open_values))
        cards = search.answer_cards(chosen)
        if cards <= aim - SHORT_BY:
            return ShortAttempt(cards, aim, padded)
    return padded()


Proven = Callable[[], tuple[str, Case, Proof] | None]  # an attempt set aside, explained when it is taken up


def _finished_later(mansion: Mansion, plot: Plot, short: ShortAttempt, rng: random.Random, lines: Sequence[str],
                    schema: str) -> Proven:
    """An attempt set aside after its search, finished when asked: padded, numbered, worded and proven with its steps
    from the attempt's own random state, as if it had not stopped (None when it gives no unique deck)."""
    return lambda: _finish_and_prove(mansion, plot, short.padded(), rng, lines, schema, stop_short=False)


def _explained_later(mansion: Mansion, text: str, case: Case) -> Proven:
    """An attempt set aside after a proof short of its steps: proven with them when asked."""
    return lambda: (text, case, prove(mansion, case))


def _finish_and_prove(mansion: Mansion, plot: Plot, made: Padded | None, rng: random.Random,
                      lines: Sequence[str], schema: str, stop_short: bool = True) -> tuple[str, Case, Proof] | None:
    """Number, word and prove an attempt's deck; when it is not unique with the key, pad again a card at a time
    and finish that deck from the same random state (so it reads as if made so at once). With ``stop_short`` a deck
    whose whole-answer proof misses its aim is proven short of its steps (see :func:`prove`)."""
    if made is None:
        return None
    batch, one_by_one = made
    state = rng.getstate()
    text, case = finish(mansion, plot, batch, rng, lines, schema)
    proof = prove(mansion, case, stop_short=stop_short)  # its first solve checks the batch: no separate check
    if proof.result.verdict != "unique" or proof.result.solutions[0] != plot.answer:
        drafts = one_by_one()
        if len(drafts) != len(batch):
            return None
        rng.setstate(state)
        text, case = finish(mansion, plot, drafts, rng, lines, schema)
        proof = prove(mansion, case, stop_short=stop_short)
    if proof.result.verdict != "unique" or (proof.metrics is None and not proof.stopped):
        return None
    return text, case, proof


TABLE_TRIES = 16  # attempts played at the table at most: past that, the one nearest its band is kept
SET_ASIDE_BEST = (0, 1)  # the closest an attempt set aside can come: at its level, one aim (the whole answer) missed


def generate_case(mansion: Mansion, plot: Plot, seed: int = 0, size: int = CASE_SIZE,
                  header: Sequence[str] = (), schema: str = SCHEMA_LINK,
                  attempts: Sequence[int] = DEFAULT_ATTEMPTS,
                  tell: Callable[[str], None] | None = None, avoid: Collection[str] = (),
                  table: Callable[[Mansion, Case], TableMeasure] | None = None) -> Generated:
    """The case for ``plot``: same mansion, plot, seed and attempt → same text.

    Attempts are independent (each seeded from the seed and its number); the first that measures at the
    declared level and meets the content aims wins, else the closest. An attempt that finds the culprit in a
    way ``avoid`` names (culprit patterns, e.g. those other cases of a set already use) misses one more aim.
    ``tell`` hears a line per attempt. With ``table`` (see :mod:`~gaslight.domain.walton.table_level`), an attempt
    that meets every other aim is played at the fixed table, and misses one more aim when its rounds or wrong
    answers are outside its level's band; after :data:`TABLE_TRIES` plays the nearest wins. An attempt whose
    whole-answer proof misses its aim cannot win outright: it is set aside before its steps are found, or before
    its deck is padded when its search already gives the answer with :data:`SHORT_BY` cards too few. When no
    attempt meets every aim, the closest explained attempt wins if it measures at the declared level and misses
    one aim, as no attempt set aside can do better; else the attempts set aside are explained too and the
    earliest of the closest wins.

    The table's bands are an aim only in the mansion they were measured in
    (:func:`~gaslight.domain.walton.table_level.bands_apply`); in another, attempts are not played one by one,
    and the case kept is played once so that its figures are there as advice (``table_advice``).

    Raises :class:`GenerateError` when the plot is impossible or no attempt succeeds.
    """
    if table is None or bands_apply(mansion.id):
        return _generate(mansion, plot, seed, size, header, schema, attempts, tell, avoid, table)
    found = _generate(mansion, plot, seed, size, header, schema, attempts, tell, avoid, None)
    return replace(found, table=table(mansion, found.case), table_advice=True)


def _generate(mansion: Mansion, plot: Plot, seed: int, size: int, header: Sequence[str], schema: str,
              attempts: Sequence[int], tell: Callable[[str], None] | None, avoid: Collection[str],
              table: Callable[[Mansion, Case], TableMeasure] | None) -> Generated:
    """:func:`generate_case`, with ``table`` (if any) an aim every attempt that meets the others is played for."""
    _check_plot(mansion, plot)
    avoided = frozenset(avoid)
    measured: list[Generated] = []
    # short of the whole-answer aim before their steps (or before their deck): finished and proven last if need be
    aside: list[tuple[int, Proven]] = []
    played = 0  # attempts played at the table
    late: list[int] = []  # attempts whose solves ran out of time
    for number in attempts:
        rng = random.Random(f"{plot.case_id}:{seed}:{number}")
        lines = [line.replace(ATTEMPT_MARK, str(number)) for line in header]
        try:  # each attempt's solves share one case's time budget (a loaded machine can exhaust it)
            made = attempt(mansion, plot, rng, size, profile_for(plot.difficulty, number), set_short_aside=True)
            if isinstance(made, ShortAttempt):
                if tell:
                    tell(f"attempt {number}: its structure and eliminations give the answer with "
                         f"{counted(made.cards, 'card')} (the whole answer's aim: {made.aim} or more): set aside")
                aside.append((number, _finished_later(mansion, plot, made, rng, lines, schema)))
                continue
            finished = _finish_and_prove(mansion, plot, made, rng, lines, schema)
        except TimeLimitReached as reached:
            late.append(number)
            if tell:
                tell(f"attempt {number}: its proof ran past {reached.seconds:g} s: set aside")
            continue
        if finished is None:
            if tell:
                tell(f"attempt {number}: no deck of {size} cards with exactly one answer")
            continue
        text, case, proof = finished
        if proof.stopped:
            if tell:
                tell(f"attempt {number}: unique, but {proof.stopped}: set aside")
            aside.append((number, _explained_later(mansion, text, case)))
            continue
        found = _measured(Generated(case, text, proof, number, avoided), tell, table is not None)
        if found.shortfall == (0, 0) and table is not None:
            found = replace(found, table=table(mansion, case))
            played += 1
            if tell:
                tell(f"attempt {number}: at the table {found.table.rounds:g} rounds, "  # type: ignore[union-attr]
                     f"{counted(found.table.wrong, 'wrong answer')}"  # type: ignore[union-attr]
                     + (f": {found.table_miss}" if found.table_miss else " — kept"))
        if found.shortfall == (0, 0):
            return found
        measured.append(found)
        if played >= TABLE_TRIES:
            break
    order = {number: position for position, number in enumerate(attempts)}

    def closest() -> Generated:
        return min(measured, key=lambda found: (found.shortfall, found.table_distance, order[found.attempt]))

    if measured:
        best = closest()
        if best.shortfall <= SET_ASIDE_BEST:
            return best  # no attempt set aside can do better
    for number, explained in aside:
        try:
            made = explained()
            if made is None:
                continue
            text, case, proof = made
        except TimeLimitReached:
            late.append(number)
            continue
        measured.append(_measured(Generated(case, text, proof, number, avoided), tell))
    if not measured:
        slow = (f" ({counted(len(late), 'attempt')} ran past the proof's time limit of {case_seconds():g} s)"
                if late else "")
        raise GenerateError(f"no attempt gave case '{plot.case_id}' exactly one answer in {size} cards{slow}; "
                            "try another seed")
    return closest()


def _measured(found: Generated, tell: Callable[[str], None] | None, playing: bool = False) -> Generated:
    """``found``, after telling how its attempt measured (``playing``: it is kept only after the table's say)."""
    metrics = found.proof.metrics
    if tell and metrics is not None:
        gap, missed = found.shortfall
        aims = f", {counted(missed, 'content aim')} missed" if missed else ""
        if found.repeats_a_pattern:
            aims += f" (finds the culprit by {metrics.steps.culprit_pattern}, as other cases do)"
        tell(f"attempt {found.attempt}: measured {metrics.measured_difficulty}{aims}"
             + (" — kept" if gap == missed == 0 and not playing else ""))
    return found
