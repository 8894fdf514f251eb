"""``gaslight balance BOARD [--variant V …] [--games N] [--seed S] [--format json]``: how a board plays.

The play page's own bots play whole games on the board, with the same engine code as the browser
(run by Node.js, :mod:`gaslight.play.hunt`), split over the machine's cores. Per variant: Jack's win rate
with a 95 % interval, escapes and police wins night by night, the track Jack used, where he was arrested
and which hideouts served him. Seeds make a report repeatable: the same command gives the same figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from gaslight.errors import EXIT_OK, EXIT_PROBLEMS, UsageError
from gaslight.play.hunt import FORMAT, MAX_GAMES, play_many, report


def format_text(found: dict[str, Any]) -> str:
    """One report as lines for a terminal."""
    lo, hi = found["ci95"]
    bots = found["strength"]
    lines = [f"board {found['board']}, {found['ruleset']}, {found['variant']}: {found['games']} games from seed "
             f"{found['seed']} "
             f"(bot strength: Jack {bots['jack']:g}, police {bots['police']:g})",
             f"  Jack wins {found['jack_wins']} ({100 * found['jack_win_rate']:.1f} %, 95 % interval "
             f"{100 * lo:.1f}–{100 * hi:.1f} %)"]
    police = found["police_wins"]
    lines.append(f"  police wins: {police['arrests']} arrests, {police['out_of_moves']} out of moves, "
                 f"{police['cornered']} cornered")
    lines.append("  night  escapes  arrests  out of moves  cornered")
    lines += [f"  {n['night']:>5}  {n['escapes']:>7}  {n['arrests']:>7}  {n['out_of_moves']:>12}  {n['cornered']:>8}"
              for n in found["by_night"]]
    if found["mean_track_used"] is not None:
        lines.append(f"  mean track used on an escape: {found['mean_track_used']} moves")
    top = ", ".join(f"{s['circle']} ({s['arrests']})" for s in found["arrest_spots"][:5]) or "none"
    lines.append(f"  most arrests on: {top}")
    best = ", ".join(f"{h['circle']} ({h['jack_wins']}/{h['games']})" for h in found["hideouts"][:5]) or "none"
    lines.append(f"  hideouts most used (Jack's wins/games): {best}")
    if found["illegal_actions"]:
        lines.append(f"  {found['illegal_actions']} games stopped: a bot found no legal action "
                     f"({'; '.join(found['stopped_because'])})")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Print the balance report of the board ``args.board`` for each variant asked for."""
    from gaslight.commands.stats import load_board_project
    from gaslight.domain.board.export import board_json
    from gaslight.outputs.engine import balance_hunt, hunt_rulesets, rules_json

    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games takes 1 to {MAX_GAMES} games, not {args.games}")
    strength = (args.jack_strength, args.police_strength)
    if not all(0 <= s <= 1 for s in strength):
        raise UsageError("a bot strength is a share of careful decisions, from 0 (every choice random) to 1 "
                         f"(the bot's best), not {', '.join(f'{s:g}' for s in strength if not 0 <= s <= 1)}")
    project, loaded = load_board_project(args, args.board)
    boards = project.of_kind("board")
    if not loaded.ok or not boards:
        print(loaded.format_text() or f"{args.board} holds no board", file=sys.stderr)
        return EXIT_PROBLEMS
    try:
        hunt = balance_hunt(project, args.ruleset)
    except KeyError:
        raise UsageError(f"the project has no hunt ruleset '{args.ruleset}' (hunt rulesets: "
                         f"{', '.join(h.id for h in hunt_rulesets(project))})") from None
    if hunt is None:
        raise UsageError("the project has no hunt ruleset to play the board with; add the bundled game "
                         "(games: [whitechapel-hunt] in gaslight.yaml) or a ruleset of your own")
    known = [v.id for v in hunt.variants]
    variants = args.variant or ["default"]
    unknown = [v for v in variants if v != "default" and v not in known]
    if unknown:
        raise UsageError(f"ruleset '{hunt.id}' has no variant {', '.join(repr(v) for v in unknown)} "
                         f"(variants: {', '.join(['default', *known])})")
    data = board_json(boards[0])
    jobs = args.jobs or os.cpu_count() or 1
    summaries = play_many(data, [rules_json(hunt, None if v == "default" else v, v) for v in variants],
                          args.games, args.seed, jobs, strength)
    found = [report(data["id"], variant, args.seed, summary, strength, ruleset=hunt.id)
             for variant, summary in zip(variants, summaries, strict=True)]
    if args.format == "json":
        print(json.dumps({"format": FORMAT, "reports": found}, indent=2))
    else:
        print("\n\n".join(format_text(f) for f in found))
    return EXIT_OK if all(f["illegal_actions"] == 0 for f in found) else EXIT_PROBLEMS
