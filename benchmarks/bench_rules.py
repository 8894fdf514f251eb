"""Rulesets: loading and checking, resolving every variant, diffing, pages and printables.

Run with ``.venv/bin/python -m benchmarks bench_rules``.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from gaslight.domain.rules.ruleset import diff, resolve
from gaslight.outputs import sheets
from gaslight.outputs.rules import contribute_ruleset
from gaslight.outputs.sink import BuildOutput
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR


def timed(label: str, action: Callable[[], object], repeat: int = 5) -> object:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<52} {best * 1000:9.1f} ms (best of {repeat})")
    return result


def main() -> None:
    paths = [BUNDLED_DIR / "rulesets"]
    project, _ = timed("load + check every ruleset (schema, variants, text)",
                       lambda: load_project(paths, deep=False))  # type: ignore[misc]
    rulesets = project.of_kind("ruleset")
    variants = [(r, v.id) for r in rulesets for v in r.variants]
    rules = sum(1 for r in rulesets for _ in resolve(r).walk())
    print(f"{len(rulesets)} rulesets, {rules} rules, {len(variants)} variants")
    timed("resolve every variant", lambda: [resolve(r, v) for r, v in variants])
    timed("diff every variant", lambda: [diff(r, v) for r, v in variants])
    hunt = next(r for r in rulesets if r.game == "hunt")
    spec = sheets.movement_sheet_spec(resolve(hunt))
    timed("render one movement sheet (A4)", lambda: sheets.render(spec, "a4"))

    def pages_and_printables() -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out = BuildOutput(Path(tmp))
            for ruleset in rulesets:
                contribute_ruleset(ruleset, out)
            return sum(1 for p in Path(tmp).rglob("*") if p.is_file())

    files = timed("all rules pages + printables (no MkDocs)", pages_and_printables, repeat=2)
    print(f"files written: {files}")


if __name__ == "__main__":
    main()
