"""Shared helpers for the rules tests: load fixture and project rulesets."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from gaslight.domain.rules.ruleset import Ruleset
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@cache
def fixture(name: str) -> Ruleset:
    """A ruleset from ``tests/rules/fixtures`` (must load cleanly)."""
    project, report = load_project([FIXTURES / f"{name}.yaml"], deep=False)
    assert report.ok, report.format_text()
    return project.of_kind("ruleset")[0]


@cache
def scenario(game: str) -> Ruleset:
    """The project's ruleset for ``game`` (hunt, walton, rummy, twentyfour)."""
    project, report = load_project([BUNDLED_DIR / "rulesets"], deep=False)
    assert report.ok, report.format_text()
    return next(r for r in project.of_kind("ruleset") if r.game == game)
