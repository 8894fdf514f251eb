"""Deck figures: loading and checking the bundled decks, imposing their card sheets and Walton case cards,
their PNG faces and Tabletop Simulator sheets, and loading the same cards from a CSV table beside a deck
file against from the YAML (in the same run). Medians of several runs.

Run with ``.venv/bin/python -m benchmarks bench_decks``.
"""

from __future__ import annotations

import csv
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from gaslight.domain.decks.deck import composition_problems
from gaslight.outputs.card_faces import card_sheet, case_card_sheet
from gaslight.outputs.card_images import face_pngs, tts_sheets
from gaslight.outputs.cardsheet import CardSheetSettings
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR


def median_of(runs: int, work: Callable[[], object]) -> float:
    """The median of ``runs`` timings, in milliseconds."""
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def table_against_yaml(folder: Path) -> None:
    """The rummy deck's cards loaded from a CSV table and from the YAML, the rest of the file the same."""
    text = (BUNDLED_DIR / "decks" / "ripper-rummy.yaml").read_text(encoding="utf-8")
    project, _ = load_project([BUNDLED_DIR / "decks" / "ripper-rummy.yaml"], deep=False)
    deck = project.of_kind("deck")[0]
    (folder / "yaml").mkdir()
    (folder / "yaml" / "deck.yaml").write_text(text, encoding="utf-8")
    (folder / "table").mkdir()
    head, rest = text.split("\ncards:\n", 1)
    tail = rest[rest.index("\ncomposition:"):]
    (folder / "table" / "deck.yaml").write_text(head + "\ncards_file: cards.csv" + tail, encoding="utf-8")
    fields = sorted({name for card in deck.cards for name, _ in card.fields})
    with open(folder / "table" / "cards.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "type", "name", "suit", "value", "copies", "text", "flavour", "playtest", *fields])
        for card in deck.cards:
            writer.writerow([card.id, card.type, card.name, card.suit or "", "" if card.value is None else card.value,
                             card.copies, card.text, card.flavour, "yes" if card.playtest else "",
                             *(card.get(name, "") for name in fields)])
    for kind in ("yaml", "table"):
        loaded, report = load_project([folder / kind], deep=False)
        assert report.ok, report.format_text()
        assert [c.id for c in loaded.of_kind("deck")[0].cards] == [c.id for c in deck.cards]
        ms = median_of(9, lambda k=kind: load_project([folder / k], deep=False))
        print(f"rummy deck, {len(deck.cards)} cards from {'the YAML' if kind == 'yaml' else 'a CSV table'}: "
              f"{ms:8.1f} ms to load")


def main() -> None:
    folders = [BUNDLED_DIR / "decks", BUNDLED_DIR / "rulesets"]
    project, report = load_project(folders)
    assert report.ok, report.format_text()
    print(f"load + check decks and rulesets: {median_of(5, lambda: load_project(folders)):8.1f} ms")
    for deck in project.of_kind("deck"):
        print(f"{deck.id}: {deck.size} cards, {len(deck.rules)} composition rules")
        print(f"  composition check:           {median_of(20, lambda d=deck: composition_problems(d)):8.2f} ms")
        for name, settings in (("A4 sheet (fronts + backs)", CardSheetSettings(page="a4")),
                               ("Letter sheet (fronts + backs)", CardSheetSettings(page="letter")),
                               ("print-shop file", CardSheetSettings(layout="single", bleed_mm=3))):
            pdf = card_sheet(deck, settings)
            ms = median_of(3, lambda d=deck, s=settings: card_sheet(d, s))
            print(f"  {name:29s} {ms:8.1f} ms  {len(pdf) / 1024:7.1f} KiB  ({ms / deck.size:.2f} ms a card)")
    walton, walton_report = load_project([BUNDLED_DIR / "walton"], deep=False)
    for case in walton.of_kind("case") if walton_report.ok else ():
        mansion = walton.by_id("mansion", case.mansion)
        ms = median_of(3, lambda c=case, m=mansion: case_card_sheet(c, m, CardSheetSettings()))
        print(f"Walton case {case.id}: {len(case.cards)} cards, A4 sheet {ms:.1f} ms")
    for deck in project.of_kind("deck"):
        faces = median_of(3, lambda d=deck: face_pngs(d, dpi=300))
        tts = median_of(3, lambda d=deck: tts_sheets(d))
        sheets = tts_sheets(deck).sheets
        print(f"{deck.id}: {len(deck.cards)} PNG faces at 300 dpi {faces:8.1f} ms; "
              f"Tabletop Simulator sheets ({len(sheets)} of {sheets[0].columns} × {sheets[0].rows} cards of "
              f"{sheets[0].grid.card[0]} × {sheets[0].grid.card[1]} px) {tts:8.1f} ms")
    with tempfile.TemporaryDirectory() as folder:
        table_against_yaml(Path(folder))


if __name__ == "__main__":
    main()
