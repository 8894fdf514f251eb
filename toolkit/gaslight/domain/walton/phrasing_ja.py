"""Walton cards in Japanese: each claim said by each kind of speaker in that speaker's register.

The sentences are in :mod:`gaslight.domain.walton.phrasing_ja_tables`; this module fills them with the
mansion's Japanese names (:meth:`~gaslight.domain.walton.mansion.Mansion.in_language`). A name takes the
speaker's honorific: a servant speaks of a guest as 〇〇様, a guest of another as 〇〇さん, the police and the
coroner say the bare name; a group (the sisters) and a name with its title (〇〇医師, 〇〇夫人) keep their names
as written. Servants call the victim 旦那様
(奥様 for a woman) unless the mansion says how they call him. A card reads ``Speaker「sentence。sentence。」``.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> house = load_mansion(parse_text(MINI_MANSION.replace("name: Den,", "name: 書斎,").replace(
...     "name: Bob,", "name: ボブ,").replace("name: Maid,", "name: メイド,"), "m.yaml")[0], Report())
>>> deck_texts_ja(house, [("maid", [{"type": "in_room", "suspect": "bob", "room": "den"}])], random.Random(1))
['メイド「事件が始まったとき、ボブ様は書斎にいらっしゃいました。この目で拝見しております。」']
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.phrasing_ja_registers import (
    DEFAULT_REGISTER,
    FIRST_PERSON_BY_REGISTER,
    SUSPECT_BY_REGISTER,
    TESTIMONY_BY_REGISTER,
    WE,
)
from gaslight.domain.walton.phrasing_ja_tables import (
    CAUSE_WORDS_JA,
    CORONER,
    DUTY,
    FIRST_PERSON,
    POLICE,
    SERVANT,
    TESTIMONY,
)
from gaslight.domain.walton.phrasing_voice import told_by_deck, voice_of

_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana and the common kanji


def written_in(text: str) -> str:
    """The language a card's text is written in, of those the cards are phrased in: Japanese when it has kana or
    kanji, else English.

    >>> written_in("執事のホッブズ「存じております。」"), written_in("Maid: “I saw him.”")
    ('ja', 'en')
    """
    return "ja" if _JAPANESE.search(text) else "en"


# How each kind of speaker names a guest (a group keeps its name as written).
HONORIFICS = {"servant": "様", "suspect": "さん", "police": "", "coroner": ""}
# A name that ends in a title already (シリル・クレイン医師, ドラモンド夫人) takes no honorific after it.
TITLES = ("医師", "先生", "夫人", "氏", "様", "さん", "卿", "嬢", "警部", "巡査", "大佐", "少佐", "牧師", "教授")
HOUSEHOLD_WORDS_JA = {"he": "旦那様", "she": "奥様"}
REGISTERS = {"police": "plain", "coroner": "plain", "servant": "keigo", "suspect": "polite"}


def phrasings_ja(kind: str, voice: str, duty: str = "", motive_kind: str = "grievance",
                 register: str = DEFAULT_REGISTER) -> tuple[str, ...]:
    """The Japanese phrasings a kind of speaker may use for a claim type (a servant's own work added by
    ``duty``; a testimony by the motive's kind; a suspect's in his ``register``: polite, plain or old).

    >>> phrasings_ja("trace_found", "coroner")[0]
    '遺体には{trace}が認められた。'
    >>> len(phrasings_ja("in_room", "servant", "table")) - len(phrasings_ja("in_room", "servant"))
    1
    >>> phrasings_ja("in_room", "suspect", register="plain")[0]
    '事件が始まったとき、{suspect}は{room}にいた。間違いない。'
    """
    if voice == "suspect":
        tables = TESTIMONY_BY_REGISTER if kind == "motive_testimony" and motive_kind != "grievance" \
            else SUSPECT_BY_REGISTER
        shown = tables.get(register, tables[DEFAULT_REGISTER])
        return shown[motive_kind] if tables is TESTIMONY_BY_REGISTER else shown[kind]
    if kind == "motive_testimony" and motive_kind != "grievance":
        return TESTIMONY["servant" if voice == "servant" else "police"][motive_kind]
    if voice == "servant":
        return SERVANT[kind] + DUTY.get(kind, {}).get(duty, ())
    return (CORONER.get(kind) if voice == "coroner" else None) or POLICE[kind]


def _guest(mansion: Mansion, suspect_id: str, voice: str) -> str:
    who = mansion.suspect(suspect_id)
    if who is None:
        return suspect_id
    return who.name if who.persons or who.name.endswith(TITLES) else who.name + HONORIFICS.get(voice, "")


def victim_called_ja(mansion: Mansion, speaker: str, voice: str) -> str:
    """What ``speaker`` calls the victim in Japanese: his own word, the mansion's, 旦那様 from a servant, the
    victim's name, or 被害者."""
    who = mansion.suspect(speaker) or mansion.source(speaker)
    own = (who.calls_victim if who else "") or mansion.victim.called
    if own:
        return own
    if voice == "servant" and mansion.victim.pronoun in HOUSEHOLD_WORDS_JA:
        return HOUSEHOLD_WORDS_JA[mansion.victim.pronoun]
    return mansion.victim.name or "被害者"


def claim_sentences_ja(mansion: Mansion, claim: dict[str, Any], speaker: str = "") -> list[tuple[str, str]]:
    """Every way ``speaker`` may say ``claim`` in Japanese: (phrasing, sentence) pairs."""
    kind = claim["type"]
    named = list(claim.get("suspects", ())) or [claim.get("suspect", "")]
    own = speaker in named and kind in FIRST_PERSON and (kind != "may_have_passed" or len(set(named)) == 1)
    voice = voice_of(mansion, speaker)
    owner = claim.get("suspect", "")
    who = mansion.suspect(owner)
    motive = who.motive(claim.get("motive", "")) if who else None
    talking = mansion.suspect(speaker)
    register = (talking.register_ja if talking else "") or DEFAULT_REGISTER
    if own:
        templates = FIRST_PERSON_BY_REGISTER.get(register, FIRST_PERSON)[kind]
    else:
        source = mansion.source(speaker)
        templates = phrasings_ja(kind, voice, source.work if source else "", motive.kind if motive else "grievance",
                                 register)
    group = bool(talking and talking.persons)
    scene = next((r.name for r in mansion.rooms if r.crime_scene), "現場")
    shown: dict[str, str] = {"scene": scene, "victim": victim_called_ja(mansion, speaker, voice),
                             "cause": CAUSE_WORDS_JA.get(motive.kind if motive else "grievance", "恨み"),
                             "we": WE.get(register, WE[DEFAULT_REGISTER])[1 if group else 0]}
    for key, value in claim.items():
        if key == "suspects":
            names = [_guest(mansion, v, voice) for v in value if not (own and v == speaker)]
            shown[key] = ("か" if kind == "may_have_passed" else "と").join(names) if len(names) <= 2 else "、".join(
                names)
        elif key == "suspect":
            shown[key] = _guest(mansion, value, voice)
        elif key == "room":
            room = mansion.room(value)
            shown[key] = room.name if room else value
        elif key == "motive":
            shown[key] = motive.name if motive else value
        elif key == "weapon":
            weapon = mansion.weapon(value)
            shown[key] = weapon.name if weapon else value
        elif key == "trace":
            trace = mansion.trace(value)
            shown[key] = trace.name if trace else value
    return [(template, template.format(**shown)) for template in templates]


def deck_texts_ja(mansion: Mansion, cards: Iterable[tuple[str, Sequence[dict[str, Any]]]],
                  rng: random.Random) -> list[str]:
    """The Japanese texts of a deck's cards, given as (speaker, claims), in order: as
    :func:`gaslight.domain.walton.phrasing.deck_texts`, a fact told again takes another phrasing while one is
    left, and each card the phrasing the deck has used least."""
    return told_by_deck(cards, rng, lambda claim, speaker: claim_sentences_ja(mansion, claim, speaker),
                        lambda speaker, sentences: f"{mansion.speaker_name(speaker)}「{''.join(sentences)}」")
