"""A mutation fuzzer over every kind of scenario file, run through ``gaslight check`` as a designer runs it.

Each input is a bundled scenario file changed a little: text mutations (characters inserted, deleted or
replaced, lines swapped or cut) and value mutations (one value of the parsed file replaced by something
hostile: huge or fractional numbers, the probe strings, deep lists, bad tags, aliases). It is checked with
the files it needs beside it (a case with its mansion) and the outcome is classified:

* internal error — exit code 3, or a diagnostic saying "internal error";
* unlocated error — an error line that names no file, line and column;
* hang — a check that took longer than ``HANG_SECONDS``.

Run: ``make fuzz`` (``.venv/bin/python -m benchmarks.fuzz --count 20000 --jobs 2``). The suite runs a small
seeded share of it (``tests/foundation/test_fuzz.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import shutil
import statistics
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import yaml
from gaslight.cli import main as gaslight
from gaslight.resources import BUNDLED_DIR

HANG_SECONDS = 5.0
CASE_SECONDS = "4"  # the case time limit: a slow proof is reported (located) before it counts as a hang

# (file to mutate, files it needs beside it), relative to the bundled scenarios.
TARGETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("boards/tutorial.yaml", ()),
    ("rulesets/whitechapel-hunt.yaml", ()),
    ("rulesets/walton.yaml", ()),
    ("rulesets/ripper-rummy.yaml", ()),
    ("rulesets/twenty-four.yaml", ()),
    ("decks/ripper-rummy.yaml", ("rulesets/ripper-rummy.yaml",)),
    ("decks/twenty-four.yaml", ("rulesets/twenty-four.yaml",)),
    ("walton/mansion.yaml", ()),
    ("walton/cases/oil-on-the-gravel.yaml", ("walton/mansion.yaml",)),
)

PROBES = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "</title><script>x</script>",
          "{{ 7*7 }}", "[x](javascript:alert(1))", "{{ 9**(9**9) }}", "{% for i in range(99999) %}x{% endfor %}")
HOSTILE_VALUES: tuple[object, ...] = (
    2147483648, -1, 0, 2.0, 1e9, 1e308, float("inf"), True, None, "", "x" * 5000, [], {}, [[[[[[1]]]]]],
    {"a": {"b": {"c": 1}}}, *PROBES,
)
TEXT_PIECES = (":", "- ", "[", "]", "{", "}", "&a ", "*a", "'", '"', "#", "!!int ", "!!bool ", "<<: *a", "\t",
               "? ", "|", ">", "~", "0x1F", "1_000", "10:30", "No", "\n")
_ERROR_LINE = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<column>\d+): (error|warning): ")


@dataclass(frozen=True)
class Outcome:
    target: str
    exit_code: int
    seconds: float
    unlocated: tuple[str, ...]
    internal: bool

    @property
    def hang(self) -> bool:
        return self.seconds > HANG_SECONDS


def mutate_text(rng: random.Random, text: str) -> str:
    """A few character- or line-level edits."""
    for _ in range(rng.randint(1, 4)):
        at = rng.randint(0, len(text))
        action = rng.choice(("insert", "delete", "replace", "swap-lines", "cut"))
        if action == "insert":
            text = text[:at] + rng.choice(TEXT_PIECES) + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + rng.randint(1, 20):]
        elif action == "replace":
            piece = rng.choice(TEXT_PIECES)
            text = text[:at] + piece + text[at + len(piece):]
        elif action == "swap-lines":
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        else:
            text = text[:at]
    return text


def _paths(value: object, path: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, (*path, index))


def mutate_value(rng: random.Random, text: str) -> str:
    """One value of the parsed file replaced by a hostile one (or its key dropped)."""
    data = yaml.safe_load(text)
    paths = [p for p in _paths(data) if p]
    if not paths:
        return text
    path = rng.choice(paths)
    parent = data
    for part in path[:-1]:
        parent = parent[part]  # type: ignore[index]
    if rng.random() < 0.15 and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = rng.choice(HOSTILE_VALUES)  # type: ignore[index]
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200)


def mutate(rng: random.Random, text: str) -> str:
    return mutate_value(rng, text) if rng.random() < 0.5 else mutate_text(rng, text)


def check_one(workdir: Path, target: str, needs: tuple[str, ...], text: str) -> Outcome:
    """Write ``text`` as ``target`` beside the files it needs and run ``gaslight check`` on them."""
    for name in (target, *needs):
        (workdir / name).parent.mkdir(parents=True, exist_ok=True)
    for name in needs:
        shutil.copyfile(BUNDLED_DIR / name, workdir / name)
    (workdir / target).write_text(text, encoding="utf-8")
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = gaslight(["check", "--timeout", CASE_SECONDS, *(str(workdir / n) for n in (target, *needs))])
    seconds = time.perf_counter() - start
    lines = out.getvalue().splitlines()
    unlocated = tuple(line for line in lines if (": error:" in line or ": warning:" in line) and not (
        (found := _ERROR_LINE.match(line)) and int(found["line"]) >= 1 and int(found["column"]) >= 1))
    internal = code == 3 or any("internal error" in line for line in lines)
    return Outcome(target, int(code), seconds, unlocated, internal)


def run(count: int, seed: int, worker: int = 0) -> list[Outcome]:
    """``count`` mutated inputs from ``seed``, checked one after another in a scratch folder."""
    rng = random.Random(f"{seed}-{worker}")
    texts = {name: (BUNDLED_DIR / name).read_text(encoding="utf-8") for name, _ in TARGETS}
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="gaslight-fuzz-") as scratch:
        for index in range(count):
            target, needs = TARGETS[index % len(TARGETS)]
            workdir = Path(scratch) / str(index % 4)
            shutil.rmtree(workdir, ignore_errors=True)
            outcomes.append(check_one(workdir, target, needs, mutate(rng, texts[target])))
    return outcomes


def _run_share(job: tuple[int, int, int]) -> list[Outcome]:
    count, seed, worker = job
    return run(count, seed, worker)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    shares = [(args.count // args.jobs + (i < args.count % args.jobs), args.seed, i) for i in range(args.jobs)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        outcomes = [o for share in pool.map(_run_share, shares) for o in share]
    wall = time.perf_counter() - start
    times = [o.seconds for o in outcomes]
    internal = [o for o in outcomes if o.internal]
    unlocated = [o for o in outcomes if o.unlocated]
    hangs = [o for o in outcomes if o.hang]
    print(f"inputs {len(outcomes)} · internal errors {len(internal)} · unlocated errors {len(unlocated)} · "
          f"hangs {len(hangs)} · worst {max(times):.2f} s · median {1000 * statistics.median(times):.1f} ms · "
          f"wall {wall:.0f} s on {args.jobs} processes")
    for outcome in (internal + unlocated + hangs)[:10]:
        print(f"  {outcome.target}: exit {outcome.exit_code}, {outcome.seconds:.2f} s, {outcome.unlocated[:2]}")


if __name__ == "__main__":
    main()
