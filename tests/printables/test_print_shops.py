"""Print-shop presets: pictures of exactly the shop's pixels at 300 dpi, named for upload; DriveThruCards' CMYK PDF."""

from __future__ import annotations

import dataclasses
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.discover import walk
from gaslight.domain.decks.deck import Deck
from gaslight.outputs.deck_cards import printed_deck
from gaslight.outputs.pdf import INK_LIMIT
from gaslight.outputs.print_shops import SHOPS, shop_files
from gaslight.project import load_files
from PIL import Image
from pypdf import PdfReader

from tests.conftest import REPO
from tests.decks.test_deck_errors import BASE


@pytest.fixture(scope="module")
def deck() -> Deck:
    """Ripper rummy's first five cards, loaded as the check loads them."""
    report = Report()
    files = walk([REPO / "scenarios" / "decks", REPO / "scenarios" / "rulesets"]).scenarios
    project = load_files(files, report)
    assert report.ok
    full = printed_deck(project, project.by_id("deck", "ripper-rummy"))
    return dataclasses.replace(full, cards=full.cards[:5])


def _picture(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize(("shop", "size"), [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_a_shop_picture_is_exactly_the_shops_pixels_at_300_dpi(deck: Deck, shop: str, size: tuple[int, int]) -> None:
    files = shop_files(deck, shop)
    names = [name for name in files if name.endswith(".png")]
    assert names == ["back.png", *(f"front-{n:03d}-{card.id}.png" for n, card in enumerate(deck.cards, start=1))]
    for name in names:
        image = _picture(files[name])
        assert image.size == size and image.mode == "RGB"  # The Game Crafter rejects CMYK pictures
        assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
    manifest = files["manifest.txt"].decode("utf-8").splitlines()
    assert manifest[-len(deck.cards):] == [f"{n}\t{c.copies}\t{c.name}" for n, c in zip(names[1:], deck.cards,
                                                                                         strict=True)]
    assert shop_files(deck, shop) == files  # the same bytes twice


def test_the_background_runs_through_the_bleed_and_nothing_else_is_drawn_there(deck: Deck) -> None:
    """The colour band reaches the picture's edges; below it only the paper colour lies in the bleed (37 px)."""
    image = _picture(shop_files(deck, "thegamecrafter")["front-001-crimson-sighting.png"]).convert("RGB")
    band = image.getpixel((412, 100))
    assert image.getpixel((412, 0)) == band and image.getpixel((0, 0)) == band == image.getpixel((824, 0))
    paper = image.getpixel((5, 600))
    assert paper != band
    bleed = 37
    for y in range(300, 1125, 5):
        for x in (*range(0, bleed + 10), *range(825 - bleed - 10, 825)):
            assert image.getpixel((x, y)) == paper, (x, y)
    assert all(image.getpixel((x, y)) == paper for x in range(0, 825, 5) for y in range(1125 - bleed - 10, 1125))


def test_drivethrucards_gets_one_cmyk_pdf_each_face_followed_by_its_back(deck: Deck, tmp_path: Path) -> None:
    files = shop_files(deck, "drivethrucards")
    assert list(files) == [f"{deck.id}-drivethrucards.pdf"]
    pdf = files[f"{deck.id}-drivethrucards.pdf"]
    reader = PdfReader(io.BytesIO(pdf))
    physical = sum(card.copies for card in deck.cards)
    assert len(reader.pages) == 2 * physical
    inch = 72
    for page in reader.pages:
        assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 2.75 * inch, 3.75 * inch]
        assert [round(float(v), 2) for v in page.trimbox] == [inch / 8, inch / 8, 2.625 * inch, 3.625 * inch]
        content = page.get_contents().get_data().decode("latin-1")
        assert not re.search(r"\s(rg|RG)\n", content)  # no RGB colour is set anywhere
        for c, m, y, k in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) [kK]\n", content):
            assert float(c) + float(m) + float(y) + float(k) <= INK_LIMIT + 1e-3
    assert deck.back.title in reader.pages[1].extract_text()
    path = tmp_path / "dtc.pdf"
    path.write_bytes(pdf)
    fonts = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True).stdout
    assert all(line.split()[-5] == "yes" for line in fonts.splitlines()[2:])


def test_the_cards_command_writes_a_shops_files(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "decks").mkdir(parents=True)
    (project / "gaslight.yaml").write_text("title: Shop test\ncontent: [decks]\n", encoding="utf-8")
    (project / "decks" / "mini.yaml").write_text(BASE.replace("suits:\n", "print: {shop: thegamecrafter}\nsuits:\n",
                                                              1), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "gaslight", "cards", "mini"], cwd=project, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr + done.stdout
    assert done.stdout.strip() == ("wrote 5 card faces and the back for The Game Crafter (825 × 1125 px), "
                                   "into mini-cards")
    written = sorted(p.name for p in (project / "mini-cards").iterdir() if not p.name.startswith("."))
    assert written == ["back.png", "front-001-red-1.png", "front-002-red-2.png", "front-003-blue-1.png",
                       "front-004-blue-2.png", "front-005-joker.png", "manifest.txt"]
    assert _picture((project / "mini-cards" / "back.png").read_bytes()).size == (825, 1125)
    # --shop names another shop for one run, whatever the deck says.
    again = subprocess.run([sys.executable, "-m", "gaslight", "cards", "mini", "--shop", "makeplayingcards",
                            "--out", "mpc"], cwd=project, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert _picture((project / "mpc" / "front-005-joker.png").read_bytes()).size == (822, 1122)


def test_every_shop_is_documented_with_its_source() -> None:
    for shop in SHOPS.values():
        assert shop.dpi == 300 and shop.source
    assert SHOPS["drivethrucards"].picture_px("poker") == (825, 1125) and SHOPS["drivethrucards"].colours == "cmyk"


def test_a_shop_s_cards_print_their_fixed_words_in_the_deck_s_language(deck: Deck) -> None:
    """A Japanese project's print-shop file says 点 where an English one says points, as its sheets do."""
    one = dataclasses.replace(deck, cards=deck.cards[:1])
    english = PdfReader(io.BytesIO(next(iter(shop_files(one, "drivethrucards").values())))).pages[0].extract_text()
    japanese = PdfReader(io.BytesIO(next(iter(shop_files(one, "drivethrucards", "ja").values())))).pages[0]
    japanese = japanese.extract_text()
    assert "points" in english and "点" not in english
    assert "点" in japanese and "points" not in japanese
