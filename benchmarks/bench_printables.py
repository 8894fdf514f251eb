"""Time spent drawing PDFs in a full build of the bundled games, as at the start of this work
(reportlab's Python functions, one PDF after the other) and now (its C accelerator ``rl_accel``,
card sheets, case cards and aids drawn together on all cores), one build after the other in the same run::

    .venv/bin/python -m benchmarks bench_printables

Each build runs in its own process. "before" blocks the accelerator's module before reportlab is
imported, and keeps a second thread alive so :func:`gaslight.outputs.pdf.draw_all` draws one PDF
after the other (as it does in the live preview); the bytes are the same either way. Prints the
wall time spent drawing: inside ``render_pdf`` in the build's process plus inside ``draw_all``.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import json, sys, threading, time
from pathlib import Path
if sys.argv[1] == "before":
    sys.modules["_rl_accel"] = None  # reportlab then uses its Python functions
    threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()  # draw_all: one by one
import gaslight.outputs.pdf as pdf
from gaslight.outputs import boards, cardsheet, decks, poster, sheets
spent = {"seconds": 0.0, "pdfs": 0, "inside": False}
render, draw_all = pdf.render_pdf, pdf.draw_all

def timed_render(*args, **kwargs):
    start = time.perf_counter()
    data = render(*args, **kwargs)
    if not spent["inside"]:  # a PDF of draw_all's counts with its batch
        spent["seconds"] += time.perf_counter() - start
        spent["pdfs"] += 1
    return data

def timed_draw_all(draw, jobs):
    start, spent["inside"] = time.perf_counter(), True
    try:
        return draw_all(draw, jobs)
    finally:
        spent["inside"] = False
        spent["seconds"] += time.perf_counter() - start
        spent["pdfs"] += len(jobs)

for module in (cardsheet, poster, sheets):
    module.render_pdf = timed_render
decks.draw_all = sheets.draw_all = boards.draw_all = timed_draw_all
from gaslight.build import build_project
from gaslight.config import load_config
config, _ = load_config(Path(sys.argv[2]))
start = time.perf_counter()
build_project(config, Path(sys.argv[3]), progress=lambda message: None)
took = time.perf_counter() - start
print(json.dumps({"pdf_seconds": spent["seconds"], "pdfs": spent["pdfs"], "build_seconds": took}))
"""


def _run(mode: str, out: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, mode, str(REPO / "scenarios" / "gaslight.yaml"), str(out)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


RUNS = 3


def main() -> None:
    runs: dict[str, list[dict[str, float]]] = {"before": [], "now": []}
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(RUNS):  # the two modes taking turns, so both see the same machine
            for mode, done in runs.items():
                done.append(_run(mode, Path(tmp) / f"{mode}-{number}"))
    found = {mode: {key: statistics.median(r[key] for r in done) for key in done[0]} for mode, done in runs.items()}
    for mode, f in found.items():
        print(f"printables {mode}: {f['pdf_seconds']:.1f} s drawing {f['pdfs']:.0f} printables "
              f"(whole build {f['build_seconds']:.1f} s; medians of {RUNS} builds)")
    print(f"drawing time now: {found['now']['pdf_seconds'] / found['before']['pdf_seconds']:.0%} of before "
          "(aim: 50 %)")


if __name__ == "__main__":
    main()
