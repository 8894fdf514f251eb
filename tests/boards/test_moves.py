"""The move model, table-driven: positions → the legal moves."""

from __future__ import annotations

import pytest
from gaslight.domain.board.geometry import BoardAnalysis, analyse
from gaslight.domain.board.moves import (
    jack_alley,
    jack_coach,
    jack_distances,
    jack_normal,
    police_moves,
    search_targets,
    within_moves,
)

from tests.boards.boardtext import CROSSINGS, SEGMENTS, board_text

# The base board: two blocks side by side, crossings between all neighbouring circles.
#   1 -k1- 2 -k2- 3
#   |      |      |
#   k3     k7     k4
#   |      |      |
#   4 -k5- 5 -k6- 6
# The "street" board adds crossing k8 between k1 and k5, a second way between the left circles.
STREET = board_text(crossings=(*CROSSINGS, "{id: k8, at: [40, 40]}"), segments=(*SEGMENTS, "[k1, k8]", "[k8, k5]"))


@pytest.fixture
def base(write_yaml, check) -> BoardAnalysis:  # type: ignore[no-untyped-def]
    project, _ = check(write_yaml("fixture.yaml", board_text()), deep=False)
    return analyse(project.of_kind("board")[0])


@pytest.fixture
def street(write_yaml, check) -> BoardAnalysis:  # type: ignore[no-untyped-def]
    project, _ = check(write_yaml("street.yaml", STREET), deep=False)
    return analyse(project.of_kind("board")[0])


@pytest.mark.parametrize(("start", "police", "expected"), [
    (1, [], (2, 4)),
    (1, ["k1"], (4,)),                 # a police pawn on the only way blocks the move
    (1, ["k1", "k3"], ()),             # boxed in: Jack cannot make a normal move
    (2, ["k4", "k5"], (1, 3, 5)),      # pawns elsewhere do not matter
    (2, ["k2", "k4"], (1, 5)),
    (5, ["k7"], (4, 6)),
])
def test_jack_normal_moves(base, start, police, expected):
    assert jack_normal(base, start, police) == expected


@pytest.mark.parametrize(("start", "police", "expected"), [
    (1, ["k3"], (2, 4, 5)),            # 1 → 4 still open the long way round: 1-k1-k8-k5-4
    (1, ["k3", "k8"], (2,)),           # both ways to 4 hold a pawn, and the one way to 5
    (1, ["k1"], (4,)),                 # k1 lies on every way east
    (4, ["k3"], (1, 2, 5)),            # 4 → 1 the long way: 4-k5-k8-k1-1
    (4, ["k5"], (1,)),                 # k5 lies on every way except 4-k3-1
])
def test_a_move_is_blocked_only_when_every_way_holds_police(street, start, police, expected):
    assert jack_normal(street, start, police) == expected


def test_jack_steps_list_every_way_with_its_crossings(street):
    steps = {s.to: s.paths for s in street.jack_steps[1]}
    assert steps == {2: (("k1",),), 4: (("k3",), ("k1", "k5", "k8")), 5: (("k1", "k5", "k8"),)}
    assert [(s.to, s.paths) for s in street.jack_steps[4]] == [
        (1, (("k3",), ("k1", "k5", "k8"))), (2, (("k1", "k5", "k8"),)), (5, (("k5",),))]


@pytest.mark.parametrize(("start", "police", "expected"), [
    (1, ["k1", "k3"], (3, 5)),         # a coach drives past police pawns
    (1, [], (3, 5)),                   # two steps, never back to the start circle
    (2, [], (4, 6)),
    (5, ["k5", "k6", "k7"], (1, 3)),
])
def test_coach_moves(base, start, police, expected):
    assert jack_coach(base, start, police) == expected


@pytest.mark.parametrize(("start", "expected"), [
    (1, (2, 4, 5)),                    # across the west block, even to the far corner 5
    (2, (1, 3, 4, 5, 6)),              # on both blocks
    (6, (2, 3, 5)),
])
def test_alley_moves(base, start, expected):
    assert jack_alley(base, start) == expected


def test_alleys_follow_the_blocks_a_street_splits(street):
    assert [(b.circles, b.crossings) for b in street.blocks] == [
        ((1, 4), ("k1", "k3", "k5", "k8")),
        ((2, 5), ("k1", "k5", "k7", "k8")),
        ((2, 3, 5, 6), ("k2", "k4", "k6", "k7")),
    ]
    assert jack_alley(street, 1) == (4,)
    assert jack_alley(street, 5) == (2, 3, 6)


@pytest.mark.parametrize(("start", "others", "expected"), [
    ("k3", [], ("k1", "k2", "k3", "k5", "k6", "k7")),   # 0, 1 or 2 steps; k4 is three away
    ("k3", ["k1"], ("k2", "k3", "k5", "k6", "k7")),     # passes the pawn on k1 but may not stop there
    ("k3", ["k1", "k5"], ("k2", "k3", "k6", "k7")),
    ("k4", ["k4"], ("k1", "k2", "k4", "k5", "k6", "k7")),  # its own crossing is never "taken"
    ("k7", ["k1", "k2", "k5", "k6"], ("k3", "k4", "k7")),
])
def test_police_moves(base, start, others, expected):
    assert police_moves(base, start, others) == expected


def test_police_steps_pass_over_circles(base):
    assert base.police_steps["k1"] == ("k2", "k3", "k7")   # k1-2-k2, k1-1-k3, k1-2-k7


@pytest.mark.parametrize(("crossing", "expected"), [("k1", (1, 2)), ("k7", (2, 5)), ("k4", (3, 6))])
def test_search_and_arrest_targets(base, crossing, expected):
    assert search_targets(base, crossing) == expected


def test_distances_count_normal_moves_without_police(base):
    assert jack_distances(base, 1) == {1: 0, 2: 1, 4: 1, 3: 2, 5: 2, 6: 3}
    assert [within_moves(base, 1, n) for n in (0, 1, 2, 3, 15)] == [0, 2, 4, 5, 5]
