"""The Walton case cards: each case's clue cards as card sheets (A4 and Letter) and as a Tabletop Simulator deck
in each language with printable words of its own, and the page that lists them.

A contributor of its own, apart from the decks' (:mod:`gaslight.outputs.decks`): a save of a case redraws this
page's files only, and a save of a deck none of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from gaslight.domain.decks.print_spec import PrintSpec
from gaslight.languages import ENGLISH, main_language, site_word, translated_page
from gaslight.outputs import tts
from gaslight.outputs.card_faces import case_card_sheet
from gaslight.outputs.card_images import case_tts_layout, case_tts_sheets
from gaslight.outputs.cardsheet import CardSheetSettings
from gaslight.outputs.labels import printable_labels, printed_language
from gaslight.outputs.pdf import begin_drawing
from gaslight.outputs.sink import GAME_SITES, BuildOutput, page_link
from gaslight.outputs.text import md_text
from gaslight.project import Project

PAGE = "walton/case-cards.md"


def case_cards_markdown(rows: list[tuple[Any, list[tuple[str, str]]]], page: str, language: str = ENGLISH) -> str:
    """The page of every case's cards in ``language`` (``rows``: each case, its title in that language, with its
    downloads: (label, site path))."""
    def word(key: str) -> str:
        return site_word(f"case_cards.{key}", language)

    out = [f"# {word('title')}", "", word("intro"), "", word("head"), "|---|---:|---|"]
    for case, downloads in rows:
        links = " · ".join(f"[{md_text(label)}]({page_link(page, path)})" for label, path in downloads)
        out.append(f"| {md_text(case.title)} | {len(case.cards)} | {links} |")
    return "\n".join(out) + "\n"


# Walton case cards are poker size (a case has no print block), on A4 and Letter: (paper, settings).
CASE_SHEETS = tuple((paper, CardSheetSettings.for_print(PrintSpec(), paper)) for paper in ("a4", "letter"))


def sheet_file(case_id: str, paper: str, language: str | None = None) -> str:
    """The printable a case's card sheet on ``paper`` is (in ``language``'s folder when given).

    >>> sheet_file("c", "a4"), sheet_file("c", "letter", "ja")
    ('walton/c-cards-a4.pdf', 'walton/ja/c-cards-letter.pdf')
    """
    return f"walton/{language}/{case_id}-cards-{paper}.pdf" if language else f"walton/{case_id}-cards-{paper}.pdf"


def _cases(project: Project) -> list[tuple[Any, Any]]:
    """(case, mansion) of every case whose mansion is in the project."""
    return [(case, mansion) for case in project.of_kind("case")
            if (mansion := project.by_id("mansion", case.mansion)) is not None]


def _own_card_languages(config: Any) -> tuple[str, ...]:
    """The project's other languages whose case cards print in words of their own (sheets and Tabletop Simulator
    deck under ``walton/<code>/``); another language shows the main language's cards."""
    return tuple(code for code in (config.languages[1:] if config else ()) if printable_labels(code).table)


def _write_pages(out: BuildOutput, cases: list[tuple[Any, Any]], config: Any) -> None:
    """The case cards page in each language, naming each case's printables before they are drawn (promised)."""
    page = PAGE
    rows = []
    languages = tuple(config.languages[1:]) if config else ()
    own_cards = _own_card_languages(config)
    translated: dict[str, list[tuple[Any, list[tuple[str, str]]]]] = {code: [] for code in languages}
    main = main_language(config)
    for case, _ in cases:
        sheets, tts_links = _promised(out, case)
        downloads = [(site_word(f"walton.paper.{paper}", main), path)
                     for (paper, _), path in zip(CASE_SHEETS, sheets, strict=True)]
        downloads += [(site_word("case_cards.tts", main), tts_links[0]), (site_word("case_cards.tts_sheet", main),
                                                                         tts_links[1])]
        rows.append((case, downloads))
        # that language's sheets and deck where its cards print words of their own, else the main language's
        own_sheets: dict[str, list[tuple[str, str]]] = {}
        own_tts: dict[str, tuple[str, str]] = {}
        for code in own_cards:
            sheets, own_tts[code] = _promised(out, case, code)
            own_sheets[code] = [(site_word(f"walton.paper.{paper}", code), path)
                                for (paper, _), path in zip(CASE_SHEETS, sheets, strict=True)]
        for code in languages:
            own = own_sheets.get(code, downloads[:len(CASE_SHEETS)])
            tts_words = (site_word("case_cards.tts", code), site_word("case_cards.tts_sheet", code))
            translated[code].append((case.in_language(code),
                                     [*own, *zip(tts_words, own_tts.get(code, tts_links), strict=True)]))
    if rows:
        out.page(page, case_cards_markdown(rows, page, main),
                 nav=(GAME_SITES["walton"].section, site_word("nav.case_cards")))
        for code, shown in translated.items():
            out.page(translated_page(page, code), case_cards_markdown(shown, page, code))


def _promised(out: BuildOutput, case: Any, language: str | None = None) -> tuple[list[str], tuple[str, str]]:
    """The site paths of a case's card sheets, and of its Tabletop Simulator object and first sheet, in
    ``language``'s folder (None: the main language's), promised before they are drawn."""
    sheets = [out.promise(sheet_file(case.id, paper, language)) for paper, _ in CASE_SHEETS]
    rows = tts.download_rows(tts.language_folder(tts.CASE_FOLDER, language), case.id, case_tts_layout(case))
    first, sheet = (out.promise(row.path.removeprefix(out.printable_path(""))) for row in rows[:2])
    return sheets, (first, sheet)


def _write_printables(out: BuildOutput, cases: list[tuple[Any, Any]], drawn: Iterator[Any], config: Any) -> None:
    """Each case's sheets and Tabletop Simulator deck, in the main language then each with cards of its own (the
    order :func:`contribute` drew them in)."""
    for case, _ in cases:
        for code in (None, *_own_card_languages(config)):
            for paper, _ in CASE_SHEETS:
                out.printable(sheet_file(case.id, paper, code), next(drawn))
            description = case.in_language(code).description if code else case.description
            tts.write_object(out, tts.language_folder(tts.CASE_FOLDER, code), case.id, next(drawn), config,
                             description)


def _draw(case: Any, mansion: Any, how: CardSheetSettings | str) -> Any:
    """One printable of a case: a card sheet (``how``: its settings, their language among them), or its Tabletop
    Simulator sheets (``how``: the language of its cards). All are drawn in one :func:`begin_drawing`, on all cores,
    kept between builds."""
    if isinstance(how, CardSheetSettings):
        return case_card_sheet(case, mansion, how)
    return case_tts_sheets(case, mansion, language=how)


def contribute(project: Project, out: BuildOutput) -> None:
    """Every case's card sheets and Tabletop Simulator decks, and the case cards page (none without cases).

    The page is written first; the printables are drawn on all cores meanwhile, and written when the build is ready
    for them (:meth:`BuildOutput.later`: while MkDocs makes the site)."""
    cases = _cases(project)
    printed_in = printed_language(main_language(project.config))  # the case cards' words
    # each case's sheets and TTS deck in the main language, then in each language with its own cards (the order
    # _write_printables takes them in); a language's three are drawn by one process, which lays each card's text
    # out once
    jobs = [(case, mansion, how) for case, mansion in cases
            for code in (printed_in, *_own_card_languages(project.config))
            for how in (*(replace(settings, language=code) for _, settings in CASE_SHEETS), code)]
    drawing = begin_drawing(_draw, jobs, together=len(CASE_SHEETS) + 1)
    _write_pages(out, cases, project.config)
    out.later(lambda: _write_printables(out, cases, iter(drawing()), project.config))
