"""Play pages for the card games: Ripper rummy and 24, one page per deck, bundled or a designer's own.

For every deck played with a rummy or a 24 ruleset (a bundled one, or one that extends it): the engine's game
data under the base rules and under each variant (``engine/data/cards/<game>/<deck>.<variant>.json``, written by
:mod:`gaslight.play.rummy` / :mod:`gaslight.play.twentyfour`), the deck's table file (``<deck>.json``: what each
card shows — name, type, suit, value, text, colours — and the variants on offer) and the page
``play/<rummy|24>-<deck>.md`` that mounts the game's page module. A variant whose data the engine cannot play is
left out and its problems listed on the page; a deck with no playable variant gets a page that lists them.

In each other language of the project the page is written again (``play/<rummy|24>-<deck>.<code>.md``): its words
from the site's word tables, the faces, the variants' titles and the suspects' or incidents' names from the deck
and the ruleset read in that language, in a table file and game data of that language
(``engine/data/cards/<game>/<code>/``). A deck or ruleset with no text in that language shows its own. Each
page names every language's table file too (``data-table-<code>``; each table says its ``language``), so the
game's own language control shows the faces of the language it picks, whichever page it is on.

>>> play_page("twentyfour", "twenty-four")
'play/24-twenty-four.md'
>>> table_file("rummy", "ripper-rummy")
'engine/data/cards/rummy/ripper-rummy.json'
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gaslight.domain.decks.checks import game_ruleset
from gaslight.domain.decks.deck import Deck
from gaslight.domain.rules.ruleset import read_in
from gaslight.languages import ENGLISH, main_language, site_word, translated_page
from gaslight.outputs.card_faces import field_lines, readable_band, suit_line, text_colour
from gaslight.outputs.engine import ABOUT_PAGE, other_languages, relative_to_page, to_json
from gaslight.outputs.labels import printable_labels
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.site import one_folder_deeper
from gaslight.outputs.text import html_text, md_text
from gaslight.project import Project

TABLE_FORMAT = "gaslight-cardtable/1"
#: The card games with a play page: the family (or game) of the ruleset → the page's name and script.
GAMES: dict[str, tuple[str, str, str]] = {
    "rummy": ("rummy", "Ripper rummy", "engine/rummy/page.js"),
    "twentyfour": ("24", "24", "engine/twentyfour/page.js"),
}
ROOT_ID = "gaslight-cards"


def card_game(project: Project, deck: Deck) -> str | None:
    """``"rummy"`` or ``"twentyfour"`` when the deck is played with such a ruleset, else None."""
    ruleset = game_ruleset(project, deck)
    if ruleset is None:
        return None
    family = ruleset.family or ruleset.game
    return family if family in GAMES else None


def play_page(game: str, deck_id: str) -> str:
    """The docs-relative play page of a deck of ``game``."""
    return f"play/{GAMES[game][0]}-{deck_id}.md"


def table_file(game: str, deck_id: str, language: str = "") -> str:
    """The docs-relative table file (faces and variants) of a deck of ``game`` (in ``language``'s folder when
    given: that language's faces).

    >>> table_file("rummy", "ripper-rummy", "ja")
    'engine/data/cards/rummy/ja/ripper-rummy.json'
    """
    folder = f"engine/data/cards/{game}/{language}/" if language else f"engine/data/cards/{game}/"
    return f"{folder}{deck_id}.json"


def faces(deck: Deck, language: str = ENGLISH) -> dict[str, dict[str, Any]]:
    """What each distinct card shows, by the deck's card id: the engine's data names cards, this draws them (the
    rank's word in ``language``, as the printed card says it)."""
    out: dict[str, dict[str, Any]] = {}
    rank = printable_labels(language)("card_rank", rank="{rank}")
    for card in deck.cards:
        band = readable_band(deck.colour_of(card))  # the band's small print reads on screen
        out[card.id] = {"name": card.name, "type": deck.type_of(card).name, "kind": card.type,
                        "suit": suit_line(deck, card, rank) if card.suit is not None else "", "value": card.value,
                        "text": card.text, "fields": list(field_lines(deck, card)), "band": band,
                        "ink": text_colour(band)}
    return out


def _game_data(game: str, deck: Deck, ruleset: Any, variant: str | None) -> dict[str, Any]:
    if game == "rummy":
        from gaslight.play.rummy import game_data as rummy_data

        return rummy_data(deck, ruleset, variant)
    from gaslight.domain.rules.ruleset import resolve
    from gaslight.play.twentyfour import game_data as twentyfour_data

    return twentyfour_data(deck, resolve(ruleset, variant))


def _variants(game: str, deck: Deck, ruleset: Any, out: BuildOutput, language: str = "", words: str = ENGLISH
              ) -> tuple[list[dict[str, Any]], list[str]]:
    """The playable variants' entries (their data files written beside the table file of ``language``, the main
    one's when empty; the base rules named in ``language``, else in ``words``) and the problems of the others."""
    from gaslight.play.rummy import RummyDataError
    from gaslight.play.twentyfour import GameDataError

    entries: list[dict[str, Any]] = []
    problems: list[str] = []
    for variant in (None, *ruleset.variants):
        variant_id = None if variant is None else variant.id
        title = site_word("nav.base_rules", language or words) if variant is None else variant.title
        name = f"{deck.id}.{variant_id or 'default'}.json"
        try:
            data = _game_data(game, deck, ruleset, variant_id)
        except RummyDataError as error:
            problems += [f"{title}: {d.format_text()}" for d in error.diagnostics]
            continue
        except GameDataError as error:
            problems += [f"{title}: {p}" for p in error.problems]
            continue
        out.asset(posixpath.join(posixpath.dirname(table_file(game, deck.id, language)), name), to_json(data))
        entries.append({"id": variant_id or "default", "title": title, "file": name})
    return entries, problems


def menu_title(game: str, deck: Deck, language: str = ENGLISH) -> str:
    """The page's title in the menu and its heading: the deck's, after the game's unless it names the game (the
    game's name in ``language``).

    >>> from types import SimpleNamespace as D
    >>> menu_title("rummy", D(title="Ripper rummy deck")), menu_title("twentyfour", D(title="Night shift"))
    ('Ripper rummy deck', '24: Night shift')
    >>> menu_title("rummy", D(title="リッパー・ラミーのデッキ"), "ja"), menu_title("rummy", D(title="夜勤"), "ja")
    ('リッパー・ラミーのデッキ', 'リッパー・ラミー：夜勤')
    """
    game_title = GAMES[game][1] if language == ENGLISH else site_word(f"nav.{game}", language)
    if deck.title.startswith(game_title):
        return deck.title
    return site_word("play.cards_menu", language, game=game_title, deck=deck.title)


def _links(links: Sequence[str], language: str) -> str:
    """``a and b`` in ``language`` (the site's list words)."""
    if len(links) < 2:
        return "".join(links)
    return site_word("play.links", language, list=site_word("play.links_separator", language).join(links[:-1]),
                     last=links[-1])


def page_markdown(game: str, deck: Deck, page: str, deck_page: str | None, playable: bool, problems: list[str],
                  language: str = ENGLISH, table: str | None = None, tables: Mapping[str, str] | None = None) -> str:
    """The play page of a deck in ``language`` (every scenario text escaped); ``table``: its table file (the
    deck's main one when None); ``tables``: every language's, by code. Paths are relative to ``page`` as the main
    language serves it."""
    name, game_title, script = GAMES[game]
    words = {"deck": site_word("play.link_deck", language), "engine": site_word("play.link_engine", language)}
    links = [f"[{words['deck']}]({relative_to_page(page, deck_page)})"] if deck_page else []
    links.append(f"[{words['engine']}]({relative_to_page(page, ABOUT_PAGE)})")
    heading = site_word("play.cards_title", language, title=md_text(menu_title(game, deck, language)))
    parts = ["---\nhide:\n  - toc\n---\n\n", f"# {heading}\n\n"]
    shown_game = game_title if language == ENGLISH else site_word(f"nav.{game}", language)
    if playable:
        parts.append(site_word("play.cards_intro", language, game=md_text(shown_game), links=_links(links, language))
                     + "\n\n")
        sheet = html_text(relative_to_page(page, "engine/common/cards.css"))
        parts.append(f'<link rel="stylesheet" href="{sheet}">\n\n')
        others = "".join(f' data-table-{html_text(code)}="{html_text(relative_to_page(page, path))}"'
                         for code, path in sorted((tables or {}).items()))
        parts.append(f'<div id="{ROOT_ID}" class="gaslight-engine gl-cardgame" data-game="{name}" '
                     f'data-table="{html_text(relative_to_page(page, table or table_file(game, deck.id)))}"{others}>'
                     f"<noscript>{site_word('play.cards_needs_js', language)}</noscript></div>\n\n"
                     f'<script type="module" src="{html_text(relative_to_page(page, script))}"></script>\n')
    else:
        parts.append(site_word("play.cards_unplayable", language, links=_links(links, language)) + "\n\n")
    if problems:
        parts.append(f'??? warning "{site_word("play.cards_problems", language)}"\n')
        parts += [f"    - {md_text(problem)}\n" for problem in problems]
    return "".join(parts)


def _translated(project: Project, out: BuildOutput, game: str, deck: Deck, shown: Deck, ruleset: Any,
                deck_page: str | None, language: str, tables: Mapping[str, str]) -> None:
    """The play page of ``deck`` in ``language`` (``shown``: the deck read in it) with its own table file and game
    data, served one folder deeper (``/<code>/play/…``); ``tables``: every language's table file."""
    localized = read_in(project.documents, ruleset, language)
    variants, problems = _variants(game, shown, localized, out, language)
    table = table_file(game, deck.id, language)
    out.asset(table, to_json({"format": TABLE_FORMAT, "game": game, "deck": deck.id, "title": shown.title,
                              "language": language, "variants": variants, "faces": faces(shown, language)}))
    page = play_page(game, deck.id)
    markdown = page_markdown(game, shown, page, deck_page, bool(variants), problems, language, table, tables)
    out.page(translated_page(page, language), one_folder_deeper(markdown))


def contribute(project: Project, out: BuildOutput, decks: Iterable[Deck], deck_pages: Mapping[str, str],
               translations: Mapping[str, Mapping[str, Deck]] | None = None) -> None:
    """The play page, game data and table file of every rummy and 24 deck among ``decks`` (as printed: card text
    that quotes the rules filled in); ``deck_pages``: each deck's gallery page, which the play page links to;
    ``translations``: by deck id, the deck read (and printed) in each other language it has text in. Every other
    language of the project gets its page too (the deck's own text where it has none in that language)."""
    main, others = main_language(project.config), other_languages(project)
    for deck in decks:
        game = card_game(project, deck)
        if game is None:
            continue
        ruleset = game_ruleset(project, deck)
        variants, problems = _variants(game, deck, ruleset, out, words=main)
        table = {"format": TABLE_FORMAT, "game": game, "deck": deck.id, "title": deck.title, "language": main,
                 "variants": variants, "faces": faces(deck, main)}
        out.asset(table_file(game, deck.id), to_json(table))
        page = play_page(game, deck.id)
        deck_page = deck_pages.get(deck.id)
        tables = {main: table_file(game, deck.id), **{code: table_file(game, deck.id, code) for code in others}} \
            if others else {}
        out.page(page, page_markdown(game, deck, page, deck_page, bool(variants), problems, main, tables=tables),
                 nav=(site_word("nav.play"), menu_title(game, deck, main)))
        for code in others:
            shown = (translations or {}).get(deck.id, {}).get(code, deck)
            _translated(project, out, game, deck, shown, ruleset, deck_page, code, tables)
