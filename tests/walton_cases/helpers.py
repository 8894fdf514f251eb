"""Shared loading for the Walton case tests: the bundled mansion, cases and their proofs (computed once); the
CLI run in a fresh ``gaslight init`` project."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.domain.walton.case import Case, load_case
from gaslight.domain.walton.mansion import Mansion, load_mansion
from gaslight.domain.walton.proof import Proof, prove
from gaslight.yamlio import parse_file

REPO = Path(__file__).resolve().parents[2]
MANSION_FILE = REPO / "scenarios" / "walton" / "mansion.yaml"
CASE_DIR = REPO / "scenarios" / "walton" / "cases"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CASE_FILES = tuple(sorted(CASE_DIR.glob("*.yaml")))


@cache
def mansion() -> Mansion:
    doc, report = parse_file(MANSION_FILE, "mansion.yaml")
    assert doc is not None, report.format_text()
    house = load_mansion(doc, report)
    assert house is not None, report.format_text()
    return house


@cache
def case(path: Path) -> Case:
    doc, report = parse_file(path, path.name)
    assert doc is not None, report.format_text()
    loaded = load_case(doc, report)
    assert loaded is not None, report.format_text()
    return loaded


@cache
def proof(path: Path) -> Proof:
    return prove(mansion(), case(path))


def run(folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        *argv: str) -> tuple[int, str, str]:
    """The command as a designer types it in ``folder``: (exit code, stdout, stderr)."""
    capsys.readouterr()
    monkeypatch.chdir(folder)
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    """A project as `gaslight init` writes it."""
    assert run(tmp_path, monkeypatch, capsys, "init", "p")[0] == 0
    return tmp_path / "p"
