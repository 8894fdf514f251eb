"""Deck figures: loading and checking the bundled decks, imposing their card sheets and Walton case cards.

Run with ``.venv/bin/python -m benchmarks bench_decks``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gaslight.domain.decks.deck import composition_problems
from gaslight.outputs.card_faces import card_sheet, case_card_sheet
from gaslight.outputs.cardsheet import CardSheetSettings
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The fastest of ``runs`` timings, in milliseconds."""
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        timings.append((time.perf_counter() - start) * 1000)
    return min(timings)


def main() -> None:
    folders = [BUNDLED_DIR / "decks", BUNDLED_DIR / "rulesets"]
    project, report = load_project(folders)
    assert report.ok, report.format_text()
    print(f"load + check decks and rulesets: {best_of(5, lambda: load_project(folders)):8.1f} ms")
    for deck in project.of_kind("deck"):
        print(f"{deck.id}: {deck.size} cards, {len(deck.rules)} composition rules")
        print(f"  composition check:           {best_of(20, lambda d=deck: composition_problems(d)):8.2f} ms")
        for name, settings in (("A4 sheet (fronts + backs)", CardSheetSettings(page="a4")),
                               ("Letter sheet (fronts + backs)", CardSheetSettings(page="letter")),
                               ("print-shop file", CardSheetSettings(layout="single", bleed_mm=3))):
            pdf = card_sheet(deck, settings)
            ms = best_of(3, lambda d=deck, s=settings: card_sheet(d, s))
            print(f"  {name:29s} {ms:8.1f} ms  {len(pdf) / 1024:7.1f} KiB  ({ms / deck.size:.2f} ms a card)")
    walton, walton_report = load_project([BUNDLED_DIR / "walton"], deep=False)
    for case in walton.of_kind("case") if walton_report.ok else ():
        mansion = walton.by_id("mansion", case.mansion)
        ms = best_of(3, lambda c=case, m=mansion: case_card_sheet(c, m, CardSheetSettings()))
        print(f"Walton case {case.id}: {len(case.cards)} cards, A4 sheet {ms:.1f} ms")


if __name__ == "__main__":
    main()
