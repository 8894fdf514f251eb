"""Walton generation in the mansion `gaslight init` writes: seconds per level, today's toolkit against
:data:`BASELINE` (the commit before the table bands became advice outside Walton House), in alternating fresh
processes of the same run.

In Walton House nothing changed (the bands are its own); in another mansion the old code played every attempt
that met its other aims at the table (up to eight, about a CPU second each) and then kept "the closest attempt";
today it plays the kept case once. CPU seconds include the bots' Node.js children; wall seconds on a loaded
machine say more about the load than about the generator.

Run with ``.venv/bin/python -m benchmarks bench_walton_starter``.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from benchmarks.baseline import REPO, run_with, worktree

BASELINE = "1102d17"  # main before the bands became advice outside Walton House
LEVELS = ("A", "B", "C", "D", "E")
SEEDS = (1, 2)

ONE_RUN = """
import contextlib, io, json, resource, tempfile, time
from pathlib import Path
from gaslight.commands.init import project_files
from gaslight.domain.walton.generate import main as generate

def cpu():
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

with tempfile.TemporaryDirectory() as scratch:
    root = Path(scratch) / "game"
    for path, text in project_files(root, "Bench").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    mansion = next(p for p in root.rglob("*.yaml") if "\\nrooms:" in p.read_text(encoding="utf-8"))
    said = io.StringIO()
    start, wall = cpu(), time.perf_counter()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(io.StringIO()):
        generate(["--difficulty", LEVEL, "--seed", str(SEED), "--mansion", str(mansion), "--out", str(root / "c.yaml")])
    print(json.dumps({"cpu": cpu() - start, "wall": time.perf_counter() - wall,
                      "asked": "closest attempt" not in said.getvalue()}))
"""


def timed(toolkit: Path, level: str, seed: int) -> dict:
    """One generation in a fresh process with ``toolkit``: CPU and wall seconds, and whether it came as asked."""
    code = ONE_RUN.replace("LEVEL", repr(level)).replace("SEED", repr(seed))
    return json.loads(run_with(toolkit, code).strip().splitlines()[-1])


def main() -> None:
    with worktree(BASELINE) as tree:
        if tree is None:
            return
        for level in LEVELS:
            runs: dict[str, list[dict]] = {"before": [], "after": []}
            for seed in SEEDS:  # alternate, so the load falls on both alike
                runs["before"].append(timed(tree / "toolkit", level, seed))
                runs["after"].append(timed(REPO / "toolkit", level, seed))
            print(f"starter mansion level {level} (seeds {', '.join(map(str, SEEDS))}, medians): "
                  f"{summary('before', runs['before'])}; {summary('after', runs['after'])}", flush=True)


def summary(name: str, found: list[dict]) -> str:
    """Median CPU and wall seconds of ``found`` and how many came out as asked."""
    asked = sum(run["asked"] for run in found)
    return (f"{name} {statistics.median(r['cpu'] for r in found):5.1f} CPU s, "
            f"{statistics.median(r['wall'] for r in found):5.1f} wall s, as asked {asked}/{len(found)}")
