"""A seeded share of the Ripper rummy saves fuzzer (``benchmarks/fuzz/rummy_saves.py``, ``make fuzz``) in the suite:
mutated real saves load cleanly or are refused with "not a saved game: …" — never another error, never a hang."""

from __future__ import annotations

import random
from pathlib import Path

from benchmarks.fuzz import rummy_saves


def test_mutated_rummy_saves_load_or_are_refused_cleanly(tmp_path: Path) -> None:
    rng = random.Random("rummy-saves-suite")
    outcomes = [rummy_saves.one(rng, tmp_path) for _ in range(120)]
    bad = [o.sample[:300] for o in outcomes if o.internal or o.hang]
    assert bad == []
    # The mutations reach both ends: some saves still load, most are refused.
    assert {o.exit_code for o in outcomes} == {0, 1}


def test_an_edited_save_is_refused_by_its_seal() -> None:
    drive, corpus = rummy_saves.driver()
    text = corpus[0]["text"]
    cut = text[:-20] + ("A" if text[-20] != "A" else "B") + text[-19:]
    answer = drive.ask({"op": "load", "text": cut}, timeout=30)
    assert answer == {"outcome": "refused",
                      "message": "not a saved game: the text was changed or cut short (its seal does not open)"}
