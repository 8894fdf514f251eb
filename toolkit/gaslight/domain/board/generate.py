"""Generate an original, planar, city-like Whitechapel hunt map.

The recipe, one pure step each (steps 1–4 draw the streets, in :mod:`gaslight.domain.board.street_map`; this
module holds step 5, the driver :func:`generate_board` and the board's YAML text, :func:`board_yaml`):

1. scatter points on a warped, jittered hex lattice with a few holes (squares);
2. triangulate them (``shapely.delaunay_triangles``) — a planar drawing whose
   bounded faces are triangles;
3. give every point a role: circle or crossing (about 1.2 crossings per circle);
4. peel flat triangles off the rim, then merge neighbouring faces by removing
   the edge between them (smallest merged block first), never leaving a dangle,
   a cut edge, a block with fewer than two circles or a circle without a
   crossing next to it — until the block count matches the published scale
   (164 blocks for 195 circles);
5. number the circles in reading order, pick 8 spread-out red circles and 7
   central yellow crossings, name a few places and six districts.

Everything comes from one ``random.Random(seed)``: the same arguments give
the same bytes.

>>> data = generate_board(24, seed=3, board_id="small")
>>> len(data["circles"]), len(data["crossings"])
(24, 29)
>>> generate_board_yaml(24, 3, "small") == generate_board_yaml(24, 3, "small")
True
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
from collections.abc import Sequence
from typing import Any

import yaml

from gaslight.domain.board.finishing import MARKED_PER_NIGHT, VICTIMS_PER_NIGHT, WOMEN_PER_NIGHT, red_circles_needed
from gaslight.domain.board.street_map import (
    SPACING,
    GenerationError,
    Point,
    StreetMap,
    build_street_map,
    min_distance_for,
)

RED_CIRCLES = 8
YELLOW_CROSSINGS = 7
# The fewest red circles on which the bundled hunt can finish: every kill may fall on a red circle, and a crime
# scene takes its circle for the rest of the game (5: four kills before night 4, one woman left for it).
FINISHING_RED = red_circles_needed(WOMEN_PER_NIGHT, MARKED_PER_NIGHT, VICTIMS_PER_NIGHT)
MAX_ATTEMPTS = 40
MIN_CIRCLES = FINISHING_RED + 1  # and one circle left for Jack's hideout
# The largest map benchmarked and checked clean (bench_boardgen: about 11-16 s); the time grows a little faster
# than the count (30 s at 20,000), and no game is played on more.
MAX_CIRCLES = 10_000
MIN_DISTRICT_NODES = 50

PLACE_NAMES = (
    "Tallow Yard", "Coopers Row", "Lantern Steps", "Ropewalk", "Saltpetre Lane",
    "Widow's Arch", "Brewhouse Corner", "Tanners Gate", "Candlemakers Court", "Fishbone Alley",
)
DISTRICT_NAMES = ("Northgate", "Ropeside", "Chandlers", "Old Docks", "Market", "Tanneries")


# --- 5. numbering, flags, names ----------------------------------------------------------------------------------


def _spread(candidates: Sequence[int], points: Sequence[Point], count: int, start: Point) -> list[int]:
    """Farthest-point picks: the candidate nearest ``start``, then each time the one farthest from those picked."""
    if not candidates:
        return []
    picked = [min(candidates, key=lambda i: (math.dist(points[i], start), i))]
    while len(picked) < min(count, len(candidates)):
        best = max((i for i in candidates if i not in picked),
                   key=lambda i: (min(math.dist(points[i], points[j]) for j in picked), -i))
        picked.append(best)
    return picked


def _reading_order(nodes: Sequence[int], points: Sequence[Point]) -> list[int]:
    band = SPACING * 2
    return sorted(nodes, key=lambda i: (int(points[i][1] // band), points[i][0], points[i][1]))


def _cut(values: Sequence[float], target: float) -> float:
    """A cut line near ``target`` that passes through no node: the middle of the nearest gap between values.

    >>> _cut([1.0, 2.0, 4.0, 9.0], 3.9)
    3.0
    """
    ordered = sorted(set(values))
    gaps = [(abs((a + b) / 2 - target), round((a + b) / 2, 1)) for a, b in itertools.pairwise(ordered) if b - a > 0.4]
    return min(gaps)[1] if gaps else round(target, 1)


def _districts(width: float, height: float, points: Sequence[Point]) -> list[dict[str, Any]]:
    """Six sectors (three across, two down) whose borders pass between nodes, never through one.

    A map with fewer than :data:`MIN_DISTRICT_NODES` nodes gets none (a sector could hold no crossing).
    """
    if len(points) < MIN_DISTRICT_NODES:
        return []
    xs = [0.0, *(_cut([p[0] for p in points], width * k / 3) for k in (1, 2)), float(width)]
    ys = [0.0, _cut([p[1] for p in points], height / 2), float(height)]
    result = []
    for row in range(2):
        for col in range(3):
            x0, x1, y0, y1 = xs[col], xs[col + 1], ys[row], ys[row + 1]
            result.append({"id": f"D{row * 3 + col + 1}", "name": DISTRICT_NAMES[row * 3 + col],
                           "area": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]})
    return result


def to_board_data(street: StreetMap, rng: random.Random, board_id: str, title: str) -> dict[str, Any]:
    """Plain, YAML-ready board data from a street map."""
    points = street.points
    circle_nodes = _reading_order([i for i, c in enumerate(street.is_circle) if c], points)
    crossing_nodes = _reading_order([i for i, c in enumerate(street.is_circle) if not c], points)
    names: dict[int, int | str] = {n: k + 1 for k, n in enumerate(circle_nodes)}
    names.update({n: f"k{k + 1}" for k, n in enumerate(crossing_nodes)})
    w, h = street.width, street.height
    corner = (rng.uniform(0, w), rng.uniform(0, h))
    women, patrols = token_counts(len(circle_nodes), len(crossing_nodes))
    red = set(_spread(circle_nodes, points, women, corner))
    central = [i for i in crossing_nodes
               if abs(points[i][0] - w / 2) < w * 0.3 and abs(points[i][1] - h / 2) < h * 0.3]
    yellow = set(_spread(central if len(central) >= patrols else crossing_nodes, points, patrols, (w / 2, h / 2)))
    place_nodes = _spread([i for i in crossing_nodes if i not in yellow], points, len(PLACE_NAMES), corner)

    def node(i: int, flag: str, flagged: set[int], key: str) -> dict[str, Any]:
        item: dict[str, Any] = {key: names[i], "at": list(points[i])}
        if i in flagged:
            item["flags"] = [flag]
        return item

    segments = sorted((sorted((names[a], names[b]), key=_name_key) for a, b in street.edges),
                      key=lambda pair: (_name_key(pair[0]), _name_key(pair[1])))
    data: dict[str, Any] = {
        "kind": "board",
        "id": board_id,
        "title": title,
        "description": f"Generated street map ({len(circle_nodes)} circles).",
        "unit": "mm",
        "canvas": {"width": w, "height": h},
    }
    if (min_distance := min_distance_for(w, h)) is not None:
        data["min_distance"] = min_distance
    if (women, patrols) != (RED_CIRCLES, YELLOW_CROSSINGS):
        data["tokens"] = {"women": women, "patrols": patrols}
    data["circles"] = [node(i, "red", red, "number") for i in circle_nodes]
    data["crossings"] = [node(i, "yellow", yellow, "id") for i in crossing_nodes]
    data["segments"] = segments
    data["places"] = [{"name": PLACE_NAMES[k], "crossing": names[i]} for k, i in enumerate(place_nodes)]
    districts = _districts(w, h, points)
    if districts:
        data["districts"] = districts
        data["letters"] = _letters(w, h, [points[i] for i in place_nodes])
    return data


def _letters(width: float, height: float, place_points: Sequence[Point]) -> dict[str, Any]:
    """The published game's pattern on the six districts: opposite corners for letters one and
    three, the middle column for letter two; the pawn letter sends a pawn to the most central place.
    """
    central = min(range(len(place_points)),
                  key=lambda k: (place_points[k][0] - width / 2) ** 2 + (place_points[k][1] - height / 2) ** 2)
    return {"first": ["D1", "D6"], "second": ["D2", "D5"], "third": ["D3", "D4"], "pawn": PLACE_NAMES[central]}


def token_counts(circles: int, crossings: int) -> tuple[int, int]:
    """(red circles, yellow crossings): the hunt's 8 and 7, or half the nodes on a map too small for them.

    A small map still gets the :data:`FINISHING_RED` red circles the hunt needs to reach its last night
    (leaving at least one circle for a hideout).

    >>> token_counts(195, 234), token_counts(10, 12), token_counts(6, 7)
    ((8, 7), (5, 6), (5, 3))
    """
    if circles >= 2 * RED_CIRCLES and crossings >= 2 * YELLOW_CROSSINGS:
        return RED_CIRCLES, YELLOW_CROSSINGS
    red = min(RED_CIRCLES, max(circles // 2, FINISHING_RED), circles - 1)
    return red, min(YELLOW_CROSSINGS, crossings // 2)


def _name_key(name: int | str) -> tuple[int, int]:
    return (0, name) if isinstance(name, int) else (1, int(name[1:]))


# --- public API --------------------------------------------------------------------------------------------------


def generate_board(circles: int, seed: int, board_id: str = "generated", title: str | None = None) -> dict[str, Any]:
    """A valid board as plain data: ``circles`` circles, ~1.2 crossings each, deterministic per ``seed``."""
    if circles < MIN_CIRCLES:
        raise ValueError(f"a generated board needs at least {MIN_CIRCLES} circles")
    if circles > MAX_CIRCLES:
        raise ValueError(f"a generated board has at most {MAX_CIRCLES} circles")
    rng = random.Random(seed)
    for _ in range(MAX_ATTEMPTS):
        street = build_street_map(circles, rng)
        if street is not None:
            return to_board_data(street, rng, board_id, title or f"Generated map {circles}-{seed}")
    raise GenerationError(f"no valid map with {circles} circles after {MAX_ATTEMPTS} attempts (seed {seed})")


def _flow(value: Any) -> str:
    """A compact YAML flow form (JSON is valid YAML; keys are plain words)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str) and _plain_ok(value):
        return value
    return json.dumps(value, ensure_ascii=False)


@functools.lru_cache(maxsize=4096)  # a board names the same crossings and places again and again
def _plain_ok(text: str) -> bool:
    """True when ``text`` reads back as itself unquoted inside a YAML flow list.

    >>> _plain_ok("k12"), _plain_ok("yes"), _plain_ok("a, b")
    (True, False, False)
    """
    try:
        return bool(text) and yaml.safe_load(f"[{text}]") == [text]
    except (yaml.YAMLError, ValueError):  # ValueError: digits past Python's 4,300 for an int (a place '111…')
        return False


GENERATED = ("# Generated by 'gaslight new board --circles N --seed S' (an original layout); edit freely, then",
             "# run 'gaslight check' on it. Lines: [a, b] joins circle a (a number) or crossing a (an id) to b.")


def board_yaml(data: dict[str, Any], header: tuple[str, ...] = GENERATED) -> str:
    """Board data as a commented YAML file, one circle, crossing or segment per line."""
    lines = ["# yaml-language-server: $schema=../../schemas/board.schema.json", *header]
    for key, value in data.items():
        if isinstance(value, list) and value:
            lines.append(f"{key}:")
            lines.extend(f"  - {_flow(item)}" for item in value)
        else:
            lines.append(f"{key}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def generate_board_yaml(circles: int, seed: int, board_id: str = "generated", title: str | None = None) -> str:
    """:func:`generate_board` as YAML text, starting with the schema modeline."""
    return board_yaml(generate_board(circles, seed, board_id, title))
