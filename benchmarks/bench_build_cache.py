"""The showcase build, clean and warm: what the result cache (``.gaslight-cache/``, issue 39) saves.

Run: ``.venv/bin/python -m benchmarks bench_build_cache``. Works on a copy of ``scenarios/`` in a temporary
folder (the repository's own cache and build are left alone) and runs ``gaslight build -q`` as a user does.

Processor time of the build process and its children (Node.js self-play workers, PDF workers) from
``resource.getrusage(RUSAGE_CHILDREN)``, and wall time; medians of :data:`RUNS` builds each:

- clean: the cache folder removed first (``--no-cache`` does the same work);
- warm, nothing edited;
- warm after one edit of a Walton case's title (its table playtest is replayed);
- warm after one edit of the tutorial board's title (its self-play under every variant is replayed).

The issue's aim: a warm build after one edit costs at most 20 % of a clean one. On a shared machine the wall
times swing with the load; the processor times are the figures to compare.
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RUNS = 3
CACHE = ".gaslight-cache"


def build(config: Path) -> tuple[float, float]:
    """(processor seconds of the build and its children, wall seconds) of one ``gaslight build``."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run([sys.executable, "-m", "gaslight", "build", "-q", "-f", str(config)], check=True,
                   capture_output=True)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall)


def retitle(path: Path, old: str, run: int) -> Callable[[], None]:
    """An edit of one file that changes what it feeds (a new title each run, so no run finds it kept)."""
    def edit() -> None:
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{path.name} no longer holds {old!r}"
        path.write_text(text.replace(old, f"{old[:-1]} {run}{old[-1]}", 1), encoding="utf-8")
    return edit


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-cache-") as folder:
        project = Path(folder) / "scenarios"
        shutil.copytree(REPO / "scenarios", project, ignore=shutil.ignore_patterns(CACHE))
        config = project / "gaslight.yaml"
        case, board = project / "walton" / "cases" / "the-second-key.yaml", project / "boards" / "tutorial.yaml"
        figures: dict[str, list[tuple[float, float]]] = {"clean": [], "warm, nothing edited": [],
                                                          "warm, one case edited": [], "warm, one board edited": []}
        for run in range(RUNS):
            shutil.rmtree(project / CACHE, ignore_errors=True)
            figures["clean"].append(build(config))
            figures["warm, nothing edited"].append(build(config))
            retitle(case, 'title: "The Second Key"', run)()
            figures["warm, one case edited"].append(build(config))
            retitle(board, "title: Tutorial (Ropewalk quarter)", run)()
            figures["warm, one board edited"].append(build(config))
            case.write_bytes((REPO / "scenarios" / "walton" / "cases" / case.name).read_bytes())
            board.write_bytes((REPO / "scenarios" / "boards" / board.name).read_bytes())
        clean = statistics.median(cpu for cpu, _ in figures["clean"])
        print(f"  showcase build, median of {RUNS} (processor s of the build and its children | wall s):")
        for name, runs in figures.items():
            cpu, wall = statistics.median(c for c, _ in runs), statistics.median(w for _, w in runs)
            print(f"    {name:<24} {cpu:7.2f} cpu s ({100 * cpu / clean:5.1f} % of clean) | {wall:7.2f} wall s")


if __name__ == "__main__":
    main()
