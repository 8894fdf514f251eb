"""The board editor's check after a move, on the bundled 195-circle board (aim: 50 ms in the browser)::

    .venv/bin/python -m benchmarks bench_editor

In Debian's Chromium, on the published site's editor page (no server): a circle is dragged eleven times and
the page's own figures are read after each drop — the check (``boardcheck.js``) and the check with the problem
list and the map redrawn. Baselines in the same run: the same check in node, and the toolkit's check of the
same data in process (what ``gaslight serve`` answers the editor with, before the request's own cost). Medians.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from gaslight.boardedit import check_data, read_board
from gaslight.build import run_build
from gaslight.resources import BUNDLED_DIR

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, serve

MOVES = 11
BOARD = BUNDLED_DIR / "boards" / "whitechapel.yaml"
NODE_TIMES = """
import { readFileSync } from 'node:fs';
import { checkBoard } from '%s';
const data = JSON.parse(readFileSync(0, 'utf8'));
const times = [];
for (let i = 0; i < %d; i += 1) {
  data.circles[0].at[0] += i %% 2 ? 0.1 : -0.1;
  const start = performance.now();
  checkBoard(data);
  times.push(performance.now() - start);
}
process.stdout.write(JSON.stringify(times));
"""


def main() -> None:
    data = read_board(BOARD)
    print(f"board: {len(data['circles'])} circles, {len(data['crossings'])} crossings, {len(data['segments'])} lines")
    _in_chromium()
    _in_node(data)
    times = []
    for i in range(MOVES):
        moved = json.loads(json.dumps(data))
        moved["circles"][0]["at"][0] += 0.1 * (i % 2)
        start = time.perf_counter()
        check_data(moved)
        times.append(1000 * (time.perf_counter() - start))
    print(f"  toolkit (what gaslight serve runs), in process: median {statistics.median(times):.0f} ms")


def _in_node(data: dict) -> None:  # type: ignore[type-arg]
    node = shutil.which("node")
    if node is None:
        print("  node: not installed")
        return
    boardcheck = Path(__file__).resolve().parent.parent / "site" / "engine" / "editor" / "boardcheck.js"
    script = NODE_TIMES % (boardcheck, MOVES)
    done = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps(data), capture_output=True,
                          text=True, check=True)
    times = json.loads(done.stdout)
    print(f"  boardcheck.js in node: median {statistics.median(times):.1f} ms (first {times[0]:.1f} ms)")


def _in_chromium() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        result = run_build([BUNDLED_DIR], Path(tmp) / "build", progress=lambda _message: None)
        assert result.published, result.report.format_text()
        for base in serve(Path(tmp) / "build" / "site"):
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(f"{base}/reference/board-editor.html")
                page.get_by_test_id("editor-board").select_option(label="East End (full size)")
                page.get_by_test_id("editor-open").click()
                page.wait_for_function("() => document.getElementById('gaslight-editor').dataset.problems === '0'")
                checks, shown = [], []
                for i in range(MOVES):
                    box = page.locator("[data-testid=editor-map] g[data-node='1'] circle").bounding_box()
                    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                    page.mouse.move(x, y)
                    page.mouse.down()
                    page.mouse.move(x + (2 if i % 2 else -2), y)
                    page.mouse.up()
                    checks.append(float(page.get_attribute("#gaslight-editor", "data-check-ms") or "nan"))
                    shown.append(float(page.get_attribute("#gaslight-editor", "data-shown-ms") or "nan"))
                browser.close()
    print(f"  in Chromium, after each drop: check median {statistics.median(checks):.1f} ms, "
          f"checked + listed + drawn median {statistics.median(shown):.1f} ms (aim 50 ms; "
          f"runs {', '.join(f'{t:.0f}' for t in shown)})")


if __name__ == "__main__":
    main()
