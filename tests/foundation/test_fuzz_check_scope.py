"""A seeded share of the ``check_scope`` fuzzer (``benchmarks/fuzz/check_scope.py``, ``make fuzz``): in a mutated
project, ``gaslight check FILE`` reports exactly the whole check's problems in the files named, and no others;
no exit 3, no problem without a line and column, no check that hangs."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz.check_scope import disagreement, one


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_a_named_check_agrees_with_the_whole_check(rng: random.Random):
    with tempfile.TemporaryDirectory() as scratch:
        outcome = one(rng, Path(scratch))
    assert not outcome.internal, outcome.sample
    assert outcome.unlocated == (), outcome.sample
    assert not outcome.hang, outcome.sample


def test_the_comparison_finds_a_lost_and_an_invented_problem(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text("kind: board\n", encoding="utf-8")
    lost = '{"errors": [{"severity": "error", "file": "a.yaml", "line": 2, "column": 1, "message": "m", "fix": ""}]}'
    none = '{"errors": [], "warnings": []}'
    assert disagreement(tmp_path, ["a.yaml"], lost, none) == (
        "the named check misses ('error', 'a.yaml', 2, 1, 'm')")
    assert disagreement(tmp_path, ["a.yaml"], none, lost) == (
        "only the named check reports ('error', 'a.yaml', 2, 1, 'm')")
    assert disagreement(tmp_path, ["a.yaml"], lost, lost) == ""
