"""The decks' printables: every deck's card sheets (A4, Letter, one card per page for print shops) with the duplex
sheets' calibration pages, its Tabletop Simulator object and its print shop's files, and in each other language its
A4 and Letter sheets and Tabletop Simulator object (``print/decks/<code>/``).

A contributor of its own, after the decks' pages (:mod:`gaslight.outputs.decks`), which only name these files: the
live preview shows a saved deck's page before they are drawn. The files are named here, and nowhere else.
"""

from __future__ import annotations

from dataclasses import replace

from gaslight.domain.decks.cardtext import with_rules_text
from gaslight.domain.decks.checks import game_ruleset, localized_decks
from gaslight.domain.decks.deck import Deck
from gaslight.domain.decks.print_spec import PrintSpec
from gaslight.languages import main_language
from gaslight.outputs import tts
from gaslight.outputs.calibration import calibration_page
from gaslight.outputs.card_faces import card_sheet
from gaslight.outputs.card_images import TtsPictures, tts_sheets
from gaslight.outputs.cardsheet import CardSheetSettings
from gaslight.outputs.download_rows import Said, said
from gaslight.outputs.labels import printable_labels, printed_language
from gaslight.outputs.pdf import draw_all
from gaslight.outputs.print_shops import write_shop_files
from gaslight.outputs.sink import BuildOutput
from gaslight.project import Project

# The duplex sheets: each has a calibration page, and each other language has its own (a print shop prints the
# main language's one card per page).
PAPER_SHEETS = ("a4", "letter")


def sheets_for(spec: PrintSpec, language: str = "en") -> tuple[tuple[str, Said, CardSheetSettings], ...]:
    """(key, note, settings) of the sheets a deck printed as ``spec`` gets: A4, Letter and a print-shop file, their
    fixed words in ``language``."""
    duplex = said(f"download.duplex.{spec.flip}")
    return tuple((key, note, replace(settings, language=language)) for key, note, settings in (
        ("a4", duplex, CardSheetSettings.for_print(spec, "a4")),
        ("letter", duplex, CardSheetSettings.for_print(spec, "letter")),
        ("print-shop", said("download.shop_order"), CardSheetSettings.for_print(spec, layout="single"))))


def sheet_file(deck_id: str, key: str, language: str | None = None) -> str:
    """The printable a deck's card sheet ``key`` is (in ``language``'s folder when given).

    >>> sheet_file("d", "a4"), sheet_file("d", "letter", "ja")
    ('decks/d-a4.pdf', 'decks/ja/d-letter.pdf')
    """
    return f"decks/{language}/{deck_id}-{key}.pdf" if language else f"decks/{deck_id}-{key}.pdf"


def calibration_file(deck_id: str, key: str) -> str:
    """The printable the calibration page of a deck's duplex sheet ``key`` is.

    >>> calibration_file("d", "a4")
    'decks/d-calibration-a4.pdf'
    """
    return f"decks/{deck_id}-calibration-{key}.pdf"


def printed_deck(project: Project, deck: Deck) -> Deck:
    """``deck`` as printed: card text that quotes the rules filled in from the game's ruleset."""
    game_rules = game_ruleset(project, deck)
    if game_rules is None:
        return deck
    from gaslight.domain.rules.ruleset import resolve

    return with_rules_text(deck, resolve(game_rules, None).parameters, game_rules.id)[0]


def printed_translations(project: Project, deck: Deck) -> list[tuple[str, Deck]]:
    """(language, the deck read in it, as printed) for each other language the deck's file has text in."""
    return [(code, printed_deck(project, localized)) for code, localized in localized_decks(project, deck)]


def printed_sheets(deck: Deck, language: str, main: bool) -> tuple[tuple[str, Said, CardSheetSettings], ...]:
    """The sheets of ``deck`` printed in ``language`` (:func:`sheets_for`): all of them in the ``main`` language,
    the duplex ones in another."""
    return tuple(sheet for sheet in sheets_for(deck.print_spec, language) if main or sheet[0] in PAPER_SHEETS)


def draw_deck_printable(deck: Deck, how: CardSheetSettings | str) -> bytes | TtsPictures:
    """One independent printable of a deck: a card sheet (``how``: its settings), or its Tabletop Simulator sheets
    (``how``: the language of the cards' fixed words). Drawn in :func:`draw_all`, on all cores, and kept between
    builds by its arguments."""
    return card_sheet(deck, how) if isinstance(how, CardSheetSettings) else tts_sheets(deck, language=how)


def contribute(project: Project, out: BuildOutput) -> None:
    """Every deck's printables in every language, drawn in one :func:`draw_all` (on all cores in a build)."""
    main = main_language(project.config)
    printed = [printed_deck(project, written) for written in project.of_kind("deck")]
    # (deck, its language: None for the main one): each deck in the main language, then in each other one
    editions: list[tuple[Deck, str | None]] = [(deck, None) for deck in printed]
    editions += [(localized, code) for deck in printed for code, localized in printed_translations(project, deck)]
    jobs: list[tuple[Deck, CardSheetSettings | str]] = []
    for deck, code in editions:
        jobs += [(deck, settings) for _, _, settings in printed_sheets(deck, code or main, code is None)]
        jobs.append((deck, code or printed_language(main)))
    drawn = iter(draw_all(draw_deck_printable, jobs))
    for deck, code in editions:
        for key, _, settings in printed_sheets(deck, code or main, code is None):
            out.printable(sheet_file(deck.id, key, code), next(drawn))
            if code is None and key in PAPER_SHEETS:  # its calibration page, with the deck's flip and back offset
                title = printable_labels(settings.language)("calibration_title", deck=deck.title)
                out.printable(calibration_file(deck.id, key), calibration_page(settings, title))
        tts.write_object(out, tts.language_folder(tts.DECK_FOLDER, code), deck.id, next(drawn), project.config,
                         deck.summary)
        if code is None:
            write_shop_files(out, deck, printed_language(main))
