"""Walton generation in the mansion `gaslight init` writes: CPU seconds per level and whether the case came as asked
(no "closest attempt"), today's toolkit against :data:`BASELINE`, in alternating fresh processes of the same run.

The starter mansion is smaller than Walton House (13 wrong values from level C, not 21): at :data:`BASELINE` the
steps of its cases could not read half of 70 cards, so every level from C returned "the closest attempt"; today that
aim scales with the mansion (:func:`gaslight.domain.walton.proof.steps_read_short`). The table's bands are advice
outside Walton House, so the kept case is played once. CPU seconds include the bots' Node.js children; wall seconds
on a loaded machine say more about the load than about the generator.

Run with ``.venv/bin/python -m benchmarks bench_walton_starter``.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from benchmarks.baseline import REPO, run_with, worktree

BASELINE = "75fea68"  # main before the steps-read aim scaled with the mansion and the profiles were retuned
LEVELS = ("I", "A", "B", "C", "D", "E", "S")
SEEDS = (1, 2, 3)

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
