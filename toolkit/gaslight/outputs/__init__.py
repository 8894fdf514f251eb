"""Outputs: the site, printables and engine exports, built from a checked project.

Each contributor is a function ``contribute(project, out)`` that adds pages,
printables and data files to a :class:`~gaslight.outputs.sink.BuildOutput`.
They run in this order; each owns its own module.
"""

from collections.abc import Callable
from typing import Any

CONTRIBUTORS: tuple[str, ...] = (
    "gaslight.outputs.home:contribute",
    "gaslight.outputs.engine:hunt",  # the boards' play pages first in the menu, then the Walton ones
    "gaslight.outputs.engine:contribute",
    "gaslight.outputs.tts_board:contribute",  # before boards: the board pages link what it wrote
    "gaslight.outputs.boards:contribute",
    "gaslight.outputs.balance:contribute",
    "gaslight.outputs.rules:contribute",
    "gaslight.outputs.walton:contribute",
    "gaslight.outputs.decks:contribute",
    "gaslight.outputs.deck_cards:contribute",  # after decks: a saved deck's page is shown before its printables
    "gaslight.outputs.case_cards:contribute",
    "gaslight.outputs.home:link_sections",
)

# Work a contributor has a build start before every contributor runs (``start(project, out)``): the boards'
# self-play runs in Node.js while the Python contributors work.
STARTS: dict[str, str] = {"gaslight.outputs.balance:contribute": "gaslight.outputs.balance:start"}

# The contributor that writes a scenario file's own page, by kind: the live preview shows a save there first.
PAGES_OF: dict[str, str] = {
    "ruleset": "gaslight.outputs.rules:contribute",
    "board": "gaslight.outputs.boards:contribute",
    "mansion": "gaslight.outputs.walton:contribute",
    "case": "gaslight.outputs.walton:contribute",
    "deck": "gaslight.outputs.decks:contribute",
}

# What each contributor reads, by kind of scenario file: the live preview re-runs a contributor only
# when a file of one of these kinds changed (for rulesets, see RULESET_FAMILIES). A contributor not listed
# here re-runs on every change.
READS: dict[str, frozenset[str]] = {
    "gaslight.outputs.home:contribute": frozenset({"ruleset"}),
    "gaslight.outputs.engine:hunt": frozenset({"board", "ruleset"}),
    "gaslight.outputs.engine:contribute": frozenset({"ruleset", "mansion", "case"}),
    "gaslight.outputs.boards:contribute": frozenset({"board", "ruleset"}),
    "gaslight.outputs.balance:contribute": frozenset({"board", "ruleset"}),
    "gaslight.outputs.rules:contribute": frozenset({"ruleset"}),
    "gaslight.outputs.walton:contribute": frozenset({"ruleset", "mansion", "case"}),
    "gaslight.outputs.decks:contribute": frozenset({"deck", "ruleset"}),
    "gaslight.outputs.deck_cards:contribute": frozenset({"deck", "ruleset"}),
    "gaslight.outputs.case_cards:contribute": frozenset({"mansion", "case"}),
    "gaslight.outputs.tts_board:contribute": frozenset({"board", "ruleset"}),
}


def deck_families(project: Any) -> frozenset[str]:
    """The ruleset families the deck pages read: those the decks are played with (a deck's ``ruleset``, else the
    ruleset of its game), and Ripper rummy's and 24's, whose rulesets give the scoring pages their figures.

    >>> from types import SimpleNamespace as M
    >>> project = M(of_kind=lambda kind: {"deck": (M(ruleset=None, game="mine"),),
    ...             "ruleset": (M(id="m", game="mine", family=None), M(id="h", game="hunt", family="hunt"))}[kind])
    >>> sorted(deck_families(project))
    ['mine', 'rummy', 'twentyfour']
    """
    decks = project.of_kind("deck")
    played = {(r.family or r.game) for r in project.of_kind("ruleset")
              if any(d.ruleset == r.id or (not d.ruleset and d.game == r.game) for d in decks)}
    return frozenset({"rummy", "twentyfour", *played})


# The ruleset families a contributor reads in full (absent: every ruleset). A ruleset of another family
# still feeds every contributor that reads rulesets through its id, game, family and title (the games'
# sections, the menu, which games a project has); the live preview compares those on their own.
RULESET_FAMILIES: dict[str, frozenset[str] | Callable[[Any], frozenset[str]]] = {
    "gaslight.outputs.engine:hunt": frozenset({"hunt"}),
    "gaslight.outputs.engine:contribute": frozenset({"walton"}),
    "gaslight.outputs.tts_board:contribute": frozenset({"hunt"}),
    "gaslight.outputs.boards:contribute": frozenset({"hunt"}),
    "gaslight.outputs.balance:contribute": frozenset({"hunt"}),
    "gaslight.outputs.walton:contribute": frozenset({"walton"}),
    "gaslight.outputs.decks:contribute": deck_families,
    "gaslight.outputs.deck_cards:contribute": deck_families,  # the printed card text quotes the game's ruleset
}
