"""The engine's committed fixtures match what the Python move model exports today."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("engine_fixture_data", Path(__file__).with_name("fixture_data.py"))
assert _spec is not None and _spec.loader is not None
fixture_data = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fixture_data)

EXPECTED = fixture_data.expected()


def test_every_fixture_board_has_exports() -> None:
    names = sorted(p.name for p in EXPECTED)
    assert names == ["gen195.board.json", "gen195.vectors.json", "small30.board.json", "small30.vectors.json",
                     "walton-the-bolted-door.json"]


@pytest.mark.parametrize("path", sorted(EXPECTED), ids=lambda p: p.name)
def test_fixture_is_current(path: Path) -> None:
    assert path.exists(), f"{path.name} is missing; run .venv/bin/python tests/engine/fixture_data.py"
    assert path.read_text(encoding="utf-8") == EXPECTED[path], (
        f"{path.name} is stale; run .venv/bin/python tests/engine/fixture_data.py")
