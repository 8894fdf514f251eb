"""The board JSON and conformance vectors the browser engine reads (team contract)."""

from __future__ import annotations

import json

import pytest
from gaslight.domain.board.export import VECTOR_KINDS, board_json, conformance_vectors
from gaslight.domain.board.geometry import analyse
from gaslight.domain.board.moves import jack_alley, jack_coach, jack_normal, police_moves, search_targets

from tests.boards.boardtext import SEGMENTS, board_text

DISTRICTS = """places:
  - {name: Gallows Yard, crossing: k7}
districts:
  - {id: Aa, name: West end, area: [[10, 10], [50, 10], [50, 70], [10, 70]]}
"""


@pytest.fixture
def board(write_yaml, check):  # type: ignore[no-untyped-def]
    project, report = check(write_yaml("fixture.yaml", board_text(tail=DISTRICTS)), deep=False)
    assert report.ok, report.format_text()
    return project.of_kind("board")[0]


def test_the_letters_travel_to_the_engine_as_written(write_yaml, check):
    text = board_text(tail=DISTRICTS + "letters: {first: [Aa], third: [Aa], pawn: Gallows Yard}\n")
    project, report = check(write_yaml("fixture.yaml", text), deep=False)
    assert report.ok, report.format_text()
    data = board_json(project.of_kind("board")[0])
    assert list(data)[-1] == "letters"
    assert data["letters"] == {"first": ["Aa"], "third": ["Aa"], "pawn": "Gallows Yard"}


def test_board_json_follows_the_contract(board):
    data = board_json(board)
    assert list(data) == ["format", "id", "title", "unit", "width", "height", "circles", "crossings", "segments",
                          "jack_steps", "police_steps", "search", "blocks", "alleys", "places", "districts"]
    assert (data["format"], data["id"], data["unit"], data["width"], data["height"]) == (
        "gaslight-board/1", "fixture", "mm", 120.0, 80.0)
    assert data["circles"][0] == {"number": 1, "x": 20.0, "y": 20.0, "red": True}
    assert data["crossings"][0] == {"id": "k1", "x": 40.0, "y": 20.0, "yellow": True}
    assert data["segments"][0] == {"a": 1, "b": "k1", "points": [[20.0, 20.0], [40.0, 20.0]]}
    assert data["jack_steps"]["1"] == [{"to": 2, "paths": [["k1"]]}, {"to": 4, "paths": [["k3"]]}]
    assert data["police_steps"]["k7"] == ["k1", "k2", "k5", "k6"]
    assert data["search"]["k7"] == [2, 5]
    assert [(b["id"], b["circles"]) for b in data["blocks"]] == [("b1", [1, 2, 4, 5]), ("b2", [2, 3, 5, 6])]
    assert data["blocks"][0]["polygon"][0] == [40.0, 20.0]
    assert data["alleys"]["6"] == [2, 3, 5]
    assert data["places"] == [{"name": "Gallows Yard", "crossing": "k7"}]
    assert data["districts"] == [{"id": "Aa", "name": "West end",
                                  "area": [[10.0, 10.0], [50.0, 10.0], [50.0, 70.0], [10.0, 70.0]],
                                  "crossings": ["k1", "k3", "k5"], "circles": [1, 4]}]


def test_board_json_is_plain_json_with_stable_bytes(board):
    first = json.dumps(board_json(board), sort_keys=True)
    assert first == json.dumps(json.loads(first), sort_keys=True)
    assert json.dumps(board_json(board), sort_keys=True) == first


def test_vectors_cycle_through_every_kind_and_replay_against_the_move_model(board):
    data = conformance_vectors(board, seed=3, count=50)
    assert (data["format"], data["board"]) == ("gaslight-vectors/1", "fixture")
    assert [v["kind"] for v in data["vectors"][:5]] == list(VECTOR_KINDS)
    analysis = analyse(board)
    replay = {
        "jack_normal": lambda v: jack_normal(analysis, v["from"], v["police"]),
        "coach": lambda v: jack_coach(analysis, v["from"], v["police"]),
        "alley": lambda v: jack_alley(analysis, v["from"]),
        "police_move": lambda v: police_moves(analysis, v["from"], v["others"]),
        "search": lambda v: search_targets(analysis, v["crossing"]),
    }
    for vector in data["vectors"]:
        assert tuple(vector["expect"]) == replay[vector["kind"]](vector)


def test_vectors_include_blocked_moves(board):
    vectors = conformance_vectors(board, seed=0, count=200)["vectors"]
    analysis = analyse(board)
    normal = [v for v in vectors if v["kind"] == "jack_normal"]
    blocked = [v for v in normal if len(v["expect"]) < len(analysis.jack_steps[v["from"]])]
    assert blocked, "no vector exercises a police block"


def test_vectors_are_seeded(board):
    assert conformance_vectors(board, seed=5, count=30) == conformance_vectors(board, seed=5, count=30)
    assert conformance_vectors(board, seed=5, count=30) != conformance_vectors(board, seed=6, count=30)


def test_expectations_are_sorted(board):
    order = {c.id: i for i, c in enumerate(board.crossings)}
    for vector in conformance_vectors(board, seed=1, count=100)["vectors"]:
        expect = vector["expect"]
        key = (lambda x: x) if vector["kind"] != "police_move" else order.__getitem__
        assert expect == sorted(expect, key=key)
        if "police" in vector:
            assert vector["police"] == sorted(vector["police"], key=order.__getitem__)


def test_bent_segments_export_their_bends_and_still_close_blocks(write_yaml, check):
    bent = board_text(segments=("{between: [1, k1], via: [[25, 12], [35, 12]]}", *SEGMENTS[1:]))
    project, report = check(write_yaml("fixture.yaml", bent), deep=False)
    assert report.ok
    board = project.of_kind("board")[0]
    data = board_json(board)
    assert data["segments"][0]["points"] == [[20.0, 20.0], [25.0, 12.0], [35.0, 12.0], [40.0, 20.0]]
    assert analyse(board).problems == ()
    assert [12.0] == sorted({y for _, y in data["blocks"][0]["polygon"] if y < 20})
