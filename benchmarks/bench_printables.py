"""Time spent drawing PDFs in a full build of the bundled games, with reportlab's C accelerator
(``rl_accel``) and without it, one build after the other in the same run::

    .venv/bin/python -m benchmarks bench_printables

Each build runs in its own process; "without" blocks the accelerator's module before reportlab is
imported, so reportlab falls back to its Python functions (the bytes are the same either way).
Prints the seconds inside :func:`gaslight.outputs.pdf.render_pdf` and the number of PDFs.
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
if sys.argv[1] == "without":
    sys.modules["_rl_accel"] = None  # reportlab then uses its Python functions
import gaslight.outputs.pdf as pdf
from gaslight.outputs import cardsheet, poster, sheets
spent = [0.0, 0]
draw = pdf.render_pdf

def timed(*args, **kwargs):
    start = time.perf_counter()
    data = draw(*args, **kwargs)
    spent[0] += time.perf_counter() - start
    spent[1] += 1
    return data

for module in (cardsheet, poster, sheets):
    module.render_pdf = timed
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
        found = {mode: _run(mode, Path(tmp) / mode) for mode in ("without", "with")}
    for mode, f in found.items():
        print(f"printables {mode} rl_accel: {f['pdf_seconds']:.1f} s drawing {f['pdfs']} PDFs "
              f"(whole build {f['build_seconds']:.1f} s)")
    print(f"drawing time with the accelerator: {found['with']['pdf_seconds'] / found['without']['pdf_seconds']:.0%} "
          "of without")


if __name__ == "__main__":
    main()
