"""A designer's project in a temporary folder, and the CLI run from inside it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.commands.init import project_files

Run = Callable[..., tuple[int, str, str]]


def write_project(root: Path, title: str = "Fog over Spitalfields") -> Path:
    """What `gaslight init` writes, without the schema copy."""
    for path, text in project_files(root, title).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return write_project(tmp_path / "game")


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    """``run(folder, *argv)``: the command as a designer types it in ``folder``: (exit code, stdout, stderr)."""

    def go(folder: Path, *argv: str) -> tuple[int, str, str]:
        capsys.readouterr()
        monkeypatch.chdir(folder)
        code = main(list(argv))
        out, err = capsys.readouterr()
        return int(code), out, err

    return go
