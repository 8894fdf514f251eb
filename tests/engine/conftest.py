"""Shared fixtures for the engine tests: a built site served on 127.0.0.1 and a Chromium page."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gaslight.build import run_build
from gaslight.resources import BUNDLED_DIR

from tests.conftest import open_page, serve


def build_site(scenarios: Path, out: Path) -> Path:
    """Run the real build pipeline; fail the test with every diagnostic when it does not publish."""
    result = run_build([scenarios], out, progress=lambda _message: None)
    assert result.published, "\n".join(d.format_text() for d in result.report.diagnostics)
    return out / "site"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from the bundled scenarios."""
    return build_site(BUNDLED_DIR, tmp_path_factory.mktemp("engine-site") / "build")


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled scenarios with a tutorial board whose title and description hold a script tag."""
    scenarios = tmp_path_factory.mktemp("hostile") / "scenarios"
    shutil.copytree(BUNDLED_DIR, scenarios)
    board = scenarios / "boards" / "tutorial.yaml"
    text = board.read_text(encoding="utf-8")
    lines = [  # the title and description written once for every language (the lines of a map dropped)
        'title: "<script>window.__pwned = 1</script> Rope"' if line.startswith("title:") else
        'description: "<script>window.__pwned = 2</script> & <b>bold</b>"' if line.startswith("description:") else line
        for line in text.splitlines() if not line.startswith(("  en: ", "  ja: "))
    ]
    board.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return build_site(scenarios, tmp_path_factory.mktemp("hostile-build") / "build")


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    yield from serve(built_site)


@pytest.fixture(scope="session")
def hostile_url(hostile_site: Path) -> Iterator[str]:
    yield from serve(hostile_site)


PHONE = {"width": 375, "height": 740}


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page; uncaught script errors fail the test."""
    yield from open_page(browser)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone-sized page with touch; uncaught script errors fail the test."""
    yield from open_page(browser, viewport=PHONE, has_touch=True)
