"""Properties of generated planar drawings: alleys close over blocks, Euler's formula holds.

The drawings are jittered grids of crossings with some streets removed; most
streets carry a circle at their middle. Jitter stays under a quarter of the
grid step, so no two streets can cross.
"""

from __future__ import annotations

import random

import networkx as nx
import yaml
from gaslight.diagnostics import Report
from gaslight.domain.board.geometry import analyse
from gaslight.domain.board.model import Board, load_board
from gaslight.domain.board.moves import jack_normal, police_moves
from gaslight.yamlio import parse_text
from hypothesis import given, settings
from hypothesis import strategies as st

STEP = 10.0


def grid_board(rows: int, cols: int, seed: int, keep: float) -> Board:
    """A jittered ``rows`` × ``cols`` grid of crossings; kept streets mostly carry a circle."""
    rng = random.Random(seed)
    crossings = {(r, c): (STEP * (c + 1) + rng.uniform(-2.4, 2.4), STEP * (r + 1) + rng.uniform(-2.4, 2.4))
                 for r in range(rows) for c in range(cols)}
    ids = {rc: f"k{r}_{c}" for rc in crossings for r, c in [rc]}
    circles: list[dict[str, object]] = []
    segments: list[list[object]] = []
    for (r, c), here in sorted(crossings.items()):
        for there in ((r, c + 1), (r + 1, c)):
            if there not in crossings or rng.random() > keep:
                continue
            if rng.random() < 0.8:
                number = len(circles) + 1
                x, y = (here[0] + crossings[there][0]) / 2, (here[1] + crossings[there][1]) / 2
                circles.append({"number": number, "at": [x, y]})
                segments += [[ids[(r, c)], number], [number, ids[there]]]
            else:
                segments.append([ids[(r, c)], ids[there]])
    if not circles:
        circles.append({"number": 1, "at": [1.0, 1.0]})
    data = {
        "kind": "board", "id": "grid", "title": "Grid", "unit": "mm", "min_distance": 0.5,
        "canvas": {"width": STEP * (cols + 1), "height": STEP * (rows + 1)},
        "circles": circles,
        "crossings": [{"id": ids[rc], "at": list(xy)} for rc, xy in sorted(crossings.items())],
        "segments": segments or [[ids[(0, 0)], 1]],
    }
    doc, report = parse_text(yaml.safe_dump(data, sort_keys=False), "grid.yaml")
    assert doc is not None and report.ok
    board = load_board(doc, report)
    assert board is not None and report.ok, Report.format_text(report)
    return board


boards = st.builds(grid_board, rows=st.integers(2, 6), cols=st.integers(2, 6),
                   seed=st.integers(0, 2**32 - 1), keep=st.floats(0.5, 1.0))


@settings(max_examples=60, deadline=None)
@given(boards)
def test_every_blocks_circles_are_mutually_alley_reachable(board):
    analysis = analyse(board)
    for block in analysis.blocks:
        for circle in block.circles:
            assert set(block.circles) - {circle} <= set(analysis.alley_targets[circle])
    for circle, targets in analysis.alley_targets.items():
        assert all(circle in analysis.alley_targets[t] for t in targets)


@settings(max_examples=60, deadline=None)
@given(boards)
def test_eulers_formula_holds_for_the_drawing(board):
    """V − E + F = 1 + C, F counting the outer face too (so V − E + blocks = C)."""
    analysis = analyse(board)
    vertices = len(board.circles) + len(board.crossings)
    edges = len(board.segments)
    faces = len(analysis.blocks) + 1  # the bounded faces (blocks) and the outer face
    assert vertices - edges + faces == 1 + analysis.drawing_components


@settings(max_examples=40, deadline=None)
@given(boards)
def test_planar_grids_raise_no_planarity_problem(board):
    codes = {p.code for p in analyse(board).problems}
    assert codes.isdisjoint({"cross", "overlap", "node-on-segment", "too-close", "duplicate", "loop"})


@settings(max_examples=40, deadline=None)
@given(boards, st.data())
def test_moves_are_symmetric_and_police_only_take_away(board, data):
    analysis = analyse(board)
    steps = {a: {s.to for s in ss} for a, ss in analysis.jack_steps.items()}
    assert all(a in steps[b] for a, bs in steps.items() for b in bs)
    assert all(a in analysis.police_steps[b] for a, bs in analysis.police_steps.items() for b in bs)
    start = data.draw(st.sampled_from(analysis.circles))
    police = data.draw(st.lists(st.sampled_from(analysis.crossings), max_size=5))
    assert set(jack_normal(analysis, start, police)) <= steps[start]
    crossing = data.draw(st.sampled_from(analysis.crossings))
    moves = police_moves(analysis, crossing, police)
    assert crossing in moves and not (set(moves) - {crossing}) & set(police)


@settings(max_examples=40, deadline=None)
@given(boards)
def test_graph_parts_read_off_the_drawing_match_the_move_graphs(board):
    analysis = analyse(board)
    jack = sorted(tuple(sorted(p)) for p in nx.connected_components(analysis.jack_graph()))
    police = sorted(tuple(sorted(p)) for p in nx.connected_components(analysis.police_graph()))
    assert sorted(tuple(sorted(p)) for p in analysis.jack_components) == jack
    assert sorted(tuple(sorted(p)) for p in analysis.police_components) == police


@settings(max_examples=40, deadline=None)
@given(boards, st.data())
def test_normal_moves_agree_with_the_exported_ways(board, data):
    """The engine blocks a step when every listed way holds police; the move model walks around them."""
    analysis = analyse(board)
    start = data.draw(st.sampled_from(analysis.circles))
    police = frozenset(data.draw(st.lists(st.sampled_from(analysis.crossings), max_size=6)))
    by_ways = tuple(s.to for s in analysis.jack_steps[start] if any(police.isdisjoint(p) for p in s.paths))
    assert jack_normal(analysis, start, police) == by_ways
