"""The board SVG: every number drawn, flags shown, text escaped, problems ringed, same bytes each time."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.board.checks import check_board
from gaslight.outputs.board_svg import RED, YELLOW, SvgOptions, board_svg, num

from .conftest import board_yaml

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("board_id", ["tutorial", "whitechapel"])
def test_every_circle_number_is_drawn_once(bundled: dict, board_id: str) -> None:
    board = bundled[board_id]
    svg = board_svg(board)
    root = ET.fromstring(svg)
    layers = {g.get("class"): g for g in root.iter(f"{SVG}g") if g.get("class")}
    texts = [t.text for t in layers["circles"].iter(f"{SVG}text")]
    assert sorted(int(t) for t in texts) == sorted(c.number for c in board.circles)


@pytest.mark.parametrize("board_id", ["tutorial", "whitechapel"])
def test_red_circles_and_yellow_frames(bundled: dict, board_id: str) -> None:
    board = bundled[board_id]
    root = ET.fromstring(board_svg(board))
    red = [c for c in root.iter(f"{SVG}circle") if c.get("fill") == RED]
    framed = [r for r in root.iter(f"{SVG}rect") if r.get("stroke") == YELLOW]
    assert len(red) == len(board.red_circles) == 8
    assert len(framed) == len(board.yellow_crossings) == {"tutorial": 2, "whitechapel": 7}[board_id]
    assert len([r for r in root.iter(f"{SVG}rect")]) == len(board.crossings) + 1  # plus the background


def test_dotted_lines_and_blocks(bundled: dict) -> None:
    board = bundled["tutorial"]
    root = ET.fromstring(board_svg(board))
    assert len(list(root.iter(f"{SVG}polyline"))) == len(board.segments)
    layer = {g.get("class"): g for g in root.iter(f"{SVG}g") if g.get("class")}
    assert len(list(layer["blocks"].iter(f"{SVG}path"))) == 14
    assert [p.get("id") for p in layer["districts"].iter(f"{SVG}path")] == [d.id for d in board.districts]
    assert [t.text for t in layer["districts"].iter(f"{SVG}text")] == [d.name for d in board.districts]
    plain = ET.fromstring(board_svg(board, SvgOptions(shade_blocks=False, show_districts=False)))
    assert [g.get("class") for g in plain.iter(f"{SVG}g") if g.find(f"{SVG}path") is not None] == ["scale"]


def test_a_board_drawn_again_reuses_its_blocks_and_a_moved_circle_redraws_them(bundled: dict) -> None:
    from dataclasses import replace

    from gaslight.outputs import board_svg as drawing

    board = bundled["tutorial"]
    drawing._blocks.cache_clear()
    first = board_svg(board, SvgOptions(heat=((1, 1.0),)))
    assert board_svg(board, SvgOptions(heat=((2, 1.0),))).split("<g class=\"districts\"")[0] == first.split(
        "<g class=\"districts\"")[0]
    assert (drawing._blocks.cache_info().hits, drawing._blocks.cache_info().misses) == (1, 1)
    moved = replace(board, circles=tuple(replace(c, at=(c.at[0] + 1, c.at[1])) if c.number == 1 else c
                                         for c in board.circles))
    assert board_svg(moved).split("<g class=\"districts\"")[0] != first.split("<g class=\"districts\"")[0]
    assert drawing._blocks.cache_info().misses == 2


def test_each_part_is_a_named_layer_for_drawing_programs(bundled: dict) -> None:
    root = ET.fromstring(board_svg(bundled["tutorial"]))
    label = "{http://www.inkscape.org/namespaces/inkscape}label"
    assert [g.get(label) for g in root if g.get(label)] == [
        "Background (ignored on import)", "Blocks (ignored on import)", "Districts", "Streets", "Crossings", "Circles",
        "Places", "Scale (ignored on import)"]
    assert root.get("data-gaslight-canvas") == "320 240"
    crossings = [c.id for c in bundled["tutorial"].crossings]
    assert [r.get("id") for r in root.iter(f"{SVG}rect") if r.get("id")] == crossings


def test_title_and_place_names_are_escaped(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(board_yaml(title="<script>alert(1)</script>", place="Rope & <b>Anchor</b>"))
    svg = board_svg(board)
    assert "<script>" not in svg and "<b>" not in svg
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>" in svg
    assert 'aria-label="&lt;script&gt;alert(1)&lt;/script&gt;"' in svg
    assert ">Rope &amp; &lt;b&gt;Anchor&lt;/b&gt;</text>" in svg
    assert ET.fromstring(svg).find(f"{SVG}title").text == "<script>alert(1)</script>"


CROSSED = """
    kind: board
    id: crossed
    title: Crossed
    unit: mm
    canvas: {width: 100, height: 100}
    tokens: {women: 0, patrols: 0}
    circles:
      [{number: 1, at: [10, 10]}, {number: 2, at: [90, 90]}, {number: 3, at: [90, 10]}, {number: 4, at: [10, 90]}]
    crossings: [{id: k1, at: [50, 5]}, {id: k2, at: [50, 95]}]
    segments: [[1, 2], [3, 4], [1, k1], [k1, 3], [4, k2], [k2, 2]]
    """


def test_problems_with_a_point_are_ringed_and_explained(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(CROSSED)
    report = Report()
    check_board(board, report)
    marked = [d for d in report.diagnostics if d.point is not None]
    assert marked, report.format_text()
    svg = board_svg(board, SvgOptions(problems=tuple(report.diagnostics)))
    group = next(g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("class") == "problems")
    rings = list(group.iter(f"{SVG}circle"))
    assert len(rings) == len(marked)
    crossing = next(d for d in marked if d.point == (50.0, 50.0))
    assert any(r.get("cx") == "50" and r.get("cy") == "50" for r in rings)
    titles = [t.text for t in group.iter(f"{SVG}title")]
    assert f"{crossing.severity.value}: {crossing.message}" in titles


def test_no_problem_group_without_problems(bundled: dict) -> None:
    assert 'class="problems"' not in board_svg(bundled["tutorial"])


def test_same_board_same_text(bundled: dict) -> None:
    board = bundled["whitechapel"]
    assert board_svg(board) == board_svg(board)


def test_no_blank_lines_so_it_sits_inline_in_markdown(bundled: dict) -> None:
    svg = board_svg(bundled["tutorial"])
    assert "\n\n" not in svg and svg.startswith("<svg ") and svg.endswith("</svg>\n")


@pytest.mark.parametrize(("value", "text"), [
    (3.0, "3"), (2.345, "2.35"), (-0.001, "0"), (10.5, "10.5"), (-4.25, "-4.25"),
])
def test_number_format(value: float, text: str) -> None:
    assert num(value) == text


def test_view_box_covers_the_canvas(bundled: dict) -> None:
    board = bundled["tutorial"]
    x, y, w, h = (float(v) for v in re.search(r'viewBox="([^"]+)"', board_svg(board)).group(1).split())
    assert x < 0 and y < 0 and x + w > board.width and y + h > board.height


@pytest.mark.parametrize(("board_id", "label"), [("tutorial", "50 mm"), ("whitechapel", "100 mm")])
def test_blocks_are_built_up_areas_with_streets_between_and_a_scale(bundled: dict, board_id: str, label: str) -> None:
    from gaslight.domain.board.geometry import analyse, drawn_radius
    from shapely.geometry import Point

    board = bundled[board_id]
    root = ET.fromstring(board_svg(board))
    layers = {g.get("class"): g for g in root.iter(f"{SVG}g") if g.get("class")}
    assert [t.text for t in layers["scale"].iter(f"{SVG}text")] == [label]
    r = drawn_radius(board)
    drawn = [p.get("d") for p in layers["blocks"].iter(f"{SVG}path")]
    assert len(drawn) == len(analyse(board).blocks)
    # every node stands clear of the built-up areas: the streets run between them
    corners = [tuple(map(float, c.split(","))) for d in drawn for c in re.findall(r"[-\d.]+,[-\d.]+", d)]
    nodes = [c.at for c in board.circles] + [c.at for c in board.crossings]
    assert min(Point(n).distance(Point(c)) for n in nodes for c in corners[:400]) >= r * 0.4

