"""A row of a page's download list, told in any of the site's languages.

A deck's page lists its card sheets, calibration pages, Tabletop Simulator files, print-shop files and data; the
page in another language links the same files (or its own card sheets) and says what they are in its words. A
row keeps how to say its label and note (site words by key, with their values) instead of English text:

>>> row = Download(Said("download.deck_data"), (Said("download.deck_data_note"),), "export/decks/d.json")
>>> row.label_in("en"), row.note_in("ja")
('Deck data', '全カードのJSON（gaslight-deck/1）')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gaslight.languages import ENGLISH, site_word

Words = Callable[[str], str]  # language code -> the text in it


@dataclass(frozen=True)
class Said:
    """Site word ``key`` with ``values`` filled in; called with a language code, the text in it.

    >>> Said("download.tts_sheet_note", (("columns", 3), ("rows", 2), ("cards", 5)))("en")
    'Custom Deck faces: Width 3, Height 2, Number 5'
    """

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    def __call__(self, language: str) -> str:
        return site_word(self.key, language, **{name: _in(value, language) for name, value in self.values})


def said(key: str, **values: Any) -> Said:
    """:class:`Said` with keyword values (a value may itself be a :class:`Said`, said in the same language)."""
    return Said(key, tuple(values.items()))


def _in(value: Any, language: str) -> Any:
    return value(language) if isinstance(value, Said) else value


@dataclass(frozen=True)
class Download:
    """One file a page links: what it is (``label``), how to use it (``note``: parts joined by "; "), where."""

    label: Words
    note: tuple[Words, ...]
    path: str

    def label_in(self, language: str = ENGLISH) -> str:
        return self.label(language)

    def note_in(self, language: str = ENGLISH) -> str:
        return site_word("download.join", language).join(part(language) for part in self.note)


def verbatim(text: str) -> Words:
    """A note part said the same in every language (a library's own message, a file name)."""
    return lambda _language: text
