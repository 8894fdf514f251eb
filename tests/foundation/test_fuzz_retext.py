"""A seeded share of the ``retext`` fuzzer (``benchmarks/fuzz/retext.py``, ``make fuzz``): mutated voices in the
mansion and mutated cards are rendered again or refused by name, never a traceback, never a change outside the
cards' ``text:`` lines."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz.retext import one


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_retext_of_mutated_files_renders_or_refuses_by_name(rng: random.Random):
    with tempfile.TemporaryDirectory() as scratch:
        outcome = one(rng, Path(scratch))
    assert not outcome.internal, outcome.sample
    assert outcome.exit_code in (0, 1)
    assert not outcome.hang, outcome.sample
