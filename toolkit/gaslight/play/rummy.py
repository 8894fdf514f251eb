"""Ripper rummy without a browser: the engine's game data from a deck and a ruleset, and bot self-play.

:func:`game_data` turns a loaded deck and ruleset (with a chosen variant) into the ``gaslight-rummy/1`` JSON the
browser engine plays (``site/engine/rummy/``): the same object the site ships. Every number comes from the
data: a card type with ``value_parameter`` is worth that parameter under the variant, any other card its printed
value; counts are the deck's own cards, checked against the ruleset's count parameters under the variant. The
vote is played while the ruleset has the rule :data:`VOTE_RULE` (a variant that removes it plays without);
an ``escape_votes`` option, when the ruleset declares one, pays votes in "Jack escapes" hands too.

:func:`self_play` runs ``selfplay.mjs`` under Node.js (the engine's own code) and returns its JSON summary.

>>> data = bundled_game()
>>> data["format"], len(data["cards"]), data["parameters"]["hand_size_by_players"], data["options"]
('gaslight-rummy/1', 47, {'2': 10, '3': 9, '4': 8}, {'vote': True, 'escape_votes': False})
>>> sum(c["copies"] for c in data["cards"])
62
>>> bundled_game("high-stakes")["parameters"]["target_score"]
150
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaslight.diagnostics import Diagnostic, Location, Severity
from gaslight.domain.decks.checks import linked_rule_problems
from gaslight.domain.decks.deck import Deck
from gaslight.domain.rules.model import Ruleset
from gaslight.domain.rules.variants import EffectiveRuleset, VariantError
from gaslight.errors import UserError
from gaslight.play.node import run_node_json
from gaslight.resources import BUNDLED_DIR, SITE_DIR

FORMAT = "gaslight-rummy/1"
SELFPLAY_SCRIPT = SITE_DIR / "engine" / "rummy" / "selfplay.mjs"
#: The deck's card type ids the engine plays (a type is a kind).
KINDS = ("evidence", "wild", "letter", "suspect", "alibi", "victim", "scene", "resigns", "strike", "escape")
SUSPECT_KINDS = ("evidence", "suspect", "alibi")
VICTIM_KINDS = ("victim", "scene")
#: Whole-number parameters the engine reads (besides ``hand_size_by_players``).
PARAMETERS = ("meld_size", "victims_for_escape", "victim_draw", "strike_reveal", "target_score", "vote_points",
              "jack_multiplier", "escape_penalty_per_victim", "ripper_escape_points")
#: The rule whose presence switches the vote on (the seed's optional rule).
VOTE_RULE = "rummy.turn.vote"
#: Self-play is fast (hundreds of hands a second); a run gets this long per hand asked for, plus a start-up allowance.
SECONDS_PER_HAND = 0.05


class RummyDataError(UserError):
    """The deck and ruleset cannot make a game: ``diagnostics`` lists every problem, located."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(d.format_text() for d in self.diagnostics))


@dataclass(frozen=True)
class CardFace:
    """What the engine and the scoring read of one distinct card: its kind and its points."""

    kind: str
    points: int


def _error(location: Location, message: str, fix: str = "") -> Diagnostic:
    return Diagnostic(Severity.ERROR, location, message, fix, code="rummy")


def card_faces(deck: Deck, parameters: Mapping[str, Any]) -> tuple[dict[str, CardFace], list[Diagnostic]]:
    """Each card id's kind and points under ``parameters`` (a variant's), and the problems found."""
    faces: dict[str, CardFace] = {}
    problems: list[Diagnostic] = []
    for card_type in deck.types:
        if card_type.id not in KINDS:
            problems.append(_error(card_type.location.at(f"{card_type.location.path}.id"),
                                   f"deck {deck.id}: card type '{card_type.id}' is not a Ripper rummy card kind",
                                   f"name the type one of {', '.join(KINDS)}"))
    for card in deck.cards:
        card_type = deck.type_of(card)
        if card_type.id not in KINDS:
            continue
        points: Any = card.value if card.value is not None else 0
        if card_type.value_parameter is not None:
            points = parameters.get(card_type.value_parameter)
            if not isinstance(points, int) or isinstance(points, bool):
                problems.append(_error(card_type.location.at(f"{card_type.location.path}.value_parameter"),
                                       f"deck {deck.id}: parameter '{card_type.value_parameter}' is not a whole number "
                                       "in the ruleset", "name a whole-number parameter of the game's ruleset"))
                continue
        faces[card.id] = CardFace(card_type.id, points)
    return faces, problems


def _suits(deck: Deck, group: str, problems: list[Diagnostic]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    ranks: dict[int, str] = {}
    for suit in deck.suits:
        if suit.group != group:
            continue
        entry: dict[str, Any] = {"id": suit.id, "name": suit.name}
        if group == "suspect":
            where = suit.location.at(f"{suit.location.path}.rank")
            if suit.rank is None:
                problems.append(_error(where, f"deck {deck.id}: suspect '{suit.id}' has no rank",
                                       "give every suspect a rank: the lower rank is Jack when totals tie"))
                continue
            if suit.rank in ranks:
                problems.append(_error(where, f"deck {deck.id}: suspects '{ranks[suit.rank]}' and '{suit.id}' share "
                                       f"rank {suit.rank}", "give each suspect its own rank"))
            ranks[suit.rank] = suit.id
            entry["rank"] = suit.rank
        found.append(entry)
    return found


def _card_suits(deck: Deck, suspects: set[str], victims: set[str], problems: list[Diagnostic]) -> None:
    for card in deck.cards:
        kind = card.type
        where = card.location.at(f"{card.location.path}.suit")
        for group, ids, kinds in (("suspect", suspects, SUSPECT_KINDS), ("victim", victims, VICTIM_KINDS)):
            if kind in kinds and card.suit not in ids:
                choices = ", ".join(sorted(ids)) or f"the deck's {group}s (suits with group: {group})"
                problems.append(_error(where, f"deck {deck.id}: {kind} card '{card.id}' must belong to a {group}",
                                       f"set its suit to one of {choices}"))
        also = card.get("also")
        if kind == "alibi" and also is not None and (also not in suspects or also == card.suit):
            problems.append(_error(card.location.at(f"{card.location.path}.fields.also"),
                                   f"deck {deck.id}: alibi '{card.id}' may also cover '{also}', which is not another "
                                   "suspect", f"name one of {', '.join(sorted(suspects - {card.suit}))}"))


def _parameters(ruleset: Ruleset, effective: EffectiveRuleset, problems: list[Diagnostic]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name in (*PARAMETERS, "hand_size_by_players"):
        if name not in effective.parameters:
            problems.append(_error(ruleset.location, f"ruleset '{ruleset.id}' has no parameter '{name}', which the "
                                   "Ripper rummy engine needs", f"declare '{name}' under parameters"))
            continue
        value = effective.parameters[name]
        found[name] = dict(value) if isinstance(value, Mapping) else value
    return found


def game_data(deck: Deck, ruleset: Ruleset, variant: str | None = None) -> dict[str, Any]:
    """The engine's game: the ``gaslight-rummy/1`` JSON object. Raises :class:`RummyDataError` (every problem)."""
    from gaslight.domain.rules.ruleset import resolve

    try:
        effective = resolve(ruleset, variant)
    except VariantError as error:
        known = ", ".join(v.id for v in ruleset.variants) or "none"
        fix = f"choose one of the ruleset's variants ({known})"
        raise RummyDataError([_error(ruleset.location, str(error), fix)]) from None
    problems: list[Diagnostic] = []
    parameters = _parameters(ruleset, effective, problems)
    faces, found = card_faces(deck, effective.parameters)
    problems += found
    suspects = _suits(deck, "suspect", problems)
    victims = _suits(deck, "victim", problems)
    groups = {group: {s.id for s in deck.suits if s.group == group} for group in ("suspect", "victim")}
    _card_suits(deck, groups["suspect"], groups["victim"], problems)
    for rule in deck.rules:  # the deck's counts against the count parameters the variant sets
        problems += linked_rule_problems(deck, rule, ruleset.id, effective.parameters)
    if problems:
        raise RummyDataError(problems)
    vote = effective.has_rule(VOTE_RULE) and effective.rule(VOTE_RULE).active
    cards = []
    for card in deck.cards:
        entry: dict[str, Any] = {"id": card.id, "kind": faces[card.id].kind, "points": faces[card.id].points,
                                 "copies": card.copies, "name": card.name}
        if card.suit is not None:
            entry["suit"] = card.suit
        if card.get("also") is not None:
            entry["also"] = card.get("also")
        cards.append(entry)
    return {
        "format": FORMAT, "id": deck.id, "title": deck.title, "ruleset": ruleset.id, "variant": variant,
        "parameters": parameters,
        "options": {"vote": vote, "escape_votes": bool(effective.options.get("escape_votes", False))},
        "suspects": suspects, "victims": victims, "cards": cards,
    }


def load_game_files(deck_file: Path, ruleset_file: Path) -> tuple[Deck, Ruleset]:
    """The deck and the ruleset in two files, loaded and checked as ``gaslight check`` loads them."""
    from gaslight.project import load_project

    project, report = load_project([deck_file, ruleset_file], deep=False)
    decks, rulesets = project.of_kind("deck"), project.of_kind("ruleset")
    if report.errors or len(decks) != 1 or len(rulesets) != 1:
        raise RummyDataError(report.errors or [_error(Location(str(deck_file)), "expected one deck and one ruleset",
                                                      "name a deck file and a ruleset file")])
    return decks[0], rulesets[0]


def bundled_game(variant: str | None = None) -> dict[str, Any]:
    """The bundled Ripper rummy deck and ruleset as the engine's game data."""
    deck, ruleset = load_game_files(BUNDLED_DIR / "decks" / "ripper-rummy.yaml",
                                    BUNDLED_DIR / "rulesets" / "ripper-rummy.yaml")
    return game_data(deck, ruleset, variant)


def self_play(data: Mapping[str, Any], runs: Sequence[Mapping[str, Any]], *, seed: int = 0, record: bool = False,
              timeout: float | None = None) -> dict[str, Any]:
    """Bot games under Node.js: one summary per run (``{"players": 3, "bots": [...], "games": N}`` or ``"hands"``)."""
    asked = sum(int(run.get("hands") or run.get("games") or 0) * (1 if run.get("hands") else 8) for run in runs)
    limit = timeout if timeout is not None else 30 + SECONDS_PER_HAND * asked
    return run_node_json(SELFPLAY_SCRIPT, {"game": dict(data), "runs": [dict(r) for r in runs], "seed": seed,
                                           "record": record}, timeout=limit)
