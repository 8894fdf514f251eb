"""A seeded share of the saves fuzzer (``benchmarks/fuzz/saves.py``, ``make fuzz``) in the suite: real saves,
mutated in structure and in text, load or are refused with a "not a saved game: " message — never another
error, never a load that hangs."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz import saves


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_a_mutated_save_is_refused_with_a_clean_message_or_loads(rng: random.Random) -> None:
    outcome = saves.one(rng, Path("."))
    assert not outcome.internal, outcome.sample
    assert not outcome.hang, outcome.sample


def test_the_corpus_holds_real_saves_of_both_boards_that_load() -> None:
    drive, corpus = saves.driver()
    assert {entry["board"] for entry in corpus} == {"tutorial", "whitechapel"}
    for entry in corpus[:8]:
        outcome = saves.load_one(drive, entry["board"], entry["text"], "", "")
        assert (outcome.exit_code, outcome.internal) == (0, False)


def test_the_driver_tells_a_refusal_from_any_other_error() -> None:
    """A SaveError is "refused"; any other error (here: a request the driver cannot serve) is "internal"."""
    drive, _ = saves.driver()
    answer = drive.ask({"op": "load", "board": "nowhere", "text": 7}, timeout=10)
    assert answer is not None and answer["outcome"] == "refused"  # a text that is not text is the save's to refuse
    broken = drive.ask({"op": "no such op"}, timeout=10)
    assert broken is not None and broken["outcome"] == "internal"


def test_structural_mutations_stay_within_what_the_fuzzer_may_build() -> None:
    rng = random.Random(3)
    _, corpus = saves.driver()
    for _ in range(300):
        text, _what = saves.mutate_record(rng, json.loads(rng.choice(corpus)["plain"]))
        assert len(text) < 3 * saves.BUILD_LIMIT
