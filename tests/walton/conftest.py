"""Walton test fixtures. The helper modules beside this file (``walton_*.py``) are importable from tests."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gaslight.diagnostics import Report
from gaslight.domain.walton.case import Case, load_case
from gaslight.domain.walton.mansion import Mansion, load_mansion
from gaslight.yamlio import parse_text
from walton_support import BUNDLED_MANSION, CASES, STARTER_CASE, load_model

from tests.projects.conftest import run  # noqa: F401  (a command as a designer types it, for the Walton tests too)


@pytest.fixture(scope="session")
def house() -> Mansion:
    model = load_model(BUNDLED_MANSION)
    assert isinstance(model, Mansion)
    return model


@pytest.fixture(scope="session")
def tiny() -> Mansion:
    model = load_model(CASES / "tiny-house.yaml")
    assert isinstance(model, Mansion)
    return model


@pytest.fixture(scope="session")
def cases() -> Callable[[str], Case]:
    """``cases("helper-c")`` → the case in ``tests/walton/cases/helper-c.yaml``."""

    def get(name: str) -> Case:
        path = STARTER_CASE if name == "starter" else CASES / f"{name}.yaml"
        model = load_model(path)
        assert isinstance(model, Case)
        return model

    return get


@pytest.fixture(scope="session")
def mansion_loader() -> Callable[[str], tuple[Mansion | None, Report]]:
    def load(text: str) -> tuple[Mansion | None, Report]:
        doc, report = parse_text(textwrap.dedent(text).lstrip("\n"), "m.yaml")
        assert doc is not None, report.format_text()
        return load_mansion(doc, report), report

    return load


@pytest.fixture(scope="session")
def case_loader() -> Callable[[str], tuple[Case | None, Report]]:
    def load(text: str) -> tuple[Case | None, Report]:
        doc, report = parse_text(textwrap.dedent(text).lstrip("\n"), "c.yaml")
        assert doc is not None, report.format_text()
        return load_case(doc, report), report

    return load
