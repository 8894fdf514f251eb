"""Live preview: a save regenerates only what the changed file feeds, and errors show in the page."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from gaslight.config import load_config
from gaslight.diagnostics import Location, Report
from gaslight.serve import SOURCES, Preview, merge_search_index, problems_html

from tests.foundation.helpers import new_project


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path, "Fog & <Smoke>")


def preview(root: Path, work: Path) -> Preview:
    config, report = load_config(root / "gaslight.yaml")
    assert config is not None, report.format_text()
    return Preview(config, work)


def mtimes(folder: Path) -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def test_first_rebuild_writes_every_page_and_a_second_writes_nothing(project, tmp_path):
    live = preview(project, tmp_path / "work")
    first = live.rebuild()
    docs = tmp_path / "work" / "docs"
    assert first.report.ok and first.menu_changed
    assert SOURCES in first.contributors and (docs / "index.md").is_file()
    assert (docs / "boards" / "first-quarter.md").is_file()
    before = mtimes(docs)
    second = live.rebuild()
    assert second.contributors == ("gaslight.outputs.home:link_sections",)
    assert not second.menu_changed
    assert mtimes(docs) == before, "an unchanged page must not be rewritten"


def test_a_board_edit_reruns_only_what_reads_boards(project, tmp_path):
    live = preview(project, tmp_path / "work")
    live.rebuild()
    docs = tmp_path / "work" / "docs"
    rules_page = next(docs.glob("games/foggy-nights/rules.md"), None) or next(docs.rglob("rules.md"))
    rules_time = rules_page.stat().st_mtime_ns
    board = project / "boards" / "first-quarter.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("title: My board", "title: Riverside"),
                     encoding="utf-8")
    result = live.rebuild()
    assert set(result.contributors) == {"gaslight.outputs.engine:hunt", "gaslight.outputs.boards:contribute",
                                        "gaslight.outputs.balance:contribute", "gaslight.outputs.tts_board:contribute",
                                        "gaslight.outputs.home:link_sections"}
    assert "# Riverside" in (docs / "boards" / "first-quarter.md").read_text(encoding="utf-8")
    assert result.menu_changed, "the board's title is in the menu"
    assert rules_page.stat().st_mtime_ns == rules_time


def test_a_broken_file_reports_located_errors_and_its_pages_come_back_when_fixed(project, tmp_path):
    live = preview(project, tmp_path / "work")
    live.rebuild()
    docs = tmp_path / "work" / "docs"
    board = project / "boards" / "first-quarter.yaml"
    good = board.read_text(encoding="utf-8")
    board.write_text(good.replace("kind: board", "kind: board\nbogus: 1"), encoding="utf-8")
    broken = live.rebuild()
    assert [(Path(d.location.file).name, d.location.line, d.location.path, d.message)
            for d in broken.report.errors] == [("first-quarter.yaml", 5, "bogus", "unknown key 'bogus'")]
    assert not (docs / "boards" / "first-quarter.md").exists(), "a broken board's page is not served stale"
    board.write_text(good, encoding="utf-8")
    fixed = live.rebuild()
    assert fixed.report.ok and (docs / "boards" / "first-quarter.md").is_file()


def test_problem_banner_escapes_scenario_text():
    report = Report()
    report.error(Location("b.yaml", 2, 3, "title"), "bad <script>alert(1)</script>", fix="x")
    banner = problems_html(report)
    assert "<script>" not in banner and "&lt;script&gt;" in banner
    assert "1 error</strong>" in banner
    assert problems_html(Report()) == ""


def test_dirty_build_search_index_keeps_every_other_page(tmp_path):
    index = tmp_path / "search_index.json"
    full = json.dumps({"config": {}, "docs": [{"location": "a.html", "title": "A", "text": "old"},
                                              {"location": "a.html#x", "title": "X", "text": "old"},
                                              {"location": "b.html", "title": "B", "text": "b"}]}).encode()
    index.write_text(json.dumps({"config": {}, "docs": [{"location": "a.html", "title": "A", "text": "new"}]}))
    merge_search_index(index, full)
    docs = json.loads(index.read_text())["docs"]
    assert [(d["location"], d["text"]) for d in docs] == [("b.html", "b"), ("a.html", "new")]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_prints_its_address_and_serves_the_project(project):
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "gaslight", "serve", "--dev-addr", f"127.0.0.1:{port}"],
                               cwd=project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(2)]
        assert any(f"Serving on http://127.0.0.1:{port}/" in line for line in lines), lines
        deadline, page = time.monotonic() + 120, ""
        while time.monotonic() < deadline and "Fog &amp; &lt;Smoke&gt;" not in page:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=60).read().decode()
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.2)
        assert "Fog &amp; &lt;Smoke&gt;" in page, "the project's title, escaped, on its home page"
        assert "<Smoke>" not in page
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_card_table_edit_reruns_the_deck_pages(project, tmp_path):
    deck = project / "decks" / "alibi-cards.yaml"
    text = deck.read_text(encoding="utf-8")
    line = next(row for row in text.splitlines() if "id: nosy-neighbour" in row)
    deck.write_text(text.replace(line + "\n", "").replace("composition:", "cards_file: witnesses.csv\ncomposition:"),
                    encoding="utf-8")
    table = project / "decks" / "witnesses.csv"
    table.write_text("id,type,name,copies,playtest,text\n"
                     "nosy-neighbour,witness,Nosy neighbour,2,yes,Discard one alibi another player has laid.\n",
                     encoding="utf-8")
    live = preview(project, tmp_path / "work")
    assert live.rebuild().report.ok
    page = next((tmp_path / "work" / "docs").rglob("deck.md"))
    assert "Nosy neighbour" in page.read_text(encoding="utf-8")
    table.write_text(table.read_text(encoding="utf-8").replace("Nosy neighbour", "Curious lodger"), encoding="utf-8")
    result = live.rebuild()
    assert "gaslight.outputs.decks:contribute" in result.contributors
    assert "Curious lodger" in page.read_text(encoding="utf-8")
