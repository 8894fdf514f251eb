"""A seeded share of the fuzzer (``benchmarks/fuzz/``, ``make fuzz``) in the suite: mutated files of every
kind, checked as `gaslight check` checks them, give located errors only — no exit 3, no error without a file,
line and column, no check that hangs."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from gaslight.resources import BUNDLED_DIR
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz.scenarios import (
    HUGE_NUMBERS,
    RECURSIVE,
    TARGETS,
    UNICODE_TEXTS,
    _fan_out,
    check_one,
    mutate,
)


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


# Every hostile raw value the structure-aware mutations write, placed where the tutorial board has a number and
# where it has text: located errors only (never exit 3), output a UTF-8 terminal can print.
HOSTILE_RAW = (*HUGE_NUMBERS, *RECURSIVE, *UNICODE_TEXTS, _fan_out(10, 12), _fan_out(50, 3))


@pytest.mark.parametrize("raw", HOSTILE_RAW, ids=[f"{i}:{r[:12]!r}" for i, r in enumerate(HOSTILE_RAW)])
@pytest.mark.parametrize("where", ["number: 1,", "title: "])
def test_each_hostile_raw_value_is_a_located_error(raw: str, where: str) -> None:
    text = (BUNDLED_DIR / "boards/tutorial.yaml").read_text(encoding="utf-8")
    at = text.index(where) + len(where)
    end = text.index(",", at) if where.endswith(",") else text.index("\n", at)
    mutated = text[:at] + (" " if where.endswith(",") else "") + raw + text[end:]
    with tempfile.TemporaryDirectory() as scratch:
        outcome = check_one(Path(scratch), "boards/tutorial.yaml", (), mutated)
    assert not outcome.internal
    assert outcome.unlocated == ()
    assert outcome.exit_code in (0, 1)  # some texts are fine titles
