"""Every kind of board mistake gets an exact, located message (one broken board per kind)."""

from __future__ import annotations

import pytest

from tests.boards.boardtext import CIRCLES, CROSSINGS, SEGMENTS, board_text, replaced
from tests.conftest import messages

SPLIT = "(fix: split the segment at the node ([2, 7] and [7, k7]) or move the node off the line)"
JOIN = "(fix: join its loose end to another node so it closes a block, or remove it)"
CLOSE_FIX = "(fix: move them further apart (or lower 'min_distance'))"
RENUMBERED = [{"[k4, 6]": "[k4, 9]", "[6, k6]": "[9, k6]"}.get(s, s) for s in SEGMENTS]

CASES = [
    pytest.param(
        board_text(segments=(*SEGMENTS, "[2, 2]")),
        ["fixture.yaml:38:5: error: segments[14]: segment 2–2 joins circle 2 to itself "
         "(fix: join two different nodes)"],
        [(60.0, 20.0)], id="loop"),
    pytest.param(
        board_text(crossings=(*CROSSINGS, "{id: k8, at: [60, 20]}"), segments=(*SEGMENTS, "[2, k8]")),
        ["fixture.yaml:23:5: error: crossings[7]: circle 2 at (60.0, 20.0) and crossing k8 at (60.0, 20.0) "
         f"are 0.0 mm apart, closer than min_distance 0.8 mm {CLOSE_FIX}",
         "fixture.yaml:39:5: error: segments[14]: segment 2–k8 has zero length at (60.0, 20.0) "
         "(fix: move its two nodes apart)"],
        [(60.0, 20.0), (60.0, 20.0)], id="zero-length"),
    pytest.param(
        board_text(segments=(*SEGMENTS, "[k1, 1]")),
        ["fixture.yaml:38:5: error: segments[14]: segment k1–1 repeats segments[0], which already joins k1 and 1 "
         "(fix: keep one line between two nodes)"],
        [(30.0, 20.0)], id="duplicate"),
    pytest.param(
        board_text(crossings=replaced(CROSSINGS, 6, "{id: k7, at: [60, 20.5]}")),
        ["fixture.yaml:22:5: error: crossings[6]: circle 2 at (60.0, 20.0) and crossing k7 at (60.0, 20.5) "
         f"are 0.5 mm apart, closer than min_distance 0.8 mm {CLOSE_FIX}"],
        [(60.0, 20.5)], id="too-close"),
    pytest.param(
        board_text(circles=(*CIRCLES, "{number: 7, at: [60, 30]}"), segments=(*SEGMENTS, "[7, k3]")),
        ["fixture.yaml:15:5: error: circles[6]: circle 7 at (60.0, 30.0) lies on segment 2–k7, "
         f"which does not end there {SPLIT}"],
        [(60.0, 30.0)], id="node-on-segment"),
    pytest.param(
        board_text(circles=(*CIRCLES, "{number: 7, at: [60.3, 30]}"), segments=(*SEGMENTS, "[7, k4]")),
        ["fixture.yaml:15:5: error: circles[6]: circle 7 at (60.3, 30.0) is 0.3 mm from segment 2–k7, "
         "which does not end there (fix: split the segment at the node ([2, 7] and [7, k7]) "
         "or move the node off the line)"],
        [(60.3, 30.0)], id="node-near-segment"),
    pytest.param(  # 3 mm is over half min_distance, but the circle as drawn (radius 6.06 mm) covers the street
        board_text(circles=(*CIRCLES, "{number: 7, at: [63, 30]}"), segments=(*SEGMENTS, "[7, k4]")),
        ["fixture.yaml:15:5: error: circles[6]: circle 7 at (63.0, 30.0) is 3.0 mm from segment 2–k7, "
         "which does not end there (fix: split the segment at the node ([2, 7] and [7, k7]) "
         "or move the node off the line)"],
        [(63.0, 30.0)], id="node-drawn-on-segment"),
    pytest.param(
        board_text(segments=(*SEGMENTS, "[k3, k7]", "[k1, k5]")),
        ["fixture.yaml:39:5: error: segments[15]: segments k3–k7 and k1–k5 cross at (40.0, 40.0) "
         "(fix: add a crossing or circle where they meet and split both segments there, or reroute one of them)"],
        [(40.0, 40.0)], id="cross"),
    pytest.param(
        board_text(segments=(*SEGMENTS, "{between: [1, 2], via: [[40, 30], [50, 20]]}")),
        ["fixture.yaml:38:5: error: segments[14]: segments k1–2 and 1–2 overlap from (50.0, 20.0) "
         "(fix: draw each stretch of street once; split the segments at a shared node)"],
        [(50.0, 20.0)], id="overlap"),
    pytest.param(
        board_text(crossings=(*CROSSINGS, "{id: k8, at: [40, 40]}"), segments=(*SEGMENTS, "[k7, k8]")),
        [f"fixture.yaml:39:5: error: segments[14]: segment k7–k8 leads to a dead end and borders no block {JOIN}"],
        [(50.0, 40.0)], id="dangle"),
    pytest.param(
        board_text(circles=(*CIRCLES, "{number: 7, at: [50, 35]}", "{number: 8, at: [40, 50]}"),
                   crossings=(*CROSSINGS, "{id: k8, at: [30, 35]}"),
                   segments=(*SEGMENTS, "[k8, 7]", "[7, 8]", "[8, k8]", "[k3, k8]")),
        ["fixture.yaml:44:5: error: segments[17]: segment k3–k8 is a bridge between two parts of the map and "
         "borders no block (fix: add a segment that closes a block beside it, or remove it)"],
        [(25.0, 37.5)], id="cut-edge"),
    pytest.param(
        board_text(tail="blocks:\n  - {id: west, boundary: [1, k1, 2, k7, 5, k5, 4, k3]}\n"
                        "  - {id: wrong, boundary: [2, k2, 3, 6]}\n"),
        ["fixture.yaml:38:1: error: blocks: the block at (80.0, 50.0) (2, 3, 5, 6, k2, k4, k6, k7) is not declared "
         "(fix: add it to 'blocks', or remove 'blocks' to let Gaslight compute them)",
         "fixture.yaml:40:5: error: blocks[1]: block wrong (2, 3, 6, k2) is not a face of the drawing "
         "(fix: list the nodes around one enclosed area, or remove 'blocks' to let Gaslight compute them)"],
        [(80.0, 50.0), None], id="declared-blocks"),
    pytest.param(
        board_text(tail="blocks:\n  - {id: west, boundary: [1, 2, k1, k7, 5, k5, 4, k3]}\n"
                        "  - {id: east, boundary: [2, k2, 3, k4, 6, k6, 5, k7]}\n"),
        ["fixture.yaml:39:5: error: blocks[0]: block west lists its nodes out of order; going round it they are "
         "1, k1, 2, k7, 5, k5, 4, k3 (fix: list the nodes in the order met going round the block (either way round))"],
        [None], id="declared-block-out-of-order"),
    pytest.param(
        board_text(circles=(*CIRCLES, "{number: 7, at: [108, 5]}", "{number: 8, at: [116, 5]}"),
                   crossings=(*CROSSINGS, "{id: k8, at: [112, 12]}"),
                   segments=(*SEGMENTS, "[7, 8]", "[8, k8]", "[k8, 7]")),
        ["fixture.yaml:15:5: error: circles[6]: circles 7, 8 cannot be reached from circle 1 by normal moves "
         "(Jack's graph falls into 2 parts) (fix: join them to the rest of the map with segments)",
         "fixture.yaml:25:5: error: crossings[7]: crossing k8 cannot be reached from crossing k1 by police moves "
         "(the police graph falls into 2 parts) (fix: join them to the rest of the map with segments)"],
        [(108.0, 5.0), (112.0, 12.0)], id="graphs-split"),
    pytest.param(
        board_text(circles=(*CIRCLES, "{number: 7, at: [60, 75]}"), segments=(*SEGMENTS, "[4, 7]", "[7, 6]")),
        ["fixture.yaml:15:5: error: circles[6]: circle 7 at (60.0, 75.0) touches no crossing, so no police pawn "
         "can search it or arrest there (fix: join it to a crossing with a segment)"],
        [(60.0, 75.0)], id="unsearchable"),
    pytest.param(
        board_text(circles=replaced(CIRCLES, 5, "{number: 9, at: [100, 60], flags: [red]}"), segments=RENUMBERED),
        ["fixture.yaml:8:1: error: circles: circle numbers must run 1..6 without gaps; missing: 6 "
         "(fix: renumber the circles 1, 2, 3, … in any order)"],
        [None], id="numbering"),
    pytest.param(
        board_text(circles=[c if "red" in c else c.replace("}", ", flags: [red]}") for c in CIRCLES]),
        ["fixture.yaml:8:1: error: circles: every circle is red, so Jack has no hideout "
         "(fix: leave at least one circle without the red flag)"],
        [None], id="no-hideout"),
    pytest.param(
        board_text(tokens=None),
        ["fixture.yaml:8:1: error: circles: the board has 5 red circles but the hunt needs 8 "
         "(one per woman token) (fix: add 'flags: [red]' to more circles)",
         "fixture.yaml:15:1: error: crossings: the board has 2 yellow crossings but the hunt needs 7 "
         "(one per patrol token) (fix: add 'flags: [yellow]' to more crossings)"],
        [None, None], id="token-starts"),
    pytest.param(
        board_text(tail="districts:\n  - {id: Aa, area: [[10, 10], [50, 70], [50, 10], [10, 70]]}\n"),
        ["fixture.yaml:39:5: error: districts[0]: district Aa's area is not a simple polygon "
         "(self-intersection at (30.0, 40.0)) (fix: list the corners in order around the area, "
         "without crossing edges)"],
        [(30.0, 40.0)], id="district-area"),
    pytest.param(
        board_text(tail="districts:\n  - {id: Aa, area: [[10, 10], [60, 10], [60, 70], [10, 70]]}\n"
                        "  - {id: Ab, area: [[60, 10], [110, 10], [110, 70], [60, 70]]}\n"
                        "  - {id: Ac, area: [[1, 1], [5, 1], [5, 5]]}\n"),
        ["fixture.yaml:22:5: warning: crossings[6]: crossing k7 at (60.0, 40.0) lies in districts Aa, Ab "
         "(where they overlap or on their shared edge) "
         "(fix: move the crossing or the district edges so it lies in one district)",
         "fixture.yaml:41:5: warning: districts[2]: district Ac holds no crossing, so no patrol can ever be sent "
         "there (fix: widen its area over some crossings)"],
        [(60.0, 40.0), (1.0, 1.0)], id="districts-overlap-and-empty"),
    pytest.param(
        board_text(tail="places:\n  - {name: Bell Yard, crossing: k7}\n"
                        "districts:\n  - {id: Aa, area: [[10, 10], [60, 10], [60, 70], [10, 70]]}\n"
                        "letters: {first: [Aa, Zz], third: [Ab], pawn: Bell Lane}\n"),
        ["fixture.yaml:42:23: error: letters.first[1]: district 'Zz' does not exist "
         "(fix: name one of the board's districts (Aa))",
         "fixture.yaml:42:36: error: letters.third[0]: district 'Ab' does not exist "
         "(fix: name one of the board's districts (Aa))",
         "fixture.yaml:42:47: error: letters.pawn: place 'Bell Lane' does not exist "
         "(fix: name one of the board's places (Bell Yard))"],
        [None, None, None], id="letters-unknown-district-and-place"),
    pytest.param(
        board_text(tail="letters: {second: [Aa]}\n"),
        ["fixture.yaml:38:20: error: letters.second[0]: district 'Aa' does not exist "
         "(fix: name one of the board's districts (none: add 'districts' to the board))"],
        [None], id="letters-without-districts"),
    pytest.param(
        board_text(segments=(*SEGMENTS, "[k1, k7]")),
        ["fixture.yaml:10:5: warning: circles[1]: block b1 at (55.0, 30.0) has 1 circle on its edge (2), "
         "so no alley crosses it (fix: put at least two circles on its edge, or, if it is meant (a park, a yard), "
         "list it under 'thin_blocks': [2, k1, k7])"],
        [(55.0, 30.0)], id="thin-block"),
    pytest.param(
        board_text(segments=(*SEGMENTS, "[k1, k7]"), tail="thin_blocks: [[k7, 2, k1]]\n"), [], [],
        id="thin-block-meant"),
    pytest.param(
        board_text(tail="thin_blocks: [[k7, 2, k1]]\n"),
        ["fixture.yaml:38:15: warning: thin_blocks[0]: this entry of 'thin_blocks' is no block with fewer than two "
         "circles on its edge (fix: remove it, or list the nodes around one such block)"],
        [None], id="thin-block-listed-in-vain"),
    pytest.param(
        board_text(segments=(*SEGMENTS, "[k1, '2']")),
        ["fixture.yaml:38:10: error: segments[14][1]: '2' is quoted, so it names a crossing, and there is no "
         "crossing '2' (fix: write circle 2 as a number, without quotes)"],
        [None], id="quoted-circle-number"),
    pytest.param(  # found by the loader's fuzz test: '²'.isdigit() is true, but int('²1') fails
        board_text(segments=(*SEGMENTS, "[k1, '²1']")),
        ["fixture.yaml:38:10: error: segments[14][1]: crossing '²1' does not exist "
         "(fix: name a circle by its number or a crossing by its id)"],
        [None], id="superscript-digits"),
    pytest.param(
        board_text(circles=(*CIRCLES, "{number: 7, at: [40, 40]}"), segments=(*SEGMENTS, "[k7, 7]")),
        ["fixture.yaml:15:5: warning: circles[6]: circle 7 at (40.0, 40.0) lies on no block, so Jack can never "
         "take an alley from it (fix: close a block around it with segments)",
         f"fixture.yaml:39:5: error: segments[14]: segment k7–7 leads to a dead end and borders no block {JOIN}"],
        [(40.0, 40.0), (50.0, 40.0)], id="no-block"),
]


def board_diagnostics(report):  # type: ignore[no-untyped-def]
    return sorted((d for d in report.diagnostics if d.location.file.endswith("fixture.yaml")),
                  key=lambda d: d.sort_key)


@pytest.mark.parametrize(("text", "expected", "points"), CASES)
def test_each_board_mistake_has_an_exact_located_message(write_yaml, check, text, expected, points):
    _, report = check(write_yaml("fixture.yaml", text))
    assert [m for m in messages(report) if m.startswith("fixture.yaml")] == expected
    assert [d.point for d in board_diagnostics(report)] == points


def test_the_base_fixture_is_clean(write_yaml, check):
    project, report = check(write_yaml("fixture.yaml", board_text()))
    assert board_diagnostics(report) == []
    assert project.of_kind("board")[0].women_tokens == 5


def test_all_mistakes_of_one_board_come_in_one_run(write_yaml, check):
    text = board_text(circles=(*CIRCLES, "{number: 7, at: [60, 75]}"),
                      crossings=replaced(CROSSINGS, 6, "{id: k7, at: [60, 20.5]}"),
                      segments=(*SEGMENTS, "[4, 7]", "[7, 6]", "[k1, 1]"), tokens=None)
    _, report = check(write_yaml("fixture.yaml", text))
    found = [(d.location.line, d.message.split(",")[0]) for d in board_diagnostics(report)]
    assert found == [
        (8, "the board has 5 red circles but the hunt needs 8 (one per woman token)"),
        (15, "circle 7 at (60.0"),
        (16, "the board has 2 yellow crossings but the hunt needs 7 (one per patrol token)"),
        (23, "circle 2 at (60.0"),
        (41, "segment k1–1 repeats segments[0]"),
    ]


def test_a_declared_block_round_an_island_needs_the_island_nodes(write_yaml, check):
    text = board_text(circles=(*CIRCLES, "{number: 7, at: [35, 30]}", "{number: 8, at: [45, 30]}"),
                      crossings=(*CROSSINGS, "{id: k8, at: [40, 45]}"),
                      segments=(*SEGMENTS, "[7, 8]", "[8, k8]", "[k8, 7]"),
                      tail="blocks:\n  - {id: west, boundary: [1, k1, 2, k7, 5, k5, 4, k3]}\n")
    _, report = check(write_yaml("fixture.yaml", text))
    found = [m for m in messages(report) if "blocks[0]" in m]
    assert found == ["fixture.yaml:45:5: error: blocks[0]: block west encloses other parts of the map, so its nodes "
                     "include theirs (fix: add the nodes of the inner ring: 7, 8, k8)"]
