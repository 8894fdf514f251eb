"""A seeded share of the card-table fuzzer (``benchmarks/fuzz/tables.py``, ``make fuzz``) in the suite: a deck
with a mutated CSV, TSV or Excel table, checked as ``gaslight check`` checks it, gives located errors only — no
exit 3, no error without a file, line and column, no check that hangs."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz.tables import TARGETS, check_files, make, xlsx_bytes


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(TARGETS), st.randoms(use_true_random=False))
def test_a_mutated_card_table_gets_located_errors_only(target, rng: random.Random):
    deck, ruleset, suffix = target
    files = make(rng, deck, suffix)
    with tempfile.TemporaryDirectory() as scratch:
        outcome = check_files(Path(scratch), f"{deck} + cards.{suffix}", files, (ruleset,))
    assert not outcome.internal, outcome.sample
    assert outcome.unlocated == (), outcome.sample
    assert not outcome.hang, outcome.sample


ROWS = [["id", "type", "name", "value"], ["a", "number", "A", "1"]]


@pytest.mark.parametrize("seed", range(3))
def test_the_workbooks_it_writes_are_workbooks_mostly(seed: int) -> None:
    # The fuzzer must reach the reader with real workbooks, not only with damaged zips.
    import io
    import zipfile

    rng = random.Random(seed)
    made = [xlsx_bytes(rng, [list(row) for row in ROWS]) for _ in range(40)]
    readable = sum(zipfile.is_zipfile(io.BytesIO(data)) for data in made)
    assert readable >= 30

