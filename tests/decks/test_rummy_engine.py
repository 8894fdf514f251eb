"""The Ripper rummy engine (site/engine/rummy/) against the Python scoring, and its game data from deck and ruleset.

10,000 self-played hands are scored by the engine (with the calculator's JavaScript) and again here by
``gaslight.domain.scoring.rummy`` from each hand's end as the engine reports it: the cards are read from the
deck here, not from the engine, so a card the engine mis-kinds or mis-values fails as surely as a scoring slip.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from gaslight.domain.rules.ruleset import resolve
from gaslight.domain.scoring import rummy
from gaslight.play.rummy import (
    RummyDataError,
    bundled_game,
    card_faces,
    game_data,
    load_game_files,
    self_play,
)
from gaslight.resources import BUNDLED_DIR

from tests.conftest import REPO

DECK_FILE = BUNDLED_DIR / "decks" / "ripper-rummy.yaml"
RULESET_FILE = BUNDLED_DIR / "rulesets" / "ripper-rummy.yaml"
SUSPECT_KINDS = ("evidence", "wild", "suspect", "alibi")


def python_hand(record: dict[str, Any], deck: Any, faces: dict[str, Any], ranks: dict[str, int]) -> rummy.RummyHand:
    """The engine's end of a hand as the Python scoring reads it, each card read from the deck."""
    players = []
    for seat, found in enumerate(record["seats"]):
        table = []
        for card_id, suit in found["table"]:
            base = card_id.partition("#")[0]
            face, card = faces[base], next(c for c in deck.cards if c.id == base)
            if face.kind in ("evidence", "suspect"):
                assert suit == card.suit, f"{card_id} lies as {suit}'s"
            if face.kind == "alibi":
                assert suit in (card.suit, card.get("also")), f"{card_id} covers {suit}"
            table.append(rummy.RummyCard(face.kind, face.points, suit if face.kind in SUSPECT_KINDS else None))
        hand = tuple(rummy.RummyCard(faces[c.partition("#")[0]].kind, faces[c.partition("#")[0]].points)
                     for c in found["hand"])
        players.append(rummy.RummyPlayer(str(seat), tuple(table), hand, found["vote"], record["out"] == seat,
                                         record["escaper"] == seat))
    return rummy.RummyHand(tuple(players), ranks, record["ended_by"])


def python_rules(record: dict[str, Any], parameters: dict[str, Any], faces: dict[str, Any]) -> rummy.RummyRules:
    escape = record["escape_card"]
    return rummy.RummyRules(
        vote_bonus=parameters["vote_points"],
        escape_points=faces[escape.partition("#")[0]].points if escape else parameters["ripper_escape_points"],
        jack_multiplier=parameters["jack_multiplier"],
        escape_in_hand_per_victim=parameters["escape_penalty_per_victim"],
        game_target=parameters["target_score"])


def check_hands(variant: str | None, runs: list[dict[str, Any]], seed: int) -> Counter[str]:
    deck, ruleset = load_game_files(DECK_FILE, RULESET_FILE)
    data = game_data(deck, ruleset, variant)
    faces, problems = card_faces(deck, resolve(ruleset, variant).parameters)
    assert problems == []
    ranks = {s.id: s.rank for s in deck.suits if s.group == "suspect"}
    answer = self_play(data, runs, seed=seed, record=True)
    reasons: Counter[str] = Counter()
    for run in answer["runs"]:
        assert (run["illegal"], run["stalled"]) == (0, 0), run["problems"]
        for record in run["records"]:
            hand = python_hand(record, deck, faces, ranks)
            result = rummy.score_hand(hand, python_rules(record, data["parameters"], faces))
            expected = [{"table": p.table, "hand": p.hand, "vote": p.vote, "escape": p.escape, "total": p.total}
                        for p in result.players]
            where = f"{run['players']} players, hand {record['hand']}: {json.dumps(record)}"
            found = [record["mode"], record["reason"], record["jack"]]
            assert found == [result.mode, result.reason, result.jack], where
            assert record["scores"] == expected, where
            reasons[result.reason] += 1
    return reasons


def test_engine_scores_10000_self_played_hands_as_the_python_scoring() -> None:
    runs = [{"players": 2, "bots": ["sharp", "easy"], "hands": 3334},
            {"players": 3, "bots": ["easy", "sharp", "easy"], "hands": 3333},
            {"players": 4, "bots": ["sharp", "easy", "sharp", "easy"], "hands": 3333}]
    reasons = check_hands(None, runs, seed=2024)
    assert sum(reasons.values()) == 10_000
    # The hands reach every way a hand is scored, so the agreement means something.
    assert set(reasons) == {"out", "escape-card", "no-jack", "deck"}, reasons


def test_a_variant_scores_as_the_python_scoring_with_its_numbers() -> None:
    reasons = check_hands("high-stakes", [{"players": 3, "hands": 500}], seed=7)
    assert sum(reasons.values()) == 500
    assert reasons["escape-card"] > 0


def test_the_js_fixture_is_the_bundled_game() -> None:
    fixture = REPO / "tests" / "js" / "fixtures" / "ripper-rummy.game.json"
    assert json.loads(fixture.read_text(encoding="utf-8")) == bundled_game(), \
        "regenerate tests/js/fixtures/ripper-rummy.game.json from gaslight.play.rummy.bundled_game()"


def test_game_data_follows_the_variant() -> None:
    assert bundled_game("high-stakes")["parameters"]["target_score"] == 150
    escape = next(c for c in bundled_game("high-stakes")["cards"] if c["kind"] == "escape")
    assert escape["points"] == 45, "a type with value_parameter is worth the variant's parameter"
    with pytest.raises(RummyDataError) as caught:
        bundled_game("no-such-variant")
    assert str(caught.value).endswith("error: ruleset 'ripper-rummy' has no variant 'no-such-variant' (fix: choose one "
                                      "of the ruleset's variants (high-stakes, open-votes))")


DESIGNER_DECK = """\
kind: deck
id: my-rummy
title: My rummy
game: rummy
suits:
  - {id: red, group: suspect, name: Red, rank: 1}
  - {id: blue, group: suspect, name: Blue}
  - {id: v1, group: victim, name: One}
types:
  - {id: evidence, group: evidence, name: Evidence, requires: [suit, value], value_parameter: evidence_points}
  - {id: clue, group: evidence, name: Clue, requires: [value]}
  - {id: victim, group: gavel, name: Victim, requires: [suit, value]}
  - {id: suspect, group: gavel, name: Suspicion, requires: [value]}
cards:
  - {id: red-ev, type: evidence, suit: red, name: Red, value: 5, copies: 4}
  - {id: blue-ev, type: evidence, suit: blue, name: Blue, value: 5, copies: 4}
  - {id: odd, type: clue, name: Odd, value: 1}
  - {id: victim-1, type: victim, suit: v1, name: One, value: 5}
  - {id: sus, type: suspect, name: Loose, value: 10}
composition:
  total: 11
  rules:
    - {type: evidence, suits: [red, blue], count: 4, count_parameter: evidence_per_suspect}
"""


def test_a_deck_the_engine_cannot_play_names_every_problem_located(tmp_path: Path) -> None:
    deck_file = tmp_path / "my-rummy.yaml"
    deck_file.write_text(DESIGNER_DECK, encoding="utf-8")
    deck, ruleset = load_game_files(deck_file, RULESET_FILE)
    with pytest.raises(RummyDataError) as caught:
        game_data(deck, ruleset)
    lines = [d.format_text().replace(d.location.file, "my-rummy.yaml") for d in caught.value.diagnostics]
    assert lines == [
        "my-rummy.yaml:11:5: error: types[1].id: deck my-rummy: card type 'clue' is not a Ripper rummy card kind "
        "(fix: name the type one of evidence, wild, letter, suspect, alibi, victim, scene, resigns, strike, escape)",
        "my-rummy.yaml:7:5: error: suits[1].rank: deck my-rummy: suspect 'blue' has no rank "
        "(fix: give every suspect a rank: the lower rank is Jack when totals tie)",
        "my-rummy.yaml:19:5: error: cards[4].suit: deck my-rummy: suspect card 'sus' must belong to a suspect "
        "(fix: set its suit to one of blue, red)",
        *(f"my-rummy.yaml:23:7: error: composition.rules[0]: deck my-rummy: type 'evidence', suit '{suit}' has 4 "
          "cards, ruleset 'ripper-rummy' sets evidence_per_suspect to 5 (fix: add or remove copies so the count "
          "matches, or change the ruleset's parameter)" for suit in ("red", "blue")),
    ]


def test_a_variant_without_the_vote_and_with_another_target_plays_from_the_data(tmp_path: Path) -> None:
    text = RULESET_FILE.read_text(encoding="utf-8").replace("variants:\n", (
        "variants:\n"
        "  - id: quiet\n"
        "    title: No vote, a shorter game\n"
        "    set: {target_score: 60}\n"
        "    remove: [rummy.turn.vote]\n"), 1)
    ruleset_file = tmp_path / "ripper-rummy.yaml"
    ruleset_file.write_text(text, encoding="utf-8")
    deck, ruleset = load_game_files(DECK_FILE, ruleset_file)
    data = game_data(deck, ruleset, "quiet")
    assert (data["options"]["vote"], data["parameters"]["target_score"]) == (False, 60)
    assert game_data(deck, ruleset)["options"]["vote"] is True
    run = self_play(data, [{"players": 3, "games": 40}], seed=5, record=True)["runs"][0]
    assert (run["illegal"], run["stalled"], run["games"]) == (0, 0, 40)
    assert all(seat["vote"] is None for record in run["records"] for seat in record["seats"]), "nobody voted"
    loud = self_play(game_data(deck, ruleset), [{"players": 3, "games": 40}], seed=5, record=True)["runs"][0]
    assert any(seat["vote"] for record in loud["records"] for seat in record["seats"]), "with the rule, votes happen"
