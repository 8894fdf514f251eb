"""Scenario files: a mutation fuzzer over every kind, run through ``gaslight check`` as a designer runs it.

Each input is a bundled scenario file changed a little: text mutations (characters inserted, deleted or
replaced, lines swapped or cut), value mutations (one value of the parsed file replaced by something
hostile: huge or fractional numbers, the probe strings, deep lists, bad tags, aliases) and structure-aware
mutations (:func:`mutate_structure`: one value or key replaced as YAML text by type confusion, a huge or
non-finite number, recursion, fan-out or hostile unicode). It is checked with the files it needs beside it
(a case with its mansion) and the outcome is classified as the package says.
"""

from __future__ import annotations

import contextlib
import io
import json
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


# Numbers past what Gaslight reads: over Python's 4,300-digit int() limit, over the float range, not finite.
HUGE_NUMBERS = ("9" * 4301, "-" + "9" * 5000, "1" + "0" * 101, "0x" + "f" * 5000, "0o" + "7" * 5000, "1e400",
                "-1e400", "1" + "0" * 400 + ".5", ".nan", ".NaN", ".inf", "-.Inf", "+.inf", "!!float 1e400",
                "!!int " + "9" * 5000, "!!float " + "9" * 5000, "!!float 0x1F", "!!float .nan", "1e308", "5e-324",
                "9223372036854775808", "-9223372036854775809", "18446744073709551616", "0.1e-400", "-0")
# Hostile text, written as YAML scalars (double-quoted escapes reach characters a file cannot hold raw).
UNICODE_TEXTS = ("\u202eevil\u202c", "e" + "\u0301" * 2000, r'"\u202eevil\u202c"', r'"a\0b"', r'"\ud800"',
                 r'"\udfff x"', "\U0001F575\u200d\u2642\ufe0f", "\U0001F480" * 3000, "x" * 200_000, "\ufeffid",
                 "line\u2028break\u2029", r'"\x85\x1b[31m\x00"', r'"\uFFFE\uFFFF"', "'" + "\ufdfa" * 5000 + "'",
                 r'"\t\r\n"', '"%s%n%x"', '"../../etc/passwd"', "!!binary AAAA", "\u0000", "a\u0008b")
# Nesting and aliases: recursion (an anchor inside itself), depth, and fan-out (aliases that multiply).
RECURSIVE = ("&r [1, *r]", "&m {a: *m}", "[" * 70 + "]" * 70, "{a: " * 70 + "1" + "}" * 70, "[" * 5000 + "]" * 5000,
             "*undefined", "&a [&a [1]]")


def _fan_out(width: int, depth: int) -> str:
    """A flow mapping where each level's list names the level below ``width`` times (width ** depth values)."""
    levels = [f"l0: &f0 [{', '.join(['x'] * width)}]"]
    levels += [f"l{d}: &f{d} [{', '.join([f'*f{d - 1}'] * width)}]" for d in range(1, depth)]
    return "{" + ", ".join(levels) + "}"


def _confused(rng: random.Random, value: object) -> str:
    """``value`` as YAML text of another type: a list for a map and back, a number as text, booleans, null."""
    if isinstance(value, dict):
        return rng.choice((yaml.safe_dump(list(value.values()), default_flow_style=True, width=10**9).strip(),
                           "[]", '"' + ", ".join(map(str, value)) + '"', "1"))
    if isinstance(value, list):
        return rng.choice(("{" + ", ".join(f"k{i}: {json.dumps(v)}" for i, v in enumerate(value[:20])) + "}",
                           "{}", json.dumps(value[0]) if value else "~", f'"{len(value)}"'))
    if isinstance(value, bool):
        return rng.choice(("yes", "no", '"true"', "1", "0", "True", "on"))
    if isinstance(value, int | float):
        return rng.choice((f'"{value}"', f"'{value}'", f"{value}.0", f"{value}.5", "true", "[1, 2]", "{x: 1}",
                           f"!!str {value}", f"0x{abs(int(value)):x}", f"{-value}"))
    if isinstance(value, str):
        return rng.choice(("12", "-3", "1.5", "true", "null", "[a]", "{a: b}", "2001-12-14", "10:30", "0o17"))
    return rng.choice(("[]", "{}", "0", '""'))


_MARK = "gaslightfuzzmark"


def mutate_structure(rng: random.Random, text: str) -> str:
    """One value (or key) of the parsed file written anew as raw YAML text: type confusion, a huge or non-finite
    number, recursion, fan-out or hostile unicode; the file is dumped again with that text in its place."""
    data = yaml.safe_load(text)
    paths = [p for p in _paths(data) if p]
    if not paths:
        return text
    path = rng.choice(paths)
    parent = data
    for part in path[:-1]:
        parent = parent[part]  # type: ignore[index]
    current = parent[path[-1]]  # type: ignore[index]
    kind = rng.choice(("confuse", "number", "number", "recursion", "fan-out", "unicode", "key"))
    if kind == "confuse":
        raw = _confused(rng, current)
    elif kind == "number":
        raw = rng.choice(HUGE_NUMBERS)
        if isinstance(current, list) and current and rng.random() < 0.5:  # inside a list: a point, a pair
            raw = "[" + ", ".join(rng.choice((raw, "1")) for _ in current) + "]"
    elif kind == "recursion":
        raw = rng.choice(RECURSIVE)
    elif kind == "fan-out":
        raw = _fan_out(rng.choice((3, 10, 50)), rng.choice((3, 6, 12)))
    else:
        raw = rng.choice(UNICODE_TEXTS)
    if kind == "key" and isinstance(parent, dict):
        key = rng.choice(UNICODE_TEXTS[:8] + HUGE_NUMBERS[:4] + ("[a, b]", "{a: 1}", "? x", "<<", path[-1]))
        parent[f"{_MARK}key"] = current
        dumped = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200)
        return dumped.replace(f"{_MARK}key", str(key) if not isinstance(key, str) or key else "''", 1)
    parent[path[-1]] = _MARK  # type: ignore[index]
    dumped = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200)
    return dumped.replace(_MARK, raw, 1)


def mutate(rng: random.Random, text: str) -> str:
    """A value, structure-aware or text mutation (a third each)."""
    choice = rng.random()
    if choice < 1 / 3:
        return mutate_value(rng, text)
    if choice < 2 / 3:
        return mutate_structure(rng, text)
    return mutate_text(rng, text)


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
                   is_internal(int(code), printed + err.getvalue()) or not writable(printed + err.getvalue()), text)


def writable(printed: str) -> bool:
    """Whether a real terminal could take the output: a StringIO holds a lone surrogate, UTF-8 stdout cannot."""
    try:
        printed.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def one(rng: random.Random, workdir: Path) -> Outcome:
    """One mutated file of a target chosen by ``rng``, checked in ``workdir``."""
    target, needs = rng.choice(TARGETS)
    text = mutate(rng, (BUNDLED_DIR / target).read_text(encoding="utf-8"))
    return check_one(workdir, target, needs, text)
