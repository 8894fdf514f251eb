"""The browser engine's data and play pages.

For every board: the ``gaslight-board/1`` JSON (``engine/data/boards/<id>.json`` for the
engine, ``export/boards/<id>.json`` plus ``<id>.vectors.json`` as exports); for the hunt
ruleset and each of its variants: the resolved parameters and options
(``engine/data/rules/<variant or default>.json`` and an index); for every Walton case: the
case export (``engine/data/walton/<id>.json`` and an index); and the play pages
``play/<board id>.md`` and ``play/walton.md``, which load the engine's JavaScript modules.

Pages live at ``play/<name>.html`` (``use_directory_urls: false``), so every data path a
page names is relative to ``play/``:

>>> relative_to_page("play/tutorial.md", "engine/data/boards/tutorial.json")
'../engine/data/boards/tutorial.json'
"""

from __future__ import annotations

import json
import posixpath
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gaslight.languages import site_word
from gaslight.outputs.sink import BuildOutput, game_sites
from gaslight.outputs.text import html_text, md_text
from gaslight.project import Project

if TYPE_CHECKING:
    from gaslight.domain.walton.case import Case
    from gaslight.domain.walton.mansion import Mansion

RULES_FORMAT = "gaslight-rules/1"
INDEX_FORMAT = "gaslight-index/1"
HUNT_GAME = "hunt"
VECTOR_COUNT = 200
ABOUT_PAGE = "engine/index.md"  # hand-written, in site/engine/


def relative_to_page(page: str, target: str) -> str:
    """The link from the page ``page`` (docs-relative) to the file ``target`` (docs-relative)."""
    return posixpath.relpath(target, posixpath.dirname(page) or ".")


def to_json(data: Any, sort_keys: bool = True) -> str:
    """Stable JSON text (sorted keys unless the order is the data's own, final newline): same data, same bytes."""
    return json.dumps(data, sort_keys=sort_keys, ensure_ascii=False, indent=1) + "\n"


def plain(value: Any) -> Any:
    """A frozen ruleset value (tuples, read-only mappings) as plain JSON data.

    >>> from types import MappingProxyType
    >>> plain(MappingProxyType({"2": (1, 2)}))
    {'2': [1, 2]}
    """
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return value


def _stylesheet(page: str) -> str:
    return f'<link rel="stylesheet" href="{html_text(relative_to_page(page, "engine/common/engine.css"))}">\n\n'


FIRST_GAME = """\
??? info "First game? How a night goes"
    1. **Jack** picks a secret hideout (any circle that is not red), then places the night's women
       tokens on red circles; the marked ones are his possible victims.
    2. **The police** place their patrol tokens face down on crossings: the coloured ones show where
       their pawns will start, the blank ones are bluffs.
    3. **Jack** kills (or waits, and the women move) and then runs for his hideout, one move a turn,
       writing every circle on his secret track.
    4. **The police** move each pawn up to two crossings, then search the circles beside it for
       clues (a circle Jack passed tonight) or try an arrest on one circle.
    5. The night ends when Jack reaches his hideout; the police win if they arrest him or his track
       runs out. Blue outlines show where you may click; hover a circle or crossing for its name.

"""


def board_play_page(page: str, board_id: str, title: str, description: str, rules_index: str | None,
                    rules_page: str | None = None) -> str:
    """The Markdown of a board's play page; all scenario text escaped. Full width: the board is the page."""
    data = relative_to_page(page, f"engine/data/boards/{board_id}.json")
    rules = f' data-rules-index="{html_text(relative_to_page(page, rules_index))}"' if rules_index else ""
    script = relative_to_page(page, "engine/hunt/ui.js")
    intro = f"{md_text(description)}\n\n" if description else ""
    links = [f"[the rules]({relative_to_page(page, rules_page)})"] if rules_page else []
    links += [f"[the board and its checks]({relative_to_page(page, f'boards/{board_id}.md')})",
              f"[how the engine works]({relative_to_page(page, ABOUT_PAGE)})"]
    return (
        "---\nhide:\n  - navigation\n  - toc\n---\n\n"
        f"# Play: {md_text(title)}\n\n"
        f"{intro}"
        f"{_stylesheet(page)}"
        f'<link rel="stylesheet" href="{html_text(relative_to_page(page, "engine/hunt/hunt.css"))}">\n\n'
        "Play the Whitechapel hunt on this map in the browser, with every rule enforced: hot-seat "
        "(the device is handed over behind a screen), or against the Jack bot or the police bot. "
        "As the police, switch on the overlay to see every circle where Jack could be. Zoom with the "
        "wheel, a pinch or + and −; drag to pan (on a phone the board brings each choice close by itself; "
        "“Whole board” shows everything). Save the game as a short text to resume it later or "
        f"share a position. See also {', '.join(links[:-1])} and {links[-1]}.\n\n"
        f"{FIRST_GAME}"
        f'<div id="gaslight-hunt" class="gaslight-engine" data-board="{html_text(data)}"{rules}>'
        "<noscript>The engine needs JavaScript.</noscript></div>\n\n"
        f'<script type="module" src="{html_text(script)}"></script>\n'
    )


def _app_page(page: str, heading: str, intro: str, root: str, data: tuple[str, str], script: str,
              needs: str = "The engine needs JavaScript.") -> str:
    """A page that mounts one of the engine's apps: heading, intro, the stylesheet, the root element with its
    data file (relative to the page) and the module script."""
    name, target = data
    return (
        f"# {heading}\n\n{intro}\n\n"
        f"{_stylesheet(page)}"
        f'<div id="{root}" class="gaslight-engine" data-{name}="{html_text(relative_to_page(page, target))}">'
        f"<noscript>{needs}</noscript></div>\n\n"
        f'<script type="module" src="{html_text(relative_to_page(page, script))}"></script>\n'
    )


def walton_play_page(page: str, index: str) -> str:
    """The Markdown of the Walton solo page."""
    return _app_page(page, "Walton case (solo)",
                     "Pick a case, then each turn name two references (suspects or rooms): the cards that mention "
                     "them are dealt to you. Mark what you learn on the investigation sheet and submit an answer "
                     "when you are sure; the page checks it without holding the solution, and shows it once the "
                     "game is over "
                     f"([how the engine works]({relative_to_page(page, ABOUT_PAGE)})).",
                     "gaslight-walton", ("index", index), "engine/walton/walton.js")


TABLE_PAGE = "play/walton-table.md"
EDITOR_PAGE = "reference/board-editor.md"
BOARDS_INDEX = "engine/data/boards/index.json"


def editor_page(page: str) -> str:
    """The Markdown of the board editor page."""
    return _app_page(page, "Board editor",
                     "Draw a board, or change one, on screen: add circles and crossings, join them with lines (click "
                     "the corners of a bend on the way), mark red circles and yellow crossings, name places and draw "
                     "districts; drag a node or a district's corner to move it, drag the background to pan, wheel "
                     "or + and − to zoom. Run `gaslight serve` in your project to open its boards here: every "
                     "change is checked at once, with the same checks as `gaslight check`, problems ringed on the "
                     "map, and *Save* writes the board file back, keeping its comments. On the published site the "
                     "editor opens the site's boards, checks every change the same way and shows the YAML to copy. "
                     "Drawing in Inkscape, Illustrator or Affinity instead? See `gaslight import svg`.",
                     "gaslight-editor", ("boards", BOARDS_INDEX), "engine/editor/editor.js",
                     "The editor needs JavaScript.")


def walton_table_page(page: str, index: str) -> str:
    """The Markdown of the Walton table page (people and bots, hot-seat); no table of contents, so the
    investigation sheet has room beside the hand."""
    return "---\nhide:\n  - toc\n---\n\n" + _app_page(page, "Walton case at the table",
                     "The card game for two to five seats, each played by a person or a bot. People share one "
                     "screen: when it passes from one person to another a pass screen hides the hand until the next "
                     "player is ready. Each turn a player names references, the others offer cards that show them, "
                     "and the turn player pays for what they take; after every round all choose at once to keep "
                     "investigating or to solve. Every answer is checked against the case's digest: the page holds "
                     "no solution while the game is played, and shows who did it once it is over "
                     f"([how the engine works]({relative_to_page(page, ABOUT_PAGE)})).",
                     "gaslight-walton-table", ("index", index), "engine/walton/tableui.js")


def _boards(project: Project, out: BuildOutput) -> list[tuple[str, str, str]]:
    from gaslight.domain.board.export import board_json, board_source, conformance_vectors

    boards = []
    for board in project.of_kind("board"):
        data = board_json(board)
        text = to_json(data)
        out.asset(f"engine/data/boards/{board.id}.json", text)
        # for the editor on the published site: the board as its file holds it, keys in the file's order
        out.asset(f"engine/data/boards/{board.id}.source.json", to_json(board_source(board), sort_keys=False))
        out.export(f"boards/{board.id}.json", text)
        out.export(f"boards/{board.id}.vectors.json", to_json(conformance_vectors(board, seed=0, count=VECTOR_COUNT)))
        boards.append((board.id, board.title, board.description))
    out.asset(BOARDS_INDEX, to_json({"format": INDEX_FORMAT, "items": [
        {"id": ident, "title": title, "file": f"{ident}.json", "source": f"{ident}.source.json"}
        for ident, title, _ in boards]}))
    return boards


def rules_json(hunt: Any, variant_id: str | None, title: str) -> dict[str, Any]:
    """The engine's rules file of a hunt ruleset and variant (``gaslight-rules/1``)."""
    from gaslight.domain.rules.ruleset import resolve

    effective = resolve(hunt, variant_id)
    return {"format": RULES_FORMAT, "ruleset": hunt.id, "variant": variant_id, "title": title,
            "parameters": plain(effective.parameters), "options": plain(effective.options),
            "rules": sorted(rule.id for rule in effective.walk() if rule.active)}


def hunt_rulesets(project: Project) -> list[Any]:
    """Every hunt-family ruleset (all are playable): the bundled hunt first, then the designer's own."""
    return sorted((r for r in project.of_kind("ruleset") if r.family == HUNT_GAME),
                  key=lambda r: (r.game != HUNT_GAME, r.id))


def balance_hunt(project: Project, ruleset_id: str | None = None) -> Any:
    """The hunt ruleset a balance report plays: the one named, else the designer's own (the first by
    id), else the bundled hunt; None when the project has none. Raises KeyError for an unknown id."""
    hunts = hunt_rulesets(project)
    if ruleset_id is not None:
        named = [h for h in hunts if h.id == ruleset_id]
        if not named:
            raise KeyError(ruleset_id)
        return named[0]
    own = [h for h in hunts if h.game != HUNT_GAME]
    return (own or hunts or [None])[0]


def _rules(project: Project, out: BuildOutput) -> str | None:
    from gaslight.domain.rules.ruleset import resolve

    # The designer's own hunts' files are named "<ruleset>.<variant>".
    hunts = hunt_rulesets(project)
    if not hunts:
        return None
    entries = []
    for hunt, variant_id in ((h, v) for h in hunts for v in (None, *(v.id for v in h.variants))):
        effective = resolve(hunt, variant_id)
        own = hunt is not hunts[0]
        name = f"{hunt.id}.{variant_id or 'default'}" if own else variant_id or "default"
        if variant_id is None:
            title = f"{hunt.title} (base rules)"
        else:
            title = f"{hunt.title}: {effective.variant_title}" if own else effective.variant_title
        out.asset(f"engine/data/rules/{name}.json", to_json(rules_json(hunt, variant_id, title)))
        entries.append({"id": name, "title": title, "file": f"{name}.json",
                        "letters": bool(effective.options.get("letters"))})
    index = "engine/data/rules/index.json"
    out.asset(index, to_json({"format": INDEX_FORMAT, "items": entries}))
    return index


def _walton(project: Project, out: BuildOutput) -> str | None:
    from gaslight.domain.walton.export import case_json

    entries = []
    for case in project.of_kind("case"):
        mansion = project.by_id("mansion", case.mansion)
        if mansion is None:
            continue
        out.asset(f"engine/data/walton/{case.id}.json", to_json(case_json(mansion, case)))
        entry = {"id": case.id, "title": case.title, "difficulty": case.difficulty, "file": f"{case.id}.json"}
        solution = _walton_solution(mansion, case)
        if solution is not None:
            out.asset(f"engine/data/walton/{case.id}.solution.json", to_json(solution))
            entry["solution"] = f"{case.id}.solution.json"
        entries.append(entry)
    if not entries:
        return None
    index = "engine/data/walton/index.json"
    out.asset(index, to_json({"format": INDEX_FORMAT, "items": entries}))
    return index


def _walton_solution(mansion: Mansion, case: Case) -> dict[str, Any] | None:
    """The answer the table page shows when a game is over (None for a case with no proven answer of its own)."""
    from gaslight.domain.walton.export import solution_json
    from gaslight.domain.walton.verdict import examine
    from gaslight.limits import TimeLimitReached

    try:
        proof, _ = examine(mansion, case)
    except TimeLimitReached:
        return None
    result = proof.result
    if result.verdict != "unique" or result.solutions[0] != case.answer:
        return None
    cards = proof.metrics.whole_proof if proof.metrics is not None else ()
    page = posixpath.relpath(f"walton/cases/{case.id}.html", "engine/data/walton")
    return solution_json(mansion, case, cards, page)


def contribute(project: Project, out: BuildOutput) -> None:
    """Engine data for every board, hunt variant and Walton case, and the play pages."""
    boards = _boards(project, out)
    rules_index = _rules(project, out)
    hunts = hunt_rulesets(project)
    rules_page = f"{game_sites(hunts)[hunts[0].id].folder}/rules.md" if hunts else None
    for board_id, title, description in boards:
        page = f"play/{board_id}.md"
        out.page(page, board_play_page(page, board_id, title, description, rules_index, rules_page),
                 nav=(site_word("nav.play"), title))
    walton_index = _walton(project, out)
    play, reference = site_word("nav.play"), site_word("nav.reference")
    if walton_index is not None:
        page = "play/walton.md"
        out.page(page, walton_play_page(page, walton_index), nav=(play, site_word("nav.walton_solo")))
        out.page(TABLE_PAGE, walton_table_page(TABLE_PAGE, walton_index), nav=(play, site_word("nav.walton_table")))
    out.link((play, site_word("nav.engine")), ABOUT_PAGE)
    out.page(EDITOR_PAGE, editor_page(EDITOR_PAGE), nav=(reference, site_word("nav.board_editor")))
