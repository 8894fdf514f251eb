"""Each kind of Gaslight value the build keeps in ``.gaslight-cache/`` (issue 39), counted by calls.

Walton proofs and hint ladders, drawn printables (PDF card sheets and Tabletop Simulator sheets, through
``draw_all``) and the card games' deck-page playtests: a second run with the same inputs computes nothing and
gives equal values; a changed input byte (a card's art under the same path too), option or Gaslight version
computes again, only what changed; a damaged entry is computed again. Balance self-play and the case pages'
table playtests are tested in ``test_result_cache.py``. The project is the one ``gaslight init`` writes, or a
copy of the showcase.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gaslight import cache as result_cache
from gaslight.cache import ResultCache, cached, forget_code, using
from gaslight.cli import main
from gaslight.config import load_config
from gaslight.domain.walton import verdict
from gaslight.outputs import pdf, walton
from gaslight.project import Project, load_configured

from tests.conftest import REPO


@pytest.fixture
def root(tmp_path: Path) -> Path:
    assert main(["init", str(tmp_path / "game")]) == 0
    return tmp_path / "game"


def load(root: Path) -> Project:
    config, report = load_config(root / "gaslight.yaml")
    assert config is not None, report.format_text()
    project, report = load_configured(config)
    assert report.ok, report.format_text()
    return project


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def count(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, size: Callable[..., int]) -> list[int]:
    """Wrap ``owner.name``: each call appends ``size(*args)`` (how much it was asked to compute)."""
    calls: list[int] = []
    real = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(size(*args))
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def corrupt_one(folder: Path, kind: str) -> None:
    """Cut the end off the entry of ``kind`` written or read last (one the next run needs)."""
    entry = max(folder.glob(f"{kind}-*.json"), key=lambda path: path.stat().st_mtime_ns)
    entry.write_bytes(entry.read_bytes()[:-20])


def recomputed_for_another_gaslight_and_a_damaged_entry(monkeypatch: pytest.MonkeyPatch, folder: Path, kind: str,
                                                        again: Callable[[], object], calls: list[int]) -> None:
    """``again()`` computes once more under another Gaslight version, and once more when its entry of ``kind`` is
    damaged (``calls``: :func:`count`'s list, each call one)."""
    done = len(calls)
    monkeypatch.setattr(result_cache, "__version__", "99.0")
    again()
    assert calls == [1] * (done + 1), "another Gaslight"
    corrupt_one(folder, kind)
    again()
    assert calls == [1] * (done + 2), "the damaged entry"


def test_walton_proofs_are_kept_per_case(root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    proved = count(monkeypatch, verdict, "prove", lambda mansion, case: 1)
    folder = tmp_path / "cache"

    def prove() -> list[str]:
        verdict.examine.cache_clear()  # the process's own memory of proofs: the disk cache is what is tested
        with using(ResultCache(folder)):
            return [f"{p.case.id}: {p.proof.eliminations} {p.proof.metrics}" for p in walton.prove_all(load(root))]

    first = prove()
    assert proved == [1] and first[0].startswith("first-case: ")
    assert prove() == first and proved == [1], "the same case and mansion: proven once"
    edit(root / "walton" / "cases" / "first-case.yaml", "Whatever killed him", "Whatever killed the man")
    prove()
    assert proved == [1, 1], "a card's text changed"
    with (root / "walton" / "cases" / "first-case.yaml").open("a", encoding="utf-8") as case:
        case.write("# a comment at the end changes no model\n")
    edited = prove()
    assert proved == [1, 1], "the same models: nothing is proven again"
    monkeypatch.setattr(result_cache, "__version__", "99.0")
    prove()
    assert proved == [1, 1, 1], "another Gaslight"
    corrupt_one(folder, "proof")
    assert prove() == edited and proved == [1, 1, 1, 1], "the damaged entry"


def test_drawn_card_sheets_are_kept_by_the_deck_its_art_and_the_paper(root: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from gaslight.outputs.card_faces import card_sheet
    from gaslight.outputs.card_images import tts_sheets
    from gaslight.outputs.cardsheet import CardSheetSettings
    from PIL import Image

    (root / "decks" / "art").mkdir()
    Image.new("RGB", (40, 60), "#b07d1a").save(root / "decks" / "art" / "day.png")
    edit(root / "decks" / "alibi-cards.yaml", 'colour: "#b07d1a", rank: 1}', 'colour: "#b07d1a", rank: 1, '
         'art: art/day.png}')
    drawn = count(monkeypatch, pdf, "_begin_each", lambda draw, jobs, together=1: len(jobs))
    folder = tmp_path / "cache"

    def draw(papers: tuple[str, ...] = ("a4", "letter")) -> tuple[list[bytes], Any]:
        (deck,) = load(root).of_kind("deck")
        with using(ResultCache(folder)):
            sheets = pdf.draw_all(card_sheet, [(deck, CardSheetSettings.for_print(deck.print_spec, paper))
                                               for paper in papers])
            return sheets, pdf.draw_all(tts_sheets, [(deck,)])

    first = draw()
    assert drawn == [2, 1] and first[0][0].startswith(b"%PDF")
    assert draw() == first and drawn == [2, 1], "the same deck and art: nothing drawn, the same bytes"
    Image.new("RGB", (40, 60), "#112233").save(root / "decks" / "art" / "day.png")
    assert draw() != first and drawn == [2, 1, 2, 1], "the art's bytes changed (its path did not)"
    draw(("a4", "letter", "a4"))
    assert drawn == [2, 1, 2, 1], "the same papers again"
    edit(root / "decks" / "alibi-cards.yaml", "print: {size: poker}", "print: {size: bridge}")
    draw()
    assert drawn == [2, 1, 2, 1, 2, 1], "another card size"
    monkeypatch.setattr(result_cache, "__version__", "99.0")
    latest = draw()
    assert drawn[-2:] == [2, 1] and len(drawn) == 8, "another Gaslight"
    corrupt_one(folder, "drawn")
    assert draw() == latest and drawn[-1:] == [1] and len(drawn) == 9, "one sheet drawn again"


def test_a_drawing_whose_inputs_are_not_all_its_arguments_is_never_kept(tmp_path: Path) -> None:
    """A closure or a bound method reads what its arguments do not show: drawn every time."""
    calls: list[bytes] = []

    def closure(text: bytes) -> bytes:
        calls.append(text)
        return text + suffix

    class Sheet:
        def draw(self, text: bytes) -> bytes:
            calls.append(text)
            return text + suffix

    folder = tmp_path / "cache"
    for suffix in (b" one", b" two"):
        with using(ResultCache(folder)):
            assert pdf.draw_all(closure, [(b"card",)]) == [b"card" + suffix]
            assert pdf.draw_all(Sheet().draw, [(b"card",)]) == [b"card" + suffix]
    assert len(calls) == 4 and not folder.exists()


def test_the_card_games_deck_playtests_are_kept_per_deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gaslight.outputs import playtest_pages
    from gaslight.play import node, playtest

    if not node.node_available():
        pytest.fail("Node.js plays the card games' bots; the suite needs it")
    shutil.copytree(REPO / "scenarios", tmp_path / "game")
    root = tmp_path / "game"
    edit(root / "gaslight.yaml", "output: ../build", "output: build")
    monkeypatch.setattr(playtest_pages, "BUILD_GAMES", {"rummy": 4, "twentyfour": 3})
    played = count(monkeypatch, playtest, "playtest", lambda game, variants, players, games, *rest: games)
    folder = tmp_path / "cache"

    def sections() -> list[str]:
        monkeypatch.setattr(playtest_pages, "_PLAYED", {})  # the process's memory: the disk cache is tested
        project = load(root)
        with using(ResultCache(folder)):
            return [playtest_pages.deck_playtest(project, deck) for deck in project.of_kind("deck")]

    first = sections()
    assert sorted(played) == [3, 4] and all("## Playtest" in section for section in first)
    assert sections() == first and len(played) == 2, "the same decks and rules: no game replayed"
    edit(root / "rulesets" / "twenty-four.yaml", 'title: {en: "24", ja: "24"}', 'title: {en: "24, edited", ja: "24"}')
    sections()
    assert played[2:] == [3], "the 24 ruleset changed (its bots read the title): 24 alone is played again"
    monkeypatch.setattr(playtest_pages, "BUILD_GAMES", {"rummy": 4, "twentyfour": 5})
    sections()
    assert played[3:] == [5], "another number of games for 24 only"
    monkeypatch.setattr(result_cache, "__version__", "99.0")
    latest = sections()
    assert sorted(played[4:]) == [4, 5], "another Gaslight"
    corrupt_one(folder, "cardplay")
    assert sections() == latest and len(played) == 7, "the damaged entry alone"


def test_a_changed_byte_of_gaslights_code_computes_a_value_again(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "package"
    (package / "outputs").mkdir(parents=True)
    (package / "outputs" / "poster.py").write_text("RADIUS = 1\n", encoding="utf-8")
    monkeypatch.setattr(result_cache, "PACKAGE_DIR", package)
    monkeypatch.setattr(result_cache, "SITE_DIR", tmp_path / "no-site")
    calls: list[int] = []
    folder = tmp_path / "cache"

    def poster() -> bytes:
        forget_code()
        with using(ResultCache(folder)):
            return cached("drawn", ("poster", 7), lambda: calls.append(1) or b"%PDF")

    assert poster() == poster() == b"%PDF" and calls == [1]
    (package / "outputs" / "poster.py").write_text("RADIUS = 2\n", encoding="utf-8")
    assert poster() == b"%PDF" and calls == [1, 1]
    forget_code()


def test_schema_checks_of_valid_data_are_kept_and_errors_never(root: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from gaslight import schema
    from gaslight.yamlio import parse_text

    checked = count(monkeypatch, schema, "_reported", lambda validator, doc, report: 1)
    folder = tmp_path / "cache"
    deck = (root / "decks" / "alibi-cards.yaml").read_text(encoding="utf-8")

    def check(text: str) -> list[str]:
        doc, report = parse_text(text, "deck.yaml")
        assert doc is not None
        with using(ResultCache(folder)):
            schema.validate(doc, "deck.schema.json", report)
        return [f"{d.location}: {d.message}" for d in report.diagnostics]

    assert check(deck) == [] and checked == [1]
    assert check(deck) == [] and checked == [1], "the same data, found valid before"
    assert check(deck + "# a comment\n") == [] and checked == [1], "a comment: the same data"
    assert check(deck.replace("copies: 3", "copies: 4", 1)) == [] and checked == [1, 1], "another value"
    broken = deck.replace("print: {size: poker}", "print: {size: poker, colour: red}")
    for _ in range(2):
        assert check(broken) == ["deck.yaml:12:22: unknown key 'colour'"]
    assert checked == [1, 1, 1, 1], "data with errors is checked every time"
    monkeypatch.setattr(result_cache, "__version__", "99.0")
    check(deck)
    assert checked == [1, 1, 1, 1, 1], "another Gaslight"
    corrupt_one(folder, "valid")
    assert check(deck) == [] and checked == [1, 1, 1, 1, 1, 1]


def test_hint_ladders_are_kept_per_case_and_language(root: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    told = count(monkeypatch, walton, "ladder", lambda mansion, case, proof, language: 1)
    folder = tmp_path / "cache"

    def rungs(language: str = "en") -> list[tuple[int, bool, str, str]]:
        with using(ResultCache(folder)):
            (proven,) = walton.prove_all(load(root))
            return walton.hint_rungs(proven, language)

    first = rungs()
    assert told == [1] and first[0][0] == 1 and first[-1][1], "told once, the last rung a conclusion"
    assert rungs() == first and told == [1], "the same case and mansion: told once"
    rungs("ja")
    assert told == [1, 1], "another language"
    edit(root / "walton" / "cases" / "first-case.yaml", "Whatever killed him", "Whatever killed the man")
    assert rungs() != first and told == [1, 1, 1], "a card's text changed"
    recomputed_for_another_gaslight_and_a_damaged_entry(monkeypatch, folder, "hint", rungs, told)


def test_investigation_sheets_are_kept_per_mansion_paper_and_language(root: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from gaslight.outputs import investigation_sheet as sheet

    drawn = count(monkeypatch, sheet, "render_pdf", lambda pagesize, title, draw: 1)
    folder = tmp_path / "cache"

    def pdf(page: str = "a4", language: str = "en") -> bytes:
        with using(ResultCache(folder)):
            (mansion,) = load(root).of_kind("mansion")
            return sheet.investigation_sheet(mansion, page, language)

    first = pdf()
    assert drawn == [1] and first.startswith(b"%PDF")
    assert pdf() == first and drawn == [1], "the same mansion and paper: drawn once"
    pdf("letter"), pdf("a4", "ja")
    assert drawn == [1, 1, 1], "another paper, another language"
    edit(root / "walton" / "mansion.yaml", "title: My mansion", "title: My house")
    assert pdf() != first and drawn == [1, 1, 1, 1], "the mansion's title changed"
    edit(root / "walton" / "cases" / "first-case.yaml", "Whatever killed him", "Whatever killed the man")
    pdf()
    assert drawn == [1, 1, 1, 1], "a case's card: the sheet is the mansion's alone"
    recomputed_for_another_gaslight_and_a_damaged_entry(monkeypatch, folder, "investigation", pdf, drawn)


def test_tabletop_simulator_objects_are_kept_by_their_cards_and_layout_not_their_pixels(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gaslight.outputs import tts
    from gaslight.outputs.card_images import TtsCard, TtsGrid, TtsPictures, TtsSheet

    written = count(monkeypatch, tts, "saved_object", lambda pictures, names, base, description: 1)
    folder = tmp_path / "cache"
    cards = (TtsCard("Card 1", "The lamp was lit.", 1, 1, 0), TtsCard("Card 2", "The door was bolted.", 2, 1, 1))

    def text(image: bytes = b"jpeg", card_text: str = "The door was bolted.", base: str = "https://x.org/print/",
             description: str = "A case.") -> str:
        shown = (cards[0], TtsCard("Card 2", card_text, 2, 1, 1))
        pictures = TtsPictures("A case", (TtsSheet(image, None, TtsGrid(2, 1, (10, 14)), 2),), b"png", shown, False)
        with using(ResultCache(folder)):
            return tts.kept_saved_object(pictures, tts.TtsNames("a-case"), base, description)

    first = text()
    assert written == [1] and '"Nickname": "Card 2"' in first
    assert text() == first and written == [1], "the same cards and layout: written once"
    assert text(image=b"other jpeg") == first and written == [1], "the pixels are not in the object"
    assert "bolted shut" in text(card_text="The door was bolted shut.") and written == [1, 1], "a card's text"
    text(base="file:///elsewhere/")
    text(description="Another case.")
    assert written == [1, 1, 1, 1], "where the pictures are, the object's description"
    recomputed_for_another_gaslight_and_a_damaged_entry(monkeypatch, folder, "tts-object", text, written)
