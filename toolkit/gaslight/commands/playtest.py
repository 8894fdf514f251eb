"""``gaslight playtest CASE [--seats N] [--games G] [--seed S] [--format json]``: a Walton case at the table.

Bots play the case as the card game is played (the table page's own engine and bots, run by Node.js): each
seat sees only its cards and solves when what it has seen leaves one answer. The report says how many games
were solved, in how many rounds, how many answers were wrong on the way and how many cards the first right
solver had seen: a case's difficulty at the table, beside the solver's measured level. Seeds make it
repeatable. Exit code 0 when the games were played, 1 when the case cannot be played (not unique), 2 for a
usage error.
"""

from __future__ import annotations

import argparse
import json
import os

from gaslight.commands.solve import case_in_mansion
from gaslight.domain.walton.export import case_json
from gaslight.domain.walton.proof import prove
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS
from gaslight.limits import TimeLimitReached
from gaslight.play.walton import check_request, play_case


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


def run(args: argparse.Namespace) -> int:
    """Play the case ``args.case`` with bots and print the report."""
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
    print(json.dumps(found, indent=2) if args.format == "json" else format_text(found))
    return EXIT_OK
