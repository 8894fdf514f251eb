"""A deck's printer settings (print: cuts, gutter_mm, crop_marks, flip, back_offset_mm, shop), the calibration
page that measures the back offset, the PDF boxes of sheets and print-shop files, and the PNG faces' dpi."""

from __future__ import annotations

import io
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import Deck
from gaslight.outputs.calibration import calibration_page, targets
from gaslight.outputs.card_faces import card_sheet
from gaslight.outputs.card_images import face_pngs
from gaslight.outputs.cardsheet import MM, CardSheetSettings, back_box, layout
from gaslight.outputs.deck_cards import sheets_for
from gaslight.outputs.pdf import PAGE_SIZES
from gaslight.project import Project
from PIL import Image
from pypdf import PdfReader

from tests.conftest import messages
from tests.decks.test_deck_errors import BASE

Check = Callable[..., tuple[Project, Report]]
WriteYaml = Callable[[str, str], Path]


def _deck(write_yaml: WriteYaml, check: Check, block: str) -> tuple[Deck | None, list[str]]:
    project, report = check(write_yaml("decks/mini.yaml", BASE.replace("suits:\n", f"print: {block}\nsuits:\n", 1)))
    decks = project.of_kind("deck")
    return (decks[0] if decks else None), messages(report)


@pytest.mark.parametrize(("block", "expected"), [
    ("{flip: diagonal}",
     "mini.yaml:6:15: error: print.flip: the text 'diagonal' is not allowed here (fix: one of: long, short)"),
    ("{back_offset_mm: {x: 20}}",
     "mini.yaml:6:29: error: print.back_offset_mm.x: 20 is too large (maximum 10) (fix: write a number of at most 10)"),
    ("{back_offset_mm: [1, 2]}",
     "mini.yaml:6:25: error: print.back_offset_mm: expected a mapping of keys to values, found a list of 2 "
     "(fix: write {x: 0.5, y: -1}: millimetres, right and up)"),
    ("{back_offset_mm: {z: 1}}",
     "mini.yaml:6:26: error: print.back_offset_mm.z: unknown key 'z' (fix: write {x: 0.5, y: -1}: millimetres, "
     "right and up)"),
    ("{shop: drivethrucards, size: mini}",
     "mini.yaml:6:15: error: print.shop: the drivethrucards preset covers poker and tarot cards; this deck's cards "
     "are mini "
     "(fix: write 'size: poker', or remove 'shop' and send the print-shop PDF)"),
    ("{shop: printninja}",
     "mini.yaml:6:15: error: print.shop: the text 'printninja' is not allowed here "
     "(fix: one of: thegamecrafter, makeplayingcards, drivethrucards)"),
    ("{gutter_mm: -1}",
     "mini.yaml:6:20: error: print.gutter_mm: -1 is too small (minimum 0) (fix: write millimetres from 0 to 20, "
     "for example 3)"),
    ("{cuts: tight}",
     "mini.yaml:6:15: error: print.cuts: the text 'tight' is not allowed here (fix: one of: auto, shared, separate)"),
    ("{crop_marks: dotted}",
     "mini.yaml:6:21: error: print.crop_marks: the text 'dotted' is not allowed here "
     "(fix: one of: corner, full, none)"),
])
def test_printer_settings_no_printer_can_follow_are_located(block: str, expected: str, write_yaml: WriteYaml,
                                                            check: Check) -> None:
    deck, found = _deck(write_yaml, check, block)
    assert found == [expected]
    assert deck is None


def test_the_print_block_sets_the_duplex_sheets(write_yaml: WriteYaml, check: Check) -> None:
    deck, found = _deck(write_yaml, check, "{flip: short, back_offset_mm: {x: 1.5, y: -1}, crop_marks: full, "
                                           "gutter_mm: 3, cuts: separate}")
    assert found == [] and deck is not None
    sheets = {key: settings for key, _, settings in sheets_for(deck.print_spec)}
    for key in ("a4", "letter"):
        settings = sheets[key]
        assert (settings.flip, settings.back_offset_mm, settings.crop_marks, settings.gutter_mm, settings.cuts) == (
            "short", (1.5, -1.0), "full", (3.0, 3.0), "separate")
    # A print shop turns no sheet: its file ignores the printer's flip and offset.
    assert (sheets["print-shop"].flip, sheets["print-shop"].back_offset_mm) == ("long", (0.0, 0.0))
    # Separate cuts with a 3 mm gutter: six poker cards on A4 (two columns of 67 + 3 + 67 mm), not nine.
    grid = layout(sheets["a4"])
    assert (grid.columns, grid.rows) == (2, 3)
    reader = PdfReader(io.BytesIO(card_sheet(deck, sheets["a4"])))
    fronts = grid.painted_boxes(6)
    expected = [back_box(grid.page_size, box, sheets["a4"]) for box in fronts]
    union = (min(b[0] for b in expected), min(b[1] for b in expected), max(b[2] for b in expected),
             max(b[3] for b in expected))
    assert all(abs(float(a) - b) < 0.01 for a, b in zip(reader.pages[1].bleedbox, union, strict=True))
    # Short-edge flip with the offset: the back sheet's boxes sit mirrored top to bottom, 1.5 mm right, 1 mm down.
    front = [float(v) for v in reader.pages[0].trimbox]
    back = [float(v) for v in reader.pages[1].trimbox]
    page_h = PAGE_SIZES["a4"][1]
    assert abs(back[0] - (front[0] + 1.5 * MM)) < 0.01 and abs(back[1] - (page_h - front[3] - MM)) < 0.01
    pages = [p.get_contents().get_data().decode("latin-1") for p in reader.pages[:2]]
    assert pages[0].count(" l S") == 2 * 2 + 3 * 2  # full crop marks: each of 2 columns and 3 rows has two cut lines


def _scale_centre(pdf: bytes, tmp_path: Path, near: tuple[float, float]) -> tuple[float, float]:
    """Where the back page's scales cross near ``near`` (points): the darkest column and row of a 30 mm window."""
    path = tmp_path / "calibration.pdf"
    path.write_bytes(pdf)
    dpi = 300
    px = dpi / 72
    page_h = PdfReader(path).pages[1].mediabox[3]
    left, top = round((near[0] - 15 * MM) * px), round((float(page_h) - near[1] - 15 * MM) * px)
    size = round(30 * MM * px)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-f", "2", "-l", "2", "-x", str(left), "-y", str(top),
                    "-W", str(size), "-H", str(size), str(path), str(tmp_path / "back")], check=True, timeout=60)
    image = Image.open(next(tmp_path.glob("back-*.pgm"))).convert("L")
    columns = [sum(255 - image.getpixel((x, y)) for y in range(size)) for x in range(size)]
    rows = [sum(255 - image.getpixel((x, y)) for x in range(size)) for y in range(size)]
    column, row = columns.index(max(columns)), rows.index(max(rows))
    return ((left + column + 0.5) / px, float(page_h) - (top + row + 0.5) / px)


@pytest.mark.parametrize(("page", "flip", "offset"), [("letter", "long", (2.0, -1.5)), ("a4", "short", (0.0, 1.0))])
def test_the_calibration_scales_sit_where_the_front_target_lands_on_the_back(
        page: str, flip: str, offset: tuple[float, float], tmp_path: Path) -> None:
    settings = CardSheetSettings(page=page, flip=flip, back_offset_mm=offset)
    pdf = calibration_page(settings)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2
    x, y = targets(settings)[0]
    # The middle target mirrors onto itself; the scales then move by the offset in use.
    expected = (x + offset[0] * MM, y + offset[1] * MM)
    found = _scale_centre(pdf, tmp_path, expected)
    assert abs(found[0] - expected[0]) < 0.3 and abs(found[1] - expected[1]) < 0.3, (found, expected)
    text = reader.pages[1].extract_text()
    assert f"x = {offset[0]:g} + the x reading, y = {offset[1]:g} + the y reading" in text
    assert calibration_page(settings) == pdf  # the same bytes twice


def test_every_deck_gets_its_calibration_pages_and_exact_boxes(showcase_print: Path) -> None:
    decks = showcase_print / "decks"
    for deck in ("ripper-rummy", "twenty-four"):
        for page in ("a4", "letter"):
            assert len(PdfReader(decks / f"{deck}-calibration-{page}.pdf").pages) == 2
            sheet = PdfReader(decks / f"{deck}-{page}.pdf")
            width, height = PAGE_SIZES[page]
            for number in (0, 1):  # sheets keep the page as MediaBox; TrimBox and BleedBox hold their cards
                box = sheet.pages[number]
                assert [round(float(v), 2) for v in box.mediabox] == [0, 0, round(width, 2), round(height, 2)]
                trim, bleed = [float(v) for v in box.trimbox], [float(v) for v in box.bleedbox]
                assert bleed[0] < trim[0] and bleed[3] > trim[3]
        # The print-shop file: one card a page, the page its bleed box, the TrimBox the card exactly.
        shop = PdfReader(decks / f"{deck}-print-shop.pdf")
        for box in shop.pages:
            assert [round(float(v) / MM, 3) for v in box.trimbox] == [3, 3, 66, 91]
            assert [round(float(v) / MM, 3) for v in box.bleedbox] == [0, 0, 69, 94]
            assert [round(float(v) / MM, 3) for v in box.mediabox] == [0, 0, 69, 94]


def test_png_faces_carry_their_dpi(write_yaml: WriteYaml, check: Check) -> None:
    deck, _ = _deck(write_yaml, check, "{dpi: 150}")
    assert deck is not None
    for _, data in face_pngs(deck)[:2]:
        image = Image.open(io.BytesIO(data))
        assert tuple(round(v) for v in image.info["dpi"]) == (150, 150)
        assert image.size == (round(63 / 25.4 * 150), round(88 / 25.4 * 150))
