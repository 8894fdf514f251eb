"""Live preview (issue 39): a save re-runs the contributors that read the saved file itself, not every reader of
its kind, and reloads the saved file with what it needs and what uses it, not the whole project."""

from __future__ import annotations

from pathlib import Path

import gaslight.project
import pytest
from gaslight.config import load_config
from gaslight.serve import Preview, Rebuilt

from tests.foundation.helpers import new_project

HUNT_READERS = {"gaslight.outputs.home:contribute", "gaslight.outputs.engine:hunt",
                "gaslight.outputs.tts_board:contribute", "gaslight.outputs.boards:contribute",
                "gaslight.outputs.balance:contribute", "gaslight.outputs.rules:contribute",
                "gaslight.outputs.home:link_sections"}
WALTON = "gaslight.outputs.walton:contribute"
DECKS = "gaslight.outputs.decks:contribute"
DECK_CARDS = "gaslight.outputs.deck_cards:contribute"
CASE_CARDS = "gaslight.outputs.case_cards:contribute"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Preview, Path]:
    """One project and its preview, built once (each test's edits are new, and each test undoes nothing)."""
    folder = tmp_path_factory.mktemp("serve-depends")
    root = new_project(folder, "Fog")
    config, report = load_config(root / "gaslight.yaml")
    assert config is not None, report.format_text()
    preview = Preview(config, folder / "work")
    assert preview.rebuild().report.ok
    return root, preview, folder / "work" / "docs"


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path.name} no longer holds {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_hunt_rule_text_edit_leaves_the_walton_and_deck_pages(live: tuple[Path, Preview, Path]) -> None:
    root, preview, docs = live
    replace_in(root / "rules" / "foggy-nights.yaml", "to count Jack's remaining coach tokens.",
               "to count Jack's remaining coach tokens and lanterns.")
    result = preview.rebuild()
    assert set(result.contributors) == HUNT_READERS
    assert any("coach tokens and lanterns" in page.read_text(encoding="utf-8") for page in docs.rglob("rules.md"))


def test_a_rule_text_edit_of_a_deck_s_game_reruns_the_deck_pages_only_besides_the_rules(
        live: tuple[Path, Preview, Path]) -> None:
    root, preview, _ = live
    replace_in(root / "rules" / "alibi-cards.yaml", "Draw a card, then", "Draw a card from the deck, then")
    result = preview.rebuild()
    assert set(result.contributors) == {"gaslight.outputs.home:contribute", "gaslight.outputs.rules:contribute",
                                        DECKS, DECK_CARDS, "gaslight.outputs.home:link_sections"}, \
        "the printed cards quote the ruleset"


def test_a_ruleset_title_edit_reruns_every_reader_of_rulesets(live: tuple[Path, Preview, Path]) -> None:
    root, preview, docs = live
    replace_in(root / "rules" / "alibi-cards.yaml", "title: Alibi cards", "title: Alibi cards at dusk")
    result = preview.rebuild()
    assert {WALTON, DECKS} | HUNT_READERS <= set(result.contributors), "the games' sections are named by title"
    assert any("Alibi cards at dusk" in page.read_text(encoding="utf-8") for page in docs.rglob("*.md"))


def test_a_case_save_loads_the_case_and_its_mansion_only(live: tuple[Path, Preview, Path],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    root, preview, docs = live
    loaded: list[str] = []
    real = gaslight.project.load_document

    def recording(doc, report, *language):  # type: ignore[no-untyped-def]
        loaded.append(Path(doc.file).name)
        return real(doc, report, *language)

    monkeypatch.setattr(gaslight.project, "load_document", recording)
    replace_in(root / "walton" / "cases" / "first-case.yaml", "it was not the cleaning rod.",
               "it was not the cleaning rod, I swear it.")
    result = preview.rebuild()
    assert sorted(loaded) == ["first-case.yaml", "mansion.yaml"]
    assert result.report.ok and set(result.contributors) == {"gaslight.outputs.engine:contribute", WALTON, CASE_CARDS,
                                                             "gaslight.outputs.home:link_sections"}, \
        "the Walton table's data and pages and the case cards, not the boards' play pages nor the decks' pages"
    assert any("I swear it" in page.read_text(encoding="utf-8") for page in docs.rglob("*.md"))


def test_a_partial_reload_keeps_the_problems_of_the_files_it_did_not_load(live: tuple[Path, Preview, Path]) -> None:
    root, preview, _ = live
    board = root / "boards" / "first-quarter.yaml"
    good = board.read_text(encoding="utf-8")
    replace_in(board, "kind: board", "kind: board\nbogus: 1")
    assert [(Path(d.location.file).name, d.message) for d in preview.rebuild().report.errors] == [
        ("first-quarter.yaml", "unknown key 'bogus'")]
    replace_in(root / "decks" / "alibi-cards.yaml", "title: Alibi cards", "title: Alibi cards (second printing)")
    assert [(Path(d.location.file).name, d.message) for d in preview.rebuild().report.errors] == [
        ("first-quarter.yaml", "unknown key 'bogus'")], "the board was not loaded again, and is still broken"
    board.write_text(good, encoding="utf-8")
    assert preview.rebuild().report.ok


def saved_early(preview: Preview, saved: Path, old: str, new: str, first: Path,
                later: Path) -> tuple[list[tuple[bool, bool]], Rebuilt]:
    """Save ``new`` for ``old`` in ``saved`` and rebuild: whether ``first`` and ``later`` showed the saved words
    (``new`` after its key) each time the preview showed its early pages, and the rebuild."""
    words = new.split(": ", 1)[-1]
    seen: list[tuple[bool, bool]] = []
    preview.early = lambda: seen.append((words in first.read_text(encoding="utf-8"),
                                         words in later.read_text(encoding="utf-8")))
    try:
        replace_in(saved, old, new)
        return seen, preview.rebuild()
    finally:
        preview.early = None


def test_a_saved_board_s_own_page_is_shown_before_the_other_pages_it_feeds(live: tuple[Path, Preview, Path]) -> None:
    root, preview, docs = live
    play = docs / "play" / "first-quarter.md"
    seen, result = saved_early(preview, root / "boards" / "first-quarter.yaml", "title: My board", "title: Riverside",
                               docs / "boards" / "first-quarter.md", play)
    assert seen == [(True, False)], "the board's page, then the play page"
    assert "Riverside" in play.read_text(encoding="utf-8") and result.menu_changed
    assert set(result.contributors) == {"gaslight.outputs.engine:hunt", "gaslight.outputs.boards:contribute",
                                        "gaslight.outputs.balance:contribute", "gaslight.outputs.tts_board:contribute",
                                        "gaslight.outputs.home:link_sections"}


def test_a_saved_deck_s_page_is_shown_before_its_printables_are_drawn(live: tuple[Path, Preview, Path]) -> None:
    root, preview, docs = live
    page = next(path for path in docs.rglob("deck.md") if "At the market" in path.read_text(encoding="utf-8"))
    tts_object = docs / "print" / "decks" / "alibi-cards.tts.json"  # names each card
    seen, result = saved_early(preview, root / "decks" / "alibi-cards.yaml", "name: At the market",
                               "name: At the fish market", page, tts_object)
    assert seen == [(True, False)], "the deck's page, then its printables"
    assert "At the fish market" in tts_object.read_text(encoding="utf-8")
    assert "](../../print/decks/alibi-cards.tts.json)" in page.read_text(encoding="utf-8")
    assert set(result.contributors) == {DECKS, DECK_CARDS, "gaslight.outputs.home:link_sections"}
