"""How long reading a scenario file takes: Gaslight's YAML 1.2 reader against PyYAML's own.

The baseline is what Gaslight did before it read YAML 1.2: libyaml's composer (C) and PyYAML's
YAML 1.1 constructor. Gaslight now composes from libyaml's events in Python (no recursion, a nesting
limit, the 1.2 core schema) and converts nodes itself to keep every value's position. Medians of
``REPEATS`` runs on the bundled board and on grid boards of growing size.

Run: ``.venv/bin/python -m benchmarks bench_yaml``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import yaml
from gaslight.resources import BUNDLED_DIR
from gaslight.yamlio import parse_text

from benchmarks.bench_boards import grid_board_data

REPEATS = 7
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def median_ms(work: Callable[[], object]) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def pyyaml_11(text: str) -> object:
    """The baseline: libyaml compose + PyYAML's YAML 1.1 construction, no positions kept."""
    return yaml.load(text, Loader=_LOADER)


def main() -> None:
    texts = {"bundled board (whitechapel.yaml)": (BUNDLED_DIR / "boards" / "whitechapel.yaml").read_text("utf-8")}
    for circles in (1000, 5000):
        texts[f"grid board, {circles} circles"] = yaml.safe_dump(grid_board_data(circles), sort_keys=False)
    print(f"{'file':38} {'size':>8} {'Gaslight 1.2':>13} {'PyYAML 1.1':>11} {'ratio':>6}")
    for name, text in texts.items():
        ours = median_ms(lambda text=text: parse_text(text, "x.yaml"))
        base = median_ms(lambda text=text: pyyaml_11(text))
        print(f"{name:38} {len(text) // 1024:>6}kB {ours:>10.1f} ms {base:>8.1f} ms {ours / base:>5.2f}×")


if __name__ == "__main__":
    main()
