"""The browser engine's data and play pages.

For every board: the ``gaslight-board/1`` JSON (``engine/data/boards/<id>.json`` for the
engine, ``export/boards/<id>.json`` plus ``<id>.vectors.json`` as exports); for the hunt
ruleset and each of its variants: the resolved parameters and options
(``engine/data/rules/<variant or default>.json`` and an index); for every Walton case: the
case export (``engine/data/walton/<id>.json`` and an index); and the play pages
``play/<board id>.md`` and ``play/walton.md``, which load the engine's JavaScript modules. In a project of
several languages each play page is written in each other language too (``play/walton.ja.md``: its words from
the site's word tables, its file paths one folder deeper, as mkdocs-static-i18n serves it under ``/ja/``), and
the Walton data in each (``engine/data/walton/ja/``: the cases' names and card texts in Japanese) and the hunt
rules' index (``engine/data/rules/index-ja.json``: their titles). Not ``index.ja.json``: mkdocs-static-i18n would
take that for the Japanese site's copy of ``index.json`` and move it under ``/ja/``.

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

from gaslight.languages import ENGLISH, main_language, site_word
from gaslight.outputs.sink import BuildOutput, game_sites
from gaslight.outputs.sink import page_link as relative_to_page
from gaslight.outputs.site import one_folder_deeper
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


def to_json(data: Any, sort_keys: bool = True) -> str:
    """Stable JSON text (sorted keys unless the order is the data's own, final newline): same data, same bytes.
    Compact: the browser reads it, and Python's encoder is several times slower when asked to indent."""
    return json.dumps(data, sort_keys=sort_keys, ensure_ascii=False, separators=(",", ":")) + "\n"


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


FIRST_GAME_STEPS = 5


def first_game(language: str = ENGLISH) -> str:
    """The folded "first game?" box of a board's play page, in ``language``.

    >>> first_game().splitlines()[:2]
    ['??? info "First game? How a night goes"', "    1. **Jack** picks a secret hideout (any circle that is not red), \
then places the night's women tokens on red circles; the marked ones are his possible victims."]
    """
    steps = "".join(f"    {n}. {site_word(f'play.first_game_{n}', language)}\n" for n in range(1, FIRST_GAME_STEPS + 1))
    return f'??? info "{site_word("play.first_game", language)}"\n{steps}\n'


def _links(language: str, links: list[str]) -> str:
    """Links in a sentence: "a, b and c" (「a、b、c」)."""
    if len(links) == 1:
        return links[0]
    return site_word("play.links", language, list=site_word("play.links_separator", language).join(links[:-1]),
                     last=links[-1])


def board_file(board_id: str, language: str = "") -> str:
    """The docs-relative engine data of a board (its names in ``language`` when given: :func:`board_json_in`)."""
    return f"engine/data/boards/{language}/{board_id}.json" if language else f"engine/data/boards/{board_id}.json"


def board_json_in(data: dict[str, Any], localized: Any) -> dict[str, Any] | None:
    """The engine data ``data`` of a board with the title, places' and districts' names of ``localized`` (the
    board read in another language: :func:`gaslight.domain.board.checks.localized_boards`); None when two of its
    places would share a name there (the engine knows a place by its name, in moves and saves).

    >>> from types import SimpleNamespace as N
    >>> data = {"title": "Quay", "places": [{"name": "Pier", "crossing": "a"}], "districts": [{"id": "d", "name": "D"}]}
    >>> ja = N(title="埠頭", places=[N(name="桟橋")], districts=[N(id="d", name="東")])
    >>> board_json_in(data, ja)["places"], board_json_in(data, ja)["districts"][0]["name"]
    ([{'name': '桟橋', 'crossing': 'a'}], '東')
    """
    places = [{**entry, "name": place.name} for entry, place in zip(data["places"], localized.places, strict=True)]
    if len({p["name"] for p in places}) < len(places):
        return None
    names = {d.id: d.name for d in localized.districts}
    return {**data, "title": localized.title, "places": places,
            "districts": [{**d, "name": names.get(d["id"], d["name"])} for d in data["districts"]]}


def board_play_page(page: str, board_id: str, title: str, description: str, rules_index: str | None,
                    rules_page: str | None = None, language: str = ENGLISH, data_file: str | None = None) -> str:
    """The Markdown of a board's play page in ``language``; all scenario text escaped. Full width: the board is
    the page. Paths are relative to ``page`` as the main language serves it; ``data_file``: the board's engine
    data (its main file when None)."""
    data = relative_to_page(page, data_file or board_file(board_id))
    rules = f' data-rules-index="{html_text(relative_to_page(page, rules_index))}"' if rules_index else ""
    script = relative_to_page(page, "engine/hunt/ui.js")
    intro = f"{md_text(description)}\n\n" if description else ""
    word = lambda key: site_word(key, language)  # noqa: E731 - a short name for the page's many words
    links = [f"[{word('play.link_rules')}]({relative_to_page(page, rules_page)})"] if rules_page else []
    links += [f"[{word('play.link_board')}]({relative_to_page(page, f'boards/{board_id}.md')})",
              f"[{word('play.link_engine')}]({relative_to_page(page, ABOUT_PAGE)})"]
    return (
        "---\nhide:\n  - navigation\n  - toc\n---\n\n"
        f"# {site_word('page.play_title', language, title=md_text(title))}\n\n"
        f"{intro}"
        f"{_stylesheet(page)}"
        f'<link rel="stylesheet" href="{html_text(relative_to_page(page, "engine/hunt/hunt.css"))}">\n\n'
        f"{site_word('play.hunt_intro', language, links=_links(language, links))}\n\n"
        f"{first_game(language)}"
        f'<div id="gaslight-hunt" class="gaslight-engine" data-board="{html_text(data)}"{rules}>'
        f"<noscript>{word('play.needs_js')}</noscript></div>\n\n"
        f'<script type="module" src="{html_text(script)}"></script>\n'
    )


def _app_page(page: str, heading: str, intro: str, root: str, data: tuple[str, str], script: str, needs: str) -> str:
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


def _engine_link(page: str, language: str) -> str:
    return f"[{site_word('play.link_engine', language)}]({relative_to_page(page, ABOUT_PAGE)})"


def walton_play_page(page: str, index: str, language: str = ENGLISH) -> str:
    """The Markdown of the Walton solo page in ``language`` (``index``: that language's case index)."""
    return _app_page(page, site_word("play.walton_solo_title", language),
                     site_word("play.walton_solo_intro", language, engine=_engine_link(page, language)),
                     "gaslight-walton", ("index", index), "engine/walton/walton.js",
                     site_word("play.needs_js", language))


TABLE_PAGE = "play/walton-table.md"
EDITOR_PAGE = "reference/board-editor.md"
BOARDS_INDEX = "engine/data/boards/index.json"


def editor_page(page: str, language: str = ENGLISH) -> str:
    """The Markdown of the board editor page in ``language``."""
    return _app_page(page, site_word("play.editor_title", language), site_word("play.editor_intro", language),
                     "gaslight-editor", ("boards", BOARDS_INDEX), "engine/editor/editor.js",
                     site_word("play.editor_needs_js", language))


def walton_table_page(page: str, index: str, language: str = ENGLISH) -> str:
    """The Markdown of the Walton table page in ``language`` (people and bots, hot-seat); no table of contents,
    so the investigation sheet has room beside the hand."""
    return "---\nhide:\n  - toc\n---\n\n" + _app_page(
        page, site_word("play.walton_table_title", language),
        site_word("play.walton_table_intro", language, engine=_engine_link(page, language)),
        "gaslight-walton-table", ("index", index), "engine/walton/tableui.js", site_word("play.needs_js", language))


def translated_page(page: str, code: str) -> str:
    """Where ``page`` in language ``code`` is written (mkdocs-static-i18n's suffix structure).

    >>> translated_page("play/walton.md", "ja")
    'play/walton.ja.md'
    """
    return f"{page.removesuffix('.md')}.{code}.md"


def other_languages(project: Project) -> tuple[str, ...]:
    """The project's languages besides its main one (none for a one-language project)."""
    return tuple(project.config.languages[1:]) if project.config else ()


def _page_in(out: BuildOutput, page: str, code: str, markdown: str) -> None:
    """``page`` in language ``code``: served one folder deeper (``/ja/play/…``), so its file paths go one deeper."""
    out.page(translated_page(page, code), one_folder_deeper(markdown))


def _boards(project: Project, out: BuildOutput) -> list[tuple[str, str, str, dict[str, Any]]]:
    """Each board's engine data (and in each other language it has names in, :func:`board_json_in`), source and
    exports; (id, title, description, the board read in each language of its own data files) of each."""
    from gaslight.domain.board.checks import localized_boards
    from gaslight.domain.board.export import board_json, board_source, conformance_vectors

    boards = []
    for board in project.of_kind("board"):
        data = board_json(board)
        text = to_json(data)
        out.asset(board_file(board.id), text)
        own = {}
        for code, localized in localized_boards(project, board).items():
            translated = board_json_in(data, localized)
            if translated is not None:
                out.asset(board_file(board.id, code), to_json(translated))
                own[code] = localized
        # for the editor on the published site: the board as its file holds it, keys in the file's order
        out.asset(f"engine/data/boards/{board.id}.source.json", to_json(board_source(board), sort_keys=False))
        out.export(f"boards/{board.id}.json", text)
        out.export(f"boards/{board.id}.vectors.json", to_json(conformance_vectors(board, seed=0, count=VECTOR_COUNT)))
        boards.append((board.id, board.title, board.description, own))
    out.asset(BOARDS_INDEX, to_json({"format": INDEX_FORMAT, "items": [
        {"id": ident, "title": title, "file": f"{ident}.json", "source": f"{ident}.source.json"}
        for ident, title, _, _ in boards]}))
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


def _rules(project: Project, out: BuildOutput, language: str = ENGLISH) -> str | None:
    from gaslight.domain.rules.ruleset import resolve

    # The designer's own hunts' files are named "<ruleset>.<variant>".
    hunts = hunt_rulesets(project)
    if not hunts:
        return None
    entries = []
    for hunt, variant_id, name, title in _rules_entries(hunts, language):
        effective = resolve(hunt, variant_id)
        out.asset(f"engine/data/rules/{name}.json", to_json(rules_json(hunt, variant_id, title)))
        entries.append({"id": name, "title": title, "file": f"{name}.json",
                        "letters": bool(effective.options.get("letters"))})
    index = "engine/data/rules/index.json"
    out.asset(index, to_json({"format": INDEX_FORMAT, "items": entries}))
    return index


def _rules_entries(hunts: list[Any], language: str = ENGLISH, shown: list[Any] | None = None
                   ) -> list[tuple[Any, str | None, str, str]]:
    """(ruleset, variant id, data file's name, title in ``language``) of every hunt ruleset and variant; ``shown``
    holds the rulesets read in ``language`` (their titles), beside ``hunts`` (their ids and files)."""
    from gaslight.domain.rules.ruleset import resolve

    entries = []
    for hunt, words in zip(hunts, shown or hunts, strict=True):
        own = hunt is not hunts[0]
        for variant_id in (None, *(v.id for v in hunt.variants)):
            name = f"{hunt.id}.{variant_id or 'default'}" if own else variant_id or "default"
            if variant_id is None:
                title = site_word("play.base_rules", language, ruleset=words.title)
            else:
                variant = resolve(words, variant_id).variant_title
                title = f"{words.title}: {variant}" if own else variant
            entries.append((hunt, variant_id, name, title))
    return entries


def _rules_in(project: Project, out: BuildOutput, code: str) -> str:
    """The hunt rules' index in language ``code`` (``engine/data/rules/index-<code>.json``): the same data files,
    titled in that language where the ruleset has its words in it."""
    from gaslight.domain.rules.ruleset import load_localized, resolve

    hunts = hunt_rulesets(project)
    shown = []
    for hunt in hunts:
        doc = next((d for d in project.documents if d.file == hunt.location.file), None)
        localized = load_localized(doc, code) if doc is not None and hunt.extends is None else None
        fits = localized is not None and [v.id for v in localized.variants] == [v.id for v in hunt.variants]
        shown.append(localized if fits else hunt)
    entries = [{"id": name, "title": title, "file": f"{name}.json",
                "letters": bool(resolve(hunt, variant_id).options.get("letters"))}
               for hunt, variant_id, name, title in _rules_entries(hunts, code, shown)]
    index = f"engine/data/rules/index-{code}.json"
    out.asset(index, to_json({"format": INDEX_FORMAT, "items": entries}))
    return index


WALTON_DATA = "engine/data/walton"


def walton_folder(code: str | None = None) -> str:
    """Where the Walton cases' data of the main language (``code`` None) or of language ``code`` is written.

    >>> walton_folder(), walton_folder("ja")
    ('engine/data/walton', 'engine/data/walton/ja')
    """
    return WALTON_DATA if code is None else f"{WALTON_DATA}/{code}"


def walton_index(code: str | None = None) -> str:
    """The Walton case index of the main language (``code`` None) or of language ``code``."""
    return f"{walton_folder(code)}/index.json"


def case_json_in(mansion: Mansion, case: Case, code: str) -> dict[str, Any]:
    """The engine export of ``case`` in language ``code``: the mansion's names in it, and each card's text as the
    case pages print it in that language (a text written in it kept, the others rendered from the claims)."""
    from gaslight.domain.walton.export import case_json
    from gaslight.domain.walton.liars import PLAYER_RULES_JA
    from gaslight.domain.walton.phrasing import case_texts

    data = case_json(mansion.in_language(code), case.in_language(code))
    cards = sorted(case.cards, key=lambda c: c.number)
    texts = case_texts(mansion, case.id, [(card.speaker, shown["claims"], card.text)
                                          for card, shown in zip(cards, data["cards"], strict=True)], code)
    data["cards"] = [{**shown, "text": text} for shown, text in zip(data["cards"], texts, strict=True)]
    rules = PLAYER_RULES_JA.get(case.reading(mansion).id) if code == "ja" else None
    if rules:  # who may lie, as the Japanese rules say it: what this reading lets the culprit and accomplice say
        data["who_may_lie"] = "".join(rules[1:-1]).removesuffix("。")
    return data


def _walton(project: Project, out: BuildOutput) -> str | None:
    from gaslight.domain.walton.export import case_json, solution_json

    languages = other_languages(project)
    entries: list[dict[str, Any]] = []
    translated: dict[str, list[dict[str, Any]]] = {code: [] for code in languages}
    for case in project.of_kind("case"):
        mansion = project.by_id("mansion", case.mansion)
        if mansion is None:
            continue
        out.asset(f"{WALTON_DATA}/{case.id}.json", to_json(case_json(mansion, case)))
        entry = {"id": case.id, "title": case.title, "difficulty": case.difficulty, "file": f"{case.id}.json"}
        proving = _proving_cards(mansion, case)
        if proving is not None:
            page = posixpath.relpath(f"walton/cases/{case.id}.html", WALTON_DATA)
            out.asset(f"{WALTON_DATA}/{case.id}.solution.json", to_json(solution_json(mansion, case, proving, page)))
            entry["solution"] = f"{case.id}.solution.json"
        entries.append(entry)
        for code in languages:
            folder = walton_folder(code)
            out.asset(f"{folder}/{case.id}.json", to_json(case_json_in(mansion, case, code)))
            if proving is not None:
                # the names in that language, and the case's page on the site in it
                page = posixpath.relpath(f"{code}/walton/cases/{case.id}.html", folder)
                out.asset(f"{folder}/{case.id}.solution.json",
                          to_json(solution_json(mansion.in_language(code), case, proving, page)))
            translated[code].append({**entry, "title": case.in_language(code).title})
    if not entries:
        return None
    out.asset(walton_index(), to_json({"format": INDEX_FORMAT, "items": entries}))
    for code, items in translated.items():
        out.asset(walton_index(code), to_json({"format": INDEX_FORMAT, "items": items}))
    return walton_index()


def _proving_cards(mansion: Mansion, case: Case) -> tuple[int, ...] | None:
    """The cards that prove the case's answer, for the solution the table page shows when a game is over (None
    for a case with no proven answer of its own)."""
    from gaslight.domain.walton.verdict import examine
    from gaslight.limits import TimeLimitReached

    try:
        proof, _ = examine(mansion, case)
    except TimeLimitReached:
        return None
    result = proof.result
    if result.verdict != "unique" or result.solutions[0] != case.answer:
        return None
    return tuple(proof.metrics.whole_proof) if proof.metrics is not None else ()


def hunt(project: Project, out: BuildOutput) -> None:
    """Engine data for every board and hunt variant, and the boards' play pages (a save of a Walton case leaves
    them as they are: :data:`gaslight.outputs.READS`)."""
    main = main_language(project.config)
    boards = _boards(project, out)
    rules_index = _rules(project, out, main)
    hunts = hunt_rulesets(project)
    rules_page = f"{game_sites(hunts)[hunts[0].id].folder}/rules.md" if hunts else None
    languages = other_languages(project)
    rules_indexes = {code: _rules_in(project, out, code) if rules_index else None for code in languages}
    for board_id, title, description, own in boards:
        page = f"play/{board_id}.md"
        out.page(page, board_play_page(page, board_id, title, description, rules_index, rules_page, main),
                 nav=(site_word("nav.play"), title))
        for code in languages:
            shown = own.get(code)
            _page_in(out, page, code, board_play_page(page, board_id, shown.title if shown else title,
                                                      shown.description if shown else description,
                                                      rules_indexes[code], rules_page, code,
                                                      board_file(board_id, code) if code in own else None))


def contribute(project: Project, out: BuildOutput) -> None:
    """Engine data for every Walton case and its play pages, then the engine's own pages (run after
    :func:`hunt`: the menu lists the boards' play pages first)."""
    main = main_language(project.config)
    languages = other_languages(project)
    cases = _walton(project, out)
    play, reference = site_word("nav.play"), site_word("nav.reference")
    if cases is not None:
        page = "play/walton.md"
        out.page(page, walton_play_page(page, cases, main), nav=(play, site_word("nav.walton_solo")))
        out.page(TABLE_PAGE, walton_table_page(TABLE_PAGE, cases, main), nav=(play, site_word("nav.walton_table")))
        for code in languages:
            _page_in(out, page, code, walton_play_page(page, walton_index(code), code))
            _page_in(out, TABLE_PAGE, code, walton_table_page(TABLE_PAGE, walton_index(code), code))
    out.link((play, site_word("nav.engine")), ABOUT_PAGE)
    out.page(EDITOR_PAGE, editor_page(EDITOR_PAGE, main), nav=(reference, site_word("nav.board_editor")))
    for code in languages:
        _page_in(out, EDITOR_PAGE, code, editor_page(EDITOR_PAGE, code))
