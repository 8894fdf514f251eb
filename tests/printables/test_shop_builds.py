"""A deck's print shop in the build: every size each shop documents, its files written and linked from the deck page.

The pixel sizes below are the shops' own template numbers (The Game Crafter's and MakePlayingCards' templates at
300 dpi; DriveThruCards' 1/8 in bleed on all four sides), written out here, never computed by the formula they test.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from gaslight.domain.decks.deck import Deck
from gaslight.domain.decks.print_spec import SHOP_SIZES
from gaslight.outputs import deck_cards, decks
from gaslight.outputs.print_shops import SHOPS, ShopSizeError, shop_files
from gaslight.outputs.sink import BuildOutput
from gaslight.project import Project, load_project
from PIL import Image
from pypdf import PdfReader

from tests.decks.test_deck_errors import BASE

TEMPLATES = {
    ("thegamecrafter", "poker"): (825, 1125), ("thegamecrafter", "bridge"): (750, 1125),
    ("thegamecrafter", "mini"): (600, 825), ("thegamecrafter", "tarot"): (900, 1500),
    ("makeplayingcards", "poker"): (822, 1122), ("makeplayingcards", "bridge"): (747, 1122),
    ("makeplayingcards", "mini"): (597, 822), ("makeplayingcards", "tarot"): (897, 1497),
}


def _project(folder: Path, print_block: str) -> Project:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mini.yaml").write_text(BASE.replace("suits:\n", f"print: {print_block}\nsuits:\n", 1), encoding="utf-8")
    project, report = load_project([folder])
    assert report.ok, report.format_text()
    return project


def _deck(folder: Path, print_block: str) -> Deck:
    return _project(folder, print_block).of_kind("deck")[0]


def test_the_presets_cover_the_sizes_the_deck_format_checks() -> None:
    assert {shop_id: tuple(shop.cards) for shop_id, shop in SHOPS.items()} == dict(SHOP_SIZES)
    assert {(shop_id, size) for shop_id, sizes in SHOP_SIZES.items() for size in sizes
            if SHOPS[shop_id].output == "png"} == set(TEMPLATES)


@pytest.mark.parametrize(("shop", "size"), sorted(TEMPLATES))
def test_every_picture_is_the_shops_template_size_at_300_dpi(shop: str, size: str, tmp_path: Path) -> None:
    files = shop_files(_deck(tmp_path, f"{{shop: {shop}, size: {size}}}"), shop)
    assert len(files) == 7  # the back, five faces, the manifest
    for name in ("back.png", "front-005-joker.png"):
        with Image.open(io.BytesIO(files[name])) as image:
            assert image.size == TEMPLATES[shop, size] and image.mode == "RGB"
            assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
    assert f"{size} card" in files["manifest.txt"].decode("utf-8")


def test_drivethrucards_tarot_pages_are_three_by_five_inches_with_the_card_trimmed_inside(tmp_path: Path) -> None:
    deck = _deck(tmp_path, "{shop: drivethrucards, size: tarot}")
    reader = PdfReader(io.BytesIO(shop_files(deck, "drivethrucards")["mini-drivethrucards.pdf"]))
    inch = 72
    assert len(reader.pages) == 2 * 7
    for page in reader.pages:
        assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 3 * inch, 5 * inch]
        assert [round(float(v), 2) for v in page.bleedbox] == [0, 0, 3 * inch, 5 * inch]
        assert [round(float(v), 2) for v in page.trimbox] == [inch / 8, inch / 8, 2.875 * inch, 4.875 * inch]


def test_a_shop_without_the_decks_size_is_refused_by_name(tmp_path: Path) -> None:
    deck = _deck(tmp_path, "{size: mini}")
    with pytest.raises(ShopSizeError) as refused:
        shop_files(deck, "drivethrucards")
    assert str(refused.value) == ("DriveThruCards makes no mini cards (its preset covers poker and tarot); "
                                  "pick another shop or print.size")


def _contribute(project: Project, root: Path) -> BuildOutput:
    out = BuildOutput(root)
    decks.contribute(project, out)
    deck_cards.contribute(project, out)  # the files the page names
    return out


def test_the_build_writes_the_shops_files_and_the_deck_page_links_them(tmp_path: Path) -> None:
    project = _project(tmp_path / "decks", "{shop: thegamecrafter}")
    out = _contribute(project, tmp_path / "out")
    folder = out.root / "print/decks/mini/thegamecrafter"
    names = ["back.png", *(f"front-{n:03d}-{card}.png" for n, card in
                           enumerate(("red-1", "red-2", "blue-1", "blue-2", "joker"), start=1)), "manifest.txt"]
    assert sorted(p.name for p in folder.iterdir()) == sorted([*names, "mini-thegamecrafter.zip"])
    expected = shop_files(project.of_kind("deck")[0], "thegamecrafter")
    with zipfile.ZipFile(folder / "mini-thegamecrafter.zip") as archive:
        assert archive.namelist() == names  # the back first, then the faces in deck order
        assert all(archive.read(name) == expected[name] == (folder / name).read_bytes() for name in names)
    for name in names:  # served with the site too
        assert (out.docs / "print/decks/mini/thegamecrafter" / name).read_bytes() == expected[name]
    page = (out.docs / "decks/mini.md").read_text(encoding="utf-8")
    assert ("- [The Game Crafter files, zipped](../print/decks/mini/thegamecrafter/mini-thegamecrafter.zip) — 6 "
            "pictures of 825 × 1125 px at 300 dpi, the back first, and a manifest of the copies to order") in page
    assert ("- [The Game Crafter manifest](../print/decks/mini/thegamecrafter/manifest.txt) — which picture is which "
            "card, and how many copies of each") in page
    again = _contribute(project, tmp_path / "again")
    assert all((again.root / "print/decks/mini/thegamecrafter" / p.name).read_bytes() == p.read_bytes()
               for p in folder.iterdir())


def test_the_drivethrucards_file_is_linked_with_its_size(tmp_path: Path) -> None:
    out = _contribute(_project(tmp_path / "decks", "{shop: drivethrucards}"), tmp_path / "out")
    assert [p.name for p in (out.root / "print/decks/mini/drivethrucards").iterdir()] == ["mini-drivethrucards.pdf"]
    page = (out.docs / "decks/mini.md").read_text(encoding="utf-8")
    found = re.findall(r"- \[DriveThruCards file\]\(([^)]+)\) — ([^\n]+)", page)
    assert found == [("../print/decks/mini/drivethrucards/mini-drivethrucards.pdf",
                      "one CMYK PDF, each card's face followed by its back, every copy; poker cards 2\\.75 × 3\\.75 in "
                      "with the bleed")]


def test_a_deck_without_a_shop_gets_no_shop_files(tmp_path: Path) -> None:
    out = _contribute(_project(tmp_path / "decks", "{size: poker}"), tmp_path / "out")
    assert not (out.root / "print/decks/mini").exists()
    assert "files, zipped" not in (out.docs / "decks/mini.md").read_text(encoding="utf-8")


def test_gaslight_cards_refuses_a_shop_without_the_decks_size(tmp_path: Path) -> None:
    _project(tmp_path / "decks", "{size: mini}")
    (tmp_path / "gaslight.yaml").write_text("title: Shop test\ncontent: [decks]\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "gaslight", "cards", "mini", "--shop", "drivethrucards"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == ("gaslight: DriveThruCards makes no mini cards (its preset covers poker and tarot); "
                           "pick another shop or print.size\n")
    assert not (tmp_path / "mini-cards").exists()
