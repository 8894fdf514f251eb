"""Which card game a deck or ruleset file is, and the engine's game data of each of its variants.

``gaslight playtest DECK-OR-RULESET`` plays Ripper rummy (rulesets of family ``rummy``) and 24 (family
``twentyfour``). A deck is played with its game's ruleset (its ``ruleset:``, else the project's ruleset of its
``game:``, else the bundled one); a ruleset with the project's deck played under it (else the bundled deck of its
game). :func:`card_game` finds the pair, :meth:`CardGame.data` builds the engine's JSON for a variant.

>>> from gaslight.resources import BUNDLED_DIR
>>> project, _, path = load([BUNDLED_DIR / "decks" / "twenty-four.yaml", BUNDLED_DIR / "rulesets"])
>>> found = card_game(project, None, path)
>>> found.family, found.deck.id, found.ruleset.id, found.players("default")
('twentyfour', 'twenty-four', 'twenty-four', range(3, 6))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaslight.domain.decks.checks import game_ruleset
from gaslight.domain.decks.deck import Deck
from gaslight.domain.rules.model import Ruleset
from gaslight.errors import UsageError
from gaslight.languages import ENGLISH, site_word
from gaslight.project import Project, display_path, load_project
from gaslight.resources import BUNDLED_DIR

#: The card games the engines play: family → (name in reports, bundled deck and ruleset id, default players).
GAMES: dict[str, tuple[str, str, int]] = {"rummy": ("Ripper rummy", "ripper-rummy", 3),
                                          "twentyfour": ("24", "twenty-four", 4)}
DEFAULT = "default"


class NotACardGame(Exception):
    """The file is a deck or ruleset of a game no engine plays (the message says which and what to do)."""


class CardGameProblems(Exception):
    """The deck and ruleset cannot make a game: ``lines`` are the located problems, one a line."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = tuple(lines)


@dataclass(frozen=True)
class CardGame:
    """A deck and the ruleset it is played with, of one of :data:`GAMES`."""

    family: str
    deck: Deck
    ruleset: Ruleset

    @property
    def name(self) -> str:
        return GAMES[self.family][0]

    @property
    def default_players(self) -> int:
        return GAMES[self.family][2]

    def variant_ids(self) -> list[str]:
        """``default`` and the ruleset's variants."""
        return [DEFAULT, *(v.id for v in self.ruleset.variants)]

    def variant_title(self, variant: str, language: str = ENGLISH) -> str:
        """The title of ``variant`` as the ruleset gives it (``default``: the ruleset as written, in ``language``)."""
        return site_word("playtest.as_written", language) if variant == DEFAULT else self.ruleset.variant(variant).title

    def data(self, variant: str) -> dict[str, Any]:
        """The engine's game data under ``variant``; :class:`CardGameProblems` when the pair cannot be played."""
        chosen = None if variant == DEFAULT else variant
        if self.family == "rummy":
            from gaslight.play import rummy

            try:
                return rummy.game_data(self.deck, self.ruleset, chosen)
            except rummy.RummyDataError as error:
                raise CardGameProblems([d.format_text() for d in error.diagnostics]) from None
        from gaslight.domain.rules.ruleset import resolve
        from gaslight.play import twentyfour

        try:
            return twentyfour.game_data(self.deck, resolve(self.ruleset, chosen))
        except twentyfour.GameDataError as error:
            raise CardGameProblems(error.problems) from None

    def players(self, variant: str) -> range:
        """The table sizes the game is played at under ``variant``."""
        data = self.data(variant)
        if self.family == "rummy":
            counts = sorted(int(n) for n in data["parameters"]["hand_size_by_players"])
            return range(counts[0], counts[-1] + 1)
        parameters = data["parameters"]
        return range(int(parameters.get("players_min", 3)), int(parameters.get("players_max", 5)) + 1)


def check_variants(game: CardGame, variants: Sequence[str] | None, most: int) -> list[str]:
    """The variants asked for (``default`` when none), each known and named once; a usage error otherwise."""
    asked = list(variants or [DEFAULT])
    known = game.variant_ids()
    unknown = [v for v in asked if v not in known]
    if unknown:
        raise UsageError(f"ruleset '{game.ruleset.id}' has no variant {', '.join(repr(v) for v in unknown)} "
                         f"(variants: {', '.join(known)})")
    twice = sorted({v for v in asked if asked.count(v) > 1})
    if twice:
        raise UsageError(f"--variant {twice[0]} is named twice; name each variant once")
    if len(asked) > most:
        raise UsageError(f"--variant compares at most {most} variants side by side, not {len(asked)}")
    return asked


def check_players(game: CardGame, variants: Sequence[str], players: int) -> None:
    """A usage error when a variant is not played at ``players``."""
    for variant in variants:
        allowed = game.players(variant)
        if players not in allowed:
            under = "" if variant == DEFAULT else f" under variant {variant}"
            raise UsageError(f"{game.name} is played by {allowed.start} to {allowed.stop - 1} players{under}, "
                             f"not {players} (--players)")


def load(paths: Sequence[Path]) -> tuple[Project, Any, Path]:
    """The project of ``paths`` (the deck or ruleset first), its load report and the first path, resolved."""
    project, report = load_project(list(paths), deep=False)
    return project, report, paths[0].resolve()


def _family(ruleset: Ruleset | None) -> str | None:
    return ruleset.family if ruleset is not None and ruleset.family in GAMES else None


def _bundled(project: Project, kind: str, family: str) -> Any:
    """The bundled deck or ruleset of ``family`` (from the project when it has it, else from the package)."""
    ident = GAMES[family][1]
    found = project.by_id(kind, ident)
    if found is not None:
        return found
    bundled, _ = load_project([BUNDLED_DIR / "rulesets" / f"{ident}.yaml",
                               *([BUNDLED_DIR / "decks" / f"{ident}.yaml"] if kind == "deck" else [])], deep=False)
    return bundled.by_id(kind, ident)


#: What to do with a deck or ruleset of the bundled games no card engine plays.
OTHER_FAMILIES = {
    "hunt": ("a Whitechapel hunt ruleset",
             "bots play a hunt ruleset on a board: gaslight balance BOARD --ruleset {id}"),
    "walton": ("a Walton ruleset", "bots play a Walton case at the table: gaslight playtest CASE"),
}
NO_ENGINE_FIX = ("playtest your own game at the table, or make it a variant of a bundled one: a ruleset with "
                 "'extends: ripper-rummy' or 'extends: twenty-four' (add the game under 'games:' in gaslight.yaml) "
                 "and a deck that names that ruleset")


def _no_engine(shown: str, what: str, ruleset: Ruleset | None, game: str) -> NotACardGame:
    """The message for a deck or ruleset that is not Ripper rummy or 24 (``what``: the deck, or None)."""
    subject = what if what else f"ruleset '{ruleset.id}'" if ruleset is not None else "it"
    via = f" (ruleset '{ruleset.id}')" if what and ruleset is not None else ""
    if ruleset is not None and ruleset.family in OTHER_FAMILIES:
        kind, hint = OTHER_FAMILIES[ruleset.family]
        return NotACardGame(f"{shown}: {subject}{via} is {kind}, not a card game gaslight playtest plays "
                            f"(Ripper rummy, 24) (fix: {hint.format(id=ruleset.id)})")
    return NotACardGame(f"{shown}: {subject}{via} is a game of your own (game {game}), which no Gaslight engine "
                        "plays; gaslight playtest plays Walton cases and the decks and rulesets of Ripper rummy and 24 "
                        f"(fix: {NO_ENGINE_FIX})")


def card_game(project: Project, target: Any, resolved: Path) -> CardGame:
    """The card game of the deck or ruleset loaded from ``resolved`` (or ``target``, a loaded model itself)."""
    shown = display_path(resolved)
    if target is None:
        kinds = ("deck", "ruleset")
        found = [m for kind in kinds for m in project.of_kind(kind) if project.source(m.location.file) == resolved]
        if not found:
            raise UsageError(f"{shown} holds no deck or ruleset")
        target = found[0]
    if isinstance(target, Deck):
        ruleset = game_ruleset(project, target)
        family = _family(ruleset) or (target.game if ruleset is None and target.game in GAMES else None)
        if family is None:
            raise _no_engine(shown, f"deck '{target.id}'", ruleset, ruleset.game if ruleset else target.game)
        return CardGame(family, target, ruleset or _bundled(project, "ruleset", family))
    family = _family(target)
    if family is None:
        raise _no_engine(shown, "", target, target.game)
    decks = project.of_kind("deck")
    deck = (next((d for d in decks if d.ruleset == target.id), None)
            or next((d for d in decks if not d.ruleset and d.game in (target.game, family)), None)
            or _bundled(project, "deck", family))
    return CardGame(family, deck, target)
