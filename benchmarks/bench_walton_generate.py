"""Walton case generation per level: CPU seconds per case (median over seeds), how many cases met every aim, and
cases per CPU-minute, today's toolkit beside a baseline commit's in fresh processes of the same run.

Issue 36 aims at every level within 15 s median on one core with its aims met; issue 39 at 110 cases per
CPU-minute with every aim met. Throughput is measured two ways in one run (:data:`MODES`): "content", without the
table step, as the 110 was measured, and "table", with every attempt that meets its other aims played by bots at
the fixed table (the aim a case is kept on today; the line says how many attempts were played). Kept apart from
:mod:`benchmarks.bench_walton_cases` so that an older toolkit can import it (it reads nothing newer than the
generator and the proof): the proof times of :mod:`benchmarks.bench_walton_cases` run here too.

Run with ``.venv/bin/python -m benchmarks bench_walton_generate`` (every level, seeds 1–3, beside
:data:`BASELINE`), or for chosen levels and seeds::

    .venv/bin/python -c "from benchmarks.bench_walton_generate import generation_times as g; \\
        g(None, 'DES', (1, 2, 3, 4, 5), ('table',))"

and beside another commit's toolkit: ``g('75fea68', 'IABCDES', (1, 2, 3))``.
"""

from __future__ import annotations

import json
import resource
import statistics
import time
from contextlib import nullcontext
from pathlib import Path

from gaslight.diagnostics import Report
from gaslight.domain.walton.case import DIFFICULTIES, NO_ACCOMPLICE_LEVELS, Answer, Case, load_case

try:
    from gaslight.domain.walton.generator import Plot, generate_case
except ImportError:  # a baseline's toolkit from before the generation loop left generate.py
    from gaslight.domain.walton.generate import Plot, generate_case  # type: ignore[no-redef]
from gaslight.domain.walton.proof import counted, prove
from gaslight.yamlio import parse_file

from benchmarks.baseline import REPO, run_with, worktree
from benchmarks.bench_walton_scale import bundled_house

RUNS = 3  # proofs of each case per process, after one to warm up
CASES_DIR = REPO / "scenarios" / "walton"  # read by both toolkits: the same cases for each
BASELINE = "cf27cfd"  # the generator at the start of stop 27 (before the table aim)
ALONE = Answer("greg", "debts", "fire-iron")
HELPED = Answer("greg", "debts", "fire-iron", "angelica", "will")
PLOTS = {level: ALONE if level in NO_ACCOMPLICE_LEVELS else HELPED for level in DIFFICULTIES}
GENERATE_SEEDS = (1, 2, 3)  # seeds per level the generation time is the median of


def cpu_seconds() -> float:
    """CPU time of this process and of the children it waited for (the bots' Node.js workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def generated(levels: str = "".join(DIFFICULTIES), seeds: tuple[int, ...] = GENERATE_SEEDS,
              table: bool = True) -> None:
    """Print, as JSON, per level: each seed's generation CPU seconds (the bots' Node.js workers included: on a
    shared machine wall time says more about the load than about the generator), whether the case met every aim
    (its level and content aims, and with ``table`` the table's band where the toolkit plays at the table), how
    many attempts were played at the table, and a line for it. Runs with today's toolkit and with older ones, which
    may not play at the table."""
    kwargs: dict = {}
    if table:
        try:
            from gaslight.play.walton_table import measure_at_table
            kwargs["table"] = measure_at_table
        except ImportError:  # a toolkit from before the table aim
            pass
    mansion = bundled_house()
    found: dict[str, list[tuple[float, bool, str, int]]] = {}
    for level in levels:
        for seed in seeds:
            told: list[str] = []
            start = cpu_seconds()
            made = generate_case(mansion, Plot(f"bench-{level.lower()}", "Bench", level, PLOTS[level]), seed=seed,
                                 tell=told.append, **kwargs)
            took = cpu_seconds() - start
            metrics = made.proof.metrics
            at_table = getattr(made, "table", None)
            played = sum(" at the table " in line for line in told)
            gap, missed = made.shortfall
            found.setdefault(level, []).append((took, gap == missed == 0, (
                f"seed {seed}: {took:.1f} s, attempt {made.attempt}, measured "
                f"{metrics.measured_difficulty if metrics else '-'}"
                + (f", table {at_table.rounds:g} rounds {at_table.wrong} wrong ({played} played)" if at_table else "")
                + (f", {counted(missed, 'aim')} missed" if missed else "")), played))
    print(json.dumps(found))


def _generation_lines(label: str, found: dict[str, list[list]]) -> tuple[float, float]:
    """Print one toolkit's generation figures per level; (cases per CPU-minute, of them with every aim met)."""
    cases = [case for level in found.values() for case in level]
    for level, made in found.items():
        took = [case[0] for case in made]
        print(f"{label}: generate level {level}: median {statistics.median(took):5.1f} CPU s (aim: 15), "
              f"every aim met by {sum(case[1] for case in made)} of {len(made)}  "
              + "; ".join(case[2] for case in made))
    minutes = sum(case[0] for case in cases) / 60
    played = sum(case[3] for case in cases)
    print(f"{label}: {played} attempts played at the table in {len(cases)} cases")
    return len(cases) / minutes, sum(case[1] for case in cases) / minutes


#: How a throughput is measured: "content" generates with no table step (aims: the declared level and the content
#: aims, as issue 39's 110 cases per CPU-minute was measured before the generator played attempts with bots);
#: "table" plays attempts at the fixed table too (aims: those and the level's band), CPU of the Node.js bots
#: included.
MODES = {"content": False, "table": True}


def generation_times(baseline: str | None = BASELINE, levels: str = "".join(DIFFICULTIES),
                     seeds: tuple[int, ...] = GENERATE_SEEDS, modes: tuple[str, ...] = tuple(MODES)) -> None:
    """Generation per level (CPU seconds, median over ``seeds``; how many met every aim) and cases per
    CPU-minute, today's toolkit beside ``baseline``'s (None: today's alone), each in a fresh process of the same
    run, once per mode of :data:`MODES` (a baseline from before the table aim is not played at the table)."""
    rates: dict[str, tuple[float, float]] = {}
    with worktree(baseline) if baseline else nullcontext() as tree:
        toolkits = {"today": REPO / "toolkit"}
        if tree is not None:
            toolkits[f"at {baseline}"] = tree / "toolkit"
        for mode in modes:
            code = _GENERATED.format(call=f"generated({levels!r}, {seeds!r}, table={MODES[mode]})")
            for label, kit in toolkits.items():  # alternate the toolkits, so the load falls on both alike
                name = f"{label}, {mode}"
                rates[name] = _generation_lines(name, json.loads(run_with(kit, code)))
    for label, (made, met) in rates.items():
        print(f"{label}: generator {made:.0f} cases per CPU-minute, {met:.0f} with every aim met (aim: 110)")


_GENERATED = "from benchmarks.bench_walton_generate import generated; {call}"


def case_at(path: Path) -> Case:
    """The case in the file at ``path`` (a valid case of the bundled house)."""
    doc, _ = parse_file(path, path.name)
    case = load_case(doc, Report()) if doc else None
    assert case is not None, path
    return case


def prove_times(folder: str = str(CASES_DIR / "cases"), runs: int = RUNS) -> None:
    """Print, as JSON, the level and the prove-and-explain CPU times (``runs`` after a warm-up) of each case in
    ``folder`` (a case of the bundled house)."""
    mansion = bundled_house()
    found = {}
    for path in sorted(Path(folder).glob("*.yaml")):
        case = case_at(path)
        prove(mansion, case)
        times = []
        for _ in range(runs):
            start = time.process_time()
            prove(mansion, case)
            times.append(time.process_time() - start)
        found[path.stem] = (case.difficulty, times)
    print(json.dumps(found))


def main() -> None:
    generation_times()
