"""Which drawn paths are circles: Inkscape's arcs, the four Bézier curves Illustrator and Affinity write for a
circle, a circle drawn with the pen — and, for a shape in the circles layer that is not one, what it is.

A path is a circle when it is one closed run whose points (each curve sampled along its length) all lie
within :data:`TOLERANCE` of the radius from a centre fitted to them by least squares; a ring (an outline
turned into a path: two circles on one centre) counts as its outer circle, and so does an ellipse no more
than :data:`MAX_ASPECT` times as long as it is wide (a circle scaled a little unevenly), as ``<ellipse>`` counts.

>>> import svgelements as se
>>> round_path(se.Path("M 10,0 C 10,5.52 5.52,10 0,10 C -5.52,10 -10,5.52 -10,0 C -10,-5.52 -5.52,-10 0,-10 "
...                    "C 5.52,-10 10,-5.52 10,0 Z"))
((0.0, 0.0), 10.000596)
>>> round_path(se.Path("m 35,20 a 5,5 0 1 1 -10,0 5,5 0 1 1 10,0 z"))
((30.0, 20.0), 5.0)
>>> round_path(se.Path("M 0,0 H 10 L 15,8 L 10,16 H 0 L -5,8 Z"))
'a path of 6 straight segments'
>>> round_path(se.Path("M 20,0 A 20,10 0 1 1 -20,0 A 20,10 0 1 1 20,0 Z"))
'an ellipse 40 × 20 across'
>>> round_path(se.Path("M 11,0 A 11,9 0 1 1 -11,0 A 11,9 0 1 1 11,0 Z"))
((0.0, 0.0), 10.0)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import svgelements as se

TOLERANCE = 0.03  # how far (a share of the radius) a drawn circle's outline may stray from a true circle
MAX_ASPECT = 1.25  # an ellipse no longer than this across its width is a circle (as an <ellipse> element is)
SAMPLES = 8  # points taken along each curve of a path
Point = tuple[float, float]


_TS = [k / SAMPLES for k in range(1, SAMPLES + 1)]
_CUBIC = [((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3) for t in _TS]
_QUADRATIC = [((1 - t) ** 2, 2 * (1 - t) * t, t * t) for t in _TS]


def _curve_points(segment: Any) -> list[Point]:
    """A curve's points at eighths of its way, its end included (Bézier curves worked out here with weights
    computed once, arcs by svgelements' numpy sampling)."""
    if isinstance(segment, se.CubicBezier):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = (segment.start, segment.control1, segment.control2, segment.end)
        return [(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3) for a, b, c, d in _CUBIC]
    if isinstance(segment, se.QuadraticBezier):
        (x0, y0), (x1, y1), (x2, y2) = segment.start, segment.control, segment.end
        return [(a * x0 + b * x1 + c * x2, a * y0 + b * y1 + c * y2) for a, b, c in _QUADRATIC]
    if isinstance(segment, se.Arc):
        return [(float(x), float(y)) for x, y in segment.npoint(np.asarray(_TS))]
    (ax, ay), (bx, by) = segment.start, segment.end  # a straight stretch: its points show a polygon's corners
    return [(ax + t * (bx - ax), ay + t * (by - ay)) for t in _TS]


def _runs(path: Any) -> list[tuple[list[Point], int, int, bool]]:
    """Each run of the path: its sampled points, its straight and curved segments, and whether it closes."""
    runs: list[tuple[list[Point], int, int, bool]] = []
    points: list[Point] = []
    straight = curved = 0
    closed = False
    start: Point | None = None
    for segment in path:
        if isinstance(segment, se.Move):
            if points:
                runs.append((points, straight, curved, closed))
            start = (segment.end.x, segment.end.y)
            points, straight, curved, closed = [start], 0, 0, False
            continue
        if segment.start is None or segment.end is None:
            continue
        if isinstance(segment, se.Close):
            closed = True
            if (segment.start.x, segment.start.y) == (segment.end.x, segment.end.y):
                continue
        if isinstance(segment, (se.Line, se.Close)):
            if (segment.start.x, segment.start.y) == (segment.end.x, segment.end.y):
                continue
            straight += 1
        else:
            curved += 1
        points.extend(_curve_points(segment))
    if points:
        runs.append((points, straight, curved, closed))
    result = []
    for points, straight, curved, closed in runs:
        span = max(max(x for x, _ in points) - min(x for x, _ in points),
                   max(y for _, y in points) - min(y for _, y in points), 1e-12)
        back = math.dist(points[0], points[-1]) <= 1e-6 * span  # a run drawn back to its start closes too
        if (closed or back) and len(points) > 2 and math.dist(points[0], points[-1]) <= 1e-6 * span:
            points = points[:-1]  # its start once, not twice: a point counted twice pulls the fit towards it
        result.append((points, straight, curved, closed or back))
    return result


def fit_circle(points: list[Point]) -> tuple[Point, float, float]:
    """The circle nearest the points (least squares), and how far the farthest point strays from it, as a
    share of its radius.

    >>> fit_circle([(1, 0), (0, 1), (-1, 0), (0, -1)])
    ((0.0, 0.0), 1.0, 0.0)
    """
    xy = np.asarray(points, dtype=float)
    shift = xy.mean(axis=0)  # fitted about the middle, where the numbers stay small
    x, y = xy[:, 0] - shift[0], xy[:, 1] - shift[1]
    matrix = np.column_stack([x, y, np.ones_like(x)])
    (a, b, c), *_ = np.linalg.lstsq(matrix, x * x + y * y, rcond=None)
    cx, cy = a / 2, b / 2
    radius = math.sqrt(max(c + cx * cx + cy * cy, 0.0))
    if not radius or not math.isfinite(radius):
        return (float(shift[0]), float(shift[1])), 0.0, math.inf
    stray = float(np.max(np.abs(np.hypot(x - cx, y - cy) - radius))) / radius
    centre = (round(float(cx + shift[0]), 6) + 0.0, round(float(cy + shift[1]), 6) + 0.0)  # + 0.0: never -0.0
    return centre, round(radius, 6), round(stray, 6)


def _ellipse(points: list[Point]) -> tuple[Point, tuple[float, float]] | None:
    """The middle and axes of the ellipse the points go round (rotated or not), or None when they go round none."""
    xy = np.asarray(points, dtype=float)
    middle = (xy.min(axis=0) + xy.max(axis=0)) / 2  # an ellipse's middle is its box's, however it is turned
    xy = xy - middle
    reach = np.hypot(xy[:, 0], xy[:, 1])
    far = int(np.argmax(reach))
    angle = math.atan2(xy[far, 1], xy[far, 0])
    u = xy[:, 0] * math.cos(angle) + xy[:, 1] * math.sin(angle)
    v = -xy[:, 0] * math.sin(angle) + xy[:, 1] * math.cos(angle)
    a, b = float(np.max(np.abs(u))), float(np.max(np.abs(v)))
    if a <= 0 or b <= 0:
        return None
    off = np.abs(np.sqrt((u / a) ** 2 + (v / b) ** 2) - 1)
    centre = (round(float(middle[0]), 6) + 0.0, round(float(middle[1]), 6) + 0.0)
    return (centre, (2 * a, 2 * b)) if float(np.max(off)) <= 2 * TOLERANCE else None


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def round_path(path: Any, unit_px: float = 1.0, unit: str = "") -> tuple[Point, float] | str:
    """A path's centre and radius when it is drawn as a circle (see the module's text); else what it is, in a
    few words (sizes in ``unit``, ``unit_px`` drawing pixels each)."""
    runs = _runs(path)
    if not runs:
        return "an empty path"
    fits = [(fit_circle(points), closed) for points, _, _, closed in runs]
    circles = [(centre, radius) for (centre, radius, stray), closed in fits if closed and stray <= TOLERANCE]
    if len(circles) == len(runs):
        (centre, radius) = max(circles, key=lambda c: c[1])
        if all(math.dist(c, centre) <= TOLERANCE * radius for c, _ in circles):
            return centre, radius
    if len(runs) > 1:
        return f"a path of {len(runs)} separate parts"
    points, straight, curved, closed = runs[0]
    if not closed:
        return f"an open path of {_count(straight + curved, 'segment')} (a line, not a closed shape)"
    if not curved:
        return f"a path of {_count(straight, 'straight segment')}"
    (_, _, stray), _ = fits[0]
    ellipse = _ellipse(points) if not straight else None
    if ellipse is not None:
        centre, axes = ellipse
        if max(axes) <= MAX_ASPECT * min(axes):  # a circle squashed a little, read as an <ellipse> is
            return centre, (axes[0] + axes[1]) / 4
        across = " × ".join(f"{v / unit_px:.3g}" for v in axes)
        return f"an ellipse {across}{' ' + unit if unit else ''} across"
    return (f"a closed path of {_count(straight, 'straight segment')} and {_count(curved, 'curve')}, "
            f"straying {stray:.0%} from a circle")


def shape_name(element: Any, unit_px: float = 1.0, unit: str = "") -> str:
    """What a shape that is not a circle is, as a message says it (``a rectangle 4 × 4 mm``)."""
    if isinstance(element, se.Rect):
        sizes = " × ".join(f"{abs(v) / unit_px:.3g}" for v in (element.width, element.height))
        return f"a rectangle {sizes}{' ' + unit if unit else ''}"
    if isinstance(element, se.Polygon):
        return f"a polygon of {_count(len(element), 'corner')}"
    if isinstance(element, se.Polyline):
        return f"a polyline of {_count(max(len(element) - 1, 0), 'straight segment')} (a line, not a closed shape)"
    if isinstance(element, se.SimpleLine):
        return "a straight line"
    if isinstance(element, se.Path):
        found = round_path(element, unit_px, unit)
        return found if isinstance(found, str) else "a circle"
    return f"a <{type(element).__name__.lower()}>"
