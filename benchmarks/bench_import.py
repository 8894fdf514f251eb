"""``gaslight import svg`` speed: the bundled 195-circle board and generated boards of 1,000 and 3,000 circles,
each drawn by Gaslight's own board SVG and read back (median of five runs). The editor's check after a move is
``bench_editor``'s::

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


if __name__ == "__main__":
    main()
