"""``gaslight import svg`` speed: the bundled 195-circle board and generated boards of 1,000 and 3,000 circles,
each drawn by Gaslight's own board SVG and read back (median of five runs); then hostile drawings, each until
its located refusal (the 2 KB <use> fan-out that ran past 120 s, 5,000 nested groups, a style rule left open in
3 MB) and the largest a 4 s budget reads (12,000 elements; paths and circles with numbers). The editor's check
after a move is ``bench_editor``'s::

    .venv/bin/python -m benchmarks bench_import
"""

from __future__ import annotations

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

RUNS = 5


def _generated(circles: int):  # type: ignore[no-untyped-def]
    doc, _ = parse_text(board_yaml(generate_board(circles, 1)), "generated.yaml")
    return load_board(doc, Report())


def main() -> None:
    project, _ = load_project([BUNDLED_DIR / "boards"], deep=False)
    boards = [max(project.of_kind("board"), key=lambda b: len(b.circles)), _generated(1000), _generated(3000)]
    with tempfile.TemporaryDirectory() as tmp:
        for board in boards:
            drawing = Path(tmp) / f"{board.id}.svg"
            drawing.write_text(board_svg(board), encoding="utf-8")
            times = []
            for _ in range(RUNS):
                start = time.perf_counter()
                report = Report()
                found = read_drawing(drawing, drawing.name, report)
                data = board_data(found, board.id, drawing.name, report) if found else None
                times.append(time.perf_counter() - start)
            assert data is not None, report.format_text()
            size = drawing.stat().st_size / 1e6
            print(f"import svg, {len(board.circles)} circles, {len(board.segments)} lines ({size:.1f} MB drawing): "
                  f"median {statistics.median(times):.2f} s (runs {', '.join(f'{t:.2f}' for t in times)})")
        hostile(Path(tmp))


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
