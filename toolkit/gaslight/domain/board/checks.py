"""Board checks beyond the schema: geometry (shapely) and graphs (networkx).

``check_board`` reports everything :func:`~gaslight.domain.board.geometry.analyse`
finds, plus what depends on the hunt's rules: enough red circles for the women
tokens and enough yellow crossings for the patrol tokens. Every diagnostic
carries ``point`` (board coordinates) when the problem has a place on the map.

>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.board.model import load_board
>>> doc, _ = parse_text('''kind: board
... id: tri
... title: Triangle
... unit: mm
... canvas: {width: 100, height: 100}
... circles: [{number: 1, at: [10, 10], flags: [red]}, {number: 2, at: [90, 10]}]
... crossings: [{id: k1, at: [50, 80]}]
... segments: [[1, 2], [2, k1], [k1, 1]]
... ''', "tri.yaml")
>>> report = Report()
>>> check_board(load_board(doc, report), report, HuntNeeds(women=1, patrols=0, victims=(1,)))
>>> report.ok
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gaslight.diagnostics import Report, Severity
from gaslight.domain.board.finishing import (
    MARKED_PER_NIGHT,
    VICTIMS_PER_NIGHT,
    WOMEN_PER_NIGHT,
    nearest_home,
    red_circles_needed,
    women_run_out,
)
from gaslight.domain.board.geometry import analyse
from gaslight.domain.board.model import Board, load_board
from gaslight.project import Project


@dataclass(frozen=True)
class HuntNeeds:
    """What the hunt asks of a board (the defaults: the bundled hunt's)."""

    women: int = 8  # women tokens on night 1: one red circle each
    patrols: int = 7  # patrol tokens on night 1: one yellow crossing each
    victims: tuple[int, ...] = VICTIMS_PER_NIGHT  # night by night
    women_nights: tuple[int, ...] = WOMEN_PER_NIGHT  # women tokens, night by night
    marked: tuple[int, ...] = MARKED_PER_NIGHT  # marked women tokens, night by night
    track: int = 19  # the longest night's track: move spaces and every wait


def check_board(board: Board, report: Report, needs: HuntNeeds = HuntNeeds()) -> None:
    """Add every problem of ``board`` to ``report`` (errors and warnings, located).

    A board's own ``tokens`` (a tutorial board made for fewer tokens) win over the needs passed in.
    """
    for problem in analyse(board).problems:
        add = report.error if problem.severity is Severity.ERROR else report.warning
        add(problem.location, problem.message, fix=problem.fix, point=problem.point)
    women_needed = needs.women if board.women_tokens is None else board.women_tokens
    patrols_needed = needs.patrols if board.patrol_tokens is None else board.patrol_tokens
    victims = needs.victims
    red, yellow = len(board.red_circles), len(board.yellow_crossings)
    if red < women_needed:
        report.error(board.part("circles"),
                     f"the board has {red} red circle{'s' * (red != 1)} but the hunt needs {women_needed} "
                     "(one per woman token)",
                     fix="add 'flags: [red]' to more circles")
    # Crime scenes stay all game and women tokens go only on red circles without one, and Jack may kill
    # at once, on a red circle: the engine stops on a night with no women pawn (a board's own token
    # counts do not change that).
    run_out = women_run_out(red, needs.women_nights, needs.marked, victims)
    if red >= women_needed and run_out is not None:
        night, before = run_out
        need = red_circles_needed(needs.women_nights, needs.marked, victims)
        report.error(board.part("circles"),
                     f"the hunt cannot finish on this board: it has {red} red circle{'s' * (red != 1)} and Jack "
                     f"kills {before} time{'s' * (before != 1)} before night {night}; when each kill falls on a "
                     f"red circle, night {night} has no women pawn for Jack to kill and the game stops",
                     fix=f"give the board at least {need} red circles (add 'flags: [red]')")
    if red and len(board.circles) > red and nearest_home(board, needs.track) is None:
        report.error(board.part("circles"),
                     f"the hunt cannot be won by Jack on this board: no circle that is not red (a hideout) lies "
                     f"within {needs.track} normal moves of a red circle, the longest track of a night",
                     fix="join the red circles to the rest of the map, or leave a circle near them without "
                         "the red flag")
    if yellow < patrols_needed:
        report.error(board.part("crossings"),
                     f"the board has {yellow} yellow crossing{'s' * (yellow != 1)} but the hunt needs "
                     f"{patrols_needed} (one per patrol token)",
                     fix="add 'flags: [yellow]' to more crossings")


def hunt_needs(project: Project) -> HuntNeeds:
    """What the project's hunt ruleset asks of a board, or the defaults.

    The bundled ``whitechapel-hunt`` when the project uses it, else a designer's own hunt-family ruleset.
    """
    hunts = sorted((r for r in project.of_kind("ruleset") if getattr(r, "family", None) == "hunt"),
                   key=lambda r: (r.id != "whitechapel-hunt", r.id))
    ruleset = project.by_id("ruleset", "whitechapel-hunt") or (hunts[0] if hunts else None)
    if ruleset is None:
        return HuntNeeds()
    try:
        from gaslight.domain.rules.ruleset import resolve  # built by the ruleset team

        parameters: Any = resolve(ruleset, None).parameters
        women = int(parameters["women_per_night"][0])
        patrols = int(parameters["police_count"]) + int(parameters["fake_patrols"])
        nights = int(parameters["nights"])
        per_night = [int(v) for v in parameters["victims_per_night"]]
        victims = tuple(per_night[min(n, len(per_night) - 1)] for n in range(nights))
        defaults = HuntNeeds()
        women_nights = tuple(int(v) for v in parameters.get("women_per_night", defaults.women_nights))
        marked = tuple(int(v) for v in parameters.get("marked_women_per_night", defaults.marked))
        spaces = parameters.get("time_of_crime_spaces", 5)
        track = int(parameters.get("moves_per_night", 15)) + (len(spaces) if isinstance(spaces, list)
                                                              else int(spaces)) - 1
    except (ImportError, AttributeError, KeyError, IndexError, TypeError, ValueError):
        return HuntNeeds()
    return HuntNeeds(women, patrols, victims, women_nights or (women,), marked or (1,), track)


def check_project(project: Project, report: Report) -> None:
    """Run every board check on every board of the project, and say which of a board's texts (title,
    description, place and district names) lack one of the project's languages."""
    from gaslight.languages import check_project_translations

    needs = hunt_needs(project)
    letters = letter_rules(project)
    for board in project.of_kind("board"):
        check_board(board, report, needs)
        if letters:
            check_letters(board, letters, report)
    check_project_translations(project, report, "board")


def localized_boards(project: Project, board: Board) -> dict[str, Board]:
    """Each other language of the project the board's file has text in, with the board read in it."""
    from gaslight.languages import has_text_in

    languages = project.config.languages if project.config else ()
    doc = next((d for d in project.documents if d.file == board.location.file), None)
    found = {}
    for code in languages[1:]:
        if doc is not None and has_text_in(doc.data, code, "board"):
            localized = load_board(doc, Report(), code)
            if localized is not None:
                found[code] = localized
    return found


def letter_rules(project: Project) -> list[str]:
    """The hunt rules of the project that play Jack's letters ("ruleset" or "ruleset, variant v")."""
    from gaslight.domain.rules.ruleset import resolve

    found = []
    for ruleset in sorted(project.of_kind("ruleset"), key=lambda r: r.id):
        if getattr(ruleset, "family", None) != "hunt":
            continue
        for variant in (None, *(v.id for v in ruleset.variants)):
            if resolve(ruleset, variant).options.get("letters"):
                found.append(f"'{ruleset.id}'" + (f", variant '{variant}'" if variant else ""))
    return found


def check_letters(board: Board, letters: list[str], report: Report) -> None:
    """A board played with the letters rule needs districts (letters 1-3) and places (the pawn letter)."""
    rules = letters[0] + (f" and {len(letters) - 1} more" if len(letters) > 1 else "")
    if not board.districts:
        report.warning(board.part("crossings"),
                       f"the letters rule ({rules}) names districts, but board {board.id} has none: "
                       "on it Jack can never send letters 1 to 3",
                       fix="add 'districts' (and 'letters' to say which each letter uses), or do not play "
                           "this board with letters")
    if not board.places:
        report.warning(board.part("crossings"),
                       f"the pawn letter ({rules}) sends a pawn to a named place, but board {board.id} has "
                       "none: on it Jack can never send the pawn letter",
                       fix="add 'places' (and 'letters: {pawn: …}'), or do not play this board with letters")
