"""Run every benchmark module in this folder (or those named on the command line)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path


def main() -> None:
    names = sys.argv[1:] or sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))
    for name in names:
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"== {name}")
        module.main()


if __name__ == "__main__":
    main()
