"""The canonical board JSON for the browser engine, and conformance vectors it must replay.

Both are plain, JSON-ready dicts with a stable key and list order, so the same
board always gives the same bytes (``json.dumps(..., sort_keys=True)``).
Formats: ``gaslight-board/1`` and ``gaslight-vectors/1`` (see the team contract).

>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> from gaslight.domain.board.model import load_board
>>> doc, _ = parse_text('''kind: board
... id: tri
... title: Triangle
... unit: mm
... canvas: {width: 100, height: 100}
... circles: [{number: 1, at: [10, 10]}, {number: 2, at: [90, 10]}]
... crossings: [{id: k1, at: [50, 80]}]
... segments: [[1, 2], [2, k1], [k1, 1]]
... ''', "tri.yaml")
>>> data = board_json(load_board(doc, Report()))
>>> data["jack_steps"]["1"], data["alleys"], data["search"]
([{'to': 2, 'paths': [[], ['k1']]}], {'1': [2], '2': [1]}, {'k1': [1, 2]})
"""

from __future__ import annotations

import random
from typing import Any

from gaslight.domain.board.geometry import BoardAnalysis, analyse, district_members
from gaslight.domain.board.model import Board, as_written
from gaslight.domain.board.moves import jack_alley, jack_coach, jack_normal, police_moves, search_targets

BOARD_FORMAT = "gaslight-board/1"
VECTORS_FORMAT = "gaslight-vectors/1"
VECTOR_KINDS = ("jack_normal", "coach", "alley", "police_move", "search")


def _xy(point: tuple[float, float]) -> list[float]:
    return [float(point[0]), float(point[1])]


def board_source(board: Board) -> dict[str, Any]:
    """``board`` as its file holds it (what the board editor opens on the published site, where it cannot read
    the file): every key the checks read, so the page's checks find what ``gaslight check`` found.

    >>> from gaslight.yamlio import parse_text
    >>> from gaslight.diagnostics import Report
    >>> from gaslight.domain.board.model import load_board
    >>> doc, _ = parse_text('''kind: board
    ... id: tri
    ... title: Triangle
    ... unit: mm
    ... canvas: {width: 100.0, height: 100.0}
    ... tokens: {women: 1, patrols: 1}
    ... circles: [{number: 1, at: [10.0, 10.0], flags: [red]}, {number: 2, at: [90.0, 10.0]}]
    ... crossings: [{id: k1, at: [50.0, 80.0], flags: [yellow]}]
    ... segments: [[1, 2], {between: [2, k1], via: [[80.0, 50.0]]}, [k1, 1]]
    ... ''', "tri.yaml")
    >>> board_source(load_board(doc, Report())) == doc.data
    True
    """
    data: dict[str, Any] = {"kind": "board", "id": board.id, "title": as_written(board.title, board.written_title)}
    if board.description:
        data["description"] = as_written(board.description, board.written_description)
    data |= {"unit": board.unit, "canvas": {"width": board.width, "height": board.height}}
    if board.min_distance != min(board.width, board.height) / 100:
        data["min_distance"] = board.min_distance
    tokens = {k: v for k, v in (("women", board.women_tokens), ("patrols", board.patrol_tokens)) if v is not None}
    if tokens:
        data["tokens"] = tokens
    if board.poster_circle is not None:
        data["poster"] = {"circle": board.poster_circle}
    data["circles"] = [{"number": c.number, "at": _xy(c.at), **({"flags": ["red"]} if c.red else {})}
                       for c in board.circles]
    data["crossings"] = [{"id": c.id, "at": _xy(c.at), **({"flags": ["yellow"]} if c.yellow else {})}
                         for c in board.crossings]
    data["segments"] = [{"between": [s.a, s.b], "via": [_xy(p) for p in s.via]} if s.via else [s.a, s.b]
                        for s in board.segments]
    if board.places:
        data["places"] = [{"name": as_written(p.name, p.written_name), "crossing": p.crossing} for p in board.places]
    if board.districts:
        data["districts"] = [{"id": d.id, **({"name": as_written(d.name, d.written_name)} if d.name != d.id else {}),
                              "area": [_xy(p) for p in d.area]} for d in board.districts]
    if board.letters is not None:
        data["letters"] = board.letters.as_json()
    if board.blocks:
        data["blocks"] = [{"id": b.id, "boundary": list(b.boundary)} for b in board.blocks]
    if board.thin_blocks:
        data["thin_blocks"] = [list(b.boundary) for b in board.thin_blocks]
    return data


def _districts(board: Board) -> list[dict[str, Any]]:
    by_id = {d.id: d for d in board.districts}
    return [{"id": m.id, "name": by_id[m.id].name, "area": [_xy(p) for p in by_id[m.id].area],
             "crossings": list(m.crossings), "circles": list(m.circles)}
            for m in district_members(board)]


def board_json(board: Board) -> dict[str, Any]:
    """The ``gaslight-board/1`` export of ``board`` (node-map keys are strings)."""
    analysis = analyse(board)
    return {
        "format": BOARD_FORMAT,
        "id": board.id,
        "title": board.title,
        "unit": board.unit,
        "width": board.width,
        "height": board.height,
        "circles": [{"number": c.number, "x": c.at[0], "y": c.at[1], "red": c.red}
                    for c in sorted(board.circles, key=lambda c: c.number)],
        "crossings": [{"id": c.id, "x": c.at[0], "y": c.at[1], "yellow": c.yellow} for c in board.crossings],
        "segments": [{"a": s.a, "b": s.b, "points": [_xy(p) for p in board.segment_points(s)]}
                     for s in board.segments],
        "jack_steps": {str(c): [{"to": step.to, "paths": [list(p) for p in step.paths]}
                                for step in analysis.jack_steps[c]]
                       for c in sorted(analysis.circles)},
        "police_steps": {k: list(analysis.police_steps[k]) for k in analysis.crossings},
        "search": {k: list(analysis.search_targets[k]) for k in analysis.crossings},
        "blocks": [{"id": b.id, "circles": list(b.circles), "polygon": [_xy(p) for p in b.polygon]}
                   for b in analysis.blocks],
        "alleys": {str(c): list(analysis.alley_targets[c]) for c in sorted(analysis.circles)},
        "places": [{"name": p.name, "crossing": p.crossing} for p in board.places],
        "districts": _districts(board),
        **({"letters": board.letters.as_json()} if board.letters else {}),
    }


def _police_near(analysis: BoardAnalysis, rng: random.Random, circle: int) -> list[str]:
    """A few police pawns, most of them next to ``circle`` so that blocking actually happens."""
    close = sorted({k for step in analysis.jack_steps[circle] for path in step.paths for k in path},
                   key=analysis.crossing_order.__getitem__)
    chosen = rng.sample(close, rng.randint(0, len(close))) if close else []
    spare = [k for k in analysis.crossings if k not in chosen]
    chosen += rng.sample(spare, min(len(spare), rng.randint(0, 2)))
    return sorted(set(chosen), key=analysis.crossing_order.__getitem__)


def _vector(analysis: BoardAnalysis, rng: random.Random, kind: str) -> dict[str, Any]:
    order = analysis.crossing_order
    if kind in ("jack_normal", "coach", "alley"):
        start = rng.choice(analysis.circles)
        if kind == "alley":
            return {"kind": kind, "from": start, "expect": list(jack_alley(analysis, start))}
        police = _police_near(analysis, rng, start)
        move = jack_normal if kind == "jack_normal" else jack_coach
        return {"kind": kind, "from": start, "police": police, "expect": list(move(analysis, start, police))}
    crossing = rng.choice(analysis.crossings)
    if kind == "search":
        return {"kind": kind, "crossing": crossing, "expect": list(search_targets(analysis, crossing))}
    near = sorted({k for first in analysis.police_steps[crossing] for k in (first, *analysis.police_steps[first])}
                  - {crossing}, key=order.__getitem__)
    others = sorted(rng.sample(near, min(len(near), rng.randint(0, 4))), key=order.__getitem__)
    return {"kind": kind, "from": crossing, "others": others, "expect": list(police_moves(analysis, crossing, others))}


def conformance_vectors(board: Board, seed: int = 0, count: int = 100) -> dict[str, Any]:
    """``count`` positions with their legal move sets, cycling through the vector kinds (seeded)."""
    analysis = analyse(board)
    rng = random.Random(seed)
    vectors = [_vector(analysis, rng, VECTOR_KINDS[i % len(VECTOR_KINDS)]) for i in range(count)]
    return {"format": VECTORS_FORMAT, "board": board.id, "vectors": vectors}
