"""What the hunt engine benchmarks share: the largest bundled board as engine data, bot self-play speed under
Node (``engine_speed.mjs``), and the engine's files as they were at an earlier commit."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from gaslight.domain.board.export import board_json
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR

REPO = Path(__file__).resolve().parent.parent
SPEED = Path(__file__).resolve().parent / "engine_speed.mjs"


def largest_board_json(folder: Path) -> tuple[str, Path]:
    """The bundled board with the most circles, written as engine data into ``folder``: (its id, the file)."""
    project, _ = load_project([BUNDLED_DIR / "boards"], deep=False)
    board = max(project.of_kind("board"), key=lambda b: len(b.circles))
    path = folder / f"{board.id}.json"
    path.write_text(json.dumps(board_json(board)), encoding="utf-8")
    return board.id, path


def self_play_speed(node: str, engine: Path, board: Path, games: int) -> dict | None:
    """Median self-play games per second of the engine in ``engine`` (see engine_speed.mjs)."""
    done = subprocess.run([node, str(SPEED), "--engine", str(engine), "--board", str(board), "--games", str(games)],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        print(done.stderr, file=sys.stderr, end="")
        return None
    return json.loads(done.stdout)


def files_at(commit: str, folders: tuple[str, ...], into: Path) -> bool:
    """Extract ``folders`` as they were at ``commit`` into ``into``; False outside a git checkout."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        return False
    archive = subprocess.run(["git", "-C", str(REPO), "archive", commit, *folders], capture_output=True,
                             check=False)
    if archive.returncode:
        return False
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return True
