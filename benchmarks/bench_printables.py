"""Time spent drawing PDFs in a full build of the bundled games, as at the start of this work
(reportlab's Python functions, one PDF after the other) and now (its C accelerator ``rl_accel``,
card sheets on all cores), one build after the other in the same run::

    .venv/bin/python -m benchmarks bench_printables

Each build runs in its own process. "before" blocks the accelerator's module before reportlab is
imported, and keeps a second thread alive so :func:`gaslight.outputs.pdf.draw_all` draws one PDF
after the other (as it does in the live preview); the bytes are the same either way. Prints the
wall time spent drawing: inside ``render_pdf`` in the build's process plus inside ``draw_all``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import json, sys, time
from pathlib import Path
import threading
if sys.argv[1] == "before":
    sys.modules["_rl_accel"] = None  # reportlab then uses its Python functions
    threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()  # draw_all: one by one
import gaslight.outputs.pdf as pdf
from gaslight.outputs import cardsheet, decks, poster, sheets
spent = [0.0, 0]

def timed(draw, count):
    def run(*args, **kwargs):
        start = time.perf_counter()
        data = draw(*args, **kwargs)
        if threading.current_thread() is threading.main_thread() and not inside[0]:
            spent[0] += time.perf_counter() - start
        spent[1] += count(data)
        return data
    return run

inside = [False]
render = pdf.render_pdf
draw_all = pdf.draw_all

def all_timed(draw, jobs):
    start = time.perf_counter()
    inside[0] = True
    try:
        return draw_all(draw, jobs)
    finally:
        inside[0] = False
        spent[0] += time.perf_counter() - start
        spent[1] += len(jobs)

for module in (cardsheet, poster, sheets):
    module.render_pdf = timed(render, lambda data: 0 if inside[0] else 1)
decks.draw_all = all_timed
from gaslight.build import build_project
from gaslight.config import load_config
config, _ = load_config(Path(sys.argv[2]))
start = time.perf_counter()
build_project(config, Path(sys.argv[3]), progress=lambda message: None)
print(json.dumps({"pdf_seconds": spent[0], "pdfs": spent[1], "build_seconds": time.perf_counter() - start}))
"""


def _run(mode: str, out: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, mode, str(REPO / "scenarios" / "gaslight.yaml"), str(out)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        found = {mode: _run(mode, Path(tmp) / mode) for mode in ("before", "now")}
    for mode, f in found.items():
        print(f"printables {mode}: {f['pdf_seconds']:.1f} s drawing {f['pdfs']} PDFs "
              f"(whole build {f['build_seconds']:.1f} s)")
    print(f"drawing time now: {found['now']['pdf_seconds'] / found['before']['pdf_seconds']:.0%} of before "
          "(aim: 50 %)")


if __name__ == "__main__":
    main()
