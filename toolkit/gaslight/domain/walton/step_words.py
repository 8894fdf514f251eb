"""The words of a case's explanation and hint ladder, in any language the sentence tables hold.

:mod:`gaslight.domain.walton.steps` and :mod:`gaslight.domain.walton.hints` say what a step or a hint tells as
**phrases**: a sentence key of the tables (``labels/walton-steps.<code>.yaml``, reached through
:func:`gaslight.resources.label_table`) and its values — references to the mansion's people, rooms, weapons,
motives and traces, card numbers, lists and other phrases. Nothing in a phrase is English: :class:`Words`
renders it in a language, with the mansion's names in that language and the cards' texts as that language's
case page prints them (:func:`~gaslight.domain.walton.case_language.card_texts`). The checks of the hint ladder
read the phrases, so they hold in every language alike.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> house = load_mansion(parse_text(MINI_MANSION.replace("name: Bob,", "name: {en: Bob, ja: ボブ},"), "m.yaml")[0],
...                      Report())
>>> said = fact_phrase(house, (("culprit", "bob"), False))
>>> Words(house).text(said), Words(house, language="ja").text(said)
('Bob is not the culprit.', 'ボブは犯人ではない。')
>>> Words(house).text(Phrase("also.many", (("cards", Many((4, 9, 12), "or")),)))
' Any of cards 4, 9 or 12 would do as well.'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from types import MappingProxyType

import yaml

from gaslight.domain.walton.case import Case, display_text, mansion_name
from gaslight.domain.walton.mansion import Mansion
from gaslight.resources import label_table

ENGLISH = "en"
SENTENCE_TABLE = "walton-steps"  # labels/walton-steps.<code>.yaml

# A fact: (predicate, arguments…) and whether it holds, e.g. (("culprit", "greg"), False).
Fact = tuple[tuple[str, ...], bool]


@dataclass(frozen=True)
class Ref:
    """A name of the mansion, by id: ``kind`` is "name" (a suspect's or source's name), "in_sentence" (the
    same as it reads inside a sentence: "the Berwick sisters"), "room", "weapon", "motive" (one of ``owner``'s,
    as it reads after "the"), "motive_name" (the same as written), "trace", "card" (the card numbered
    ``ident``'s text) or "level" (a difficulty level, written alike in every language)."""

    kind: str
    ident: str
    owner: str = ""


@dataclass(frozen=True)
class Many:
    """Values listed in a language's way: ``style`` is "and" (``a, b and c``), "or", "all_and" (``a and b and
    c``), "comma" (``a, b, c``), "semicolon" or "gaps" (``a; b; and c``)."""

    items: tuple[Value, ...]
    style: str


@dataclass(frozen=True)
class Phrase:
    """A sentence of the tables (``key``) and the values of its placeholders."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    def value(self, name: str) -> Value:
        return dict(self.values).get(name)


Value = Ref | Many | Phrase | int | None


def phrase(key: str, **values: Value) -> Phrase:
    """A phrase with its values given by name (kept in the order given)."""
    return Phrase(key, tuple(values.items()))


def walk(value: Value) -> Iterator[tuple[Phrase | None, Value]]:
    """Every value inside ``value`` with the phrase that holds it (depth first), ``value`` itself first."""
    stack: list[tuple[Phrase | None, Value]] = [(None, value)]
    while stack:
        holder, item = stack.pop()
        yield holder, item
        if isinstance(item, Phrase):
            stack.extend((item, v) for _, v in reversed(item.values))
        elif isinstance(item, Many):
            stack.extend((holder, v) for v in reversed(item.items))


@cache
def sentence_table(language: str) -> Mapping[str, str]:
    """The explanation's sentences in ``language`` (English for a language with no table of its own)."""
    path = label_table(SENTENCE_TABLE, language)
    if not path.is_file():
        path = label_table(SENTENCE_TABLE, ENGLISH)
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return MappingProxyType({str(key): str(value) for key, value in data.items()})


def has_sentences(language: str) -> bool:
    """Does ``language`` have sentences of its own (else the explanation is English)?"""
    return label_table(SENTENCE_TABLE, language).is_file()


class _Said(str):
    """A value's words in a sentence: ``{name:cap}`` upper-cases its first letter (a name starting a sentence:
    "The Berwick sisters"); str.format_map calls this for each placeholder."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return self[:1].upper() + self[1:] if spec == "cap" else str.__format__(self, spec)


class Words:
    """Renders phrases in ``language``: the mansion's names in it and, when ``case`` is given, its cards' texts.

    English cards read as :func:`~gaslight.domain.walton.case.display_text` says (the case's own language); in
    another language as that language's case page prints them.
    """

    def __init__(self, mansion: Mansion | None, case: Case | None = None, language: str = ENGLISH) -> None:
        self.language = language if has_sentences(language) else ENGLISH
        self.source = mansion
        # (no mansion: phrases with numbers only, such as where to look)
        self.mansion = mansion if mansion is None or self.language == ENGLISH else mansion.in_language(self.language)
        self.case = case
        self.table = sentence_table(self.language)
        self._english_cards: dict[int, str] = {}

    @cached_property
    def _cards(self) -> Mapping[int, str]:
        from gaslight.domain.walton.case_language import card_texts  # phrasings load only for a translation

        assert self.case is not None
        return card_texts(self.case, self.source, self.language)

    def card(self, number: int) -> str:
        if self.case is None or self.mansion is None:
            return str(number)
        if self.language != ENGLISH:
            return self._cards[number]
        said = self._english_cards.get(number)
        if said is None:  # a card is quoted by several steps and proof lines: rendered once
            said = self._english_cards[number] = display_text(self.case.card(number), self.mansion)
        return said

    def text(self, value: Value) -> str:
        """``value`` in words."""
        kind = type(value)
        if kind is Phrase:
            template = self.table[value.key]  # type: ignore[union-attr]
            said = {name: self.text(v) for name, v in value.values}  # type: ignore[union-attr]
            if ":cap}" in template:
                said = {name: _Said(text) for name, text in said.items()}
            return template.format_map(said)
        if kind is int:
            return str(value)
        if kind is Ref:
            return self._name(value)  # type: ignore[arg-type]
        if value is None:
            return ""
        assert isinstance(value, Many)
        items = [self.text(v) for v in value.items]
        if len(items) <= 1:
            return "".join(items)
        style = f"list.{value.style}"
        return self.table[f"{style}.between"].join(items[:-1]) + self.table[f"{style}.last"] + items[-1]

    def joined(self, phrases: tuple[Phrase, ...]) -> str:
        """Phrases told one after another (each sentence carries its own leading space where the language
        wants one)."""
        return "".join(self.text(p) for p in phrases)

    def _name(self, ref: Ref) -> str:
        if ref.kind == "card":
            return self.card(int(ref.ident))
        if ref.kind == "level":
            return ref.ident
        if self.mansion is None:
            return ref.ident
        if ref.kind == "name":
            who = self.mansion.suspect(ref.ident)
            return who.name if who else self.mansion.speaker_name(ref.ident)
        if ref.kind == "in_sentence":
            return self.mansion.name_in_sentence(ref.ident)
        if ref.kind == "motive_name":  # as written, capital and all
            owner = self.mansion.suspect(ref.owner)
            motive = owner.motive(ref.ident) if owner else None
            return motive.name if motive else ref.ident
        return mansion_name(self.mansion, ref.kind, ref.ident, ref.owner)


def counted(key: str, numbers: tuple[int, ...], style: str = "and") -> Phrase:
    """``card 4`` / ``cards 4 and 9`` (``key`` "cards" or "steps"), the numbers listed in ``style``."""
    return phrase(f"{key}.{'one' if len(numbers) == 1 else 'many'}", numbers=Many(numbers, style))


# --- what a fact says ----------------------------------------------------------------------------------


def fact_phrase(mansion: Mansion, fact: Fact) -> Phrase:
    """The fact as a phrase: 'Greg Gaffney is not the culprit.'"""
    (key, holds) = fact
    kind, args = key[0], key[1:]
    truth = "true" if holds else "false"
    if kind in ("culprit", "accomplice"):
        who = mansion.suspect(args[0])
        group = ".group" if who and who.persons else ""
        return phrase(f"fact.{kind}.{truth}{group}", who=Ref("name", args[0]))
    if kind == "alone":
        return phrase(f"fact.alone.{truth}")
    if kind in ("motive", "accomplice_motive"):
        return phrase(f"fact.{kind}.{truth}", who=Ref("name", args[0]), motive=Ref("motive", args[1], args[0]))
    if kind == "weapon":
        return phrase(f"fact.weapon.{truth}", weapon=Ref("weapon", args[0]))
    if kind == "start":
        return phrase(f"fact.start.{truth}", who=Ref("name", args[0]), room=Ref("room", args[1]))
    return phrase(f"fact.route.{truth}", room=Ref("room", args[0]))


def answer_phrase(culprit: str, motive: str, weapon: str, accomplice: str | None,
                  accomplice_motive: str | None) -> Phrase:
    """The whole answer: 'Greg Gaffney (motive: gambling debts), with the fire iron, alone'."""
    values: dict[str, Value] = {"culprit": Ref("name", culprit), "motive": Ref("motive", motive, culprit),
                                "weapon": Ref("weapon", weapon)}
    if accomplice is None:
        return phrase("answer.alone", **values)
    return phrase("answer.helped", **values, helper=Ref("name", accomplice),
                  helper_motive=Ref("motive", accomplice_motive or "", accomplice))


def liars_phrases(cards: tuple[int, ...], uses: tuple[int, ...], split: tuple[str, ...],
                  exposed: dict[str, str]) -> tuple[Phrase, ...]:
    """What a step on the word of suspects not yet cleared says about them: each one the step shows lying (their
    word cannot be true alongside the earlier steps, ``uses`` counted from 0) and what that makes them, then
    those whose word the step survives either way (``exposed``: "culprit", "accomplice", "liar" or '')."""
    together = {1: "one", 2: "two"}.get(len(cards), "many")
    alongside = counted("along", tuple(u + 1 for u in uses)) if uses else None
    parts = [phrase(f"liar.exposed.{together}", who=Ref("in_sentence", i), cards=counted("cards", cards),
                    alongside=alongside, role=phrase(f"role.{exposed[i]}")) for i in split if exposed.get(i)]
    rest = [i for i in split if not exposed.get(i)]
    if rest:
        parts.append(phrase(f"liar.rest.{'one' if len(rest) == 1 else 'many'}",
                            who=Many(tuple(Ref("in_sentence", i) for i in rest), "all_and")))
    return tuple(parts)


def trace_phrases(mansion: Mansion, case: Case, fact: Fact, cards: tuple[int, ...]) -> tuple[Phrase, ...]:
    """For a weapon ruled out by the coroner: which traces that weapon leaves."""
    (key, _) = fact
    weapon = mansion.weapon(key[1]) if key[0] == "weapon" else None
    if weapon is None or not any(c.type in ("trace_found", "trace_absent")
                                 for n in cards for c in case.card(n).claims):
        return ()
    traces = tuple(Ref("trace", t.id) for t in mansion.traces if t.id in weapon.traces)
    return (phrase("hint.traces", weapon=Ref("weapon", weapon.id), traces=Many(traces, "all_and")),)


def motive_phrases(case: Case, fact: Fact, cards: tuple[int, ...]) -> tuple[Phrase, ...]:
    """For a suspect cleared by motives ruled out (and nothing else): the guarantee that makes it clear them."""
    (key, holds) = fact
    claims = [c for n in cards for c in case.card(n).claims]
    if key[0] != "culprit" or holds or not claims or not all(
            c.type == "motive_eliminated" and getattr(c, "suspect", "") == key[1] for c in claims):
        return ()
    return (phrase(f"hint.motives.{'one' if len(claims) == 1 else 'many'}", who=Ref("in_sentence", key[1])),)


def without_cards_phrases(mansion: Mansion, case: Case, fact: Fact, used: list[Fact]) -> tuple[Phrase, ...]:
    """Why earlier facts alone (no card, no elimination) give ``fact``: what the guarantees or the map add."""
    (key, _) = fact
    culprit = next((f[0][1] for f in used if f[0][0] in ("culprit", "motive") and f[1]), None)
    owner = mansion.suspect(culprit or "")
    if key[0] == "accomplice" and owner is not None:
        ruled_out = {f[0][2] for f in used if f[0][0] == "motive" and not f[1]}
        found = [f[0][2] for f in used if f[0][0] == "motive" and f[1]]
        open_motives = found or [m for m in owner.motive_ids if m not in ruled_out]
        told = {n: c.values()["motive"] for n in case.numbers if case.card(n).speaker == key[1]
                for c in case.card(n).claims if c.type in ("motive_testimony", "motive_clue")
                and c.values().get("suspect") == culprit and c.values().get("motive") in open_motives}
        if told and set(told.values()) == set(open_motives):
            speaker = mansion.suspect(key[1])
            which = phrase("which.found" if found else "which.open", culprit=Ref("in_sentence", culprit or ""))
            return (phrase(f"hint.accomplice.{'group' if speaker and speaker.persons else 'one'}",
                           speaker=Ref("in_sentence", key[1]), which=which,
                           cards=counted("cards", tuple(sorted(told)))),)
    start = next((f[0][2] for f in used if f[0][0] == "start" and f[0][1] == culprit and f[1]), None)
    weapon = mansion.weapon(key[1]) if key[0] == "weapon" else None
    if weapon is not None and start is not None:
        return (phrase("hint.way", start=Ref("room", start), scene=Ref("room", mansion.crime_scene),
                       room=Ref("room", weapon.room), weapon=Ref("weapon", weapon.id)),)
    if key[0] == "motive" and fact[1] and key[1] == culprit:
        return (phrase("hint.rest.motive", who=Ref("in_sentence", key[1])),)
    if key[0] == "accomplice" and not fact[1]:
        return _apart_from_culprit(mansion, key[1], used, start)
    return (phrase("hint.rest"),)


def _apart_from_culprit(mansion: Mansion, suspect: str, used: list[Fact], culprit_start: str | None
                        ) -> tuple[Phrase, ...]:
    """Why ``suspect``, whose start room is known, cannot be the accomplice: the accomplice starts in the
    culprit's room, and the culprit did not start in that one (known, or no route from it fetches the weapon)."""
    room = next((f[0][2] for f in used if f[0][0] == "start" and f[0][1] == suspect and f[1]), None)
    used_weapon = next((f[0][1] for f in used if f[0][0] == "weapon" and f[1]), None)
    weapon = mansion.weapon(used_weapon) if used_weapon else None
    if room is not None and culprit_start is not None and culprit_start != room:
        return (phrase("hint.apart.start", who=Ref("in_sentence", suspect), room=Ref("room", room),
                       start=Ref("room", culprit_start)),)
    if room is not None and weapon is not None and not any(weapon.room in r for r in mansion.routes(room)):
        return (phrase("hint.apart.way", who=Ref("in_sentence", suspect), room=Ref("room", room),
                       scene=Ref("room", mansion.crime_scene), weapon_room=Ref("room", weapon.room),
                       weapon=Ref("weapon", weapon.id)),)
    return (phrase("hint.rest"),)
