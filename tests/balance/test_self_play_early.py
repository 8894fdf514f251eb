"""A build starts the boards' self-play before its contributors run, and the pages show the same figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from gaslight.build import generate
from gaslight.outputs import balance as balance_pages
from gaslight.outputs import home
from gaslight.outputs.sink import BuildOutput
from gaslight.play import hunt
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR

BALANCE = "gaslight.outputs.balance:contribute"
HOME = "gaslight.outputs.home:contribute"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, hunt.SelfPlay]]:
    """Every self-play started, with what was running when it started (the contributor, or none yet)."""
    monkeypatch.setattr(balance_pages, "BUILD_GAMES", 4)
    found: list[tuple[str, hunt.SelfPlay]] = []
    running = ["before the contributors"]
    start_many, contribute = hunt.start_many, home.contribute

    def recording(*args: Any, **kwargs: Any) -> hunt.SelfPlay:
        found.append((running[-1], start_many(*args, **kwargs)))
        return found[-1][1]

    def home_page(project: Any, out: BuildOutput) -> None:
        running.append("home")
        contribute(project, out)

    monkeypatch.setattr(hunt, "start_many", recording)
    monkeypatch.setattr(home, "contribute", home_page)
    return found


def project() -> Any:
    loaded, report = load_project([BUNDLED_DIR / "boards" / "tutorial.yaml", BUNDLED_DIR / "rulesets"])
    assert report.ok, report.format_text()
    return loaded


def test_the_games_start_before_the_first_contributor_and_give_the_figures_played_at_once(
        tmp_path: Path, started: list[tuple[str, hunt.SelfPlay]]) -> None:
    early = BuildOutput(tmp_path / "early")
    generate(project(), early, lambda _: None, (HOME, BALANCE))
    assert [when for when, _ in started] == ["before the contributors"]
    assert early.started == {}, "the balance contributor took them"
    at_once = BuildOutput(tmp_path / "at-once")
    balance_pages.contribute(project(), at_once)  # no start(): played when the page is written
    assert len(started) == 2
    for page in ("tutorial-balance.md", "tutorial-balance-letters.md"):
        assert (early.docs / "boards" / page).read_bytes() == (at_once.docs / "boards" / page).read_bytes()


def test_a_build_that_fails_before_the_balance_pages_ends_the_games_and_removes_their_files(
        tmp_path: Path, started: list[tuple[str, hunt.SelfPlay]], monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(project: Any, out: BuildOutput) -> None:
        raise RuntimeError("a contributor failed")

    monkeypatch.setattr(home, "contribute", broken)
    out = BuildOutput(tmp_path / "out")
    with pytest.raises(RuntimeError, match="a contributor failed"):
        generate(project(), out, lambda _: None, (HOME, BALANCE))
    ((_, games),) = started
    assert [worker.returncode is not None for _, worker in games._workers] == [True] * len(games._workers)
    assert not Path(games._folder.name).exists()
    assert out.started == {}


def test_the_live_preview_starts_no_games(tmp_path: Path, started: list[tuple[str, hunt.SelfPlay]]) -> None:
    out = BuildOutput(tmp_path / "preview", keep_unchanged=True)
    generate(project(), out, lambda _: None, (HOME, BALANCE))
    assert started == []
