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
... circles: [{number: 1, at: [10, 10]}, {number: 2, at: [90, 10]}]
... crossings: [{id: k1, at: [50, 80]}]
... segments: [[1, 2], [2, k1], [k1, 1]]
... ''', "tri.yaml")
>>> report = Report()
>>> check_board(load_board(doc, report), report, HuntNeeds(women=0, patrols=0, victims=(1,)))
>>> report.ok
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gaslight.diagnostics import Report, Severity
from gaslight.domain.board.geometry import analyse
from gaslight.domain.board.model import Board
from gaslight.project import Project


@dataclass(frozen=True)
class HuntNeeds:
    """What the hunt asks of a board (the defaults: the bundled hunt's)."""

    women: int = 8  # women tokens on night 1: one red circle each
    patrols: int = 7  # patrol tokens on night 1: one yellow crossing each
    victims: tuple[int, ...] = (1, 1, 2, 1)  # night by night


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
    # Crime scenes stay all game and women tokens go only on red circles without one: when every
    # kill falls on a red circle, the last night still needs a free red circle for a woman. (A
    # board that declares its own women tokens is a small test map and knows it.)
    lasting = sum(victims[:-1]) + 1
    if board.women_tokens is None and women_needed <= red < lasting:
        report.warning(board.part("circles"),
                       f"the board has {red} red circle{'s' * (red != 1)}, but the hunt kills {sum(victims[:-1])} "
                       f"times before its last night: if each kill falls on a red circle, night {len(victims)} has "
                       "no free red circle for a woman token and the game cannot go on",
                       fix=f"give the board at least {lasting} red circles (add 'flags: [red]')")
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
    except (ImportError, AttributeError, KeyError, IndexError, TypeError, ValueError):
        return HuntNeeds()
    return HuntNeeds(women, patrols, victims)


def check_project(project: Project, report: Report) -> None:
    """Run every board check on every board of the project."""
    needs = hunt_needs(project)
    letters = letter_rules(project)
    for board in project.of_kind("board"):
        check_board(board, report, needs)
        if letters:
            check_letters(board, letters, report)


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
