"""Board generation and rendering figures: how time grows with the number of circles.

Run with ``.venv/bin/python -m benchmarks bench_boardgen``. For each size it
prints the time to generate the map (``gaslight new board --circles N``), to
load and fully check the generated file, to draw the SVG and the A4 poster,
plus the map's figures, and the growth exponent between sizes
(time ∝ n^k; k ≈ 1.1 is n log n territory over this range). Medians of three runs (one from 5,000 circles).

At 5,000 and 10,000 circles it also generates with the generator as it was at :data:`BASELINE` (before large
maps were mended in place instead of drawn again), in a separate process from that commit's files, in the same run.
"""

from __future__ import annotations

import itertools
import math
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from gaslight.commands.stats import board_stats
from gaslight.domain.board.generate import generate_board_yaml
from gaslight.outputs.board_svg import board_svg
from gaslight.outputs.poster import poster_pdf
from gaslight.project import load_project

SIZES = (195, 1000, 5000, 10000)
BASELINE = "5a64e7f"  # the generator before repair_starved and clear_brushing_streets
REPO = Path(__file__).resolve().parent.parent


def median_of(runs: int, work: Callable[[], object]) -> float:
    """The median of ``runs`` timings, in seconds."""
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def baseline_seconds(circles: int, folder: Path) -> float | None:
    """Generation time with the generator at :data:`BASELINE` (None outside a git checkout)."""
    old = folder / "baseline"
    if not old.exists():
        if shutil.which("git") is None or not (REPO / ".git").exists():
            return None
        archive = subprocess.run(["git", "-C", str(REPO), "archive", BASELINE, "toolkit/gaslight"],
                                 capture_output=True, check=False)
        if archive.returncode:
            return None
        old.mkdir()
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
    code = ("import time, sys; sys.path.insert(0, sys.argv[1]); "
            "from gaslight.domain.board.generate import generate_board_yaml; "
            "t = time.perf_counter(); generate_board_yaml(int(sys.argv[2]), 1, 'bench'); "
            "print(time.perf_counter() - t)")
    done = subprocess.run([sys.executable, "-c", code, str(old / "toolkit"), str(circles)], capture_output=True,
                          text=True, check=False)
    return float(done.stdout) if done.returncode == 0 else None


def exponent(n1: int, t1: float, n2: int, t2: float) -> float:
    """k in t ∝ n^k between two measurements."""
    return math.log(t2 / t1) / math.log(n2 / n1)


def main() -> None:
    rows: list[tuple[int, float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        for circles in SIZES:
            runs = 3 if circles < 5000 else 1
            generate = median_of(runs, lambda c=circles: generate_board_yaml(c, 1, "bench"))
            path = Path(folder) / f"bench-{circles}.yaml"
            path.write_text(generate_board_yaml(circles, 1, "bench"), encoding="utf-8")
            check = median_of(runs, lambda p=path: load_project([p]))
            project, report = load_project([path])
            board = project.of_kind("board")[0]
            svg = median_of(runs, lambda b=board: board_svg(b))
            poster = median_of(1, lambda b=board: poster_pdf(b, "a4")) if circles <= 5000 else math.nan
            figures = board_stats(board)
            problems = f"{len(report.errors)} errors, {len(report.warnings)} warnings"
            print(f"{circles:>5} circles: generate {generate * 1000:8.1f} ms | load+check {check * 1000:8.1f} ms | "
                  f"SVG {svg * 1000:7.1f} ms | A4 poster {poster * 1000:8.1f} ms | {problems}")
            print(f"        crossings {figures['crossings']}, segments {figures['segments']}, blocks "
                  f"{figures['blocks']}, Jack links {figures['jack_links']}, diameters Jack "
                  f"{figures['jack_diameter']} / police {figures['police_diameter']}")
            rows.append((circles, generate, check))
            if circles >= 5000:
                before = baseline_seconds(circles, Path(folder))
                if before is not None:
                    print(f"        generator at {BASELINE} (maps drawn again until one passes): {before:.1f} s "
                          f"against {generate:.1f} s now ({before / generate:.1f}x)")
    for (n1, g1, c1), (n2, g2, c2) in itertools.pairwise(rows):
        print(f"growth {n1} → {n2}: generate n^{exponent(n1, g1, n2, g2):.2f}, "
              f"load+check n^{exponent(n1, c1, n2, c2):.2f}")


if __name__ == "__main__":
    main()
