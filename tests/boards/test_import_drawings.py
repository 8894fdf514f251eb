"""``gaslight import svg`` on drawings as designers bring them (issue 33 §1): circles drawn as paths (Inkscape's
older arcs, the four Bézier curves Illustrator and Affinity write), a symbol placed many times with ``<use>``, a
snap that would join streets to the wrong circles, streets alone, a number written twice, a circle dropped on a
street, a linked scan in a skipped layer, and ``--update``. Each gives a board or located messages. The
drawings are written for these tests (``fixtures/drawings/`` or here); none comes from elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.diagnostics import Report
from gaslight.domain.board.from_drawing import board_data
from gaslight.domain.board.import_svg import read_drawing

DRAWINGS = Path(__file__).with_name("fixtures") / "drawings"
HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="100mm" height="100mm" '
        'viewBox="0 0 100 100">')
TWO = ('<circle cx="10" cy="10" r="3"/><text x="10" y="10">1</text>'
       '<circle cx="50" cy="10" r="3"/><text x="50" y="10">2</text>')
QUARTER_SEGMENTS = [["k1", 1], [1, "k2"], ["k2", 2], [2, "k3"], ["k4", 3], [3, "k5"], ["k5", 4], [4, "harbour"],
                    ["k1", 5], [5, "k4"], ["k3", 6], [6, "harbour"],
                    {"between": ["k2", "k5"], "via": [[92.81, 46.5], [90.0, 69.0], [87.19, 91.5]]}]


def imported(path: Path, **options: object) -> tuple[dict | None, list[str]]:
    report = Report()
    drawing = read_drawing(path, path.name, report)
    data = board_data(drawing, "imported", path.name, report, **options) if drawing else None  # type: ignore[arg-type]
    return data, [d.format_text() for d in report.diagnostics]


def written(tmp_path: Path, text: str) -> Path:
    drawing = tmp_path / "d.svg"
    drawing.write_text(text, encoding="utf-8")
    return drawing


def test_inkscape_arc_paths_are_circles() -> None:
    """Four-arc and two-arc ``a`` paths, a 0.48 cubic arc under a translate, an arc scaled by a matrix, a nearly
    round ellipse path (4.05 × 3.95) and one true <circle>, in a layer moved by a transform, in mm."""
    data, said = imported(DRAWINGS / "inkscape-arcs.svg")
    assert said == []
    assert data == {
        "kind": "board", "id": "imported", "title": "Arcs quarter", "unit": "mm",
        "canvas": {"width": 210.0, "height": 148.0},
        "circles": [{"number": 1, "at": [60.0, 24.0], "flags": ["red"]}, {"number": 2, "at": [120.0, 24.0]},
                    {"number": 3, "at": [60.0, 114.0]}, {"number": 4, "at": [120.0, 114.0], "flags": ["red"]},
                    {"number": 5, "at": [30.0, 69.0]}, {"number": 6, "at": [150.0, 69.0]}],
        "crossings": [{"id": "harbour", "at": [150.0, 114.0], "flags": ["yellow"]},
                      {"id": "k1", "at": [30.0, 24.0], "flags": ["yellow"]}, {"id": "k2", "at": [90.0, 24.0]},
                      {"id": "k3", "at": [150.0, 24.0]}, {"id": "k4", "at": [30.0, 114.0]},
                      {"id": "k5", "at": [90.0, 114.0]}],
        "segments": QUARTER_SEGMENTS}


def test_illustrator_four_bezier_circles_are_circles() -> None:
    """Illustrator's export: layers as groups named by id, colours from CSS classes, circles as M…C…C…C…C…Z
    paths, numbers placed by a transform, px."""
    data, said = imported(DRAWINGS / "illustrator-beziers.svg")
    assert said == []
    assert data is not None
    assert data["circles"] == [{"number": 1, "at": [120.0, 48.0], "flags": ["red"]}, {"number": 2, "at": [240.0, 48.0]},
                               {"number": 3, "at": [120.0, 228.0]},
                               {"number": 4, "at": [240.0, 228.0], "flags": ["red"]},
                               {"number": 5, "at": [60.0, 138.0]}, {"number": 6, "at": [300.0, 138.0]}]
    assert data["segments"] == [["k1", 1], [1, "k2"], ["k2", 2], [2, "k3"], ["k4", 3], [3, "k5"], ["k5", 4],
                                [4, "k6"], ["k1", 5], [5, "k4"], ["k3", 6], [6, "k6"], ["k2", "k5"]]
    assert (data["unit"], data["canvas"]) == ("px", {"width": 420.0, "height": 296.0})


def test_a_symbol_placed_64_times_is_64_circles_each_at_its_own_place() -> None:
    """A <symbol> drawn about its middle (viewBox -6 -6 12 12), placed by x/y or by a matrix transform."""
    data, said = imported(DRAWINGS / "symbol-grid.svg")
    assert said == []
    assert data is not None
    assert data["circles"] == [{"number": 8 * r + c + 1, "at": [20.0 + 20 * c, 20.0 + 20 * r]}
                               for r in range(8) for c in range(8)]
    assert len(data["segments"]) == 112


def test_a_problem_with_a_copy_is_located_at_its_use(tmp_path: Path) -> None:
    text = (DRAWINGS / "symbol-grid.svg").read_text(encoding="utf-8")
    text = text.replace('style="font-size:7px">27</text>', 'style="font-size:7px"></text>')
    text = text.replace('style="font-size:7px">40</text>', 'style="font-size:7px">39</text>')
    data, said = imported(written(tmp_path, text))
    assert data is None
    assert said == [
        "d.svg:81:2: error: <use id='s27'>: the circle at (60, 80) has no number (fix: write its number inside it, "
        "or move it to a layer named 'ignore')",
        "d.svg:107:2: error: <use id='s40'>: the number 39 is written on two circles: at line 105 and here, at "
        "(160, 100) (fix: renumber one of them)"]


SHAPES = (f'{HEAD}\n  <g inkscape:label="Circles">\n'
          '    <path id="hexagon" d="M 60,30 H 70 L 75,38 L 70,46 H 60 L 55,38 Z"/><text x="65" y="38">3</text>\n'
          '    <path id="oval" d="M 30,60 A 10,5 0 1 1 10,60 A 10,5 0 1 1 30,60 Z"/><text x="20" y="60">4</text>\n'
          '    <rect id="box" x="78" y="78" width="4" height="4"/>\n'
          '    <line id="tick" x1="50" y1="45" x2="50" y2="55" stroke="#000"/>\n'
          f'    {TWO}\n  </g>\n'
          '  <path d="M 10,10 H 50 L 65,38" stroke="#000" fill="none"/>\n</svg>\n')
FIX_NOT_CIRCLE = ("(fix: draw it as a circle (Inkscape: the ellipse tool with Ctrl held; a path is read as a circle "
                  "when its outline keeps within 3% of one radius), or move it out of the circles layer)")


def test_a_shape_in_the_circles_layer_that_is_no_circle_says_what_it_is(tmp_path: Path) -> None:
    """Its number and the line ending on it cause no second message."""
    data, said = imported(written(tmp_path, SHAPES))
    assert data is None
    assert said == [
        f"d.svg:3:5: error: <path id='hexagon'>: this shape in the circles layer is a path of 6 straight segments, "
        f"not a circle {FIX_NOT_CIRCLE}",
        f"d.svg:4:5: error: <path id='oval'>: this shape in the circles layer is an ellipse 20 × 10 mm across, not "
        f"a circle {FIX_NOT_CIRCLE}",
        f"d.svg:5:5: error: <rect id='box'>: this shape in the circles layer is a rectangle 4 × 4 mm, not a circle "
        f"{FIX_NOT_CIRCLE}",
        f"d.svg:6:5: error: <line id='tick'>: this shape in the circles layer is a straight line, not a circle "
        f"{FIX_NOT_CIRCLE}"]


def line_to(x: float) -> str:
    return f'{HEAD}{TWO}<line id="l" x1="10" y1="10" x2="{x}" y2="10" stroke="#000"/></svg>'


def test_snap_is_offered_and_taken_only_within_three_circle_radii(tmp_path: Path) -> None:
    drawing = written(tmp_path, line_to(40))  # 7 mm short of circle 2's edge; its radius is 3 mm
    assert imported(drawing) == (None, [
        "d.svg:1:314: error: <line id='l'>: a line ends at (40, 10), on no circle or crossing; the nearest, circle 2, "
        "is 7 mm beyond its edge (fix: end the line inside the circle or square, or import with --snap 8)"])
    assert imported(drawing, snap=8.0)[0]["segments"] == [[1, 2]]  # type: ignore[index]
    assert imported(drawing, snap=10.0) == (None, [
        "d.svg:1:1: error: --snap 10 is more than 3 times the drawn circles' radius (3 mm): line ends that far from a "
        "circle would join it whatever they were drawn to meet (fix: end the lines inside their circles, or import "
        "with --snap 9 or less (--force joins them all the same))"])
    assert imported(drawing, snap=10.0, force=True)[0]["segments"] == [[1, 2]]  # type: ignore[index]
    far = written(tmp_path, line_to(30))  # 17 mm short: no snap is offered
    assert imported(far)[1] == [
        "d.svg:1:314: error: <line id='l'>: a line ends at (30, 10), on no circle or crossing; the nearest, circle 1, "
        "is 17 mm beyond its edge, over 3 times the circles' radius (fix: end the line inside the circle or square it "
        "is drawn to meet)"]


def test_line_ends_far_from_every_station_are_said_once(tmp_path: Path) -> None:
    """A transit map whose stations are small ticks beside its lines: one message, no --snap hint."""
    stations = "".join(f'<circle cx="{10 + 20 * k}" cy="20" r="1"/><text x="{10 + 20 * k}" y="20">{k + 1}</text>'
                       for k in range(5))
    lines = "".join(f'<path d="M {12 + 20 * k} 40 L {28 + 20 * k} 40" stroke="#000"/>' for k in range(4))
    data, said = imported(written(tmp_path, f"{HEAD}\n{stations}\n{lines}\n</svg>"))
    assert data is None
    assert said == [
        "d.svg:3:1: error: <path>: 8 of the drawing's 8 line ends stop far from every circle and square (by 19.1 mm "
        "in the middle, 19.1 times the circles' radius of 1 mm): its circles are probably station ticks or markers "
        "beside the lines rather than the stops the lines join, or its lines end between circles (fix: draw each "
        "stop as a circle its lines end inside, or import with --nodes junctions to place circles and crossings "
        "where the lines end and meet; --snap cannot join ends this far)"]


def test_streets_alone_become_a_board_with_nodes_at_junctions(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    drawing = DRAWINGS / "streets-only.svg"
    data, said = imported(drawing, at_junctions=True)
    assert said == []
    assert data is not None
    assert data["circles"] == [{"number": 1, "at": [60.0, 10.0]}, {"number": 2, "at": [10.0, 20.0]},
                               {"number": 3, "at": [110.0, 20.0]}, {"number": 4, "at": [10.0, 80.0]},
                               {"number": 5, "at": [110.0, 80.0]}, {"number": 6, "at": [60.0, 90.0]}]
    assert data["crossings"] == [{"id": "k1", "at": [30.0, 20.0]}, {"id": "k2", "at": [60.0, 20.0]},
                                 {"id": "k3", "at": [90.0, 20.3]}, {"id": "k4", "at": [30.0, 80.0]},
                                 {"id": "k5", "at": [60.0, 80.0]}, {"id": "k6", "at": [90.0, 79.8]}]
    assert data["segments"] == [[2, "k1"], ["k1", "k2"], ["k2", "k3"], ["k3", 3], [4, "k4"], ["k4", "k5"],
                                ["k5", "k6"], ["k6", 5], ["k1", "k4"], [1, "k2"], ["k2", "k5"], ["k5", 6],
                                ["k3", "k6"]]
    target = tmp_path / "streets.yaml"
    main(["import", "svg", str(drawing), str(target), "--nodes", "junctions"])
    out = capsys.readouterr().out.splitlines()
    assert out[-2:] == ["placed 6 circles where streets end and 6 crossings where they meet (--nodes junctions): "
                        "move, renumber or delete them in the board file or the board editor",
                        f"wrote {target}: 6 circles, 6 crossings, 13 lines, 0 districts, 0 places"]


def test_drawn_circles_stay_and_junctions_fill_in_the_rest(tmp_path: Path) -> None:
    text = (f'{HEAD}<circle cx="50" cy="50" r="3"/><text x="50" y="50">7</text>'
            '<path d="M 10 50 H 90" stroke="#000"/><path d="M 50 10 V 90" stroke="#000"/></svg>')
    data, said = imported(written(tmp_path, text), at_junctions=True)
    assert said == []
    assert data is not None
    assert [c["number"] for c in data["circles"]] == [7, 8, 9, 10, 11]
    assert data["crossings"] == [] and len(data["segments"]) == 4


def test_a_number_written_twice_is_one_error_not_a_line_end_error_too(tmp_path: Path) -> None:
    text = (f'{HEAD}\n<circle cx="10" cy="10" r="3"/><text x="10" y="10">1</text>\n'
            '<circle cx="50" cy="10" r="3"/><text x="50" y="10">1</text>\n'
            '<line x1="10" y1="10" x2="50" y2="10" stroke="#000"/>\n</svg>')
    assert imported(written(tmp_path, text)) == (None, [
        "d.svg:3:1: error: <circle>: the number 1 is written on two circles: at line 2 and here, at (50, 10) (fix: "
        "renumber one of them)"])


def test_a_circle_dropped_on_a_street_is_a_warning(tmp_path: Path) -> None:
    text = (f'{HEAD}\n{TWO}\n<circle id="dropped" cx="30" cy="11.5" r="3"/><text x="30" y="11.5">3</text>\n'
            '<line id="street" x1="10" y1="10" x2="50" y2="10" stroke="#000"/>\n</svg>')
    data, said = imported(written(tmp_path, text))
    assert data is not None and data["segments"] == [[1, 3], [3, 2]]
    assert said == [
        "d.svg:3:1: warning: <circle id='dropped'>: circle 3 at (30, 11.5) lies on a line (<line id='street'> at line "
        "4) that passes 1.5 mm from its centre with no corner there; the line is cut at it, joining it to the street "
        "(fix: if it belongs on that street, put a corner of the line at its centre; if not, move it off the line)"]


def test_a_street_drawn_through_circle_centres_is_cut_without_a_word(tmp_path: Path) -> None:
    text = (f'{HEAD}{TWO}<circle cx="30" cy="10.4" r="3"/><text x="30" y="10">3</text>'
            '<line x1="10" y1="10" x2="50" y2="10" stroke="#000"/></svg>')
    data, said = imported(written(tmp_path, text))
    assert said == [] and data is not None and data["segments"] == [[1, 3], [3, 2]]


def test_a_scan_linked_in_a_skipped_layer_is_skipped_and_costs_nothing(tmp_path: Path) -> None:
    background = "".join(f'<path d="M {k % 97} {k % 89} L {k % 83} {k % 79} L 1e999 5" stroke="#999"/>'
                         for k in range(5000))  # broken on purpose: a layer that is skipped is never read
    text = (f'{HEAD}\n<g inkscape:label="Background"><image width="100" height="100" xlink:href="scan.png"/>'
            f'{background}</g>\n{TWO}<line x1="10" y1="10" x2="50" y2="10" stroke="#000"/>\n</svg>')
    data, said = imported(written(tmp_path, text))
    assert said == [] and data is not None and data["segments"] == [[1, 2]]
    kept = written(tmp_path, text.replace('<g inkscape:label="Background">', "<g>"))
    assert imported(kept)[1][0] == ("d.svg:2:4: error: <image>: <image> refers to an outside file (scan.png), which "
                                    "Gaslight never fetches (fix: embed or remove it, then import again)")


def test_update_rewrites_only_the_line_of_the_circle_that_moved(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    drawing, target = tmp_path / "quarter.svg", tmp_path / "quarter.yaml"
    original = (DRAWINGS / "inkscape-arcs.svg").read_text(encoding="utf-8")
    drawing.write_text(original, encoding="utf-8")
    main(["import", "svg", str(drawing), str(target)])
    text = target.read_text(encoding="utf-8").replace("title: Arcs quarter\n", "title: My quarter  # renamed\n")
    text += "min_distance: 3\n"
    target.write_text(text, encoding="utf-8")
    assert main(["import", "svg", str(drawing), str(target)]) == 2
    assert capsys.readouterr().err.strip() == (f"gaslight: error: {target} already exists (use --update to bring it "
                                               "up to the drawing, --force to overwrite it)")
    main(["import", "svg", str(drawing), str(target), "--update"])
    assert target.read_text(encoding="utf-8") == text, "nothing moved: nothing changes"
    drawing.write_text(original.replace('d="m 144.05,65 a', 'd="m 145.05,65 a'), encoding="utf-8")
    main(["import", "svg", str(drawing), str(target), "--update"])
    assert capsys.readouterr().out.splitlines()[-1] == (f"updated {target}: 6 circles, 6 crossings, 13 lines, "
                                                        "0 districts, 0 places")
    after = target.read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(text.splitlines(), after, strict=True) if old != new]
    assert changed == [("  - {number: 6, at: [150.0, 69.0]}", "  - {number: 6, at: [151.0, 69.0]}")]


def test_the_fixtures_import_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, counts in (("inkscape-arcs", "6 circles, 6 crossings, 13 lines"),
                         ("illustrator-beziers", "6 circles, 6 crossings, 13 lines"),
                         ("symbol-grid", "64 circles, 0 crossings, 112 lines")):
        target = tmp_path / f"{name}.yaml"
        main(["import", "svg", str(DRAWINGS / f"{name}.svg"), str(target)])
        last = capsys.readouterr().out.splitlines()[-1]
        assert re.fullmatch(rf"wrote {re.escape(str(target))}: {counts}, 0 districts, 0 places", last), last


def test_an_ellipse_path_a_little_squashed_and_turned_is_a_circle_at_its_middle(tmp_path: Path) -> None:
    """An Inkscape arc with rx 3.3 and ry 2.7, turned 30° about its middle: read as an <ellipse> is."""
    text = (f'{HEAD}<g inkscape:label="Circles">{TWO}<path d="M 33.3,30 A 3.3,2.7 0 1 1 26.7,30 A 3.3,2.7 0 1 1 '
            '33.3,30 Z" transform="rotate(30 30 30)"/><text x="30" y="30">3</text></g></svg>')
    data, said = imported(written(tmp_path, text))
    assert said == [] and data is not None
    assert data["circles"][2] == {"number": 3, "at": [30.0, 30.0]}


def test_junctions_count_a_line_drawn_many_times_over_once(tmp_path: Path) -> None:
    """A fuzzed drawing: one street copied 1,000 times on top of itself (it took 18 s before copies counted once)."""
    text = (DRAWINGS / "streets-only.svg").read_text(encoding="utf-8")
    lane = '<path id="east-lane" d="M 90,20.3 V 79.8" style="fill:none;stroke:#000" />'
    data, said = imported(written(tmp_path, text.replace(lane, lane.replace(' id="east-lane"', "") * 1000)),
                          at_junctions=True)
    assert data is not None and len(data["circles"]) == 6 and len(data["crossings"]) == 6
    assert len(said) == 999 and said[0].endswith("the line between crossing k3 and crossing k6 is drawn twice; the "
                                                 "first is kept (fix: delete one of them)")


# The page of a drawing as programs write its <svg>: where a circle (cx 20, cy 30, r 5 in user units), a square
# (x 56, y 26, side 8) and a line between them land on the board, and the board's canvas. svgelements places
# them; Gaslight hands it an evenly scaled viewBox as one that does nothing and scales and moves the points
# itself (for speed), so each way a viewBox can place a drawing is pinned here.
PAGE_SHAPES = ('<circle cx="20" cy="30" r="5"/><text x="20" y="30">1</text><rect x="56" y="26" width="8" height="8"/>'
          '<line x1="25" y1="30" x2="56" y2="30" stroke="black"/></svg>')


@pytest.mark.parametrize(("svg", "circle", "square", "canvas"), [
    pytest.param('width="120mm" height="120mm" viewBox="-10 -10 120 120"', ([20.0, 30.0], 5.0), [60.0, 30.0],
                 (110.0, 110.0), id="mm-viewBox-moved"),
    pytest.param('width="200" height="200" viewBox="0 0 100 100"', ([40.0, 60.0], 10.0), [120.0, 60.0],
                 (200.0, 200.0), id="px-viewBox-scaled"),
    pytest.param('width="200" height="100" viewBox="0 0 100 100"', ([70.0, 30.0], 5.0), [110.0, 30.0],
                 (200.0, 100.0), id="wider-page-centred"),
    pytest.param('width="200" height="100" viewBox="0 0 100 100" preserveAspectRatio="xMinYMin slice"',
                 ([40.0, 60.0], 10.0), [120.0, 60.0], (200.0, 100.0), id="sliced"),
    pytest.param('width="200" height="100" viewBox="0 0 100 100" preserveAspectRatio="none"',
                 ([40.0, 30.0], 7.5), None, (200.0, 100.0), id="stretched-unevenly"),  # a 16 × 8 box: no square
    pytest.param('width="100" height="100" viewBox="0 0 100 100" transform="translate(5 0)"',
                 ([25.0, 30.0], 5.0), [65.0, 30.0], (100.0, 100.0), id="svg-with-transform"),
    pytest.param('width="100" height="100"', ([20.0, 30.0], 5.0), [60.0, 30.0], (100.0, 100.0), id="no-viewBox"),
])
def test_every_way_a_viewbox_places_the_drawing(tmp_path: Path, svg: str, circle: tuple[list[float], float],
                                                square: list[float] | None, canvas: tuple[float, float]) -> None:
    report = Report()
    drawing = read_drawing(written(tmp_path, f'<svg xmlns="http://www.w3.org/2000/svg" {svg}>{PAGE_SHAPES}'), "d.svg",
                           report)
    assert drawing is not None, report.format_text()
    ((centre, radius, _, _),) = drawing.circles
    ((run, _),) = drawing.lines  # read, not dropped
    assert ([round(v, 2) for v in centre], round(radius, 2)) == circle
    assert [[round(v, 2) for v in middle] for middle, *_ in drawing.squares] == ([square] if square else [])
    assert len(run) == 2
    assert drawing.canvas == canvas
