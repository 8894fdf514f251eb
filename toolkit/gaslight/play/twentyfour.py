"""24 without a browser: the engine's game data from a deck and a ruleset, and bot self-play under Node.js.

The engine (``site/engine/twentyfour/``) plays from one JSON file, ``gaslight-twentyfour/1``: the resolved
ruleset's parameters (a variant's included) and the deck's cards by group — ``incident`` cards with a suit and
a value, ``detective`` suits (their ``rank`` is the registration number) with a ``detective`` card naming the
skill, ``action`` cards of each detective's suit (a card without a value is Hero Time) and ``bonus`` cards
whose ``die`` field starts with ``green`` or ``red``. :func:`game_data` writes that file, or raises
:class:`GameDataError` naming every problem at its place in the deck; :func:`self_play` runs the engine's
``selfplay.mjs`` on it.

>>> data = bundled_game_data("draft-assists")
>>> data["format"], data["parameters"]["assist_points"], len(data["incidents"]), len(data["detectives"])
('gaslight-twentyfour/1', 2, 30, 5)
>>> [a["hours"] for a in data["detectives"][0]["actions"]]
[0, 0, 1, 2, 3, 3, 4, 5, 6, None]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gaslight.domain.decks.checks import game_ruleset
from gaslight.domain.decks.deck import Card, Deck
from gaslight.domain.rules.ruleset import resolve
from gaslight.domain.rules.variants import EffectiveRuleset
from gaslight.play.node import run_node_json
from gaslight.resources import BUNDLED_DIR, SITE_DIR

FORMAT = "gaslight-twentyfour/1"
SELFPLAY = SITE_DIR / "engine" / "twentyfour" / "selfplay.mjs"
FAMILY = "twentyfour"
BUNDLED_DECK = "twenty-four"
#: The engine's own two rounds of cards per incident (a fixed part of the game, as in the engine's rules.js).
ROUNDS = 2
#: The skills the engine plays, by a detective card's ``skill_id``.
SKILLS = ("sharp-eyes", "steady-nerves", "lone-hunter", "first-pick", "toughness")
#: The ruleset parameters the engine reads (a ruleset that leaves one out plays the seed's value).
PARAMETERS = (
    "detectives", "players_min", "players_max", "stand_in_players", "seasons", "incidents_per_season", "places",
    "hidden_column", "mastermind_value", "hours_per_season", "assist_cards", "assist_points", "coop_set_size",
    "coop_bonus_per_card", "die_faces", "green_bonus", "red_bonus", "green_damage", "red_damage", "injury_threshold",
    "tough_injury_threshold", "death_bonus_base", "hero_clash_value", "hero_clash_skill_value", "arrest_from_season",
    "skills_from_season",
)
DICE = ("green", "red")
#: Self-play: a game takes a few milliseconds; Node gets this long per game (plus a start-up allowance).
SECONDS_PER_GAME = 0.05
MAX_GAMES = 100_000


class GameDataError(Exception):
    """A deck and ruleset the engine cannot play; ``problems`` holds every located message."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = tuple(problems)


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _instances(card: Card) -> list[str]:
    """One id per physical copy: the card's id, or ``id.1``, ``id.2``, … when it has copies."""
    return [card.id] if card.copies == 1 else [f"{card.id}.{k}" for k in range(1, card.copies + 1)]


def _group(deck: Deck, card: Card) -> str:
    return deck.type_of(card).group


def _detectives(deck: Deck, parameters: Mapping[str, Any], problems: list[str]) -> list[dict[str, Any]]:
    suits = [s for s in deck.suits if s.group == "detective"]
    cards = [c for c in deck.cards if _group(deck, c) == "detective"]
    needed = ROUNDS * int(parameters.get("incidents_per_season", 5))
    out = []
    for suit in suits:
        where = f"{suit.location}: {suit.location.path}"
        if suit.rank is None:
            problems.append(f"{where}: detective '{suit.id}' has no rank "
                            "(fix: give it 'rank:', its registration number)")
        skill = next((c for c in cards if c.suit == suit.id), None)
        skill_id = str(skill.get("skill_id", "")) if skill else ""
        if skill and skill_id and skill_id not in SKILLS:
            problems.append(f"{skill.location}: {skill.location.path}: detective card '{skill.id}' has skill_id "
                            f"'{skill_id}', which the engine does not play (fix: use one of {', '.join(SKILLS)})")
        actions = [(i, c) for c in deck.cards if _group(deck, c) == "action" and c.suit == suit.id
                   for i in _instances(c)]
        if len(actions) < needed:
            problems.append(f"{where}: detective '{suit.id}' has {len(actions)} action cards; {ROUNDS} rounds of "
                            f"{needed // ROUNDS} incidents need {needed} (fix: add action cards of suit '{suit.id}')")
        out.append({"id": suit.id, "name": suit.name, "number": suit.rank,
                    "skill": skill_id, "skill_name": str(skill.get("skill", "")) if skill else "",
                    "actions": [{"id": i, "card": c.id, "hours": c.value} for i, c in actions]})
    return sorted(out, key=lambda d: (d["number"] is None, d["number"] or 0, d["id"]))


def _bonus_cards(deck: Deck, problems: list[str]) -> dict[str, int]:
    counts = dict.fromkeys(DICE, 0)
    for card in deck.cards:
        if _group(deck, card) != "bonus":
            continue
        die = str(card.get("die", "")).strip().lower().split(" ")[0]
        if die not in counts:
            problems.append(f"{card.location}: {card.location.path}: bonus card '{card.id}' names die "
                            f"'{card.get('die', '')}' (fix: start its 'die' field with green or red)")
            continue
        counts[die] += card.copies
    return counts


def game_data(deck: Deck, ruleset: EffectiveRuleset) -> dict[str, Any]:
    """The engine's ``gaslight-twentyfour/1`` data of ``deck`` played under ``ruleset`` (resolved, variant applied).

    Raises :class:`GameDataError` with every problem, each at its place in the deck.
    """
    problems: list[str] = []
    where = f"{deck.location}: {deck.location.path or 'deck'}"
    if ruleset.family != FAMILY and ruleset.game != FAMILY:
        problems.append(f"{where}: deck '{deck.id}' is played with ruleset '{ruleset.ruleset_id}', which is not a "
                        "24 ruleset (fix: name a ruleset of game twentyfour, or one that extends twenty-four)")
    parameters = {name: _plain(ruleset.parameters[name]) for name in PARAMETERS if name in ruleset.parameters}
    suits = [{"id": s.id, "name": s.name} for s in deck.suits if s.group == "incident"]
    incidents = [{"id": i, "card": c.id, "suit": c.suit, "value": c.value, "name": c.name}
                 for c in deck.cards if _group(deck, c) == "incident" for i in _instances(c)]
    seasons, columns, places = (int(parameters.get(k, d)) for k, d in
                                (("seasons", 3), ("incidents_per_season", 5), ("places", 2)))
    if len(incidents) < seasons * columns * places:
        problems.append(f"{where}: deck '{deck.id}' has {len(incidents)} incident cards; {seasons} seasons of "
                        f"{columns * places} need at least {seasons * columns * places} (fix: add incident cards, or "
                        "lay out fewer)")
    detectives = _detectives(deck, parameters, problems)
    most = int(parameters.get("players_max", 5))
    if len(detectives) < most:
        problems.append(f"{where}: {most} players need {most} detectives; deck '{deck.id}' has {len(detectives)} "
                        "(fix: add suits of group detective, or lower players_max)")
    bonus = _bonus_cards(deck, problems)
    if problems:
        raise GameDataError(problems)
    return {
        "format": FORMAT, "ruleset": ruleset.ruleset_id, "variant": ruleset.variant_id, "deck": deck.id,
        "title": ruleset.title, "parameters": parameters, "suits": suits, "incidents": incidents,
        "detectives": detectives, "bonus_cards": bonus, "rules": sorted(r.id for r in ruleset.walk() if r.active),
    }


def bundled_game_data(variant: str | None = None) -> dict[str, Any]:
    """The game data of the bundled 24 deck and ruleset (``variant``: one of the ruleset's variants)."""
    from gaslight.project import load_project

    project, _ = load_project([BUNDLED_DIR / "decks", BUNDLED_DIR / "rulesets"])
    deck = project.by_id("deck", BUNDLED_DECK)
    return game_data(deck, resolve(game_ruleset(project, deck), variant))


def self_play(data: Mapping[str, Any], *, games: int, seed: int = 0, players: int | Sequence[int] | None = None,
              strengths: str | Sequence[str] = "sharp", detail: bool = False,
              timeout: float | None = None) -> dict[str, Any]:
    """Bots play ``games`` seeded games of ``data`` under Node.js; the engine's summary (``detail``: every game's
    final holdings and scores too). A bad request, a missing Node.js or a run past ``timeout`` is a UserError."""
    payload = {"game": dict(data), "games": games, "seed": seed, "players": players,
               "strengths": strengths if isinstance(strengths, str) else list(strengths), "detail": detail}
    if players is not None and not isinstance(players, int):
        payload["players"] = list(players)
    limit = timeout if timeout is not None else 30 + SECONDS_PER_GAME * games
    answer: dict[str, Any] = run_node_json(SELFPLAY, payload, timeout=limit)
    return answer


def self_play_runs(data: Mapping[str, Any], runs: Sequence[Mapping[str, Any]],
                   timeout: float | None = None) -> list[dict[str, Any]]:
    """Several self-play runs (each: ``games``, ``seed``, ``players``, ``strengths``) one after the other in one
    Node.js process, so the compiled engine serves them all; one summary per run."""
    games = sum(int(run.get("games", 100)) for run in runs)
    limit = timeout if timeout is not None else 30 + SECONDS_PER_GAME * games
    answer = run_node_json(SELFPLAY, {"game": dict(data), "runs": [dict(run) for run in runs]}, timeout=limit)
    summaries: list[dict[str, Any]] = answer["runs"]
    return summaries
