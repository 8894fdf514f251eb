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

From the command line (the plot is drawn from the seed unless given; the file
records the command that made it, so it can be made again byte for byte)::

    python -m gaslight.domain.walton.generate --difficulty C --seed 3 --out scenarios/walton/cases/x.yaml \
        [--culprit greg --motive debts --weapon fire-iron --accomplice angelica --accomplice-motive will] \
        [--title "…" --description "…" --id x --size 70 --force]

>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> plot = Plot("mini-gen", "Mini", "I", Answer("ann", "money", "knife"))
>>> result = generate_case(house, plot, seed=1, size=12)
>>> result.verdict, len(result.case.cards)
('unique', 12)
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import shlex
import sys
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import chain, islice
from pathlib import Path
from typing import TYPE_CHECKING

from gaslight.domain.walton.case import DIFFICULTIES, NO_ACCOMPLICE_LEVELS, Answer, Case, load_case
from gaslight.domain.walton.deckfile import HEADER, SCHEMA_LINK, Deck, build_case, default_title, finish, load_text
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
from gaslight.domain.walton.liars import READINGS, reading_of
from gaslight.domain.walton.mansion import Mansion, Suspect
from gaslight.domain.walton.proof import Proof, counted, level_gap, prove
from gaslight.domain.walton.search import Search
from gaslight.domain.walton.solver import solve
from gaslight.domain.walton.table_level import (
    CALIBRATED_ON,
    TABLE,
    TABLE_BANDS,
    TableMeasure,
    bands_apply,
    table_level,
    table_miss,
)
from gaslight.limits import TimeLimitReached, case_seconds
from gaslight.resources import SCHEMA_DIR

if TYPE_CHECKING:
    from gaslight.diagnostics import Report
    from gaslight.yamlio import Document

__all__ = ["GenerateError", "Generated", "Plot", "Search", "generate_case", "load_text", "main"]

CASE_SIZE = 70
CARD_LANGUAGES = ("en", "ja")  # the languages the cards have phrasings in (gaslight.domain.walton.phrasing_ja)


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


def attempt(mansion: Mansion, plot: Plot, rng: random.Random, size: int, profile: Profile | None = None
            ) -> Padded | None:
    """One try at a deck of ``size`` cards, shaped by ``profile`` (default: the level's first profile): the deck,
    not yet proven unique, and a slower way to pad it again that keeps it unique (see :func:`_pad`); None when the
    search finds no deck."""
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
    pads = padding(mansion, plot.answer, world, rng, profile, drafts)
    if profile.direct >= 1:  # easy levels: spare eliminations are welcome redundancy
        pads += [search.candidates[i] for i in order if i not in chosen]  # strong ones: dropped with the rest
    offered: Iterable[Draft] = _weak(mansion, plot, fixed, pads, profile.weak) if profile.weak else pads
    batch, one_by_one = _pad(mansion, plot, drafts, offered, size)
    return (batch, one_by_one) if len(batch) == size else None  # padding one by one never adds more


def _finish_and_prove(mansion: Mansion, plot: Plot, made: Padded | None, rng: random.Random,
                      lines: Sequence[str], schema: str) -> tuple[str, Case, Proof] | None:
    """Number, word and prove an attempt's deck; when it is not unique with the key, pad again a card at a time
    and finish that deck from the same random state (so it reads as if made so at once). A deck whose
    whole-answer proof misses its aim is proven short of its steps (see :func:`prove`)."""
    if made is None:
        return None
    batch, one_by_one = made
    state = rng.getstate()
    text, case = finish(mansion, plot, batch, rng, lines, schema)
    proof = prove(mansion, case, stop_short=True)  # its first solve checks the batch: no separate check
    if proof.result.verdict != "unique" or proof.result.solutions[0] != plot.answer:
        drafts = one_by_one()
        if len(drafts) != len(batch):
            return None
        rng.setstate(state)
        text, case = finish(mansion, plot, drafts, rng, lines, schema)
        proof = prove(mansion, case, stop_short=True)
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
    whole-answer proof misses its aim cannot win outright: it is set aside before its steps are found. When no
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
    aside: list[tuple[int, str, Case]] = []  # unique, but short of an aim before their steps: proven last if need be
    played = 0  # attempts played at the table
    late: list[int] = []  # attempts whose solves ran out of time
    for number in attempts:
        rng = random.Random(f"{plot.case_id}:{seed}:{number}")
        lines = [line.replace(ATTEMPT_MARK, str(number)) for line in header]
        try:  # each attempt's solves share one case's time budget (a loaded machine can exhaust it)
            made = attempt(mansion, plot, rng, size, profile_for(plot.difficulty, number))
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
            aside.append((number, text, case))
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
    for number, text, case in aside:
        try:
            proof = prove(mansion, case)
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


# --- command line ----------------------------------------------------------------------------------


def _valid(path: Path, kind: str) -> tuple[Document | None, Report]:
    """``path`` parsed, when it is a schema-valid file of ``kind`` (the models assume a valid document)."""
    from gaslight.schema import validate
    from gaslight.yamlio import parse_file

    doc, report = parse_file(path, str(path))
    if doc is None:
        return None, report
    if _kind_of(doc) != kind:
        report.error(doc.loc(()), f"not a {kind} file (it has no top-level 'kind: {kind}')",
                     fix=f"name a {kind} file")
        return None, report
    return (doc if validate(doc, f"{kind}.schema.json", report) else None), report


def _kind_of(doc: Document) -> object:
    return doc.data.get("kind") if isinstance(doc.data, dict) else None


def _another_kind(path: Path) -> bool:
    """Gaslight's or a tool's configuration, or a scenario file of another kind than a case (a mansion, a board)."""
    from gaslight.discover import NOT_SCENARIOS
    from gaslight.yamlio import parse_file

    if path.name in NOT_SCENARIOS:
        return True
    doc, _ = parse_file(path, str(path))
    kind = _kind_of(doc) if doc is not None else None
    return isinstance(kind, str) and kind != "case"


def _load_mansion(path: Path) -> Mansion:
    from gaslight.domain.walton.mansion import load_mansion

    doc, report = _valid(path, "mansion")
    mansion = load_mansion(doc, report) if doc is not None else None
    if mansion is None:
        raise GenerateError(f"cannot load the mansion {path}:\n{report.format_text()}")
    return mansion


def _random_plot(mansion: Mansion, args: argparse.Namespace, rng: random.Random) -> Answer:
    suspects: list[Suspect] = list(mansion.suspects)
    culprit = next((s for s in suspects if s.id == args.culprit), None) or rng.choice(suspects)
    motive = args.motive or rng.choice(culprit.motive_ids)
    weapon = args.weapon or rng.choice([w.id for w in mansion.weapons])
    if args.difficulty in NO_ACCOMPLICE_LEVELS or args.accomplice == "none":
        return Answer(culprit.id, motive, weapon)
    helper = next((s for s in suspects if s.id == args.accomplice), None) or rng.choice(
        [s for s in suspects if s.id != culprit.id])
    return Answer(culprit.id, motive, weapon, helper.id, args.accomplice_motive or rng.choice(helper.motive_ids))


def _tell(line: str) -> None:
    print(f"generate: {line}", file=sys.stderr, flush=True)


def _used_twice(mansion: Mansion, folder: Path, out: Path, tell: Callable[[str], None]) -> frozenset[str]:
    """The culprit patterns two or more of the unique cases in ``folder`` (``out`` aside) already use."""
    if not folder.is_dir():
        raise GenerateError(f"--vary-from: {folder} is not a folder")
    seen: Counter[str] = Counter()
    for path in sorted(folder.glob("*.yaml")):
        # the folder may be a project's root (gaslight.yaml, CI files) or hold the mansion: only cases count
        if path.resolve() == out.resolve() or _another_kind(path):
            continue
        doc, report = _valid(path, "case")
        case = load_case(doc, report) if doc is not None else None
        metrics = prove(mansion, case).metrics if case is not None and case.mansion == mansion.id else None
        if metrics is None:
            tell(f"--vary-from: {path.name} left out (not a unique case of mansion '{mansion.id}')")
            continue
        seen[metrics.steps.culprit_pattern] += 1
    twice = frozenset(pattern for pattern, count in seen.items() if count >= 2)
    for pattern in sorted(twice):
        tell(f"--vary-from: {seen[pattern]} cases find the culprit by {pattern}")
    return twice


def _table_player() -> Callable[[Mansion, Case], TableMeasure] | None:
    """Play attempts at the table when Node.js is there to run the engine's bots (said once when it is not)."""
    from gaslight.play.walton_table import measure_at_table, node_available

    if node_available():
        return measure_at_table
    _tell("Node.js is not on the PATH: attempts are not played at the table, so the level rests on the proof alone")
    return None


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m gaslight.domain.walton.generate",
                                     description="Generate a Walton case with exactly one answer.")
    parser.add_argument("--difficulty", required=True, choices=DIFFICULTIES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", required=True, help="the case file to write")
    parser.add_argument("--mansion", default="scenarios/walton/mansion.yaml")
    parser.add_argument("--id", dest="case_id", help="case id (default: the file name)")
    parser.add_argument("--title", help="case title")
    parser.add_argument("--title-in", nargs=2, action="append", metavar=("LANG", "TITLE"), help="the title in LANG "
                        "(again for each language: the file writes the title as a map; instead of --title)")
    parser.add_argument("--description", default="")
    parser.add_argument("--culprit")
    parser.add_argument("--motive")
    parser.add_argument("--weapon")
    parser.add_argument("--accomplice", help="a suspect id, or 'none'")
    parser.add_argument("--accomplice-motive")
    parser.add_argument("--liars", choices=READINGS, help="who may lie (default: the mansion's reading)")
    parser.add_argument("--size", type=int, default=CASE_SIZE, help="number of cards (default 70)")
    parser.add_argument("--attempt", type=int, help="make only this attempt (the header of a generated case "
                        "names the one that made it, so it can be made again at once)")
    parser.add_argument("--force", action="store_true", help="overwrite the file if it exists")
    parser.add_argument("--no-table", action="store_true", help="do not play attempts at the table (the level "
                        "then rests on the proof alone; without Node.js the table is skipped anyway)")
    parser.add_argument("--lang", choices=CARD_LANGUAGES, help="the language of the cards' text (default: as the "
                        "mansion's names are written, in English phrasings)")
    parser.add_argument("--vary-from", metavar="FOLDER", help="a folder of cases this one joins: an attempt that "
                        "finds the culprit the same way as two of them counts as missing an aim")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    out = Path(args.out)
    if out.exists() and not args.force:
        print(f"generate: error: {out} exists; pass --force to replace it", file=sys.stderr)
        return 1
    try:
        mansion = _load_mansion(Path(args.mansion))
        mansion = mansion.in_language(args.lang) if args.lang else mansion
        answer = _random_plot(mansion, args, random.Random(args.seed))
        case_id = args.case_id or out.stem
        titles = tuple((code, text) for code, text in args.title_in or ())
        title = args.title or (titles[0][1] if titles else default_title(case_id, mansion))
        plot = Plot(case_id, title, args.difficulty, answer, args.description, args.liars, titles)
        command = ["python -m gaslight.domain.walton.generate", f"--id {case_id}", f"--difficulty {args.difficulty}",
                   f"--seed {args.seed}", f"--attempt {ATTEMPT_MARK}", f"--culprit {answer.culprit}",
                   f"--motive {answer.motive}", f"--weapon {answer.weapon}",
                   f"--accomplice {answer.accomplice or 'none'}"]
        if answer.accomplice_motive:
            command.append(f"--accomplice-motive {answer.accomplice_motive}")
        if plot.liars:
            command.append(f"--liars {plot.liars}")
        if args.lang:
            command.append(f"--lang {args.lang}")
        if args.size != CASE_SIZE:  # without it the header would remake a case of another size
            command.append(f"--size {args.size}")
        command += [f"--title-in {code} {shlex.quote(text)}" for code, text in titles] or [
            f"--title {shlex.quote(plot.title)}"]
        if plot.description:
            command.append(f"--description {shlex.quote(plot.description)}")
        header = [HEADER[mansion.language or "en"][0], "  " + " ".join(command), HEADER[mansion.language or "en"][1]]
        schema = os.path.relpath(SCHEMA_DIR / "case.schema.json", out.resolve().parent).replace(os.sep, "/")
        attempts = DEFAULT_ATTEMPTS if args.attempt is None else [args.attempt]
        avoid = _used_twice(mansion, Path(args.vary_from), out, _tell) if args.vary_from else ()
        table = None if args.no_table else _table_player()
        result = generate_case(mansion, plot, args.seed, args.size, header, schema, attempts, _tell, avoid, table)
    except GenerateError as exc:
        print(f"generate: error: {exc}", file=sys.stderr)
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(result.text, encoding="utf-8", newline="\n")
    metrics = result.proof.metrics
    assert metrics is not None
    played = result.table
    at_table = "" if played is None else (f"; at the table {played.rounds:g} rounds, "
                                          f"{counted(played.wrong, 'wrong answer')} in {TABLE[1]} games")
    print(f"wrote {out}: {len(result.case.cards)} cards, verdict {result.verdict}, measured difficulty "
          f"{metrics.measured_difficulty} (score {metrics.score:g}), attempt {result.attempt}{at_table}")
    if played is not None and result.table_advice:
        print(f"note: the table's level bands were measured in the mansion '{CALIBRATED_ON}', so in "
              f"'{mansion.id}' the rounds are advice and the level rests on the proof (by those bands it would "
              f"play at level {table_level(played.rounds, played.wrong)}; 'gaslight playtest' measures it again)")
    misses = result_misses(result)
    if misses:
        print(f"the closest attempt, not the case asked for: {'; '.join(misses)}. Try another --seed, or edit "
              "the cards ('gaslight solve' shows the measures)")
    return 0


def result_misses(result: Generated) -> list[str]:
    """How the kept attempt falls short of the case asked for (empty when it measures as declared and meets every
    content aim)."""
    metrics = result.proof.metrics
    assert metrics is not None
    misses = []
    if metrics.measured_difficulty != result.case.difficulty:
        misses.append(f"measured {metrics.measured_difficulty}, not {result.case.difficulty}")
    misses += metrics.falls_short()
    if result.table_miss:
        misses.append(result.table_miss)
    if result.repeats_a_pattern:
        misses.append(f"it finds the culprit by {metrics.steps.culprit_pattern}, as two other cases of the set do")
    return misses


if __name__ == "__main__":
    sys.exit(main())
