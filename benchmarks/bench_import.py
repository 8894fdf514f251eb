"""``gaslight import svg`` speed: the bundled 195-circle board and generated boards of 1,000 and 3,000 circles,
each drawn by Gaslight's own board SVG and read back (median of five runs), then the same drawings as a designer
brings them (a 1.1 MB traced background with a linked scan in a skipped layer, and every circle a four-Bézier
path placed by a ``<use>`` of a symbol); a card table of 10,000 rows beside a deck (read until its located
refusal: tables hold up to 1,000 rows) and one of 1,000; then hostile drawings, each until
its located refusal (the 2 KB <use> fan-out that ran past 120 s, 5,000 nested groups, a style rule left open in
3 MB) and the largest a 4 s budget reads (12,000 elements; paths and circles with numbers). The 3,000-circle
drawings are also read by the toolkit of a baseline commit in the same run (``GASLIGHT_BASELINE``, default
``a3d5cc3``: before the viewBox was applied once a point rather than parsed once a shape). The editor's check
after a move is ``bench_editor``'s::

    .venv/bin/python -m benchmarks bench_import
"""

from __future__ import annotations

import csv
import os
import random
import re
import statistics
import tempfile
import time
from pathlib import Path

from gaslight.diagnostics import Report
from gaslight.domain.board.from_drawing import board_data
from gaslight.domain.board.generate import board_yaml, generate_board
from gaslight.domain.board.import_svg import read_drawing
from gaslight.domain.board.model import load_board
from gaslight.limits import Deadline
from gaslight.outputs.board_svg import board_svg
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR
from gaslight.yamlio import parse_text

from benchmarks.baseline import REPO, run_with, worktree

RUNS = 5
BACKGROUND_PATHS = 2_500  # about 1.1 MB of traced outlines


def _background() -> str:
    """A traced background in a skipped layer: a linked scan and 2,500 outlines of 20 corners (about 1.1 MB)."""
    rng = random.Random(7)
    paths = "".join('<path d="M ' + " L ".join(f"{rng.uniform(0, 800):.2f} {rng.uniform(0, 600):.2f}"
                                              for _ in range(20)) + '" stroke="#999" fill="none"/>\n'
                    for _ in range(BACKGROUND_PATHS))
    return ('<g inkscape:groupmode="layer" inkscape:label="Background"><image width="800" height="600" '
            f'href="scan.png"/>\n{paths}</g>\n')


CIRCLE = re.compile(r'<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)" ([^>]*)/>')


def _as_designer(text: str) -> str:
    """Gaslight's own drawing with a skipped background behind it and every circle a <use> of a four-Bézier
    symbol (each with its own place and fill), as Illustrator and Affinity save a symbol placed many times."""
    radius = float(CIRCLE.search(text)[3])  # type: ignore[index]
    k = round(0.5523 * radius, 3)
    r = radius
    symbol = (f'<defs><symbol id="node" viewBox="{-r} {-r} {2 * r} {2 * r}"><path d="M{r},0C{r},{k} {k},{r} 0,{r}'
              f'C{-k},{r} {-r},{k} {-r},0C{-r},{-k} {-k},{-r} 0,{-r}C{k},{-r} {r},{-k} {r},0Z"/></symbol></defs>')
    text = CIRCLE.sub(lambda m: f'<use href="#node" x="{float(m[1]) - r:g}" y="{float(m[2]) - r:g}" '
                                f'width="{2 * r:g}" height="{2 * r:g}" {m[4]}/>', text)
    opening = text.index(">", text.index("<svg")) + 1
    return text[:opening] + symbol + _background() + text[opening:]


def _timed(drawing: Path, board_id: str) -> tuple[list[float], list[float], dict | None, Report]:
    """Wall and processor seconds of each run (the processor's own share: the machine may be shared)."""
    times: list[float] = []
    cpu: list[float] = []
    data, report = None, Report()
    for _ in range(RUNS):
        start, start_cpu = time.perf_counter(), time.process_time()
        report = Report()
        found = read_drawing(drawing, drawing.name, report)
        data = board_data(found, board_id, drawing.name, report) if found else None
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return times, cpu, data, report


def _generated(circles: int):  # type: ignore[no-untyped-def]
    doc, _ = parse_text(board_yaml(generate_board(circles, 1)), "generated.yaml")
    return load_board(doc, Report())


def main() -> None:
    project, _ = load_project([BUNDLED_DIR / "boards"], deep=False)
    boards = [max(project.of_kind("board"), key=lambda b: len(b.circles)), _generated(1000), _generated(3000)]
    with tempfile.TemporaryDirectory() as tmp:
        for board in boards:
            for kind, text in (("as Gaslight draws it", board_svg(board)),
                               ("symbols + 1.1 MB skipped background", _as_designer(board_svg(board)))):
                drawing = Path(tmp) / f"{board.id}.svg"
                drawing.write_text(text, encoding="utf-8")
                times, cpu, data, report = _timed(drawing, board.id)
                assert data is not None and len(data["circles"]) == len(board.circles), report.format_text()
                size = drawing.stat().st_size / 1e6
                runs = ", ".join(f"{t:.2f}" for t in times)
                print(f"import svg, {len(board.circles)} circles, {len(board.segments)} lines, {kind} ({size:.1f} MB "
                      f"drawing): median {statistics.median(times):.2f} s, processor {statistics.median(cpu):.2f} s "
                      f"(runs {runs})")
        baseline(Path(tmp), boards[-1])
        tables(Path(tmp))
        hostile(Path(tmp))


BASELINE_CODE = """
import statistics, sys
from pathlib import Path
from bench_import import _timed
times = _timed(Path(sys.argv[1]), "b")[1]
print(statistics.median(times))
"""


def baseline(folder: Path, board) -> None:  # type: ignore[no-untyped-def]
    """The largest board's two drawings read by today's toolkit and by the baseline's, processor seconds (median
    of five each, in turn in one run)."""
    rev = os.environ.get("GASLIGHT_BASELINE", "a3d5cc3")
    with worktree(rev) as tree:
        if tree is None:
            return
        for kind, text in (("as Gaslight draws it", board_svg(board)),
                           ("symbols + 1.1 MB skipped background", _as_designer(board_svg(board)))):
            drawing = folder / "baseline.svg"
            drawing.write_text(text, encoding="utf-8")
            figures = {name: float(run_with(toolkit, BASELINE_CODE.replace("sys.argv[1]", repr(str(drawing)))))
                       for name, toolkit in (("now", REPO / "toolkit"), (rev, tree / "toolkit"))}
            print(f"import svg, {len(board.circles)} circles, {kind}: processor {figures['now']:.2f} s now, "
                  f"{figures[rev]:.2f} s at {rev} ({figures['now'] / figures[rev]:.2f}×)")


def tables(folder: Path) -> None:
    """A deck whose cards come from a CSV table of 10,000 rows (refused, located, at the 1,000-row bound) and of
    1,000 rows, its columns named as designers name them and each text cell holding a line break: load and check
    (every card's text measured on its face), median of five."""
    for rows in (10_000, 1_000):
        here = folder / f"table{rows}"
        here.mkdir()
        text = (BUNDLED_DIR / "decks" / "ripper-rummy.yaml").read_text(encoding="utf-8")
        head, rest = text.split("\ncards:\n", 1)
        (here / "deck.yaml").write_text(head + "\ncards_file: cards.csv" + rest[rest.index("\ncomposition:"):],
                                        encoding="utf-8")
        with open(here / "cards.csv", "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            # as a Squib or nanDECK table names its columns, with one the deck does not use (warned once)
            writer.writerow(["ID", "Type", "Title", "suit", "points", "qty", "Description", "Artist"])
            for k in range(rows):
                writer.writerow([f"c{k}", "evidence", f"Card {k}", "crimson", 5, 1, f"Card number {k},\na plain one.",
                                 "Ann"])
        times, cpu = [], []
        for _ in range(RUNS):
            start, start_cpu = time.perf_counter(), time.process_time()
            _, report = load_project([here])  # with the project checks: each face's text measured
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        said = next((d.message for d in report.errors if "rows" in d.message), f"{report.error_count} errors")
        print(f"card table, {rows:,} rows ({(here / 'cards.csv').stat().st_size / 1e6:.2f} MB): median "
              f"{statistics.median(times) * 1000:.0f} ms, processor {statistics.median(cpu) * 1000:.0f} ms to load "
              f"and check ({said})")


HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1000mm" '
        'height="1000mm" viewBox="0 0 1000 1000">')
HOSTILE = {
    "2 KB <use> fan-out (14,765,657 elements)": HEAD + '<defs><g id="g0"><rect width="1" height="1"/></g>' + "".join(
        f'<g id="g{level}">' + f'<use xlink:href="#g{level - 1}" x="1"/>' * 8 + "</g>" for level in range(1, 8))
        + '</defs><use xlink:href="#g7"/></svg>',
    "5,000 nested groups": HEAD + "<g>" * 5000 + "</g>" * 5000 + "</svg>",
    "a style rule left open in 3 MB": (HEAD + "<style>circle { fill: red" + "; stroke: blue" * 200_000
                                       + "</style></svg>"),
    "11,990 paths (under 4 s budget)": HEAD + '<circle cx="5" cy="5" r="2"/><text x="5" y="5">1</text>' + "".join(
        f'<path d="M {i % 900} {i // 900} C 1 1 2 2 {i % 900 + 3} {i // 900}" stroke="black"/>' for i in range(11_990))
        + "</svg>",
    "5,995 circles with numbers (under 4 s budget)": HEAD + "".join(
        f'<circle cx="{(i % 150) * 6 + 5}" cy="{(i // 150) * 6 + 5}" r="1"/><text x="{(i % 150) * 6 + 5}" '
        f'y="{(i // 150) * 6 + 5}">{i + 1}</text>' for i in range(5995)) + "</svg>",
}


def hostile(folder: Path) -> None:
    """Each hostile drawing read and made a board with a 4 s budget: the time to its answer (median of three)."""
    for name, text in HOSTILE.items():
        drawing = folder / "hostile.svg"
        drawing.write_text(text, encoding="utf-8")
        times, errors = [], 0
        for _ in range(3):
            start = time.perf_counter()
            report = Report()
            deadline = Deadline(4)
            found = read_drawing(drawing, drawing.name, report, deadline)
            if found is not None:
                board_data(found, "hostile", drawing.name, report, deadline=deadline)
            times.append(time.perf_counter() - start)
            errors = report.error_count
        print(f"import svg, {name} ({len(text) / 1e3:,.0f} KB): median {statistics.median(times):.2f} s, "
              f"{errors:,} located errors")


if __name__ == "__main__":
    main()
