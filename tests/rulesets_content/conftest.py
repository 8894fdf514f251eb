"""Fixtures for the four games' rulesets: loaded once, exactly as ``gaslight check`` loads them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.rules.ruleset import Ruleset, check_project
from gaslight.project import load_project

RULESET_DIR = Path(__file__).resolve().parents[2] / "scenarios" / "rulesets"

# file stem → (ruleset id, game)
GAMES: dict[str, tuple[str, str]] = {
    "whitechapel-hunt": ("whitechapel-hunt", "hunt"),
    "walton": ("walton", "walton"),
    "ripper-rummy": ("ripper-rummy", "rummy"),
    "twenty-four": ("twenty-four", "twentyfour"),
}


@cache
def load_ruleset_file(stem: str) -> tuple[Ruleset, Report]:
    """The ruleset in ``scenarios/rulesets/<stem>.yaml`` and the report of its checks (loaded once; read only)."""
    project, report = load_project([RULESET_DIR / f"{stem}.yaml"], deep=False)
    check_project(project, report)
    models = project.of_kind("ruleset")
    assert len(models) == 1, [d.format_text() for d in report.diagnostics]
    return models[0], report


@pytest.fixture(scope="session")
def rulesets() -> dict[str, Ruleset]:
    """Every game's ruleset by file stem."""
    return {stem: load_ruleset_file(stem)[0] for stem in GAMES}
