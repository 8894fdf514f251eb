"""``gaslight serve`` on a project that takes long to build (issue 39): the home page answers while the rest is
built, and a save redoes only the work of what it changed."""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gaslight.config import load_config
from gaslight.editor_api import ServerAddress
from gaslight.outputs import pdf
from gaslight.outputs.sink import BuildOutput
from gaslight.serve import Preview, preview_server
from gaslight.serving.hooks import COMPILED

from tests.foundation.helpers import free_port, new_project

GATE = threading.Event()  # the slow contributor waits for it
SLOW = f"{__name__}:slow_contributor"
CONTRIBUTORS = ("gaslight.outputs.home:contribute", SLOW, "gaslight.outputs.home:link_sections")
BUILDING = "building the rest of the site… this page reloads by itself when it is ready."


def slow_contributor(project: Any, out: BuildOutput) -> None:
    """A stage that takes as long as the test says (self-play or proofs on a big project)."""
    assert GATE.wait(120), "the test never let the slow stage finish"
    out.page("slow.md", "# Slow page\n\nWritten by the slow stage.\n", nav=("Reference", "Slow page"))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path, "Fog & <Smoke>")



def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    except (urllib.error.URLError, ConnectionError):
        return 0, ""


def _until(url: str, text: str, timeout: float = 120) -> tuple[int, str]:
    deadline = time.monotonic() + timeout
    status, page = _get(url)
    while text not in page and time.monotonic() < deadline:
        time.sleep(0.1)
        status, page = _get(url)
    return status, page


@pytest.fixture
def served(project: Path, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """A live preview of ``project`` whose contributors include :func:`slow_contributor`; its address."""
    config, report = load_config(project / "gaslight.yaml")
    assert config is not None, report.format_text()
    port = free_port()
    work = tmp_path / "work"
    work.mkdir()
    GATE.clear()
    options = dict(request.param)
    contributors = options.pop("contributors", CONTRIBUTORS)
    server = preview_server(config, ServerAddress("127.0.0.1", port), work, contributors, **options)
    loop = threading.Thread(target=server.serve, daemon=True)
    loop.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        GATE.set()
        server.shutdown()
        loop.join(60)


@pytest.mark.parametrize("served", [{}], indirect=True)
def test_the_home_page_answers_before_a_slow_stage_has_finished(served: str) -> None:
    status, home = _until(f"{served}/", "Fog &amp; &lt;Smoke&gt;")
    assert status == 200 and "Fog &amp; &lt;Smoke&gt;" in home, home[-500:]
    assert not GATE.is_set()
    assert BUILDING in home, "a page of the quick first pass says the rest is being built"
    status, waiting = _get(f"{served}/slow.html")
    assert status == 404 and BUILDING in waiting and "livereload(" in waiting, "it reloads itself when built"
    GATE.set()
    status, slow = _until(f"{served}/slow.html", "Written by the slow stage.")
    assert status == 200 and "Written by the slow stage." in slow
    status, home = _get(f"{served}/")
    assert BUILDING not in home and "Slow page" in home, "the whole site: the home page's menu names every page"


@pytest.mark.parametrize("served", [{"first": None}], indirect=True)
def test_without_the_quick_pass_the_home_page_waits_for_every_stage(served: str) -> None:
    time.sleep(3)
    status, page = _get(f"{served}/")
    assert "Building the site…" in page and "Fog &amp; &lt;Smoke&gt;" not in page
    GATE.set()
    status, home = _until(f"{served}/", "Fog &amp; &lt;Smoke&gt;")
    assert status == 200 and "Slow page" in home and BUILDING not in home


BOARD_PAGES = ("gaslight.outputs.home:contribute", "gaslight.outputs.boards:contribute",
               "gaslight.outputs.home:link_sections")


@pytest.mark.parametrize("served", [{"contributors": BOARD_PAGES}], indirect=True)
def test_a_new_board_title_shows_on_its_page_then_in_every_page_s_menu(served: str, project: Path) -> None:
    _until(f"{served}/boards/first-quarter.html", "My board")
    board = project / "boards" / "first-quarter.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("title: My board", "title: Riverside"),
                     encoding="utf-8")
    status, page = _until(f"{served}/boards/first-quarter.html", '<h1 id="riverside">Riverside')
    assert status == 200 and '<h1 id="riverside">Riverside' in page
    status, home = _until(f"{served}/", "Riverside")
    assert "Riverside" in home and "My board" not in home, "the home page's menu, once saves pause"


def test_a_board_edit_redraws_that_board_only(project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The preview keeps drawings in the project's result cache, as a build does: another board's posters and
    pictures are not drawn again."""
    board = project / "boards" / "first-quarter.yaml"
    other = project / "boards" / "second-quarter.yaml"
    other.write_text(board.read_text(encoding="utf-8").replace("id: first-quarter", "id: second-quarter"),
                     encoding="utf-8")
    drawn: list[tuple[Any, ...]] = []
    begin_each = pdf._begin_each
    monkeypatch.setattr(pdf, "_begin_each",
                        lambda draw, jobs, together=1: drawn.extend(jobs) or begin_each(draw, jobs, together))
    config, report = load_config(project / "gaslight.yaml")
    assert config is not None, report.format_text()
    live = Preview(config, tmp_path / "work")
    assert live.rebuild().report.ok
    assert {"first-quarter", "second-quarter"} <= {getattr(part, "id", None) for job in drawn for part in job}
    drawn.clear()
    board.write_text(board.read_text(encoding="utf-8").replace("title: My board", "title: Riverside"),
                     encoding="utf-8")
    assert "gaslight.outputs.boards:contribute" in live.rebuild().contributors
    boards = {getattr(part, "id", None) for job in drawn for part in job} - {None}
    assert boards == {"first-quarter"}


def test_the_preview_keeps_compiled_templates_in_its_scratch_folder(project: Path, tmp_path: Path) -> None:
    """Each save builds with a new MkDocs environment: its templates are not compiled again."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config as load_mkdocs_config

    config, report = load_config(project / "gaslight.yaml")
    assert config is not None, report.format_text()
    work = tmp_path / "work"
    Preview(config, work).rebuild()
    build(load_mkdocs_config(config_file=str(work / "mkdocs.generated.yml"), site_dir=str(work / "site")))
    compiled = {path.name: path.stat().st_mtime_ns for path in (work / COMPILED).iterdir()}
    assert len(compiled) > 10, "Material's page templates, compiled"
    build(load_mkdocs_config(config_file=str(work / "mkdocs.generated.yml"), site_dir=str(work / "site")), dirty=True)
    assert {path.name: path.stat().st_mtime_ns for path in (work / COMPILED).iterdir()} == compiled
    assert "Fog &amp; &lt;Smoke&gt;" in (work / "site" / "index.html").read_text(encoding="utf-8")
