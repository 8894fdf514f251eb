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
from gaslight.domain.board.checks import HuntNeeds, check_board, hunt_needs
from gaslight.domain.board.model import Board
from gaslight.languages import site_word
from gaslight.outputs.balance import will_run
from gaslight.outputs.board_svg import SvgOptions, board_svg
from gaslight.outputs.pdf import draw_all
from gaslight.outputs.poster import plan_tiling, poster_pdf, poster_size
from gaslight.outputs.sink import GAME_SITES, BuildOutput
from gaslight.outputs.text import html_text, md_text
from gaslight.outputs.tts_links import board_section
from gaslight.project import Project

SECTION = (GAME_SITES["hunt"].section, site_word("nav.boards"))
PAPERS = (("a4", "A4"), ("letter", "Letter"))

_FIGURES = (
    ("circles", "Circles"), ("crossings", "Crossings"), ("segments", "Dotted lines"), ("blocks", "Blocks"),
    ("red", "Red circles (women start)"), ("yellow", "Yellow crossings (patrols start)"),
    ("jack_links", "Circle-to-circle links (one normal move)"), ("police_links", "Crossing-to-crossing links"),
    ("jack_diameter", "Most normal moves between two circles"),
    ("police_diameter", "Most police steps between two crossings"),
    ("jack_components", "Parts of Jack's graph"), ("police_components", "Parts of the police graph"),
)


@dataclass(frozen=True)
class Printable:
    """A poster PDF written for a board: its site path (from the docs root) and sheet count."""

    label: str
    path: str
    sheets: int


def board_problems(board: Board, needs: HuntNeeds) -> tuple[Diagnostic, ...]:
    """Every finding of the board checks for ``board``, sorted by place in the file."""
    report = Report()
    check_board(board, report, needs)
    return tuple(sorted(report.diagnostics, key=lambda d: d.sort_key))


def figures_table(figures: dict[str, Any]) -> str:
    """The stats as a two-column Markdown table.

    >>> print(figures_table({"circles": 3, "jack_diameter": None}))
    | Figure | Value |
    |---|---:|
    | Circles | 3 |
    | Most normal moves between two circles | — |
    """
    rows = ["| Figure | Value |", "|---|---:|"]
    rows += [f"| {label} | {'—' if figures[key] is None else figures[key]} |"
             for key, label in _FIGURES if key in figures]
    return "\n".join(rows)


def _reach_table(figures: dict[str, Any]) -> str:
    reach = figures["distances"]["from_red"]
    if not reach:
        return "No red circles."
    moves = figures["distances"]["moves"]
    rows = [f"| Red circle | Circles within {moves} normal moves |", "|---:|---:|"]
    rows += [f"| {row['circle']} | {row['within']} |" for row in reach]
    return "\n".join(rows)


def _places(board: Board) -> list[str]:
    """A "Named places" section (the letters rule sends patrols to them), or nothing."""
    if not board.places:
        return []
    rows = ["## Named places", "", "| Place | Crossing |", "|---|---|"]
    rows += [f"| {md_text(place.name)} | {md_text(place.crossing)} |" for place in board.places]
    return [*rows, ""]


def _letters(board: Board) -> list[str]:
    """A "Letters from Jack" section: the districts each letter picks tokens in, the pawn letter's place."""
    if not board.districts:
        return []
    names = {d.id: f"{md_text(d.name)} ({md_text(d.id)})" for d in board.districts}
    if board.letters is None:
        return ["## Letters from Jack", "", "This board assigns no districts to the letters: each letter may pick "
                "tokens in any district (the third not in the first's), and the pawn letter may name any named "
                "place.", ""]
    rows = ["## Letters from Jack", "", "| Letter | Where |", "|---|---|"]
    for key, label in (("first", "The first"), ("second", "The second"), ("third", "The third")):
        chosen = getattr(board.letters, key)
        where = " or ".join(names[d] for d in chosen) if chosen else "any district"
        rows.append(f"| {label} | patrol tokens in {where} |")
    pawn = md_text(board.letters.pawn) if board.letters.pawn else "any named place"
    rows.append(f"| The pawn letter | sends a pawn to {pawn} |")
    return [*rows, ""]


def check_report(problems: Sequence[Diagnostic]) -> str:
    """The check findings as a Markdown list; problems with a map position carry their map mark number."""
    if not problems:
        return "The board passes every check: no errors, no warnings."
    lines = []
    mark = 0
    for problem in problems:
        tag = ""
        if problem.point is not None:
            mark += 1
            tag = f" (ringed **{mark}** on the map)"
        loc = problem.location
        where = md_text(f"{loc}" + (f" {loc.path}" if loc.path else ""))
        fix = f" — fix: {md_text(problem.fix)}" if problem.fix else ""
        lines.append(f"- **{problem.severity.value}** at {where}: {md_text(problem.message)}{fix}{tag}")
    return "\n".join(lines)


def board_page(board: Board, figures: dict[str, Any], problems: Sequence[Diagnostic],
               printables: Sequence[Printable], *, play: bool, export: bool, balance: bool = False,
               tts: Sequence[str] = ()) -> str:
    """The Markdown of ``boards/<id>.md`` (links are relative to ``boards/``); ``tts``: its Tabletop Simulator
    section (:func:`gaslight.outputs.tts_links.board_section`)."""
    svg = board_svg(board, SvgOptions(problems=tuple(problems)))
    parts = [f"# {md_text(board.title)}", ""]
    if board.description:
        parts += [md_text(board.description), ""]
    if play:
        parts += [f"[Play this board](../play/{board.id}.md){{ .md-button .md-button--primary }}", ""]
    if balance:
        parts += [f"[How the bots fare on it]({board.id}-balance.md){{ .md-button }}", ""]
    parts += [
        f'<div class="gaslight-board" aria-label="Map of {html_text(board.title)}">',
        svg.rstrip("\n"),
        "</div>",
        "",
        "Numbered circles are where Jack and the women move; red circles are the women's starting places. "
        "Black squares are crossings, where police pawns stand; a yellow frame marks a patrol start for the "
        "first night. Dotted lines join them; the shaded areas are the blocks Jack may cross with an alley move.",
        "",
        "## Figures",
        "",
        figures_table(figures),
        "",
        _reach_table(figures),
        "",
        *_places(board),
        *_letters(board),
        "## Check report",
        "",
        check_report(problems),
        "",
        "## Print and download",
        "",
    ]
    parts += [f"- [Poster, {p.label}](../{p.path}) — {p.sheets} sheet{'s' * (p.sheets != 1)} and an assembly page, "
              "to print at 100 %" for p in printables]
    parts.append(f"- [Map as SVG]({board.id}.svg)")
    if export:
        parts.append(f"- [Board data for the engine (JSON)](../export/boards/{board.id}.json)")
    if tts:
        parts += ["", *tts]
    return "\n".join(parts) + "\n"


def index_page(rows: Sequence[tuple[Board, dict[str, Any], int]]) -> str:
    """The Markdown of ``boards/index.md``: one row per board (title link, size, warnings)."""
    lines = [
        "# Boards",
        "",
        "Maps for the Whitechapel hunt. Each page shows the map, its figures, what the checks found and "
        "the printable poster. Make your own with `gaslight new board my-map.yaml --circles 195 --seed 7`.",
        "",
        "| Board | Circles | Crossings | Blocks | Warnings |",
        "|---|---:|---:|---:|---:|",
    ]
    lines += [f"| [{md_text(board.title)}]({board.id}.md) | {figures['circles']} | {figures['crossings']} | "
              f"{figures['blocks']} | {warnings} |" for board, figures, warnings in rows]
    return "\n".join(lines) + "\n"


def contribute(project: Project, out: BuildOutput) -> None:
    boards: tuple[Board, ...] = tuple(project.of_kind("board"))
    if not boards:
        return
    needs = hunt_needs(project)
    balance = will_run(project)
    rows = []
    pages = []
    posters = iter(draw_all(poster_pdf, [(board, paper) for board in boards for paper, _ in PAPERS]))
    for board in boards:
        figures = board_stats(board)
        problems = board_problems(board, needs)
        printables = []
        for paper, label in PAPERS:
            path = out.printable(f"boards/{board.id}-poster-{paper}.pdf", next(posters))
            tiling = plan_tiling(*poster_size(board), paper)
            printables.append(Printable(label, path, tiling.columns * tiling.rows))
        out.asset(f"boards/{board.id}.svg", board_svg(board, SvgOptions(problems=problems)))
        play = (out.docs / "play" / f"{board.id}.md").exists()
        export = (out.docs / "export" / "boards" / f"{board.id}.json").exists()
        tts = board_section(out, f"boards/{board.id}.md", board.id, project.of_kind("ruleset"), project.config)
        pages.append((board, board_page(board, figures, problems, printables, play=play, export=export,
                                        balance=balance, tts=tts)))
        rows.append((board, figures, sum(1 for p in problems if p.severity is Severity.WARNING)))
    out.page("boards/index.md", index_page(rows), nav=(*SECTION, site_word("nav.all_boards")))
    for board, markdown in pages:
        out.page(f"boards/{board.id}.md", markdown, nav=(*SECTION, board.title))
