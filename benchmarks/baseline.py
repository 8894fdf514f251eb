"""Run a benchmark function with the toolkit of an earlier commit, so figures compare in the same run.

The commit is checked out in a temporary git worktree and the function runs in a fresh interpreter with that
worktree's ``toolkit`` first on the path (the benchmark modules themselves are today's).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent


@contextmanager
def worktree(rev: str) -> Iterator[Path | None]:
    """A temporary worktree of ``rev`` (None when git cannot make one: outside a checkout, or no such commit)."""
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch) / "baseline"
        added = subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(tree), rev],
                               capture_output=True, text=True)
        if added.returncode != 0:
            print(f"baseline {rev}: skipped ({added.stderr.strip() or 'git failed'})")
            yield None
            return
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)], capture_output=True)


def run_with(toolkit: Path, code: str) -> str:
    """Run ``code`` (Python, with the benchmark modules importable) against the toolkit at ``toolkit``; its
    standard output."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(toolkit), str(HERE), str(REPO)])}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "benchmark run failed")
    return done.stdout
