"""A seeded share of the fuzzer (``benchmarks/fuzz/``, ``make fuzz``) in the suite: mutated files of every
kind, checked as `gaslight check` checks them, give located errors only — no exit 3, no error without a file,
line and column, no check that hangs."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from gaslight.resources import BUNDLED_DIR
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz.scenarios import TARGETS, check_one, mutate


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(TARGETS), st.randoms(use_true_random=False))
def test_a_mutated_file_of_any_kind_gets_located_errors_only(target, rng: random.Random):
    name, needs = target
    text = mutate(rng, (BUNDLED_DIR / name).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as scratch:
        outcome = check_one(Path(scratch), name, needs, text)
    assert not outcome.internal, text
    assert outcome.unlocated == (), text
    assert not outcome.hang, text
