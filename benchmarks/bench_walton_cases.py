"""Walton cases: generator time per difficulty, proof time and content figures per bundled case (cards the whole
answer needs, cards the steps read, cards behind the weapon and the culprit, pairs naming the culprit), and the
pages' contribution time.

Proving and explaining every bundled case is then timed with today's toolkit and with the toolkit at
:data:`BASELINE`, in alternating fresh processes of the same run (medians of ``ROUNDS`` x ``RUNS`` proofs per case);
and so is every deck the generator makes in the first ``DECK_ATTEMPTS`` attempts at the first ``DECK_PLOTS`` plots
of the throughput benchmark (decks of every level, hits and misses alike: a broader sample of 70-card cases).

Run with ``.venv/bin/python -m benchmarks bench_walton_cases``.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from gaslight.domain.walton.case import DIFFICULTIES, NO_ACCOMPLICE_LEVELS, Answer, Case
from gaslight.domain.walton.export import case_json
from gaslight.domain.walton.generator import GenerateError, Plot, generate_case
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import prove
from gaslight.domain.walton.solver import CaseProgram
from gaslight.domain.walton.table_level import TABLE, spearman
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.walton import contribute
from gaslight.play.walton import play_cases
from gaslight.play.walton_table import measure_at_table
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR

from benchmarks.baseline import REPO, run_with, worktree
from benchmarks.bench_walton_generate import RUNS, case_at, generation_times
from benchmarks.bench_walton_scale import bench_plot, bundled_house

BASELINE = "cf27cfd"  # the proof at the start of stop 27
HINTS_BASELINE = "d67fbe0"  # the proof before the hint ladder (issue 36): motive steps, whole answer, gaps named
ROUNDS = 4  # rounds of fresh processes, today's toolkit and the baseline's in turn
DECK_PLOTS = 12
DECK_ATTEMPTS = 4

FRESH_SEEDS = (11, 12)  # seeds of the fresh generated set the table's order is measured on (random plots)


def fresh_plot(house: Mansion, level: str, seed: int) -> Plot:
    """A random plot at ``level`` for the fresh set (seeded by level and seed)."""
    rng = random.Random(f"fresh:{level}:{seed}")
    culprit = rng.choice(house.suspects)
    helper = None if level in NO_ACCOMPLICE_LEVELS else rng.choice([s for s in house.suspects if s != culprit])
    answer = Answer(culprit.id, rng.choice(culprit.motive_ids), rng.choice(house.weapons).id,
                    helper.id if helper else None, rng.choice(helper.motive_ids) if helper else None)
    return Plot(f"fresh-{level.lower()}-{seed}", "Fresh", level, answer)


def table_order() -> None:
    """The bundled cases and a fresh generated set (random plots, one case per level and seed) played at the
    generator's fixed table: mean rounds and wrong answers per level, and Spearman's rho of level against each."""
    mansion = bundled_house()
    bundled = [case_at(path) for path in sorted((BUNDLED_DIR / "walton" / "cases").glob("*.yaml"))]
    fresh: list[Case] = []
    for seed in FRESH_SEEDS:
        for level in DIFFICULTIES:
            fresh.append(generate_case(mansion, fresh_plot(mansion, level, seed), seed=seed,
                                       table=measure_at_table).case)
    for label, cases in (("bundled", bundled), ("fresh", fresh), ("bundled + fresh", bundled + fresh)):
        seats, games, seed = TABLE
        found = play_cases([case_json(mansion, case) for case in cases], seats, games, seed, 2)
        levels = [float(DIFFICULTIES.index(case.difficulty)) for case in cases]
        rounds = [r["mean_rounds"] or 61.0 for r in found]
        wrong = [float(r["wrong_solves"]) for r in found]
        per_level = "  ".join(
            f"{level} {statistics.mean(x for x, c in zip(rounds, cases, strict=True) if c.difficulty == level):.2f}"
            f"/{statistics.mean(x for x, c in zip(wrong, cases, strict=True) if c.difficulty == level):.1f}"
            for level in DIFFICULTIES if any(c.difficulty == level for c in cases))
        print(f"table ({label}, {len(cases)} cases, {games} games each): rounds/wrong per level {per_level}; "
              f"rho(level, rounds) {spearman(levels, rounds):.2f}, rho(level, wrong) {spearman(levels, wrong):.2f}")


def main() -> None:
    mansion = bundled_house()
    generation_times()
    table_order()
    times = []
    solves = 0
    patterns: Counter[str] = Counter()
    content = []
    for path in sorted((BUNDLED_DIR / "walton" / "cases").glob("*.yaml")):
        case = case_at(path)
        start = time.perf_counter()
        program = CaseProgram(mansion, case)
        proof = prove(mansion, case, program)
        times.append(time.perf_counter() - start)
        solves += program.solves
        metrics = proof.metrics
        assert metrics is not None, case.id
        shape = metrics.steps
        patterns[shape.culprit_pattern] += 1
        short = metrics.falls_short()
        if case.difficulty in "CDES":
            content.append(not short)
        print(f"prove {case.id:26s} {times[-1]:6.3f} s  {program.solves:3d} solves  "
              f"{case.difficulty}->{metrics.measured_difficulty}  "
              f"whole {len(metrics.whole_proof):2d}  read {shape.cards_used:2d}/{len(case.cards)}  "
              f"weapon {shape.weapon_cards:2d}  culprit {shape.culprit_cards:2d}  "
              f"pairs {len(metrics.culprit_pairs) + len(metrics.culprit_alone)}  aims missed {len(short)}  "
              f"culprit found by: {shape.culprit_pattern}")
    print(f"prove median over {len(times)} bundled cases: {statistics.median(times):.3f} s; {solves} clingo solves "
          "in all")
    print(f"content aims (level C up): met by {sum(content)} of {len(content)} cases")
    pattern, repeats = patterns.most_common(1)[0]
    print(f"culprit-finding patterns: {len(patterns)} distinct in {len(times)} cases; the most repeated, "
          f"'{pattern}', in {repeats} (aim: no pattern in more than two)")
    project, _ = load_project([BUNDLED_DIR / "walton"])
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        contribute(project, BuildOutput(Path(tmp)))
        print(f"walton pages, sheets and exports (the proofs come from the check): "
              f"{time.perf_counter() - start:.2f} s")
    hint_counts()
    compare_prove_times()
    compare_prove_times(HINTS_BASELINE)
    compare_generated_decks()


def hint_counts() -> None:
    """Per bundled case: hints naming a part of the answer early, steps resting on an unseen guarantee without
    saying so, and hints sending the table to cards it was sent to before (aim: 0, 0, and only a motive read
    again once its owner is found)."""
    from gaslight.domain.walton.hints import early_naming, repeated_support, silent_guarantees  # not at the baseline

    mansion = bundled_house()
    totals: Counter[str] = Counter()
    for path in sorted((BUNDLED_DIR / "walton" / "cases").glob("*.yaml")):
        case = case_at(path)
        proof = prove(mansion, case)
        counts = {"early naming": len(early_naming(mansion, case, proof)),
                  "silent guarantees": len(silent_guarantees(mansion, case, proof)),
                  "repeated support": len(repeated_support(mansion, case, proof))}
        totals.update(counts)
        said = "  ".join(f"{k} {v}" for k, v in counts.items())
        print(f"hints {case.id:26s} {said}  ({len(proof.steps)} steps)")
    print("hints, all bundled cases: " + ", ".join(f"{k} {v}" for k, v in totals.items()))


def timed_by_toolkit(call: str, rounds: int,
                     baseline: str = BASELINE) -> tuple[dict[str, dict[str, list[float]]], dict[str, str]]:
    """Run ``call`` (a :func:`prove_times` call) with today's toolkit and the one at :data:`BASELINE` in turn,
    ``rounds`` times: each toolkit's times per case, and each case's level."""
    code = f"import bench_walton_generate as b; b.{call}"  # importable by the older toolkit
    with worktree(baseline) as tree:
        toolkits = {"today": REPO / "toolkit"}
        if tree is not None:
            toolkits[f"at {baseline}"] = tree / "toolkit"
        times: dict[str, dict[str, list[float]]] = {label: {} for label in toolkits}
        levels: dict[str, str] = {}
        for _ in range(rounds):
            for label, toolkit in toolkits.items():
                for case_id, (level, runs) in json.loads(run_with(toolkit, code)).items():
                    levels[case_id] = level
                    times[label].setdefault(case_id, []).extend(runs)
    return times, levels


def compare_prove_times(baseline: str = BASELINE) -> None:
    times, levels = timed_by_toolkit("prove_times()", ROUNDS, baseline)
    print(f"prove and explain, medians of {ROUNDS} x {RUNS} runs per case, fresh processes in turn:")
    for case_id in sorted(levels, key=lambda c: ("IABCDES".index(levels[c]), c)):
        row = "  ".join(f"{label} {statistics.median(found[case_id]) * 1000:5.0f} ms (min "
                        f"{min(found[case_id]) * 1000:3.0f})" for label, found in times.items())
        print(f"  {case_id:26s} {levels[case_id]}  {row}")
    for label, found in times.items():
        medians = [statistics.median(runs) for runs in found.values()]
        print(f"  {label}: median case {statistics.median(medians) * 1000:.0f} ms, slowest case "
              f"{max(medians) * 1000:.0f} ms, {sum(m <= 0.1 for m in medians)} of {len(medians)} cases within "
              "0.1 s (aim: every 70-card case)")


def compare_generated_decks() -> None:
    mansion = bundled_house()
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(DECK_PLOTS):
            for number in range(DECK_ATTEMPTS):
                try:
                    made = generate_case(mansion, bench_plot(mansion, seed), seed=seed, attempts=[number])
                except GenerateError:
                    continue  # no unique deck at this attempt
                (Path(folder) / f"plot-{seed:02d}-attempt-{number}.yaml").write_text(made.text, encoding="utf-8")
        times, _ = timed_by_toolkit(f"prove_times({folder!r}, 1)", 3)
    print(f"prove and explain the decks of the first {DECK_ATTEMPTS} attempts at the first {DECK_PLOTS} throughput "
          "plots, the median of 3 runs in turn per deck:")
    for label, found in times.items():
        typical = sorted(statistics.median(runs) for runs in found.values())
        print(f"  {label}: {len(typical)} decks, median {statistics.median(typical) * 1000:.0f} ms, 90th percentile "
              f"{typical[int(len(typical) * 0.9)] * 1000:.0f} ms, slowest {typical[-1] * 1000:.0f} ms, "
              f"{sum(t <= 0.1 for t in typical)} within 0.1 s")


if __name__ == "__main__":
    main()
