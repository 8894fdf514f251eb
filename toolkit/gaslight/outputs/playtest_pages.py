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
from dataclasses import replace
from typing import Any

from gaslight.domain.decks.deck import Deck
from gaslight.domain.rules.ruleset import read_in
from gaslight.errors import UsageError, UserError
from gaslight.languages import ENGLISH
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


def deck_playtest(project: Project, deck: Deck, language: str = ENGLISH) -> str:
    """The deck page's playtest section (Markdown) in ``language``, or "" when the deck is not Ripper rummy or 24.
    The games are the same in every language: played once, told in each (the variants' titles as the ruleset's
    file gives them in that language)."""
    from pathlib import Path

    from gaslight.cache import cached
    from gaslight.play.cardgame import CardGameProblems, NotACardGame, card_game
    from gaslight.play.node import node_available
    from gaslight.play.playtest import playtest
    from gaslight.play.playtest_text import format_markdown, words_in

    try:
        game = card_game(project, deck, Path(deck.location.file))
    except NotACardGame:
        return ""
    word = words_in(language)
    variants = game.variant_ids()[:BUILD_VARIANTS]
    games, players = BUILD_GAMES[game.family], game.default_players
    out = [f"## {word('heading')}", ""]
    if not node_available():
        return "\n".join([*out, word("no_node", deck=deck.id), ""])
    try:
        request = [game.data(v) for v in variants]
        key = hashlib.sha256(json.dumps([request, players, games, BUILD_SEED], sort_keys=True).encode()).hexdigest()
        found = _remembered(key, lambda: cached(  # a build keeps the games on disk, by what the bots read
            "cardplay", (request, players, games, BUILD_SEED),
            lambda: playtest(game, variants, players, games, BUILD_SEED, os.cpu_count() or 1)))
    except (CardGameProblems, UsageError, UserError) as error:
        return "\n".join([*out, word("could_not", error=md_text(str(error))), ""])
    again = " ".join(f"--variant {v}" for v in variants)
    command = f"gaslight playtest {deck.id} --players {players} --games {games} {again}"
    out += [word("intro", games=games, players=players, seed=BUILD_SEED, first=word(f"first.{game.family}"),
                 command=command), ""]
    told = replace(game, ruleset=read_in(project.documents, game.ruleset, language))
    out += [f"- **{md_text(v['variant'])}**: {md_text(told.variant_title(v['variant'], language))}"
            for v in found["variants"]]
    out += ["", format_markdown(found, "###", language)]
    return "\n".join(out)
