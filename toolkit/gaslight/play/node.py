"""Run the browser engine's JavaScript under Node.js for headless work (playtests, balance runs): what the
games' runners in this package share, as ``site/engine/common/`` holds what the games' engines share.

The engine ships inside the package (``gaslight.resources.SITE_DIR``), so a script is run from there, never
from a checkout. Input goes in as JSON on stdin and the answer comes back as JSON on stdout, so a script
stays a plain ES module that the browser can import too.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gaslight.errors import UserError

NODE_MISSING = ("Node.js is needed to play games without a browser, and `node` is not on PATH "
                "(fix: install Node.js 18 or newer, e.g. `apt-get install nodejs`)")


#: V8's options for the engine's headless workers. A worker plays some hundreds of short games and ends: V8's
#: optimizing compiler spent more CPU inlining the engine's calls into each other (again after each
#: deoptimization, as each variant brings new shapes) than the inlined code saved. How the code is compiled, not
#: what it computes: the same games, byte for byte. The hunt's 8 × 200 tutorial games 3.2 → 2.3 s of CPU, the
#: decks' playtests 5.8 → 4.7 s, the Walton tables 4.2 → 3.8 s. The browser and the tests keep V8's defaults.
NODE_FLAGS = ("--no-turbo-inlining",)


def node_available() -> bool:
    """Whether Node.js is on the PATH (playing games without a browser needs it)."""
    return shutil.which("node") is not None


def node_executable() -> str:
    """The `node` program on PATH, or a user error saying how to get it."""
    found = shutil.which("node")
    if found is None:
        raise UserError(NODE_MISSING)
    return found


def run_node_json(script: Path, payload: Mapping[str, Any], *, timeout: float) -> Any:
    """Run ``script`` with ``payload`` as JSON on stdin and return its JSON answer.

    A script that runs past ``timeout`` seconds, fails, or answers with something that is not JSON is a
    user error naming the script, with the last lines it wrote to stderr.
    """
    try:
        done = subprocess.run([node_executable(), *NODE_FLAGS, str(script)], input=json.dumps(payload), text=True,
                              capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise UserError(f"{script.name} did not finish within {timeout:g} s "
                        "(fix: ask for fewer games, or raise --timeout)") from None
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise UserError(f"{script.name} stopped with exit code {done.returncode}: {tail}")
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError as error:
        raise UserError(f"{script.name} did not answer with JSON: {error}") from None


def split_games(games: int, seed: int, jobs: int) -> list[tuple[int, int]]:
    """(games, first seed) for each worker: contiguous seeds, so the report does not depend on ``jobs``.

    >>> split_games(10, 1, 3)
    [(4, 1), (3, 5), (3, 8)]
    """
    jobs = max(1, min(jobs, games))
    shares = [games // jobs + (1 if i < games % jobs else 0) for i in range(jobs)]
    starts = [seed + sum(shares[:i]) for i in range(jobs)]
    return list(zip(shares, starts, strict=True))
