"""How long a full board check takes, and how that time grows with the board.

Boards are jittered city grids built here (every crossing joined to its
neighbours, most streets carrying a circle), so every size checks clean. Two
figures per size: the board checks alone (geometry, faces, graphs, counts —
what ``check_board`` does on a loaded board) and the whole ``gaslight check``
pipeline on the file (YAML parsing, schema, model, board checks). The bundled
full-size board is timed too when it exists.

Run: ``.venv/bin/python -m benchmarks bench_boards``.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml
from gaslight.diagnostics import Report
from gaslight.domain.board.checks import check_board, check_project
from gaslight.domain.board.model import Board, load_board
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR
from gaslight.yamlio import parse_text

SIZES = (195, 1000, 5000)
STEP = 10.0
REPEATS = 5


def grid_board_data(circles: int, seed: int = 1) -> dict[str, object]:
    """A clean city grid with about ``circles`` circles (70% of streets carry one)."""
    rng = random.Random(seed)
    side = max(2, round(math.sqrt(circles / 1.4)))
    crossings = {(r, c): (STEP * (c + 1) + rng.uniform(-2.4, 2.4), STEP * (r + 1) + rng.uniform(-2.4, 2.4))
                 for r in range(side) for c in range(side)}
    name = {rc: f"k{rc[0]}_{rc[1]}" for rc in crossings}
    placed: list[dict[str, object]] = []
    segments: list[list[object]] = []
    for (r, c), here in sorted(crossings.items()):
        for there in ((r, c + 1), (r + 1, c)):
            if there not in crossings:
                continue
            if rng.random() < 0.7:
                number = len(placed) + 1
                far = crossings[there]
                placed.append({"number": number, "at": [(here[0] + far[0]) / 2, (here[1] + far[1]) / 2]})
                segments += [[name[(r, c)], number], [number, name[there]]]
            else:
                segments.append([name[(r, c)], name[there]])
    for spot in rng.sample(range(len(placed)), 8):
        placed[spot]["flags"] = ["red"]
    ordered = sorted(crossings)
    return {
        "kind": "board", "id": f"grid-{circles}", "title": f"Grid {circles}", "unit": "mm", "min_distance": 0.5,
        "canvas": {"width": STEP * (side + 1), "height": STEP * (side + 1)},
        "circles": placed,
        "crossings": [{"id": name[rc], "at": list(crossings[rc]), **({"flags": ["yellow"]} if i < 7 else {})}
                      for i, rc in enumerate(rng.sample(ordered, len(ordered)))],
        "segments": segments,
    }


def board_text(data: dict[str, object]) -> str:
    return "# yaml-language-server: $schema=../schemas/board.schema.json\n" + yaml.safe_dump(data, sort_keys=False)


def best_of(run: Callable[[], object], repeats: int = REPEATS) -> float:
    """Fewest CPU seconds over ``repeats`` runs (CPU time: the machine may be shared)."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def time_checks(board: Board) -> tuple[float, bool]:
    """Board checks on a fresh copy each time (the analysis is cached per board object)."""
    report = Report()
    check_board(dataclasses.replace(board), report)
    return best_of(lambda: check_board(dataclasses.replace(board), Report())), report.ok


def time_pipeline(path: Path) -> float:
    def run() -> None:
        project, report = load_project([path], deep=False)
        check_project(project, report)

    return best_of(run, repeats=1)


def exponent(n1: float, t1: float, n2: float, t2: float) -> float:
    return math.log(t2 / t1) / math.log(n2 / n1)


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in SIZES:
            text = board_text(grid_board_data(size))
            doc, _ = parse_text(text, "grid.yaml")
            board = load_board(doc, Report()) if doc else None
            assert board is not None
            checks, clean = time_checks(board)
            path = Path(tmp) / f"grid-{size}.yaml"
            path.write_text(text, encoding="utf-8")
            rows.append((len(board.circles), len(board.crossings), len(board.segments), checks, time_pipeline(path),
                         clean))
    print("CPU seconds (best of several runs for the checks, one run for the pipeline)")
    print(f"{'circles':>8} {'crossings':>9} {'segments':>8} {'checks s':>9} {'pipeline s':>10}  clean")
    for circles, crossings, segments, checks, pipeline, clean in rows:
        print(f"{circles:>8} {crossings:>9} {segments:>8} {checks:>9.3f} {pipeline:>10.3f}  {clean}")
    for (n1, _, _, c1, p1, _), (n2, _, _, c2, p2, _) in itertools.pairwise(rows):
        nlogn = math.log(n2 * math.log(n2) / (n1 * math.log(n1))) / math.log(n2 / n1)
        print(f"growth {n1} → {n2}: checks n^{exponent(n1, c1, n2, c2):.2f}, pipeline n^{exponent(n1, p1, n2, p2):.2f}"
              f" (n log n would be n^{nlogn:.2f})")
    bundled = BUNDLED_DIR / "boards" / "whitechapel.yaml"
    if bundled.exists():
        project, _ = load_project([bundled], deep=False)
        for board in project.of_kind("board"):
            checks, clean = time_checks(board)
            print(f"bundled {board.id}: {len(board.circles)} circles, checks {checks:.3f} s, "
                  f"pipeline {time_pipeline(bundled):.3f} s, clean {clean} (aim: checks under 0.2 s)")


if __name__ == "__main__":
    main()
