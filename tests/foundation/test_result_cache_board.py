"""A board's analysis (geometry, blocks, move graphs, problems) is kept in the result cache (issue 39): a check
of an unchanged board imports neither shapely nor numpy. Reused while the board is byte for byte the same model,
computed again when a coordinate, a flag or the analysing code changes; the kept analysis is the computed one."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from gaslight.cache import ResultCache, using
from gaslight.diagnostics import Report
from gaslight.domain.board import geometry
from gaslight.domain.board.model import Board, load_board
from gaslight.yamlio import parse_text

from tests.conftest import REPO

BOARD = (REPO / "scenarios" / "boards" / "tutorial.yaml").read_text(encoding="utf-8")


def board(text: str) -> Board:
    doc, _ = parse_text(text, "tutorial.yaml")
    assert doc is not None
    loaded = load_board(doc, Report())
    assert loaded is not None
    return loaded


def fields(analysis: geometry.BoardAnalysis) -> dict[str, object]:
    return {f.name: getattr(analysis, f.name) for f in dataclasses.fields(analysis)}


def test_the_analysis_is_reused_while_the_board_is_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = geometry._analyse
    monkeypatch.setattr(geometry, "_analyse", lambda b: calls.append(b.id) or real(b))
    computed = real(board(BOARD))

    def analysed(text: str) -> geometry.BoardAnalysis:
        with using(ResultCache(tmp_path / "cache")):
            return geometry.analyse(board(text))  # a new model each time, as each run loads one

    first, again = analysed(BOARD), analysed(BOARD)
    assert calls == ["tutorial"], "the second analysis came from the cache"
    assert fields(again) == fields(first) == fields(computed)
    assert dict(again.jack_steps) == dict(computed.jack_steps), "what is derived on first use, derived alike"
    assert analysed(BOARD.replace("en: Tutorial (", "en: Tutorial board (")) is not None
    assert calls == ["tutorial"] * 2, "the title is part of the model: analysed again"
    moved = BOARD.replace("{number: 1, at: [63.3, 32", "{number: 1, at: [63.4, 32", 1)
    assert moved != BOARD
    assert fields(analysed(moved)) == fields(real(board(moved)))
    assert calls == ["tutorial"] * 3, "a circle moved: analysed again"
    analysed(moved)
    assert calls == ["tutorial"] * 3
