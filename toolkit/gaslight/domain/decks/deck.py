"""Decks as data: suits, card types with typed fields, cards with copies, composition rules.

The loader turns a schema-valid ``kind: deck`` document into a frozen
:class:`Deck` and reports bad references (unknown type, suit or field, a field
of the wrong type, a missing required value). :func:`composition_problems`
counts a deck against its composition rules (:mod:`gaslight.domain.decks.checks`
runs it for the project, with the checks against the game's ruleset).

>>> from gaslight.yamlio import parse_text
>>> doc, _ = parse_text('''kind: deck
... id: tiny
... title: Tiny
... game: other
... suits: [{id: red, name: Red}]
... types: [{id: number, name: Number, requires: [suit, value]}]
... cards: [{id: r1, type: number, name: One, suit: red, value: 1, copies: 2}]
... composition: {total: 3}
... ''', "tiny.yaml")
>>> report = Report()
>>> deck = load_deck(doc, report)
>>> deck.size, [c.id for c in deck.expanded()]
(2, ['r1', 'r1'])
>>> [d.message for d in composition_problems(deck)]
['deck tiny: the deck has 2 cards, composition requires 3']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from gaslight.diagnostics import Location, Report
from gaslight.domain.decks.art import Art, load_art
from gaslight.domain.decks.looks import DECK_BACK, Back, load_backs, load_icons, unknown_back
from gaslight.domain.decks.print_spec import PrintSpec, print_problems
from gaslight.domain.decks.table import TableDocument, read_table, table_options
from gaslight.languages import localize
from gaslight.schema import invalid_paths
from gaslight.yamlio import Document, YamlPath

FieldValue = int | float | str | bool

FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "integer": (int,),
    "number": (int, float),
    "text": (str,),
    "boolean": (bool,),
    "suit": (str,),
}

_FIELD_WORDS = {"integer": "a whole number", "number": "a number", "text": "text",
                "boolean": "true or false", "suit": "a suit id"}


@dataclass(frozen=True)
class Suit:
    """A suit, colour, suspect or set; ``rank`` breaks ties (lower wins)."""

    id: str
    name: str
    colour: str
    rank: int | None
    group: str
    text: str
    location: Location
    art: Art | None = None


@dataclass(frozen=True)
class FieldSpec:
    """One typed field a card type declares."""

    name: str
    type: str
    label: str
    required: bool
    description: str


@dataclass(frozen=True)
class CardType:
    id: str
    name: str
    group: str
    colour: str
    requires: frozenset[str]
    value_label: str
    value_parameter: str | None
    template: str
    fields: tuple[FieldSpec, ...]
    show: tuple[str, ...]
    location: Location
    back: str = DECK_BACK  # the id of its cards' back

    def field(self, name: str) -> FieldSpec | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True)
class Card:
    """One distinct card; the deck holds ``copies`` of it."""

    id: str
    type: str
    name: str
    suit: str | None
    value: int | None
    playtest: bool
    copies: int
    text: str
    flavour: str
    fields: tuple[tuple[str, FieldValue], ...]
    location: Location
    art: Art | None = None
    value_mark: str = ""  # a value that is not a whole number, printed as written ("?", "X", "1/2"); value is None
    colour: str = ""  # its own band colour (else its suit's, else its type's)
    back: str | None = None  # the id of its own back (else its type's)
    text_location: Location | None = None  # where its text is written (a table's cell), for warnings about it

    @property
    def shown_value(self) -> str | None:
        """The value as printed in the corner: the number, or the mark (None: no value).

        >>> Card("c", "t", "C", None, None, False, 1, "", "", (), Location("d", 1, 1), value_mark="?").shown_value
        '?'
        """
        return str(self.value) if self.value is not None else (self.value_mark or None)

    def get(self, name: str, default: FieldValue | None = None) -> FieldValue | None:
        """A field's value. ``Card(...).get("rank")``."""
        return dict(self.fields).get(name, default)


@dataclass(frozen=True)
class Component:
    """A piece that is not a card (a die, a marker)."""

    id: str
    name: str
    kind: str
    faces: int | None
    colour: str
    copies: int
    description: str
    location: Location


@dataclass(frozen=True)
class CompositionRule:
    """Select cards (group/type/suit), then require a count, a multiset of values and/or a sum."""

    group: str | None
    type: str | None
    suit: str | None
    count: int | None
    values: tuple[int | None, ...] | None
    sum: int | None
    location: Location
    parameters: tuple[tuple[str, str], ...] = ()  # ("count" | "values" | "sum", ruleset parameter name)

    def selects(self, card: Card, card_type: CardType) -> bool:
        return ((self.group is None or card_type.group == self.group)
                and (self.type is None or card.type == self.type)
                and (self.suit is None or card.suit == self.suit))

    @property
    def subject(self) -> str:
        """``type 'evidence', suit 'crimson'`` — what the rule counts, for messages."""
        parts = [f"group '{self.group}'"] if self.group else []
        parts += [f"type '{self.type}'"] if self.type else []
        parts += [f"suit '{self.suit}'"] if self.suit else []
        return ", ".join(parts) or "the deck"


@dataclass(frozen=True)
class Deck:
    id: str
    title: str
    game: str
    summary: str
    playtest: str
    back: Back
    suits: tuple[Suit, ...]
    types: tuple[CardType, ...]
    cards: tuple[Card, ...]
    components: tuple[Component, ...]
    total: int | None
    rules: tuple[CompositionRule, ...]
    location: Location
    total_location: Location
    ruleset: str | None = None  # the ruleset it is played with (its parameters are checked; its section shows it)
    ruleset_location: Location | None = None
    print_spec: PrintSpec = field(default_factory=PrintSpec)
    backs: Mapping[str, Back] = field(default_factory=dict)  # by id, the deck's own ("deck") first
    icons: Mapping[str, Art] = field(default_factory=dict)  # by name: ":name:" in card text draws it

    @cached_property
    def _types(self) -> dict[str, CardType]:
        return {t.id: t for t in self.types}

    @cached_property
    def _suits(self) -> dict[str, Suit]:
        return {s.id: s for s in self.suits}

    def type_of(self, card: Card) -> CardType:
        return self._types[card.type]

    def card_type(self, type_id: str) -> CardType:
        return self._types[type_id]

    def suit(self, suit_id: str) -> Suit:
        return self._suits[suit_id]

    @property
    def size(self) -> int:
        """Cards in the deck, copies included."""
        return sum(card.copies for card in self.cards)

    def expanded(self) -> tuple[Card, ...]:
        """Every physical card, copies repeated, in file order."""
        return tuple(card for card in self.cards for _ in range(card.copies))

    def art_of(self, card: Card) -> Art | None:
        """The card's picture: its own, else its suit's (None: the face has no art box)."""
        if card.art is not None or card.suit is None:
            return card.art
        return self.suit(card.suit).art

    def back_of(self, card: Card) -> Back:
        """The card's back: its own, else its type's, else the deck's."""
        return self.backs.get(card.back or self.type_of(card).back, self.back)

    def used_backs(self) -> list[Back]:
        """The backs the deck's cards show, in the order cards first use them."""
        return list({self.back_of(card).id: self.back_of(card) for card in self.cards}.values())

    def colour_of(self, card: Card) -> str:
        """The card's band colour: its own, else its suit's colour, else its type's."""
        if card.colour:
            return card.colour
        if card.suit is not None and self.suit(card.suit).colour:
            return self.suit(card.suit).colour
        return self.type_of(card).colour


DEFAULT_COLOUR = "#4a4a4a"
MAX_DECK_CARDS = 2000  # physical cards: bounds the sheets' pages and the Tabletop Simulator sheets


class _Loader:
    """Builds a :class:`Deck` from raw data, reporting located reference errors."""

    def __init__(self, doc: Document, report: Report) -> None:
        self.doc = doc
        self.report = report
        self.data: Mapping[str, Any] = doc.data
        self.backs: dict[str, Back] = {}

    def back_ok(self, doc: Document, path: YamlPath, back: str | None) -> bool:
        """Whether ``back`` (a card's or type's) is one of the deck's backs (else reported at ``path``)."""
        if back is None or back in self.backs:
            return True
        self.report.error(doc.loc((*path, "back")), f"back '{back}' does not exist", fix=unknown_back(back, self.backs))
        return False

    def unique(self, section: str) -> list[tuple[int, Mapping[str, Any]]]:
        """Entries of a list section whose id was not used before (duplicates reported)."""
        seen: dict[str, int] = {}
        kept = []
        for i, raw in enumerate(self.data.get(section, [])):
            if raw["id"] in seen:
                self.report.error(self.doc.loc((section, i, "id")),
                                  f"id '{raw['id']}' is already used by {section}[{seen[raw['id']]}]",
                                  fix=f"give every entry of '{section}' its own id")
                continue
            seen[raw["id"]] = i
            kept.append((i, raw))
        return kept

    def suits(self) -> tuple[Suit, ...]:
        suits = []
        ranks: dict[tuple[str, int], str] = {}
        for i, raw in self.unique("suits"):
            art = self.art(self.doc, ("suits", i), raw)
            suit = Suit(raw["id"], raw["name"], raw.get("colour", ""), raw.get("rank"), raw.get("group", ""),
                        raw.get("text", ""), self.doc.loc(("suits", i)), art)
            suits.append(suit)
            if suit.rank is None:
                continue
            key = (suit.group, suit.rank)
            if key in ranks:
                self.report.error(self.doc.loc(("suits", i, "rank")),
                                  f"rank {suit.rank} is already used by suit '{ranks[key]}'",
                                  fix="give every suit of a group its own tie-break rank")
            else:
                ranks[key] = suit.id
        return tuple(suits)

    def types(self) -> tuple[CardType, ...]:
        types = []
        for i, raw in self.unique("types"):
            fields = tuple(
                FieldSpec(name, spec["type"], spec.get("label", name), spec.get("required", False),
                          spec.get("description", ""))
                for name, spec in raw.get("fields", {}).items()
            )
            names = {f.name for f in fields}
            for j, name in enumerate(raw.get("show", [])):
                if name not in names:
                    self.report.error(self.doc.loc(("types", i, "show", j)),
                                      f"type '{raw['id']}' has no field '{name}'",
                                      fix="list only fields declared under 'fields'")
            self.back_ok(self.doc, ("types", i), raw.get("back"))
            types.append(CardType(raw["id"], raw["name"], raw.get("group", raw["id"]),
                                  raw.get("colour", DEFAULT_COLOUR), frozenset(raw.get("requires", [])),
                                  raw.get("value_label", "points"), raw.get("value_parameter"),
                                  raw.get("template", "standard"), fields,
                                  tuple(n for n in raw.get("show", []) if n in names), self.doc.loc(("types", i)),
                                  raw.get("back", DECK_BACK)))
        return tuple(types)

    def art(self, doc: Document, path: YamlPath, raw: Mapping[str, Any]) -> Art | None:
        if "art" not in raw:
            return None
        return load_art(self.doc.path, raw["art"], doc.loc((*path, "art")), self.report)

    def card(self, doc: Document, i: int, raw: Mapping[str, Any], types: Mapping[str, CardType],
             suit_ids: set[str], reported: frozenset[str] = frozenset()) -> Card | None:
        """A card from the deck file (``doc`` is the deck) or from its card table (``doc`` is the table).

        ``reported``: keys of a table row already reported (left out of ``raw``): the rest is checked, no card made.
        """
        path: YamlPath = ("cards", i)
        card_type = types.get(raw["type"]) if "type" not in reported else None
        ok = not reported
        if "suit" in raw and raw["suit"] not in suit_ids:
            self.report.error(doc.loc((*path, "suit")), f"suit '{raw['suit']}' does not exist",
                              fix=_choices("name one of the deck's suits", suit_ids))
            ok = False
        ok = self.back_ok(doc, path, raw.get("back")) and ok
        if "type" in reported:
            self.art(doc, path, raw)
            return None
        if card_type is None:
            self.report.error(doc.loc((*path, "type")), f"card type '{raw['type']}' does not exist",
                              fix=_choices("name one of the deck's types", types))
            return None
        in_table = isinstance(doc, TableDocument)
        for need in sorted(card_type.requires - reported):
            if need not in raw:
                if in_table:  # at its cell, named as the table names the column
                    header = doc.header(need) if isinstance(doc, TableDocument) else need
                    self.report.error(doc.loc((*path, need)), f"a '{card_type.id}' card needs a {need}",
                                      fix=f"fill in its '{header}' cell")
                else:
                    self.report.error(doc.loc(path), f"a '{card_type.id}' card needs a {need}",
                                      fix=f"add '{need}:' to this card")
                ok = False
        ok = self.check_fields(doc, path, raw.get("fields", {}), card_type, suit_ids, reported) and ok
        art = self.art(doc, path, raw)
        if not ok or ("art" in raw and art is None):
            return None
        value = raw.get("value")
        return Card(raw["id"], raw["type"], raw["name"], raw.get("suit"), value if isinstance(value, int) else None,
                    raw.get("playtest", False), raw.get("copies", 1), raw.get("text", ""), raw.get("flavour", ""),
                    tuple(sorted(raw.get("fields", {}).items())), doc.loc(path), art,
                    value if isinstance(value, str) else "", raw.get("colour", ""), raw.get("back"),
                    doc.loc((*path, "text")))

    def check_fields(self, doc: Document, path: YamlPath, values: Mapping[str, Any], card_type: CardType,
                     suit_ids: set[str], reported: frozenset[str] = frozenset()) -> bool:
        ok = True
        in_table = isinstance(doc, TableDocument)
        for name, value in values.items():
            spec = card_type.field(name)
            where = doc.loc((*path, "fields", name))
            if spec is None:
                self.report.error(where, f"type '{card_type.id}' has no field '{name}'",
                                  fix=_choices("use a field the type declares", {f.name for f in card_type.fields}))
                ok = False
            elif not _field_ok(spec.type, value):
                self.report.error(where, f"field '{name}' must be {_FIELD_WORDS[spec.type]}",
                                  fix=f"write {_FIELD_WORDS[spec.type]} here")
                ok = False
            elif spec.type == "suit" and value not in suit_ids:
                self.report.error(where, f"suit '{value}' does not exist",
                                  fix=_choices("name one of the deck's suits", suit_ids))
                ok = False
        for spec in card_type.fields:
            if spec.required and spec.name not in values and spec.name not in reported:
                header = doc.header(spec.name) if isinstance(doc, TableDocument) else spec.name
                self.report.error(doc.loc((*path, "fields", spec.name) if in_table else path),
                                  f"a '{card_type.id}' card needs the field '{spec.name}'",
                                  fix=f"fill in its '{header}' cell" if in_table
                                  else f"add 'fields: {{{spec.name}: …}}' to this card")
                ok = False
        return ok

    def rules(self, types: Mapping[str, CardType], suit_ids: set[str]) -> tuple[CompositionRule, ...]:
        groups = {t.group for t in types.values()}
        rules: list[CompositionRule] = []
        for i, raw in enumerate(self.data.get("composition", {}).get("rules", [])):
            path: YamlPath = ("composition", "rules", i)
            known: list[tuple[YamlPath, str, Any, set[str]]] = [
                (("group",), "group", raw.get("group"), groups), (("type",), "type", raw.get("type"), set(types)),
                (("suit",), "suit", raw.get("suit"), suit_ids)]
            known += [(("suits", j), "suit", s, suit_ids) for j, s in enumerate(raw.get("suits", []))]
            bad = False
            for key, what, value, choices in known:
                if value is not None and value not in choices:
                    self.report.error(self.doc.loc((*path, *key)), f"{what} '{value}' does not exist",
                                      fix=_choices(f"name one of the deck's {what}s", choices))
                    bad = True
            if bad:
                continue
            values = tuple(raw["values"]) if "values" in raw else None
            linked = tuple((what, raw[f"{what}_parameter"]) for what in ("count", "values", "sum")
                           if f"{what}_parameter" in raw)
            for suit in raw.get("suits", [raw.get("suit")]):
                rules.append(CompositionRule(raw.get("group"), raw.get("type"), suit, raw.get("count"), values,
                                             raw.get("sum"), self.doc.loc(path), linked))
        return tuple(rules)

    def components(self) -> tuple[Component, ...]:
        return tuple(
            Component(raw["id"], raw["name"], raw["kind"], raw.get("faces"), raw.get("colour", DEFAULT_COLOUR),
                      raw.get("copies", 1), raw.get("description", ""), self.doc.loc(("components", i)))
            for i, raw in self.unique("components")
        )

    def table(self) -> tuple[TableDocument | None, dict[int, frozenset[str]]]:
        """The deck's card table (None: none, or unreadable) and, by row, the keys whose cells were reported
        (by the reader or the schema): the rest of such a row is still checked."""
        written = self.data.get("cards_file")
        if written is None:
            for key in ("columns", "sheet"):
                if key in self.data:
                    self.report.error(self.doc.key_loc((key,)), f"'{key}' says how to read the card table, but the "
                                      "deck names none", fix=f"add 'cards_file:' naming the table, or remove '{key}:'")
            return None, {}
        table = read_table(self.doc.path, self.doc.file, written, self.data.get("types"),
                           self.doc.loc(("cards_file",)), self.report, table_options(self.data, self.doc))
        if table is None:
            return None, {}
        reported = {i: set(keys) for i, keys in table.broken.items()}
        for path in invalid_paths(table, "deck.schema.json", "cards", self.report):
            if len(path) > 2 and isinstance(path[1], int):  # a cell: ("cards", 3, "copies") or a field's
                reported.setdefault(path[1], set()).add(str(path[3] if path[2] == "fields" else path[2]))
            elif len(path) == 2 and isinstance(path[1], int):
                reported.setdefault(path[1], set()).add("type")  # the row as a whole: check nothing more
        return table, {i: frozenset(keys) for i, keys in reported.items()}

    def cards(self, type_map: Mapping[str, CardType], suit_ids: set[str]) -> tuple[Card, ...]:
        """The cards under ``cards`` then the card table's, each id once (a repeat is an error where it repeats).

        A table row with a reported cell is checked for every other mistake, and gives no card."""
        table, reported = self.table()
        entries = [(self.doc, i, raw) for i, raw in self.unique("cards")]
        entries += [(table, i, raw) for i, raw in enumerate(table.data["cards"])] if table else []
        first: dict[str, tuple[Location, Mapping[str, Any], int]] = {}
        cards = []
        for doc, i, raw in entries:
            known = reported.get(i, frozenset()) if doc is table else frozenset()
            kept = {key: value for key, value in raw.items() if key not in known}
            kept["fields"] = {k: v for k, v in raw.get("fields", {}).items() if k not in known}
            if "id" not in known and raw["id"] in first and doc is table:
                total = self.repeated(table, i, raw, first[raw["id"]])
                if total is not None:
                    first[raw["id"]] = (*first[raw["id"]][:2], total)
                continue
            if "id" not in known:
                first.setdefault(raw["id"], (doc.loc(("cards", i)), raw, raw.get("copies", 1)))
            if card := self.card(doc, i, kept, type_map, suit_ids, known):
                cards.append(card)
        return tuple(cards)

    def repeated(self, table: TableDocument, i: int, raw: Mapping[str, Any],
                 before: tuple[Location, Mapping[str, Any], int]) -> int | None:
        """Report a table row whose id is used before. When it is the same card, the fix is ``copies``, counted
        up over the repeats: the new count (else None)."""
        here, (where, earlier, copies) = table.loc(("cards", i, "id")), before
        row = where.path if where.file == here.file else ""  # "row 3" in the same table
        said = row or f"the card at {where}"
        if {k: v for k, v in raw.items() if k != "copies"} != {k: v for k, v in earlier.items() if k != "copies"}:
            self.report.error(here, f"id '{raw['id']}' is already used by {said}", fix="give every card its own id")
            return None
        total = copies + raw.get("copies", 1)
        fix = (f"delete this row and write {total} in {row}'s '{table.header('copies')}' cell" if row
               else f"delete this row and write 'copies: {total}' on the card at {where}")
        self.report.error(here, f"id '{raw['id']}' is already used by {said}, the same card", fix=fix)
        return total

    def print_spec(self) -> PrintSpec:
        spec = PrintSpec.from_data(self.data.get("print", {}))
        for problem in print_problems(spec):
            self.report.error(self.doc.loc(("print", problem.key)), problem.message, fix=problem.fix)
        return spec

    def load(self) -> Deck | None:
        errors_before = len(self.report.errors)
        self.backs = load_backs(self.doc, self.data, self.report)
        icons = load_icons(self.doc, self.data, self.report)
        suits = self.suits()
        suit_ids = {s.id for s in suits}
        types = self.types()
        type_map = {t.id: t for t in types}
        cards = self.cards(type_map, suit_ids)
        physical = sum(card.copies for card in cards)
        if physical > MAX_DECK_CARDS:
            self.report.error(self.doc.loc(("cards",) if "cards" in self.data else ("cards_file",)),
                              f"the deck has {physical} cards (copies included); a deck may have at most "
                              f"{MAX_DECK_CARDS}", fix="split it into several decks, or lower 'copies'")
        print_spec = self.print_spec()
        rules = self.rules(type_map, suit_ids)
        components = self.components()
        if len(self.report.errors) > errors_before:
            return None
        return Deck(self.data["id"], self.data["title"], self.data.get("game", "other"), self.data.get("summary", ""),
                    self.data.get("playtest", ""), self.backs[DECK_BACK], suits, types, cards, components,
                    self.data.get("composition", {}).get("total"), rules, self.doc.loc(()),
                    self.doc.loc(("composition", "total")), self.data.get("ruleset"), self.doc.loc(("ruleset",)),
                    print_spec, self.backs, icons)


def files_beside(doc: Document) -> set[Path]:
    """The files a deck file names beside it (its card table, the art it names), for the live preview to watch."""
    data = doc.data if isinstance(doc.data, Mapping) else {}
    folder = Path(doc.path).parent if doc.path else Path.cwd()
    named = [data.get("cards_file")]
    named += [entry.get("art") for section in ("cards", "suits") for entry in data.get(section) or ()
              if isinstance(entry, Mapping)]
    named += list((data.get("icons") or {}).values()) if isinstance(data.get("icons"), Mapping) else []
    return {(folder / name).resolve() for name in named if isinstance(name, str)}


def _field_ok(kind: str, value: Any) -> bool:
    if isinstance(value, bool):
        return kind == "boolean"
    return isinstance(value, FIELD_TYPES[kind])


def _choices(lead: str, choices: Iterable[str]) -> str:
    listed = sorted(choices)
    return f"{lead}: {', '.join(listed)}" if listed else lead


def load_deck(doc: Document, report: Report, language: str | None = None) -> Deck | None:
    """Build a :class:`Deck` from a schema-valid document (None when a reference is broken).

    Every text written per language is read in ``language`` (None: each text's first language; see
    :mod:`gaslight.languages`).
    """
    return _Loader(replace(doc, data=localize(doc.data, language, "deck")), report).load()


# The composition checks live beside the deck: imported here too, where callers have always found them.
from gaslight.domain.decks.composition import (  # noqa: E402, F401
    composition_problems,
    format_values,
    rule_mismatches,
    rule_problems,
    rule_selection,
)
