"""``gaslight check FILE`` in a project: mutated headers and files, the scoped check held to the whole check.

Each input is a ``gaslight init`` project (its deck's inn card in ``decks/cards.csv``) changed a little: the
top-level keys that tie files together (``kind``, ``id``, ``mansion``, ``ruleset``, ``extends``, ``game``)
given other ids, misspelt ids or values a text scan cannot read (anchors, tags, flow collections, quotes),
deleted, repeated or moved; files copied under another name (repeated ids); text mutations; a broken table
cell; a renamed motive. Then the whole project is checked, and some of its files, folders or its card table
are checked by name (``--format json``, both).

Besides the package's classes (exit 3, unlocated errors, hangs), an input whose two reports disagree counts as
an internal error (a Gaslight bug; ``sample`` says which problem differs): the named check must report every
problem the whole check reports in the files named, and none that the whole check does not report. Only the
fixes may differ: a suggestion lists the ids of the files loaded ("allowed: …"), and the named check loads fewer.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import shutil
import time
from pathlib import Path
from typing import Any

from gaslight.cli import main as gaslight
from gaslight.commands.init import project_files

from benchmarks.fuzz import Outcome, is_internal
from benchmarks.fuzz.scenarios import mutate_text

NAME = "check_scope"
COUNT = 2_000  # each input is two checks of a project (about 0.5 s)
CASE_SECONDS = "4"

SCENARIOS = ("boards/first-quarter.yaml", "rules/foggy-nights.yaml", "rules/alibi-cards.yaml", "walton/mansion.yaml",
             "walton/cases/first-case.yaml", "decks/alibi-cards.yaml")
NAMED = (*SCENARIOS, "decks/cards.csv", "boards", "rules", "walton", "walton/cases", "decks", "decks/")
HEADER_KEYS = ("kind", "id", "mansion", "ruleset", "extends", "game")
VALUES = ("my-mansion", "first-case", "alibi-cards", "foggy-nights", "whitechapel-hunt", "first-quarter", "hunt",
          "walton", "my-mansio", "foggy-night", "board", "ruleset", "mansion", "case", "deck", "&a x", "*a", "[x]",
          "{a: 1}", '"my-mansion"', "'alibi-cards'", "my-mansion # the house", "", "!!str case", "x,y", "'it''s'",
          '"a\\"b"', "|\n  my-mansion", "? x")
INN_LINE = ("  - {id: at-the-inn, type: alibi, suit: night, name: At the inn, value: 2, copies: 2, "
            "text: The landlord poured your ale.}\n")
TABLE = "id,type,suit,name,value,copies,text\nat-the-inn,alibi,night,At the inn,2,2,The landlord poured your ale.\n"
# Warnings only a check of named files gives (about what was named).
NAMED_ONLY = ("no deck of the project reads this file", "left out: ")


def write_project(root: Path) -> None:
    for path, text in project_files(root, "Fuzz").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    deck = root / "decks" / "alibi-cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(INN_LINE, "").replace("# cards_file:", "cards_file:"),
                    encoding="utf-8")
    (root / "decks" / "cards.csv").write_text(TABLE, encoding="utf-8")


def _header_edit(rng: random.Random, text: str) -> str:
    key = rng.choice(HEADER_KEYS)
    line = re.compile(rf"^{key}:[^\n]*$", re.MULTILINE)
    found = line.search(text)
    new = f"{key}: {rng.choice(VALUES)}"
    action = rng.choice(("replace", "replace", "delete", "repeat", "move", "add"))
    if action == "add" or found is None:
        return text.rstrip("\n") + f"\n{new}\n"
    if action == "replace":
        return text[:found.start()] + new + text[found.end():]
    if action == "delete":
        return text[:found.start()] + text[found.end() + 1:]
    if action == "repeat":
        return text[:found.end()] + f"\n{new}" + text[found.end():]
    return text[:found.start()] + text[found.end() + 1:].rstrip("\n") + f"\n{found.group(0)}\n"


def mutate_project(rng: random.Random, root: Path) -> list[str]:
    """One to three edits of the project; what was done, for the report."""
    done = []
    for _ in range(rng.randint(1, 3)):
        rel = rng.choice(SCENARIOS)
        path = root / rel
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        action = rng.choice(("header", "header", "header", "copy", "text", "table", "motive"))
        if action == "header":
            path.write_text(_header_edit(rng, text), encoding="utf-8")
        elif action == "copy":
            shutil.copyfile(path, path.with_name(f"copy-{path.name}"))
        elif action == "text":
            path.write_text(mutate_text(rng, text), encoding="utf-8")
        elif action == "table":
            table = root / "decks" / "cards.csv"
            table.write_text(table.read_text(encoding="utf-8").replace(",2,2,", rng.choice((",two,2,", ",2,,",
                                                                                             ",2,2,x,"))),
                             encoding="utf-8")
        else:
            mansion = root / "walton" / "mansion.yaml"
            mansion.write_text(mansion.read_text(encoding="utf-8").replace("{id: shop,", "{id: store,"),
                               encoding="utf-8")
        done.append(f"{action} {rel}")
    return done


def _check(argv: list[str]) -> tuple[int, str, float]:
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = gaslight(argv)
    return int(code), out.getvalue() + err.getvalue(), time.perf_counter() - start


def _problems(printed: str) -> set[tuple[Any, ...]]:
    try:
        data = json.loads(printed[printed.index("{"):]) if "{" in printed else {}
    except ValueError:
        return set()
    return {(d["severity"], d["file"], d["line"], d["column"], d["message"])
            for d in data.get("errors", []) + data.get("warnings", [])}


def _unlocated(printed: str) -> tuple[str, ...]:
    """Problems of a JSON report with no line and column (every problem here is in a file)."""
    return tuple(f"{p[1]}:{p[2]}:{p[3]}: {p[0]}: {p[4]}" for p in sorted(_problems(printed), key=str)
                 if not (isinstance(p[2], int) and isinstance(p[3], int) and p[2] >= 1 and p[3] >= 1))


def _named_files(root: Path, named: list[str]) -> set[str]:
    """The displayed names of the files named, and of the files under the folders named."""
    files = set()
    for rel in named:
        path = root / rel
        found = [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else [path]
        files |= {os.path.relpath(p) for p in found}
    return files


def disagreement(root: Path, named: list[str], whole: str, scoped: str) -> str:
    """'' when the named check reports exactly the whole check's problems in the named files (and no others)."""
    whole_problems, scoped_problems = _problems(whole), _problems(scoped)
    invented = {p for p in scoped_problems - whole_problems if not p[4].startswith(NAMED_ONLY)}
    if invented:
        return f"only the named check reports {sorted(invented)[0]}"
    files = _named_files(root, named)
    lost = {p for p in whole_problems - scoped_problems if p[1] in files}
    return f"the named check misses {sorted(lost)[0]}" if lost else ""


def one(rng: random.Random, workdir: Path) -> Outcome:
    """A mutated project in ``workdir``, checked whole and by some of its files."""
    root = workdir / "game"
    write_project(root)
    done = mutate_project(rng, root)
    named = rng.sample(NAMED, rng.choice((1, 1, 1, 2)))
    config = ["-f", str(root / "gaslight.yaml"), "--format", "json", "--timeout", CASE_SECONDS]
    code_whole, whole, seconds_whole = _check(["check", *config])
    code, scoped, seconds = _check(["check", *config, *(str(root / rel) for rel in named)])
    internal = is_internal(code_whole, whole) or is_internal(code, scoped)
    differs = "" if internal else disagreement(root, named, whole, scoped)
    texts = "; ".join(done)
    return Outcome(NAME, " ".join(named), code, max(seconds, seconds_whole),
                   _unlocated(whole) + _unlocated(scoped),
                   internal or bool(differs), f"{differs} | edits: {texts} | named: {named}")
