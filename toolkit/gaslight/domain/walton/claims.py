"""The claim vocabulary of Walton cards: what a card can say, and how it is printed.

Each claim type is a small frozen dataclass. Its fields name mansion ids
(``suspect``, ``suspects``, ``room``, ``motive``, ``trace``, ``weapon``); its
``card_types`` say on which card types it may appear; its ``template`` renders
the display text when the designer wrote none; :meth:`Claim.asp` gives the
term the solver reasons about. The meaning of each type is written down on the
site's "Case logic reference" page (``site/walton/case-logic.md``) and encoded
in ``encoding.lp``.

>>> claim = InRoom(suspect="greg", room="library", location=Location("c.yaml"))
>>> claim.asp()
'in_room("greg","library")'
>>> claim.type
'in_room'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from gaslight.diagnostics import Location
from gaslight.domain.walton.mansion import possessive

CARD_TYPES = ("motive", "alibi", "means", "scheme", "opportunity")

# What each reference field names in the mansion.
FIELD_KINDS = {"suspect": "suspect", "suspects": "suspect", "room": "room", "motive": "motive",
               "trace": "trace", "weapon": "weapon"}


@dataclass(frozen=True)
class Claim:
    """Base of every claim type (subclasses add their fields and a ``location``)."""

    type: ClassVar[str] = ""
    card_types: ClassVar[tuple[str, ...]] = ()
    template: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    joiner: ClassVar[str] = " and "

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The claim's keys in the YAML (every field but ``location``)."""
        if cls not in _FIELD_NAMES:
            _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls) if f.name != "location")
        return _FIELD_NAMES[cls]

    def values(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.field_names()}

    def asp(self) -> str:
        """The ground term for the solver: ``type("arg", …)``; a suspect list becomes two items (a lone one twice)."""
        args: list[str] = []
        for name in self.field_names():
            value = getattr(self, name)
            if name == "suspects":
                args.extend(_quote(v) for v in (value[0], value[-1]))
            else:
                args.append(_quote(value))
        return f"{self.type}({','.join(args)})" if args else self.type

    def references(self) -> Iterator[tuple[str, str, str]]:
        """``(field, kind, id)`` for every mansion id this claim names (motives are checked with their suspect)."""
        for name in self.field_names():
            value = getattr(self, name)
            for item in value if isinstance(value, tuple) else (value,):
                yield name, FIELD_KINDS[name], item

    def subjects(self) -> tuple[str, ...]:
        """The suspects the claim is about."""
        values = self.values()
        if "suspects" in values:
            return tuple(values["suspects"])
        return (values["suspect"],) if "suspect" in values else ()


_FIELD_NAMES: dict[type[Claim], tuple[str, ...]] = {}


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True)
class MotiveTestimony(Claim):
    type: ClassVar[str] = "motive_testimony"
    card_types: ClassVar[tuple[str, ...]] = ("motive",)
    template: ClassVar[str] = "{suspect} had a reason to want Walton gone: {motive}."
    summary: ClassVar[str] = "A testimony that the suspect had this motive (counts towards the two testimonies)."
    suspect: str
    motive: str
    location: Location


@dataclass(frozen=True)
class MotiveClue(Claim):
    type: ClassVar[str] = "motive_clue"
    card_types: ClassVar[tuple[str, ...]] = ("motive",)
    template: ClassVar[str] = "A circumstantial clue points to {whose} motive: {motive}."
    summary: ClassVar[str] = "A circumstantial clue (the magnifying glass) for the motive."
    suspect: str
    motive: str
    location: Location


@dataclass(frozen=True)
class MotiveEliminated(Claim):
    type: ClassVar[str] = "motive_eliminated"
    card_types: ClassVar[tuple[str, ...]] = ("motive",)
    template: ClassVar[str] = "{whose} motive, {motive}, had nothing to do with the crime."
    summary: ClassVar[str] = ("The motive existed but led to nothing: "
                              "it is neither the murder motive nor the accomplice's.")
    suspect: str
    motive: str
    location: Location


@dataclass(frozen=True)
class InRoom(Claim):
    type: ClassVar[str] = "in_room"
    card_types: ClassVar[tuple[str, ...]] = ("alibi",)
    template: ClassVar[str] = "{suspect} {was} in the {room} when the crime began."
    summary: ClassVar[str] = "The suspect's start room is this room."
    suspect: str
    room: str
    location: Location


@dataclass(frozen=True)
class NotInRoom(Claim):
    type: ClassVar[str] = "not_in_room"
    card_types: ClassVar[tuple[str, ...]] = ("alibi",)
    template: ClassVar[str] = "{suspect} {was} not in the {room} when the crime began."
    summary: ClassVar[str] = "The suspect's start room is another room."
    suspect: str
    room: str
    location: Location


@dataclass(frozen=True)
class SeenInRoom(Claim):
    type: ClassVar[str] = "seen_in_room"
    card_types: ClassVar[tuple[str, ...]] = ("alibi",)
    template: ClassVar[str] = "{suspect} never left the {room} while the crime was done."
    summary: ClassVar[str] = "The suspect started in this room and stayed there: not the culprit."
    suspect: str
    room: str
    location: Location


@dataclass(frozen=True)
class Together(Claim):
    type: ClassVar[str] = "together"
    card_types: ClassVar[tuple[str, ...]] = ("alibi",)
    template: ClassVar[str] = "{suspects} were together the whole time the crime was done."
    summary: ClassVar[str] = "Both started in the same room and stayed: neither is the culprit."
    suspects: tuple[str, ...]
    location: Location


@dataclass(frozen=True)
class TraceFound(Claim):
    type: ClassVar[str] = "trace_found"
    card_types: ClassVar[tuple[str, ...]] = ("means",)
    template: ClassVar[str] = "The body shows this: {trace}."
    summary: ClassVar[str] = "The weapon leaves this trace."
    trace: str
    location: Location


@dataclass(frozen=True)
class TraceAbsent(Claim):
    type: ClassVar[str] = "trace_absent"
    card_types: ClassVar[tuple[str, ...]] = ("means",)
    template: ClassVar[str] = "No sign on the body of this: {trace}."
    summary: ClassVar[str] = "The weapon does not leave this trace."
    trace: str
    location: Location


@dataclass(frozen=True)
class WeaponNotUsed(Claim):
    type: ClassVar[str] = "weapon_not_used"
    card_types: ClassVar[tuple[str, ...]] = ("means",)
    template: ClassVar[str] = "The {weapon} was not the weapon."
    summary: ClassVar[str] = "This weapon is not the murder weapon."
    weapon: str
    location: Location


@dataclass(frozen=True)
class MayHavePassed(Claim):
    type: ClassVar[str] = "may_have_passed"
    card_types: ClassVar[tuple[str, ...]] = ("opportunity",)
    template: ClassVar[str] = "{suspects} may have passed through the {room}."
    joiner: ClassVar[str] = " or "
    summary: ClassVar[str] = ("If one of them is the culprit, his route passed the room; "
                              "if the weapon lay there, one of them is the culprit.")
    suspects: tuple[str, ...]
    room: str
    location: Location


@dataclass(frozen=True)
class RoomUndisturbed(Claim):
    type: ClassVar[str] = "room_undisturbed"
    card_types: ClassVar[tuple[str, ...]] = ("opportunity",)
    template: ClassVar[str] = "Nobody on the way to the crime passed through the {room}."
    summary: ClassVar[str] = "The culprit's route (start room included) does not touch this room."
    room: str
    location: Location


@dataclass(frozen=True)
class NotCulprit(Claim):
    type: ClassVar[str] = "not_culprit"
    card_types: ClassVar[tuple[str, ...]] = ("opportunity",)
    template: ClassVar[str] = "{suspect} could not have done it."
    summary: ClassVar[str] = "The suspect is not the culprit."
    suspect: str
    location: Location


@dataclass(frozen=True)
class Conspiring(Claim):
    type: ClassVar[str] = "conspiring"
    card_types: ClassVar[tuple[str, ...]] = ("scheme",)
    template: ClassVar[str] = "{suspect} {was} seen whispering and plotting."
    summary: ClassVar[str] = "A suspicion of conspiracy; by itself proves nothing (see the guarantees)."
    suspect: str
    location: Location


@dataclass(frozen=True)
class NotAccomplice(Claim):
    type: ClassVar[str] = "not_accomplice"
    card_types: ClassVar[tuple[str, ...]] = ("scheme",)
    template: ClassVar[str] = "{suspect} helped nobody that night."
    summary: ClassVar[str] = "The suspect is not the accomplice."
    suspect: str
    location: Location


@dataclass(frozen=True)
class ActedAlone(Claim):
    type: ClassVar[str] = "acted_alone"
    card_types: ClassVar[tuple[str, ...]] = ("scheme",)
    template: ClassVar[str] = "Whoever did it had no help."
    summary: ClassVar[str] = "There is no accomplice."
    location: Location


CLAIM_TYPES: dict[str, type[Claim]] = {
    cls.type: cls
    for cls in (MotiveTestimony, MotiveClue, MotiveEliminated, InRoom, NotInRoom, SeenInRoom, Together,
                TraceFound, TraceAbsent, WeaponNotUsed, MayHavePassed, RoomUndisturbed, NotCulprit,
                Conspiring, NotAccomplice, ActedAlone)
}


def build_claim(raw: dict[str, Any], location: Location) -> Claim:
    """A claim from a schema-valid mapping (``type`` plus the type's fields)."""
    cls = CLAIM_TYPES[raw["type"]]
    values: dict[str, Any] = {}
    for name in cls.field_names():
        value = raw[name]
        values[name] = tuple(value) if isinstance(value, list) else value
    return cls(location=location, **values)


def listed(words: Sequence[str], joiner: str) -> str:
    """``a``, ``a and b``, ``a, b or c`` ('' for none).

    >>> listed(["4"], " and "), listed(["4", "10"], " and "), listed(["15", "35", "45"], " or "), listed([], " or ")
    ('4', '4 and 10', '15, 35 or 45', '')
    """
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + joiner + words[-1]


def render_claim(claim: Claim, name_of: Callable[[str, str, str], str],
                 is_group: Callable[[str], bool] = lambda suspect: False) -> str:
    """A claim's sentence. ``name_of(kind, id, suspect)`` gives printed names (suspect: for motives);
    ``is_group(suspect)`` tells a group reference, whose verbs and possessive are plural.

    >>> names = lambda kind, ident, suspect: ident.title()
    >>> render_claim(Together(suspects=("ann", "bob"), location=Location("c.yaml")), names)
    'Ann and Bob were together the whole time the crime was done.'
    >>> render_claim(InRoom(suspect="twins", room="den", location=Location("c.yaml")), names, lambda s: True)
    'Twins were in the Den when the crime began.'
    """
    values = claim.values()
    suspect = values.get("suspect", "")
    group = bool(suspect) and is_group(suspect)
    shown: dict[str, str] = {"was": "were" if group else "was"}
    for name, value in values.items():
        if name == "suspects":
            shown[name] = listed([name_of("suspect", v, "") for v in value], claim.joiner)
        else:
            shown[name] = name_of(FIELD_KINDS[name], value, suspect)
    if suspect:
        shown["whose"] = possessive(shown["suspect"], group)
    sentence = claim.template.format(**shown)
    return sentence[:1].upper() + sentence[1:]
