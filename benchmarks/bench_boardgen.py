"""Board generation and rendering figures: how time grows with the number of circles.

Run with ``.venv/bin/python -m benchmarks bench_boardgen``. For each size it
prints the time to generate the map (``gaslight new board --circles N``), to
load and fully check the generated file, to draw the SVG and the A4 poster,
plus the map's figures, and the growth exponent between sizes
(time ∝ n^k; k ≈ 1.1 is n log n territory over this range).
"""

from __future__ import annotations

import itertools
import math
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from gaslight.commands.stats import board_stats
from gaslight.domain.board.generate import generate_board_yaml
from gaslight.outputs.board_svg import board_svg
from gaslight.outputs.poster import poster_pdf
from gaslight.project import load_project

SIZES = (195, 1000, 5000)


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The fastest of ``runs`` timings, in seconds."""
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        timings.append(time.perf_counter() - start)
    return min(timings)


def exponent(n1: int, t1: float, n2: int, t2: float) -> float:
    """k in t ∝ n^k between two measurements."""
    return math.log(t2 / t1) / math.log(n2 / n1)


def main() -> None:
    rows: list[tuple[int, float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        for circles in SIZES:
            runs = 3 if circles < 5000 else 1
            generate = best_of(runs, lambda c=circles: generate_board_yaml(c, 1, "bench"))
            path = Path(folder) / f"bench-{circles}.yaml"
            path.write_text(generate_board_yaml(circles, 1, "bench"), encoding="utf-8")
            check = best_of(runs, lambda p=path: load_project([p]))
            project, report = load_project([path])
            board = project.of_kind("board")[0]
            svg = best_of(runs, lambda b=board: board_svg(b))
            poster = best_of(1, lambda b=board: poster_pdf(b, "a4"))
            figures = board_stats(board)
            problems = f"{len(report.errors)} errors, {len(report.warnings)} warnings"
            print(f"{circles:>5} circles: generate {generate * 1000:8.1f} ms | load+check {check * 1000:8.1f} ms | "
                  f"SVG {svg * 1000:7.1f} ms | A4 poster {poster * 1000:8.1f} ms | {problems}")
            print(f"        crossings {figures['crossings']}, segments {figures['segments']}, blocks "
                  f"{figures['blocks']}, Jack links {figures['jack_links']}, diameters Jack "
                  f"{figures['jack_diameter']} / police {figures['police_diameter']}")
            rows.append((circles, generate, check))
    for (n1, g1, c1), (n2, g2, c2) in itertools.pairwise(rows):
        print(f"growth {n1} → {n2}: generate n^{exponent(n1, g1, n2, g2):.2f}, "
              f"load+check n^{exponent(n1, c1, n2, c2):.2f}")


if __name__ == "__main__":
    main()
