"""The street map under a generated board: where its nodes stand, which of them are circles, and the streets.

Steps 1–4 of the recipe written out in :mod:`gaslight.domain.board.generate`, one pure step each: the lattice of
points, its triangles, each point's role (circle or crossing), and the blocks merged from the faces.

:func:`build_street_map` makes one attempt; a map that misses a rule is drawn again by the caller, except that
from :data:`REPAIR_FROM` circles up a few starved blocks, nodes too close together and streets brushing a node
are mended in place.
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from gaslight.domain.board.geometry import drawn_radius_of

Point = tuple[float, float]
Edge = tuple[int, int]

OUTER = -1
CROSSINGS_PER_CIRCLE = 1.2
BLOCKS_PER_CIRCLE = 164 / 195
SPACING = 30.0  # mm between neighbouring nodes on the lattice
MARGIN = 20.0
MIN_DISTANCE = SPACING / 4  # nodes on the jittered lattice stay well apart from this
# How eagerly a line is removed by the kind of its ends (circle?, circle?): circle–circle lines go first, so
# circles lean on crossings, as on the published map.
ROLE_BONUS = {(True, True): 3.0, (False, False): 0.5, (True, False): 0.0, (False, True): 0.0}


class GenerationError(RuntimeError):
    """No valid map came out of every attempt (only for very small or odd sizes)."""


@dataclass(frozen=True)
class StreetMap:
    """A generated drawing: node positions, which nodes are circles, and the kept edges."""

    points: tuple[Point, ...]
    is_circle: tuple[bool, ...]
    edges: tuple[Edge, ...]
    width: float
    height: float


# --- 1. points ---------------------------------------------------------------------------------------------------


def canvas_size(nodes: int) -> tuple[float, float]:
    """Width and height (mm) for ``nodes`` points at :data:`SPACING`, landscape √2 format.

    >>> canvas_size(429)
    (796, 574)
    """
    sites = nodes / 0.9 + 2 * math.sqrt(nodes)  # a tenth of the sites are dropped, some fall off the edge
    area = sites * SPACING * SPACING * math.sqrt(3) / 2
    width = math.sqrt(area * math.sqrt(2))
    return (round(width + 2 * MARGIN), round(width / math.sqrt(2) + 2 * MARGIN))


def sample_points(count: int, rng: random.Random, width: float, height: float) -> tuple[Point, ...]:
    """``count`` points on a jittered, smoothly warped hex lattice; surplus sites are dropped at random."""
    row_gap = SPACING * math.sqrt(3) / 2
    waves = [(rng.uniform(0.6, 1.4) * SPACING * 0.3, rng.uniform(4, 9) * SPACING, rng.uniform(0, 2 * math.pi))
             for _ in range(4)]
    inner_w, inner_h = width - 2 * MARGIN, height - 2 * MARGIN
    sites: list[Point] = []
    rows = int(inner_h // row_gap) + 1
    cols = int(inner_w // SPACING) + 1
    for r in range(rows):
        for c in range(cols):
            x = c * SPACING + (SPACING / 2 if r % 2 else 0.0) + rng.uniform(-0.22, 0.22) * SPACING
            y = r * row_gap + rng.uniform(-0.22, 0.22) * SPACING
            (a1, l1, p1), (a2, l2, p2), (a3, l3, p3), (a4, l4, p4) = waves
            x += a1 * math.sin(2 * math.pi * y / l1 + p1) + a2 * math.sin(2 * math.pi * x / l2 + p2)
            y += a3 * math.sin(2 * math.pi * x / l3 + p3) + a4 * math.sin(2 * math.pi * y / l4 + p4)
            if 0 <= x <= inner_w and 0 <= y <= inner_h:
                sites.append((round(x + MARGIN, 1), round(y + MARGIN, 1)))
    if len(sites) < count:
        raise GenerationError(f"the canvas holds {len(sites)} sites, {count} needed")
    keep = sorted(rng.sample(range(len(sites)), count))
    return tuple(sites[i] for i in keep)


# --- 2. triangulation --------------------------------------------------------------------------------------------


def triangulate(points: Sequence[Point]) -> tuple[tuple[int, int, int], ...]:
    """Delaunay triangles as index triples (counter-clockwise order not guaranteed).

    >>> triangulate([(0.0, 0.0), (10.0, 0.0), (0.0, 10.0)])
    ((0, 1, 2),)
    """
    index = {p: i for i, p in enumerate(points)}
    triangles = shapely.delaunay_triangles(shapely.MultiPoint(list(points)))
    result = []
    for polygon in shapely.get_parts(triangles):
        ring = list(polygon.exterior.coords)[:3]
        result.append(tuple(sorted(index[(x, y)] for x, y in ring)))
    return tuple(sorted(result))  # type: ignore[arg-type]


# --- 3. roles ----------------------------------------------------------------------------------------------------


def assign_roles(count: int, circles: int, triangles: Sequence[tuple[int, int, int]],
                 rng: random.Random) -> tuple[bool, ...]:
    """True for circles. Crossings are picked so that few of them touch each other."""
    neighbours: dict[int, set[int]] = {i: set() for i in range(count)}
    for tri in triangles:
        for a in tri:
            neighbours[a].update(b for b in tri if b != a)
    crossings_wanted = count - circles
    order = list(range(count))
    rng.shuffle(order)
    crossing: set[int] = set()
    for limit in (0, 1, 2, 3, 99):
        for node in order:
            if len(crossing) == crossings_wanted:
                break
            if node not in crossing and len(neighbours[node] & crossing) <= limit:
                crossing.add(node)
    return tuple(i not in crossing for i in range(count))


# --- 4. faces ----------------------------------------------------------------------------------------------------


class _Faces:
    """Bounded faces of the drawing as merged triangles, with the edges between them (mutable, private)."""

    def __init__(self, triangles: Sequence[tuple[int, int, int]], is_circle: list[bool]) -> None:
        self.is_circle = is_circle
        self.parent = list(range(len(triangles)))
        self.size = [1] * len(triangles)
        self.nodes: list[set[int]] = [set(t) for t in triangles]
        self.sides: dict[Edge, list[int]] = {}
        for t, tri in enumerate(triangles):
            a, b, c = tri
            for u, v in ((a, b), (b, c), (a, c)):
                self.sides.setdefault((min(u, v), max(u, v)), []).append(t)
        self.degree = [0] * len(is_circle)
        self.shared: list[dict[int, int]] = [{} for _ in triangles]
        self.outer_nodes: set[int] = set()
        self.peeled: set[int] = set()
        for (u, v), faces in self.sides.items():
            self.degree[u] += 1
            self.degree[v] += 1
            if len(faces) == 1:
                faces.append(OUTER)
                self.outer_nodes.update((u, v))
            f, g = faces
            self._bump(f, g, 1)
        self.crossing_neighbours = [0] * len(is_circle)
        for u, v in self.sides:
            self.crossing_neighbours[u] += not is_circle[v]
            self.crossing_neighbours[v] += not is_circle[u]

    def _bump(self, f: int, g: int, by: int) -> None:
        if f != OUTER:
            self.shared[f][g] = self.shared[f].get(g, 0) + by
        if g != OUTER:
            self.shared[g][f] = self.shared[g].get(f, 0) + by

    def find(self, f: int) -> int:
        if f == OUTER:
            return OUTER
        while self.parent[f] != f:
            self.parent[f] = self.parent[self.parent[f]]
            f = self.parent[f]
        return OUTER if f in self.peeled else f

    def faces_of(self, edge: Edge) -> tuple[int, int]:
        f, g = self.sides[edge]
        return self.find(f), self.find(g)

    def circles_on(self, face: int) -> int:
        return sum(1 for n in self.nodes[face] if self.is_circle[n])

    def removable(self, edge: Edge) -> bool:
        """Removing keeps: degree ≥ 2, no cut edge (faces share only this edge), a crossing by every circle."""
        u, v = edge
        f, g = self.faces_of(edge)
        if f == g or self.degree[u] < 3 or self.degree[v] < 3:
            return False
        if OUTER in (f, g):
            inner = g if f == OUTER else f
            opposite = self.nodes[inner] - {u, v}
            if self.size[inner] != 1 or opposite & self.outer_nodes:
                return False
        elif self.shared[f].get(g, 0) != 1:
            return False
        for a, b in ((u, v), (v, u)):
            if self.is_circle[a] and not self.is_circle[b] and self.crossing_neighbours[a] < 2:
                return False
        return True

    def remove(self, edge: Edge) -> None:
        u, v = edge
        f, g = self.faces_of(edge)
        del self.sides[edge]
        self.degree[u] -= 1
        self.degree[v] -= 1
        self.crossing_neighbours[u] -= not self.is_circle[v]
        self.crossing_neighbours[v] -= not self.is_circle[u]
        if OUTER in (f, g):
            inner = g if f == OUTER else f
            self.outer_nodes.update(self.nodes[inner])
            for h, n in self.shared[inner].items():
                if h != OUTER:
                    self.shared[h].pop(inner, None)
                    self.shared[h][OUTER] = self.shared[h].get(OUTER, 0) + n
            self.shared[inner] = {}
            self.peeled.add(inner)
            return
        if self.size[f] < self.size[g]:
            f, g = g, f
        self._bump(f, g, -1)
        self.parent[g] = f
        self.size[f] += self.size[g]
        self.nodes[f] |= self.nodes[g]
        for h, n in self.shared[g].items():
            if h == f:
                continue
            self.shared[f][h] = self.shared[f].get(h, 0) + n
            if h != OUTER:
                self.shared[h].pop(g, None)
                self.shared[h][f] = self.shared[h].get(f, 0) + n
        self.shared[f].pop(f, None)
        if self.shared[f].get(g) == 0:
            del self.shared[f][g]
        self.shared[g] = {}

    def bounded(self) -> list[int]:
        return sorted({self.find(f) for side in self.sides.values() for f in side} - {OUTER})


def _flat(points: Sequence[Point], tri: Iterable[int], edge: Edge) -> bool:
    """True when the triangle's angle opposite ``edge`` is wider than 115° (a sliver on the rim)."""
    (w,) = set(tri) - set(edge)
    (ax, ay), (bx, by), (wx, wy) = points[edge[0]], points[edge[1]], points[w]
    ux, uy, vx, vy = ax - wx, ay - wy, bx - wx, by - wy
    cos = (ux * vx + uy * vy) / (math.hypot(ux, uy) * math.hypot(vx, vy))
    return cos < math.cos(math.radians(115))


def peel_rim(faces: _Faces, points: Sequence[Point], triangles: Sequence[tuple[int, int, int]]) -> None:
    """Drop flat triangles on the outside so no node sits almost on a rim line."""
    todo = sorted(edge for edge in faces.sides if OUTER in faces.faces_of(edge))
    while todo:
        edge = todo.pop()
        if edge not in faces.sides:
            continue
        f, g = faces.faces_of(edge)
        inner = g if f == OUTER else f
        if OUTER not in (f, g) or inner == OUTER:
            continue
        if faces.size[inner] == 1 and _flat(points, triangles[inner], edge) and faces.removable(edge):
            faces.remove(edge)
            (w,) = set(triangles[inner]) - set(edge)
            todo.extend(sorted((min(w, n), max(w, n)) for n in edge))


def merge_blocks(faces: _Faces, points: Sequence[Point], target: int, rng: random.Random) -> None:
    """Merge faces (smallest pair first, starved blocks and crossing–crossing lines sooner) down to ``target``."""
    jitter = {edge: rng.random() for edge in sorted(faces.sides)}

    def key(edge: Edge) -> float:
        f, g = faces.faces_of(edge)
        if OUTER in (f, g):
            return math.inf
        u, v = edge
        score = faces.size[f] + faces.size[g] + 2.5 * jitter[edge]
        if faces.circles_on(f) < 2 or faces.circles_on(g) < 2:
            score -= 20
        score -= ROLE_BONUS[(faces.is_circle[u], faces.is_circle[v])]
        return score + math.dist(points[u], points[v]) / SPACING

    heap = [(key(e), e) for e in sorted(faces.sides)]
    heapq.heapify(heap)
    count = len(faces.bounded())
    while count > target and heap:
        score, edge = heapq.heappop(heap)
        if edge not in faces.sides or math.isinf(score):
            continue
        fresh = key(edge)
        if fresh > score + 1e-9:
            heapq.heappush(heap, (fresh, edge))
            continue
        if faces.removable(edge):
            faces.remove(edge)
            count -= 1


def feed_starved(faces: _Faces) -> None:
    """Merge each block left with fewer than two circles into a neighbour (the block count drops by a few)."""
    changed = True
    while changed:
        changed = False
        for edge in sorted(faces.sides):
            if edge not in faces.sides:
                continue
            f, g = faces.faces_of(edge)
            if OUTER in (f, g) or min(faces.circles_on(f), faces.circles_on(g)) >= 2:
                continue
            if faces.removable(edge):
                faces.remove(edge)
                changed = True


#: From this many circles a map's few starved blocks are mended (drawing it again costs seconds); smaller maps are
#: drawn again, so a seed keeps giving the map it always gave (the bundled full-size board among them).
REPAIR_FROM = 1000


def repair_starved(faces: _Faces, starved: Sequence[int]) -> bool:
    """Give each block still short of two circles what it lacks, keeping the number of circles: a crossing on its
    edge becomes a circle and a circle of a roomier block elsewhere becomes a crossing (only where every block
    keeps two circles and every circle a crossing beside it). A few such blocks are left on a large map; this
    mends them in place instead of drawing the whole map again. False when one cannot be mended."""
    around: dict[int, set[int]] = {}
    for u, v in faces.sides:
        around.setdefault(u, set()).add(v)
        around.setdefault(v, set()).add(u)

    def blocks_at(node: int) -> set[int]:
        return {faces.find(f) for m in around[node] for f in faces.sides[(min(node, m), max(node, m))]} - {OUTER}

    def flip(node: int) -> None:
        faces.is_circle[node] = not faces.is_circle[node]
        for m in around[node]:
            faces.crossing_neighbours[m] += -1 if faces.is_circle[node] else 1

    def roomy(x: int, face: int) -> bool:
        return faces.is_circle[x] and x not in faces.nodes[face] and all(faces.circles_on(b) >= 3 for b in blocks_at(x))

    spare = sorted(n for n in around if faces.is_circle[n])
    for face in (f for f in starved for _ in range(2)):  # a block may lack both its circles
        if faces.circles_on(face) >= 2:
            continue
        for turned in sorted(faces.nodes[face] & around.keys()):
            if faces.is_circle[turned] or faces.crossing_neighbours[turned] == 0:
                continue
            flip(turned)
            lonely = [m for m in around[turned] if faces.is_circle[m] and faces.crossing_neighbours[m] == 0]
            # the circle given up is one beside a circle this left without a crossing, so it gets one back
            pool = sorted(around[lonely[0]]) if len(lonely) == 1 else spare if not lonely else []
            given = next((x for x in pool if x != turned and roomy(x, face)), None)
            if given is not None:
                flip(given)
                break
            flip(turned)
        else:
            return False
    return all(faces.circles_on(f) >= 2 for f in faces.bounded()) and all(
        faces.crossing_neighbours[n] > 0 for n in around if faces.is_circle[n])


def clear_brushing_streets(faces: _Faces, points: list[Point], width: float, height: float) -> bool:
    """Mend each street that passes nearer a node than its drawn circle reaches (the board check reports those):
    remove the street, merging the blocks beside it, or else move the node straight away from it, where its
    own streets then cross nothing and brush nothing. False when neither works (the map is drawn again)."""
    reach = drawn_radius_of(points, width, height)
    edges = sorted(faces.sides)
    lines = shapely.linestrings([[points[u], points[v]] for u, v in edges])
    near, hit = shapely.STRtree(lines).query(shapely.points(np.asarray(points, dtype=float)), predicate="dwithin",
                                             distance=reach)
    for node, e in sorted(zip(near.tolist(), hit.tolist(), strict=True)):
        edge = edges[e]
        if node in edge or edge not in faces.sides:
            continue
        if any(math.dist(points[node], points[end]) < reach for end in edge):
            continue  # beside the street's own end: the check reports the two nodes instead, and they are apart
        if faces.removable(edge):
            faces.remove(edge)
        elif not _move_off(faces, points, node, edge, reach, width, height):
            return False
    return True


def _move_off(faces: _Faces, points: list[Point], node: int, edge: Edge, reach: float, width: float,
              height: float) -> bool:
    """Move ``node`` straight away from the street ``edge`` to 1.2 × ``reach`` (see :func:`_move_to`)."""
    a, b, p = shapely.Point(points[edge[0]]), shapely.Point(points[edge[1]]), shapely.Point(points[node])
    street = shapely.LineString([a, b])
    foot = street.interpolate(street.project(p))
    dx, dy = p.x - foot.x, p.y - foot.y
    length = math.hypot(dx, dy)
    if length == 0:
        dx, dy, length = -(b.y - a.y), b.x - a.x, street.length
    return _move_to(faces, points, node, (foot.x + dx / length * reach * 1.2, foot.y + dy / length * reach * 1.2),
                    reach, width, height)


def _move_to(faces: _Faces, points: list[Point], node: int, moved: Point, reach: float, width: float,
             height: float) -> bool:
    """Move ``node`` to ``moved`` — only where it stays on the canvas, keeps the board's minimum distance from
    every node, no street passes within ``reach`` of it, and its own streets cross no street and pass no node
    that near. False (nothing moved) otherwise."""
    if not (0 <= moved[0] <= width and 0 <= moved[1] <= height):
        return False
    others = [e for e in sorted(faces.sides) if node not in e]
    streets = shapely.STRtree(shapely.linestrings([[points[u], points[v]] for u, v in others]))
    if len(streets.query(shapely.Point(moved), predicate="dwithin", distance=reach)):
        return False
    nodes = shapely.STRtree(shapely.points(np.asarray(points, dtype=float)))
    if any(n != node for n in nodes.query(shapely.Point(moved), predicate="dwithin",
                                          distance=min_apart(width, height) * 1.05).tolist()):
        return False
    for m in sorted({v if u == node else u for u, v in faces.sides if node in (u, v)}):
        line = shapely.LineString([moved, points[m]])
        if any(m not in others[i] for i in streets.query(line, predicate="intersects").tolist()):
            return False
        if any(n not in (node, m) for n in nodes.query(line, predicate="dwithin", distance=reach).tolist()):
            return False
    points[node] = moved
    return True


def min_apart(width: float, height: float) -> float:
    """How far apart the board check will want any two nodes (its ``min_distance``)."""
    return min_distance_for(width, height) or min(width, height) / 100


def min_distance_for(width: float, height: float) -> float | None:
    """The ``min_distance`` to write, or None when the checks' default (1 % of the shorter side) suits.

    On a big map that default outgrows the gap between lattice neighbours.

    >>> min_distance_for(796, 574), min_distance_for(3742, 2658)
    (None, 7.5)
    """
    return MIN_DISTANCE if min(width, height) / 100 > MIN_DISTANCE else None


def part_close_nodes(faces: _Faces, points: list[Point], width: float, height: float) -> bool:
    """Move one node of each pair nearer than the board's minimum distance straight away from the other (see
    :func:`_move_to`); False when a pair cannot be parted (the map is then drawn again)."""
    apart = min_apart(width, height)
    reach = drawn_radius_of(points, width, height)
    geoms = shapely.points(np.asarray(points, dtype=float))
    left, right = shapely.STRtree(geoms).query(geoms, predicate="dwithin", distance=apart)
    for a, b in sorted((int(i), int(j)) for i, j in zip(left.tolist(), right.tolist(), strict=True) if i < j):
        gap = math.dist(points[a], points[b])
        if gap >= apart:
            continue
        dx, dy = (points[b][0] - points[a][0], points[b][1] - points[a][1]) if gap else (1.0, 0.0)
        scale = apart * 1.1 / (gap or 1.0)
        if not _move_to(faces, points, b, (points[a][0] + dx * scale, points[a][1] + dy * scale), reach, width,
                        height):
            return False
    return True


def build_street_map(circles: int, rng: random.Random) -> StreetMap | None:
    """One attempt at a street map; None when it misses a rule (the caller retries)."""
    crossings = round(circles * CROSSINGS_PER_CIRCLE)
    count = circles + crossings
    width, height = canvas_size(count)
    points = list(sample_points(count, rng, width, height))  # a repair may move a node off a street
    triangles = triangulate(points)
    is_circle = list(assign_roles(count, circles, triangles, rng))  # a repair may swap a few roles
    faces = _Faces(triangles, is_circle)
    peel_rim(faces, points, triangles)
    merge_blocks(faces, points, max(1, round(circles * BLOCKS_PER_CIRCLE)), rng)
    if any(faces.circles_on(f) < 2 for f in faces.bounded()):
        feed_starved(faces)
    starved = [f for f in faces.bounded() if faces.circles_on(f) < 2]
    if starved and (circles < REPAIR_FROM or not repair_starved(faces, starved)):
        return None
    if any(is_circle[i] and faces.crossing_neighbours[i] == 0 for i in range(count)):
        return None
    if circles >= REPAIR_FROM and not (part_close_nodes(faces, points, width, height)
                                       and clear_brushing_streets(faces, points, width, height)):
        return None
    return StreetMap(tuple(points), tuple(is_circle), tuple(sorted(faces.sides)), width, height)
