"""A seeded share of the drawing fuzzer (``benchmarks/fuzz/drawings.py``, ``make fuzz``) in the suite: a mutated SVG,
imported as ``gaslight import svg`` imports it, gives located errors only — no exit 3, no error without a file,
line and column, no import that hangs, nothing written but the board — and the fuzzer reaches the importer with
drawings it can read, not only with broken XML."""

from __future__ import annotations

import random
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz.drawings import _seeds, import_one, mutate


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(_seeds())), st.randoms(use_true_random=False))
def test_a_mutated_drawing_gets_located_errors_only(seed: str, rng: random.Random) -> None:
    text = mutate(rng, _seeds()[seed])
    with tempfile.TemporaryDirectory() as scratch:
        workdir = Path(scratch) / "0"
        workdir.mkdir()
        outcome = import_one(workdir, seed, text)
    assert not outcome.internal, outcome.sample[:2000]
    assert outcome.unlocated == (), outcome.sample[:2000]
    assert not outcome.hang, outcome.sample[:2000]


@pytest.mark.parametrize("seed", sorted(_seeds()))
def test_every_seed_drawing_becomes_a_board(seed: str, tmp_path: Path) -> None:
    """The seeds are good drawings: the mutations, not the seeds, are what the importer must survive."""
    outcome = import_one(tmp_path, seed, _seeds()[seed])
    assert outcome.exit_code in (0, 1) and (tmp_path / "board" / "board.yaml").is_file()


def test_most_mutated_drawings_are_well_formed() -> None:
    rng = random.Random(5)
    made = [mutate(rng, _seeds()[name]) for name in sorted(_seeds()) * 20]
    well_formed = 0
    for text in made:
        try:
            ET.fromstring(text)
        except ET.ParseError:
            continue
        well_formed += 1
    assert 0.7 * len(made) <= well_formed < len(made) == 20 * len(_seeds())
