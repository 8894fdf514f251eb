"""The generator on a machine too loaded for a proof's time budget: an attempt that runs out of time is set aside
with a line saying so, never a traceback (a regenerated bundled case stopped on TimeLimitReached)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.domain.walton.case import Answer
from gaslight.domain.walton.generate import main
from gaslight.domain.walton.generator import GenerateError, Plot, generate_case
from gaslight.domain.walton.mansion import Mansion
from gaslight.limits import case_time_limit
from walton_support import BUNDLED_MANSION


def test_attempts_out_of_time_are_set_aside_and_named(house: Mansion) -> None:
    told: list[str] = []
    plot = Plot("late", "Late", "I", Answer("greg", "debts", "fire-iron"))
    with case_time_limit(0), pytest.raises(GenerateError) as raised:
        generate_case(house, plot, seed=1, attempts=range(3), tell=told.append)
    assert told == [f"attempt {n}: its proof ran past 0 s: set aside" for n in range(3)]
    assert str(raised.value) == ("no attempt gave case 'late' exactly one answer in 70 cards (3 attempts ran past "
                                 "the proof's time limit of 0 s); try another seed")


def test_the_command_line_says_so_without_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "late.yaml"
    with case_time_limit(0):
        code = main(["--difficulty", "I", "--seed", "1", "--attempt", "0", "--out", str(out),
                     "--mansion", str(BUNDLED_MANSION), "--no-table"])
    assert code == 1 and not out.exists()
    assert capsys.readouterr().err == ("generate: attempt 0: its proof ran past 0 s: set aside\n"
                                       "generate: error: no attempt gave case 'late' exactly one answer in 70 cards "
                                       "(1 attempt ran past the proof's time limit of 0 s); try another seed\n")
