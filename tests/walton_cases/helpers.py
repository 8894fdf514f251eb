"""Shared loading for the Walton case tests: the bundled mansion, cases and their proofs (computed once)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

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
