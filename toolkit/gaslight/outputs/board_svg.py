"""An SVG drawing of a board: blocks, dotted lines, crossings, numbered circles and check problems.

Pure and deterministic: the same board and problems give the same text.
Every piece of scenario text (title, place names, messages) is escaped.

>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.board.model import load_board
>>> doc, _ = parse_text('''kind: board
... id: tri
... title: <b>Tri</b>
... unit: mm
... canvas: {width: 100, height: 100}
... circles: [{number: 1, at: [10, 10], flags: [red]}, {number: 2, at: [90, 10]}]
... crossings: [{id: k1, at: [50, 80], flags: [yellow]}]
... segments: [[1, 2], [2, k1], [k1, 1]]
... ''', "tri.yaml")
>>> svg = board_svg(load_board(doc, Report()))
>>> svg.startswith('<svg') and '&lt;b&gt;Tri&lt;/b&gt;' in svg and '<b>' not in svg
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shapely.geometry import Polygon

from gaslight.diagnostics import Diagnostic, Severity
from gaslight.domain.board.geometry import Block, analyse, drawn_radius
from gaslight.domain.board.model import Board, Point
from gaslight.outputs.text import html_text

#: Block fills, cycled by block index (light, print-friendly).
BLOCK_FILLS = ("#ece6d6", "#e4ddca", "#efe9dc", "#e8e1cf")
RED = "#b3262d"
YELLOW = "#e5b700"
INK = "#1d1d1b"
PROBLEM = "#d81b60"
DISTRICT = "#8a7a5c"
STREET = "#5b5246"
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"

_STYLE = (
    "svg.gl-board text{font-family:'DejaVu Sans',Verdana,sans-serif;text-anchor:middle;dominant-baseline:central}"
    "svg.gl-board .seg{fill:none;stroke:#5b5246;stroke-linecap:round}"
    "svg.gl-board .place{font-style:italic;fill:#5b5246}"
)


@dataclass(frozen=True)
class SvgOptions:
    """What to draw. ``problems`` are diagnostics; those with a ``point`` are ringed on the map."""

    shade_blocks: bool = True
    show_places: bool = True
    show_districts: bool = True
    problems: tuple[Diagnostic, ...] = ()
    heat: tuple[tuple[int, float], ...] = ()  # (circle, 0..1): a halo whose strength shows a share
    heat_colour: str = "#c0392b"


def num(value: float) -> str:
    """A coordinate with at most two decimals, no trailing zeros.

    >>> num(3.0), num(2.345), num(-0.001)
    ('3', '2.35', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _polyline(points: Iterable[Point]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def _ring_path(ring: Sequence[Point]) -> str:
    head, *rest = ring
    return f"M{num(head[0])},{num(head[1])}" + "".join(f"L{num(x)},{num(y)}" for x, y in rest) + "Z"


def _layer(name: str, label: str, extra: str = "") -> str:
    """A group that opens as a named layer in Inkscape; ``gaslight import svg`` reads the layers by name."""
    return f'<g class="{name}" inkscape:groupmode="layer" inkscape:label="{label}"{extra}>'


@functools.lru_cache(maxsize=16)  # a balance page draws its board twice, for every variant and language
def _blocks(blocks: tuple[Block, ...], r: float) -> tuple[str, ...]:
    """Each block as a built-up area: its outline drawn in from the streets around it, so the streets show as
    lanes between the blocks (a block too thin to draw in keeps its outline)."""
    parts = [_layer("blocks", "Blocks (ignored on import)")]
    for i, block in enumerate(blocks):
        area = Polygon(block.polygon, [list(h) for h in block.holes]).buffer(-r * 0.45, join_style="mitre")
        rings = _rings(area) or [block.polygon, *block.holes]
        path = "".join(_ring_path(ring) for ring in rings)
        fill = BLOCK_FILLS[i % len(BLOCK_FILLS)]
        circles = ", ".join(str(c) for c in block.circles)
        parts.append(f'<path d="{path}" fill="{fill}" fill-rule="evenodd">'
                     f"<title>block {html_text(block.id)}: circles {circles}</title></path>")
    parts.append("</g>")
    return tuple(parts)


def _rings(area: object) -> list[Sequence[Point]]:
    """The outer and inner rings of a (multi)polygon, each without its closing point; [] when empty."""
    polygons = list(getattr(area, "geoms", [area]))
    rings: list[Sequence[Point]] = []
    for polygon in polygons:
        if polygon.is_empty:
            continue
        rings.append(list(polygon.exterior.coords)[:-1])
        rings.extend(list(hole.coords)[:-1] for hole in polygon.interiors)
    return rings


def _scale_bar(board: Board, r: float) -> list[str]:
    """A scale bar in the bottom-left corner: a round length in the board's unit, about a fifth of its width."""
    target = board.width / 5
    step = 10 ** math.floor(math.log10(target)) if target > 0 else 1
    length = max(m * step for m in (1, 2, 5) if m * step <= target) if target >= step else step
    x, y = 0.0, board.height + r * 1.6
    label = f"{num(length)} {board.unit}" + (" on the board" if board.unit != "mm" else "")
    return [_layer("scale", "Scale (ignored on import)", f' stroke="{INK}" stroke-width="{num(r * 0.12)}"'),
            f'<path d="M{num(x)},{num(y - r * 0.4)}V{num(y)}H{num(x + length)}V{num(y - r * 0.4)}" fill="none"/>',
            f'<text x="{num(x + length + r * 0.5)}" y="{num(y - r * 0.2)}" font-size="{num(r * 0.8)}" '
            f'text-anchor="start" stroke="none" fill="{INK}">{html_text(label)}</text>', "</g>"]


def _segments(board: Board, r: float) -> list[str]:
    width, dash = num(r * 0.22), f"{num(r * 0.05)} {num(r * 0.45)}"
    parts = [_layer("segments", "Streets", f' fill="none" stroke="{STREET}" stroke-width="{width}" '
                    f'stroke-dasharray="{dash}"')]
    parts += [f'<polyline class="seg" points="{_polyline(board.segment_points(s))}"/>' for s in board.segments]
    parts.append("</g>")
    return parts


def _crossings(board: Board, r: float) -> list[str]:
    side = r * 0.7
    parts = [_layer("crossings", "Crossings")]
    for crossing in board.crossings:
        x, y = crossing.at
        frame = f' stroke="{YELLOW}" stroke-width="{num(r * 0.3)}"' if crossing.yellow else ""
        label = f"crossing {html_text(crossing.id)}" + (" (yellow: patrol start)" if crossing.yellow else "")
        parts.append(f'<rect id="{html_text(crossing.id)}" x="{num(x - side / 2)}" y="{num(y - side / 2)}" '
                     f'width="{num(side)}" height="{num(side)}" fill="{INK}"{frame}><title>{label}</title></rect>')
    parts.append("</g>")
    return parts


def _circles(board: Board, r: float) -> list[str]:
    parts = [_layer("circles", "Circles", f' stroke-width="{num(r * 0.12)}"')]
    for circle in board.circles:
        x, y = circle.at
        fill, ink = (RED, "#ffffff") if circle.red else ("#ffffff", INK)
        digits = len(str(circle.number))
        size = r * (1.05 if digits <= 2 else 0.85 if digits == 3 else 0.68 if digits == 4 else 0.55)
        parts.append(
            f'<g><title>circle {circle.number}{" (red: women start)" if circle.red else ""}</title>'
            f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" stroke="{INK}"/>'
            f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{ink}" stroke="none">'
            f"{circle.number}</text></g>"
        )
    parts.append("</g>")
    return parts


def _places(board: Board, r: float) -> list[str]:
    parts = [_layer("places", "Places", f' font-size="{num(r * 0.9)}"')]
    for place in board.places:
        if board.has_node(place.crossing):
            x, y = board.node_position(place.crossing)
            room = board.width - x > len(place.name) * r * 0.55
            anchor, dx = ("start", r * 0.7) if room else ("end", -r * 0.7)
            parts.append(f'<text class="place" x="{num(x + dx)}" y="{num(y - r * 0.9)}" text-anchor="{anchor}" '
                         f'data-crossing="{html_text(place.crossing)}">{html_text(place.name)}</text>')
    parts.append("</g>")
    return parts


def _districts(board: Board, r: float) -> list[str]:
    if not board.districts:
        return []
    parts = [_layer("districts", "Districts", f' fill="none" stroke="{DISTRICT}" stroke-width="{num(r * 0.15)}" '
                    f'stroke-dasharray="{num(r * 0.6)} {num(r * 0.4)}"')]
    for district in board.districts:
        inner = Polygon(district.area).buffer(0).representative_point()
        x, y = inner.x, inner.y
        parts.append(f'<path id="{html_text(district.id)}" d="{_ring_path(district.area)}"/>'
                     f'<text class="district" x="{num(x)}" y="{num(y)}" font-size="{num(r * 1.3)}" '
                     f'fill="{DISTRICT}" stroke="none">{html_text(district.name)}</text>')
    parts.append("</g>")
    return parts


def _problems(problems: Sequence[Diagnostic], r: float) -> list[str]:
    marked = [p for p in problems if p.point is not None]
    if not marked:
        return []
    parts = [_layer("problems", "Problems (ignored on import)",
                    f' fill="none" stroke="{PROBLEM}" stroke-width="{num(r * 0.25)}"')]
    for i, problem in enumerate(marked, start=1):
        x, y = problem.point  # type: ignore[misc]
        dash = "" if problem.severity is Severity.ERROR else f' stroke-dasharray="{num(r * 0.4)} {num(r * 0.3)}"'
        parts.append(
            f'<g><title>{html_text(problem.severity.value)}: {html_text(problem.message)}</title>'
            f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r * 2)}"{dash}/>'
            f'<text x="{num(x + r * 2)}" y="{num(y - r * 2)}" font-size="{num(r * 1.2)}" fill="{PROBLEM}" '
            f'stroke="none">{i}</text></g>'
        )
    parts.append("</g>")
    return parts


def _heat(board: Board, heat: Sequence[tuple[int, float]], r: float, colour: str) -> list[str]:
    if not heat:
        return []
    parts = [_layer("heat", "Heat (ignored on import)", f' fill="{html_text(colour)}" stroke="none"')]
    for number, share in heat:
        if board.has_node(number) and share > 0:
            x, y = board.node_position(number)
            parts.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r * (1.2 + 1.4 * share))}" '
                         f'fill-opacity="{num(0.15 + 0.6 * share)}"/>')
    parts.append("</g>")
    return parts


def board_svg(board: Board, options: SvgOptions = SvgOptions()) -> str:
    """The board as one ``<svg>`` element (no blank lines, so it can sit inline in Markdown)."""
    r = drawn_radius(board)
    pad = r * 2.5
    view = f"{num(-pad)} {num(-pad)} {num(board.width + 2 * pad)} {num(board.height + 2 * pad)}"
    title = html_text(board.title)
    spacing = ("" if board.min_distance == min(board.width, board.height) / 100 else
               f' data-gaslight-min-distance="{num(board.min_distance)}"')  # the file's own, for import
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE}" class="gl-board" viewBox="{view}" '
        f'width="{num(board.width + 2 * pad)}{board.unit if board.unit == "mm" else ""}" '
        f'height="{num(board.height + 2 * pad)}{board.unit if board.unit == "mm" else ""}" '
        f'role="img" aria-label="{title}" data-gaslight-canvas="{num(board.width)} {num(board.height)}"{spacing}>',
        f"<title>{title}</title>",
        f"<style>{_STYLE}</style>",
        _layer("background", "Background (ignored on import)"),
        f'<rect x="{num(-pad)}" y="{num(-pad)}" width="{num(board.width + 2 * pad)}" '
        f'height="{num(board.height + 2 * pad)}" fill="#faf7f0"/></g>',
    ]
    if options.shade_blocks:
        parts += _blocks(tuple(analyse(board).blocks), r)
    if options.show_districts:
        parts += _districts(board, r)
    parts += _segments(board, r)
    parts += _heat(board, options.heat, r, options.heat_colour)
    parts += _crossings(board, r)
    parts += _circles(board, r)
    if options.show_places:
        parts += _places(board, r)
    parts += _scale_bar(board, r)
    parts += _problems(options.problems, r)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
