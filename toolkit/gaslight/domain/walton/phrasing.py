"""Display text for generated Walton cards: phrasings per claim type and per kind of speaker.

Every phrasing says exactly what the claim means (see the case logic page);
only the wording varies, so a deck does not read like a form. Each kind of
speaker talks of what that role would know: the coroner of the body and its
traces, the police of evidence, timelines and motives ruled out, servants of
comings and goings, suspects of what they saw and heard (and, when a motive
was ruled out, of what the inspector told them). Verbs agree with group
references ("the Berwick sisters were") and possessives are written for them
("the sisters'"). The speaker's name comes first, as on a printed card.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> card_text(house, "maid", ({"type": "seen_in_room", "suspect": "bob", "room": "den"},), random.Random(0))
'Maid: “I looked into the Den again and again; Bob was there every time, start to finish.”'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gaslight.domain.walton.case import mansion_name
from gaslight.domain.walton.claims import possessive
from gaslight.domain.walton.mansion import Mansion

# Kinds of speaker: a source's role (the housekeeper speaks as a servant), or "suspect".
VOICES = ("coroner", "police", "servant", "suspect")
ANY = "*"

# claim type -> voice (or ANY) -> phrasings. Tokens: {suspect}, {suspects}, {room}, {motive}, {trace}, {weapon},
# {scene} (the crime scene), {was} and {has} (agreeing with the subject), {whose} (the subject's possessive).
PHRASINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "motive_testimony": {
        "police": ("Our enquiries show {suspect} had cause to resent the master: {motive}.",),
        "servant": ("I have served in this house long enough to know {suspect} bore a grudge: {motive}.",
                    "Below stairs we all knew what {suspect} held against the master: {motive}."),
        ANY: ("Everyone knew {suspect} had a grudge against the master: {motive}.",
              "{suspect} had a reason to hate the old man: {motive}.",
              "{suspect} never forgave him for it: {motive}."),
    },
    "motive_clue": {
        "coroner": ("Among the papers on the body, a letter bears out {whose} grievance: {motive}.",),
        ANY: ("Papers in the desk bear it out: {suspect} had cause to kill, {motive}.",
              "A torn note in the grate points to {whose} grievance: {motive}."),
    },
    "motive_eliminated": {
        "police": ("We have looked into {whose} grievance, {motive}; it was settled long ago and played no part.",
                   "{whose} old grievance, {motive}, is real, but it led to nothing tonight; we have ruled it out."),
        ANY: ("The inspector says {whose} grievance, {motive}, was settled long ago and played no part.",
              "I heard the police have ruled it out: {whose} grievance, {motive}, had nothing to do with this."),
    },
    "in_room": {
        "police": ("By our timeline, {suspect} {was} in the {room} when the crime began.",),
        "servant": ("I took the tray round when it began; {suspect} {was} in the {room}.",
                    "When the evening went wrong, {suspect} {was} in the {room}; I saw it myself."),
        ANY: ("When the evening went wrong, {suspect} {was} in the {room}.",
              "At the start of it all, {suspect} {was} in the {room}; I am certain of that."),
    },
    "not_in_room": {
        "police": ("{suspect} {was} not in the {room} when it began; we have checked.",),
        "servant": ("I was in and out of the {room} at the start, and {suspect} {was} not there.",),
        ANY: ("Whatever else is true, {suspect} {was} not in the {room} when it began.",
              "The {room}? No. {suspect} {was} not there when it started."),
    },
    "seen_in_room": {
        "police": ("Two witnesses put {suspect} in the {room} from first to last.",),
        "servant": ("I looked into the {room} again and again; {suspect} {was} there every time, start to finish.",),
        ANY: ("{suspect} sat in the {room} from first to last and never stepped out.",),
    },
    "together": {
        "servant": ("{suspects} were together the whole time; I never saw one without the other.",),
        "police": ("{suspects} vouch for each other, and the witnesses agree: together the whole time.",),
        ANY: ("{suspects} kept each other company in one room and neither slipped away.",
              "{suspects} were side by side the whole time; neither left the other."),
    },
    "trace_found": {
        "coroner": ("On the body I found this: {trace}.", "The examination leaves no doubt about one thing: {trace}."),
        "police": ("The coroner's report is plain on one point: {trace}.",),
        ANY: ("I heard the doctor say it outright: {trace}.",),
    },
    "trace_absent": {
        "coroner": ("I looked for it and found none: {trace}.", "There was nothing of this kind on the body: {trace}."),
        "police": ("The coroner's report rules one thing out: {trace}.",),
        ANY: ("The doctor found no sign of this, I heard him say: {trace}.",),
    },
    "weapon_not_used": {
        "coroner": ("Whatever killed him, it was not the {weapon}.",),
        "police": ("The {weapon} has been examined; it was not the weapon.",),
        ANY: ("Whatever killed him, it was not the {weapon}.",),
    },
    "may_have_passed": {
        "servant": ("I saw someone in the {room} that night; it may have been {suspects}.",),
        "police": ("Footprints in the {room}: {suspects} could have passed that way.",),
        ANY: ("Someone went through the {room} that night; it may have been {suspects}.",),
    },
    "room_undisturbed": {
        "servant": ("I dusted the {room} that afternoon; nobody on the way to the {scene} went through it.",),
        "police": ("Nobody on the way to the {scene} went through the {room}; the dust is undisturbed.",),
        ANY: ("Whoever did it never set foot in the {room} that night, not even at the start.",),
    },
    "not_culprit": {
        "police": ("{suspect} could not have done the killing; we have made sure of it.",),
        ANY: ("{suspect} could not have done it.", "Strike {suspect} from the list of killers."),
    },
    "conspiring": {
        "servant": ("I heard {suspect} whispering with someone behind the stairs, plotting.",
                    "{suspect} {was} up to something that night, passing notes in a hurry."),
        ANY: ("{suspect} {was} up to something that night, passing notes in a hurry.",),
    },
    "not_accomplice": {
        "police": ("{suspect} lent no hand to it; we are satisfied of that.",),
        ANY: ("{suspect} helped nobody that night.", "Whatever happened, {suspect} lent no hand to it."),
    },
    "acted_alone": {
        "police": ("This was the work of one pair of hands; the killer had no helper.",),
        ANY: ("Whoever did this had no help from anyone.",),
    },
}

# Said by the suspect the claim is about ({suspects} is then the other one); a group speaks as "we".
FIRST_PERSON: dict[str, tuple[str, ...]] = {
    "in_room": ("I was in the {room} when it all began.", "When the evening went wrong I was in the {room}."),
    "not_in_room": ("I was not in the {room} when it began, whatever they tell you.",),
    "seen_in_room": ("I sat in the {room} from first to last and never stepped out.",),
    "together": ("{suspects} and I were together the whole time; neither of us left the other.",),
    "not_culprit": ("I did not kill him. I could not have.",),
    "not_accomplice": ("I helped nobody that night.",),
    "may_have_passed": ("I may have passed through the {room}, I grant you.",),
}
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


def voice_of(mansion: Mansion, speaker: str) -> str:
    """The kind of speaker: a suspect, or a source's role (the housekeeper speaks as a servant)."""
    if mansion.suspect(speaker) is not None:
        return "suspect"
    source = next((s for s in mansion.sources if s.id == speaker), None)
    role = source.role if source else "police"
    return "servant" if role in ("servant", "housekeeper") else role if role in VOICES else "police"


def _name(mansion: Mansion, kind: str, ident: str, owner: str) -> str:
    name = mansion_name(mansion, kind, ident, owner)
    if kind == "suspect" and name.startswith("The "):
        return "the " + name[4:]  # capitalised again at a sentence start
    return name


def _is_group(mansion: Mansion, suspect_id: str) -> bool:
    who = mansion.suspect(suspect_id)
    return bool(who and who.persons)


def phrasings(kind: str, voice: str) -> tuple[str, ...]:
    """The phrasings a kind of speaker may use for a claim type."""
    table = PHRASINGS[kind]
    return table.get(voice) or table[ANY]


def claim_sentence(mansion: Mansion, claim: dict[str, Any], rng: random.Random, speaker: str = "") -> str:
    """One claim as a sentence (a seeded pick among its phrasings; first person when the speaker is its subject)."""
    kind = claim["type"]
    named = list(claim.get("suspects", ())) or [claim.get("suspect", "")]
    own = speaker in named and kind in FIRST_PERSON and (kind != "may_have_passed" or len(set(named)) == 1)
    owner = claim.get("suspect", "")
    group = _is_group(mansion, speaker if own else owner)
    if own:
        template = rng.choice((FIRST_PERSON_GROUP if group else FIRST_PERSON)[kind])
    else:
        template = rng.choice(phrasings(kind, voice_of(mansion, speaker)))
    scene = next((r.name for r in mansion.rooms if r.crime_scene), "crime scene")
    shown: dict[str, str] = {"was": "were" if group else "was", "has": "have" if group else "has", "scene": scene}
    for key, value in claim.items():
        if key == "type":
            continue
        if key == "suspects":
            names = [_name(mansion, "suspect", v, "") for v in value if not (own and v == speaker)]
            joiner = " or " if kind == "may_have_passed" else " and "
            shown[key] = joiner.join(names) if len(names) <= 2 else ", ".join(names)
        else:
            shown[key] = _name(mansion, FIELD_KINDS[key], value, owner)
    if "suspect" in shown:
        shown["whose"] = possessive(shown["suspect"], group)
    sentence = template.format(**shown)
    return sentence[:1].upper() + sentence[1:]


def card_text(mansion: Mansion, speaker: str, claims: Sequence[dict[str, Any]], rng: random.Random) -> str:
    """``Speaker: “sentence …”`` for a card's claims."""
    said = " ".join(claim_sentence(mansion, claim, rng, speaker) for claim in claims)
    return f"{mansion.speaker_name(speaker)}: “{said}”"
