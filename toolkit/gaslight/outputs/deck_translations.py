"""A deck in the project's other languages: its gallery page (``deck.<code>.md`` beside ``deck.md``, for
mkdocs-static-i18n), its A4 and Letter card sheets and its Tabletop Simulator object (``print/decks/<code>/``), from
the deck file read in that language. The downloads that do not hold the deck's words in print (the print-shop file,
the JSON data, the calibration page) are the main language's, linked as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gaslight.config import ProjectConfig
from gaslight.domain.decks.deck import Deck
from gaslight.languages import translated_page
from gaslight.outputs import tts
from gaslight.outputs.card_faces import card_sheet
from gaslight.outputs.card_images import TtsPictures, tts_sheets
from gaslight.outputs.cardsheet import CardSheetSettings
from gaslight.outputs.download_rows import Download, Said, Words, said
from gaslight.outputs.pdf import draw_all
from gaslight.outputs.sink import BuildOutput

TRANSLATED_SHEETS = ("a4", "letter")  # the sheets drawn in each language (a print shop prints the main one)


def sheet_download(key: str, note: Words, settings: CardSheetSettings, path: str) -> Download:
    """The download row of the card sheet ``key`` (a4, letter, print-shop) printed with ``settings``."""
    return Download(said(f"download.sheet.{key}"), (note, settings.describe), path)


def draw_deck_printable(deck: Deck, how: CardSheetSettings | str) -> bytes | TtsPictures:
    """One independent printable of a deck: a card sheet (``how``: its settings), or its Tabletop Simulator sheets
    (``how``: the language of the cards' fixed words). Drawn in :func:`draw_all`, on all cores, and kept between
    builds by its arguments."""
    return card_sheet(deck, how) if isinstance(how, CardSheetSettings) else tts_sheets(deck, language=how)


def _is_tts(row: Download) -> bool:
    return isinstance(row.label, Said) and row.label.key.startswith("download.tts_")


@dataclass(frozen=True)
class DeckTranslation:
    """A deck read in another language, with what its page needs from the main language's."""

    language: str
    deck: Deck
    page: str  # the main language's page: links are resolved from its place (mkdocs-static-i18n serves both there)
    downloads: Sequence[Download]  # the main language's; its card sheets replaced, every row said in ``language``
    render: Callable[[Deck, Sequence[Download], str], str]  # (deck, downloads, language) -> the page
    sheets: Sequence[tuple[str, Words, CardSheetSettings]]  # (key, note, settings) as the deck page lists them


def contribute_translations(out: BuildOutput, translations: Sequence[DeckTranslation],
                            config: ProjectConfig | None = None) -> None:
    """Write each translation's A4 and Letter card sheets, its Tabletop Simulator object and its gallery page."""
    jobs: list[tuple[Deck, CardSheetSettings | str]] = []
    for t in translations:
        jobs += [(t.deck, settings) for key, _, settings in t.sheets if key in TRANSLATED_SHEETS]
        jobs.append((t.deck, t.language))
    drawn = iter(draw_all(draw_deck_printable, jobs))
    for translation in translations:
        localized: dict[Words, Download] = {}
        for key, note, settings in translation.sheets:
            if key in TRANSLATED_SHEETS:
                pdf = next(drawn)
                path = out.printable(f"decks/{translation.language}/{translation.deck.id}-{key}.pdf", pdf)
                row = sheet_download(key, note, settings, path)
                localized[row.label] = row
        folder = tts.language_folder(tts.DECK_FOLDER, translation.language)
        own_tts = tts.build_downloads(out, folder, translation.deck.id, next(drawn), config, translation.deck.summary)
        listed: list[Download] = []
        for row in translation.downloads:  # the main language's TTS rows give way to this language's, in their place
            if not _is_tts(row):
                listed.append(localized.get(row.label, row))
            elif own_tts:
                listed, own_tts = [*listed, *own_tts], []
        out.page(translated_page(translation.page, translation.language), translation.render(translation.deck, listed,
                                                                                          translation.language))
