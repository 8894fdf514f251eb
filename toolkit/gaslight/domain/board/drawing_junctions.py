"""Nodes where a drawing's streets meet and end (``gaslight import svg --nodes junctions``).

A drawing of streets alone (a traced street map, a transit map's lines) has no circles or squares for its
lines to join. With ``--nodes junctions`` Gaslight places them itself: a **crossing** wherever three or more
ways meet (a street ending on another, two streets crossing, three streets drawn to one point) and a
**circle** wherever a street ends or two streets join end to end. Points nearer each other than the
tolerance are one point, and nothing is placed on a circle or square that is already drawn, so a designer
draws the circles that matter and lets Gaslight place the rest.

>>> circles, crossings = junctions([[(0, 0), (10, 0)], [(5, 0), (5, 8)], [(5, -8), (5, 0.2)]], [], 0.5)
>>> circles
[(0.0, 0.0), (10.0, 0.0), (5.0, 8.0), (5.0, -8.0)]
>>> crossings
[(5.0, 0.0)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import shapely
from shapely import STRtree

Point = tuple[float, float]


class _Clusters:
    """Points merged when nearer than ``tolerance`` (the first point of a cluster stands for it), found through a
    grid of cells as wide as the tolerance: each point is compared with the points of nine cells."""

    def __init__(self, tolerance: float) -> None:
        self.tolerance = max(tolerance, 1e-9)
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.points: list[Point] = []
        self.ways: list[set[tuple[int, str]]] = []

    def add(self, point: Point, way: tuple[int, str]) -> int:
        """Count ``way`` at the cluster ``point`` falls in (a new one when none is near); its index."""
        cx, cy = math.floor(point[0] / self.tolerance), math.floor(point[1] / self.tolerance)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for k in self.cells.get((cx + dx, cy + dy), ()):
                    if math.dist(self.points[k], point) <= self.tolerance:
                        self.ways[k].add(way)
                        return k
        self.cells.setdefault((cx, cy), []).append(len(self.points))
        self.points.append(point)
        self.ways.append({way})
        return len(self.points) - 1

    def count(self, k: int) -> int:
        """How many ways meet at cluster ``k``: one for a line's end, two for a line passing through."""
        return sum(2 if way == "through" else 1 for _, way in self.ways[k])


def junctions(lines: Sequence[Sequence[Point]], nodes: Sequence[tuple[Point, float]], tolerance: float,
              tick: Callable[[], object] = lambda: None) -> tuple[list[Point], list[Point]]:
    """Where circles and where crossings go (see the module's text), in the order the lines are drawn, leaving
    out points on the ``nodes`` already drawn (centre, half size). ``tick`` is called every thousand steps (a
    deadline raises there); a point where three ways are counted needs no more, so a thousand copies of one
    line drawn on top of each other cost a thousand steps, not a million."""
    usable = list(dict.fromkeys(tuple(map(tuple, line)) for line in lines if len(line) >= 2))  # copies once
    shapes = [shapely.linestrings(line) for line in usable]
    clusters = _Clusters(tolerance)
    tree = STRtree(shapes) if shapes else None
    steps = 0
    for k, line in enumerate(usable):
        for end, point in (("start", line[0]), ("end", line[-1])):
            here = clusters.add((float(point[0]), float(point[1])), (k, end))
            for other in tree.query(shapely.points(point), predicate="dwithin", distance=tolerance).tolist():
                steps += 1
                if not steps % 1000:
                    tick()
                if clusters.count(here) >= 3:
                    break
                far = usable[other]
                if other != k and min(math.dist(point, far[0]), math.dist(point, far[-1])) > tolerance:
                    clusters.ways[here].add((other, "through"))  # a street ends on another
    if tree is not None:
        left, right = tree.query(shapes, predicate="crosses")
        for a, b in sorted({(min(a, b), max(a, b)) for a, b in zip(left.tolist(), right.tolist(), strict=True)}):
            steps += 1
            if not steps % 1000:
                tick()
            for part in shapely.get_parts(shapely.intersection(shapes[a], shapes[b])):
                for x, y in shapely.get_coordinates(part).tolist():
                    for line in (a, b):
                        ends = usable[line][0], usable[line][-1]
                        if min(math.dist((x, y), ends[0]), math.dist((x, y), ends[1])) > tolerance:
                            clusters.add((round(x, 2), round(y, 2)), (line, "through"))
    node_tree = STRtree(shapely.points([c for c, _ in nodes])) if nodes else None
    widest = max((half for _, half in nodes), default=0.0)
    circles: list[Point] = []
    crossings: list[Point] = []
    for point, ways in zip(clusters.points, clusters.ways, strict=True):
        if node_tree is not None and any(
                math.dist(point, nodes[i][0]) <= nodes[i][1] + tolerance
                for i in node_tree.query(shapely.points(point), predicate="dwithin",
                                         distance=widest + tolerance).tolist()):
            continue
        count = sum(2 if way == "through" else 1 for _, way in ways)
        (crossings if count >= 3 else circles).append((round(point[0], 2), round(point[1], 2)))
    return circles, crossings
