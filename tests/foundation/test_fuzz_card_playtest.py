"""A seeded share of the ``card_playtest`` fuzzer (``benchmarks/fuzz/card_playtest.py``, ``make fuzz``): mutated
Ripper rummy and 24 decks and rulesets playtested as a designer would; no exit 3, no traceback, no error without a
line and column, no run that hangs."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz.card_playtest import mutate, one


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_a_mutated_card_game_is_played_or_refused_cleanly(rng: random.Random):
    with tempfile.TemporaryDirectory() as scratch:
        outcome = one(rng, Path(scratch))
    assert not outcome.internal, outcome.sample
    assert outcome.unlocated == (), outcome.sample
    assert not outcome.hang, outcome.sample


def test_a_mutation_changes_one_number_or_one_line() -> None:
    text = "a: 1\n# b: 2\nc: [3, 4]\n"
    changed = {mutate(random.Random(seed), text) for seed in range(40)}
    assert ("a: 1\nc: [3, 4]\n", "line 2 deleted") in changed
    assert any(note.startswith("line 3: ") and new.startswith("a: 1\n# b: 2\nc: [") for new, note in changed)
    assert all("# b: 2" in new or note == "line 2 deleted" for new, note in changed)
