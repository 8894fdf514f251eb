"""The board model: circles, crossings, dotted lines, places, districts, blocks.

>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> doc, _ = parse_text('''kind: board
... id: mini
... title: Mini
... unit: mm
... canvas: {width: 100, height: 100}
... circles: [{number: 1, at: [10, 10], flags: [red]}, {number: 2, at: [50, 10]}]
... crossings: [{id: k1, at: [30, 10]}]
... segments: [[1, k1], [k1, 2]]
... ''', "mini.yaml")
>>> board = load_board(doc, Report())
>>> board.circle(1).red, board.node_position("k1")
(True, (30.0, 10.0))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from gaslight.diagnostics import Location, Report
from gaslight.languages import Written, localize, written_as
from gaslight.yamlio import Document

NodeRef = int | str  # a circle's printed number or a crossing's id
Point = tuple[float, float]


@dataclass(frozen=True)
class Circle:
    number: int
    at: Point
    red: bool
    location: Location


@dataclass(frozen=True)
class Crossing:
    id: str
    at: Point
    yellow: bool
    location: Location


@dataclass(frozen=True)
class Segment:
    a: NodeRef
    b: NodeRef
    via: tuple[Point, ...]
    location: Location

    @property
    def label(self) -> str:
        return f"{self.a}–{self.b}"


@dataclass(frozen=True)
class Place:
    name: str
    crossing: str
    location: Location
    written_name: Written = ()  # the name as written per language ((language, text), …), when it is a map


@dataclass(frozen=True)
class District:
    id: str
    name: str
    area: tuple[Point, ...]
    location: Location
    written_name: Written = ()


LETTER_KEYS = ("first", "second", "third")


@dataclass(frozen=True)
class Letters:
    """Which districts letters one to three pick patrol tokens in, and the pawn letter's place.

    An empty tuple (or ``pawn=None``) leaves that letter free: any district, any place.
    """

    first: tuple[str, ...] = ()
    second: tuple[str, ...] = ()
    third: tuple[str, ...] = ()
    pawn: str | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {key: list(getattr(self, key)) for key in LETTER_KEYS if getattr(self, key)}
        if self.pawn is not None:
            out["pawn"] = self.pawn
        return out


@dataclass(frozen=True)
class DeclaredBlock:
    id: str
    boundary: tuple[NodeRef, ...]
    location: Location


@dataclass(frozen=True)
class Board:
    id: str
    title: str
    description: str
    unit: str
    width: float
    height: float
    min_distance: float
    circles: tuple[Circle, ...]
    crossings: tuple[Crossing, ...]
    segments: tuple[Segment, ...]
    places: tuple[Place, ...]
    districts: tuple[District, ...]
    blocks: tuple[DeclaredBlock, ...]
    location: Location
    key_locations: tuple[tuple[str, Location], ...] = ()
    women_tokens: int | None = None
    patrol_tokens: int | None = None
    letters: Letters | None = None
    thin_blocks: tuple[DeclaredBlock, ...] = ()  # blocks with fewer than two circles the designer means (a park)
    poster_circle: float | None = None  # a circle's printed diameter on the poster, in mm (None: the default)
    written_title: Written = ()  # the title and description as written per language, when they are maps
    written_description: Written = ()

    def part(self, key: str) -> Location:
        """Where the top-level key ``key`` is written (falls back to the board's own location)."""
        return next((loc for name, loc in self.key_locations if name == key), self.location.at(key))

    @cached_property
    def _circles(self) -> dict[int, Circle]:
        return {c.number: c for c in self.circles}

    @cached_property
    def _crossings(self) -> dict[str, Crossing]:
        return {c.id: c for c in self.crossings}

    def circle(self, number: int) -> Circle:
        return self._circles[number]

    def crossing(self, crossing_id: str) -> Crossing:
        return self._crossings[crossing_id]

    def has_node(self, ref: NodeRef) -> bool:
        return ref in self._circles if isinstance(ref, int) else ref in self._crossings

    def node_position(self, ref: NodeRef) -> Point:
        return self._circles[ref].at if isinstance(ref, int) else self._crossings[ref].at

    def segment_points(self, segment: Segment) -> tuple[Point, ...]:
        """The polyline of a segment: first node, bends, last node."""
        return (self.node_position(segment.a), *segment.via, self.node_position(segment.b))

    @property
    def red_circles(self) -> tuple[int, ...]:
        return tuple(c.number for c in self.circles if c.red)

    @property
    def yellow_crossings(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.crossings if c.yellow)


def _point(raw: list[Any]) -> Point:
    return (float(raw[0]), float(raw[1]))


def load_board(doc: Document, report: Report, language: str | None = None) -> Board | None:
    """Build a :class:`Board` from a schema-valid document; report bad references and duplicates.

    Its title, description and the names of its places and districts are read in ``language`` (None: each
    text's first language; see :mod:`gaslight.languages`).
    """
    written = doc.data
    doc = replace(doc, data=localize(written, language, "board"))
    data = doc.data
    width, height = float(data["canvas"]["width"]), float(data["canvas"]["height"])
    circles: list[Circle] = []
    seen_numbers: dict[int, int] = {}
    for i, raw in enumerate(data["circles"]):
        number = raw["number"]
        loc = doc.loc(("circles", i))
        if number in seen_numbers:
            report.error(doc.loc(("circles", i, "number")),
                         f"circle number {number} is already used by circles[{seen_numbers[number]}]",
                         fix="give every circle its own printed number")
            continue
        seen_numbers[number] = i
        circles.append(Circle(number, _point(raw["at"]), "red" in raw.get("flags", ()), loc))
    crossings: list[Crossing] = []
    seen_ids: dict[str, int] = {}
    for i, raw in enumerate(data["crossings"]):
        cid = raw["id"]
        if cid in seen_ids:
            report.error(doc.loc(("crossings", i, "id")),
                         f"crossing id '{cid}' is already used by crossings[{seen_ids[cid]}]",
                         fix="give every crossing its own id")
            continue
        seen_ids[cid] = i
        crossings.append(Crossing(cid, _point(raw["at"]), "yellow" in raw.get("flags", ()), doc.loc(("crossings", i))))
    for group in ("circles", "crossings"):
        for i, raw in enumerate(data[group]):
            x, y = raw["at"]
            if not (0 <= x <= width and 0 <= y <= height):
                report.error(doc.loc((group, i, "at")),
                             f"position [{x}, {y}] lies outside the {width:g} × {height:g} canvas",
                             fix="move it inside the canvas or enlarge 'canvas'")

    def known(ref: NodeRef) -> bool:
        return ref in seen_numbers if isinstance(ref, int) else ref in seen_ids

    def check_ref(ref: NodeRef, path: tuple[str | int, ...]) -> bool:
        if known(ref):
            return True
        if isinstance(ref, str) and ref.isascii() and ref.isdigit() and int(ref) in seen_numbers:  # not '²1'
            report.error(doc.loc(path), f"'{ref}' is quoted, so it names a crossing, and there is no crossing '{ref}'",
                         fix=f"write circle {int(ref)} as a number, without quotes")
            return False
        what = f"circle {ref}" if isinstance(ref, int) else f"crossing '{ref}'"
        report.error(doc.loc(path), f"{what} does not exist",
                     fix="name a circle by its number or a crossing by its id")
        return False

    segments: list[Segment] = []
    for i, raw in enumerate(data["segments"]):
        if isinstance(raw, list):
            ends, via, ends_path = raw, [], ("segments", i)
        else:
            ends, via, ends_path = raw["between"], raw.get("via", []), ("segments", i, "between")
        ok = all([check_ref(ref, (*ends_path, j)) for j, ref in enumerate(ends)])
        if ok:
            segments.append(Segment(ends[0], ends[1], tuple(_point(p) for p in via), doc.loc(("segments", i))))
    places = []
    for i, raw in enumerate(data.get("places", [])):
        if check_ref(raw["crossing"], ("places", i, "crossing")):
            places.append(Place(raw["name"], raw["crossing"], doc.loc(("places", i)),
                                written_as(written["places"][i]["name"])))
    districts = tuple(
        District(raw["id"], raw.get("name", raw["id"]), tuple(_point(p) for p in raw["area"]),
                 doc.loc(("districts", i)), written_as(written["districts"][i].get("name")))
        for i, raw in enumerate(data.get("districts", []))
    )
    letters = _load_letters(doc, report, districts, places, _names_by_text(written))
    blocks = []
    for i, raw in enumerate(data.get("blocks", [])):
        if all([check_ref(ref, ("blocks", i, "boundary", j)) for j, ref in enumerate(raw["boundary"])]):
            blocks.append(DeclaredBlock(raw["id"], tuple(raw["boundary"]), doc.loc(("blocks", i))))
    thin_blocks = tuple(
        DeclaredBlock(f"thin_blocks[{i}]", tuple(raw), doc.loc(("thin_blocks", i)))
        for i, raw in enumerate(data.get("thin_blocks", []))
        if all([check_ref(ref, ("thin_blocks", i, j)) for j, ref in enumerate(raw)])
    )
    min_distance = float(data.get("min_distance", min(width, height) / 100))
    return Board(
        id=data["id"], title=data["title"], description=data.get("description", ""), unit=data["unit"],
        width=width, height=height, min_distance=min_distance,
        circles=tuple(circles), crossings=tuple(crossings), segments=tuple(segments),
        places=tuple(places), districts=districts, blocks=tuple(blocks), location=doc.loc(()),
        key_locations=tuple((key, doc.key_loc((key,))) for key in data),
        women_tokens=data.get("tokens", {}).get("women"),
        patrol_tokens=data.get("tokens", {}).get("patrols"),
        letters=letters, written_title=written_as(written.get("title")),
        written_description=written_as(written.get("description")),
        thin_blocks=thin_blocks,
        poster_circle=float(data["poster"]["circle"]) if "circle" in data.get("poster", {}) else None,
    )


def as_written(text: str, written: Written) -> Any:
    """A text as its file holds it: the map of languages it was written as, else the text.

    >>> as_written("Quay", ()), as_written("Quay", (("en", "Quay"), ("ja", "埠頭")))
    ('Quay', {'en': 'Quay', 'ja': '埠頭'})
    """
    return dict(written) if written else text


def _names_by_text(written: Any) -> dict[str, int]:
    """Every written name of a place, in any language, to the place's index: the pawn letter may name it in any."""
    found: dict[str, int] = {}
    for i, raw in enumerate(written.get("places", []) if isinstance(written, dict) else ()):
        name = raw.get("name") if isinstance(raw, dict) else None
        for text in (name.values() if isinstance(name, dict) else (name,)):
            if isinstance(text, str):
                found.setdefault(text, i)
    return found


def _load_letters(doc: Document, report: Report, districts: tuple[District, ...],
                  places: list[Place], names: dict[str, int]) -> Letters | None:
    """The board's ``letters:``, with every district id and the place checked against the board."""
    raw = doc.data.get("letters")
    if raw is None:
        return None
    ids = [d.id for d in districts]
    chosen: dict[str, tuple[str, ...]] = {}
    for key in LETTER_KEYS:
        for j, district in enumerate(raw.get(key, [])):
            if district not in ids:
                known = ", ".join(ids) if ids else "none: add 'districts' to the board"
                report.error(doc.loc(("letters", key, j)), f"district '{district}' does not exist",
                             fix=f"name one of the board's districts ({known})")
        chosen[key] = tuple(d for d in raw.get(key, []) if d in ids)
    pawn = raw.get("pawn")
    if pawn in names:  # perhaps named in another language: the place's name in this one
        pawn = doc.data["places"][names[pawn]]["name"]
    if pawn is not None and pawn not in [p.name for p in places]:
        names = ", ".join(p.name for p in places) if places else "none: add 'places' to the board"
        report.error(doc.loc(("letters", "pawn")), f"place '{pawn}' does not exist",
                     fix=f"name one of the board's places ({names})")
        pawn = None
    return Letters(chosen["first"], chosen["second"], chosen["third"], pawn)
