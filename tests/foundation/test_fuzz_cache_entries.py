"""Result cache entries (``benchmarks/fuzz/cache_entries.py``, ``make fuzz``): a seeded share of damaged entries.

Whatever happened to an entry, the cache answers with the computed value, raises nothing and keeps a whole
entry again; one reproduction (JSON nested 100,000 deep raised RecursionError) is pinned on its own.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from gaslight.cache import ResultCache, cache_key
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz import cache_entries as fuzz


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_a_damaged_entry_is_computed_again_and_nothing_is_raised(rng: random.Random) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        outcome = fuzz.one(rng, Path(scratch))
    assert (outcome.internal, outcome.exit_code) == (False, 0), outcome.sample
    assert not outcome.hang, outcome.sample


def test_json_nested_too_deep_is_a_damaged_entry(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path)
    (tmp_path / f"balance-{cache_key('balance', 1, ())}.json").write_text("[" * 100_000, encoding="utf-8")
    assert cache.remember("balance", 1, (), lambda: "computed") == "computed"
    assert cache.remember("balance", 1, (), lambda: "computed again") == "computed"
