"""Nine poker cards a page on Letter as on A4: the bundled decks' sheets counted, cut lines shared, backs aligned.

Letter is 279.4 mm tall: three 92 mm cells (88 mm card and 2 mm bleed each side) do not fit inside
4 mm margins, three 88 mm trims and the outer bleed do (268 mm). The rows then share their cut lines
as print-and-play tools impose them; the columns keep their own bleed, since that fits across.
"""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.discover import walk
from gaslight.outputs.card_faces import card_sheet
from gaslight.outputs.cardsheet import MM, CardFace, CardSheetSettings, back_box, impose, layout
from gaslight.outputs.deck_cards import printed_deck, sheets_for
from gaslight.project import Project, load_files
from PIL import Image
from pypdf import PdfReader

from tests.conftest import REPO


@pytest.fixture(scope="module")
def project() -> Project:
    report = Report()
    files = walk([REPO / "scenarios" / "decks", REPO / "scenarios" / "rulesets"]).scenarios
    loaded = load_files(files, report)
    assert report.ok, report.format_text()
    return loaded


# Measured before 9-up: Letter took 11 sheets for Ripper rummy (62 cards) and 18 for 24 (105 cards), 6 a page.
@pytest.mark.parametrize(("deck_id", "cards", "sheets"), [("ripper-rummy", 62, 7), ("twenty-four", 105, 12)])
@pytest.mark.parametrize("page", ["a4", "letter"])
def test_the_bundled_decks_print_nine_cards_a_sheet(project: Project, deck_id: str, cards: int, sheets: int,
                                                    page: str) -> None:
    deck = printed_deck(project, project.by_id("deck", deck_id))
    assert sum(card.copies for card in deck.cards) == cards
    settings = dict((key, s) for key, _, s in sheets_for(deck.print_spec))[page]
    assert layout(settings).per_page == 9
    reader = PdfReader(io.BytesIO(card_sheet(deck, settings)))
    assert len(reader.pages) == 2 * sheets  # each sheet a page of fronts and a page of backs


def test_letter_rows_share_their_cut_lines_and_bleed_only_at_the_outer_edges() -> None:
    settings = CardSheetSettings(page="letter")
    grid = layout(settings)
    assert (grid.columns, grid.rows, grid.shared) == (3, 3, (False, True))
    painted = grid.painted_boxes(9)
    top, middle, bottom = painted[0], painted[3], painted[6]
    assert abs(top[1] - middle[3]) < 1e-6 and abs(middle[1] - bottom[3]) < 1e-6  # one cut line between rows
    assert abs((top[3] - grid.slots[0][1] - grid.card_height) / MM - 2) < 1e-6  # bleed above the top row
    assert abs((grid.slots[6][1] - bottom[1]) / MM - 2) < 1e-6  # and under the bottom row
    assert abs((bottom[3] - bottom[1]) - grid.card_height - 2 * MM) < 1e-6
    # The grid fits inside the margins: 3 × 88 mm + 2 × 2 mm = 268 mm of 279.4 mm.
    assert top[3] <= grid.page_size[1] - 4 * MM and bottom[1] >= 4 * MM


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_land_on_their_fronts_on_a_shared_cut_sheet(flip: str) -> None:
    settings = CardSheetSettings(page="letter", flip=flip, crop_marks="none", slug=False)
    grid = layout(settings)
    fronts = grid.painted_boxes(7)  # a partial sheet: the last row holds one card
    backs = [back_box(grid.page_size, box, settings) for box in fronts]
    for front, back in zip(fronts, backs, strict=True):
        # Flipping the sheet (mirror across the flip edge) brings each back onto its front.
        again = back_box(grid.page_size, back, settings)
        assert all(abs(a - b) < 1e-6 for a, b in zip(again, front, strict=True))
    reader = PdfReader(io.BytesIO(impose([CardFace(str(i), lambda c, w, h: None) for i in range(7)], settings,
                                         CardFace("back", lambda c, w, h: None))))
    expected = (min(b[0] for b in backs), min(b[1] for b in backs), max(b[2] for b in backs), max(b[3] for b in backs))
    assert all(abs(float(a) - b) < 0.01 for a, b in zip(reader.pages[1].bleedbox, expected, strict=True))


def test_a_shared_cut_line_has_no_white_seam(tmp_path: Path) -> None:
    """Two dark cards butted trim to trim print as one dark band across the cut: neither paints the other white."""
    def dark(canvas, width: float, height: float) -> None:  # type: ignore[no-untyped-def]
        canvas.setFillColorRGB(0, 0, 0)
        canvas.rect(-20 * MM, -20 * MM, width + 40 * MM, height + 40 * MM, stroke=0, fill=1)

    settings = CardSheetSettings(page="letter", crop_marks="none", slug=False)
    grid = layout(settings)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(impose([CardFace(str(i), dark) for i in range(9)], settings))
    subprocess.run(["pdftoppm", "-r", "100", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")],
                   check=True, timeout=60)
    image = Image.open(next(tmp_path.glob("p-*.png"))).convert("L")
    scale = 100 / 72
    x = round((grid.slots[0][0] + grid.card_width / 2) * scale)
    cut = grid.slots[0][1]  # the first row's bottom trim is the second row's top trim
    for offset in (-2, -1, 0, 1, 2):
        y = round((grid.page_size[1] - cut) * scale) + offset
        assert image.getpixel((x, y)) < 40, f"white at {offset} px from the shared cut"
