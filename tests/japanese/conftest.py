"""One two-language project built once a session for the Japanese site tests: a board (its play pages), the
hunt's rules and Ripper rummy's rules and deck, in English and Japanese."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gaslight.build import BuildResult, build_project
from gaslight.config import load_config
from gaslight.resources import BUNDLED_DIR

from tests.conftest import open_page, serve
from tests.site.conftest import make_project

# Every bundled game in English and Japanese, one Walton case (for speed), and the starter's board.
EVERY_GAME = ("title: {en: Fog games, ja: 霧のゲーム}\ncontent: [boards, walton]\nlanguages: [en, ja]\n"
              "games: [{whitechapel-hunt: [rules]}, {walton: [rules, mansion]}, {ripper-rummy: [rules, deck]},"
              " {twenty-four: [rules, deck]}]\n")
CASE = "a-bitter-harvest"
BILINGUAL_PROJECT = ("title: {en: Fog games, ja: 霧のゲーム}\ncontent: [boards]\nlanguages: [en, ja]\n"
                     "games: [{whitechapel-hunt: [rules]}, {ripper-rummy: [rules, deck]}]\n")


@pytest.fixture(scope="session")
def bilingual_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's output folder (``site/`` and ``print/``)."""
    return built(tmp_path_factory.mktemp("bilingual"), BILINGUAL_PROJECT).out


@pytest.fixture(scope="session")
def every_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site of :data:`EVERY_GAME`: every kind of page and every play page in both languages."""
    return built(with_case(tmp_path_factory.mktemp("every-game")), EVERY_GAME).out / "site"


def with_case(root: Path) -> Path:
    """``root`` with the bundled case :data:`CASE` in its ``walton/`` folder."""
    (root / "walton").mkdir()
    shutil.copy(BUNDLED_DIR / "walton" / "cases" / f"{CASE}.yaml", root / "walton" / f"{CASE}.yaml")
    return root


def built(root: Path, config_text: str) -> BuildResult:
    """The project of ``config_text`` in ``root``, built (no cache): every error fails the test."""
    config, report = load_config(make_project(root, config_text))
    assert config is not None, report.diagnostics
    result = build_project(config, progress=lambda _: None, use_cache=False)
    assert result.published, [d.format_text() for d in result.report.errors]
    return result


@pytest.fixture(scope="module")
def url(every_game: Path) -> Iterator[str]:
    """The every-game site served on a free local port."""
    yield from serve(every_game)


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:
    """A Chromium tab whose browser asks for English pages."""
    yield from open_page(browser, locale="en-GB", viewport={"width": 1280, "height": 900})
