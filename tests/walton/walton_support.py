"""Walton test helpers: where the test cases are, loading models and cases from text."""

from __future__ import annotations

import textwrap
from pathlib import Path

from gaslight.diagnostics import Report
from gaslight.domain.walton.case import Case
from gaslight.project import load_document
from gaslight.yamlio import parse_file, parse_text

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CASES = HERE / "cases"
BUNDLED_MANSION = REPO / "scenarios" / "walton" / "mansion.yaml"
BUNDLED_CASES = sorted((REPO / "scenarios" / "walton" / "cases").glob("*.yaml"))
STARTER_CASE = REPO / "toolkit" / "gaslight" / "starters" / "case.yaml"
SHOWCASE = REPO / "scenarios" / "gaslight.yaml"  # the bundled games as a project: their mansion, their cases


def load_model(path: Path) -> object:
    """The model in ``path``; fails the test with the report when it does not load."""
    doc, report = parse_file(path, path.name)
    assert doc is not None, report.format_text()
    loaded = load_document(doc, report)
    assert loaded is not None and report.ok, report.format_text()
    return loaded[1]


def case_from_text(text: str, name: str = "case.yaml") -> tuple[Case | None, Report]:
    """A case from YAML text (schema check and loader, as ``gaslight check`` does)."""
    doc, report = parse_text(textwrap.dedent(text).lstrip("\n"), name)
    assert doc is not None, report.format_text()
    loaded = load_document(doc, report)
    return (loaded[1] if loaded else None), report
