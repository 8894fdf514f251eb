"""A deck in the project's other languages: its gallery page (``deck.<code>.md`` beside ``deck.md``, for
mkdocs-static-i18n), linking its A4 and Letter card sheets and its Tabletop Simulator object (``print/decks/<code>/``,
drawn from the deck file read in that language by :mod:`gaslight.outputs.deck_cards`). The downloads that do not
hold the deck's words in print (the print-shop file, the JSON data, the calibration page) are the main language's,
linked as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gaslight.domain.decks.deck import Deck
from gaslight.languages import translated_page
from gaslight.outputs import tts
from gaslight.outputs.card_images import deck_tts_layout
from gaslight.outputs.cardsheet import CardSheetSettings
from gaslight.outputs.deck_cards import sheet_file
from gaslight.outputs.download_rows import Download, Said, Words, said
from gaslight.outputs.sink import BuildOutput


def sheet_download(key: str, note: Words, settings: CardSheetSettings, path: str) -> Download:
    """The download row of the card sheet ``key`` (a4, letter, print-shop) printed with ``settings``."""
    return Download(said(f"download.sheet.{key}"), (note, settings.describe), path)


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
    sheets: Sequence[tuple[str, Words, CardSheetSettings]]  # (key, note, settings) of its own sheets


def contribute_translations(out: BuildOutput, translations: Sequence[DeckTranslation]) -> None:
    """Write each translation's gallery page, naming its own card sheets and Tabletop Simulator object."""
    for translation in translations:
        code, deck = translation.language, translation.deck
        localized = {row.label: row for row in (
            sheet_download(key, note, settings, BuildOutput.printable_path(sheet_file(deck.id, key, code)))
            for key, note, settings in translation.sheets)}
        own_tts = tts.download_rows(tts.language_folder(tts.DECK_FOLDER, code), deck.id, deck_tts_layout(deck))
        listed: list[Download] = []
        for row in translation.downloads:  # the main language's TTS rows give way to this language's, in their place
            if not _is_tts(row):
                listed.append(localized.get(row.label, row))
            elif own_tts:
                listed, own_tts = [*listed, *own_tts], []
        out.page(translated_page(translation.page, code), translation.render(deck, listed, code))
