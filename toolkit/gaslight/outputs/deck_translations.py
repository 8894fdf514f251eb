"""A deck in the project's other languages: its gallery page (``deck.<code>.md`` beside ``deck.md``, for
mkdocs-static-i18n) and its A4 and Letter card sheets (``print/decks/<code>/``), from the deck file read in that
language. The downloads that do not hold the deck's words in print (the print-shop file, the Tabletop Simulator
object, the JSON data, the calibration page) are the main language's, linked as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gaslight.domain.decks.deck import Deck
from gaslight.languages import translated_page
from gaslight.outputs.card_faces import card_sheet
from gaslight.outputs.cardsheet import CardSheetSettings
from gaslight.outputs.pdf import draw_all
from gaslight.outputs.sink import BuildOutput

SHEET_LABELS = {"a4": "Card sheet, A4", "letter": "Card sheet, Letter"}  # the sheets drawn in each language


def _draw_sheet(deck: Deck, settings: CardSheetSettings) -> bytes:
    return card_sheet(deck, settings)


@dataclass(frozen=True)
class DeckTranslation:
    """A deck read in another language, with what its page needs from the main language's."""

    language: str
    deck: Deck
    page: str  # the main language's page: links are resolved from its place (mkdocs-static-i18n serves both there)
    downloads: list[tuple[str, str, str]]  # the main language's (label, note, site path); its card sheets replaced
    render: Callable[[Deck, list[tuple[str, str, str]], str], str]  # (deck, downloads, language) -> the page
    sheets: Sequence[tuple[str, str, CardSheetSettings]]  # (key, note, settings) as the deck page lists them


def contribute_translations(out: BuildOutput, translations: Sequence[DeckTranslation]) -> None:
    """Write each translation's A4 and Letter card sheets and its gallery page."""
    jobs = [(t.deck, settings) for t in translations for key, _, settings in t.sheets if key in SHEET_LABELS]
    drawn = iter(draw_all(_draw_sheet, jobs))
    for translation in translations:
        localized: dict[str, tuple[str, str, str]] = {}
        for key, note, settings in translation.sheets:
            if key in SHEET_LABELS:
                pdf = next(drawn)
                path = out.printable(f"decks/{translation.language}/{translation.deck.id}-{key}.pdf", pdf)
                localized[SHEET_LABELS[key]] = (SHEET_LABELS[key], f"{note}; {settings.describe()}", path)
        listed = [localized.get(label, (label, note, path)) for label, note, path in translation.downloads]
        out.page(translated_page(translation.page, translation.language), translation.render(translation.deck, listed,
                                                                                          translation.language))
