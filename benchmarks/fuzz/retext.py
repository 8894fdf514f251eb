"""``python -m gaslight.domain.walton.retext``: a case's stored texts rendered again, from mutated files.

Each input is a bundled case (text mutations, or its cards' speakers and claims replaced by odd values: unknown
ids, numbers, lists, nulls) and the bundled mansion with mutated voices (victim names, ``calls_victim``, motive
kinds and servant duties of odd values, or text mutations). The mansion is checked first, as the tool does; a
file it cannot read must be named with its reason (exit 1), never a traceback. Besides the package's classes, an
output file that differs from its input outside ``text:`` lines counts as an internal error.
"""

from __future__ import annotations

import contextlib
import io
import random
import time
import traceback
from pathlib import Path

from benchmarks.fuzz import Outcome
from benchmarks.fuzz.scenarios import mutate_text

NAME = "retext"
COUNT = 5_000  # each input loads a mansion and renders 70 cards (about 0.1 s)

REPO = Path(__file__).resolve().parents[2]
MANSION = REPO / "scenarios" / "walton" / "mansion.yaml"
CASES = sorted((REPO / "scenarios" / "walton" / "cases").glob("*.yaml"))
ODD = ("", "the master", "Lady Ashcombe", "my husband", "“Ma”", "O'Hara", "debt", "secret",
       "The Mistress", "x" * 300, "“quoted”", "{victim}", "{0}", "%s", "my {him}", "null",
       "[a, b]", "{a: 1}", "7", "ghost", "grudge", "table", "grounds", "'it''s'", "\\u0000", "<b>b</b>")
VOICE_LINES = ("victim: {name: %s, pronoun: she}\n", "victim: {called: %s}\n",
               "victim: {name: %s, pronoun: they}\n", "victim: %s\n")


def _mansion(rng: random.Random, text: str) -> str:
    if rng.random() < 0.5:  # half the inputs reach the cards: most mutated mansions are refused
        return text
    for _ in range(rng.randint(1, 3)):
        odd = rng.choice(ODD)
        action = rng.choice(("victim", "calls", "kind", "duty", "text"))
        if action == "victim":
            text = text.replace("victim: {name: Mr Walton, pronoun: he}\n", rng.choice(VOICE_LINES) % odd)
        elif action == "calls":
            text = text.replace("    initials: GG\n", f"    initials: GG\n    calls_victim: {odd}\n")
        elif action == "kind":
            text = text.replace("kind: debt}", f"kind: {odd}}}", 1)
        elif action == "duty":
            text = text.replace("duty: grounds}", f"duty: {odd}}}")
        else:
            text = mutate_text(rng, text)
    return text


def _case(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True)
    for _ in range(rng.randint(1, 5)):
        at = rng.randrange(len(lines))
        line = lines[at]
        if rng.random() < 0.3:
            return mutate_text(rng, text)
        if line.startswith("    speaker: "):
            lines[at] = f"    speaker: {rng.choice(ODD) or 'ghost'}\n"
        elif line.startswith("      - {type: "):
            lines[at] = line.replace("suspect: ", f"suspect: {rng.choice(ODD)}", 1) if rng.random() < 0.5 else \
                line.replace("type: ", f"type: {rng.choice(ODD)}", 1)
        elif line.startswith("  - number: "):
            lines[at] = f"  - number: {rng.choice(('1', '-3', 'x', '99999999999999999999', '[1]'))}\n"
    return "".join(lines)


def one(rng: random.Random, workdir: Path) -> Outcome:
    from gaslight.domain.walton.retext import main

    mansion = workdir / "mansion.yaml"
    mansion.write_text(_mansion(rng, MANSION.read_text(encoding="utf-8")), encoding="utf-8")
    source = rng.choice(CASES)
    case = workdir / source.name
    before = _case(rng, source.read_text(encoding="utf-8"))
    case.write_text(before, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    internal, code = False, 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["--mansion", str(mansion), str(case)])
        except Exception:  # any exception is the finding
            internal, code = True, 3
            err.write(traceback.format_exc())
    seconds = time.perf_counter() - started
    after = case.read_text(encoding="utf-8")
    changed = [a for a, b in zip(before.splitlines(), after.splitlines(), strict=False)
               if a != b and not a.startswith("    text: ")]
    if changed or len(before.splitlines()) != len(after.splitlines()):
        internal = True
        err.write(f"changed outside text lines: {changed[:1]}")
    return Outcome(NAME, source.name, code, seconds, (), internal or code not in (0, 1),
                   (err.getvalue()[-1500:]) if internal else "")
