"""24 saves and game data (``benchmarks/fuzz/twentyfour.py``, ``make fuzz``): a seeded share in the suite.

A mutated save loads or is refused with a SaveError; mutated game data is refused with a GameDataError (or a
SetupError), or plays to its end with every bot move accepted. No other error, no input that hangs.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz import twentyfour as fuzz


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_a_mutated_save_or_game_data_is_refused_cleanly_or_played(rng: random.Random) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        outcome = fuzz.one(rng, Path(scratch))
    assert not outcome.internal, outcome.sample
    assert not outcome.hang, outcome.sample


def test_the_driver_classifies_what_it_is_fed() -> None:
    drive, corpus, data = fuzz.driver()
    assert len(corpus) == 2 * fuzz.CORPUS_GAMES
    ask = lambda op, text: drive.ask({"op": op, "text": text}, timeout=60)  # noqa: E731
    assert ask("load", corpus[-1]["text"])["outcome"] == "loaded"
    assert ask("load", fuzz.encode(json.dumps({"setup": {}, "actions": []})))["message"] == (
        'not a saved game: it has no "game"')
    foreign = {"game": "0badf00d", "rules": None, "setup": {}, "seats": None, "actions": []}
    assert ask("load", fuzz.encode(json.dumps(foreign)))["message"] == (
        "not a saved game: it was played with other rules or cards (unnamed), not these (ruleset twenty-four): "
        "open it on that game's page")
    assert ask("data", json.dumps(data))["outcome"] == "loaded"
    broken = {**data, "parameters": {**data["parameters"], "places": "two"}}
    assert ask("data", json.dumps(broken)) == {
        "outcome": "refused",
        "message": 'the 24 game data cannot be played: parameter places must be a whole number from 1 to 1000000 '
                   '(it is "two")'}


def test_no_input_it_makes_is_larger_than_its_bound() -> None:
    _, corpus, data = fuzz.driver()
    rng = random.Random(3)
    sizes = [len(fuzz.make_data(rng, data)[0]) for _ in range(300)]
    sizes += [len(fuzz.make_save(rng, corpus)[0]) for _ in range(300)]
    assert max(sizes) <= fuzz.MAX_TEXT + 1
