"""Walton cases at twice the size, and the case generator's throughput.

Run: ``.venv/bin/python -m benchmarks bench_walton_scale``.

* **Twice the house**: Walton House with a second wing — 12 suspect references, 20 rooms, 16 weapons — and a
  140-card case made by the generator. The clingo solver (verdict) against the brute-force checker of the test
  suite on the same case, in the same run; the brute force is stopped at ``BRUTE_LIMIT`` seconds.
* **Generator throughput**: unique 70-card cases per minute in the bundled house, both cores, over the same
  ``PLOTS`` plots every run (each case at a seeded random level, culprit, weapon and accomplice). A case is the
  best of up to ``ATTEMPTS`` attempts at its level; every attempt that gets that far has made a unique, proven deck,
  and those are counted too (explained, or set aside short of the whole-answer aim). The same run is then made with
  the generator of each ``BASELINES`` commit (a temporary git worktree), so the figures compare on one machine.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

from gaslight.diagnostics import Report
from gaslight.domain.walton.case import DIFFICULTIES, NO_ACCOMPLICE_LEVELS, Answer

try:
    from gaslight.domain.walton.generator import ATTEMPTS, GenerateError, Plot, generate_case
except ImportError:  # a baseline's toolkit from before the generation loop left generate.py
    from gaslight.domain.walton.generate import ATTEMPTS, GenerateError, Plot, generate_case  # type: ignore[no-redef]
from gaslight.domain.walton.mansion import Mansion, load_mansion
from gaslight.domain.walton.solver import solve
from gaslight.yamlio import parse_file

from benchmarks.baseline import REPO, run_with, worktree

BRUTE_LIMIT = 120.0
PLOTS = 24  # plots (seeds 0–23) the throughput run generates, each to its end
BASELINES = ("cf27cfd",  # the generator at the start of stop 27
             "23331f1")  # today's deck rules, before the speed-ups of stops 25 to 27


def bundled_house() -> Mansion:
    """The bundled house as the imported toolkit's checkout has it: a baseline's worktree reads its own (today's
    file names the rooms in two languages, which an older toolkit cannot read; the house is the same)."""
    import gaslight

    own = Path(gaslight.__file__).resolve().parents[2] / "scenarios" / "walton" / "mansion.yaml"
    path = own if own.is_file() else REPO / "scenarios" / "walton" / "mansion.yaml"
    doc, _ = parse_file(path, str(path))
    house = load_mansion(doc, Report())
    assert house is not None
    return house


def twice(house: Mansion) -> Mansion:
    """A second wing: every room but the crime scene again, every suspect and weapon again; wings joined."""
    scene = next(r.id for r in house.rooms if r.crime_scene)

    def other(room: str) -> str:
        return room if room == scene else f"{room}-2"

    rooms = house.rooms + tuple(dataclasses.replace(r, id=other(r.id), name=f"{r.name} (east)")
                                for r in house.rooms if r.id != scene)
    passages = house.passages + tuple((other(a), other(b)) for a, b in house.passages)
    passages += (("library", "library-2"), ("garage-2", "garage"))
    suspects = house.suspects + tuple(dataclasses.replace(s, id=f"{s.id}-2", name=f"{s.name} the younger",
                                                          initials=f"{s.initials}2") for s in house.suspects)
    weapons = house.weapons + tuple(dataclasses.replace(w, id=f"{w.id}-2", name=f"{w.name} (east)",
                                                        room=other(w.room)) for w in house.weapons)
    return dataclasses.replace(house, id="walton-house-twice", rooms=rooms, passages=passages, suspects=suspects,
                               weapons=weapons)


def _brute() -> object:
    spec = importlib.util.spec_from_file_location("walton_bruteforce",
                                                  REPO / "tests" / "walton" / "walton_bruteforce.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["walton_bruteforce"] = module
    spec.loader.exec_module(module)
    return module


def _brute_verdict(queue: multiprocessing.Queue, house: Mansion, case: object) -> None:  # type: ignore[type-arg]
    start = time.process_time()
    verdict, _ = _brute().brute_verdict(house, case)  # type: ignore[attr-defined]
    queue.put((verdict, time.process_time() - start))


def scale() -> None:
    big = twice(bundled_house())
    answer = Answer("greg-2", "debts", "fire-iron-2", "claudette", "lease")
    plot = Plot("twice-the-house", "Twice the house", "D", answer)
    started = time.perf_counter()
    made = generate_case(big, plot, seed=1, size=140)
    print(f"twice the house: {len(big.suspects)} suspect references, {len(big.rooms)} rooms, {len(big.weapons)} "
          f"weapons; generated a {len(made.case.cards)}-card case ({made.verdict}) in "
          f"{time.perf_counter() - started:.1f} s")
    times = []
    for _ in range(5):
        start = time.process_time()
        verdict = solve(big, made.case).verdict
        times.append(time.process_time() - start)
    print(f"  solver: {verdict}, median {statistics.median(times) * 1000:.1f} ms of processor time (5 runs)")
    queue: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    worker = multiprocessing.Process(target=_brute_verdict, args=(queue, big, made.case))
    worker.start()
    worker.join(BRUTE_LIMIT)
    if worker.is_alive():
        worker.terminate()
        print(f"  brute force: not done after {BRUTE_LIMIT:g} s (stopped)")
    else:
        brute_verdict, seconds = queue.get()
        print(f"  brute force: {brute_verdict}, {seconds:.1f} s of processor time "
              f"({seconds / statistics.median(times):.0f}x the solver)")
    print("  aim: the solver under 0.5 s where brute force takes minutes")


def bench_plot(house: Mansion, seed: int) -> Plot:
    """The throughput run's plot number ``seed``: a seeded random level, culprit, weapon and accomplice."""
    rng = random.Random(seed)
    level = rng.choice(DIFFICULTIES)
    culprit = rng.choice(house.suspects)
    helper = None if level in NO_ACCOMPLICE_LEVELS else rng.choice([s for s in house.suspects if s != culprit])
    answer = Answer(culprit.id, rng.choice(culprit.motive_ids), rng.choice(house.weapons).id,
                    helper.id if helper else None, rng.choice(helper.motive_ids) if helper else None)
    return Plot(f"bench-{seed}", "Bench", level, answer)


def _one_case(seed: int) -> tuple[bool, int]:
    """(a case came out unique, how many attempts made a unique deck on the way)."""
    house = bundled_house()
    said: list[str] = []
    try:
        made = generate_case(house, bench_plot(house, seed), seed=seed, tell=said.append)
    except GenerateError:
        made = None
    # an attempt set aside (unique, but short of the whole-answer aim) is measured again at the end if need be
    decks = {line.split(":")[0] for line in said if ": measured " in line or line.endswith(": set aside")}
    return made is not None and made.verdict == "unique", len(decks)


def throughput(label: str = "generator") -> None:
    jobs = 2
    started = time.perf_counter()
    made = decks = 0
    with multiprocessing.Pool(jobs) as pool:  # the same plots every run, each to its end: runs compare
        for ok, unique_decks in pool.imap_unordered(_one_case, range(PLOTS)):
            made += ok
            decks += unique_decks
    minutes = (time.perf_counter() - started) / 60
    print(f"{label}: {made} unique 70-card cases of {PLOTS} plots in {minutes * 60:.0f} s on {jobs} processes: "
          f"{made / minutes:.0f} cases per minute (aim: 500), each the best of up to {ATTEMPTS} attempts at its level")
    print(f"  attempts that made a unique, proven 70-card deck: {decks}, {decks / minutes:.0f} per minute (explained, "
          "or set aside: proven unique, but short of the whole-answer aim before the steps)")


def baseline_throughput(rev: str) -> None:
    """The same throughput run with the generator of an earlier commit (checked out in a temporary worktree)."""
    with worktree(rev) as tree:
        if tree is not None:
            print(run_with(tree / "toolkit", f"import bench_walton_scale as b; b.throughput('baseline {rev}')"),
                  end="")


def main() -> None:
    scale()
    throughput()
    for rev in BASELINES:
        baseline_throughput(rev)


if __name__ == "__main__":
    main()
