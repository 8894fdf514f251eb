"""Shared test helpers: write scenario text to a file and check it like the CLI does."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from toolkit.diagnostics import Report
from toolkit.project import Project, load_project

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def write_yaml(tmp_path: Path) -> Callable[[str, str], Path]:
    """``write_yaml("name.yaml", text)`` → the file's path (text is dedented)."""

    def write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write


@pytest.fixture
def check() -> Callable[..., tuple[Project, Report]]:
    """``check(path, …)`` → (project, report), exactly as ``gaslight check`` loads them."""

    def run(*paths: Path, deep: bool = True) -> tuple[Project, Report]:
        return load_project(list(paths), deep=deep)

    return run


def messages(report: Report) -> list[str]:
    """Every diagnostic as its one-line text, file names reduced to their base name."""
    lines = []
    for d in sorted(report.diagnostics, key=lambda d: d.sort_key):
        text = d.format_text()
        lines.append(text.replace(d.location.file, Path(d.location.file).name, 1))
    return lines
