"""The mansion of a Walton case: rooms, one-way passages, suspects, weapons, sources.

>>> from gaslight.yamlio import parse_text
>>> doc, _ = parse_text(MINI_MANSION, "mini.yaml")
>>> house = load_mansion(doc, Report())
>>> house.start_rooms, house.crime_scene
(('hall', 'den'), 'study')
>>> house.routes("hall")
(('hall', 'study'),)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from gaslight.diagnostics import Location, Report
from gaslight.yamlio import Document

SOURCE_ROLES = ("police", "coroner", "servant", "housekeeper")
# Roles whose holders may name a conspirator (the "a servant always names the accomplice" guarantee).
SERVANT_ROLES = ("servant", "housekeeper")
# What a motive is to its suspect: a grievance against the victim, or something of his own the victim held over him.
MOTIVE_KINDS = ("grievance", "secret", "debt", "misdeed")
# A servant's work (the chauffeur does not serve at table): what the servant was doing when he saw what he tells.
DUTIES = ("table", "rooms", "grounds", "household")
# What the household (servants only) calls a victim by pronoun; nobody else says "the master".
HOUSEHOLD_WORDS = {"he": "the master", "she": "the mistress"}

MINI_MANSION = """\
kind: mansion
id: mini
title: Mini house
rooms:
  - {id: hall, name: Hall, flags: [start]}
  - {id: den, name: Den, flags: [start]}
  - {id: study, name: Study, flags: [crime-scene]}
passages: [[hall, study], [den, hall]]
suspects:
  - {id: ann, name: Ann, initials: A, motives: [{id: money, name: Money}, {id: love, name: Love},
                                                {id: fear, name: Fear}]}
  - {id: bob, name: Bob, initials: B, motives: [{id: money, name: Money}, {id: pride, name: Pride},
                                                {id: debt, name: Debt}]}
traces: [{id: cut, name: Cut}, {id: bruise, name: Bruise}, {id: soot, name: Soot}]
weapons:
  - {id: knife, name: Knife, room: hall, traces: [cut, soot]}
  - {id: club, name: Club, room: den, traces: [bruise, soot]}
sources: [{id: police, name: The police, role: police}, {id: maid, name: Maid, role: servant}]
"""


def in_sentence(name: str) -> str:
    """A printed name as it reads inside a sentence: a leading "The" is lower-cased.

    >>> in_sentence("The Berwick sisters"), in_sentence("Dr Pemberton")
    ('the Berwick sisters', 'Dr Pemberton')
    """
    return "the " + name[4:] if name.startswith("The ") else name


def lower_first(name: str) -> str:
    """A weapon, trace or motive name as it reads after "the" inside a sentence.

    >>> lower_first("Fire iron"), lower_first("")
    ('fire iron', '')
    """
    return name[:1].lower() + name[1:]


def possessive(name: str, group: bool) -> str:
    """``Greg Gaffney's``, ``the Berwick sisters'``.

    >>> possessive("Greg Gaffney", False), possessive("the Berwick sisters", True)
    ("Greg Gaffney's", "the Berwick sisters'")
    """
    return name + ("'" if group and name.endswith("s") else "'s")


@dataclass(frozen=True)
class Room:
    id: str
    name: str
    start: bool
    crime_scene: bool
    closed: bool
    location: Location


@dataclass(frozen=True)
class Motive:
    """One of a suspect's three motives; ``kind`` is what it is to him (see :data:`MOTIVE_KINDS`)."""

    id: str
    name: str
    location: Location
    kind: str = "grievance"


@dataclass(frozen=True)
class Suspect:
    """A suspect reference; ``persons`` lists the members of a group reference (the sisters)."""

    id: str
    name: str
    initials: str
    persons: tuple[str, ...]
    motives: tuple[Motive, ...]
    location: Location
    calls_victim: str = ""  # how this suspect speaks of the victim ("my husband"); '': the victim's name
    register_ja: str = ""  # how he talks on the Japanese cards: polite, plain or old ('': polite); see phrasing_ja

    def motive(self, motive_id: str) -> Motive | None:
        return next((m for m in self.motives if m.id == motive_id), None)

    @property
    def motive_ids(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.motives)


@dataclass(frozen=True)
class Trace:
    id: str
    name: str
    location: Location


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    room: str
    traces: tuple[str, str]
    location: Location


@dataclass(frozen=True)
class Victim:
    """The dead as the cards speak of him: ``name`` (what guests and the police say), ``pronoun``, and
    ``called``, an older declaration that everyone says one word ("the colonel") unless they declare their own.

    >>> lady = Victim("Lady Ashcombe", "she")
    >>> lady.who, lady.him, lady.his, lady.whose
    ('Lady Ashcombe', 'her', 'her', "Lady Ashcombe's")
    >>> Victim("The colonel").who  # inside a sentence
    'the colonel'
    >>> walton = Victim(pronoun="he", name="Mr Walton")
    >>> walton.called_by("suspect"), walton.called_by("servant"), walton.called_by("suspect", "my uncle")
    ('Mr Walton', 'the master', 'my uncle')
    >>> Victim(pronoun="she").called_by("servant"), Victim(pronoun="she").called_by("suspect")
    ('the mistress', 'our host')
    """

    called: str = ""
    pronoun: str = "he"
    name: str = ""

    def called_by(self, voice: str, own: str = "") -> str:
        """What a kind of speaker (``voice``: suspect, servant, police, coroner) calls the victim, as written
        (a leading "The" kept): the speaker's own word, else ``called``, else servants say "the master" or
        "the mistress" (by pronoun), the others the victim's name, else "our host" (guests) or "the deceased"."""
        if own or self.called:
            return own or self.called
        if voice == "servant" and self.pronoun in HOUSEHOLD_WORDS:
            return HOUSEHOLD_WORDS[self.pronoun]
        return self.name or ("our host" if voice in ("suspect", "servant") else "the deceased")

    @property
    def who(self) -> str:
        """The victim inside a sentence, as a guest says it."""
        return in_sentence(self.called_by("suspect"))

    @property
    def him(self) -> str:
        return {"he": "him", "she": "her"}.get(self.pronoun, "them")

    @property
    def his(self) -> str:
        return {"he": "his", "she": "her"}.get(self.pronoun, "their")

    @property
    def whose(self) -> str:
        return possessive(self.who, False)


@dataclass(frozen=True)
class Source:
    """Someone who never lies: police, coroner, a servant or the housekeeper."""

    id: str
    name: str
    role: str
    location: Location
    calls_victim: str = ""  # how this source speaks of the victim; '': as the role does (see Victim.called_by)
    duty: str = ""  # a servant's work (see DUTIES); '': none in particular (the housekeeper's: household)

    @property
    def work(self) -> str:
        """The duty the cards give this source: declared, else the housekeeper's household, else none."""
        return self.duty or ("household" if self.role == "housekeeper" else "")

    @property
    def names_conspirators(self) -> bool:
        return self.role in SERVANT_ROLES


@dataclass(frozen=True)
class Mansion:
    id: str
    title: str
    description: str
    rooms: tuple[Room, ...]
    passages: tuple[tuple[str, str], ...]
    suspects: tuple[Suspect, ...]
    traces: tuple[Trace, ...]
    weapons: tuple[Weapon, ...]
    sources: tuple[Source, ...]
    location: Location
    liars: str | None = None  # who may lie in its cases (see gaslight.domain.walton.liars); None: the default
    victim: Victim = Victim()
    language: str = ""  # the language its names were read in ('' : each text as written, or its first language)
    document: Document | None = field(default=None, compare=False, repr=False)  # to read it in another language

    def in_language(self, code: str) -> Mansion:
        """This mansion with every name in ``code`` (a name with no ``code`` text keeps its first one).

        >>> from gaslight.yamlio import parse_text
        >>> doc, _ = parse_text(MINI_MANSION.replace("name: Den,", "name: {en: Den, ja: 書斎},"), "m.yaml")
        >>> house = load_mansion(doc, Report())
        >>> house.room("den").name, house.in_language("ja").room("den").name, house.in_language("ja").language
        ('Den', '書斎', 'ja')
        """
        if self.document is None or code == self.language:
            return self
        kept = self._in_languages.get(code)
        if kept is None:  # read once: every page, sheet and export of a build asks for the same one
            kept = self._in_languages[code] = load_mansion(self.document, Report(), code) or self
        return kept

    def listed_first(self) -> tuple[str, str, str] | None:
        """(suspect, motive, weapon): the first of each the mansion lists, the answer a form filled in its order
        names without a thought; None when it lists no suspect with a motive, or no weapon.

        >>> from gaslight.yamlio import parse_text
        >>> load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report()).listed_first()
        ('ann', 'money', 'knife')
        """
        if not self.suspects or not self.suspects[0].motives or not self.weapons:
            return None
        return self.suspects[0].id, self.suspects[0].motives[0].id, self.weapons[0].id

    @cached_property
    def _in_languages(self) -> dict[str, Mansion]:
        return {}

    @cached_property
    def _rooms(self) -> dict[str, Room]:
        return {r.id: r for r in self.rooms}

    @cached_property
    def _suspects(self) -> dict[str, Suspect]:
        return {s.id: s for s in self.suspects}

    @cached_property
    def _weapons(self) -> dict[str, Weapon]:
        return {w.id: w for w in self.weapons}

    @cached_property
    def _traces(self) -> dict[str, Trace]:
        return {t.id: t for t in self.traces}

    @cached_property
    def _sources(self) -> dict[str, Source]:
        return {s.id: s for s in self.sources}

    def room(self, room_id: str) -> Room | None:
        return self._rooms.get(room_id)

    def suspect(self, suspect_id: str) -> Suspect | None:
        return self._suspects.get(suspect_id)

    def weapon(self, weapon_id: str) -> Weapon | None:
        return self._weapons.get(weapon_id)

    def trace(self, trace_id: str) -> Trace | None:
        return self._traces.get(trace_id)

    def source(self, source_id: str) -> Source | None:
        return self._sources.get(source_id)

    def speaker_name(self, speaker_id: str) -> str:
        """The printed name of a suspect or a source (the id when unknown)."""
        who = self.suspect(speaker_id) or self.source(speaker_id)
        return who.name if who else speaker_id

    def name_in_sentence(self, speaker_id: str) -> str:
        """:meth:`speaker_name` as it reads inside a sentence ("the Berwick sisters")."""
        return in_sentence(self.speaker_name(speaker_id))

    def victim_called_by(self, speaker_id: str, voice: str) -> str:
        """What ``speaker_id`` (of kind ``voice``) calls the victim, as written: see :meth:`Victim.called_by`."""
        who = self.suspect(speaker_id) or self.source(speaker_id)
        return self.victim.called_by(voice, who.calls_victim if who else "")

    def whose(self, suspect_id: str) -> str:
        """The possessive of a suspect's name inside a sentence: "Greg Gaffney's", "the Berwick sisters'"."""
        who = self.suspect(suspect_id)
        return possessive(self.name_in_sentence(suspect_id), bool(who and who.persons))

    @property
    def start_rooms(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.rooms if r.start)

    @property
    def crime_scene(self) -> str:
        return next(r.id for r in self.rooms if r.crime_scene)

    @cached_property
    def exits(self) -> dict[str, tuple[str, ...]]:
        """Rooms one passage away, for passages into enterable rooms only."""
        table: dict[str, list[str]] = {r.id: [] for r in self.rooms}
        for a, b in self.passages:
            room = self._rooms.get(b)
            if a in table and room is not None and not room.closed:
                table[a].append(b)
        return {k: tuple(v) for k, v in table.items()}

    def routes(self, start: str) -> tuple[tuple[str, ...], ...]:
        """Every simple path (no room twice) from ``start`` to the crime scene, in passage order."""
        goal = self.crime_scene
        found: list[tuple[str, ...]] = []

        def walk(path: tuple[str, ...]) -> None:
            here = path[-1]
            if here == goal:
                found.append(path)
                return
            for nxt in self.exits.get(here, ()):
                if nxt not in path:
                    walk((*path, nxt))

        walk((start,))
        return tuple(found)


def _flags(raw: Mapping[str, Any]) -> set[str]:
    return set(raw.get("flags", ()))


def _unique(doc: Document, report: Report, items: list[Any], section: tuple[str | int, ...], what: str) -> set[str]:
    """Report repeated ids in a list of mappings; return the ids seen."""
    seen: dict[str, int] = {}
    for i, raw in enumerate(items):
        if raw["id"] in seen:
            report.error(doc.loc((*section, i, "id")),
                         f"{what} id '{raw['id']}' is already used by {section[-1]}[{seen[raw['id']]}]",
                         fix=f"give every {what} its own id")
        else:
            seen[raw["id"]] = i
    return set(seen)


def _load_rooms(doc: Document, report: Report) -> tuple[Room, ...]:
    data = doc.data["rooms"]
    _unique(doc, report, data, ("rooms",), "room")
    rooms = tuple(
        Room(raw["id"], raw["name"], "start" in _flags(raw), "crime-scene" in _flags(raw), "closed" in _flags(raw),
             doc.loc(("rooms", i)))
        for i, raw in enumerate(data)
    )
    scenes = [i for i, r in enumerate(rooms) if r.crime_scene]
    if len(scenes) != 1:
        where = doc.loc(("rooms", scenes[1], "flags")) if scenes else doc.loc(("rooms",))
        report.error(where, f"a mansion needs exactly one crime scene, found {len(scenes)}",
                     fix="flag exactly one room 'crime-scene'")
    if not any(r.start for r in rooms):
        report.error(doc.loc(("rooms",)), "no room is flagged 'start'", fix="flag the rooms suspects may start in")
    for i, room in enumerate(rooms):
        if room.closed and (room.start or room.crime_scene):
            report.error(doc.loc(("rooms", i, "flags")), f"room '{room.id}' is closed, so it cannot be a start room "
                         "or the crime scene", fix="remove 'closed' or the other flag")
        if room.start and room.crime_scene:
            report.error(doc.loc(("rooms", i, "flags")),
                         f"room '{room.id}' cannot be both a start room and the crime scene",
                         fix="suspects start elsewhere; remove one flag")
    return rooms


def _load_passages(doc: Document, report: Report, rooms: dict[str, Room]) -> tuple[tuple[str, str], ...]:
    passages: list[tuple[str, str]] = []
    for i, (a, b) in enumerate(doc.data["passages"]):
        ok = True
        for j, ref in enumerate((a, b)):
            if ref not in rooms:
                report.error(doc.loc(("passages", i, j)), f"room '{ref}' does not exist",
                             fix=_choices(ref, list(rooms)))
                ok = False
        if not ok:
            continue
        if a == b:
            report.error(doc.loc(("passages", i)), f"passage from '{a}' to itself", fix="join two different rooms")
        elif rooms[b].closed:
            report.error(doc.loc(("passages", i, 1)), f"room '{b}' is closed, so no passage can lead into it",
                         fix="remove this passage or the room's 'closed' flag")
        elif (a, b) in passages:
            report.error(doc.loc(("passages", i)), f"passage {a} → {b} is written twice", fix="remove one of them")
        else:
            passages.append((a, b))
    return tuple(passages)


def _choices(word: str, choices: list[str]) -> str:
    from gaslight.schema import suggest

    return suggest(word, choices) or "name one that is defined"


def _load_weapons(doc: Document, report: Report, rooms: dict[str, Room], traces: set[str]) -> tuple[Weapon, ...]:
    data = doc.data["weapons"]
    _unique(doc, report, data, ("weapons",), "weapon")
    weapons: list[Weapon] = []
    pairs: dict[frozenset[str], str] = {}
    for i, raw in enumerate(data):
        ok = True
        if raw["room"] not in rooms:
            report.error(doc.loc(("weapons", i, "room")), f"room '{raw['room']}' does not exist",
                         fix=_choices(raw["room"], list(rooms)))
            ok = False
        elif rooms[raw["room"]].closed:
            report.error(doc.loc(("weapons", i, "room")),
                         f"room '{raw['room']}' is closed, so no one could take a weapon there",
                         fix="put the weapon in a room that can be entered")
        for j, trace in enumerate(raw["traces"]):
            if trace not in traces:
                report.error(doc.loc(("weapons", i, "traces", j)), f"trace '{trace}' does not exist",
                             fix=_choices(trace, sorted(traces)))
                ok = False
        pair = frozenset(raw["traces"])
        if pair in pairs:
            report.warning(doc.loc(("weapons", i, "traces")),
                           f"weapon '{raw['id']}' leaves the same traces as '{pairs[pair]}', "
                           "so no trace can tell them apart",
                           fix="give each weapon its own pair of traces")
        pairs.setdefault(pair, raw["id"])
        if ok:
            weapons.append(Weapon(raw["id"], raw["name"], raw["room"], (raw["traces"][0], raw["traces"][1]),
                                  doc.loc(("weapons", i))))
    return tuple(weapons)


def _load_suspects(doc: Document, report: Report) -> tuple[Suspect, ...]:
    data = doc.data["suspects"]
    _unique(doc, report, data, ("suspects",), "suspect")
    suspects = []
    for i, raw in enumerate(data):
        _unique(doc, report, raw["motives"], ("suspects", i, "motives"), "motive")
        motives = tuple(Motive(m["id"], m["name"], doc.loc(("suspects", i, "motives", j)), m.get("kind", "grievance"))
                        for j, m in enumerate(raw["motives"]))
        suspects.append(Suspect(raw["id"], raw["name"], raw["initials"], tuple(raw.get("persons", ())), motives,
                                doc.loc(("suspects", i)), raw.get("calls_victim", ""), raw.get("register_ja", "")))
        _check_guest_word(doc, report, ("suspects", i), raw.get("calls_victim", ""), f"suspect '{raw['id']}'")
    return tuple(suspects)


def _check_guest_word(doc: Document, report: Report, path: tuple[str | int, ...], word: str, who: str) -> None:
    """Warn when someone outside the household calls the victim as only servants do."""
    if in_sentence(word).lower() in HOUSEHOLD_WORDS.values():
        report.warning(doc.loc((*path, "calls_victim")), f"{who} calls the victim '{word}', which only the "
                       "household says", fix="write the victim's name or what this person would call him or her")


def _load_sources(doc: Document, report: Report) -> tuple[Source, ...]:
    data = doc.data["sources"]
    _unique(doc, report, data, ("sources",), "source")
    for i, raw in enumerate(data):
        if "duty" in raw and raw["role"] not in SERVANT_ROLES:
            report.error(doc.loc(("sources", i, "duty")), f"source '{raw['id']}' is the {raw['role']}, and only "
                         "servants and the housekeeper have a duty in the house",
                         fix="remove 'duty', or make the role servant or housekeeper")
        if raw["role"] not in SERVANT_ROLES:
            _check_guest_word(doc, report, ("sources", i), raw.get("calls_victim", ""), f"source '{raw['id']}'")
    return tuple(Source(s["id"], s["name"], s["role"], doc.loc(("sources", i)), s.get("calls_victim", ""),
                        s.get("duty", "")) for i, s in enumerate(data))


def localized(data: Any, language: str | None) -> Any:
    """A mansion file's data with each name in ``language`` (None: each map's first language); see
    :mod:`gaslight.languages`. The persons of a group are texts too.

    >>> localized({"suspects": [{"name": {"en": "The sisters", "ja": "姉妹"}, "persons": [{"en": "Edith",
    ...     "ja": "イーディス"}, "Mabel"]}]}, "ja")
    {'suspects': [{'name': '姉妹', 'persons': ['イーディス', 'Mabel']}]}
    """
    from gaslight.languages import localize, pick

    data = localize(data, language, "mansion")
    if isinstance(data, dict) and isinstance(data.get("suspects"), list):
        data["suspects"] = [{**raw, "persons": [pick(p, language) for p in raw["persons"]]}
                            if isinstance(raw, dict) and isinstance(raw.get("persons"), list) else raw
                            for raw in data["suspects"]]
    return data


def load_mansion(doc: Document, report: Report, language: str | None = None) -> Mansion | None:
    """Build a :class:`Mansion` from a schema-valid document, reporting bad references; its names in ``language``
    (None: each name as written, or its first language)."""
    before = len(report.errors)
    original, doc = doc, replace(doc, data=localized(doc.data, language))
    data = doc.data
    rooms = _load_rooms(doc, report)
    by_id = {r.id: r for r in rooms}
    passages = _load_passages(doc, report, by_id)
    suspects = _load_suspects(doc, report)
    trace_ids = _unique(doc, report, data["traces"], ("traces",), "trace")
    traces = tuple(Trace(t["id"], t["name"], doc.loc(("traces", i))) for i, t in enumerate(data["traces"]))
    weapons = _load_weapons(doc, report, by_id, trace_ids)
    sources = _load_sources(doc, report)
    clash = {s.id for s in suspects} & ({s.id for s in sources} | set(by_id))
    for i, raw in enumerate(data["suspects"]):
        if raw["id"] in clash:
            report.error(doc.loc(("suspects", i, "id")), f"id '{raw['id']}' names both a suspect and a room or source",
                         fix="cards name speakers and references by id, so keep suspect ids apart")
    if len(report.errors) > before:
        return None
    mansion = Mansion(data["id"], data["title"], data.get("description", ""), rooms, passages, suspects, traces,
                      weapons, sources, doc.loc(()), data.get("liars"), Victim(**data.get("victim", {})),
                      language or "", original)
    _check_routes(mansion, doc, report)
    return mansion


def _check_routes(mansion: Mansion, doc: Document, report: Report) -> None:
    """Warn about start rooms with no way to the crime scene and weapons no route passes."""
    usable: set[str] = set()
    for i, room in enumerate(mansion.rooms):
        if not room.start:
            continue
        routes = mansion.routes(room.id)
        if not routes:
            report.warning(doc.loc(("rooms", i)), f"no passage route leads from '{room.id}' to the crime scene, "
                           "so nobody who started there can be the culprit", fix="add a passage out of this room")
        for route in routes:
            usable.update(route)
    for i, weapon in enumerate(mansion.weapons):
        if weapon.room not in usable:
            report.warning(doc.loc(("weapons", i, "room")), f"no route from a start room to the crime scene passes "
                           f"'{weapon.room}', so the {lower_first(weapon.name)} can never be the weapon",
                           fix="add passages through this room or move the weapon")


def check_project(project: Any, report: Report) -> None:
    """Mansions are self-contained (their checks run in :func:`load_mansion`) but for a name missing one of the
    project's languages (a warning at its line)."""
    from gaslight.languages import check_project_translations

    check_project_translations(project, report, "mansion")
