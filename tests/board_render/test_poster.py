"""The tiled poster PDF: page count matches the tiling, tiles are labelled and drawn, bytes are stable."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from gaslight.outputs.pdf import PAGE_SIZES
from gaslight.outputs.poster import MM, plan_tiling, poster_pdf, poster_size, tile_label
from PIL import Image
from pypdf import PdfReader


@pytest.fixture(scope="module")
def posters(bundled: dict) -> dict[tuple[str, str], bytes]:
    return {(board_id, paper): poster_pdf(bundled[board_id], paper)
            for board_id in ("tutorial", "whitechapel") for paper in ("a4", "letter")}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("board_id", ["tutorial", "whitechapel"])
def test_page_count_matches_the_tiling(bundled: dict, posters: dict, board_id: str, paper: str) -> None:
    tiling = plan_tiling(*poster_size(bundled[board_id]), paper)
    reader = PdfReader(io.BytesIO(posters[(board_id, paper)]))
    assert len(reader.pages) == tiling.pages == 1 + tiling.columns * tiling.rows
    width, height = tiling.sheet
    for page in reader.pages:
        assert (round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)) == (
            round(width, 1), round(height, 1))
    assert sorted((round(width), round(height))) == sorted(round(v) for v in PAGE_SIZES[paper])


def test_tiles_cover_the_poster_with_overlap(bundled: dict) -> None:
    width, height = poster_size(bundled["whitechapel"])
    for paper in ("a4", "letter"):
        tiling = plan_tiling(width, height, paper)
        last = tiling.tiles[-1]
        assert last.x + tiling.content_w >= width and last.y + tiling.content_h >= height
        assert tiling.tiles[1].x == pytest.approx(tiling.content_w - tiling.overlap)


def test_tile_labels_are_printed(bundled: dict, posters: dict) -> None:
    tiling = plan_tiling(*poster_size(bundled["whitechapel"]), "a4")
    reader = PdfReader(io.BytesIO(posters[("whitechapel", "a4")]))
    overview = reader.pages[0].extract_text()
    assert "East End (full size)" in overview
    for tile in tiling.tiles:
        assert tile.label in overview
    for page, tile in zip(reader.pages[1:], tiling.tiles, strict=True):
        text = page.extract_text()
        assert f"Tile {tile.label}" in text
        assert f"column {tile.column + 1} of {tiling.columns}" in text


def test_tile_page_names_its_neighbours(bundled: dict, posters: dict) -> None:
    reader = PdfReader(io.BytesIO(posters[("whitechapel", "a4")]))
    text = reader.pages[1 + 5 + 1].extract_text()  # B2 on a 5-column tiling
    assert "joins left A2, right C2, above B1, below B3" in text


def _ink(pdf: Path, page: int, out: Path) -> float:
    """Fraction of non-white pixels on one page rendered by poppler's pdftoppm."""
    subprocess.run(["pdftoppm", "-r", "20", "-f", str(page), "-l", str(page), "-singlefile", "-png",
                    str(pdf), str(out)], check=True, capture_output=True)
    image = Image.open(out.with_suffix(".png")).convert("L")
    dark = sum(image.histogram()[:200])
    return dark / (image.width * image.height)


def test_rendered_tile_is_not_blank(tmp_path: Path, posters: dict) -> None:
    pdf = tmp_path / "poster.pdf"
    pdf.write_bytes(posters[("whitechapel", "letter")])
    assert _ink(pdf, 2, tmp_path / "tile") > 0.05
    assert _ink(pdf, 1, tmp_path / "overview") > 0.02


def test_same_board_same_bytes(bundled: dict, posters: dict) -> None:
    assert poster_pdf(bundled["tutorial"], "a4") == posters[("tutorial", "a4")]
    assert posters[("tutorial", "a4")] != posters[("tutorial", "letter")]


def test_title_is_drawn_as_text_not_markup(board_from) -> None:  # type: ignore[no-untyped-def]
    from .conftest import board_yaml

    board = board_from(board_yaml(title="<i>Rook & Pawn</i>"))
    reader = PdfReader(io.BytesIO(poster_pdf(board, "a4")))
    assert "<i>Rook & Pawn</i>" in reader.pages[0].extract_text()
    assert reader.metadata.title == "<i>Rook & Pawn</i> — poster (A4)"


@pytest.mark.parametrize(("width", "height", "paper", "expected"), [
    (100, 100, "a4", (1, 1, False)),      # fits one portrait sheet
    (260, 150, "a4", (1, 1, True)),       # fits one landscape sheet
    (340, 260, "a4", (2, 1, False)),      # two portrait sheets beat four landscape ones
    (831, 609, "a4", (5, 3, False)),
    (831, 609, "letter", (5, 3, False)),
    (600, 190, "letter", (3, 1, True)),
])
def test_plan_tiling(width: float, height: float, paper: str, expected: tuple[int, int, bool]) -> None:
    tiling = plan_tiling(width, height, paper)
    assert (tiling.columns, tiling.rows, tiling.landscape) == expected
    assert tiling.content_w * MM < tiling.sheet[0]


@pytest.mark.parametrize(("column", "row", "label"), [(0, 0, "A1"), (4, 2, "E3"), (25, 0, "Z1"), (26, 9, "AA10")])
def test_tile_label(column: int, row: int, label: str) -> None:
    assert tile_label(column, row) == label


PX_BOARD = """
    kind: board
    id: small-px
    title: Drawn in pixels
    unit: px
    canvas: {width: 100, height: 75}
    tokens: {women: 1, patrols: 1}
    circles: [{number: 1, at: [10, 10], flags: [red]}, {number: 2, at: [90, 10]}, {number: 3, at: [50, 65]}]
    crossings: [{id: k1, at: [50, 10], flags: [yellow]}]
    segments: [[1, k1], [k1, 2], [2, 3], [3, 1]]
    """


def circle_mm(board) -> float:  # type: ignore[no-untyped-def]
    from gaslight.domain.board.geometry import drawn_radius
    from gaslight.outputs.poster import poster_scale

    return 2 * drawn_radius(board) * poster_scale(board)


def test_a_board_drawn_in_pixels_prints_with_playable_circles(board_from) -> None:  # type: ignore[no-untyped-def]
    from gaslight.domain.board.geometry import drawn_radius

    board = board_from(PX_BOARD)
    assert 2 * drawn_radius(board) * 25.4 / 96 < 8, "drawn smaller than playable"
    assert circle_mm(board) == pytest.approx(8.0)
    width, height = poster_size(board)
    assert width > 100 * 25.4 / 96 * 1.5 and width / height == pytest.approx(4 / 3, rel=0.15)  # enlarged
    overview = PdfReader(io.BytesIO(poster_pdf(board, "a4"))).pages[0].extract_text()
    assert "circles 8.0 mm across." in overview


def test_a_board_sets_its_printed_circle_size(board_from, bundled: dict) -> None:  # type: ignore[no-untyped-def]
    board = board_from(PX_BOARD.replace("unit: px", "unit: px\n    poster: {circle: 12}"))
    assert circle_mm(board) == pytest.approx(12.0)
    assert poster_size(board)[0] == pytest.approx(poster_size(board_from(PX_BOARD))[0] * 12 / 8)
    tutorial = bundled["tutorial"]  # drawn in mm with circles larger than 8 mm: printed as drawn
    assert circle_mm(tutorial) == pytest.approx(16.28, abs=0.01)
    assert poster_size(tutorial) == pytest.approx((360.7, 280.7), abs=0.1)


def test_a_printed_circle_out_of_range_is_a_located_error(write_yaml) -> None:  # type: ignore[no-untyped-def]
    from gaslight.project import load_project

    path = write_yaml("big.yaml", PX_BOARD.replace("unit: px", "unit: px\n    poster: {circle: 100}"))
    _, report = load_project([path], deep=False)
    assert [d.format_text().split("/")[-1] for d in report.errors] == [
        "big.yaml:5:18: error: poster.circle: 100 is too large (maximum 60) (fix: write a number of at most 60)"]


def test_the_board_is_measured_once_per_poster_not_once_per_page(bundled: dict,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: the drawn radius (a nearest-neighbour search over every node) was measured for each tile page:
    93 % of an A4 poster of 5,000 circles. Now a poster measures it twice (its size, its layout), whatever its pages."""
    from gaslight.outputs import poster

    calls = []
    measure = poster.drawn_radius
    monkeypatch.setattr(poster, "drawn_radius", lambda board: calls.append(board.id) or measure(board))
    data = poster_pdf(bundled["whitechapel"], "letter")
    assert len(PdfReader(io.BytesIO(data)).pages) > 4
    assert calls == ["whitechapel", "whitechapel"]
