"""Languages as data: a project's ``languages`` and text written in several of them.

A project declares ``languages: [en, ja]`` in ``gaslight.yaml`` (default ``[en]``; the first is the
site's main language). Every text a designer writes where the schema says *localized text* is either
a plain string — the same text in every language — or a map from language to text::

    title: {en: The hunt, ja: 追跡}

:func:`localize` turns a file's data into one language's view (each map replaced by that language's
text, or by its first entry when it has none), so every loader and page builder keeps reading plain
strings. :func:`check_translations` warns, at its line, about each text that lacks one of the project's
languages (an error with ``--strict``).

>>> pick({"en": "The hunt", "ja": "追跡"}, "ja"), pick({"en": "The hunt"}, "ja"), pick("Night", "ja")
('追跡', 'The hunt', 'Night')
>>> localize({"title": {"en": "Hunt", "ja": "追跡"}, "rules": [{"id": "a", "text": "Go."}]}, "ja")
{'title': '追跡', 'rules': [{'id': 'a', 'text': 'Go.'}]}
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from gaslight.diagnostics import Report
from gaslight.resources import BUNDLED_DIR, label_table
from gaslight.yamlio import Document, YamlPath

DEFAULT_LANGUAGES = ("en",)
LANGUAGE_CODE = re.compile(r"^[a-z]{2}$")  # ISO 639-1, as MkDocs Material names its languages

# How the language switcher names each language (in that language); other codes show as the code.
LANGUAGE_NAMES: Mapping[str, str] = MappingProxyType({
    "en": "English", "ja": "日本語", "fr": "Français", "de": "Deutsch", "es": "Español", "it": "Italiano",
    "zh": "中文", "ko": "한국어", "nl": "Nederlands", "pt": "Português",
})

# The site's fixed words (menu labels, generated pages' titles) are data: gaslight/labels/site.<code>.yaml,
# and the prose of generated pages (scoring, boards, balance) in gaslight/labels/site-pages.<code>.yaml.
SITE_TABLE = "site"
SITE_TABLES = (SITE_TABLE, "site-pages")
ENGLISH = "en"

# The keys whose values are localized text, per kind of file; nothing under 'set' or 'default'
# (parameter values) is ever text to translate.
TEXT_KEYS: Mapping[str, frozenset[str]] = MappingProxyType({
    "ruleset": frozenset({"title", "summary", "text", "aid", "description", "term", "definition"}),
    "project": frozenset({"title", "description"}),
    "deck": frozenset({"title", "summary", "playtest", "name", "text", "flavour", "value_label", "label",
                       "description"}),
    "mansion": frozenset({"title", "description", "name", "calls_victim"}),
    "board": frozenset({"title", "description", "name"}),
    "case": frozenset({"title", "description"}),
})
# Maps whose every value a designer may write per language (a card's extra fields: text, or numbers and yes/no).
# A plain value there is not asked to be translated: a text field may be an id the scoring reads.
TEXT_MAPS: Mapping[str, frozenset[str]] = MappingProxyType({"deck": frozenset({"fields"})})
_NOT_TEXT = frozenset({"set", "default", "options_set"})


def language_name(code: str) -> str:
    """The language's own name for the switcher.

    >>> language_name("ja"), language_name("xx")
    ('日本語', 'xx')
    """
    return LANGUAGE_NAMES.get(code, code)


@cache
def site_table(language: str) -> Mapping[str, str]:
    """The site's fixed words in ``language`` (its :data:`SITE_TABLES`; empty for a language with none)."""
    words: dict[str, str] = {}
    for name in SITE_TABLES:
        path = label_table(name, language)
        if path.is_file():
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            words.update({str(key): str(value) for key, value in data.items()})
    return MappingProxyType(words)


def site_word(key: str, language: str = ENGLISH, **values: object) -> str:
    """The site's fixed word ``key`` in ``language`` (English where that language's table lacks it).

    >>> site_word("nav.rules"), site_word("nav.rules", "ja"), site_word("nav.rules", "fr")
    ('Rules', 'ルール', 'Rules')
    >>> site_word("nav.balance", "ja", board="East End")
    'East End：バランス'
    """
    english = site_table(ENGLISH)
    if key not in english:
        raise KeyError(f"'{key}' is not one of the site's words (none in {label_table(SITE_TABLE, ENGLISH)})")
    return site_table(language).get(key, english[key]).format(**values)


def translated_page(page: str, code: str) -> str:
    """Where the page ``page`` in language ``code`` is written (mkdocs-static-i18n's suffix structure).

    >>> translated_page("rummy/deck.md", "ja")
    'rummy/deck.ja.md'
    """
    return f"{page.removesuffix('.md')}.{code}.md"


def nav_translations(language: str) -> dict[str, str]:
    """The menu's fixed labels in ``language``, keyed by their English (mkdocs-static-i18n's nav_translations).

    >>> nav_translations("ja")["Case logic reference"], nav_translations("fr")
    ('事件の論理リファレンス', {})
    """
    english, table = site_table(ENGLISH), site_table(language)
    if language == ENGLISH:
        return {}
    return {english[key]: text for key, text in table.items()
            if key.startswith("nav.") and key in english and "{" not in english[key] and text != english[key]}


def is_localized(value: Any) -> bool:
    """Whether ``value`` is a map of language codes to text (rather than a plain string).

    >>> is_localized({"en": "Hunt", "ja": "追跡"}), is_localized("Hunt"), is_localized({"moves": 3})
    (True, False, False)
    """
    return (isinstance(value, Mapping) and bool(value)
            and all(isinstance(key, str) and LANGUAGE_CODE.match(key) and isinstance(text, str)
                    for key, text in value.items()))


Written = tuple[tuple[str, str], ...]  # a text as written per language ((language, text), …): models stay hashable


def written_as(value: Any) -> Written:
    """A text written per language as (language, text) pairs; () for a plain text.

    >>> written_as({"en": "Quay", "ja": "埠頭"}), written_as("Quay")
    ((('en', 'Quay'), ('ja', '埠頭')), ())
    """
    return tuple((str(code), str(text)) for code, text in value.items()) if isinstance(value, dict) else ()


def main_language(config: Any) -> str:
    """A project's main language (its ``gaslight.yaml``'s first): its main pages and printables speak it; English
    for a project that names none, or no project.

    >>> main_language(None)
    'en'
    """
    languages = getattr(config, "languages", None)
    return languages[0] if languages else ENGLISH


def pick(value: Any, language: str | None) -> Any:
    """``value`` in ``language``: a plain string as it is; a map's entry, or its first entry when it has none."""
    if not is_localized(value):
        return value
    if language in value:
        return value[language]
    return next(iter(value.values()))


def parameter_values(data: Any) -> Iterator[tuple[YamlPath, Any]]:
    """A ruleset's parameter values as written (each default, each variant's ``set``) with their YAML paths.

    >>> [p for p, _ in parameter_values({"parameters": {"n": {"default": 1}}, "variants": [{"set": {"n": 2}}]})]
    [('parameters', 'n', 'default'), ('variants', 0, 'set', 'n')]
    """
    if not isinstance(data, dict):
        return
    for name, raw in (data.get("parameters") or {}).items():
        if isinstance(raw, dict) and "default" in raw:
            yield ("parameters", name, "default"), raw["default"]
    places = [(("variants", i), v) for i, v in enumerate(data.get("variants") or [])]
    places.append((("changes",), data.get("changes")))
    for path, variant in places:
        if isinstance(variant, dict) and isinstance(variant.get("set"), dict):
            for name, value in variant["set"].items():
                yield (*path, "set", name), value


def _value_texts(value: Any, path: YamlPath) -> Iterator[tuple[YamlPath, Any]]:
    """The localized texts in a parameter value: the value itself, or items of a list or a map.

    A parameter's text is translated only where it is written as a map of languages: a plain one may be
    an id the engines read (the pawn letter's colours) or a symbol (levels I, A, B) the same in every language.
    """
    if is_localized(value):
        yield path, value
    elif isinstance(value, list):
        yield from ((((*path, i), item) for i, item in enumerate(value) if is_localized(item)))
    elif isinstance(value, dict):
        yield from ((((*path, key), item) for key, item in value.items() if is_localized(item)))


def _localize_value(value: Any, language: str | None) -> Any:
    """A parameter value with its localized texts (itself, or its list's or map's items) in ``language``.

    >>> _localize_value([{"en": "Bombing", "ja": "爆弾テロ"}, "Siege"], "ja")
    ['爆弾テロ', 'Siege']
    """
    if is_localized(value):
        return pick(value, language)
    if isinstance(value, list):
        return [pick(item, language) for item in value]
    if isinstance(value, dict):
        return {key: pick(item, language) for key, item in value.items()}
    return value


def _localize_parameters(data: dict[str, Any], language: str | None) -> dict[str, Any]:
    """A ruleset's ``data`` with its parameter values' localized texts in ``language`` (see :func:`_value_texts`)."""
    data = dict(data)
    for path, value in list(parameter_values(data)):
        *parents, last = path
        node: Any = data
        for part in parents:  # copy the way down: the caller's data stays as it was
            child = node[part]
            node[part] = child = list(child) if isinstance(child, list) else dict(child)
            node = child
        node[last] = _localize_value(value, language)
    return data


def localize(data: Any, language: str | None, kind: str = "ruleset") -> Any:
    """A copy of a file's ``data`` with every localized text in ``language`` (None: each map's first entry).

    A ruleset's parameter values may hold text in several languages too (24's suits); see :func:`_value_texts`.

    >>> localize({"parameters": {"suits": {"type": "list", "default": [{"en": "Siege", "ja": "立て籠もり"}]}}},
    ...          "ja")["parameters"]["suits"]["default"]
    ['立て籠もり']
    """
    keys, maps = TEXT_KEYS[kind], TEXT_MAPS.get(kind, frozenset())
    if kind == "ruleset" and isinstance(data, dict):
        data = _localize_parameters(data, language)

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(item) for item in node]
        if not isinstance(node, dict):
            return node
        return {key: (pick(value, language) if key in keys and is_localized(value)
                      else value if key in _NOT_TEXT
                      else {name: pick(item, language) for name, item in value.items()}
                      if key in maps and isinstance(value, dict) and any(map(is_localized, value.values()))
                      else walk(value))
                for key, value in node.items()}

    return walk(data)


def text_fields(data: Any, kind: str = "ruleset", path: YamlPath = ()) -> Iterator[tuple[YamlPath, Any]]:
    """Every localized-text value of a file with its YAML path (plain strings and maps alike).

    >>> [p for p, _ in text_fields({"title": "T", "rules": [{"id": "x", "title": {"en": "A"}}]})]
    [('title',), ('rules', 0, 'title')]
    """
    keys, maps = TEXT_KEYS[kind], TEXT_MAPS.get(kind, frozenset())
    if kind == "ruleset" and not path and isinstance(data, dict):
        for place, value in parameter_values(data):
            yield from _value_texts(value, place)
    if isinstance(data, list):
        for index, item in enumerate(data):
            yield from text_fields(item, kind, (*path, index))
    elif isinstance(data, dict):
        for key, value in data.items():
            if key in keys and (isinstance(value, str) or is_localized(value)):
                yield (*path, key), value
            elif key in maps and isinstance(value, dict):
                for name, item in value.items():
                    if is_localized(item):
                        yield (*path, key, name), item
                    else:
                        yield from text_fields(item, kind, (*path, key, name))
            elif key not in _NOT_TEXT:
                yield from text_fields(value, kind, (*path, key))


def has_text_in(data: Any, code: str, kind: str = "ruleset") -> bool:
    """Whether any localized text of a file's ``data`` is written in ``code``.

    >>> has_text_in({"title": {"en": "Hunt", "ja": "追跡"}}, "ja"), has_text_in({"title": "Hunt"}, "ja")
    (True, False)
    """
    return any(is_localized(value) and code in value for _, value in text_fields(data, kind))


def check_translations(doc: Document, languages: Sequence[str], report: Report, kind: str = "ruleset") -> None:
    """Warn about every text of ``doc`` missing one of ``languages`` (texts in other languages are ignored).

    A plain string counts as the first language's text. A file with no text at all in a language gets
    one warning at its top instead of one per text (its pages show the first language there).
    """
    if len(languages) < 2 and not any(is_localized(value) for _, value in text_fields(doc.data, kind)):
        return
    main, others = languages[0], languages[1:]
    fields = list(text_fields(doc.data, kind))
    for code in (main, *others):
        missing = [path for path, value in fields if not _has(value, code, main)]
        if not missing:
            continue
        if len(missing) == len(fields):
            report.warning(doc.loc(()), f"no text of this file is in '{code}' ({len(fields)} texts): its pages "
                           f"show the text of '{main}'",
                           fix=f"write each text as a map, e.g. title: {{{main}: …, {code}: …}}")
            continue
        for path in missing:
            report.warning(doc.loc(path), f"no '{code}' translation of this text",
                           fix=f"write it as a map with every language: {{{', '.join(f'{c}: …' for c in languages)}}}")


def _has(value: Any, code: str, main: str) -> bool:
    if not is_localized(value):
        return code == main
    return code in value


def check_project_translations(project: Any, report: Report, kind: str) -> None:
    """:func:`check_translations` for every file of ``kind`` in ``project``, in the project's languages.

    Gaslight's own games are left out when a designer's project plays them (a designer cannot translate them;
    their gaps are Gaslight's to close), but not in the showcase itself.
    """
    languages = project.config.languages if project.config else DEFAULT_LANGUAGES
    bundled = BUNDLED_DIR.resolve()
    showcase = project.config is not None and project.config.root.resolve() == bundled
    for doc in project.documents:
        if not isinstance(doc.data, dict) or doc.data.get("kind") != kind:
            continue
        if not showcase and doc.path and Path(doc.path).resolve().is_relative_to(bundled):
            continue
        check_translations(doc, languages, report, kind)
