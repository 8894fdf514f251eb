"""Tabletop Simulator saved objects (issue 34 §1): the bundled decks and a 70-card Walton case as TTS loads them.

Each ``*.tts.json`` is read back as TTS would: the keys TTS writes, one ``CustomDeck`` per sheet, ``CardID`` =
sheet × 100 + slot, a card's copies as repeated ``CardID``s, and sheets that exist with the declared grid,
cards as large as TTS's 4096-pixel limit allows.
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from gaslight.config import load_config
from gaslight.diagnostics import Report
from gaslight.discover import walk
from gaslight.domain.decks.print_spec import PrintSpec
from gaslight.outputs import case_cards, deck_cards, decks, tts
from gaslight.outputs.card_images import (
    TTS_MAX_PIXELS,
    CardToPicture,
    case_tts_sheets,
    deck_tts_layout,
    picture_cards,
    tts_grid,
    tts_sheets,
)
from gaslight.outputs.cardsheet import CardFace, CardSheetSettings
from gaslight.outputs.download_rows import Said
from gaslight.outputs.sink import BuildOutput
from gaslight.project import Project, load_files
from PIL import Image

from tests.conftest import REPO

SCENARIOS = REPO / "scenarios"
CASE = "a-bitter-harvest"
SITE = "https://ex.github.io/games/"

SAVE_KEYS = {"SaveName", "Date", "VersionNumber", "GameMode", "GameType", "GameComplexity", "Tags", "Gravity",
             "PlayArea", "Table", "Sky", "Note", "TabStates", "LuaScript", "LuaScriptState", "XmlUI", "ObjectStates"}
SHEET_KEYS = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}
# What TTS writes for a card (argonui/SCED objects/TarotDeck.77f1e5/TheFool0.01cd9f.json, less its Tags)
CARD_KEYS = {"GUID", "Name", "Transform", "Nickname", "Description", "GMNotes", "AltLookAngle", "ColorDiffuse",
             "LayoutGroupSortIndex", "Value", "Locked", "Grid", "Snap", "IgnoreFoW", "MeasureMovement",
             "DragSelectable", "Autoraise", "Sticky", "Tooltip", "GridProjection", "HideWhenFaceDown", "Hands",
             "CardID", "SidewaysCard", "CustomDeck", "LuaScript", "LuaScriptState", "XmlUI"}
DECK_KEYS = (CARD_KEYS - {"CardID", "CustomDeck"}) | {"DeckIDs", "CustomDeck", "ContainedObjects"}
TRANSFORM_KEYS = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}


def _project(output: Path, site_url: str | None = None, paths: list[Path] | None = None) -> Project:
    """The showcase's decks, rulesets and one case (or ``paths``), its output folder ``output``."""
    config, _ = load_config(SCENARIOS / "gaslight.yaml")
    assert config is not None
    config = dataclasses.replace(config, site_url=site_url, output=output)
    files = walk(paths or [SCENARIOS / "decks", SCENARIOS / "rulesets", SCENARIOS / "walton" / "mansion.yaml",
                           SCENARIOS / "walton" / "cases" / f"{CASE}.yaml"]).scenarios
    report = Report()
    project = load_files(files, report, config=config)
    assert report.ok
    return project


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Project, BuildOutput]:
    """The decks' and case cards' contributors' output for both bundled decks and one 70-card case; the project's
    output is ``final``."""
    root = tmp_path_factory.mktemp("tts-build")
    project = _project(root / "final")
    out = BuildOutput(root / "staging")
    decks.contribute(project, out)
    deck_cards.contribute(project, out)
    case_cards.contribute(project, out)
    return project, out


def _picture(url: str, folder: Path) -> Path:
    """The file a file:// URL of the saved object names, which must be in ``folder``."""
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    path = Path(unquote(parsed.path))
    assert path.parent == folder.resolve(), url
    return path


def _check(save: dict[str, Any], pictures: Path, published: Path) -> list[tuple[str, str]]:
    """``pictures``: where the build wrote them; ``published``: where the object looks for them."""
    """Check a saved object against the format and its pictures; (nickname, description) of every physical card."""
    assert set(save) == SAVE_KEYS and save["Date"] == "" and len(save["ObjectStates"]) == 1
    state = save["ObjectStates"][0]
    assert state["Name"] == "DeckCustom" and set(state) == DECK_KEYS and set(state["Transform"]) == TRANSFORM_KEYS
    sheets = state["CustomDeck"]
    assert sorted(sheets, key=int) == [str(n) for n in range(1, len(sheets) + 1)]  # one entry per sheet, 1, 2, …
    for entry in sheets.values():
        assert set(entry) == SHEET_KEYS and entry["BackIsHidden"] is True and entry["UniqueBack"] is False
        assert entry["Type"] == 0 and 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
        face = _picture(entry["FaceURL"], published)
        with Image.open(pictures / face.name) as image:
            width, height = image.size
        card = (width // entry["NumWidth"], height // entry["NumHeight"])
        assert (card[0] * entry["NumWidth"], card[1] * entry["NumHeight"]) == (width, height)
        assert max(width, height) <= TTS_MAX_PIXELS
        aspect = 63 / 88  # the bundled decks and the cases are poker size
        bigger = ((card[0] + 1) * entry["NumWidth"], round((card[0] + 1) / aspect) * entry["NumHeight"])
        assert max(bigger) > TTS_MAX_PIXELS  # one pixel wider would not fit: the cards are as large as they can be
        assert abs(card[1] - card[0] / aspect) <= 1
        assert (pictures / _picture(entry["BackURL"], published).name).is_file()
    cards = state["ContainedObjects"]
    assert state["DeckIDs"] == [card["CardID"] for card in cards]
    guids = [state["GUID"], *(card["GUID"] for card in cards)]
    assert len(set(guids)) == len(guids) and all(len(g) == 6 for g in guids)
    slots: dict[int, str] = {}
    for card in cards:
        assert set(card) == CARD_KEYS and card["Name"] == "Card" and card["Hands"] is True
        sheet, slot = divmod(card["CardID"], 100)
        entry = sheets[str(sheet)]
        assert card["CustomDeck"] == {str(sheet): entry} and slot < entry["NumWidth"] * entry["NumHeight"]
        assert slots.setdefault(card["CardID"], card["Nickname"]) == card["Nickname"]  # one slot, one card
    return [(card["Nickname"], card["Description"]) for card in cards]


@pytest.mark.parametrize("deck_id", ["ripper-rummy", "twenty-four"])
def test_a_bundled_deck_is_a_saved_object_with_every_copy(built: tuple[Project, BuildOutput], deck_id: str) -> None:
    project, out = built
    deck = project.by_id("deck", deck_id)
    folder = out.root / "print" / "decks"
    save = json.loads((folder / f"{deck_id}.tts.json").read_text(encoding="utf-8"))
    cards = _check(save, folder, project.config.output / "print" / "decks")
    assert Counter(name for name, _ in cards) == Counter(card.name for card in deck.expanded())
    printed = deck_cards.printed_deck(project, deck)  # the rules text filled in, as on the printed cards
    for card, (name, description) in zip(printed.expanded(), cards, strict=True):  # in deck order, copies together
        assert name == card.name and card.text in description and card.flavour in description
    assert (out.docs / "print" / "decks" / f"{deck_id}.tts.json").is_file()  # served on the site as well


def test_the_decks_sheets_are_as_measured(built: tuple[Project, BuildOutput]) -> None:
    _, out = built
    grids = {}
    for deck_id in ("ripper-rummy", "twenty-four"):
        save = json.loads((out.root / "print" / "decks" / f"{deck_id}.tts.json").read_text(encoding="utf-8"))
        grids[deck_id] = [(e["NumWidth"], e["NumHeight"]) for e in save["ObjectStates"][0]["CustomDeck"].values()]
    assert grids == {"ripper-rummy": [(8, 6)], "twenty-four": [(8, 5), (8, 5)]}  # 47 cards; 72 as 36 + 36
    with Image.open(out.root / "print" / "decks" / "twenty-four-tts-2.jpg") as image:
        assert image.size == (8 * 512, 5 * 715)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_tts_rows_a_deck_page_names_without_drawing_are_those_of_the_drawn_sheets(
        tmp_path: Path, language: str) -> None:
    project = _project(tmp_path / "final")
    out = BuildOutput(tmp_path / "out")
    folder = tts.language_folder(tts.DECK_FOLDER, None if language == project.config.languages[0] else language)
    rows = {}
    for written in project.of_kind("deck"):
        deck = deck_cards.printed_deck(project, written)
        deck = deck if folder == tts.DECK_FOLDER else dict(deck_cards.printed_translations(project, written))[language]
        named = tts.download_rows(folder, deck.id, deck_tts_layout(deck))  # as the deck's page lists them
        drawn = tts.build_downloads(out, folder, deck.id, tts_sheets(deck, language=language), project.config,
                                    deck.summary)
        assert named == drawn
        assert all((out.docs / row.path).is_file() for row in drawn), "each row is a file written"
        rows[deck.id] = [(row.label_in(language), row.note_in(language)) for row in named[1:]]
    # the sheets' notes from the grids as drawn (twenty-four: 72 cards as 36 + 36)
    assert [note for _, note in rows["twenty-four"]][:2] == [
        Said("download.tts_sheet_note", (("columns", 8), ("rows", 5), ("cards", 36)))(language)] * 2
    assert len(rows["ripper-rummy"]) == 2 and len(rows["twenty-four"]) == 3  # the sheets, then the common back


def test_a_walton_case_is_one_full_sheet_of_seventy_cards(built: tuple[Project, BuildOutput]) -> None:
    project, out = built
    case = project.by_id("case", CASE)
    folder = out.root / "print" / "walton"
    save = json.loads((folder / f"{CASE}.tts.json").read_text(encoding="utf-8"))
    cards = _check(save, folder, project.config.output / "print" / "walton")
    state = save["ObjectStates"][0]
    assert state["Nickname"] == case.title and list(state["CustomDeck"]) == ["1"]
    assert state["DeckIDs"] == list(range(100, 170))
    assert [name for name, _ in cards] == [f"Card {n}" for n in range(1, 71)]
    first = min(case.cards, key=lambda c: c.number)
    assert cards[0][1].startswith(f"{first.type} · information value {first.value}\n")
    with Image.open(folder / f"{CASE}-tts-1.jpg") as image:
        assert image.size == (10 * 409, 7 * 571)
    page = (out.docs / "walton" / "case-cards.md").read_text(encoding="utf-8")
    assert f"[Tabletop Simulator](../print/walton/{CASE}.tts.json)" in page


def test_a_walton_case_has_its_own_deck_in_japanese(built: tuple[Project, BuildOutput]) -> None:
    """The showcase is in English and Japanese: the Japanese page of every case's cards links a deck of the cards
    as the Japanese sheets print them, under ``walton/ja/`` beside those sheets; the English page the English one."""
    project, out = built
    folder = out.root / "print" / "walton" / "ja"
    save = json.loads((folder / f"{CASE}.tts.json").read_text(encoding="utf-8"))
    cards = _check(save, folder, project.config.output / "print" / "walton" / "ja")
    state = save["ObjectStates"][0]
    assert (state["Nickname"], state["Description"]) == (
        "苦い収穫", "庭師の物置は一晩じゅう開いていた。客の半分が恨みを抱き、そのうち二人には計画があった。")
    assert [name for name, _ in cards] == [f"カード{n}" for n in range(1, 71)]
    assert cards[0][1].startswith("アリバイ・情報値2\n"
                                  "アンジェリカ・アルビンソン「私はクローデット・ケイズラーさんとずっと一緒に")
    english = json.loads((out.root / "print" / "walton" / f"{CASE}.tts.json").read_text(encoding="utf-8"))
    assert english["ObjectStates"][0]["ContainedObjects"][0]["Nickname"] == "Card 1"
    assert sorted(p.name for p in folder.iterdir()) == [f"{CASE}-cards-a4.pdf", f"{CASE}-cards-letter.pdf",
                                                        f"{CASE}-tts-1.jpg", f"{CASE}-tts-back.png",
                                                        f"{CASE}.tts.json"]
    page = (out.docs / "walton" / "case-cards.ja.md").read_text(encoding="utf-8")
    assert (f"[Tabletop Simulator](../print/walton/ja/{CASE}.tts.json) · "
            f"[TTS画像](../print/walton/ja/{CASE}-tts-1.jpg)") in page and "英語" not in page
    assert f"[Tabletop Simulator](../print/walton/{CASE}.tts.json)" in (
        out.docs / "walton" / "case-cards.md").read_text(encoding="utf-8")


def test_site_url_points_the_object_at_the_published_pictures(tmp_path: Path) -> None:
    project = _project(tmp_path / "final", SITE)
    case, mansion = project.by_id("case", CASE), project.by_id("mansion", "walton-house")
    assert case is not None and mansion is not None
    pictures = case_tts_sheets(case, mansion, dpi=72)
    out = BuildOutput(tmp_path / "staging")
    tts.build_downloads(out, tts.CASE_FOLDER, CASE, pictures, project.config, case.description)
    save = json.loads((out.root / "print" / "walton" / f"{CASE}.tts.json").read_text(encoding="utf-8"))
    entry = save["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["FaceURL"] == f"{SITE}print/walton/{CASE}-tts-1.jpg"
    assert entry["BackURL"] == f"{SITE}print/walton/{CASE}-tts-back.png"
    for url in (entry["FaceURL"], entry["BackURL"]):  # the site serves what the URL names
        assert (out.docs / url.removeprefix(SITE)).is_file()
    local = BuildOutput(tmp_path / "staging2")
    without = dataclasses.replace(project.config, site_url=None)
    tts.build_downloads(local, tts.CASE_FOLDER, CASE, pictures, without, case.description)
    local_save = json.loads((local.root / "print" / "walton" / f"{CASE}.tts.json").read_text(encoding="utf-8"))
    assert local_save["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"] == (
        (tmp_path / "final" / "print" / "walton" / f"{CASE}-tts-1.jpg").resolve().as_uri())


@pytest.mark.parametrize("language", ["en", "ja"])
def test_two_exports_are_the_same_bytes(tmp_path: Path, language: str) -> None:
    project = _project(tmp_path / "final")
    case, mansion = project.by_id("case", CASE), project.by_id("mansion", "walton-house")
    folder = tts.language_folder(tts.CASE_FOLDER, None if language == "en" else language)
    written = []
    for run in ("one", "two"):  # built into two folders: the object names the project's output folder
        out = BuildOutput(tmp_path / run)
        tts.build_downloads(out, folder, CASE, case_tts_sheets(case, mansion, dpi=72, language=language),
                            project.config, "")
        written.append({p.name: p.read_bytes() for p in sorted((out.root / "print" / folder).iterdir())})
    assert written[0] == written[1] and sorted(written[0]) == [f"{CASE}-tts-1.jpg", f"{CASE}-tts-back.png",
                                                                f"{CASE}.tts.json"]


# ---- the object's shapes, from drawn cards ----


def _plain(label: str, colour: str) -> CardFace:
    def draw(canvas: Any, width: float, height: float) -> None:
        canvas.setFillColor(colour)
        canvas.rect(-20, -20, width + 40, height + 40, stroke=0, fill=1)

    return CardFace(label, draw)


def _pictures(cards: list[tuple[str, int, str]], trim: tuple[float, float] = (63, 88)) -> Any:
    spec = PrintSpec(size="custom", width_mm=trim[0], height_mm=trim[1])
    settings = dataclasses.replace(CardSheetSettings.for_print(spec, layout="single"), bleed_mm=0.0,
                                   crop_marks="none")
    to_draw = [CardToPicture(_plain(name, "#aa2222"), name, f"text of {name}", copies, back)
               for name, copies, back in cards]
    backs = {"red": _plain("red back", "#cc0000"), "blue": _plain("blue back", "#0000cc")}
    return picture_cards("Test", to_draw, backs, settings, trim, dpi=72)


def test_cards_with_different_backs_get_back_sheets_laid_out_like_the_faces(tmp_path: Path) -> None:
    pictures = _pictures([("A", 2, "red"), ("B", 1, "blue"), ("C", 1, "red")])
    names = tts.TtsNames("two-backs")
    files = tts.picture_files(pictures, names)
    assert sorted(files) == ["two-backs-tts-1.jpg", "two-backs-tts-back-1.jpg"]  # no common back
    save = json.loads(tts.saved_object(pictures, names, "https://x.org/"))
    entry = save["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["UniqueBack"] is True and entry["BackURL"] == "https://x.org/two-backs-tts-back-1.jpg"
    assert save["ObjectStates"][0]["DeckIDs"] == [100, 100, 101, 102]
    grid = pictures.sheets[0].grid
    (tmp_path / "backs.jpg").write_bytes(files["two-backs-tts-back-1.jpg"])
    with Image.open(tmp_path / "backs.jpg") as backs:
        assert backs.size == grid.pixels == (entry["NumWidth"] * grid.card[0], entry["NumHeight"] * grid.card[1])
        middle = [backs.convert("RGB").getpixel((grid.card[0] * (slot % grid.columns) + grid.card[0] // 2,
                                                  grid.card[1] * (slot // grid.columns) + grid.card[1] // 2))
                  for slot in range(3)]
    assert [max(range(3), key=lambda i: pixel[i]) for pixel in middle] == [0, 2, 0]  # red, blue, red


def test_a_single_card_is_a_custom_card_and_landscape_cards_lie_sideways() -> None:
    pictures = _pictures([("Only", 1, "red")], trim=(88, 63))
    save = json.loads(tts.saved_object(pictures, tts.TtsNames("one"), "https://x.org/"))
    [state] = save["ObjectStates"]
    assert state["Name"] == "CardCustom" and state["CardID"] == 100 and state["SidewaysCard"] is True
    assert state["CustomDeck"]["1"]["NumWidth"] == state["CustomDeck"]["1"]["NumHeight"] == 1
    assert (state["Nickname"], state["Description"]) == ("Only", "text of Only")
    many = _pictures([(f"c{n}", 1, "red") for n in range(71)])
    assert [(s.columns, s.rows, s.cards) for s in many.sheets] == [(8, 5, 36), (8, 5, 35)]  # 71 as 36 + 35


def test_the_notes_on_loading_an_object_in_japanese() -> None:
    pictures = _pictures([("A", 2, "red"), ("B", 1, "blue")], trim=(88, 63))
    assert tts.tts_notes(pictures, tts.TtsNames("mini"), "file:///g/print/decks/", "ja").splitlines() == [
        "Test：Tabletop Simulator",
        "mini.tts.json を Tabletop Simulator の Saved Objects フォルダ（Documents/My Games/Tabletop Simulator/Saves/"
        "Saved Objects）にコピーし、ゲーム中に Objects > Saved Objects を選んでクリックする。",
        "画像の読み込み元：file:///g/print/decks/",
        "file:// のアドレスはこのコンピュータでしか使えない。ほかの人と遊ぶには、gaslight.yaml に site_url を書いて"
        "ビルドし（gaslight build）、サイトを公開する。または画像をアップロードし（TTS の Modding メニューから "
        "Steam Cloud へ、または誰でも見られるウェブサーバーへ）、そのアドレスを FaceURL と BackURL に書く。",
        "",
        "デッキを手で作るなら、画像ごとに一度ずつ Objects > Components > Cards > Custom Deck を置き、"
        "次のように設定する：",
        "  mini-tts-1.jpg：Face にこのファイル、Back に mini-tts-back-1.jpg（Unique backs をオン）、Width 1、Height 2、"
        "Number 2、Back is hidden をオン、Sideways をオン",
        "同じカードが何枚あっても画像は一つ。オブジェクトには全枚数が入っているが、手で作るときはカードを複製する。"]
    english = tts.tts_notes(pictures, tts.TtsNames("mini"), "https://x.org/", "en").splitlines()
    assert english[1:3] == ["Copy mini.tts.json into Tabletop Simulator's Saved Objects folder",
                            "(Documents/My Games/Tabletop Simulator/Saves/Saved Objects), then in a game: "
                            "Objects > Saved Objects."]
    assert english[-2] == ("  mini-tts-1.jpg: Face = this file, Back = mini-tts-back-1.jpg (Unique backs), Width 1, "
                           "Height 2, Number 2, Back is hidden, Sideways")


@pytest.mark.parametrize("count", [1, 2, 7, 10, 11, 36, 47, 69, 70])
def test_the_grid_holds_the_cards_within_the_limit(count: int) -> None:
    grid = tts_grid(count, (63, 88))
    assert grid.columns * grid.rows >= count and grid.columns <= 10 and grid.rows <= 7
    assert max(grid.pixels) <= TTS_MAX_PIXELS
    assert grid.columns * grid.rows - count < grid.columns  # never a whole empty row
    assert tts_grid(count, (63, 88), dpi=72).card == (179, 250)  # 63 mm at 72 dpi is 178.6 px; 179 × 88 / 63


# ---- gaslight cards ----


def test_gaslight_cards_exports_a_case_for_tts_from_the_published_site(tmp_path: Path) -> None:
    (tmp_path / "walton" / "cases").mkdir(parents=True)
    (tmp_path / "gaslight.yaml").write_text(f"title: Mine\ncontent: [walton]\nsite_url: {SITE}\n", encoding="utf-8")
    (tmp_path / "walton" / "mansion.yaml").write_bytes((SCENARIOS / "walton" / "mansion.yaml").read_bytes())
    case_file = tmp_path / "walton" / "cases" / f"{CASE}.yaml"
    case_file.write_bytes((SCENARIOS / "walton" / "cases" / f"{CASE}.yaml").read_bytes())
    done = subprocess.run([sys.executable, "-m", "gaslight", "cards", CASE, "--tts", "--dpi", "72"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (f"wrote 70 card faces and the back as PNG, and a Tabletop Simulator saved object with "
                           f"its sheets, into {CASE}-cards\n")
    folder = tmp_path / f"{CASE}-cards"
    save = json.loads((folder / f"{CASE}.tts.json").read_text(encoding="utf-8"))
    assert save["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"] == f"{SITE}print/walton/{CASE}-tts-1.jpg"
    assert (folder / f"{CASE}-tts-1.jpg").is_file() and (folder / "card-70.png").is_file()
    notes = (folder / "tts.txt").read_text(encoding="utf-8")
    assert f"Its pictures are read from {SITE}print/walton/" in notes and "file://" not in notes
    unknown = subprocess.run([sys.executable, "-m", "gaslight", "cards", "nope"], cwd=tmp_path, capture_output=True,
                             text=True, timeout=120, check=False)
    assert unknown.returncode == 2
    assert unknown.stderr == ("gaslight: error: no deck or Walton case 'nope' in the project "
                              f"(decks: none; cases: {CASE})\n")


def test_card_text_is_data_in_the_object(write_yaml: Any, check: Any) -> None:
    from tests.decks.test_deck_outputs import HOSTILE

    project, report = check(write_yaml("decks/hostile.yaml", HOSTILE.replace('flavour: "[link](http://x)"',
                                                                               'flavour: "say \\"hi\\"\\nthen go"')))
    assert report.ok
    pictures = tts_sheets(project.by_id("deck", "hostile"), dpi=72)
    save = json.loads(tts.saved_object(pictures, tts.TtsNames("hostile"), "https://x.org/", "*stars*"))
    [state] = save["ObjectStates"]
    assert state["Name"] == "CardCustom"  # one card: a single card, not a deck
    assert state["Nickname"] == "<script>alert('x')</script>"
    assert state["Description"] == 'Plain <i>type</i>\na & b < c\nsay "hi"\nthen go'


# ---- boards ----


def test_a_hunt_board_is_a_custom_board_drawn_as_its_poster(tmp_path: Path) -> None:
    from gaslight.outputs import tts_board
    from gaslight.outputs.poster import poster_size

    project = _project(tmp_path / "final", paths=[SCENARIOS / "boards" / "tutorial.yaml"])
    out = BuildOutput(tmp_path / "staging")
    tts_board.contribute(project, out)
    folder = out.root / "print" / "boards"
    assert sorted(p.name for p in folder.iterdir()) == ["tutorial-tts-board.jpg", "tutorial.tts.json"]
    save = json.loads((folder / "tutorial.tts.json").read_text(encoding="utf-8"))
    assert set(save) == SAVE_KEYS
    [state] = save["ObjectStates"]
    assert state["Name"] == "Custom_Board" and state["Locked"] is True
    assert state["Nickname"] == "Tutorial (Ropewalk quarter)"
    assert set(state["CustomImage"]) == {"ImageURL", "ImageSecondaryURL", "ImageScalar", "WidthScale"}
    picture = _picture(state["CustomImage"]["ImageURL"], tmp_path / "final" / "print" / "boards")
    with Image.open(folder / picture.name) as image:
        assert max(image.size) == TTS_MAX_PIXELS
        board = project.by_id("board", "tutorial")
        width, height = poster_size(board)
        assert abs(image.height - round(TTS_MAX_PIXELS * height / width)) <= 1  # the poster's proportions
    again = BuildOutput(tmp_path / "again")
    tts_board.contribute(project, again)
    assert [p.read_bytes() for p in sorted(folder.iterdir())] == [
        p.read_bytes() for p in sorted((again.root / "print" / "boards").iterdir())]


def test_a_hunt_ruleset_gets_its_pawns_and_tokens_with_no_secret_in_a_name(tmp_path: Path) -> None:
    from gaslight.domain.rules.ruleset import resolve
    from gaslight.outputs import tts_board

    project = _project(tmp_path / "final", paths=[SCENARIOS / "rulesets" / "whitechapel-hunt.yaml"])
    out = BuildOutput(tmp_path / "staging")
    tts_board.contribute(project, out)
    folder = out.root / "print" / "boards"
    save = json.loads((folder / "whitechapel-hunt-pieces.tts.json").read_text(encoding="utf-8"))
    assert set(save) == SAVE_KEYS
    values = resolve(project.by_id("ruleset", "whitechapel-hunt"), None).parameters
    pawns, tiles = Counter(), Counter()
    for state in save["ObjectStates"]:
        (pawns if state["Name"] == "PlayerPawn" else tiles)[state["Nickname"]] += 1
        assert state["Description"] == ""
        if state["Name"] == "Custom_Tile":
            image = state["CustomImage"]
            assert state["HideWhenFaceDown"] is True and image["CustomTile"]["Type"] == 2
            for url in (image["ImageURL"], image["ImageSecondaryURL"]):
                assert (folder / _picture(url, tmp_path / "final" / "print" / "boards").name).is_file()
    assert sum(pawns.values()) == values["police_count"] == len(pawns)  # one pawn of each colour
    assert tiles == {"Patrol token": values["police_count"] + values["fake_patrols"],
                     "Clue marker": values["clue_markers"],
                     "Woman token": max(values["women_per_night"]),  # a real patrol and a fake, a marked
                     "Coach token": max(values["coaches_per_night"]),  # woman and a plain one share their name
                     "Alley token": max(values["alleys_per_night"]),
                     "Crime scene marker": sum(values["victims_per_night"])}
    marked = [s for s in save["ObjectStates"] if s.get("CustomImage", {}).get("ImageURL", "").endswith("marked.png")]
    assert len(marked) == max(values["marked_women_per_night"])
    again = BuildOutput(tmp_path / "again")
    tts_board.contribute(project, again)
    assert (again.root / "print" / "boards" / "whitechapel-hunt-pieces.tts.json").read_bytes() == (
        folder / "whitechapel-hunt-pieces.tts.json").read_bytes()


def test_a_japanese_project_s_hunt_pieces_are_named_and_backed_in_japanese(tmp_path: Path) -> None:
    from gaslight.outputs import tts_board

    project = _project(tmp_path / "final", paths=[SCENARIOS / "rulesets" / "whitechapel-hunt.yaml"])
    project = dataclasses.replace(project, config=dataclasses.replace(project.config, languages=("ja",)))
    out = BuildOutput(tmp_path / "staging")
    tts_board.contribute(project, out)
    folder = out.root / "print" / "boards"
    save = json.loads((folder / "whitechapel-hunt-pieces.tts.json").read_text(encoding="utf-8"))
    names = Counter(state["Nickname"] for state in save["ObjectStates"])
    assert {"巡回警官トークン", "手がかりマーカー", "婦人トークン", "馬車トークン", "小路トークン",
            "犯行現場マーカー", "警官コマ（黄）", "警官コマ（茶）"} <= set(names)
    assert not [name for name in names if re.search(r"[A-Za-z]", name)]
    english = BuildOutput(tmp_path / "english")
    tts_board.contribute(_project(tmp_path / "final", paths=[SCENARIOS / "rulesets" / "whitechapel-hunt.yaml"]),
                         english)
    back = "whitechapel-hunt-token-back-patrol.png"
    assert (folder / back).read_bytes() != (english.root / "print" / "boards" / back).read_bytes(), \
        "the back's word is drawn in the project's language"
