"""Display text for generated Walton cards: each claim type has a few phrasings, picked by a seeded draw.

Every phrasing says exactly what the claim means (see the case logic page);
only the wording varies, so a deck does not read like a form. The speaker's
name comes first, as on a printed card.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> card_text(house, "maid", ({"type": "seen_in_room", "suspect": "bob", "room": "den"},), random.Random(0))
'Maid: “Bob sat in the Den from first to last and never stepped out.”'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gaslight.domain.walton.case import mansion_name
from gaslight.domain.walton.mansion import Mansion

PHRASINGS: dict[str, tuple[str, ...]] = {
    "motive_testimony": (
        "Everyone knew {suspect} had a grudge against Walton: {motive}.",
        "{suspect} had a reason to hate the old man: {motive}.",
        "{suspect} never forgave Walton for it: {motive}.",
    ),
    "motive_clue": (
        "Papers in the desk bear it out: {suspect} had cause to kill, {motive}.",
        "A torn note in the grate points to {suspect}'s grievance: {motive}.",
    ),
    "motive_eliminated": (
        "{suspect} had a grievance, {motive}, but it was settled long ago and played no part.",
        "The grievance is real ({motive}), yet it had nothing to do with the murder, nor with helping it; "
        "so much for {suspect}.",
    ),
    "in_room": (
        "When the evening went wrong, {suspect} {was} in the {room}.",
        "At the start of it all, {suspect} {was} in the {room}; I am certain of that.",
    ),
    "not_in_room": (
        "Whatever else is true, {suspect} {was} not in the {room} when it began.",
        "The {room}? No. {suspect} {was} not there when it started.",
    ),
    "seen_in_room": (
        "I looked into the {room} again and again; {suspect} {was} there every time, start to finish.",
        "{suspect} sat in the {room} from first to last and never stepped out.",
    ),
    "together": (
        "{suspects} kept each other company in one room and neither slipped away.",
        "{suspects} were side by side the whole time; neither left the other.",
    ),
    "trace_found": (
        "On the body I found this: {trace}.",
        "The examination leaves no doubt about one thing: {trace}.",
    ),
    "trace_absent": (
        "I looked for it and found none: {trace}.",
        "There was nothing of this kind on the body: {trace}.",
    ),
    "weapon_not_used": (
        "The {weapon} has been examined; it did not kill Walton.",
        "Whatever killed Walton, it was not the {weapon}.",
    ),
    "may_have_passed": (
        "Someone went through the {room} that night; it may have been {suspects}.",
        "Footprints in the {room}: {suspects} could have passed that way.",
    ),
    "room_undisturbed": (
        "Nobody on the way to the Study went through the {room}; the dust is undisturbed.",
        "Whoever killed Walton never set foot in the {room} that night, not even at the start.",
    ),
    "not_culprit": (
        "{suspect} could not have killed Walton.",
        "Strike {suspect} from the list of killers.",
    ),
    "conspiring": (
        "I heard {suspect} whispering with someone behind the stairs, plotting.",
        "{suspect} {was} up to something that night, passing notes in a hurry.",
    ),
    "not_accomplice": (
        "{suspect} helped nobody that night.",
        "Whatever happened, {suspect} lent no hand to it.",
    ),
    "acted_alone": (
        "Whoever did this had no help from anyone.",
        "This was the work of one pair of hands, with no helper.",
    ),
}

# Said by the suspect the claim is about ({suspects} is then the other one).
FIRST_PERSON: dict[str, tuple[str, ...]] = {
    "in_room": ("I was in the {room} when it all began.", "When the evening went wrong I was in the {room}."),
    "not_in_room": ("I was not in the {room} when it began, whatever they tell you.",),
    "seen_in_room": ("I sat in the {room} from first to last and never stepped out.",),
    "together": ("{suspects} and I were together the whole time; neither of us left the other.",),
    "not_culprit": ("I did not kill him. I could not have.",),
    "not_accomplice": ("I helped nobody that night.",),
    "may_have_passed": ("I may have passed through the {room}, I grant you.",),
}
# The same, said by a group reference (the sisters speak as one).
FIRST_PERSON_GROUP: dict[str, tuple[str, ...]] = {
    "in_room": ("We were in the {room} when it all began.", "When the evening went wrong we were in the {room}."),
    "not_in_room": ("We were not in the {room} when it began, whatever they tell you.",),
    "seen_in_room": ("We sat in the {room} from first to last and never stepped out.",),
    "together": ("We were with {suspects} the whole time; none of us left the others.",),
    "not_culprit": ("We did not kill him. We could not have.",),
    "not_accomplice": ("We helped nobody that night.",),
    "may_have_passed": ("We may have passed through the {room}, we grant you.",),
}

FIELD_KINDS = {"suspect": "suspect", "suspects": "suspect", "room": "room", "motive": "motive",
               "trace": "trace", "weapon": "weapon"}


def _name(mansion: Mansion, kind: str, ident: str, owner: str) -> str:
    name = mansion_name(mansion, kind, ident, owner)
    if kind == "suspect" and name.startswith("The "):
        return "the " + name[4:]  # capitalised again at a sentence start
    return name


def _is_group(mansion: Mansion, suspect_id: str) -> bool:
    who = mansion.suspect(suspect_id)
    return bool(who and who.persons)


def claim_sentence(mansion: Mansion, claim: dict[str, Any], rng: random.Random, speaker: str = "") -> str:
    """One claim as a sentence (a seeded pick among its phrasings; first person when the speaker is its subject)."""
    kind = claim["type"]
    named = list(claim.get("suspects", ())) or [claim.get("suspect", "")]
    own = speaker in named and kind in FIRST_PERSON and (kind != "may_have_passed" or len(set(named)) == 1)
    owner = claim.get("suspect", "")
    group = _is_group(mansion, speaker if own else owner)
    table = (FIRST_PERSON_GROUP if group else FIRST_PERSON) if own else PHRASINGS
    template = rng.choice(table[kind])
    shown: dict[str, str] = {"was": "were" if group else "was"}
    for key, value in claim.items():
        if key == "type":
            continue
        if key == "suspects":
            names = [_name(mansion, "suspect", v, "") for v in value if not (own and v == speaker)]
            joiner = " or " if kind == "may_have_passed" else " and "
            shown[key] = joiner.join(names) if len(names) <= 2 else ", ".join(names)
        else:
            shown[key] = _name(mansion, FIELD_KINDS[key], value, owner)
    sentence = template.format(**shown)
    return sentence[:1].upper() + sentence[1:]


def card_text(mansion: Mansion, speaker: str, claims: Sequence[dict[str, Any]], rng: random.Random) -> str:
    """``Speaker: “sentence …”`` for a card's claims."""
    said = " ".join(claim_sentence(mansion, claim, rng, speaker) for claim in claims)
    return f"{mansion.speaker_name(speaker)}: “{said}”"
