"""A deck's print block, card art, PNG faces and Tabletop Simulator sheets."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.decks import art as art_module
from gaslight.domain.decks.deck import Deck
from gaslight.outputs.card_faces import card_sheet
from gaslight.outputs.card_images import TTS_MAX_PIXELS, face_pngs, tts_sheets
from gaslight.outputs.cardsheet import MM
from gaslight.outputs.deck_cards import sheets_for
from gaslight.project import Project
from PIL import Image
from pypdf import PdfReader

from tests.conftest import messages
from tests.decks.test_deck_errors import BASE

Check = Callable[..., tuple[Project, Report]]
WriteYaml = Callable[[str, str], Path]


def _deck(write_yaml: WriteYaml, check: Check, text: str) -> tuple[Deck | None, list[str]]:
    project, report = check(write_yaml("decks/mini.yaml", text))
    decks = project.of_kind("deck")
    return (decks[0] if decks else None), messages(report)


def _with_print(block: str) -> str:
    return BASE.replace("suits:\n", f"print: {block}\nsuits:\n", 1)


@pytest.mark.parametrize(("block", "trim", "bleed"), [
    ("{size: tarot}", (70, 120), 2),
    ("{size: mini, bleed_mm: 3}", (44, 63), 3),
    ("{width_mm: 80, height_mm: 80}", (80, 80), 2),
    ("{size: custom, width_mm: 50.5, height_mm: 70, bleed_mm: 0}", (50.5, 70), 0),
])
def test_sheets_follow_the_deck_print_block(block: str, trim: tuple[float, float], bleed: float,
                                            write_yaml: WriteYaml, check: Check) -> None:
    deck, found = _deck(write_yaml, check, _with_print(block))
    assert found == [] and deck is not None
    assert deck.print_spec.trim_mm == trim
    for key, _, settings in sheets_for(deck.print_spec):
        page = PdfReader(io.BytesIO(card_sheet(deck, settings))).pages[0]
        x0, y0, x1, y1 = (float(v) for v in page.trimbox)
        if key == "print-shop":  # one card per page, at least a print shop's 3 mm bleed
            assert (round((x1 - x0) / MM, 1), round((y1 - y0) / MM, 1)) == trim
            assert round(float(page.mediabox.width) / MM - trim[0], 1) == 2 * max(bleed, 3)
        else:  # the trim box of a grid page spans a whole number of cards and the bleeds between them
            width = (x1 - x0) / MM
            assert any(abs(width - (n * trim[0] + (n - 1) * 2 * bleed)) < 0.01 for n in range(1, 6))


@pytest.mark.parametrize(("block", "expected"), [
    ("{size: custom, width_mm: 300, height_mm: 80}",
     "mini.yaml:6:33: error: print.width_mm: a 300 × 80 mm card with 2 mm bleed does not fit on an A4 page "
     "(202 × 289 mm inside the margins) (fix: use a smaller card or bleed)"),
    ("{size: tarot, bleed_mm: 10, safe_mm: 36}",
     "mini.yaml:6:45: error: print.safe_mm: the safe zone (36 mm inside the trim) leaves no room on a 70 × 120 mm "
     "card (fix: use a safe zone under 35 mm)"),
    ("{size: poker, width_mm: 70}",
     "mini.yaml:6:32: error: print.width_mm: size 'poker' already sets the card to 63 × 88 mm (fix: remove "
     "width_mm, or write 'size: custom' with width_mm and height_mm)"),
    ("{size: custom, width_mm: 70}",
     "mini.yaml:6:15: error: print.size: a custom card size needs height_mm (fix: add 'height_mm:' in millimetres)"),
    ("{size: letter}",
     "mini.yaml:6:15: error: print.size: the text 'letter' is not allowed here (fix: one of: poker, bridge, mini, "
     "tarot, euro, square, custom)"),
    ("{size: poker, dpi: 20}",
     "mini.yaml:6:27: error: print.dpi: 20 is too small (minimum 72) (fix: write a whole number from 72 to 1200, "
     "for example 300)"),
])
def test_print_blocks_no_sheet_can_follow(block: str, expected: str, write_yaml: WriteYaml, check: Check) -> None:
    _, found = _deck(write_yaml, check, _with_print(block))
    assert found == [expected]


def test_a_tall_card_fits_letter_but_not_a4_is_refused(write_yaml: WriteYaml, check: Check) -> None:
    _, found = _deck(write_yaml, check, _with_print("{size: custom, width_mm: 205, height_mm: 100, bleed_mm: 1}"))
    assert found == ["mini.yaml:6:33: error: print.width_mm: a 205 × 100 mm card with 1 mm bleed does not fit on an "
                     "A4 page (202 × 289 mm inside the margins) (fix: use a smaller card or bleed)"]


# ---- art ----


def _picture(path: Path, size: tuple[int, int] = (60, 40), colour: str = "#b03020", kind: str = "PNG") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path, kind)


def _with_art(suit_art: str = "art/red.png", card_art: str = "art/joker.jpg") -> str:
    return BASE.replace("{id: red, name: Red, rank: 1}", f"{{id: red, name: Red, rank: 1, art: {suit_art}}}").replace(
        "fields: {copies_as: red}}", f"art: {card_art}, fields: {{copies_as: red}}}}")


def test_art_comes_from_the_card_else_its_suit(tmp_path: Path, write_yaml: WriteYaml, check: Check) -> None:
    _picture(tmp_path / "decks/art/red.png")
    _picture(tmp_path / "decks/art/joker.jpg", kind="JPEG")
    deck, found = _deck(write_yaml, check, _with_art())
    assert found == [] and deck is not None
    arts = {card.id: (art.written if (art := deck.art_of(card)) else None) for card in deck.cards}
    assert arts == {"red-1": "art/red.png", "red-2": "art/red.png", "blue-1": None, "blue-2": None,
                    "joker": "art/joker.jpg"}
    sheet = PdfReader(io.BytesIO(card_sheet(deck, sheets_for(deck.print_spec)[0][2])))
    images = [len(page.images) for page in sheet.pages]
    assert images[0] >= 1  # the red cards' picture is drawn on the first page of fronts


@pytest.mark.parametrize(("setup", "written", "expected"), [
    ("none", "art/red.png", "art file 'art/red.png' does not exist (fix: check the spelling; the path is relative "
                            "to the deck file's folder (decks/))"),
    ("broken", "art/red.png", "cannot read art file 'art/red.png': the file is damaged or incomplete (fix: "
                              "save it again as PNG or JPEG from your drawing program)"),
    ("text", "art/red.png", "cannot read art file 'art/red.png': not an image Gaslight can read (fix: save it again "
                            "as PNG or JPEG from your drawing program)"),
    ("huge", "art/red.png", "art file 'art/red.png' is 60 × 40 pixels; art may be at most 0 megapixels (fix: scale "
                            "it down (a 63 × 88 mm card at 300 dpi is 744 × 1039 pixels))"),
    ("tiff", "art/red.png", "art file 'art/red.png' is a TIFF image (fix: save it as PNG, JPEG, WebP or GIF)"),
    ("none", "../red.png", "art file '../red.png' lies outside the deck file's folder (fix: keep the file in the "
                           "deck file's folder or a folder inside it)"),
])
def test_art_that_cannot_be_used(setup: str, written: str, expected: str, tmp_path: Path, write_yaml: WriteYaml,
                                 check: Check, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "decks" / written
    if setup == "broken":
        _picture(target)
        target.write_bytes(target.read_bytes()[:60])
    elif setup == "text":
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("<svg onload='alert(1)'/>")
    elif setup == "huge":
        _picture(target)
        monkeypatch.setattr(art_module, "MAX_ART_PIXELS", 2_000)
    elif setup == "tiff":
        _picture(target, kind="TIFF")
    _picture(tmp_path / "decks/art/joker.jpg", kind="JPEG")
    if written.startswith(".."):
        _picture(tmp_path / "red.png")
    deck, found = _deck(write_yaml, check, _with_art(suit_art=written))
    assert deck is None
    also = [f"mini.yaml:22:48: error: cards[4].art: {expected.replace('red.png', 'joker.jpg')}"] * (setup == "huge")
    assert found == [f"mini.yaml:7:40: error: suits[0].art: {expected}", *also]


# ---- PNG faces and TTS sheets ----


def test_png_faces_are_the_cards_at_the_deck_resolution(write_yaml: WriteYaml, check: Check) -> None:
    deck, _ = _deck(write_yaml, check, _with_print("{size: poker, dpi: 150}"))
    assert deck is not None
    faces = face_pngs(deck)
    assert [name for name, _ in faces] == [*(f"{c.id}.png" for c in deck.cards), "back.png"]
    sizes = {Image.open(io.BytesIO(data)).size for _, data in faces}
    assert sizes == {(round(63 / 25.4 * 150), round(88 / 25.4 * 150))}
    with_bleed = Image.open(io.BytesIO(face_pngs(deck, dpi=150, bleed=True)[0][1])).size
    assert with_bleed == (round((63 + 6) / 25.4 * 150), round((88 + 6) / 25.4 * 150))  # print-shop bleed: 3 mm
    assert face_pngs(deck) == faces  # the same deck, the same bytes


def test_a_png_face_shows_the_card(write_yaml: WriteYaml, check: Check) -> None:
    deck, _ = _deck(write_yaml, check, BASE)
    assert deck is not None
    red_one = Image.open(io.BytesIO(face_pngs(deck, dpi=72)[0][1])).convert("RGB")
    band = red_one.getpixel((red_one.width // 2, 3))
    assert band == Image.new("RGB", (1, 1), deck.colour_of(deck.cards[0])).getpixel((0, 0))


def test_tts_sheets_hold_each_distinct_card_once_as_large_as_the_limit_allows(write_yaml: WriteYaml,
                                                                            check: Check) -> None:
    many = BASE.replace("value: 1, copies: 2}", "value: 1, copies: 40}")
    deck, _ = _deck(write_yaml, check, many)
    assert deck is not None and deck.size == 83
    pictures = tts_sheets(deck)
    assert [(s.columns, s.rows, s.cards, s.grid.card) for s in pictures.sheets] == [(3, 2, 5, (1365, 1907))]
    assert [(c.nickname, c.copies, c.sheet, c.slot) for c in pictures.cards] == [
        ("Red one", 40, 1, 0), ("Red two", 1, 1, 1), ("Blue one", 40, 1, 2), ("Blue two", 1, 1, 3), ("Joker", 1, 1, 4)]
    sheet = Image.open(io.BytesIO(pictures.sheets[0].image)).convert("RGB")
    assert sheet.size == (3 * 1365, 2 * 1907) and max(sheet.size) <= TTS_MAX_PIXELS
    band = sheet.getpixel((1365 // 2, 40))  # slot 0: the red card's colour band
    assert _close(band, Image.new("RGB", (1, 1), deck.colour_of(deck.cards[0])).getpixel((0, 0)))
    assert _close(sheet.getpixel((2 * 1365 + 600, 1907 + 900)), (255, 255, 255))  # slot 5 is left empty
    back = Image.open(io.BytesIO(pictures.back))
    assert back.size == (1365, 1907) and not pictures.unique_back
    assert tts_sheets(deck) == pictures  # the same deck, the same bytes


def _close(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(abs(x - y) <= 12 for x, y in zip(a, b, strict=True))  # JPEG keeps colours within a few steps


# ---- gaslight cards ----


def _gaslight(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gaslight", *args], cwd=folder, capture_output=True, text=True,
                          timeout=120, check=False)


def test_gaslight_cards_writes_faces_and_tts_sheets(tmp_path: Path, write_yaml: WriteYaml) -> None:
    write_yaml("gaslight.yaml", "title: Mini\ncontent: [decks]\n")
    write_yaml("decks/mini.yaml", _with_print("{size: mini, dpi: 100}"))
    done = _gaslight(tmp_path, "cards", "mini", "--tts")
    assert done.returncode == 0, done.stderr
    assert done.stdout == ("wrote 5 card faces and the back as PNG, and a Tabletop Simulator saved object with its "
                           "sheets, into mini-cards\n")
    written = sorted(p.name for p in (tmp_path / "mini-cards").iterdir())
    assert written == [".gaslight-build", "back.png", "blue-1.png", "blue-2.png", "joker.png", "mini-tts-1.jpg",
                       "mini-tts-back.png", "mini.tts.json", "red-1.png", "red-2.png", "tts.txt"]
    notes = (tmp_path / "mini-cards" / "tts.txt").read_text()
    assert ("mini-tts-1.jpg: Face = this file, Back = mini-tts-back.png, Width 3, Height 2, Number 5, "
            "Back is hidden") in notes
    assert Image.open(tmp_path / "mini-cards" / "red-1.png").size == (round(44 / 25.4 * 100), round(63 / 25.4 * 100))


def test_gaslight_cards_tells_a_japanese_project_how_to_load_the_deck_in_japanese(tmp_path: Path,
                                                                                 write_yaml: WriteYaml) -> None:
    write_yaml("gaslight.yaml", "title: 小さな山札\ncontent: [decks]\nlanguages: [ja]\n")
    write_yaml("decks/mini.yaml", _with_print("{size: mini, dpi: 100}"))
    done = _gaslight(tmp_path, "cards", "mini", "--tts")
    assert done.returncode == 0, done.stderr
    notes = (tmp_path / "mini-cards" / "tts.txt").read_text(encoding="utf-8").splitlines()
    assert notes[1] == ("mini.tts.json を Tabletop Simulator の Saved Objects フォルダ（Documents/My Games/Tabletop "
                        "Simulator/Saves/Saved Objects）にコピーし、ゲーム中に Objects > Saved Objects を選んでクリック"
                        "する。")
    assert "  mini-tts-1.jpg：Face にこのファイル、Back に mini-tts-back.png、Width 3、Height 2、Number 5、Back is " \
           "hidden をオン" in notes
    assert [line for line in notes if "Copy" in line or "Face =" in line or "pictures" in line] == []
    save = json.loads((tmp_path / "mini-cards" / "mini.tts.json").read_text(encoding="utf-8"))
    assert save["ObjectStates"][0]["ContainedObjects"][0]["Description"] == "Number／Red／順位1／1点"  # its words


def test_gaslight_cards_leaves_a_folder_it_did_not_write(tmp_path: Path, write_yaml: WriteYaml) -> None:
    write_yaml("gaslight.yaml", "title: Mini\ncontent: [decks]\n")
    write_yaml("decks/mini.yaml", BASE)
    write_yaml("mine/notes.txt", "keep me")
    done = _gaslight(tmp_path, "cards", "mini", "--out", "mine")
    assert done.returncode == 1
    assert done.stderr == ("gaslight: mine exists and was not written by Gaslight, so it is left alone; name another "
                           "folder with --out\n")
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == ["notes.txt"]
    assert not list(tmp_path.glob(".mine*"))


def test_gaslight_cards_on_a_deck_with_errors_writes_nothing(tmp_path: Path, write_yaml: WriteYaml) -> None:
    write_yaml("gaslight.yaml", "title: Mini\ncontent: [decks]\n")
    write_yaml("decks/mini.yaml", BASE.replace("suit: blue, name: Blue two", "suit: green, name: Blue two"))
    done = _gaslight(tmp_path, "cards", "mini")
    assert done.returncode == 1
    assert "decks/mini.yaml:21:38: error: cards[3].suit: suit 'green' does not exist" in done.stdout
    # no card, sheet or picture: only the result cache that check keeps (as a build does) may appear
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != ".gaslight-cache") == ["decks", "gaslight.yaml"]


def test_the_gallery_shows_each_picture_once_from_the_site(tmp_path: Path, write_yaml: WriteYaml,
                                                            check: Check) -> None:
    from gaslight.outputs import deck_cards, decks
    from gaslight.outputs.sink import BuildOutput

    _picture(tmp_path / "decks/art/red.png")
    _picture(tmp_path / "decks/art/joker.jpg", colour="#203040", kind="JPEG")
    project, report = check(write_yaml("decks/mini.yaml", _with_art()))
    assert report.ok
    out = BuildOutput(tmp_path / "out")
    decks.contribute(project, out)
    deck_cards.contribute(project, out)  # its Tabletop Simulator files
    page = (out.docs / "decks" / "mini.md").read_text()
    sources = [line.split('src="')[1].split('"')[0] for line in page.split('<img class="gl-card-art" ')[1:]]
    assert len(sources) == 3 and len(set(sources)) == 2  # red-1 and red-2 share their suit's picture
    assert (out.docs / "decks" / sources[0]).resolve().read_bytes() == (tmp_path / "decks/art/red.png").read_bytes()
    tts = sorted(p.name for p in (out.root / "print" / "decks").iterdir() if "tts" in p.name)
    assert tts == ["mini-tts-1.jpg", "mini-tts-back.png", "mini.tts.json"]
