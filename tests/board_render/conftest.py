"""Fixtures for the board rendering tests: the bundled boards and boards written on the fly."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.board.model import Board, load_board
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR
from gaslight.yamlio import parse_text

BOARD_DIR = BUNDLED_DIR / "boards"


@pytest.fixture(scope="session")
def bundled() -> dict[str, Board]:
    """The bundled boards by id, loaded like ``gaslight check`` does."""
    project, _ = load_project([BOARD_DIR])
    return {board.id: board for board in project.of_kind("board")}


@pytest.fixture
def board_from() -> Callable[[str], Board]:
    """``board_from(yaml_text)`` → the board model (the text must be schema-valid)."""

    def load(text: str) -> Board:
        doc, report = parse_text(textwrap.dedent(text).lstrip("\n"), "inline.yaml")
        assert doc is not None, report.format_text()
        board = load_board(doc, Report())
        assert board is not None
        return board

    return load


# Four more red circles in two triangles under the crossing: five red circles let the hunt reach its last night.
RED_ROW = ", ".join(f"{{number: {n}, at: [{20 * n - 40}, 95], flags: [red]}}" for n in (3, 4, 5, 6))


def board_yaml(title: str = "Tri", place: str = "Cross") -> str:
    """A tiny valid board (six circles, five of them red so the hunt can finish, a crossing, three blocks)."""
    return textwrap.dedent(f"""\
        # yaml-language-server: $schema=../../schemas/board.schema.json
        kind: board
        id: tri
        title: {title!r}
        unit: mm
        canvas: {{width: 100, height: 100}}
        tokens: {{women: 5, patrols: 1}}
        circles: [{{number: 1, at: [10, 10], flags: [red]}}, {{number: 2, at: [90, 10]}}, {RED_ROW}]
        crossings: [{{id: k1, at: [50, 80], flags: [yellow]}}]
        segments: [[1, 2], [2, k1], [k1, 1], [k1, 3], [3, 4], [4, k1], [k1, 5], [5, 6], [6, k1]]
        places: [{{name: {place!r}, crossing: k1}}]
        """)


@pytest.fixture
def write_board(tmp_path: Path) -> Callable[[str, str], Path]:
    def write(name: str, text: str) -> Path:
        path = tmp_path / "boards" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    return write
