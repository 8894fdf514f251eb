"""Designer projects: command start-up, and the live preview's latency after a save.

Run: ``.venv/bin/python -m benchmarks bench_project``. Works in a fresh project
written by ``gaslight init`` in a temporary folder.

- Whole-process times (start-up included), median of several runs, wall clock
  and processor time of the child: ``gaslight check`` of one board file (the
  starter board and the 195-circle bundled board, each outside any project),
  ``gaslight solve`` of the project's case, and bare ``python -c pass`` as the
  floor every command pays.
- ``gaslight serve``: time to the "Serving on" line, then the time from saving
  a file to the regenerated page served over HTTP: a board's description (the
  menu stays the same: only the changed pages are rebuilt) and a board's title
  (the menu changes: every page is rebuilt). Baseline in the same run: a full
  ``gaslight build`` of the same project, which is what a save cost before.
"""

from __future__ import annotations

import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RUNS = 7
GASLIGHT = [sys.executable, "-m", "gaslight"]


def timed(argv: list[str], cwd: Path) -> tuple[float, float]:
    """(wall seconds, child processor seconds) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, cwd=cwd, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_run(label: str, argv: list[str], cwd: Path) -> None:
    runs = [timed(argv, cwd) for _ in range(RUNS)]
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    print(f"  {label:<48} wall {wall * 1000:7.0f} ms   cpu {cpu * 1000:7.0f} ms   (median of {RUNS})")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(url: str) -> str:
    try:
        return urllib.request.urlopen(url, timeout=60).read().decode()
    except (urllib.error.URLError, ConnectionError):
        return ""


def _until(predicate: object, limit: float = 120.0) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        if predicate():  # type: ignore[operator]
            return time.perf_counter() - start
        time.sleep(0.02)
    raise TimeoutError("the preview did not show the change")


def serve_latency(project: Path) -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    start = time.perf_counter()
    process = subprocess.Popen([*GASLIGHT, "serve", "--dev-addr", f"127.0.0.1:{port}"], cwd=project,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert process.stdout is not None
        while "Serving on" not in process.stdout.readline():
            pass
        print(f"  serve: 'Serving on' printed after {time.perf_counter() - start:6.2f} s")
        _until(lambda: "first-quarter" in _get(f"{base}/boards/first-quarter.html"))
        print(f"  serve: first build served after      {time.perf_counter() - start:6.2f} s")
        board = project / "boards" / "first-quarter.yaml"
        original = board.read_text(encoding="utf-8")
        content, menu = [], []
        for n in range(RUNS):  # the title stays: only the board's pages change
            board.write_text(original.replace("title: My board", f"title: My board\ndescription: Fog {n}."),
                             encoding="utf-8")
            content.append(_until(lambda n=n: f"Fog {n}." in _get(f"{base}/boards/first-quarter.html")))
        for n in range(RUNS):  # a new title each time: the menu of every page changes
            board.write_text(original.replace("title: My board", f"title: Quarter {n}"), encoding="utf-8")
            menu.append(_until(lambda n=n: f">Quarter {n}<" in _get(f"{base}/boards/first-quarter.html")))
        print(f"  serve: save → page shows an edit (same menu)   median {statistics.median(content):5.2f} s "
              f"(of {RUNS}; includes the 0.2 s file polling)")
        print(f"  serve: save → page shows a new title (menu)    median {statistics.median(menu):5.2f} s")
    finally:
        process.terminate()
        process.wait(timeout=30)


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="bench-project-"))
    try:
        subprocess.run([*GASLIGHT, "init", "game"], cwd=work, check=True, capture_output=True)
        project = work / "game"
        solo = work / "solo"
        solo.mkdir()
        shutil.copy(project / "boards" / "first-quarter.yaml", solo / "starter.yaml")
        shutil.copy(REPO / "scenarios" / "boards" / "whitechapel.yaml", solo / "whitechapel.yaml")
        print("whole-process times (start-up included):")
        median_run("python -c pass (the floor)", [sys.executable, "-c", "pass"], work)
        median_run("gaslight --version", [*GASLIGHT, "--version"], work)
        median_run("gaslight check starter.yaml (6 circles)", [*GASLIGHT, "check", "starter.yaml"], solo)
        median_run("gaslight check whitechapel.yaml (195 circles)", [*GASLIGHT, "check", "whitechapel.yaml"], solo)
        median_run("gaslight solve first-case (in the project)", [*GASLIGHT, "solve", "first-case"], project)
        median_run("gaslight check (the whole init project)", [*GASLIGHT, "check"], project)
        env = {**os.environ}
        start = time.perf_counter()
        subprocess.run([*GASLIGHT, "build", "-q"], cwd=project, check=True, capture_output=True, env=env)
        print(f"  baseline: a full `gaslight build` of the project takes {time.perf_counter() - start:5.2f} s")
        serve_latency(project)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
