"""``python -m benchmarks.fuzz [--surface NAME …] [--count N] [--seed S] [--jobs J]``: fuzz every input surface.

Prints one line per surface (inputs, internal errors, unlocated errors, hangs, worst and median time) and the
first few findings of each, with enough of the input to reproduce them.
"""

from __future__ import annotations

import argparse
import importlib
import random
import shutil
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from benchmarks.fuzz import HANG_SECONDS, SURFACES, Outcome


def run(surface: str, count: int, seed: int, worker: int = 0) -> list[Outcome]:
    """``count`` inputs of one surface from ``seed``, one after another in a scratch folder."""
    module = importlib.import_module(f"benchmarks.fuzz.{surface}")
    rng = random.Random(f"{surface}-{seed}-{worker}")
    outcomes = []
    with tempfile.TemporaryDirectory(prefix=f"gaslight-fuzz-{surface}-") as scratch:
        for index in range(count):
            workdir = Path(scratch) / str(index % 4)
            shutil.rmtree(workdir, ignore_errors=True)
            workdir.mkdir()
            outcomes.append(module.one(rng, workdir))
    return outcomes


def _run_share(job: tuple[str, int, int, int]) -> list[Outcome]:
    return run(*job)


def report(surface: str, outcomes: list[Outcome], wall: float, jobs: int, asked: int) -> int:
    """Print the surface's line and its first findings; the number of findings."""
    times = [o.seconds for o in outcomes]
    internal = [o for o in outcomes if o.internal]
    unlocated = [o for o in outcomes if o.unlocated]
    hangs = [o for o in outcomes if o.hang]
    fewer = f" (of {asked} asked: one run is slow)" if len(outcomes) < asked else ""
    print(f"{surface}: inputs {len(outcomes)}{fewer} · internal errors {len(internal)} · unlocated errors "
          f"{len(unlocated)} · runs over {HANG_SECONDS:g} s {len(hangs)} · worst {max(times, default=0):.2f} s · "
          f"median {1000 * statistics.median(times or [0]):.1f} ms · wall {wall:.0f} s on {jobs} processes")
    for outcome in (internal + unlocated + hangs)[:10]:
        print(f"  {outcome.target}: exit {outcome.exit_code}, {outcome.seconds:.2f} s, {outcome.unlocated[:2]} "
              f"input: {outcome.sample[:300]!r}")
    return len(internal) + len(unlocated) + len(hangs)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--surface", action="append", choices=SURFACES, help="a surface (repeat; default: all)")
    parser.add_argument("--count", type=int, help="inputs per surface (default: each surface's COUNT)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    findings = 0
    for surface in args.surface or SURFACES:
        module = importlib.import_module(f"benchmarks.fuzz.{surface}")
        asked = args.count or 20_000
        count = args.count or module.COUNT
        shares = [(surface, count // args.jobs + (i < count % args.jobs), args.seed, i) for i in range(args.jobs)]
        start = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            outcomes = [o for share in pool.map(_run_share, shares) for o in share]
        findings += report(surface, outcomes, time.perf_counter() - start, args.jobs, asked)
    raise SystemExit(1 if findings else 0)


if __name__ == "__main__":
    main()
