"""Scenario files: a mutation fuzzer over every kind, run through ``gaslight check`` as a designer runs it.

Each input is a bundled scenario file changed a little: text mutations (characters inserted, deleted or
replaced, lines swapped or cut) and value mutations (one value of the parsed file replaced by something
hostile: huge or fractional numbers, the probe strings, deep lists, bad tags, aliases). It is checked with
the files it needs beside it (a case with its mansion) and the outcome is classified as the package says.
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import yaml
from gaslight.cli import main as gaslight
from gaslight.resources import BUNDLED_DIR

from benchmarks.fuzz import Outcome, is_internal, unlocated_lines

NAME = "scenarios"
COUNT = 20_000
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
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = gaslight(["check", "--timeout", CASE_SECONDS, *(str(workdir / n) for n in (target, *needs))])
    seconds = time.perf_counter() - start
    printed = out.getvalue()
    return Outcome(NAME, target, int(code), seconds, unlocated_lines(printed.splitlines()),
                   is_internal(int(code), printed + err.getvalue()), text)


def one(rng: random.Random, workdir: Path) -> Outcome:
    """One mutated file of a target chosen by ``rng``, checked in ``workdir``."""
    target, needs = rng.choice(TARGETS)
    text = mutate(rng, (BUNDLED_DIR / target).read_text(encoding="utf-8"))
    return check_one(workdir, target, needs, text)
