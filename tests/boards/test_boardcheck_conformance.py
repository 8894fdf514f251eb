"""The browser's board checks (``site/engine/editor/boardcheck.js``) against ``gaslight check``.

The board editor checks every change in the page, so it must find exactly what the toolkit finds: the same
messages, fixes, YAML paths, points and order. Both run on every broken board of the error tests, the bundled
boards, generated boards, and boards broken at random the ways a designer breaks them (a node dragged onto a
street, a line drawn across others, lines deleted, bends, districts, declared and thin blocks, flags, numbers).
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest
from gaslight import schema
from gaslight.boardedit import check_data
from gaslight.diagnostics import Report
from gaslight.domain.board.generate import generate_board
from gaslight.domain.board.geometry import analyse
from gaslight.domain.board.model import load_board
from gaslight.kinds import KINDS
from gaslight.yamlio import parse_file, parse_text

from tests.boards.test_board_errors import CASES
from tests.conftest import REPO

RUNNER = Path(__file__).with_name("boardcheck_run.mjs")
FIELDS = ("severity", "path", "message", "fix", "point")
RANDOM_BOARDS = 240


def js_problems(boards: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    done = subprocess.run(["node", str(RUNNER)], input=json.dumps(boards), capture_output=True, text=True,
                          check=True, timeout=300)
    return json.loads(done.stdout)


def py_problems(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: d[k] for k in FIELDS} for d in check_data(data)]


def as_json(data: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(data))


def bundled(name: str) -> dict[str, Any]:
    doc, _ = parse_file(REPO / "scenarios" / "boards" / f"{name}.yaml", f"{name}.yaml")
    return as_json(doc.data)


def schema_problems(data: dict[str, Any]) -> list[str]:
    """What the board schema says of ``data`` (the browser's checks start where the schema ends)."""
    report = Report()
    schema.validate(parse_text(json.dumps(data), "b.yaml")[0], KINDS["board"].schema, report)
    return [d.message for d in report.diagnostics]


def blocks_of(data: dict[str, Any]) -> list[list[Any]]:
    doc, _ = parse_text(json.dumps(data), "b.yaml")
    return [list(b.boundary) for b in analyse(load_board(doc, Report())).blocks]


# --------------------------------------------------------------------------- how designers break boards


def ends(segment: Any) -> list[Any]:
    return segment if isinstance(segment, list) else segment["between"]


def position(data: dict[str, Any], ref: Any) -> list[float]:
    group, key = ("circles", "number") if isinstance(ref, int) else ("crossings", "id")
    return next(item["at"] for item in data[group] if item[key] == ref)


def drag_onto_street(data: dict[str, Any], rng: random.Random) -> None:
    segment = rng.choice(data["segments"])
    a, b = (position(data, r) for r in ends(segment))
    t, off = rng.uniform(0.2, 0.8), rng.choice([0, 0, 0.5, 1.5, 3, 6])
    node = rng.choice(data["circles"] + data["crossings"])
    node["at"] = [round(a[0] + t * (b[0] - a[0]) + off, 1), round(a[1] + t * (b[1] - a[1]), 1)]


def drag_anywhere(data: dict[str, Any], rng: random.Random) -> None:
    node = rng.choice(data["circles"] + data["crossings"])
    node["at"] = [round(rng.uniform(0, data["canvas"]["width"]), 1), round(rng.uniform(0, data["canvas"]["height"]), 1)]


def delete_lines(data: dict[str, Any], rng: random.Random) -> None:
    for _ in range(rng.randint(1, 4)):
        data["segments"].pop(rng.randrange(len(data["segments"])))


def draw_across(data: dict[str, Any], rng: random.Random) -> None:
    nodes = [c["number"] for c in data["circles"]] + [c["id"] for c in data["crossings"]]
    a, b = rng.sample(nodes, 2)
    if rng.random() < 0.5:
        data["segments"].append([a, b])
    else:
        pa, pb = position(data, a), position(data, b)
        bend = [round((p + q) / 2 + rng.uniform(-15, 15), 1) for p, q in zip(pa, pb, strict=True)]
        data["segments"].append({"between": [a, b], "via": [bend]})


def repeat_or_loop(data: dict[str, Any], rng: random.Random) -> None:
    segment = copy.deepcopy(rng.choice(data["segments"]))
    data["segments"].append(list(reversed(ends(segment))) if rng.random() < 0.5 else [ends(segment)[0]] * 2)


def districts(data: dict[str, Any], rng: random.Random) -> None:
    w, h = data["canvas"]["width"], data["canvas"]["height"]
    made = []
    for i in range(rng.randint(1, 3)):
        x, y, size = rng.uniform(0, w * 0.7), rng.uniform(0, h * 0.7), rng.uniform(w * 0.1, w * 0.4)
        area = [[x, y], [x + size, y], [x + size, y + size], [x, y + size]]
        if rng.random() < 0.3:
            area[1], area[2] = area[2], area[1]  # a bow tie
        if rng.random() < 0.1:
            area = [*area[:2], area[0]]
        made.append({"id": f"D{i}", "area": [[round(px, 1), round(py, 1)] for px, py in area]})
    data["districts"] = made
    data.pop("letters", None)  # letters name the old districts


def declare_blocks(data: dict[str, Any], rng: random.Random) -> None:
    found = blocks_of(data)
    declared = [{"id": f"blk{i}", "boundary": list(b)} for i, b in enumerate(found) if rng.random() < 0.9]
    for item in rng.sample(declared, min(2, len(declared))):
        if rng.random() < 0.5 or len(item["boundary"]) < 4:
            rng.shuffle(item["boundary"])
        else:
            item["boundary"] = item["boundary"][:-1]
    data["blocks"] = declared


def thin(data: dict[str, Any], rng: random.Random) -> None:
    found = [b for b in blocks_of(data) if sum(isinstance(r, int) for r in b) < 2]
    listed = [list(b) for b in found if len(b) >= 3 and rng.random() < 0.6]
    listed.append([c["id"] for c in data["crossings"][:3]])
    data["thin_blocks"] = listed


def flags(data: dict[str, Any], rng: random.Random) -> None:
    for item in data["circles"] + data["crossings"]:
        if rng.random() < 0.5:
            item.pop("flags", None)
    if rng.random() < 0.2:
        for item in data["circles"]:
            item["flags"] = ["red"]


def numbers_and_refs(data: dict[str, Any], rng: random.Random) -> None:
    choice = rng.randrange(5)
    if choice == 0:  # a gap in the numbers, the lines kept
        circle = rng.choice(data["circles"])
        old, circle["number"] = circle["number"], len(data["circles"]) + 5
        data["segments"] = [[circle["number"] if r == old else r for r in s] for s in map(ends, data["segments"])]
    elif choice == 1:
        data["circles"].append({"number": data["circles"][0]["number"], "at": [1, 1]})
    elif choice == 2:
        data["crossings"].append({"id": data["crossings"][0]["id"], "at": [2, 2]})
    elif choice == 3:
        data["segments"].append([1, "zz9"])
        data["segments"].append(["1", data["crossings"][0]["id"]])
    else:
        data["circles"][0]["at"] = [-5, data["canvas"]["height"] + 3]


def spacing(data: dict[str, Any], rng: random.Random) -> None:
    data["min_distance"] = rng.choice([0, 2, 5, 12])


def island(data: dict[str, Any], rng: random.Random) -> None:
    """A small triangle of new nodes somewhere: on its own (a part of its own, a hole in a block) or tied on."""
    w, h = data["canvas"]["width"], data["canvas"]["height"]
    x, y = rng.uniform(10, w - 30), rng.uniform(10, h - 30)
    n = max(c["number"] for c in data["circles"])
    data["circles"] += [{"number": n + 1, "at": [round(x, 1), round(y, 1)]},
                        {"number": n + 2, "at": [round(x + 14, 1), round(y, 1)]}]
    data["crossings"].append({"id": "isle", "at": [round(x + 7, 1), round(y + 12, 1)]})
    data["segments"] += [[n + 1, n + 2], [n + 2, "isle"], ["isle", n + 1]]
    if rng.random() < 0.4:
        data["segments"].append([n + 1, rng.choice(data["crossings"][:-1])["id"]])


def overlap_or_stack(data: dict[str, Any], rng: random.Random) -> None:
    """A line drawn back along another, or a node dropped on another."""
    segment = rng.choice(data["segments"])
    a, b = ends(segment)
    if rng.random() < 0.5:
        pa, pb = position(data, a), position(data, b)
        out = [round(pa[0] + (pb[0] - pa[0]) * 0.5, 6), round(pa[1] + (pb[1] - pa[1]) * 0.5, 6)]
        far = rng.choice([r for r in [c["id"] for c in data["crossings"]] if r not in (a, b)])
        data["segments"].append({"between": [a, far], "via": [out]})
    else:
        node = rng.choice(data["crossings"])
        node["at"] = list(position(data, a))


MUTATIONS = (drag_onto_street, drag_anywhere, delete_lines, draw_across, repeat_or_loop, districts,
             declare_blocks, thin, flags, numbers_and_refs, spacing, island, overlap_or_stack)


def random_boards(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    bases = [bundled("tutorial"), bundled("whitechapel"), *(as_json(generate_board(n, s)) for n, s in
                                                            ((12, 1), (30, 2), (60, 3)))]
    made = []
    for _ in range(count):
        data = copy.deepcopy(rng.choice(bases))
        for mutation in rng.sample(MUTATIONS, rng.randint(1, 3)):
            mutation(data, rng)
        made.append(data)
    return made


# --------------------------------------------------------------------------- the tests


def rounded(problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Points to a millionth (intersections computed two ways differ in the last bits; messages do not)."""
    return [{**p, "point": p["point"] and [round(v, 6) for v in p["point"]]} for p in problems]


def assert_same(boards: list[dict[str, Any]], found: list[list[dict[str, Any]]] | None = None) -> None:
    """Both sides find the same in every board (``found``: what the toolkit found, when already asked)."""
    found = found if found is not None else [py_problems(b) for b in boards]
    for data, want, got in zip(boards, found, js_problems(boards), strict=True):
        assert rounded(got) == rounded(want), json.dumps(data)[:400]


def test_every_broken_board_of_the_error_tests() -> None:
    boards = [as_json(parse_text(case.values[0], "fixture.yaml")[0].data) for case in CASES]
    assert_same(boards)


def test_bundled_and_generated_boards_check_clean_on_both() -> None:
    boards = [bundled("tutorial"), bundled("whitechapel"), as_json(generate_board(150, 7))]
    for got in js_problems(boards):
        assert [p for p in got if p["severity"] == "error"] == []
    assert_same(boards)


@pytest.mark.parametrize("seed", range(4))
def test_boards_broken_at_random(seed: int) -> None:
    boards = random_boards(RANDOM_BOARDS // 4, seed)
    problems = [py_problems(b) for b in boards]  # (a schema error would show here as a difference: none is fair)
    assert sum(bool(p) for p in problems) > len(boards) * 0.9  # the mutations do break boards
    assert_same(boards, problems)


def shape(circles: dict[int, tuple[float, float]], crossings: dict[str, tuple[float, float]],
          segments: list[Any], **more: Any) -> dict[str, Any]:
    return {"kind": "board", "id": "shape", "title": "Shape", "unit": "mm", "canvas": {"width": 200, "height": 200},
            "tokens": {"women": 1, "patrols": 1},
            "circles": [{"number": n, "at": list(at), **({"flags": ["red"]} if n == 1 else {})}
                        for n, at in circles.items()],
            "crossings": [{"id": k, "at": list(at), "flags": ["yellow"]} for k, at in crossings.items()],
            "segments": segments, **more}


SQUARE = {1: (20, 20), 2: (180, 20), 3: (180, 180)}
SQUARE_K = {"k1": (20, 180)}
SQUARE_LINES = [[1, 2], [2, 3], [3, "k1"], ["k1", 1]]
PARK = ({1: (20, 20), 2: (100, 20)}, {"k1": (180, 20), "k2": (180, 180), "k3": (20, 180), "k4": (100, 180)},
        [[1, 2], [2, "k1"], ["k1", "k2"], ["k2", "k4"], ["k4", "k3"], ["k3", 1], [2, "k4"]])
SHAPES = {
    "an island in a block (a hole)": shape(
        {**SQUARE, 4: (80, 80), 5: (120, 80)}, {**SQUARE_K, "k2": (100, 120)},
        [*SQUARE_LINES, [4, 5], [5, "k2"], ["k2", 4]]),
    "the island's block declared without it": shape(
        {**SQUARE, 4: (80, 80), 5: (120, 80)}, {**SQUARE_K, "k2": (100, 120)},
        [*SQUARE_LINES, [4, 5], [5, "k2"], ["k2", 4]],
        blocks=[{"id": "big", "boundary": [1, 2, 3, "k1"]}, {"id": "isle", "boundary": [4, 5, "k2"]}]),
    "a triangle tied on inside at a corner": shape(
        {**SQUARE, 4: (120, 60), 5: (60, 120)}, SQUARE_K, [*SQUARE_LINES, [1, 4], [4, 5], [5, 1]]),
    "two blocks meeting at one node": shape(
        {1: (20, 20), 2: (100, 100), 3: (180, 20), 4: (180, 180), 5: (20, 180)}, {"k1": (100, 20), "k2": (100, 180)},
        [[1, "k1"], ["k1", 3], [3, 2], [2, 1], [2, 4], [4, "k2"], ["k2", 5], [5, 2]]),
    "a bridge between two blocks": shape(
        {1: (20, 20), 2: (60, 20), 3: (140, 20), 4: (180, 20)}, {"k1": (40, 60), "k2": (160, 60)},
        [[1, 2], [2, "k1"], ["k1", 1], [2, 3], [3, 4], [4, "k2"], ["k2", 3]]),
    "bent lines round a block": shape(
        {1: (20, 100), 2: (180, 100)}, {"k1": (100, 160)},
        [{"between": [1, 2], "via": [[60, 40], [140, 40]]}, {"between": [2, "k1"], "via": [[170, 170]]}, ["k1", 1]]),
    "a block with a dead end inside": shape(
        SQUARE, {**SQUARE_K, "k2": (100, 100)}, [*SQUARE_LINES, [1, "k2"]]),
    "zero length": shape({1: (20, 20), 2: (20, 20), 3: (100, 100)}, {"k1": (60, 90)},
                         [[1, 2], [2, "k1"], ["k1", 3], [3, 1]]),
    "a thin block meant as a park": shape(*PARK, thin_blocks=[[2, "k1", "k2", "k4"]]),
    "a thin block": shape(*PARK),
}


@pytest.mark.parametrize("name", SHAPES)
def test_shapes(name: str) -> None:
    assert schema_problems(SHAPES[name]) == []
    assert_same([SHAPES[name]])
