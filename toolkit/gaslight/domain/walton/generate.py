"""The case generator's command line: a Walton case file from a plot (drawn from the seed unless given).

The file records the command that made it, so it can be made again byte for byte::

    python -m gaslight.domain.walton.generate --difficulty C --seed 3 --out scenarios/walton/cases/x.yaml \
        [--culprit greg --motive debts --weapon fire-iron --accomplice angelica --accomplice-motive will] \
        [--title "…" --description "…" --id x --size 70 --force]

The generation itself (the four phases, the attempts, and which one is kept) is
:mod:`gaslight.domain.walton.generator`; this module reads the options and the mansion, draws the plot, writes
the file with its header, and says how the kept attempt measured.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from gaslight.domain.walton.case import DIFFICULTIES, NO_ACCOMPLICE_LEVELS, Answer, Case, load_case
from gaslight.domain.walton.deckfile import HEADER, default_title
from gaslight.domain.walton.drafting import GenerateError, Plot
from gaslight.domain.walton.generator import ATTEMPT_MARK, CASE_SIZE, DEFAULT_ATTEMPTS, Generated, generate_case
from gaslight.domain.walton.liars import READINGS
from gaslight.domain.walton.mansion import Mansion, Suspect
from gaslight.domain.walton.proof import counted, prove
from gaslight.domain.walton.table_level import CALIBRATED_ON, TABLE, TableMeasure, table_level
from gaslight.resources import SCHEMA_DIR

if TYPE_CHECKING:
    from gaslight.diagnostics import Report
    from gaslight.yamlio import Document

CARD_LANGUAGES = ("en", "ja")  # the languages the cards have phrasings in (gaslight.domain.walton.phrasing_ja)


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
    if not (args.culprit or args.motive or args.weapon) and mansion.listed_first() == (culprit.id, motive, weapon):
        # the first of each, as a careless accusation would name them (check warns): another weapon, else motive
        if len(mansion.weapons) > 1:
            weapon = rng.choice([w.id for w in mansion.weapons[1:]])
        elif len(culprit.motive_ids) > 1:
            motive = rng.choice(culprit.motive_ids[1:])
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
