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
'Maid: “I was serving in the Den all evening, and Bob never once left it.”'
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from gaslight.domain.walton.case import mansion_name
from gaslight.domain.walton.mansion import Mansion, in_sentence, possessive

# Kinds of speaker: a source's role (the housekeeper speaks as a servant), or "suspect".
VOICES = ("coroner", "police", "servant", "suspect")
ANY = "*"

# claim type -> voice (or ANY) -> phrasings. Tokens: {suspect}, {suspects}, {room}, {motive}, {trace}, {weapon},
# {scene} (the crime scene), {was} and {has} (agreeing with the subject), {whose} (the subject's possessive),
# {victim}, {victim_whose}, {him} and {his} (the dead, as the mansion's ``victim`` says: "the master", he).
PHRASINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "motive_testimony": {
        "police": ("Our enquiries show {suspect} had cause to resent {victim}: {motive}.",
                   "We have it from three people in the village: {suspect} had a score to settle, {motive}.",
                   "The constable's notebook has it plainly: {suspect} had a grievance against {victim}, {motive}.",
                   "Witnesses tell us {suspect} quarrelled with {victim} over {motive}.",
                   "It is in our notes: {suspect} bore {victim} a grudge over {motive}.",
                   "The household agrees that {suspect} had a quarrel with {victim}: {motive}."),
        "servant": ("I have served in this house long enough to know {suspect} bore a grudge: {motive}.",
                    "Below stairs we all knew what {suspect} held against {victim}: {motive}.",
                    "I have heard the shouting through the door more than once; {suspect} never let it rest: "
                    "{motive}.",
                    "Ask anyone in the kitchen: {suspect} had it in for {victim} over {motive}.",
                    "{suspect} and {victim} had words more than once over {motive}; we all heard.",
                    "It was no secret below stairs: {suspect} bore {victim} ill will over {motive}."),
        ANY: ("Everyone knew {suspect} had a grudge against {victim}: {motive}.",
              "{suspect} had a reason to hate {victim}: {motive}.",
              "{suspect} never forgave {him} for it: {motive}.",
              "{suspect} quarrelled with {victim} over {motive}; I heard it myself.",
              "There was bad blood between {suspect} and {victim}: {motive}.",
              "Ask anyone: {suspect} had never made peace with {victim} over {motive}."),
    },
    "motive_clue": {
        "coroner": ("Among the papers on the body, a letter bears out {whose} grievance: {motive}.",
                    "In {his} coat pocket I found a note that speaks of {whose} grievance: {motive}.",
                    "A scrap of paper clutched in {his} hand points to {whose} grievance: {motive}.",
                    "Folded inside {his} cuff was a note about {whose} grievance: {motive}.",
                    "On the body I found a letter that names {whose} grievance: {motive}."),
        ANY: ("Papers in the desk bear it out: {suspect} had cause to kill, {motive}.",
              "A torn note in the grate points to {whose} grievance: {motive}.",
              "A letter found in the {scene} bears it out: {whose} grievance, {motive}.",
              "A diary in the {scene} tells of {whose} grievance: {motive}.",
              "Among {victim_whose} papers was proof of {whose} grievance: {motive}."),
    },
    "motive_eliminated": {
        "police": ("We have looked into {whose} grievance, {motive}; it was settled long ago and played no part.",
                   "{whose} old grievance, {motive}, is real, but it led to nothing tonight; we have ruled it out.",
                   "We followed up {whose} grievance, {motive}, to the end: a dead end, nothing to do with the "
                   "killing."),
        ANY: ("The inspector says {whose} grievance, {motive}, was settled long ago and played no part.",
              "I heard the police have ruled it out: {whose} grievance, {motive}, had nothing to do with this.",
              "The police told us {whose} grievance, {motive}, played no part in it; they have put it aside."),
    },
    "in_room": {
        "police": ("By our timeline, {suspect} {was} in the {room} when the crime began.",
                   "We have fixed where everyone stood at the start: {suspect}, the {room}.",
                   "Two statements agree on it: when it began, {suspect} {was} in the {room}."),
        "servant": ("I took the tray round when it began; {suspect} {was} in the {room}.",
                    "When the evening went wrong, {suspect} {was} in the {room}; I saw it myself.",
                    "I was laying the fire in the {room} when it began, and {suspect} {was} there."),
        ANY: ("When the evening went wrong, {suspect} {was} in the {room}.",
              "At the start of it all, {suspect} {was} in the {room}; I am certain of that.",
              "I can tell you where {suspect} {was} when it began: in the {room}."),
    },
    "not_in_room": {
        "police": ("{suspect} {was} not in the {room} when it began; we have checked.",
                   "Whoever else was in the {room} at the start, {suspect} {was} not; the statements rule it out.",
                   "{suspect} {was} not in the {room} at the start; the times do not allow it."),
        "servant": ("I was in and out of the {room} at the start, and {suspect} {was} not there.",
                    "I cleared the glasses in the {room} when it began; {suspect} {was} nowhere to be seen.",
                    "Not the {room}, sir. {suspect} {was} not there at the start; I would have seen."),
        ANY: ("Whatever else is true, {suspect} {was} not in the {room} when it began.",
              "The {room}? No. {suspect} {was} not there when it started.",
              "I would swear to one thing: {suspect} {was} not in the {room} at the start."),
    },
    "seen_in_room": {
        "police": ("Two witnesses put {suspect} in the {room} from first to last.",
                   "{suspect} never left the {room} all evening; three statements bear it out.",
                   "From the first alarm to the last, {suspect} {was} in the {room}; we have it from several "
                   "witnesses."),
        "servant": ("I looked into the {room} again and again; {suspect} {was} there every time, start to finish.",
                    "I was serving in the {room} all evening, and {suspect} never once left it.",
                    "Every time I passed the {room}, there {was} {suspect}, from the start to the very end."),
        ANY: ("{suspect} sat in the {room} from first to last and never stepped out.",
              "{suspect} never left the {room}, not for a moment, from start to finish.",
              "I had {suspect} in sight in the {room} the whole evening; not a step outside it."),
    },
    "together": {
        "servant": ("{suspects} were together the whole time; I never saw one without the other.",
                    "Whenever I looked in, {suspects} were together; neither left the other all evening.",
                    "{suspects} stayed side by side from start to finish; I saw them every time I passed."),
        "police": ("{suspects} vouch for each other, and the witnesses agree: together the whole time.",
                   "Our witnesses put {suspects} together from first to last; neither left the other.",
                   "{suspects} were never apart that evening; the statements agree on it."),
        ANY: ("{suspects} kept each other company in one room and neither slipped away.",
              "{suspects} were side by side the whole time; neither left the other.",
              "{suspects} never parted all evening; where one was, so was the other."),
    },
    "trace_found": {
        "coroner": ("On the body I found this: {trace}.",
                    "The examination of the body leaves no doubt about one thing: {trace}.",
                    "My report will say it plainly: the body shows {trace}."),
        "police": ("The coroner's report is plain on one point: {trace}.",
                   "The coroner has shown us what the examination found: {trace}.",
                   "One line in the coroner's report stands out: {trace}."),
        ANY: ("I heard the doctor say it outright: {trace}.",
              "The doctor told the inspector, and I overheard it: {trace}.",
              "Word from the coroner has gone round the house: {trace}."),
    },
    "trace_absent": {
        "coroner": ("I looked for {trace} and found none.",
                    "I examined the body for {trace}, and nothing of the kind was there.",
                    "I can rule one thing out entirely: {trace}."),
        "police": ("The coroner's report rules one thing out: {trace}.",
                   "The coroner looked for {trace} and found none.",
                   "We asked the coroner about {trace}: nothing of the kind on the body."),
        ANY: ("The doctor looked for {trace} and found none; I heard it said.",
              "The doctor looked for {trace} on the body and found none, the inspector says.",
              "Word from the coroner is that a search for {trace} found none."),
    },
    "weapon_not_used": {
        "coroner": ("Whatever killed {him}, it was not the {weapon}.",
                    "The wounds do not fit the {weapon}; I can rule it out.",
                    "I have compared the wounds with the {weapon}: it was not used."),
        "police": ("The {weapon} has been examined; it was not the weapon.",
                   "We have examined the {weapon} closely; it was not what killed {him}.",
                   "Put the {weapon} out of your mind; it played no part."),
        ANY: ("Whatever killed {him}, it was not the {weapon}.",
              "It was not the {weapon}; that much is certain.",
              "The inspector has ruled out the {weapon}; it was not used."),
    },
    "may_have_passed": {
        "servant": ("I saw someone in the {room} that night; it may have been {suspects}.",
                    "Someone slipped through the {room} while I was clearing up; it could have been {suspects}.",
                    "There was a shadow in the {room} that night; {suspects}, perhaps."),
        "police": ("Footprints in the {room}: {suspects} could have passed that way.",
                   "Someone went through the {room}; the marks would fit {suspects}.",
                   "A trail through the {room} that night; {suspects} cannot be ruled out."),
        ANY: ("Someone went through the {room} that night; it may have been {suspects}.",
              "I heard steps in the {room} that night; it could have been {suspects}.",
              "Someone passed the {room} in the dark; I would say {suspects}."),
    },
    "room_undisturbed": {
        "servant": ("I dusted the {room} that afternoon; nobody on the way to the {scene} went through it.",
                    "Nobody on the way to the {scene} came through the {room}; I sat there mending all night.",
                    "The {room} was locked up from the afternoon; whoever went to the {scene} never passed it."),
        "police": ("Nobody on the way to the {scene} went through the {room}; the dust is undisturbed.",
                   "The {room} was untouched all evening; the killer's way did not lead through it.",
                   "We have gone over the {room}: the killer neither started there nor passed through it."),
        ANY: ("Whoever did it never set foot in the {room} that night, not even at the start.",
              "The {room} saw nobody on the way to the {scene}, not even at the start.",
              "The killer's way never touched the {room}; it was quiet there all night."),
    },
    "not_culprit": {
        "police": ("{suspect} could not have done the killing; we have made sure of it.",
                   "We have cleared {suspect} of the killing; there is no doubt of it.",
                   "{whose} account of the evening holds up: not the killer."),
        ANY: ("{suspect} could not have done it.", "Strike {suspect} from the list of killers.",
              "Whoever did it, it was not {suspect}."),
    },
    "conspiring": {
        "servant": ("I heard {suspect} whispering with someone behind the stairs, plotting.",
                    "{suspect} {was} up to something that night, passing notes in a hurry.",
                    "I caught {suspect} at the back door with someone, talking low; it looked like plotting.",
                    "I saw {suspect} slip a folded note to someone on the back stairs.",
                    "{suspect} kept meeting someone in the passage that night, speaking low."),
        ANY: ("{suspect} {was} up to something that night, passing notes in a hurry.",
              "I saw {suspect} whispering in a corner that night; it did not look innocent.",
              "There was something sly about {suspect} that night, all hushed words and glances.",
              "I noticed {suspect} exchanging looks with someone all evening; something was planned.",
              "{suspect} {was} deep in a hushed talk with someone that night, and stopped when I came near."),
    },
    "not_accomplice": {
        "police": ("{suspect} lent no hand to it; we are satisfied of that.",
                   "We are sure of this much: {suspect} helped nobody.",
                   "Whoever the killer had for help, it was not {suspect}.",
                   "{suspect} played no part in helping the killer; the evidence is clear.",
                   "No help came from {suspect}; we have made sure of it."),
        ANY: ("{suspect} helped nobody that night.", "Whatever happened, {suspect} lent no hand to it.",
              "{suspect} had no part in helping the killer.",
              "If the killer had help, it did not come from {suspect}.",
              "{suspect} gave the killer no help; I am sure of it."),
    },
    "acted_alone": {
        "police": ("This was the work of one pair of hands; the killer had no helper.",
                   "We have found no helper; the killer worked alone.",
                   "Everything points to one person acting alone."),
        ANY: ("Whoever did this had no help from anyone.",
              "The killer needed no help and had none.",
              "It was done by one alone; nobody helped."),
    },
}

# Said by the suspect the claim is about ({suspects} is then the other one); a group speaks as "we".
FIRST_PERSON: dict[str, tuple[str, ...]] = {
    "in_room": ("I was in the {room} when it all began.", "When the evening went wrong I was in the {room}.",
                "I can tell you where I was when it began: the {room}."),
    "not_in_room": ("I was not in the {room} when it began, whatever they tell you.",
                    "When it began I was nowhere near the {room}.",
                    "Put me anywhere you like at the start, but not in the {room}."),
    "seen_in_room": ("I sat in the {room} from first to last and never stepped out.",
                     "I never left the {room} all evening, from first to last.",
                     "From start to finish I stayed in the {room}; ask anyone."),
    "together": ("{suspects} and I were together the whole time; neither of us left the other.",
                 "I was with {suspects} from start to finish; we never parted.",
                 "Ask {suspects}: we were side by side the whole evening."),
    "not_culprit": ("I did not kill {him}. I could not have.", "I did not kill {him}, and I can prove it.",
                    "Whatever you think of me, I am not the one who killed {him}."),
    "not_accomplice": ("I helped nobody that night.", "I lent no hand to whoever did it.",
                       "If someone had help, it was not from me."),
    "may_have_passed": ("I may have passed through the {room}, I grant you.",
                        "I may have gone through the {room} that night; I do not remember.",
                        "It could have been me in the {room}, I suppose."),
}
FIRST_PERSON_GROUP: dict[str, tuple[str, ...]] = {
    "in_room": ("We were in the {room} when it all began.", "When the evening went wrong we were in the {room}.",
                "We can tell you where we were when it began: the {room}."),
    "not_in_room": ("We were not in the {room} when it began, whatever they tell you.",
                    "When it began we were nowhere near the {room}.",
                    "Put us anywhere you like at the start, but not in the {room}."),
    "seen_in_room": ("We sat in the {room} from first to last and never stepped out.",
                     "We never left the {room} all evening, from first to last.",
                     "From start to finish we stayed in the {room}; ask anyone."),
    "together": ("We were with {suspects} the whole time; none of us left the others.",
                 "We were with {suspects} from start to finish; we never parted.",
                 "Ask {suspects}: we were side by side the whole evening."),
    "not_culprit": ("We did not kill {him}. We could not have.",
                    "We did not kill {him}, and we can prove it.",
                    "Whatever you think of us, we are not the ones who killed {him}."),
    "not_accomplice": ("We helped nobody that night.", "We lent no hand to whoever did it.",
                       "If someone had help, it was not from us."),
    "may_have_passed": ("We may have passed through the {room}, we grant you.",
                        "We may have gone through the {room} that night; we do not remember.",
                        "It could have been us in the {room}, we suppose."),
}

# A group speaking about others says "we" where one person says "I" (the first-person tables above are written
# for both already).
PLURAL_PRONOUNS = {"I am": "we are", "I was": "we were", "I": "we", "me": "us", "my": "our", "myself": "ourselves"}
_SINGULAR = re.compile(r"\b(" + "|".join(sorted(PLURAL_PRONOUNS, key=len, reverse=True)) + r")\b")
_SENTENCE_START = re.compile(r"(^|[.?!] +)([a-z])")

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
    return in_sentence(name) if kind == "suspect" else name  # capitalised again at a sentence start


def _is_group(mansion: Mansion, suspect_id: str) -> bool:
    who = mansion.suspect(suspect_id)
    return bool(who and who.persons)


def phrasings(kind: str, voice: str) -> tuple[str, ...]:
    """The phrasings a kind of speaker may use for a claim type."""
    table = PHRASINGS[kind]
    return table.get(voice) or table[ANY]


def claim_sentence(mansion: Mansion, claim: dict[str, Any], rng: random.Random, speaker: str = "",
                   avoid: Collection[str] = ()) -> str:
    """One claim as a sentence (a seeded pick among its phrasings; first person when the speaker is its subject).

    A sentence in ``avoid`` (printed already) is picked only when every phrasing is.
    """
    return _pick(claim_sentences(mansion, claim, speaker), rng, avoid, {})[1]


def claim_sentences(mansion: Mansion, claim: dict[str, Any], speaker: str = "") -> list[tuple[str, str]]:
    """Every way ``speaker`` may say ``claim``: (phrasing, sentence) pairs, in the phrasing table's order."""
    kind = claim["type"]
    named = list(claim.get("suspects", ())) or [claim.get("suspect", "")]
    own = speaker in named and kind in FIRST_PERSON and (kind != "may_have_passed" or len(set(named)) == 1)
    owner = claim.get("suspect", "")
    group = _is_group(mansion, speaker if own else owner)
    if own:
        templates = (FIRST_PERSON_GROUP if group else FIRST_PERSON)[kind]
    else:
        templates = phrasings(kind, voice_of(mansion, speaker))
        if _is_group(mansion, speaker):
            templates = tuple(as_group(template) for template in templates)
    scene = next((r.name for r in mansion.rooms if r.crime_scene), "crime scene")
    victim = mansion.victim
    shown: dict[str, str] = {"was": "were" if group else "was", "has": "have" if group else "has", "scene": scene,
                             "victim": victim.who, "victim_whose": victim.whose,
                             "him": victim.him, "his": victim.his}
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
    return [(template, _capitalised(template.format(**shown))) for template in templates]


def _pick(choices: list[tuple[str, str]], rng: random.Random, avoid: Collection[str],
          used: Mapping[str, int]) -> tuple[str, str]:
    """A seeded pick among (phrasing, sentence) pairs: not a sentence in ``avoid`` while another is left, and
    among those, a phrasing the deck has ``used`` least."""
    fresh = [pair for pair in choices if pair[1] not in avoid] or choices
    fewest = min(used.get(template, 0) for template, _ in fresh)
    return rng.choice([pair for pair in fresh if used.get(pair[0], 0) == fewest])


def as_group(sentence: str) -> str:
    """What one person says in the first person, said by a group.

    >>> as_group("I heard steps; I would say Greg, and I am sure of it.")
    'we heard steps; we would say Greg, and we are sure of it.'
    """
    return _SINGULAR.sub(lambda found: PLURAL_PRONOUNS[found.group(1)], sentence)


def _capitalised(sentence: str) -> str:
    """Every sentence of ``sentence`` starts with a capital (a name may open one: "Not the Hall, sir. The …").

    >>> _capitalised("the Hall? no. the sisters were not there.")
    'The Hall? No. The sisters were not there.'
    """
    return _SENTENCE_START.sub(lambda found: found.group(1) + found.group(2).upper(), sentence)


def card_text(mansion: Mansion, speaker: str, claims: Sequence[dict[str, Any]], rng: random.Random) -> str:
    """``Speaker: “sentence …”`` for a card's claims."""
    return deck_texts(mansion, [(speaker, claims)], rng)[0]


def deck_texts(mansion: Mansion, cards: Iterable[tuple[str, Sequence[dict[str, Any]]]],
               rng: random.Random) -> list[str]:
    """The texts of a deck's cards, given as (speaker, claims), in order. A fact told again by another speaker
    gets another phrasing while one is left, so a deck never prints one sentence twice where it can help it; and
    each card takes a phrasing the deck has used least, so no one sentence shape fills the deck.
    """
    said: set[str] = set()
    used: Counter[str] = Counter()
    texts = []
    for speaker, claims in cards:
        picked = [_pick(claim_sentences(mansion, claim, speaker), rng, said, used) for claim in claims]
        sentences = [sentence for _, sentence in picked]
        said.update(sentences)
        used.update(template for template, _ in picked)
        texts.append(f"{mansion.speaker_name(speaker)}: “{' '.join(sentences)}”")
    return texts
