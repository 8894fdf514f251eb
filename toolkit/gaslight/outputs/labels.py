"""The fixed words of printables, per language: data (``gaslight/labels/printables.<code>.yaml``), not code.

Every heading, column head and hint a play aid, movement sheet, one-page card or investigation sheet
prints comes from the table of the printable's language. A language with no table prints English; a
table that lacks a key prints that key in English and warns (:class:`MissingLabelWarning`, naming the
key and the file). The play aids' titles and section headings keep their English in the aid plan
(:data:`gaslight.domain.rules.aids.AIDS`); another language's table translates them under
``aid.<slug>`` and ``heading.<the English heading, slugged>``.

>>> printable_labels("ja")("night_number", number=2), printable_labels("en")("night_number", number=2)
('第2夜', 'Night 2')
>>> printable_labels("fr")("hideout")  # no French table: English
'Hideout'
>>> printable_labels("ja").heading("How the night ends"), printable_labels("en").heading("How the night ends")
('夜の終わり方', 'How the night ends')
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

import yaml

from gaslight.domain.rules.aids import AIDS
from gaslight.resources import label_table

TABLE = "printables"
ENGLISH = "en"


class MissingLabelWarning(UserWarning):
    """A language's table lacks a key: the printable shows that label in English."""


def heading_key(english: str) -> str:
    """The key of an aid's section heading in a language's table.

    >>> heading_key("Your night, step by step")
    'heading.your-night-step-by-step'
    """
    return "heading." + re.sub(r"[^a-z0-9]+", "-", english.lower()).strip("-")


def aid_key(slug: str) -> str:
    """The key of an aid's title (by the aid's slug) in a language's table.

    >>> aid_key("jack-aid")
    'aid.jack-aid'
    """
    return f"aid.{slug}"


def _read(path: Path) -> Mapping[str, str]:
    if not path.is_file():
        return MappingProxyType({})
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return MappingProxyType({str(key): str(value) for key, value in data.items()})


@dataclass(frozen=True)
class Labels:
    """One language's fixed words of printables; call it with a key (and the values its ``{names}`` need)."""

    language: str
    table: Mapping[str, str]
    english: Mapping[str, str]
    file: Path

    def __call__(self, key: str, **values: object) -> str:
        return self._text(key, self.english.get(key)).format(**values)

    def aid_title(self, slug: str, english: str) -> str:
        """An aid's title: the plan's English, or this language's ``aid.<slug>``."""
        return english if self.language == ENGLISH else self._text(aid_key(slug), english)

    def heading(self, english: str) -> str:
        """An aid section's heading: the plan's English, or this language's ``heading.<…>``."""
        return english if self.language == ENGLISH else self._text(heading_key(english), english)

    def _text(self, key: str, english: str | None) -> str:
        text = self.table.get(key)
        if text is not None:
            return text
        if english is None:
            raise KeyError(f"'{key}' is not a printable label (none in {label_table(TABLE, ENGLISH)})")
        if self.table:  # a language with a table of its own lacks this one
            warnings.warn(MissingLabelWarning(
                f"the printable label '{key}' is missing from the '{self.language}' table ({self.file.name}): "
                f"printed in English ({english!r}); add '{key}:' to {self.file}"), stacklevel=3)
        return english


@cache
def printable_labels(language: str) -> Labels:
    """The printables' words in ``language`` (English where it has no table)."""
    english = _read(label_table(TABLE, ENGLISH))
    file = label_table(TABLE, language)
    return Labels(language, english if language == ENGLISH else _read(file), english, file)


def printed_language(language: str) -> str:
    """The language a printable meant for ``language`` is printed in: its own when it has printable words, else
    English.

    >>> printed_language("ja"), printed_language("fr")
    ('ja', 'en')
    """
    return language if printable_labels(language).table else ENGLISH


def required_keys() -> tuple[str, ...]:
    """Every key a language's table should have: the English table's, and each aid's title and headings."""
    aids = [aid for plans in AIDS.values() for aid in plans]
    planned = [aid_key(aid.slug) for aid in aids] + [heading_key(s.heading) for aid in aids for s in aid.sections]
    return (*printable_labels(ENGLISH).english, *dict.fromkeys(planned))


def missing_labels(language: str) -> list[str]:
    """The keys ``language``'s table lacks (all of them for a language with no table)."""
    table = printable_labels(language).table
    return [key for key in required_keys() if key not in table and not (language == ENGLISH
                                                                        and key.startswith(("aid.", "heading.")))]
