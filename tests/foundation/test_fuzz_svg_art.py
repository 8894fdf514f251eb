"""SVG card art (``benchmarks/fuzz/svg_art.py``, ``make fuzz``): a seeded share of mutated and hostile drawings.

A deck whose suit and card show mutated SVG drawings gives located messages only, checked and drawn: no exit 3,
no message without a file, line and column, no Python warning on the terminal, no run that hangs.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz import svg_art as fuzz
from benchmarks.fuzz.art import run_one


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_mutated_svg_art_gets_located_messages_only(rng: random.Random) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        outcome = fuzz.one(rng, Path(scratch))
    assert not outcome.internal, outcome.sample
    assert outcome.unlocated == (), outcome.sample
    assert not outcome.hang, outcome.sample


def test_each_drawing_as_programs_write_it_checks_clean_and_draws(tmp_path: Path) -> None:
    for number, body in enumerate(fuzz.BODIES):
        folder = tmp_path / str(number)
        folder.mkdir()
        svg = (fuzz.PROLOGUES[1] + fuzz.OPEN.format(w="40mm", h="20mm", vb="0 0 40 20") + body + "</svg>").encode()
        outcome = run_one(folder, {"art/card.svg": svg}, "art/card.svg", "art/card.svg", draw=True)
        assert (outcome.exit_code, outcome.internal, outcome.unlocated) == (0, False, ()), number
        assert (folder / "faces" / "at-the-market.png").is_file()
