"""The boards contributor: one page per board, an index, posters, SVG, check report and working links."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from gaslight.outputs.boards import check_report, contribute
from gaslight.outputs.sink import BuildOutput
from gaslight.project import load_project

from .conftest import BOARD_DIR, RED_ROW, board_yaml

THIN = """\
# yaml-language-server: $schema=../../schemas/board.schema.json
kind: board
id: thin
title: Thin block
unit: mm
canvas: {width: 100, height: 100}
tokens: {women: 5, patrols: 1}
circles: [{number: 1, at: [10, 10], flags: [red]}, {number: 2, at: [90, 10]}, RED_ROW]
crossings: [{id: k1, at: [50, 40], flags: [yellow]}, {id: k2, at: [30, 80]}, {id: k3, at: [70, 80]}]
segments: [[1, 2], [2, k1], [k1, 1], [k1, k2], [k2, k3], [k3, k1], [k2, 3], [3, 4], [4, k2], [k3, 5], [5, 6], [6, k3]]
""".replace("RED_ROW", RED_ROW)  # five red circles, so the hunt can finish: four in two triangles under the thin block


def build(tmp_path: Path, name: str, files: dict[str, str], *, play: tuple[str, ...] = ()) -> BuildOutput:
    scenarios = tmp_path / f"{name}-scenarios"
    scenarios.mkdir()
    for file, text in files.items():
        (scenarios / file).write_text(text, encoding="utf-8")
    project, report = load_project([scenarios])
    assert report.ok, report.format_text()
    out = BuildOutput(tmp_path / name)
    for board_id in play:  # what the engine contributor (which runs first) leaves behind
        out.page(f"play/{board_id}.md", "# Play\n")
    contribute(project, out)
    return out


@pytest.fixture
def tutorial_text() -> str:
    return (BOARD_DIR / "tutorial.yaml").read_text(encoding="utf-8")


def test_pages_menu_and_printables(tmp_path: Path, tutorial_text: str) -> None:
    out = build(tmp_path, "site", {"tutorial.yaml": tutorial_text, "thin.yaml": THIN})
    assert out.nav == [
        (("Whitechapel hunt", "Boards", "All boards"), "boards/index.md"),
        (("Whitechapel hunt", "Boards", "Thin block"), "boards/thin.md"),
        (("Whitechapel hunt", "Boards", "Tutorial (Ropewalk quarter)"), "boards/tutorial.md"),
    ]
    for board_id in ("thin", "tutorial"):
        for paper in ("a4", "letter"):
            assert (out.root / "print" / "boards" / f"{board_id}-poster-{paper}.pdf").read_bytes().startswith(b"%PDF")
        assert (out.docs / "boards" / f"{board_id}.svg").read_text(encoding="utf-8").startswith("<svg ")
    index = (out.docs / "boards" / "index.md").read_text(encoding="utf-8")
    assert "| [Thin block](thin.md) | 6 | 3 | 4 | 1 |" in index
    assert "| [Tutorial \\(Ropewalk quarter\\)](tutorial.md) | 38 | 20 | 14 | 0 |" in index


def test_board_page_shows_map_figures_and_check_report(tmp_path: Path, tutorial_text: str) -> None:
    out = build(tmp_path, "site", {"tutorial.yaml": tutorial_text, "thin.yaml": THIN})
    thin = (out.docs / "boards" / "thin.md").read_text(encoding="utf-8")
    assert thin.startswith("# Thin block\n")
    assert '<div class="gaslight-board" aria-label="Map of Thin block">\n<svg ' in thin
    assert "| Circles | 6 |" in thin and "| Blocks | 4 |" in thin
    warnings = [line for line in thin.splitlines() if line.startswith("- **warning** at ")]
    assert len(warnings) == 1
    assert warnings[0].endswith(
        r"thin\.yaml:9:13 crossings\[0\]: block b2 at \(50\.0, 60\.0\) has 0 circles on its edge \(none\), "
        r"so no alley crosses it — fix: put at least two circles on its edge, or, if it is meant \(a park, a yard\), "
        r"list it under 'thin\_blocks': \[k1, k2, k3\] (ringed **1** on the map)")
    assert 'class="problems"' in thin
    tutorial = (out.docs / "boards" / "tutorial.md").read_text(encoding="utf-8")
    assert "The board passes every check: no errors, no warnings." in tutorial
    assert "- [Poster, A4](../print/boards/tutorial-poster-a4.pdf) — 4 sheets and an assembly page" in tutorial


def test_play_link_only_when_the_play_page_exists(tmp_path: Path, tutorial_text: str) -> None:
    out = build(tmp_path, "site", {"tutorial.yaml": tutorial_text, "thin.yaml": THIN}, play=("tutorial",))
    tutorial = (out.docs / "boards" / "tutorial.md").read_text(encoding="utf-8")
    thin = (out.docs / "boards" / "thin.md").read_text(encoding="utf-8")
    assert "[Play this board](../play/tutorial.md)" in tutorial
    assert "Play this board" not in thin


def test_every_relative_link_resolves(tmp_path: Path, tutorial_text: str) -> None:
    out = build(tmp_path, "site", {"tutorial.yaml": tutorial_text, "thin.yaml": THIN}, play=("tutorial",))
    (out.docs / "export" / "boards").mkdir(parents=True)
    for page in sorted((out.docs / "boards").glob("*.md")):
        links = re.findall(r"\]\(([^)#\s]+)\)", page.read_text(encoding="utf-8"))
        assert links, page
        for link in links:
            assert (page.parent / link).resolve().is_file(), f"{page.name}: {link}"


def test_scenario_text_is_escaped(tmp_path: Path) -> None:
    text = board_yaml(title="<script>alert(1)</script>", place="<img src=x onerror=alert(2)>")
    out = build(tmp_path, "site", {"tri.yaml": text})
    page = (out.docs / "boards" / "tri.md").read_text(encoding="utf-8")
    index = (out.docs / "boards" / "index.md").read_text(encoding="utf-8")
    assert "<script>" not in page and "<script>" not in index and "<img" not in page
    assert page.startswith("# &lt;script&gt;alert\\(1\\)&lt;/script&gt;\n")
    assert "| &lt;img src=x onerror=alert\\(2\\)&gt; | k1 |" in page


def test_same_project_same_bytes(tmp_path: Path, tutorial_text: str) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "tutorial.yaml").write_text(tutorial_text, encoding="utf-8")
    (scenarios / "thin.yaml").write_text(THIN, encoding="utf-8")
    roots = []
    for name in ("one", "two"):
        project, _ = load_project([scenarios])
        out = BuildOutput(tmp_path / name)
        contribute(project, out)
        roots.append(out)
    first, second = roots
    files = sorted(p.relative_to(first.root) for p in first.root.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second.root) for p in second.root.rglob("*") if p.is_file())
    for rel in files:
        assert (first.root / rel).read_bytes() == (second.root / rel).read_bytes(), rel


def test_no_boards_no_pages(tmp_path: Path) -> None:
    out = BuildOutput(tmp_path / "empty")
    project, _ = load_project([tmp_path / "nothing-here"], deep=False)
    contribute(project, out)
    assert out.nav == [] and not out.root.exists()


def test_check_report_without_problems() -> None:
    assert check_report(()) == "The board passes every check: no errors, no warnings."


def test_bundled_boards_have_pages(tmp_path: Path) -> None:
    scenarios = tmp_path / "bundled"
    shutil.copytree(BOARD_DIR, scenarios)
    project, report = load_project([scenarios])
    assert report.ok, report.format_text()
    out = BuildOutput(tmp_path / "bundled-site")
    contribute(project, out)
    page = (out.docs / "boards" / "whitechapel.md").read_text(encoding="utf-8")
    assert "| Circles | 195 |" in page and "| Blocks | 164 |" in page
    assert page.count("<circle ") == 195


def test_board_page_says_where_each_letter_reaches(tmp_path: Path, tutorial_text: str) -> None:
    out = build(tmp_path, "site", {"tutorial.yaml": tutorial_text})
    page = (out.docs / "boards" / "tutorial.md").read_text(encoding="utf-8")
    section = page.split("## Letters from Jack\n\n")[1].split("\n\n")[0]
    assert section.splitlines() == [
        "| Letter | Where |", "|---|---|",
        "| The first | patrol tokens in North lanes (N) |",
        "| The second | patrol tokens in North lanes (N) or South lanes (S) |",
        "| The third | patrol tokens in South lanes (S) |",
        "| The pawn letter | sends a pawn to Ropewalk Market |",
    ]
    undeclared = tutorial_text.split("\n# Letters from Jack")[0] + "\n"
    plain = build(tmp_path, "plain", {"tutorial.yaml": undeclared})
    text = (plain.docs / "boards" / "tutorial.md").read_text(encoding="utf-8")
    assert "This board assigns no districts to the letters" in text
