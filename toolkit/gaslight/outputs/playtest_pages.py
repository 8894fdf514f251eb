"""The playtest section of a Ripper rummy or 24 deck's page: the ``gaslight playtest`` report, played at build time.

The engine's bots play a modest, seeded number of games (:data:`BUILD_GAMES`) at the game's default table under
the ruleset as written and each of its variants (at most :data:`BUILD_VARIANTS` columns), side by side: for 24
that shows the assist 1-vs-2 comparison (the ``draft-assists`` variant). The games are seeded, so a build
writes the same section every time, and a report is remembered by its request for the life of the process, so
a live preview (``gaslight serve``) plays a deck again only when its game data changed. Without Node.js (which
plays the games) the section says so.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from gaslight.domain.decks.deck import Deck
from gaslight.errors import UsageError, UserError
from gaslight.outputs.text import md_text
from gaslight.project import Project

#: Games per variant at build time: a ±7 % interval for rummy (a game takes 2 ms), ±10 % for 24 (7 ms).
BUILD_GAMES = {"rummy": 200, "twentyfour": 100}
BUILD_SEED = 1
BUILD_VARIANTS = 3

_PLAYED: dict[str, dict[str, Any]] = {}
_REMEMBERED = 64


def _remembered(key: str, play: Any) -> dict[str, Any]:
    if key not in _PLAYED:
        if len(_PLAYED) >= _REMEMBERED:
            del _PLAYED[next(iter(_PLAYED))]
        _PLAYED[key] = play()
    return _PLAYED[key]


def deck_playtest(project: Project, deck: Deck) -> str:
    """The deck page's playtest section (Markdown), or "" when the deck is not Ripper rummy or 24."""
    from pathlib import Path

    from gaslight.cache import cached
    from gaslight.play.cardgame import CardGameProblems, NotACardGame, card_game
    from gaslight.play.node import node_available
    from gaslight.play.playtest import playtest
    from gaslight.play.playtest_text import format_markdown

    try:
        game = card_game(project, deck, Path(deck.location.file))
    except NotACardGame:
        return ""
    variants = game.variant_ids()[:BUILD_VARIANTS]
    games, players = BUILD_GAMES[game.family], game.default_players
    out = ["## Playtest", ""]
    if not node_available():
        return "\n".join([*out, "The bots play with Node.js, which was not installed when this site was built; "
                          f"`gaslight playtest {deck.id}` plays them once it is.", ""])
    try:
        request = [game.data(v) for v in variants]
        key = hashlib.sha256(json.dumps([request, players, games, BUILD_SEED], sort_keys=True).encode()).hexdigest()
        found = _remembered(key, lambda: cached(  # a build keeps the games on disk, by what the bots read
            "cardplay", (request, players, games, BUILD_SEED),
            lambda: playtest(game, variants, players, games, BUILD_SEED, os.cpu_count() or 1)))
    except (CardGameProblems, UsageError, UserError) as error:
        return "\n".join([*out, f"The bots could not play this deck: {md_text(str(error))}", ""])
    again = " ".join(f"--variant {v}" for v in variants)
    out += [f"The play page's bots (all sharp) played {games} games at {players} players under the ruleset as "
            f"written and under each of its variants, from seed {BUILD_SEED}: the same deals for every column. "
            "Seat 1 " + ("plays first. " if game.family == "rummy" else "is the first seat; detectives are drawn "
                         "at random. ") + "A rate comes with its 95 % Wilson score interval; the first seat's edge "
            "is its win rate minus an even share of the games won outright, in percentage points. "
            f"`gaslight playtest {deck.id} --players {players} --games {games} {again}` plays them again "
            "(more games narrow the intervals).", ""]
    out += [f"- **{md_text(v['variant'])}**: {md_text(v['title'])}" for v in found["variants"]]
    out += ["", format_markdown(found, "###")]
    return "\n".join(out)
