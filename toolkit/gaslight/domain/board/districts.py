"""Districts: which nodes each covers, and the checks on their areas.

A district's area must be a simple polygon. The rule is written out here (and
in ``site/engine/editor/boardcheck.js`` the same way) rather than read from GEOS's
validity reason, so the point a message names is the same on both sides: the
lowest (x, then y) point where two edges meet that should not.

>>> area_fault([(10, 10), (50, 70), (50, 10), (10, 70)])
('self-intersection', (30.0, 40.0))
>>> area_fault([(0, 0), (10, 0), (10, 10)]) is None, area_fault([(0, 0), (5, 0), (0, 0)])
(True, ('fewer than three different corners', None))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gaslight.domain.board.findings import Coord, Findings, fmt_point
from gaslight.domain.board.model import Board


@dataclass(frozen=True)
class DistrictMembers:
    """The nodes inside a district's area (its edge counts as inside)."""

    id: str
    crossings: tuple[str, ...]
    circles: tuple[int, ...]


def district_members(board: Board) -> tuple[DistrictMembers, ...]:
    """For every district, the crossings (file order) and circles (ascending) its area covers.

    Vectorised point-in-polygon tests (``shapely.intersects_xy``), one call per district.
    """
    import numpy as np  # here: a board whose analysis the result cache holds is checked without it
    import shapely
    circles = sorted(board.circles, key=lambda c: c.number)
    circle_xy = np.asarray([c.at for c in circles], dtype=float).reshape(-1, 2)
    crossing_xy = np.asarray([c.at for c in board.crossings], dtype=float).reshape(-1, 2)
    members = []
    for district in board.districts:
        area = shapely.Polygon(district.area)
        shapely.prepare(area)
        inside_circles = shapely.intersects_xy(area, circle_xy[:, 0], circle_xy[:, 1]).tolist()
        inside_crossings = shapely.intersects_xy(area, crossing_xy[:, 0], crossing_xy[:, 1]).tolist()
        members.append(DistrictMembers(
            district.id,
            tuple(c.id for c, inside in zip(board.crossings, inside_crossings, strict=True) if inside),
            tuple(c.number for c, inside in zip(circles, inside_circles, strict=True) if inside),
        ))
    return tuple(members)


def _cross(o: Coord, a: Coord, b: Coord) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _between(p: Coord, a: Coord, b: Coord) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def edges_meet(a1: Coord, a2: Coord, b1: Coord, b2: Coord) -> list[Coord]:
    """Where two straight edges meet: no point, one point, or the two ends of their shared stretch.

    >>> edges_meet((0, 0), (10, 10), (0, 10), (10, 0)), edges_meet((0, 0), (10, 0), (5, 0), (20, 0))
    ([(5.0, 5.0)], [(5, 0), (10, 0)])
    """
    d1, d2 = _cross(b1, b2, a1), _cross(b1, b2, a2)
    d3, d4 = _cross(a1, a2, b1), _cross(a1, a2, b2)
    if d1 == d2 == d3 == d4 == 0:  # on one line: the stretch both cover
        ends = sorted({p for p in (a1, a2) if _between(p, b1, b2)} | {p for p in (b1, b2) if _between(p, a1, a2)})
        return [ends[0], ends[-1]] if len(ends) > 1 else ends
    if ((d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0)) or ((d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0)):
        return []
    for d, p in ((d1, a1), (d2, a2), (d3, b1), (d4, b2)):
        if d == 0:  # an end lies on the other edge: that end, exactly
            return [p]
    t = d1 / (d1 - d2)
    return [(a1[0] + t * (a2[0] - a1[0]), a1[1] + t * (a2[1] - a1[1]))]


def area_fault(area: Sequence[Coord]) -> tuple[str, Coord | None] | None:
    """Why ``area`` is not a simple polygon, with the lowest point where it fails, or None."""
    corners = [(float(x), float(y)) for x, y in area]
    corners = [p for i, p in enumerate(corners) if p != corners[i - 1]] if len(corners) > 1 else corners
    if len(set(corners)) < 3:
        return "fewer than three different corners", None
    n = len(corners)
    edges = [(corners[i], corners[(i + 1) % n]) for i in range(n)]
    faults: list[Coord] = []
    for i in range(n):
        for j in range(i + 1, n):
            met = edges_meet(*edges[i], *edges[j])
            if j == i + 1 or (i == 0 and j == n - 1):  # neighbours share a corner: only more is a fault
                shared = edges[i][1] if j == i + 1 else edges[i][0]
                met = [] if met == [shared] else met
            faults.extend(met)
    return ("self-intersection", (float(min(faults)[0]), float(min(faults)[1]))) if faults else None


def check_districts(board: Board, found: Findings) -> None:
    """Areas are simple polygons; each holds a crossing; no crossing lies in two districts."""
    valid = []
    for district in board.districts:
        fault = area_fault(district.area)
        if fault is None:
            valid.append(district.id)
            continue
        what, point = fault
        at = f" at {fmt_point(point)}" if point else ""
        found.error("district-area", district.location,
                    f"district {district.id}'s area is not a simple polygon ({what}{at})",
                    "list the corners in order around the area, without crossing edges", point)
    owners: dict[str, list[str]] = {}
    members = {m.id: m for m in district_members(board)}
    for district in board.districts:
        if district.id not in valid:
            continue
        inside = members[district.id].crossings
        if not inside:
            found.warning("empty-district", district.location,
                          f"district {district.id} holds no crossing, so no patrol can ever be sent there",
                          "widen its area over some crossings", district.area[0])
        for crossing in inside:
            owners.setdefault(crossing, []).append(district.id)
    for crossing in board.crossings:
        shared = owners.get(crossing.id, [])
        if len(shared) > 1:
            found.warning("district-overlap", crossing.location,
                          f"crossing {crossing.id} at {fmt_point(crossing.at)} lies in districts {', '.join(shared)} "
                          "(where they overlap or on their shared edge)",
                          "move the crossing or the district edges so it lies in one district", crossing.at)
