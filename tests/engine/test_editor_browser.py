"""The board editor in Debian's Chromium, under ``gaslight serve``: a board drawn from scratch saves as a file
``gaslight check`` passes, and a node moved onto a street brings the error up on the map at once."""

from __future__ import annotations

import json
import math
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gaslight.commands.init import project_files

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A fresh project (as `gaslight init` writes it) under `gaslight serve`: (its address, its folder)."""
    root = tmp_path_factory.mktemp("editor") / "game"
    for path, text in project_files(root, "Editor test").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "gaslight", "serve", "--dev-addr", f"127.0.0.1:{port}"],
                               cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                page = urllib.request.urlopen(f"{base}/reference/board-editor.html", timeout=30).read()
                if b"gaslight-editor" in page:
                    break
            except (urllib.error.URLError, ConnectionError):
                pass
            time.sleep(0.3)
        yield base, root
    finally:
        process.terminate()
        process.wait(timeout=30)


def on_screen(page: Any, x: float, y: float) -> list[float]:
    """Where board point (x, y) of the editor's map is on the screen (the map scrolled into view)."""
    page.get_by_test_id("editor-map").scroll_into_view_if_needed()
    return page.evaluate("""([x, y]) => {
        const map = document.querySelector('[data-testid=editor-map]');
        const point = map.createSVGPoint(); point.x = x; point.y = y;
        const at = point.matrixTransform(map.getScreenCTM()); return [at.x, at.y]; }""", [x, y])


def click_at(page: Any, x: float, y: float) -> None:
    page.mouse.click(*on_screen(page, x, y))


def settle(page: Any) -> int:
    """Wait for the check of the last change; the number of errors it found."""
    page.wait_for_timeout(200)
    # a board just opened has no count until its first check has run (on a loaded machine, later than 200 ms)
    page.wait_for_function("""() => { const editor = document.getElementById('gaslight-editor');
        return !editor.dataset.checking && editor.dataset.problems !== undefined; }""", timeout=15000)
    return int(page.get_attribute("#gaslight-editor", "data-problems") or "-1")


def drag_a_circle_onto_a_street(page: Any) -> str:
    """Drag a circle that is not on the first street drawn to the middle of its first stretch; the circle."""
    line = page.evaluate("""() => document.querySelector('[data-testid=editor-map] polyline[data-segment]')
        .getAttribute('points').split(' ').map((p) => p.split(',').map(Number))""")
    (ax, ay), (bx, by) = line[0], line[1]
    circles = page.evaluate("""() => [...document.querySelectorAll('[data-testid=editor-map] g[data-node] circle')]
        .map((c) => [c.parentNode.dataset.node, +c.getAttribute('cx'), +c.getAttribute('cy')])""")
    node, x, y = next(c for c in circles if [c[1], c[2]] not in ([ax, ay], [bx, by]))
    start, end = on_screen(page, x, y), on_screen(page, (ax + bx) / 2, (ay + by) / 2)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=5)
    page.mouse.up()
    return str(node)


def test_a_board_drawn_from_scratch_saves_as_a_file_that_checks_clean(page: Any, served: tuple[str, Path]) -> None:
    base, root = served
    page.goto(f"{base}/reference/board-editor.html")
    page.get_by_test_id("editor-new-file").fill("boards/ring.yaml")
    page.get_by_test_id("editor-new").click()
    # a ring of seventeen nodes, nine circles between eight crossings; all but one of each flagged
    ring = [(100 + 60 * math.cos(2 * math.pi * i / 17), 75 + 55 * math.sin(2 * math.pi * i / 17)) for i in range(17)]
    for i, (x, y) in enumerate(ring):
        page.get_by_test_id("tool-circle" if i % 2 == 0 else "tool-crossing").click()
        click_at(page, x, y)
    page.get_by_test_id("tool-line").click()
    for i in range(17):
        for x, y in (ring[i], ring[(i + 1) % 17]):
            click_at(page, x, y)
    page.get_by_test_id("tool-flag").click()
    for x, y in ring[:-2]:
        click_at(page, x, y)
    assert page.get_by_test_id("editor-summary").inner_text().startswith("ring · 9 circles, 8 crossings, 17 lines")
    assert settle(page) == 0, page.get_by_test_id("editor-problems").inner_text()
    page.get_by_test_id("editor-save").click()
    page.wait_for_function("document.querySelector('[data-testid=editor-message]').textContent.startsWith('Saved')")
    saved = root / "boards" / "ring.yaml"
    assert saved.is_file()
    done = subprocess.run([sys.executable, "-m", "gaslight", "check", str(saved)], cwd=root, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 errors" in done.stdout


def test_moving_a_node_onto_a_street_shows_the_error_on_the_map(page: Any, served: tuple[str, Path]) -> None:
    base, root = served
    board = root / "boards" / "first-quarter.yaml"
    before = board.read_text(encoding="utf-8")
    page.goto(f"{base}/reference/board-editor.html")
    page.get_by_test_id("editor-board").select_option("boards/first-quarter.yaml")
    page.get_by_test_id("editor-open").click()
    assert settle(page) == 0
    data = page.evaluate("() => document.querySelector('[data-testid=editor-yaml]').value")
    assert "kind: board" in data
    node = drag_a_circle_onto_a_street(page)
    assert settle(page) > 0
    problems = page.get_by_test_id("editor-problems").inner_text()
    assert re.search(rf"circle {node} at \([\d., ]+\) (lies on|is [\d.]+ mm from) segment ", problems), problems
    assert page.locator("[data-testid=editor-map] circle.gl-edit-problem.error").count() >= 1
    assert board.read_text(encoding="utf-8") == before, "nothing is saved until Save is pressed"


def open_on_the_site(page: Any, site_url: str, title: str) -> None:
    page.goto(f"{site_url}/reference/board-editor.html")
    page.get_by_test_id("editor-board").select_option(label=title)
    page.get_by_test_id("editor-open").click()
    page.wait_for_function("() => document.getElementById('gaslight-editor').dataset.problems !== undefined")


def test_on_the_published_site_the_page_checks_every_change_itself(page: Any, site_url: str) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_on_the_site(page, site_url, "East End (full size)")
    assert [url for url in asked if "/_gaslight/" in url] == [], "no server to ask: the page has no token"
    assert "checked here as gaslight check would" in page.get_by_test_id("editor-message").inner_text()
    assert page.get_attribute("#gaslight-editor", "data-problems") == "0"
    assert "No problems" in page.get_by_test_id("editor-problems").inner_text()
    node = drag_a_circle_onto_a_street(page)
    assert int(page.get_attribute("#gaslight-editor", "data-problems") or "0") > 0  # no server asked: at once
    problems = page.get_by_test_id("editor-problems").inner_text()
    assert re.search(rf"circle {node} at \([\d., ]+\) (lies on|is [\d.]+ mm from) segment ", problems), problems
    assert page.locator("[data-testid=editor-map] circle.gl-edit-problem.error").count() >= 1


def test_a_district_corner_dragged_away_and_deleted(page: Any, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 2000})  # the whole map on the screen, corners and all
    open_on_the_site(page, site_url, "Tutorial (Ropewalk quarter)")
    page.get_by_test_id("editor-map").scroll_into_view_if_needed()
    corners = page.evaluate("""() => [...document.querySelectorAll('[data-testid=editor-map] rect.gl-corner')]
        .map((r) => r.dataset.corner)""")
    assert corners == ["0:0", "0:1", "0:2", "0:3", "1:0", "1:1", "1:2", "1:3"]
    yaml_before = page.get_by_test_id("editor-yaml").input_value()
    # the south district's corners (drawn on top where the two meet) dragged to a square where no crossing is
    for k, (x, y) in enumerate([(4, 4), (20, 4), (20, 20), (4, 20)]):
        box = page.locator(f"[data-testid=editor-map] rect[data-corner='1:{k}']").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(*on_screen(page, x, y), steps=3)
        page.mouse.up()
    problems = page.get_by_test_id("editor-problems").inner_text()
    assert "district S holds no crossing, so no patrol can ever be sent there" in problems, problems
    yaml = page.get_by_test_id("editor-yaml").input_value()
    # the district keeps both its names through the editor
    south = re.search(r'\{id: S, name: \{en: South lanes, ja: "南の小路"\}, area: (\[.*\])\}', yaml)
    assert south, yaml
    dropped = [[float(v) for v in corner] for corner in json.loads(south.group(1))]
    assert all(abs(a - b) < 1 for got, want in zip(dropped, [(4, 4), (20, 4), (20, 20), (4, 20)], strict=True)
               for a, b in zip(got, want, strict=True)), f"the corners land where they were dropped: {dropped}"
    assert page.get_by_test_id("editor-yaml").input_value() != yaml_before
    page.get_by_test_id("tool-delete").click()
    page.locator("[data-testid=editor-map] rect[data-corner='1:0']").click()  # four corners: one goes
    assert page.locator("[data-testid=editor-map] rect[data-corner^='1:']").count() == 3
    page.locator("[data-testid=editor-map] rect[data-corner='1:0']").click()  # three: the district goes
    assert page.locator("[data-testid=editor-map] polygon[data-district]").count() == 1
    assert "South lanes" not in page.get_by_test_id("editor-yaml").input_value()


def livereload_epoch(base: str) -> int:
    """The site's build number, as a page other than the editor's carries it for live reload."""
    page = urllib.request.urlopen(f"{base}/index.html", timeout=60).read().decode()
    found = re.search(r"livereload\((\d+), \d+\)", page)
    assert found, "the other pages reload when the site is rebuilt"
    return int(found[1])


def test_a_save_does_not_reload_the_editor_page(page: Any, served: tuple[str, Path]) -> None:
    """Saving rebuilds the site; the editor page stays as it is, with the edits made after the save."""
    base, _ = served
    page.goto(f"{base}/reference/board-editor.html")
    page.get_by_test_id("editor-board").select_option("boards/first-quarter.yaml")
    page.get_by_test_id("editor-open").click()
    settle(page)
    page.evaluate("() => { window.__still_here = true; }")
    epoch = livereload_epoch(base)
    page.get_by_test_id("tool-circle").click()
    click_at(page, 100, 70)
    page.get_by_test_id("editor-save").click()
    page.wait_for_function("document.querySelector('[data-testid=editor-message]').textContent.startsWith('Saved')")
    click_at(page, 110, 60)  # an edit after the save, not saved yet
    summary = page.get_by_test_id("editor-summary").inner_text()
    # the rebuild the save caused has finished: the live-reload poll answers with a newer build number
    newer = urllib.request.urlopen(f"{base}/livereload/{epoch}/1", timeout=90).read().decode()
    assert int(newer) > epoch
    page.wait_for_timeout(1500)  # a page still polling would be reloading by now
    assert page.evaluate("() => window.__still_here === true"), "the editor page was reloaded"
    assert page.get_by_test_id("editor-summary").inner_text() == summary


def test_a_save_against_a_file_changed_on_disk_offers_reload_or_overwrite(page: Any,
                                                                          served: tuple[str, Path]) -> None:
    base, root = served
    board = root / "boards" / "first-quarter.yaml"
    page.goto(f"{base}/reference/board-editor.html")
    page.get_by_test_id("editor-board").select_option("boards/first-quarter.yaml")
    page.get_by_test_id("editor-open").click()
    settle(page)
    circles = board.read_text(encoding="utf-8").count("{number: ")
    page.get_by_test_id("tool-circle").click()
    click_at(page, 20, 20)  # the middle of a block: empty ground
    mine = page.get_by_test_id("editor-summary").inner_text()
    board.write_text(board.read_text(encoding="utf-8").replace("title: ", "title: Changed by hand, ", 1),
                     encoding="utf-8")
    page.get_by_test_id("editor-save").click()
    message = page.get_by_test_id("editor-message")
    message.get_by_test_id("editor-reload").wait_for()
    assert message.inner_text().startswith("Not saved: boards/first-quarter.yaml changed on disk after the editor "
                                           "opened it, so your board was not saved (it is still in the page)")
    assert "Changed by hand, " in board.read_text(encoding="utf-8")
    assert page.get_by_test_id("editor-summary").inner_text() == mine, "the page keeps its edits"
    message.get_by_test_id("editor-overwrite").click()
    page.wait_for_function("document.querySelector('[data-testid=editor-message]').textContent.startsWith('Saved')")
    assert board.read_text(encoding="utf-8").count("{number: ") == circles + 1
    assert "title: My board" in board.read_text(encoding="utf-8"), "the page's board, title and all"
    board.write_text(board.read_text(encoding="utf-8").replace("title: ", "title: Again, ", 1), encoding="utf-8")
    click_at(page, 40, 20)
    page.get_by_test_id("editor-save").click()
    message.get_by_test_id("editor-reload").click()
    page.wait_for_function("document.querySelector('[data-testid=editor-summary]').textContent.startsWith('Again, ')")
    assert board.read_text(encoding="utf-8").count("{number: ") == circles + 1, "the reloaded board is the file's"
    assert page.get_by_test_id("editor-summary").inner_text().startswith(f"Again, My board · {circles + 1} circles")
