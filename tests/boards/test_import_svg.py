"""``gaslight import svg``: a board from a drawing — the round trip of Gaslight's own board drawings, an
Inkscape-saved fixture, and every kind of bad drawing, each with its exact, located message."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.diagnostics import Report
from gaslight.domain.board.from_drawing import board_data
from gaslight.domain.board.generate import board_yaml, generate_board
from gaslight.domain.board.geometry import analyse
from gaslight.domain.board.import_svg import read_drawing
from gaslight.domain.board.model import Board, load_board
from gaslight.outputs.board_svg import board_svg
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR
from gaslight.yamlio import parse_text

FIXTURE = Path(__file__).with_name("fixtures") / "inkscape-quarter.svg"
CLOSE = 0.02  # coordinates are written with two decimals


def bundled_boards() -> list[Board]:
    project, _ = load_project([BUNDLED_DIR / "boards"], deep=False)
    return sorted(project.of_kind("board"), key=lambda b: b.id)


def board_from_data(data: dict) -> Board:
    report = Report()
    doc, _ = parse_text(board_yaml(data), "imported.yaml")
    board = load_board(doc, report)
    assert board is not None and report.ok, report.format_text()
    return board


def imported(path: Path, board_id: str = "imported") -> tuple[dict | None, Report]:
    report = Report()
    drawing = read_drawing(path, path.name, report)
    return (board_data(drawing, board_id, path.name, report) if drawing else None), report


def near(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(abs(x - y) <= CLOSE for x, y in zip(a, b, strict=True))


def assert_same_board(got: Board, want: Board) -> None:
    assert [(c.number, c.red) for c in got.circles] == [(c.number, c.red) for c in want.circles]
    assert all(near(g.at, w.at) for g, w in zip(got.circles, want.circles, strict=True))
    by_id = {c.id: c for c in want.crossings}
    assert sorted(c.id for c in got.crossings) == sorted(by_id)
    assert all(c.yellow == by_id[c.id].yellow and near(c.at, by_id[c.id].at) for c in got.crossings)
    lines = {frozenset((s.a, s.b)): s for s in want.segments}
    assert {frozenset((s.a, s.b)) for s in got.segments} == set(lines)
    for s in got.segments:
        original = lines[frozenset((s.a, s.b))]
        via = s.via if s.a == original.a else tuple(reversed(s.via))
        assert len(via) == len(original.via) and all(near(p, q) for p, q in zip(via, original.via, strict=True))
    assert sorted((p.name, p.crossing) for p in got.places) == sorted((p.name, p.crossing) for p in want.places)
    assert [(d.id, d.name) for d in got.districts] == [(d.id, d.name) for d in want.districts]
    assert all(len(g.area) == len(w.area) and all(near(p, q) for p, q in zip(g.area, w.area, strict=True))
               for g, w in zip(got.districts, want.districts, strict=True))
    assert (got.unit, got.width, got.height) == (want.unit, want.width, want.height)
    assert got.min_distance == want.min_distance  # else a large board's crossings are "too near" their lines
    blocks = sorted((b.circles, b.crossings) for b in analyse(got).blocks)
    assert blocks == sorted((b.circles, b.crossings) for b in analyse(want).blocks)


@pytest.mark.parametrize("board", [*bundled_boards(), board_from_data(generate_board(120, 4)),
                                   replace(board_from_data(generate_board(120, 4)), id="spaced", min_distance=2.5)],
                         ids=lambda b: b.id)
def test_a_board_drawn_by_gaslight_imports_as_the_same_board(board: Board, tmp_path: Path) -> None:
    drawing = tmp_path / f"{board.id}.svg"
    drawing.write_text(board_svg(board), encoding="utf-8")
    data, report = imported(drawing, board.id)
    assert data is not None and report.diagnostics == [], report.format_text()
    assert_same_board(board_from_data(data), board)


def test_an_inkscape_drawing_with_layers_transforms_and_curves() -> None:
    data, report = imported(FIXTURE)
    assert report.diagnostics == [], report.format_text()
    assert data == QUARTER


@pytest.mark.parametrize(("program", "title", "district"), [("illustrator", "illustrator-quarter", "W"),
                                                            ("affinity", "affinity-quarter", "D1")])
def test_the_same_quarter_as_illustrator_and_affinity_write_it(program: str, title: str, district: str) -> None:
    """Illustrator: layers as top-level groups named by id or data-name, colours from CSS classes, text placed
    by transforms, flattened coordinates, one line along a whole street; Affinity: serif:id names, a DOCTYPE,
    width 100%, every object in a transformed group, rgb() colours, a district path back to its start."""
    data, report = imported(FIXTURE.with_name(f"{program}-quarter.svg"))
    assert report.diagnostics == [], report.format_text()
    want = {**QUARTER, "title": title, "unit": "px",
            "districts": [{**QUARTER["districts"][0], "id": district}, QUARTER["districts"][1]]}
    if program == "affinity":  # its paths start at the top right and go round the other way
        want["districts"] = [{**want["districts"][0], "area": [[105.0, 0.0], [105.0, 148.0], [0.0, 148.0], [0.0, 0.0]]},
                             {**want["districts"][1], "area": [[210.0, 0.0], [210.0, 148.0], [105.0, 148.0],
                                                               [105.0, 0.0]]}]
    assert data == want


QUARTER = {
        "kind": "board", "id": "imported", "title": "Lamplighters Row", "unit": "mm",
        "canvas": {"width": 210.0, "height": 148.0},
        "circles": [{"number": 1, "at": [60.0, 24.0], "flags": ["red"]}, {"number": 2, "at": [120.0, 24.0]},
                    {"number": 3, "at": [60.0, 114.0]}, {"number": 4, "at": [120.0, 114.0], "flags": ["red"]},
                    {"number": 5, "at": [30.0, 69.0]}, {"number": 6, "at": [150.0, 69.0]}],
        # a set id is kept (k1, harbour); rect31… are numbered in reading order, skipping k1
        "crossings": [{"id": "harbour", "at": [150.0, 114.0], "flags": ["yellow"]},
                      {"id": "k1", "at": [30.0, 24.0], "flags": ["yellow"]}, {"id": "k2", "at": [90.0, 24.0]},
                      {"id": "k3", "at": [150.0, 24.0]}, {"id": "k4", "at": [30.0, 114.0]},
                      {"id": "k5", "at": [90.0, 114.0]}],
        # one path along a street is cut at every node; a curve keeps its shape as bends
        "segments": [["k1", 1], [1, "k2"], ["k2", 2], [2, "k3"], ["k4", 3], [3, "k5"], ["k5", 4], [4, "harbour"],
                     ["k1", 5], [5, "k4"], ["k3", 6], [6, "harbour"],
                     {"between": ["k2", "k5"], "via": [[92.81, 46.5], [90.0, 69.0], [87.19, 91.5]]}],
        "places": [{"name": "Lamp Square", "crossing": "k2"}],
        "districts": [{"id": "W", "name": "West Wharf",
                       "area": [[0.0, 0.0], [105.0, 0.0], [105.0, 148.0], [0.0, 148.0]]},
                      {"id": "D2", "name": "East Wharf",
                       "area": [[105.0, 0.0], [210.0, 0.0], [210.0, 148.0], [105.0, 148.0]]}],
    }


SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="100mm" viewBox="0 0 100 100">'
FIX_SCRIPT = "(fix: remove it in the drawing program (Inkscape: Edit → XML Editor) and import again)"
TWO_CIRCLES = ('<circle cx="10" cy="10" r="3"/><text x="10" y="10">1</text>'
               '<circle cx="50" cy="10" r="3"/><text x="50" y="10">2</text>')

BAD = [
    pytest.param(f"{SVG_HEAD}\n  <circle cx='10' cy='10' r='3'/>\n  <g><text x='10' y='10'>1</text>\n</svg>\n",
                 ["d.svg:4:3: error: the drawing is not well-formed SVG: mismatched tag (fix: open and save it again "
                  "in the drawing program, or check the file is an SVG)"], id="malformed"),
    pytest.param(SVG_HEAD.replace(">", ' xmlns:xlink="http://www.w3.org/1999/xlink">', 1) + "\n"
                 "  <script>alert(1)</script>\n"
                 "  <image width='9' height='9' xlink:href='https://example.com/map.png'/>\n</svg>\n",
                 [f"d.svg:2:3: error: <script>: the drawing holds a <script>; Gaslight never runs scripts or embedded "
                  f"documents {FIX_SCRIPT}",
                  "d.svg:3:3: error: <image>: <image> refers to an outside file (https://example.com/map.png), which "
                  "Gaslight never fetches (fix: embed or remove it, then import again)"], id="script-and-outside-file"),
    pytest.param('<?xml version="1.0"?>\n<!DOCTYPE svg [\n  <!ENTITY lol "lol">\n]>\n'
                 f"{SVG_HEAD}<text>&lol;</text></svg>",
                 [f"d.svg:3:16: error: the drawing declares XML entities, which Gaslight does not read {FIX_SCRIPT}"],
                 id="entities"),
    pytest.param('<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>',
                 ["d.svg:1:1: error: the file's root element is <html>, not <svg> (fix: export the drawing as SVG)"],
                 id="not-svg"),
    pytest.param(f'{SVG_HEAD}\n  <rect x="8" y="8" width="4" height="4"/>\n  <text x="50" y="50">A note</text>\n</svg>',
                 ["d.svg:1:1: error: the drawing has no numbered circles (fix: draw circles with their numbers written "
                  "inside them (see 'Boards from a drawing' on the site's Writing scenarios page))"], id="no-circles"),
    pytest.param(f'{SVG_HEAD}\n'
                 '  <circle id="c1" cx="10" cy="10" r="3"/><text x="10" y="10">1</text>\n'
                 '  <circle id="c2" cx="50" cy="10" r="3"/><text x="50" y="10">1</text>\n'
                 '  <circle id="c3" cx="90" cy="10" r="3"/>\n'
                 '  <circle id="c4" cx="10" cy="90" r="3"/><text x="9" y="90">4</text><text x="11" y="91">5</text>\n'
                 '  <text x="60" y="60">7</text>\n'
                 '  <line id="street" x1="10" y1="10" x2="30" y2="40" stroke="black"/>\n</svg>',
                 ["d.svg:3:3: error: <circle id='c2'>: the number 1 is written on two circles: at line 2 and here, at "
                  "(50, 10) (fix: renumber one of them)",
                  "d.svg:4:3: error: <circle id='c3'>: the circle at (90, 10) has no number (fix: write its number "
                  "inside it, or move it to a layer named 'ignore')",
                  "d.svg:5:3: error: <circle id='c4'>: the circle at (10, 90) has two numbers written in it: 4 and 5 "
                  "(fix: keep one number per circle)",
                  "d.svg:6:3: warning: <text>: the number 7 at (60, 60) is written on no circle and is left out (fix: "
                  "move it inside its circle, or delete it)",
                  "d.svg:7:3: error: <line id='street'>: a line ends at (30, 40), on no circle or crossing; the "
                  "nearest, circle 1, is 33.1 mm beyond its edge, over 3 times the circles' radius (fix: end the "
                  "line inside the circle or square it is drawn to meet)"], id="numbers-and-loose-ends"),
    pytest.param(f'{SVG_HEAD}\n  {TWO_CIRCLES}\n  <g inkscape:label="Places" '
                 'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><text x="90" y="90">Far Away</text></g>'
                 '\n  <g inkscape:label="Districts" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape">'
                 '<path id="path7" d="M 0,0 H 40 V 40 Z"/></g>\n</svg>',
                 ["d.svg:3:91: error: <text>: the place name 'Far Away' at (90, 90) is beside no crossing (fix: put "
                  "the name next to the crossing it names)",
                  "d.svg:4:94: error: <path id='path7'>: a district's shape has no name written inside it (fix: write "
                  "the district's name inside its shape (in the districts layer))"], id="places-and-districts"),
]


@pytest.mark.parametrize(("text", "expected"), BAD)
def test_a_bad_drawing_gets_located_messages_and_nothing_is_written(text: str, expected: list[str], tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    drawing = tmp_path / "d.svg"
    drawing.write_text(text, encoding="utf-8")
    code = main(["import", "svg", str(drawing), str(tmp_path / "board.yaml")])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    shown = [re.sub(r"^\S*d\.svg:", "d.svg:", line) for line in out]  # the file as shown from the working folder
    assert shown[:len(expected)] == expected
    assert re.fullmatch(r"nothing written: fix the drawing \S*d\.svg and import it again", out[-1])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.svg"]


def test_a_drawing_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    drawing = tmp_path / "huge.svg"
    with drawing.open("w", encoding="utf-8") as out:
        out.write(SVG_HEAD + "<!--")
        out.write(" " * (21 * 2**20))
        out.write("--></svg>")
    report = Report()
    assert read_drawing(drawing, "huge.svg", report) is None
    assert [d.format_text() for d in report.diagnostics] == [
        "huge.svg:1:1: error: the drawing is 22.0 MB; Gaslight reads drawings up to 20 MB (fix: save it without "
        "embedded pictures (Inkscape: File → Save a Copy → Plain SVG))"]


def test_the_snap_distance_decides_whether_a_line_end_joins_a_node(tmp_path: Path) -> None:
    drawing = tmp_path / "snap.svg"
    drawing.write_text(f'{SVG_HEAD}{TWO_CIRCLES}<line x1="10" y1="10" x2="44.5" y2="10" stroke="#000"/></svg>',
                       encoding="utf-8")
    report = Report()
    found = read_drawing(drawing, "snap.svg", report)
    assert found is not None
    assert board_data(found, "snap", "snap.svg", report) is None  # 2.5 mm short of circle 2's edge; default 1.5
    assert report.errors[0].message.endswith("the nearest, circle 2, is 2.5 mm beyond its edge")
    assert report.errors[0].fix == "end the line inside the circle or square, or import with --snap 3"
    again = Report()
    assert board_data(found, "snap", "snap.svg", again, snap=3)["segments"] == [[1, 2]]


def test_the_command_writes_a_checked_board_and_will_not_overwrite_it(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "boards" / "quarter.yaml"
    assert main(["import", "svg", str(FIXTURE), str(target)]) == 1  # six circles: too few for the hunt's tokens
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == (f"wrote {target}: 6 circles, 6 crossings, 13 lines, 2 districts, 1 place")
    assert "error: circles: the board has 2 red circles but the hunt needs 8" in out
    text = target.read_text(encoding="utf-8")
    assert text.splitlines()[1].startswith("# Imported from inkscape-quarter.svg by 'gaslight import svg'.")
    assert "id: quarter\n" in text
    assert "  - {between: [k2, k5], via: [[92.81, 46.5], [90.0, 69.0], [87.19, 91.5]]}\n" in text
    assert main(["import", "svg", str(FIXTURE), str(target)]) == 2
    assert capsys.readouterr().err.strip() == (f"gaslight: error: {target} already exists (use --update to bring it "
                                               "up to the drawing, --force to overwrite it)")
    target.write_text("changed", encoding="utf-8")
    assert main(["import", "svg", str(FIXTURE), str(target), "--force"]) == 1
    assert target.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in target.parent.iterdir()) == ["quarter.yaml"], "no temporary file left behind"
