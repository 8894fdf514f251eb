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
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

from gaslight.domain.board.checks import localized_boards
from gaslight.domain.board.model import Board
from gaslight.domain.rules.ruleset import read_in
from gaslight.languages import ENGLISH, main_language, site_word, translated_page
from gaslight.outputs.board_svg import SvgOptions, board_svg, num
from gaslight.outputs.sink import GAME_SITES, BuildOutput
from gaslight.outputs.text import html_text, md_text
from gaslight.project import Project
from gaslight.site_hooks import verbatim

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


def verdict(rate: float, language: str = ENGLISH) -> str:
    """One sentence on whether both sides have a real chance at this win rate of Jack's.

    >>> verdict(0.458)
    'Both sides have a real chance: Jack wins between 30 % and 60 % of the games.'
    >>> verdict(0.013).split(':')[0]
    'The police are far stronger on this board'
    """
    low, high = (f"{100 * bound:.0f}" for bound in FAIR_RANGE)
    if rate < FAIR_RANGE[0]:
        return site_word("balance.police_stronger", language, low=low)
    if rate > FAIR_RANGE[1]:
        return site_word("balance.jack_stronger", language, high=high)
    return site_word("balance.fair", language, low=low, high=high)


def will_run(project: Project) -> bool:
    """Whether the build makes balance pages: a hunt ruleset to play and Node.js to play it."""
    from gaslight.outputs.engine import hunt_rulesets
    from gaslight.play.node import node_available

    return bool(hunt_rulesets(project)) and node_available()


def night_chart(by_night: Sequence[dict[str, Any]], language: str = ENGLISH) -> str:
    """Escapes and police wins per night as a small inline bar chart (SVG, no blank lines)."""
    height, bar, gap = 120.0, 18.0, 22.0
    top = max([1] + [max(n["escapes"], n["arrests"] + n["out_of_moves"] + n["cornered"]) for n in by_night])
    width = len(by_night) * (2 * bar + gap) + gap
    label = html_text(site_word("balance.chart_label", language))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gl-chart" viewBox="0 0 {num(width)} {num(height + 30)}" '
             f'width="{num(width * 2)}" role="img" aria-label="{label}">']
    for i, night in enumerate(by_night):
        x = gap + i * (2 * bar + gap)
        police = night["arrests"] + night["out_of_moves"] + night["cornered"]
        for dx, value, colour, what in ((0, night["escapes"], HIDEOUT_COLOUR, "balance.chart_escapes"),
                                        (bar, police, ARREST_COLOUR, "balance.chart_police")):
            h = height * value / top
            title = html_text(site_word(what, language, night=night["night"], count=value))
            parts.append(f'<rect x="{num(x + dx)}" y="{num(height - h)}" width="{num(bar - 2)}" height="{num(h)}" '
                         f'fill="{colour}"><title>{title}</title></rect>')
        parts.append(f'<text x="{num(x + bar)}" y="{num(height + 16)}" text-anchor="middle" font-size="11">'
                     f'{html_text(site_word("balance.chart_night", language, night=night["night"]))}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _shares(rows: Sequence[tuple[int, int]]) -> tuple[tuple[int, float], ...]:
    top = max((count for _, count in rows), default=0)
    return tuple((circle, count / top) for circle, count in rows if top)


def heat_map(board: Board, heat: Sequence[tuple[int, float]], colour: str) -> str:
    """The board shaded by ``heat``, passed to the page unread by Markdown and search (thousands of elements)."""
    return verbatim(board_svg(board, SvgOptions(show_places=False, heat=heat, heat_colour=colour)).rstrip("\n"))


def balance_page(board: Board, played: Played, variants: Sequence[Played] = (), language: str = ENGLISH) -> str:
    """The Markdown of a board's balance page under one variant, in ``language`` (links relative to ``boards/``).

    The base rules' page (``played.variant_id`` None) also lists ``variants`` side by side.
    """
    def word(key: str, **values: object) -> str:
        return site_word(f"balance.{key}", language, **values)

    found = played.found
    lo, hi = found["ci95"]
    police = found["police_wins"]
    arrests = _shares([(s["circle"], s["arrests"]) for s in found["arrest_spots"]])
    hideouts = _shares([(h["circle"], h["jack_wins"]) for h in found["hideouts"]])
    rows = [f"| {n['night']} | {n['escapes']} | {n['arrests']} | {n['out_of_moves']} | {n['cornered']} |"
            for n in found["by_night"]]
    stopped = ("\n\n" + word("stopped", count=found["illegal_actions"], why=md_text("; ".join(
        found["stopped_because"]))) if found["illegal_actions"] else "")
    variant = f" --variant {played.variant_id}" if played.variant_id else ""
    command = f"gaslight balance {board.id}{variant} --games {found['games']} --seed {found['seed']}"
    rules = (word("under_variant", variant=md_text(played.title), ruleset=md_text(played.ruleset),
                  base=f"{board.id}-balance.md") if played.variant_id
             else word("under_base", ruleset=md_text(played.ruleset)))
    heading = (word("heading_variant", board=md_text(board.title), variant=md_text(played.title))
               if played.variant_id else word("heading", board=md_text(board.title)))
    return "\n".join([
        f"# {heading}",
        "",
        word("played", games=found["games"], board=f"{board.id}.md", rules=rules, first=found["seed"],
             last=found["seed"] + found["games"] - 1, command=command) + stopped,
        "",
        word("jack_wins", wins=found["jack_wins"], games=found["finished"], rate=f"{100 * found['jack_win_rate']:.1f}",
             low=f"{100 * lo:.1f}", high=f"{100 * hi:.1f}", arrests=police["arrests"],
             out_of_moves=police["out_of_moves"], cornered=police["cornered"])
        + (word("track_used", moves=found["mean_track_used"]) if found["mean_track_used"] is not None else "")
        + f" {md_text(verdict(found['jack_win_rate'], language))}",
        "",
        *_variant_table(board, played, variants, language),
        f"## {word('night_by_night')}",
        "",
        f'<div class="gaslight-chart">{night_chart(found["by_night"], language)}</div>',
        "",
        word("chart_key"),
        "",
        word("night_head"),
        "|---:|---:|---:|---:|---:|",
        *rows,
        "",
        f"## {word('arrested')}",
        "",
        f'<div class="gaslight-board" aria-label="{html_text(word("arrests_label", board=board.title))}">',
        heat_map(board, arrests, ARREST_COLOUR),
        "</div>",
        "",
        word("arrests_key"),
        "",
        f"## {word('hideouts')}",
        "",
        f'<div class="gaslight-board" aria-label="{html_text(word("hideouts_label", board=board.title))}">',
        heat_map(board, hideouts, HIDEOUT_COLOUR),
        "</div>",
        "",
        word("hideouts_key"),
        "",
    ])


def _variant_table(board: Board, played: Played, variants: Sequence[Played], language: str) -> list[str]:
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
    return [f"## {site_word('balance.by_variant', language)}", "", site_word("balance.variant_head", language),
            "|---|---:|---:|---:|", *rows, ""]


def preview_page(board: Board) -> str:
    """What the live preview shows instead of the figures."""
    return (f"# {site_word('balance.heading', board=md_text(board.title))}\n\n"
            + site_word("balance.preview", games=BUILD_GAMES, board=f"{board.id}.md", id=board.id) + "\n")


def _titles_in_languages(project: Project, hunt: Any) -> dict[str, tuple[str, dict[str | None, str]]]:
    """For each language of the project after its first: the hunt ruleset's title and its variants' titles
    (None: the base rules) in it, where the ruleset's file has that language; else its own titles."""
    titles = {}
    for code in project.config.languages[1:] if project.config else ():
        shown = read_in(project.documents, hunt, code)
        titles[code] = (shown.title, {None: site_word("nav.base_rules", code),
                                      **{v.id: v.title for v in shown.variants}})
    return titles


def _runs(project: Project, hunt: Any) -> list[tuple[str | None, str]]:
    """(variant id, None: the base rules; its title in the main language) of every run the boards are played under."""
    return [(None, site_word("nav.base_rules", main_language(project.config))),
            *((v.id, v.title) for v in hunt.variants)]


def _rules_played(hunt: Any, runs: Sequence[tuple[str | None, str]]) -> list[dict[str, Any]]:
    """The engine data of every run, the same for each board."""
    from gaslight.outputs.engine import rules_json

    return [rules_json(hunt, v, title) for v, title in runs]


def _self_play_reads(board: Board, rules: list[dict[str, Any]]) -> dict[str, Any]:
    """What a board's self-play is given: the board's and the runs' engine data, games, seed."""
    from gaslight.domain.board.export import board_json

    return {"board": board_json(board), "runs": rules, "games": BUILD_GAMES, "seed": BUILD_SEED}


#: Engine data of a board that no rule and no bot reads: where things are drawn, and the board's title. A circle moved
#: to tidy the drawing plays the same games (tests/engine/test_selfplay.py plays a board with all of it blanked).
DRAWN = {"board": ("title", "unit", "width", "height"), "circles": ("x", "y"), "crossings": ("x", "y"),
         "segments": ("points",), "blocks": ("polygon",)}


def played(reads: dict[str, Any]) -> dict[str, Any]:
    """``reads`` as the games depend on them (its result is kept by these): the board without :data:`DRAWN`.

    >>> board = {"title": "Quay", "circles": [{"number": 1, "x": 3.0, "y": 4.0, "red": True}], "segments": []}
    >>> played({"board": board, "games": 200})
    {'board': {'circles': [{'number': 1, 'red': True}], 'segments': []}, 'games': 200}
    """
    board = {key: value for key, value in reads["board"].items() if key not in DRAWN["board"]}
    for part, drawn in DRAWN.items():
        if part in board:
            board[part] = [{key: value for key, value in item.items() if key not in drawn} for item in board[part]]
    return {**reads, "board": board}


def _self_play_code() -> tuple[Path, ...]:
    from gaslight.cache import engine_code

    return engine_code("hunt/selfplay.mjs", "play/hunt.py", "play/node.py")


def start(project: Project, out: BuildOutput) -> None:
    """Start every board's self-play whose figures are not kept, so that Node.js plays while the other contributors
    work (a build calls this before them; :func:`contribute` takes the figures). The live preview plays none."""
    if out.keep_unchanged or not will_run(project):
        return
    from gaslight.outputs.engine import balance_hunt
    from gaslight.play.hunt import start_many

    hunt = balance_hunt(project)
    rules = _rules_played(hunt, _runs(project, hunt))
    for board in project.of_kind("board"):
        reads = _self_play_reads(board, rules)
        if not out.cache.holds("balance", played(reads), _self_play_code()):  # nor does the worker count
            out.started[f"balance:{board.id}"] = start_many(reads["board"], reads["runs"], BUILD_GAMES, BUILD_SEED,
                                                            os.cpu_count() or 1)


def contribute(project: Project, out: BuildOutput) -> None:
    """A balance page per board and variant, when the project has hunt rules and Node.js is installed."""
    if not will_run(project):
        return
    from gaslight.outputs.engine import balance_hunt
    from gaslight.play.hunt import SelfPlay, play_many, report

    hunt = balance_hunt(project)
    main = main_language(project.config)
    runs = _runs(project, hunt)
    rules = [] if out.keep_unchanged else _rules_played(hunt, runs)  # the live preview plays no games
    translated = _titles_in_languages(project, hunt)
    for board in project.of_kind("board"):
        menu = (*SECTION, site_word("nav.balance", main, board=board.title))  # the main language's menu word
        localized = localized_boards(project, board)
        for code in project.config.languages[1:] if project.config else ():
            out.translate_label(code, menu[-1], site_word("nav.balance", code,
                                                          board=localized.get(code, board).title))
        if out.keep_unchanged:  # the live preview: replaying games on every save would slow it down
            out.page(balance_page_path(board.id), preview_page(board), nav=(*menu, site_word("nav.base_rules")))
            continue
        reads = _self_play_reads(board, rules)
        started = out.started.pop(f"balance:{board.id}", None)  # begun by start(), else played now
        try:
            play = started.results if isinstance(started, SelfPlay) else partial(
                play_many, reads["board"], reads["runs"], BUILD_GAMES, BUILD_SEED, os.cpu_count() or 1)
            summaries = out.cache.remember("balance", played(reads), _self_play_code(), play)
        finally:
            if started is not None:
                started.stop()
        base, *variants = [Played(v, title, report(board.id, v or "default", BUILD_SEED, summary, ruleset=hunt.id),
                                  hunt.title)
                           for (v, title), summary in zip(runs, summaries, strict=True)]
        out.page(balance_page_path(board.id), balance_page(board, base, variants, main), nav=(*menu, base.title))
        for run in variants:
            out.page(balance_page_path(board.id, run.variant_id), balance_page(board, run, language=main),
                     nav=(*menu, run.title))
        for code, (ruleset_title, titles) in translated.items():  # the same games, told in each other language
            shown = [replace(run, title=titles.get(run.variant_id, run.title), ruleset=ruleset_title)
                     for run in (base, *variants)]
            told = localized.get(code, board)
            out.page(translated_page(balance_page_path(board.id), code), balance_page(told, shown[0], shown[1:],
                                                                                      code))
            for run in shown[1:]:
                out.page(translated_page(balance_page_path(board.id, run.variant_id), code),
                         balance_page(told, run, language=code))
