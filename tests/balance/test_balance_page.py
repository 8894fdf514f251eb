"""The site's balance pages per board and variant: seeded self-play figures, a night chart and two heat maps."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.outputs import balance as balance_pages
from gaslight.outputs import boards as board_pages
from gaslight.outputs.sink import BuildOutput
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR


def build(tmp_path: Path, name: str) -> BuildOutput:
    project, report = load_project([BUNDLED_DIR / "boards" / "tutorial.yaml", BUNDLED_DIR / "rulesets"])
    assert report.ok, report.format_text()
    out = BuildOutput(tmp_path / name)
    board_pages.contribute(project, out)
    balance_pages.contribute(project, out)
    return out


def test_each_board_gets_a_seeded_balance_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(balance_pages, "BUILD_GAMES", 12)
    first = build(tmp_path, "one")
    page = (first.docs / "boards" / "tutorial-balance.md").read_text(encoding="utf-8")
    assert page.startswith("# Tutorial \\(Ropewalk quarter\\): balance\n")
    assert "`gaslight balance tutorial --games 12 --seed 1`" in page
    chart = page.split('<div class="gaslight-chart">')[1].split("</div>")[0]
    assert chart.count("<rect ") == 8, "two bars for each of the four nights"
    assert page.count('inkscape:label="Heat (ignored on import)" fill="#8e44ad"') == 1, "arrests on the first map"
    wins = int(page.split("**Jack wins ")[1].split()[0])
    assert page.count('inkscape:label="Heat (ignored on import)" fill="#2e6fb0"') == (1 if wins else 0), (
        "winning hideouts on the second")
    assert "| Night | Escapes | Arrests | Track ran out | Cornered |" in page
    assert (first.docs / "boards" / "tutorial.md").read_text(encoding="utf-8").count("(tutorial-balance.md)") == 1
    assert "| Rules | Jack wins | 95 % interval | Games |" in page
    assert "| [Letters from Jack](tutorial-balance-letters.md) |" in page
    letters = (first.docs / "boards" / "tutorial-balance-letters.md").read_text(encoding="utf-8")
    assert letters.startswith("# Tutorial \\(Ropewalk quarter\\): balance, Letters from Jack\n")
    assert "under the variant *Letters from Jack* of Whitechapel hunt ([base rules](tutorial-balance.md))" in letters
    assert "`gaslight balance tutorial --variant letters --games 12 --seed 1`" in letters
    assert "| Rules |" not in letters, "the variant table is on the base rules' page only"
    variants = sorted(p.name for p in (first.docs / "boards").glob("tutorial-balance-*.md"))
    assert variants == sorted(f"tutorial-balance-{v}.md" for v in (
        "seed-003-hideout", "long-night", "letters", "false-clues", "wide-area-arrest", "all-optional-rules",
        "learning-game"))
    again = build(tmp_path, "two")
    assert (again.docs / "boards" / "tutorial-balance.md").read_text(encoding="utf-8") == page, "same games, same page"


def test_without_node_there_is_no_balance_page_and_no_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gaslight.play.node.shutil.which", lambda name: None)
    out = build(tmp_path, "bare")
    assert not (out.docs / "boards" / "tutorial-balance.md").exists()
    assert "balance" not in (out.docs / "boards" / "tutorial.md").read_text(encoding="utf-8")


def test_the_night_chart_scales_to_the_busiest_night() -> None:
    nights = [{"night": 1, "escapes": 10, "arrests": 5, "out_of_moves": 0, "cornered": 0},
              {"night": 2, "escapes": 0, "arrests": 0, "out_of_moves": 1, "cornered": 1}]
    chart = balance_pages.night_chart(nights)
    assert '<rect x="22" y="0" width="16" height="120" fill="#2e6fb0"><title>Night 1: 10 escapes</title>' in chart
    assert '<title>Night 2: 2 police wins</title>' in chart and '<title>Night 1: 5 police wins</title>' in chart
    assert "\n" not in chart


def test_the_live_preview_does_not_replay_the_bots(tmp_path: Path) -> None:
    project, _ = load_project([BUNDLED_DIR / "boards" / "tutorial.yaml", BUNDLED_DIR / "rulesets"])
    out = BuildOutput(tmp_path / "live", keep_unchanged=True)
    balance_pages.contribute(project, out)
    page = (out.docs / "boards" / "tutorial-balance.md").read_text(encoding="utf-8")
    assert page.startswith("# Tutorial \\(Ropewalk quarter\\): balance\n\nThe live preview does not replay the bots.")
