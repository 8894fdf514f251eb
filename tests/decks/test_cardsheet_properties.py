"""Properties of the imposition for any card size, bleed, gutter and page that fits."""

from __future__ import annotations

from gaslight.outputs.cardsheet import MM, CardSheetError, CardSheetSettings, back_box, back_origin, layout
from hypothesis import given, settings
from hypothesis import strategies as st

EPSILON = 1e-6

sheets = st.builds(
    CardSheetSettings,
    size=st.just("custom"),
    width_mm=st.floats(20, 200),
    height_mm=st.floats(20, 280),
    bleed_mm=st.floats(0, 6),
    safe_mm=st.just(2.0),
    page=st.sampled_from(["a4", "letter"]),
    margin_mm=st.floats(0, 15),
    gutter_mm=st.tuples(st.floats(0, 10), st.floats(0, 10)),
    flip=st.sampled_from(["long", "short"]),
    cuts=st.sampled_from(["auto", "shared", "separate"]),
)


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] - EPSILON and b[0] < a[2] - EPSILON and a[1] < b[3] - EPSILON and b[1] < a[3] - EPSILON


@settings(max_examples=150, deadline=None)
@given(sheets)
def test_cards_stay_inside_the_margins_and_never_overlap(sheet: CardSheetSettings) -> None:
    try:
        grid = layout(sheet)
    except CardSheetError as exc:
        assert str(exc).startswith(f"a {sheet.width_mm:g} × {sheet.height_mm:g} mm card")
        return
    margin = sheet.margin_mm * MM
    page_w, page_h = grid.page_size
    boxes = grid.painted_boxes(grid.per_page)
    for x0, y0, x1, y1 in boxes:
        assert x0 >= margin - EPSILON and y0 >= margin - EPSILON
        assert x1 <= page_w - margin + EPSILON and y1 <= page_h - margin + EPSILON
    assert not any(overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    # One more column or row would not fit: "as many as fit" (trim to trim, unless cuts are kept separate).
    if sheet.cuts == "separate":
        cell_w = grid.card_width + 2 * grid.bleed + sheet.gutter_mm[0] * MM
        cell_h = grid.card_height + 2 * grid.bleed + sheet.gutter_mm[1] * MM
        assert (grid.columns + 1) * cell_w - sheet.gutter_mm[0] * MM > page_w - 2 * margin - EPSILON
        assert (grid.rows + 1) * cell_h - sheet.gutter_mm[1] * MM > page_h - 2 * margin - EPSILON
    else:
        assert (grid.columns + 1) * grid.card_width + 2 * grid.bleed > page_w - 2 * margin - EPSILON
        assert (grid.rows + 1) * grid.card_height + 2 * grid.bleed > page_h - 2 * margin - EPSILON


@settings(max_examples=150, deadline=None)
@given(sheets)
def test_backs_fold_onto_their_fronts(sheet: CardSheetSettings) -> None:
    try:
        grid = layout(sheet)
    except CardSheetError:
        return
    fronts = grid.painted_boxes(grid.per_page)
    backs = [back_box(grid.page_size, box, sheet) for box in fronts]
    # Backs tile as the fronts do: the mirror of the centred grid is the grid (no offset in these sheets).
    assert sorted(round(v, 6) for box in backs for v in box) == sorted(round(v, 6) for box in fronts for v in box)
    for slot in grid.slots:
        back = back_origin(grid, slot, sheet)
        # Flipping the sheet again brings the back onto the front (without an offset, the mirror is an involution).
        again = back_origin(grid, back, sheet)
        assert abs(again[0] - slot[0]) < EPSILON and abs(again[1] - slot[1]) < EPSILON
        # The back stays on the page, so nothing is lost to the flip.
        assert -EPSILON <= back[0] and back[0] + grid.card_width <= grid.page_size[0] + EPSILON
        assert -EPSILON <= back[1] and back[1] + grid.card_height <= grid.page_size[1] + EPSILON
