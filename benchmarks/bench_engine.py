"""Browser engine speed: the possible-position update per Jack move and bot self-play games per second.

Runs ``site/engine/bench.mjs`` under Node on the bundled full-size board (aim: a tracker update
under 1 ms per Jack move)::

    .venv/bin/python -m benchmarks bench_engine
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from gaslight.domain.board.export import board_json
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / "site" / "engine" / "bench.mjs"
GAMES = 200


def main() -> None:
    node = shutil.which("node")
    if node is None:
        print("node is not installed: the engine benchmark needs it", file=sys.stderr)
        return
    project, _ = load_project([BUNDLED_DIR / "boards"], deep=False)
    board = max(project.of_kind("board"), key=lambda b: len(b.circles))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{board.id}.json"
        path.write_text(json.dumps(board_json(board)), encoding="utf-8")
        done = subprocess.run([node, str(BENCH), "--board", str(path), "--games", str(GAMES)],
                              capture_output=True, text=True, check=False)
    print(done.stdout, end="")
    if done.returncode:
        print(done.stderr, file=sys.stderr, end="")


if __name__ == "__main__":
    main()
