"""Site pages and printables for boards: one page per board and an index.

Each board page (``boards/<id>.md``, menu ``Whitechapel hunt › Boards › title``)
shows the map as inline SVG with check problems ringed, the figures of
``gaslight stats``, the check report (warnings), links to the tiled poster
PDFs (A4 and Letter) and the SVG, its Tabletop Simulator objects (the board and
the hunt's pieces, written by :mod:`gaslight.outputs.tts_board`), and "Play this
board" when the engine contributor (which runs first) wrote ``play/<id>.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gaslight.commands.stats import board_stats
from gaslight.diagnostics import Diagnostic, Report, Severity
from gaslight.domain.board.checks import HuntNeeds, check_board, hunt_needs, localized_boards
from gaslight.domain.board.model import Board
from gaslight.languages import ENGLISH, site_word, translated_page
from gaslight.outputs.balance import will_run
from gaslight.outputs.board_svg import SvgOptions, board_svg
from gaslight.outputs.labels import printed_language
from gaslight.outputs.pdf import draw_all
from gaslight.outputs.poster import plan_tiling, poster_pdf, poster_size
from gaslight.outputs.sink import GAME_SITES, BuildOutput
from gaslight.outputs.text import html_text, md_text
from gaslight.outputs.tts_links import board_section, ruleset_titles
from gaslight.project import Project

SECTION = (GAME_SITES["hunt"].section, site_word("nav.boards"))
PAPERS = ("a4", "letter")
_FIGURES = ("circles", "crossings", "segments", "blocks", "red", "yellow", "jack_links", "police_links",
            "jack_diameter", "police_diameter", "jack_components", "police_components")


@dataclass(frozen=True)
class Printable:
    """A poster PDF written for a board: its paper, its site path (from the docs root) and sheet count."""

    paper: str
    path: str
    sheets: int


def board_problems(board: Board, needs: HuntNeeds) -> tuple[Diagnostic, ...]:
    """Every finding of the board checks for ``board``, sorted by place in the file."""
    report = Report()
    check_board(board, report, needs)
    return tuple(sorted(report.diagnostics, key=lambda d: d.sort_key))


def figures_table(figures: dict[str, Any], language: str = ENGLISH) -> str:
    """The stats as a two-column Markdown table.

    >>> print(figures_table({"circles": 3, "jack_diameter": None}))
    | Figure | Value |
    |---|---:|
    | Circles | 3 |
    | Most normal moves between two circles | — |
    """
    rows = [site_word("board.figure_head", language), "|---|---:|"]
    rows += [f"| {site_word(f'board.figure.{key}', language)} | {'—' if figures[key] is None else figures[key]} |"
             for key in _FIGURES if key in figures]
    return "\n".join(rows)


def _reach_table(figures: dict[str, Any], language: str) -> str:
    reach = figures["distances"]["from_red"]
    if not reach:
        return site_word("board.no_red", language)
    rows = [site_word("board.reach_head", language, moves=figures["distances"]["moves"]), "|---:|---:|"]
    rows += [f"| {row['circle']} | {row['within']} |" for row in reach]
    return "\n".join(rows)


def _places(board: Board, language: str) -> list[str]:
    """A "Named places" section (the letters rule sends patrols to them), or nothing."""
    if not board.places:
        return []
    rows = [f"## {site_word('board.places', language)}", "", site_word("board.places_head", language), "|---|---|"]
    rows += [f"| {md_text(place.name)} | {md_text(place.crossing)} |" for place in board.places]
    return [*rows, ""]


def _letters(board: Board, language: str) -> list[str]:
    """A "Letters from Jack" section: the districts each letter picks tokens in, the pawn letter's place."""
    def word(key: str, **values: object) -> str:
        return site_word(f"board.{key}", language, **values)

    if not board.districts:
        return []
    names = {d.id: f"{md_text(d.name)} ({md_text(d.id)})" for d in board.districts}
    if board.letters is None:
        return [f"## {word('letters')}", "", word("letters_anywhere"), ""]
    rows = [f"## {word('letters')}", "", word("letters_head"), "|---|---|"]
    for key in ("first", "second", "third"):
        chosen = getattr(board.letters, key)
        where = word("letter_or").join(names[d] for d in chosen) if chosen else word("any_district")
        rows.append(f"| {word(f'letter.{key}')} | {word('letter_tokens', where=where)} |")
    pawn = md_text(board.letters.pawn) if board.letters.pawn else word("any_place")
    rows.append(f"| {word('pawn_letter')} | {word('pawn_to', place=pawn)} |")
    return [*rows, ""]


def check_report(problems: Sequence[Diagnostic], language: str = ENGLISH) -> str:
    """The check findings as a Markdown list; problems with a map position carry their map mark number. The
    findings themselves are the checks' own words (English, as ``gaslight check`` prints them)."""
    if not problems:
        return site_word("board.passes", language)
    lines = []
    mark = 0
    for problem in problems:
        tag = ""
        if problem.point is not None:
            mark += 1
            tag = site_word("board.ringed", language, mark=mark)
        loc = problem.location
        where = md_text(f"{loc}" + (f" {loc.path}" if loc.path else ""))
        fix = site_word("board.finding_fix", language, fix=md_text(problem.fix)) if problem.fix else ""
        lines.append(site_word("board.finding", language, severity=site_word(
            f"board.severity.{problem.severity.value}", language), where=where, message=md_text(problem.message),
            fix=fix, ringed=tag))
    return "\n".join(lines)


def board_page(board: Board, figures: dict[str, Any], problems: Sequence[Diagnostic],
               printables: Sequence[Printable], *, play: bool, export: bool, balance: bool = False,
               tts: Sequence[str] = (), language: str = ENGLISH) -> str:
    """The Markdown of ``boards/<id>.md`` in ``language`` (links are relative to ``boards/``); ``tts``: its
    Tabletop Simulator section (:func:`gaslight.outputs.tts_links.board_section`)."""
    def word(key: str, **values: object) -> str:
        return site_word(f"board.{key}", language, **values)

    svg = board_svg(board, SvgOptions(problems=tuple(problems)))
    parts = [f"# {md_text(board.title)}", ""]
    if board.description:
        parts += [md_text(board.description), ""]
    if play:
        parts += [f"[{word('play')}](../play/{board.id}.md){{ .md-button .md-button--primary }}", ""]
    if balance:
        parts += [f"[{word('balance_link')}]({board.id}-balance.md){{ .md-button }}", ""]
    parts += [
        f'<div class="gaslight-board" aria-label="{html_text(word("map_label", board=board.title))}">',
        svg.rstrip("\n"),
        "</div>",
        "",
        word("legend"),
        "",
        f"## {word('figures')}",
        "",
        figures_table(figures, language),
        "",
        _reach_table(figures, language),
        "",
        *_places(board, language),
        *_letters(board, language),
        f"## {word('check_report')}",
        "",
        check_report(problems, language),
        "",
        f"## {word('print')}",
        "",
    ]
    parts += ["- " + word("poster_one" if p.sheets == 1 else "poster_many", paper=word(f"paper.{p.paper}"),
                          path=f"../{p.path}", sheets=p.sheets) for p in printables]
    parts.append("- " + word("svg", path=f"{board.id}.svg"))
    if export:
        parts.append("- " + word("json", path=f"../export/boards/{board.id}.json"))
    if tts:
        parts += ["", *tts]
    return "\n".join(parts) + "\n"


def index_page(rows: Sequence[tuple[Board, dict[str, Any], int]], language: str = ENGLISH) -> str:
    """The Markdown of ``boards/index.md`` in ``language``: one row per board (title link, size, warnings)."""
    lines = [
        f"# {site_word('page.boards_title', language)}",
        "",
        site_word("boards.intro", language),
        "",
        site_word("boards.head", language),
        "|---|---:|---:|---:|---:|",
    ]
    lines += [f"| [{md_text(board.title)}]({board.id}.md) | {figures['circles']} | {figures['crossings']} | "
              f"{figures['blocks']} | {warnings} |" for board, figures, warnings in rows]
    return "\n".join(lines) + "\n"


def contribute(project: Project, out: BuildOutput) -> None:
    """Every board's page and the index, in the project's first language and, beside them
    (``<page>.<code>.md``), in each other one."""
    boards: tuple[Board, ...] = tuple(project.of_kind("board"))
    if not boards:
        return
    languages = project.config.languages if project.config and project.config.languages else (ENGLISH,)
    needs = hunt_needs(project)
    balance = will_run(project)
    rows = []
    pages = []
    printed_in = printed_language(languages[0])  # the posters' instructions
    posters = iter(draw_all(poster_pdf, [(board, paper, printed_in) for board in boards for paper in PAPERS]))
    for board in boards:
        figures = board_stats(board)
        problems = board_problems(board, needs)
        printables = []
        for paper in PAPERS:
            path = out.printable(f"boards/{board.id}-poster-{paper}.pdf", next(posters))
            tiling = plan_tiling(*poster_size(board), paper)
            printables.append(Printable(paper, path, tiling.columns * tiling.rows))
        out.asset(f"boards/{board.id}.svg", board_svg(board, SvgOptions(problems=problems)))
        play = (out.docs / "play" / f"{board.id}.md").exists()
        export = (out.docs / "export" / "boards" / f"{board.id}.json").exists()
        shown = {languages[0]: board, **localized_boards(project, board)}
        for code in languages:
            tts = board_section(out, f"boards/{board.id}.md", board.id, project.of_kind("ruleset"), project.config,
                                code, ruleset_titles(project, code))
            told = shown.get(code, board)
            pages.append((board, code, board_page(told, figures, problems, printables, play=play, export=export,
                                                  balance=balance, tts=tts, language=code)))
            out.translate_label(code, board.title, told.title)
        rows.append((shown, figures, sum(1 for p in problems if p.severity is Severity.WARNING)))
    for code in languages:
        index = index_page([(shown.get(code, shown[languages[0]]), figures, warnings)
                            for shown, figures, warnings in rows], code)
        if code == languages[0]:
            out.page("boards/index.md", index, nav=(*SECTION, site_word("nav.all_boards")))
        else:
            out.page(translated_page("boards/index.md", code), index)
    for board, code, markdown in pages:
        if code == languages[0]:
            out.page(f"boards/{board.id}.md", markdown, nav=(*SECTION, board.title))
        else:
            out.page(translated_page(f"boards/{board.id}.md", code), markdown)
