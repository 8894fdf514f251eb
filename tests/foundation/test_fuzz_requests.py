"""A seeded share of the editor-requests fuzzer (``benchmarks/fuzz/requests.py``, ``make fuzz``): mutated
``/_gaslight/`` requests (paths, methods, Host, Origin, token, Content-Length, bodies) sent to ``gaslight serve``'s
WSGI function get an answer, never a 500 or a traceback, and write nothing outside the project's board folder."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from benchmarks.fuzz import requests as surface


@pytest.mark.parametrize("seed", range(6))
def test_mutated_editor_requests_get_answers_and_write_only_boards(tmp_path: Path, seed: int) -> None:
    rng = random.Random(f"requests-suite-{seed}")
    statuses = set()
    for index in range(15):
        workdir = tmp_path / str(index)
        workdir.mkdir()
        outcome = surface.one(rng, workdir)
        assert not outcome.internal, outcome.sample
        assert not outcome.hang, outcome.sample
        statuses.add(outcome.exit_code)
    assert statuses & {200, 400}, "the share reaches the checks and saves, not only the refusals"


def test_a_file_written_outside_the_boards_is_a_finding() -> None:
    before = {"boards/a.yaml": b"x", "gaslight.yaml": b"y"}
    assert surface.written_outside_boards(before, {**before, "boards/b.yaml": b"z"}) == []
    assert surface.written_outside_boards(before, {**before, ".github/workflows/x.yaml": b"z"}) == [
        ".github/workflows/x.yaml"]
    assert surface.written_outside_boards(before, {"boards/a.yaml": b"x"}) == ["gaslight.yaml"]
    assert surface.written_outside_boards(before, {**before, "boards/sub/c.yaml": b"z"}) == ["boards/sub/c.yaml"]
