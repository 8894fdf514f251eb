"""``gaslight playtest DECK-OR-RULESET``: mutated Ripper rummy and 24 decks and rulesets, played as a designer would.

Each input copies the bundled deck and ruleset of one game into a folder of its own, changes one to three lines
of either (a number made hostile: zero, negative, huge, a fraction, text; a line deleted or doubled) and runs
``gaslight playtest`` on the deck or the ruleset with a few games, a random table size and sometimes a variant.
A clean report, a usage error, the check's located problems or the engines' game-data problems are all fine.

* internal error — exit code 3, "internal error" or a traceback;
* unlocated error — an ``error:`` line that names no file, line and column (a usage error names none: it is
  about the command line, and is printed as ``gaslight: error: …``, which is not counted);
* hang — a run longer than :data:`benchmarks.fuzz.HANG_SECONDS`.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import shutil
import time
from pathlib import Path

from gaslight.cli import main as gaslight
from gaslight.resources import BUNDLED_DIR

from benchmarks.fuzz import Outcome, is_internal, unlocated_lines

NAME = "card_playtest"
COUNT = 2_000  # each input plays bot games under Node.js: a few tenths of a second
GAMES = {"rummy": "ripper-rummy", "twentyfour": "twenty-four"}
HOSTILE = ("0", "-1", "1000000000", "2.5", "x", "[]", "{}", "null", "100", "3", "999")
NUMBER = re.compile(r"(?<![\w.-])\d+(?![\w.])")


def mutate(rng: random.Random, text: str) -> tuple[str, str]:
    """One change to a YAML text: a number made hostile, or a line deleted or doubled; the text and what changed."""
    lines = text.split("\n")
    numbered = [i for i, line in enumerate(lines) if NUMBER.search(line) and not line.lstrip().startswith("#")]
    choice = rng.random()
    if numbered and choice < 0.7:
        i = rng.choice(numbered)
        spots = list(NUMBER.finditer(lines[i]))
        spot = rng.choice(spots)
        value = rng.choice(HOSTILE)
        lines[i] = lines[i][:spot.start()] + value + lines[i][spot.end():]
        return "\n".join(lines), f"line {i + 1}: {spot.group()} -> {value}"
    i = rng.randrange(len(lines))
    if choice < 0.85:
        return "\n".join(lines[:i] + lines[i + 1:]), f"line {i + 1} deleted"
    return "\n".join(lines[:i + 1] + lines[i:]), f"line {i + 1} doubled"


def one(rng: random.Random, workdir: Path) -> Outcome:
    """A mutated deck or ruleset of Ripper rummy or 24 in ``workdir``, playtested with a few games."""
    game = rng.choice(sorted(GAMES))
    ident = GAMES[game]
    folder = workdir / "game"
    folder.mkdir(parents=True, exist_ok=True)
    files = {"deck": folder / f"{ident}-deck.yaml", "ruleset": folder / f"{ident}.yaml"}
    shutil.copyfile(BUNDLED_DIR / "decks" / f"{ident}.yaml", files["deck"])
    shutil.copyfile(BUNDLED_DIR / "rulesets" / f"{ident}.yaml", files["ruleset"])
    done = []
    for _ in range(rng.choice((1, 1, 2, 3))):
        target = files[rng.choice(("deck", "ruleset"))]
        text, change = mutate(rng, target.read_text(encoding="utf-8"))
        target.write_text(text, encoding="utf-8")
        done.append(f"{target.name} {change}")
    played = files[rng.choice(("deck", "ruleset"))]
    argv = ["playtest", str(played), "--games", str(rng.choice((1, 2, 3))), "--jobs", "1",
            "--seed", str(rng.randrange(1000))]
    if rng.random() < 0.5:
        argv += ["--players", str(rng.randrange(1, 7))]
    if rng.random() < 0.3:
        argv += ["--variant", rng.choice(("default", "high-stakes", "draft-assists", "nope"))]
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = int(gaslight(argv))
    seconds = time.perf_counter() - start
    printed = out.getvalue() + err.getvalue()
    lines = [line for line in printed.splitlines() if not line.startswith("gaslight: error: ")]
    return Outcome(NAME, played.name, code, seconds, unlocated_lines(lines), is_internal(code, printed),
                   f"{'; '.join(done)} | {' '.join(argv[2:])}")
