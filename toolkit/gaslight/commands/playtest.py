"""``gaslight playtest CASE-DECK-OR-RULESET [--players N] [--games G] [--seed S] [--variant V …] [--format json]``.

A deck or ruleset of Ripper rummy or 24 (a file, or an id of the project) is played by the engine's bots under
each variant asked for, side by side (:mod:`gaslight.play.playtest`): win rate by seat with a 95 % Wilson
interval and the first player's edge, scores, game length, what became of each card, how often each rule fired.
A deck or ruleset of a game of the designer's own has no engine: the command says so (exit code 1).

For a Walton case, bots play the case as the card game is played (the table page's own engine and bots, run
by Node.js): each seat sees only its cards and solves when what it has seen leaves one answer. The report
says how many games were solved, in how many rounds, how many answers were wrong on the way and how many cards
the first right solver had seen: a case's difficulty at the table, beside the solver's measured level. Seeds
make it repeatable. At the generator's table (four seats, twelve games from seed 1: the defaults but for
``--games 12``) the text report also says the level the case plays at
(:mod:`gaslight.domain.walton.table_level`), which is what the generator aims each level at, by the bands of the
case's own mansion: the bands were measured in Walton House, so in another mansion the line says so and gives
the level they would give as advice only, as the generator does. Exit code 0
when the games were played, 1 when the case cannot be played (not unique), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from gaslight.commands.context import project_config
from gaslight.commands.solve import case_in_mansion
from gaslight.domain.walton.export import case_json
from gaslight.domain.walton.proof import prove
from gaslight.domain.walton.table_level import (
    CALIBRATED_ON,
    TABLE,
    TableMeasure,
    bands_apply,
    table_level,
    table_miss,
)
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS, UsageError
from gaslight.limits import TimeLimitReached
from gaslight.play.walton import check_request, play_case

#: Most variants one report compares side by side.
MAX_VARIANTS = 4
CARD_KINDS = ("deck", "ruleset")


def format_text(found: dict) -> str:
    """The report as lines for a terminal."""
    games = found["games"]
    lines = [f"case {found['case']}: {games} games at a table of {found['seats']} bots from seed {found['seed']}",
             f"  solved {found['solved']} of {games}; {found['unsolved']} unsolved (everyone out), "
             f"{found['stalled']} stopped unsolved after 60 rounds",
             f"  wrong answers on the way: {found['wrong_solves']}"]
    if found["mean_rounds"] is not None:
        lines.append(f"  rounds to the first right answer: {found['mean_rounds']} on average "
                     f"(fewest {min(map(int, found['rounds']))}, most {max(map(int, found['rounds']))})")
        lines.append(f"  cards the right solver had seen: {found['cards_seen_at_solve']} on average")
    return "\n".join(lines)


def _card_target(args: argparse.Namespace) -> tuple[Any, Any, Path] | None:
    """The project loaded around the deck or ruleset ``args.case`` names (a file, or an id of the project): the
    project, its load report and the file; None when ``args.case`` is not a deck or ruleset (a case, then)."""
    from gaslight.commands.solve import _candidates
    from gaslight.discover import files_of_kind
    from gaslight.play.cardgame import load

    path = Path(args.case)
    if path.is_dir():
        raise UsageError(f"{args.case} is a folder; name a case, deck or ruleset file, or the id of one")
    if path.is_file():
        if not any(files_of_kind([path], kind) for kind in CARD_KINDS):
            return None
        files, _ = _candidates(args, [path])
    elif path.suffix in (".yaml", ".yml") or "/" in args.case:
        raise UsageError(f"no such case, deck or ruleset file: {args.case}")
    elif project_config(args) is None:
        return None
    else:
        files, where = _candidates(args, [])
        path = next((f for kind in CARD_KINDS for f in files_of_kind(files, kind, args.case)), None)
        if path is None:
            if files_of_kind(files, "case", args.case):
                return None
            known = "; ".join(f"{kind}s: {', '.join(sorted({f.stem for f in files_of_kind(files, kind)})) or 'none'}"
                              for kind in ("case", *CARD_KINDS))
            raise UsageError(f"no case, deck or ruleset '{args.case}' in {where} ({known})")
    resolved = path.resolve()
    others = [f for kind in CARD_KINDS for f in files_of_kind(files, kind) if f.resolve() != resolved]
    return load([path, *others])


def run_card_game(args: argparse.Namespace, project: Any, loaded: Any, path: Path) -> int:
    """Bots play the deck or ruleset at ``path`` under each variant asked for; print the report."""
    from gaslight.diagnostics import Report
    from gaslight.play.cardgame import CardGameProblems, NotACardGame, card_game, check_players, check_variants
    from gaslight.play.playtest import check_games, playtest
    from gaslight.play.playtest_text import format_text

    check_games(args.games)
    if loaded.errors:
        print(Report(diagnostics=loaded.errors).format_text())
        return EXIT_PROBLEMS
    try:
        game = card_game(project, None, path)
    except NotACardGame as error:
        print(error)
        return EXIT_PROBLEMS
    variants = check_variants(game, args.variant, MAX_VARIANTS)
    players = args.seats if args.seats is not None else game.default_players
    try:
        check_players(game, variants, players)
        found = playtest(game, variants, players, args.games, args.seed, args.jobs or os.cpu_count() or 1)
    except CardGameProblems as error:
        print("\n".join(error.lines))
        return EXIT_PROBLEMS
    print(json.dumps(found, indent=2, ensure_ascii=False) if args.format == "json" else format_text(found))
    stopped = any(v["illegal"] or v["stalled"] for v in found["variants"])
    return EXIT_PROBLEMS if stopped else EXIT_OK


def run(args: argparse.Namespace) -> int:
    """Play the case, deck or ruleset ``args.case`` with bots and print the report."""
    if args.jobs is not None and not 1 <= args.jobs <= 64:
        raise UsageError(f"--jobs takes 1 to 64 worker processes, not {args.jobs}")
    target = _card_target(args)
    if target is not None:
        return run_card_game(args, *target)
    if args.variant:
        raise UsageError("--variant is for a deck or ruleset of Ripper rummy or 24; a Walton case has no variants")
    args.seats = 4 if args.seats is None else args.seats
    check_request(args.seats, args.games)
    found = case_in_mansion(args)
    if found is None:
        return EXIT_PROBLEMS
    mansion, case = found
    shown = case.location.file
    try:
        verdict = prove(mansion, case).result
    except TimeLimitReached:
        verdict = None
    if verdict is None or verdict.verdict != "unique" or verdict.solutions[0] != case.answer:
        said = "could not be proven in time" if verdict is None else (
            "has an answer other than its key" if verdict.verdict == "unique" else f"is {verdict.verdict}")
        print(f"{shown}: case '{case.id}' {said}; bots can only play a case with one answer, its own "
              f"(fix: run `gaslight solve {case.id}` and repair the case first)")
        return EXIT_PROBLEMS
    found = play_case(case_json(mansion, case), args.seats, args.games, args.seed, args.jobs or os.cpu_count() or 1)
    if args.format == "json":
        print(json.dumps(found, indent=2))
        return EXIT_OK
    print(format_text(found))
    if (args.seats, args.games, args.seed) == TABLE:
        print(level_line(case.difficulty, found, mansion.id))
    return EXIT_OK


def level_line(declared: str, found: dict, mansion: str = CALIBRATED_ON) -> str:
    """The level a case of ``mansion`` plays at, from a report of the generator's table, beside its declared level
    (by the bands of that mansion; where none were measured, the level Walton House's would give, as advice).

    >>> found = {"mean_rounds": 8.0, "wrong_solves": 1, "solved": 12}
    >>> level_line("B", found)
    '  plays at level A at the table (declared B: it plays in 8 rounds at the table (aim for level B: 8.5 to 9.4))'
    >>> level_line("B", found, "my-mansion").split(": ")
    ["  no level bands were measured in the mansion 'my-mansion'", "by those of 'walton-house' it would play at level \
A (advice only; the declared level B rests on the proof)"]
    """
    measure = TableMeasure(found["mean_rounds"] or 61.0, found["wrong_solves"], found["solved"])
    if not bands_apply(mansion):
        return (f"  no level bands were measured in the mansion '{mansion}': by those of '{CALIBRATED_ON}' it would "
                f"play at level {table_level(measure.rounds, measure.wrong)} (advice only; the declared level "
                f"{declared} rests on the proof)")
    miss = table_miss(declared, measure)
    return f"  plays at level {table_level(measure.rounds, measure.wrong)} at the table (declared {declared}" + (
        f": {miss})" if miss else ")")
