"""Scoring fixtures (hands → scores, derived by hand from the seeds' rules), shared with the JS calculators."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from gaslight.domain.scoring import ScoringError, rummy, twentyfour

FIXTURES = Path(__file__).parent / "fixtures"
RUMMY = json.loads((FIXTURES / "rummy_scoring.json").read_text(encoding="utf-8"))
TWENTYFOUR = json.loads((FIXTURES / "twentyfour_scoring.json").read_text(encoding="utf-8"))


def _ids(cases: list[dict[str, Any]]) -> list[str]:
    return [case["name"] for case in cases]


@pytest.mark.parametrize("case", RUMMY["cases"], ids=_ids(RUMMY["cases"]))
def test_rummy_hand_scores(case: dict[str, Any]) -> None:
    rules = rummy.rules_from_json(case.get("rules", {}))
    result = rummy.score_hand(rummy.hand_from_json(case["hand"]), rules)
    assert rummy.result_to_json(result) == case["expect"]


@pytest.mark.parametrize("case", RUMMY["errors"], ids=_ids(RUMMY["errors"]))
def test_rummy_impossible_hands_are_refused(case: dict[str, Any]) -> None:
    with pytest.raises(ScoringError) as caught:
        rummy.score_hand(rummy.hand_from_json(case["hand"]))
    assert str(caught.value) == case["error"]


@pytest.mark.parametrize("case", TWENTYFOUR["cases"], ids=_ids(TWENTYFOUR["cases"]))
def test_twentyfour_final_scores(case: dict[str, Any]) -> None:
    rules = twentyfour.rules_from_json(case.get("rules", {}))
    result = twentyfour.score_game(twentyfour.game_from_json(case["game"]), rules)
    assert twentyfour.result_to_json(result) == case["expect"]


@pytest.mark.parametrize("case", TWENTYFOUR["errors"], ids=_ids(TWENTYFOUR["errors"]))
def test_twentyfour_impossible_games_are_refused(case: dict[str, Any]) -> None:
    with pytest.raises(ScoringError) as caught:
        twentyfour.score_game(twentyfour.game_from_json(case["game"]))
    assert str(caught.value) == case["error"]


@pytest.mark.parametrize("case", TWENTYFOUR["death_points"],
                         ids=lambda c: f"{c['first_place_value']}@{c['incident_number']}")
def test_death_points(case: dict[str, Any]) -> None:
    rules = twentyfour.rules_from_json(case.get("rules", {}))
    if "error" in case:
        with pytest.raises(ScoringError, match=f"^{case['error']}$"):
            twentyfour.death_points(case["first_place_value"], case["incident_number"], rules)
    else:
        assert twentyfour.death_points(case["first_place_value"], case["incident_number"], rules) == case["expect"]


@pytest.mark.parametrize(("totals", "winner"), [
    ({"Ann": 104, "Bob": 98}, "Ann"),      # reached 100 first
    ({"Ann": 104, "Bob": 112}, "Bob"),     # both over: the highest wins
    ({"Ann": 104, "Bob": 104}, None),      # a tie at the top: play another hand
    ({"Ann": 99, "Bob": 60}, None),        # nobody at 100 yet
    ({"Ann": 100}, "Ann"),                 # exactly 100 ends the game
])
def test_rummy_game_ends_at_100(totals: dict[str, int], winner: str | None) -> None:
    assert rummy.game_winner(totals) == winner


def test_rummy_target_is_a_parameter() -> None:
    assert rummy.game_winner({"Ann": 60, "Bob": 20}, rummy.RummyRules(game_target=50)) == "Ann"


def test_set_bonus_places_assists_where_they_add_most() -> None:
    incidents = (twentyfour.Incident("siege", 2),) * 2 + (twentyfour.Incident("blast", 3),) * 1
    # Two assists: both to siege (4 cards → 4) beats one each (siege 3 → 3, blast 2 → 0).
    assert twentyfour.set_bonus(incidents, 2) == 4
    # Four assists: siege +2 (4) and blast +2 (3) → 7 beats all four to siege (6 cards → 6).
    assert twentyfour.set_bonus(incidents, 4) == 7
