"""24's engine against the Python side: its game data from the deck and ruleset, located data errors, and its
final scores equal to :mod:`gaslight.domain.scoring.twentyfour` on 10,000 self-played games."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from gaslight.domain.rules.ruleset import resolve
from gaslight.domain.scoring import twentyfour
from gaslight.errors import UserError
from gaslight.play.twentyfour import GameDataError, bundled_game_data, game_data, self_play, self_play_runs
from gaslight.project import load_project

from tests.conftest import REPO
from tests.decks.conftest import DECKS, RULESETS

FIXTURE = REPO / "tests" / "js" / "fixtures" / "twentyfour.game.json"
GAMES = 10_000


def rules_of(data: dict[str, Any]) -> twentyfour.TwentyFourRules:
    p = data["parameters"]
    return twentyfour.TwentyFourRules(assist_points=p["assist_points"], set_size=p["coop_set_size"],
                                      set_bonus_per_card=p["coop_bonus_per_card"],
                                      incidents_per_season=p["incidents_per_season"],
                                      death_bonus_base=p["death_bonus_base"])


def python_scores(data: dict[str, Any], result: dict[str, Any]) -> tuple[dict[str, int], list[str]]:
    scored = twentyfour.score_game(twentyfour.game_from_json({"detectives": result["holdings"]}), rules_of(data))
    return {s.name: s.total for s in scored.scores}, list(scored.winners)


def test_the_engine_fixture_is_the_bundled_game_data() -> None:
    """The node tests play tests/js/fixtures/twentyfour.game.json: it must be what the deck and ruleset give today."""
    expected = json.dumps(bundled_game_data(), indent=1, sort_keys=True) + "\n"
    assert FIXTURE.read_text(encoding="utf-8") == expected, (
        "regenerate it: .venv/bin/python -c \"from gaslight.play.twentyfour import bundled_game_data; import json; "
        "print(json.dumps(bundled_game_data(), indent=1, sort_keys=True))\" > tests/js/fixtures/twentyfour.game.json")


def test_game_data_follows_the_variant() -> None:
    base, assists, column = (bundled_game_data(v) for v in (None, "draft-assists", "seed-text-hidden-column"))
    assert (base["parameters"]["assist_points"], assists["parameters"]["assist_points"]) == (1, 2)
    assert (base["parameters"]["hidden_column"], column["parameters"]["hidden_column"]) == (5, 4)
    assert (assists["variant"], base["variant"]) == ("draft-assists", None)
    assert base["bonus_cards"] == {"green": 3, "red": 3}
    assert [d["number"] for d in base["detectives"]] == [1, 2, 3, 4, 5]
    assert [d["skill"] for d in base["detectives"]] == ["sharp-eyes", "steady-nerves", "lone-hunter", "first-pick",
                                                        "toughness"]
    assert len({i["id"] for i in base["incidents"]}) == 30


def edited_game_data(folder: Path, edits: list[tuple[str, str]]) -> list[str]:
    """The data problems of the bundled deck with each ``old`` written as ``new``, file paths shortened."""
    shutil.copy(RULESETS / "twenty-four.yaml", folder / "rules.yaml")
    text = (DECKS / "twenty-four.yaml").read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    project, _ = load_project([folder])
    deck = project.by_id("deck", "twenty-four")
    with pytest.raises(GameDataError) as caught:
        game_data(deck, resolve(project.by_id("ruleset", "twenty-four")))
    return [re.sub(r"^.*deck\.yaml", "deck.yaml", p) for p in caught.value.problems]


def test_a_deck_the_engine_cannot_play_is_refused_with_every_problem_located(tmp_path: Path) -> None:
    problems = edited_game_data(tmp_path, [
        ("skill_id: steady-nerves}", "skill_id: calm}"),
        ("{id: anvil, group: detective, rank: 5,", "{id: anvil, group: detective,"),
        ("  - {id: hound-6h, type: action, suit: hound, name: {en: 6 hours, ja: 6時間}, value: 6}\n", ""),
        ("copies: 3, fields: {die: red d8", "copies: 3, fields: {die: blue d8"),
        ("  - {id: siege-2, type: incident, suit: siege, name: {en: 'Siege: Lookout', ja: 立て籠もり：見張り}, "
         "value: 2, flavour: {en: The cell's eyes on the street., ja: 通りに立つ組織の目。}}\n", ""),
    ])
    assert problems == [
        "deck.yaml:6:1: deck: deck 'twenty-four' has 29 incident cards; 3 seasons of 10 need at least 30 (fix: add "
        "incident cards, or lay out fewer)",
        "deck.yaml:101:5: cards[24]: detective card 'detective-bishop' has skill_id 'calm', which the engine does not "
        "play (fix: use one of sharp-eyes, steady-nerves, lone-hunter, first-pick, toughness)",
        "deck.yaml:37:5: suits[8]: detective 'hound' has 9 action cards; 2 rounds of 5 incidents need 10 (fix: add "
        "action cards of suit 'hound')",
        "deck.yaml:39:5: suits[10]: detective 'anvil' has no rank (fix: give it 'rank:', its registration number)",
        "deck.yaml:151:5: cards[69]: bonus card 'bonus-red' names die 'blue d8' (fix: start its 'die' field with "
        "green or red)",
    ]


def test_a_ruleset_of_another_game_is_refused(tmp_path: Path) -> None:
    project, _ = load_project([DECKS, RULESETS])
    deck = project.by_id("deck", "twenty-four")
    with pytest.raises(GameDataError) as caught:
        game_data(deck, resolve(project.by_id("ruleset", "ripper-rummy")))
    assert caught.value.problems[0].endswith(
        "deck 'twenty-four' is played with ruleset 'ripper-rummy', which is not a 24 ruleset (fix: name a ruleset of "
        "game twentyfour, or one that extends twenty-four)")


def test_a_bad_self_play_request_is_a_user_error_naming_it() -> None:
    with pytest.raises(UserError) as caught:
        self_play(bundled_game_data(), games=2, strengths="grandmaster")
    assert str(caught.value) == ('selfplay.mjs stopped with exit code 2: twentyfour selfplay: unknown bot strength '
                                 '"grandmaster" (use casual or sharp)')
    with pytest.raises(UserError) as caught:
        self_play({**bundled_game_data(), "incidents": []}, games=2)
    assert str(caught.value) == ("selfplay.mjs stopped with exit code 2: twentyfour selfplay: the 24 game data cannot "
                                 "be played: the deck has 0 incident cards; 3 seasons of 10 need at least 30")


def test_several_runs_share_one_node_process_and_answer_one_summary_each() -> None:
    runs = [{"games": 3, "seed": 5, "players": 3}, {"games": 2, "seed": 9, "players": 5, "strengths": "casual"}]
    first, second = self_play_runs(bundled_game_data(), runs)
    assert (first["games"], first["byPlayers"]["3"]["games"], second["byPlayers"]["5"]["games"]) == (3, 3, 2)
    assert list(second["byStrength"]) == ["casual"]
    single = self_play(bundled_game_data(), games=3, seed=5, players=3)
    timing = ("gamesPerSecond", "cpuGamesPerSecond")
    assert {k: v for k, v in single.items() if k not in timing} == {k: v for k, v in first.items() if k not in timing}
    with pytest.raises(UserError) as caught:
        self_play_runs(bundled_game_data(), [{"games": -1}])
    assert str(caught.value).endswith("games must be a whole number from 0 to 100000, not -1")


def test_engine_scores_equal_the_python_calculator_on_10000_self_played_games() -> None:
    data = bundled_game_data()
    summary = self_play(data, games=GAMES, seed=1, players=[3, 4, 5], strengths=["casual", "sharp", "casual"],
                        detail=True)
    assert (summary["finished"], summary["illegal"]) == (GAMES, 0)
    seen = {"death": 0, "lone_hunter": 0, "sets": 0, "draws": 0}
    for result in summary["results"]:
        totals, winners = python_scores(data, result)
        assert (result["scores"], result["winners"]) == (totals, winners), result["seed"]
        parts = [twentyfour.score_detective(d, rules_of(data))
                 for d in twentyfour.game_from_json({"detectives": result["holdings"]})]
        seen["death"] += sum(p.death > 0 for p in parts)
        seen["lone_hunter"] += sum(p.lone_hunter > 0 for p in parts)
        seen["sets"] += sum(p.sets > 0 for p in parts)
        seen["draws"] += len(winners) > 1
    # The games reach every part of the scoring, so the agreement means something.
    assert all(count > 20 for count in seen.values()), seen


def test_engine_scores_equal_the_python_calculator_under_the_draft_assists_variant() -> None:
    data = bundled_game_data("draft-assists")
    summary = self_play(data, games=1000, seed=77, players=[3, 4, 5], strengths=["sharp", "casual"], detail=True)
    assert summary["finished"] == 1000
    for result in summary["results"]:
        assert (result["scores"], result["winners"]) == python_scores(data, result), result["seed"]
    assert any(h["assists"] for r in summary["results"] for h in r["holdings"])
