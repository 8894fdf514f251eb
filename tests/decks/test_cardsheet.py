"""Card sheet geometry read back from the PDF with pypdf: pages, cards per sheet, boxes, duplex mirroring."""

from __future__ import annotations

import dataclasses
import io
import re

import pytest
from gaslight.outputs.cardsheet import (
    MM,
    CardFace,
    CardSheetError,
    CardSheetSettings,
    back_origin,
    impose,
    layout,
)
from gaslight.outputs.pdf import PAGE_SIZES
from pypdf import PdfReader

TOLERANCE = 0.01  # points; reportlab writes coordinates with limited precision


def labelled(n: int) -> list[CardFace]:
    """Faces that write their label 2 pt right and 3 pt up from the trim corner."""
    return [CardFace(f"F{i}", lambda c, w, h, i=i: c.drawString(2, 3, f"F{i}")) for i in range(n)]


BACK = CardFace("back", lambda c, w, h: c.drawString(2, 3, "BACK"))


def read(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def labels(page) -> list[tuple[str, float, float]]:  # type: ignore[no-untyped-def]
    """Every text run on the page that is a card label, with its position on the page."""
    found: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        text = text.strip()
        if text.startswith(("F", "BACK")) and " " not in text:
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text, x, y))

    page.extract_text(visitor_text=visit)
    return found


def box(rect) -> tuple[float, ...]:  # type: ignore[no-untyped-def]
    return tuple(float(v) for v in rect)


def close(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize(("page", "size", "columns", "rows"), [
    ("a4", "poker", 3, 3),
    ("a4", "bridge", 3, 3),
    ("a4", "mini", 4, 4),
    ("a4", "tarot", 2, 2),
    ("letter", "poker", 3, 3),  # 9-up: rows share their cut lines (3 × 67 mm cells do not fit in 271.4 mm)
    ("letter", "mini", 4, 4),
])
def test_as_many_cards_as_fit(page: str, size: str, columns: int, rows: int) -> None:
    grid = layout(CardSheetSettings(page=page, size=size))
    assert (grid.columns, grid.rows, grid.per_page) == (columns, rows, columns * rows)
    # Every painted box lies inside the margins; neighbours do not overlap.
    margin = 4 * MM
    for x0, y0, x1, y1 in grid.painted_boxes(grid.per_page):
        assert x0 >= margin - TOLERANCE and y0 >= margin - TOLERANCE
        assert x1 <= grid.page_size[0] - margin + TOLERANCE and y1 <= grid.page_size[1] - margin + TOLERANCE
    assert grid.slots[1][0] - grid.slots[0][0] >= grid.card_width + 2 * grid.bleed - TOLERANCE
    below = grid.slots[0][1] - grid.slots[columns][1]
    if page == "letter" and size == "poker":
        assert grid.shared == (False, True) and abs(below - grid.card_height) <= TOLERANCE
    else:
        assert grid.shared == (False, False) and below >= grid.card_height + 2 * grid.bleed - TOLERANCE


def test_gutters_take_room_when_cuts_are_separate() -> None:
    assert layout(CardSheetSettings(gutter_mm=(10, 0), cuts="separate")).columns == 2
    assert layout(CardSheetSettings(gutter_mm=(0, 10), cuts="separate")).rows == 2


def test_a_gutter_narrows_to_fit_and_cards_share_cuts_when_even_bleed_does_not_fit() -> None:
    # A4, poker, 2 mm bleed: three 67 mm cells leave 1 mm across, so a 10 mm gutter narrows to 0.5 mm.
    grid = layout(CardSheetSettings(gutter_mm=(10, 0)))
    assert (grid.columns, grid.shared) == (3, (False, False))
    assert abs((grid.slots[1][0] - grid.slots[0][0]) / MM - (63 + 4 + 0.5)) < 1e-6
    # 3 mm bleed: three 69 mm cells do not fit in 202 mm, three trims and the outer bleed do.
    wide = layout(CardSheetSettings(bleed_mm=3))
    assert (wide.columns, wide.shared) == (3, (True, False))
    assert abs(wide.slots[1][0] - wide.slots[0][0] - wide.card_width) < 1e-6
    assert layout(CardSheetSettings(bleed_mm=3, cuts="separate")).columns == 2
    assert layout(CardSheetSettings(cuts="shared")).shared == (True, True)


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_page_size_and_card_count_per_sheet(page: str) -> None:
    settings = CardSheetSettings(page=page, crop_marks="none")
    per_page = layout(settings).per_page
    count = per_page * 2 + 1
    reader = read(impose(labelled(count), settings, BACK))
    assert len(reader.pages) == 2 * 3  # three sheets, each a front page and a back page
    for p in reader.pages:
        assert close(box(p.mediabox), (0, 0, *PAGE_SIZES[page]))
    fronts = [labels(reader.pages[i]) for i in (0, 2, 4)]
    assert [len(f) for f in fronts] == [per_page, per_page, 1]
    assert [t for t, _, _ in fronts[2]] == [f"F{count - 1}"]
    backs = [labels(reader.pages[i]) for i in (1, 3, 5)]
    assert [len(b) for b in backs] == [per_page, per_page, 1]


def test_without_backs_only_fronts_are_printed() -> None:
    reader = read(impose(labelled(10), CardSheetSettings(crop_marks="none")))
    assert len(reader.pages) == 2
    assert [len(labels(p)) for p in reader.pages] == [9, 1]


def test_custom_size_fits_the_cards_it_asked_for() -> None:
    settings = CardSheetSettings(size="custom", width_mm=50, height_mm=50, bleed_mm=0, gutter_mm=(5, 5))
    grid = layout(settings)
    # Across, four cards fit only with a narrower gutter (2 mm left for three gaps); down, five fit with 5 mm.
    assert round(grid.card_width / MM, 6) == 50 and (grid.columns, grid.rows) == (4, 5)
    assert round((grid.slots[1][0] - grid.slots[0][0]) / MM, 6) == round(50 + 2 / 3, 6)
    assert round((grid.slots[0][1] - grid.slots[4][1]) / MM, 6) == 55
    assert layout(dataclasses.replace(settings, cuts="separate")).columns == 3


def test_trim_and_bleed_boxes_are_set_per_page() -> None:
    settings = CardSheetSettings(crop_marks="none", bleed_mm=3, gutter_mm=(2, 2))
    grid = layout(settings)
    reader = read(impose(labelled(grid.per_page + 2), settings, BACK))
    w, h, b = grid.card_width, grid.card_height, 3 * MM
    xs = [x for x, _ in grid.slots]
    ys = [y for _, y in grid.slots]
    full_trim = (min(xs), min(ys), max(xs) + w, max(ys) + h)
    assert close(box(reader.pages[0].trimbox), full_trim)
    x0, y0, x1, y1 = full_trim
    assert close(box(reader.pages[0].bleedbox), (x0 - b, y0 - b, x1 + b, y1 + b))
    # The last sheet holds two cards in the top row: its boxes shrink to them.
    (x0, y0), (x1, _) = grid.slots[0], grid.slots[1]
    assert close(box(reader.pages[2].trimbox), (x0, y0, x1 + w, y0 + h))
    assert close(box(reader.pages[2].bleedbox), (x0 - b, y0 - b, x1 + w + b, y0 + h + b))


def test_print_shop_layout_is_one_card_per_page_with_the_card_as_trim_box() -> None:
    settings = CardSheetSettings(layout="single", bleed_mm=3)
    reader = read(impose(labelled(3), settings, BACK))
    w, h, b = 63 * MM, 88 * MM, 3 * MM
    assert len(reader.pages) == 6
    for p in reader.pages:
        assert close(box(p.mediabox), (0, 0, w + 2 * b, h + 2 * b))
        assert close(box(p.trimbox), (b, b, b + w, b + h))
        assert close(box(p.bleedbox), (0, 0, w + 2 * b, h + 2 * b))


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -2.0)])
def test_long_edge_backs_mirror_the_fronts(offset: tuple[float, float]) -> None:
    settings = CardSheetSettings(crop_marks="none", back_offset_mm=offset)
    grid = layout(settings)
    reader = read(impose(labelled(grid.per_page), settings, BACK))
    fronts = labels(reader.pages[0])
    backs = sorted((x, y) for _, x, y in labels(reader.pages[1]))
    page_w = grid.page_size[0]
    dx, dy = offset[0] * MM, offset[1] * MM
    # A label 2 pt inside the front's left edge is 2 pt inside the back's left edge, mirrored in x.
    expected = sorted(((page_w - (x - 2) - grid.card_width) + 2 + dx, y + dy) for _, x, y in fronts)
    assert len(backs) == len(expected) == 9
    assert all(close(a, b) for a, b in zip(backs, expected, strict=True))
    # The first card (top left) has its back at the top right.
    (_, fx, _), = [f for f in fronts if f[0] == "F0"]
    assert close(back_origin(grid, grid.slots[0], settings),
                 (page_w - grid.slots[0][0] - grid.card_width + dx, grid.slots[0][1] + dy))
    assert fx < page_w / 2 < back_origin(grid, grid.slots[0], settings)[0]


def test_short_edge_backs_mirror_top_to_bottom_and_turn_over() -> None:
    settings = CardSheetSettings(crop_marks="none", flip="short", back_offset_mm=(1, 1))
    grid = layout(settings)
    reader = read(impose(labelled(1), settings, BACK))
    (_, fx, fy), = labels(reader.pages[0])
    (_, bx, by), = labels(reader.pages[1])
    x, y = grid.slots[0]
    assert close((fx, fy), (x + 2, y + 3))
    # Mirrored in y, drawn upside down: the label's corner is the far corner of the back's trim.
    back_x, back_y = x + MM, grid.page_size[1] - y - grid.card_height + MM
    assert close((bx, by), (back_x + grid.card_width - 2, back_y + grid.card_height - 3))


def _stroked_lines(pdf: bytes) -> int:
    content = read(pdf).pages[0].get_contents().get_data().decode("latin-1")
    return content.count(" l S") + content.count(" l\nS")


@pytest.mark.parametrize(("marks", "lines"), [
    ("none", 0),
    ("corner", 9 * 8),        # two short lines at each of four corners of nine cards
    ("full", 6 + 6),          # one line across the page per distinct trim x and trim y
])
def test_crop_marks(marks: str, lines: int) -> None:
    assert _stroked_lines(impose(labelled(9), CardSheetSettings(crop_marks=marks))) == lines


def test_same_bytes_twice_and_fonts_embedded() -> None:
    def make() -> bytes:
        return impose(labelled(12), CardSheetSettings(page="letter"), BACK, title="Twice")

    first = make()
    assert first == make()
    # Every font text is drawn with is embedded (reportlab's page preamble also names Helvetica, unused).
    fonts = [f.get_object() for f in read(first).pages[0]["/Resources"]["/Font"].values()]
    drawn = [f for f in fonts if f["/BaseFont"] != "/Helvetica"]
    assert drawn and all("/FontFile2" in f["/FontDescriptor"] for f in drawn)


@pytest.mark.parametrize(("settings", "message"), [
    (CardSheetSettings(size="huge"),
     "unknown card size 'huge'; use one of: poker, bridge, mini, tarot, euro, square, custom"),
    (CardSheetSettings(size="custom", width_mm=60), "a custom card size needs width_mm and height_mm"),
    (CardSheetSettings(size="custom", width_mm=300, height_mm=80),
     "a 300 × 80 mm card with 2 mm bleed does not fit on a a4 page inside 4 mm margins; "
     "use a smaller card, bleed or margin"),
    (CardSheetSettings(crop_marks="dotted"), "unknown crop_marks 'dotted'; use one of: none, corner, full"),
    (CardSheetSettings(flip="diagonal"), "unknown flip 'diagonal'; use one of: long, short"),
    (CardSheetSettings(page="a3"), "unknown page 'a3'; use one of: a4, letter"),
    (CardSheetSettings(bleed_mm=-1), "bleed_mm must not be negative"),
    (CardSheetSettings(safe_mm=40), "the safe zone (40 mm) leaves no room on a 63 × 88 mm card"),
])
def test_impossible_settings_are_refused(settings: CardSheetSettings, message: str) -> None:
    with pytest.raises(CardSheetError) as caught:
        impose(labelled(1), settings)
    assert str(caught.value) == message


def test_faces_are_clipped_to_their_bleed_box() -> None:
    settings = CardSheetSettings(crop_marks="none", bleed_mm=3)
    grid = layout(settings)
    content = read(impose(labelled(2), settings)).pages[0].get_contents().get_data().decode("latin-1")
    clips = re.findall(r"1 0 0 1 (\S+) (\S+) cm\nn (\S+) (\S+) (\S+) (\S+) re W\* n", content)
    assert len(clips) == 2
    b = 3 * MM
    # 3 mm bleed on A4 puts three cards across with shared cuts: the first card's bleed stops at its right trim.
    w, h = grid.card_width, grid.card_height
    expected = [(-b, -b, w + b, h + 2 * b), (0, -b, w + b, h + 2 * b)]
    for (x, y), clip, size in zip(grid.slots, clips, expected, strict=False):
        assert close(tuple(float(v) for v in clip), (x, y, *size))
