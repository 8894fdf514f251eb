"""A balance page per board and hunt variant: the engine's bots play it and the page shows how.

``boards/<id>-balance.md`` (base rules, with a table of every variant) and
``boards/<id>-balance-<variant>.md``: Jack's win rate with its 95 % interval, night by night escapes
and police wins as a bar chart, and two heat maps over the board (where Jack was arrested, which
hideouts served him). The games are seeded, so a build gives the same pages every time; each page
says how to reproduce it with ``gaslight balance``. Without Node.js (which plays the games) no
balance page is made.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from gaslight.domain.board.model import Board
from gaslight.languages import site_word
from gaslight.outputs.board_svg import SvgOptions, board_svg, num
from gaslight.outputs.sink import GAME_SITES, BuildOutput
from gaslight.outputs.text import html_text, md_text
from gaslight.project import Project

#: Games per board at build time: enough for a ±7 % interval, a few seconds on two cores.
BUILD_GAMES = 200
BUILD_SEED = 1
ARREST_COLOUR = "#8e44ad"
HIDEOUT_COLOUR = "#2e6fb0"
SECTION = (GAME_SITES["hunt"].section, site_word("nav.boards"))


def balance_page_path(board_id: str, variant_id: str | None = None) -> str:
    return f"boards/{board_id}-balance{'-' + variant_id if variant_id else ''}.md"


@dataclass(frozen=True)
class Played:
    """One board's games under one variant (None: the base rules)."""

    variant_id: str | None
    title: str
    found: dict[str, Any]
    ruleset: str  # the ruleset's title


#: Jack's win rate, between bots at full strength, at which both sides have a real chance.
FAIR_RANGE = (0.30, 0.60)


def verdict(rate: float) -> str:
    """One sentence on whether both sides have a real chance at this win rate of Jack's.

    >>> verdict(0.458)
    'Both sides have a real chance: Jack wins between 30 % and 60 % of the games.'
    >>> verdict(0.013).split(':')[0]
    'The police are far stronger on this board'
    """
    low, high = FAIR_RANGE
    if rate < low:
        return (f"The police are far stronger on this board: Jack wins less than {100 * low:.0f} % of the games "
                "(move the yellow crossings, take away a police pawn with tokens: {patrols: N}, or give Jack "
                "more circles and links).")
    if rate > high:
        return (f"Jack is far stronger on this board: he wins more than {100 * high:.0f} % of the games (give "
                "the police more yellow crossings, or Jack fewer circles and links).")
    return f"Both sides have a real chance: Jack wins between {100 * low:.0f} % and {100 * high:.0f} % of the games."


def will_run(project: Project) -> bool:
    """Whether the build makes balance pages: a hunt ruleset to play and Node.js to play it."""
    from gaslight.outputs.engine import hunt_rulesets
    from gaslight.play.node import node_available

    return bool(hunt_rulesets(project)) and node_available()


def night_chart(by_night: Sequence[dict[str, Any]]) -> str:
    """Escapes and police wins per night as a small inline bar chart (SVG, no blank lines)."""
    height, bar, gap = 120.0, 18.0, 22.0
    top = max([1] + [max(n["escapes"], n["arrests"] + n["out_of_moves"] + n["cornered"]) for n in by_night])
    width = len(by_night) * (2 * bar + gap) + gap
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gl-chart" viewBox="0 0 {num(width)} {num(height + 30)}" '
             f'width="{num(width * 2)}" role="img" aria-label="Escapes and police wins per night">']
    for i, night in enumerate(by_night):
        x = gap + i * (2 * bar + gap)
        police = night["arrests"] + night["out_of_moves"] + night["cornered"]
        for dx, value, colour, what in ((0, night["escapes"], HIDEOUT_COLOUR, "escapes"),
                                        (bar, police, ARREST_COLOUR, "police wins")):
            h = height * value / top
            parts.append(f'<rect x="{num(x + dx)}" y="{num(height - h)}" width="{num(bar - 2)}" height="{num(h)}" '
                         f'fill="{colour}"><title>Night {night["night"]}: {value} {what}</title></rect>')
        parts.append(f'<text x="{num(x + bar)}" y="{num(height + 16)}" text-anchor="middle" font-size="11">'
                     f'night {night["night"]}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _shares(rows: Sequence[tuple[int, int]]) -> tuple[tuple[int, float], ...]:
    top = max((count for _, count in rows), default=0)
    return tuple((circle, count / top) for circle, count in rows if top)


def balance_page(board: Board, played: Played, variants: Sequence[Played] = ()) -> str:
    """The Markdown of a board's balance page under one variant (links relative to ``boards/``).

    The base rules' page (``played.variant_id`` None) also lists ``variants`` side by side.
    """
    found = played.found
    lo, hi = found["ci95"]
    police = found["police_wins"]
    arrests = _shares([(s["circle"], s["arrests"]) for s in found["arrest_spots"]])
    hideouts = _shares([(h["circle"], h["jack_wins"]) for h in found["hideouts"]])
    rows = [f"| {n['night']} | {n['escapes']} | {n['arrests']} | {n['out_of_moves']} | {n['cornered']} |"
            for n in found["by_night"]]
    stopped = (f"\n\n{found['illegal_actions']} games stopped before an end: "
               f"{md_text('; '.join(found['stopped_because']))}." if found["illegal_actions"] else "")
    variant = f" --variant {played.variant_id}" if played.variant_id else ""
    rules = (f"under the variant *{md_text(played.title)}* of {md_text(played.ruleset)} "
             f"([base rules]({board.id}-balance.md))" if played.variant_id
             else f"under the base rules of {md_text(played.ruleset)}")
    heading = f"{md_text(board.title)}: balance" + (f", {md_text(played.title)}" if played.variant_id else "")
    return "\n".join([
        f"# {heading}",
        "",
        f"The play page's bots played {found['games']} games on [this board]({board.id}.md) {rules} "
        f"(seeds {found['seed']} to {found['seed'] + found['games'] - 1}, both bots at full strength). "
        f"Reproduce or vary it with `gaslight balance {board.id}{variant} --games {found['games']} "
        f"--seed {found['seed']}` (add `--variant`, `--jack-strength`, `--police-strength`).{stopped}",
        "",
        f"**Jack wins {found['jack_wins']} of {found['finished']} games: {100 * found['jack_win_rate']:.1f} %** "
        f"(95 % interval {100 * lo:.1f}–{100 * hi:.1f} %). The police win by {police['arrests']} arrests, "
        f"{police['out_of_moves']} times Jack's track ran out and {police['cornered']} times he was cornered."
        + (f" On an escape Jack used {found['mean_track_used']} moves of his track on average."
           if found["mean_track_used"] is not None else "")
        + f" {md_text(verdict(found['jack_win_rate']))}",
        "",
        *_variant_table(board, played, variants),
        "## Night by night",
        "",
        f'<div class="gaslight-chart">{night_chart(found["by_night"])}</div>',
        "",
        "Blue: Jack reached his hideout; purple: the police won that night.",
        "",
        "| Night | Escapes | Arrests | Track ran out | Cornered |",
        "|---:|---:|---:|---:|---:|",
        *rows,
        "",
        "## Where Jack was arrested",
        "",
        f'<div class="gaslight-board" aria-label="Arrests on {html_text(board.title)}">',
        board_svg(board, SvgOptions(show_places=False, heat=arrests, heat_colour=ARREST_COLOUR)).rstrip("\n"),
        "</div>",
        "",
        "The bigger and darker the purple halo, the more arrests on that circle.",
        "",
        "## Hideouts that served Jack",
        "",
        f'<div class="gaslight-board" aria-label="Winning hideouts on {html_text(board.title)}">',
        board_svg(board, SvgOptions(show_places=False, heat=hideouts, heat_colour=HIDEOUT_COLOUR)).rstrip("\n"),
        "</div>",
        "",
        "The bigger and darker the blue halo, the more games Jack won from a hideout there.",
        "",
    ])


def _variant_table(board: Board, played: Played, variants: Sequence[Played]) -> list[str]:
    """Every variant's win rate beside the base rules' (on the base rules' page only)."""
    if played.variant_id or not variants:
        return []
    rows = []
    for run in (played, *variants):
        f = run.found
        lo, hi = f["ci95"]
        name = (f"[{md_text(run.title)}]({balance_page_path(board.id, run.variant_id).removeprefix('boards/')})"
                if run.variant_id else md_text(run.title))
        rows.append(f"| {name} | {100 * f['jack_win_rate']:.1f} % | {100 * lo:.1f}–{100 * hi:.1f} % | "
                    f"{f['finished']} |")
    return ["## By variant", "", "| Rules | Jack wins | 95 % interval | Games |", "|---|---:|---:|---:|", *rows, ""]


def preview_page(board: Board) -> str:
    """What the live preview shows instead of the figures."""
    return (f"# {md_text(board.title)}: balance\n\nThe live preview does not replay the bots. `gaslight build` "
            f"makes this page ({BUILD_GAMES} seeded games on [this board]({board.id}.md)); "
            f"`gaslight balance {board.id}` prints the same figures now.\n")


def contribute(project: Project, out: BuildOutput) -> None:
    """A balance page per board and variant, when the project has hunt rules and Node.js is installed."""
    if not will_run(project):
        return
    from gaslight.cache import engine_code
    from gaslight.domain.board.export import board_json
    from gaslight.outputs.engine import balance_hunt, rules_json
    from gaslight.play.hunt import play_many, report

    hunt = balance_hunt(project)
    runs = [(None, site_word("nav.base_rules")), *((v.id, v.title) for v in hunt.variants)]
    for board in project.of_kind("board"):
        menu = (*SECTION, site_word("nav.balance", board=board.title))
        for code in project.config.languages[1:] if project.config else ():
            out.translate_label(code, menu[-1], site_word("nav.balance", code, board=board.title))
        if out.keep_unchanged:  # the live preview: replaying games on every save would slow it down
            out.page(balance_page_path(board.id), preview_page(board), nav=(*menu, site_word("nav.base_rules")))
            continue
        shown, rules = board_json(board), [rules_json(hunt, v, title) for v, title in runs]
        summaries = out.cache.remember(  # the worker count does not change the figures (contiguous seeds)
            "balance", {"board": shown, "runs": rules, "games": BUILD_GAMES, "seed": BUILD_SEED},
            engine_code("hunt/selfplay.mjs", "play/hunt.py", "play/node.py"),
            partial(play_many, shown, rules, BUILD_GAMES, BUILD_SEED, os.cpu_count() or 1))
        base, *variants = [Played(v, title, report(board.id, v or "default", BUILD_SEED, summary, ruleset=hunt.id),
                                  hunt.title)
                           for (v, title), summary in zip(runs, summaries, strict=True)]
        out.page(balance_page_path(board.id), balance_page(board, base, variants), nav=(*menu, base.title))
        for run in variants:
            out.page(balance_page_path(board.id, run.variant_id), balance_page(board, run), nav=(*menu, run.title))
