"""Play pages for the card games: Ripper rummy and 24, one page per deck, bundled or a designer's own.

For every deck played with a rummy or a 24 ruleset (a bundled one, or one that extends it): the engine's game
data under the base rules and under each variant (``engine/data/cards/<game>/<deck>.<variant>.json``, written by
:mod:`gaslight.play.rummy` / :mod:`gaslight.play.twentyfour`), the deck's table file (``<deck>.json``: what each
card shows — name, type, suit, value, text, colours — and the variants on offer) and the page
``play/<rummy|24>-<deck>.md`` that mounts the game's page module. A variant whose data the engine cannot play is
left out and its problems listed on the page; a deck with no playable variant gets a page that lists them.

>>> play_page("twentyfour", "twenty-four")
'play/24-twenty-four.md'
>>> table_file("rummy", "ripper-rummy")
'engine/data/cards/rummy/ripper-rummy.json'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gaslight.domain.decks.checks import game_ruleset
from gaslight.domain.decks.deck import Deck
from gaslight.outputs.card_faces import field_lines, readable_band, suit_line, text_colour
from gaslight.outputs.engine import ABOUT_PAGE, relative_to_page, to_json
from gaslight.outputs.sink import BuildOutput
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


def table_file(game: str, deck_id: str) -> str:
    """The docs-relative table file (faces and variants) of a deck of ``game``."""
    return f"engine/data/cards/{game}/{deck_id}.json"


def faces(deck: Deck) -> dict[str, dict[str, Any]]:
    """What each distinct card shows, by the deck's card id: the engine's data names cards, this draws them."""
    out: dict[str, dict[str, Any]] = {}
    for card in deck.cards:
        band = readable_band(deck.colour_of(card))  # the band's small print reads on screen
        out[card.id] = {"name": card.name, "type": deck.type_of(card).name, "kind": card.type,
                        "suit": suit_line(deck, card) if card.suit is not None else "", "value": card.value,
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


def _variants(game: str, deck: Deck, ruleset: Any, out: BuildOutput) -> tuple[list[dict[str, Any]], list[str]]:
    """The playable variants' entries (their data files written) and the problems of the others."""
    from gaslight.play.rummy import RummyDataError
    from gaslight.play.twentyfour import GameDataError

    entries: list[dict[str, Any]] = []
    problems: list[str] = []
    for variant in (None, *ruleset.variants):
        variant_id = None if variant is None else variant.id
        title = "Base rules" if variant is None else variant.title
        name = f"{deck.id}.{variant_id or 'default'}.json"
        try:
            data = _game_data(game, deck, ruleset, variant_id)
        except RummyDataError as error:
            problems += [f"{title}: {d.format_text()}" for d in error.diagnostics]
            continue
        except GameDataError as error:
            problems += [f"{title}: {p}" for p in error.problems]
            continue
        out.asset(f"engine/data/cards/{game}/{name}", to_json(data))
        entries.append({"id": variant_id or "default", "title": title, "file": name})
    return entries, problems


def menu_title(game: str, deck: Deck) -> str:
    """The page's title in the menu and its heading: the deck's, after the game's unless it names the game.

    >>> from types import SimpleNamespace as D
    >>> menu_title("rummy", D(title="Ripper rummy deck")), menu_title("twentyfour", D(title="Night shift"))
    ('Ripper rummy deck', '24: Night shift')
    """
    game_title = GAMES[game][1]
    return deck.title if deck.title.startswith(game_title) else f"{game_title}: {deck.title}"


def page_markdown(game: str, deck: Deck, page: str, deck_page: str | None, playable: bool, problems: list[str]) -> str:
    """The play page of a deck (every scenario text escaped)."""
    name, game_title, script = GAMES[game]
    links = [f"[the deck]({relative_to_page(page, deck_page)})"] if deck_page else []
    links.append(f"[how the engine works]({relative_to_page(page, ABOUT_PAGE)})")
    parts = ["---\nhide:\n  - toc\n---\n\n", f"# Play {md_text(menu_title(game, deck))}\n\n"]
    if playable:
        parts.append(f"{md_text(game_title)} with this deck in the browser, every rule enforced: each seat is a person "
                     "or a bot (two strengths). People share one device: between two people a screen hides the hand "
                     "until the next one is ready. Save a game as a sealed text to go on later. See also "
                     f"{' and '.join(links)}.\n\n")
        sheet = html_text(relative_to_page(page, "engine/common/cards.css"))
        parts.append(f'<link rel="stylesheet" href="{sheet}">\n\n')
        parts.append(f'<div id="{ROOT_ID}" class="gaslight-engine gl-cardgame" data-game="{name}" '
                     f'data-table="{html_text(relative_to_page(page, table_file(game, deck.id)))}">'
                     "<noscript>The game needs JavaScript.</noscript></div>\n\n"
                     f'<script type="module" src="{html_text(relative_to_page(page, script))}"></script>\n')
    else:
        parts.append(f"This deck cannot be played in the browser yet. See also {' and '.join(links)}.\n\n")
    if problems:
        parts.append('??? warning "Rules this page cannot play"\n')
        parts += [f"    - {md_text(problem)}\n" for problem in problems]
    return "".join(parts)


def contribute(project: Project, out: BuildOutput, decks: Iterable[Deck], deck_pages: Mapping[str, str]) -> None:
    """The play page, game data and table file of every rummy and 24 deck among ``decks`` (as printed: card text
    that quotes the rules filled in); ``deck_pages``: each deck's gallery page, which the play page links to."""
    for deck in decks:
        game = card_game(project, deck)
        if game is None:
            continue
        ruleset = game_ruleset(project, deck)
        variants, problems = _variants(game, deck, ruleset, out)
        table = {"format": TABLE_FORMAT, "game": game, "deck": deck.id, "title": deck.title, "variants": variants,
                 "faces": faces(deck)}
        out.asset(table_file(game, deck.id), to_json(table))
        page = play_page(game, deck.id)
        deck_page = deck_pages.get(deck.id)
        out.page(page, page_markdown(game, deck, page, deck_page, bool(variants), problems),
                 nav=("Play", menu_title(game, deck)))
