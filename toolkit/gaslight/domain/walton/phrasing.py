"""Display text for generated Walton cards: phrasings per claim type and per kind of speaker.

Every phrasing says exactly what the claim means (see the case logic page);
only the wording varies, so a deck does not read like a form. Each kind of
speaker talks of what that role would know: the coroner of the body and its
traces, the police of evidence, timelines and findings, servants of what they
saw and heard at their own work (never a verdict), suspects of what they saw
and heard (and, when a motive was ruled out, of what the inspector told them).
Each speaker calls the victim as the mansion says he would (a guest never says
"the master"), and a motive is told as what it is to its suspect: a grievance,
a secret, a debt or a misdeed. Verbs agree with group
references ("the Berwick sisters were") and possessives are written for them
("the sisters'"). The speaker's name comes first, as on a printed card.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> card_text(house, "maid", ({"type": "seen_in_room", "suspect": "bob", "room": "den"},), random.Random(0))
'Maid: “Every time I passed the Den, there was Bob, from the start to the very end.”'
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from gaslight.domain.walton.case import mansion_name
from gaslight.domain.walton.mansion import Mansion, in_sentence, possessive
from gaslight.domain.walton.phrasing_ja import deck_texts_ja, written_in
from gaslight.domain.walton.phrasing_motives import CAUSE_WORDS, motive_testimonies
from gaslight.domain.walton.phrasing_servants import servant_phrasings
from gaslight.domain.walton.phrasing_voice import VOICES as VOICES
from gaslight.domain.walton.phrasing_voice import pick_least_used, told_by_deck, voice_of

ANY = "*"

# claim type -> voice (or ANY) -> phrasings. Tokens: {suspect}, {suspects}, {room}, {motive}, {trace}, {weapon},
# {scene} (the crime scene), {was} and {has} (agreeing with the subject), {whose} (the subject's possessive),
# {victim} and {victim_whose} (the dead as this speaker calls him: Mansion.victim_called_by), {him} and {his}
# (the victim's pronoun), {cause} (what the motive is to its suspect: "grievance", "secret", "debt", "wrongdoing").
# Servants' phrasings are in phrasing_servants (by duty), testimonies of motives other than grievances in
# phrasing_motives. No phrasing names a room but through {room} or {scene}: a room word in a template would be a
# room of some designer's map used as a figure of speech.
PHRASINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "motive_testimony": {  # a grievance; the other kinds of motive: phrasing_motives.TESTIMONY
        "police": ("Our enquiries show {suspect} had cause to resent {victim}: {motive}.",
                   "We have it from three people in the village: {suspect} had a score to settle, {motive}.",
                   "The constable's notebook has it plainly: {suspect} had a grievance against {victim}, {motive}.",
                   "Witnesses tell us {suspect} quarrelled with {victim} over {motive}.",
                   "It is in our notes: {suspect} bore {victim} a grudge over {motive}.",
                   "The household agrees that {suspect} had a quarrel with {victim}: {motive}."),
        "servant": ("I have been with this household long enough to know {suspect} bore a grudge: {motive}.",
                    "Below stairs we all knew what {suspect} held against {victim}: {motive}.",
                    "I have heard the shouting through the door more than once; {suspect} never let it rest: "
                    "{motive}.",
                    "I heard {suspect} raise it with {victim} again only last week, bitter as ever: {motive}.",
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
        "coroner": ("Among the papers on the body, a letter bears out {whose} {cause}: {motive}.",
                    "In {his} coat pocket I found a note that speaks of {whose} {cause}: {motive}.",
                    "A scrap of paper clutched in {his} hand points to {whose} {cause}: {motive}.",
                    "Folded inside {his} cuff was a note about {whose} {cause}: {motive}.",
                    "On the body I found a letter that names {whose} {cause}: {motive}."),
        ANY: ("Papers in the desk bear it out: {suspect} had cause to kill, {motive}.",
              "A torn note in the grate points to {whose} {cause}: {motive}.",
              "A letter found in the {scene} bears it out: {whose} {cause}, {motive}.",
              "A diary in the {scene} tells of {whose} {cause}: {motive}.",
              "Among {victim_whose} papers was proof of {whose} {cause}: {motive}."),
    },
    "motive_eliminated": {
        "police": ("We have looked into {whose} {cause}, {motive}: it is no part of the killing.",
                   "{whose} {cause}, {motive}, led to nothing that night; we have ruled it out.",
                   "We followed {whose} {cause}, {motive}, to the end: a dead end, nothing to do with the "
                   "killing."),
        ANY: ("The inspector says {whose} {cause}, {motive}, played no part in it.",
              "I heard the police have ruled it out: {whose} {cause}, {motive}, had nothing to do with this.",
              "The police told us {whose} {cause}, {motive}, played no part in it; they have put it aside."),
    },
    "in_room": {
        "police": ("By our timeline, {suspect} {was} in the {room} when the crime began.",
                   "Our timeline puts {suspect} in the {room} when it all began.",
                   "Two statements agree on it: when it began, {suspect} {was} in the {room}."),
        ANY: ("When the evening went wrong, {suspect} {was} in the {room}.",
              "At the start of it all, {suspect} {was} in the {room}; I am certain of that.",
              "I can tell you where {suspect} {was} when it began: in the {room}."),
    },
    "not_in_room": {
        "police": ("{suspect} {was} not in the {room} when it began; we have checked.",
                   "Whoever else was in the {room} at the start, {suspect} {was} not; the statements rule it out.",
                   "{suspect} {was} not in the {room} at the start; the times do not allow it."),
        ANY: ("Whatever else is true, {suspect} {was} not in the {room} when it began.",
              "The {room}? No. {suspect} {was} not there when it started.",
              "I would swear to one thing: {suspect} {was} not in the {room} at the start."),
    },
    "seen_in_room": {
        "police": ("Two witnesses put {suspect} in the {room} from first to last.",
                   "{suspect} never left the {room} all evening; three statements bear it out.",
                   "From the first alarm to the last, {suspect} {was} in the {room}; we have it from several "
                   "witnesses."),
        ANY: ("{suspect} sat in the {room} from first to last and never stepped out.",
              "{suspect} never left the {room}, not for a moment, from start to finish.",
              "I had {suspect} in sight in the {room} the whole evening; not a step outside it."),
    },
    "together": {
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
        ANY: ("The doctor says the wounds do not fit the {weapon}; I heard it myself.",
              "It was not the {weapon}; the inspector has had it examined.",
              "The inspector has ruled out the {weapon}; it was not used."),
    },
    "may_have_passed": {
        "police": ("Footprints in the {room}: {suspects} could have passed that way.",
                   "Someone went through the {room}; the marks would fit {suspects}.",
                   "A trail through the {room} that night; {suspects} cannot be ruled out."),
        ANY: ("Someone went through the {room} that night; it may have been {suspects}.",
              "I heard steps in the {room} that night; it could have been {suspects}.",
              "Someone passed the {room} in the dark; I would say {suspects}."),
    },
    "room_undisturbed": {
        "police": ("Nobody on the way to the {scene} went through the {room}, and the killer did not set out "
                   "from it; we have made sure.",
                   "The killer's way did not lead through the {room}, nor start there; the statements rule it out.",
                   "We have gone over the {room}: the killer neither started there nor passed through it."),
        ANY: ("Whoever did it never set foot in the {room} that night, not even at the start.",
              "Whoever went to the {scene} neither set out from the {room} nor passed through it that night.",
              "The killer's way never touched the {room} that night, neither at the start nor after."),
    },
    "not_culprit": {
        "police": ("{suspect} could not have done the killing; we have made sure of it.",
                   "We have cleared {suspect} of the killing; there is no doubt of it.",
                   "{whose} account of the evening holds up: not the killer."),
        ANY: ("I had {suspect} in sight when it was done, nowhere near the {scene}.",
              "When it was done, {suspect} {was} nowhere near the {scene}; I would swear to it.",
              "I can answer for {suspect}: far from the {scene} at the very time it was done."),
    },
    "conspiring": {
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
        ANY: ("I kept an eye on {suspect} all evening and saw no help given to anyone.",
              "I watched {suspect} all evening: no whispers, no notes, no help to anyone.",
              "{suspect} had no part in helping the killer; I was watching the whole evening.",
              "If the killer had help, it did not come from {suspect}; I was watching all evening.",
              "{suspect} gave the killer no help; I am sure of it."),
    },
    "acted_alone": {
        "police": ("This was the work of one pair of hands; the killer had no helper.",
                   "We have found no helper; the killer worked alone.",
                   "Everything points to one person acting alone."),
        ANY: ("Whoever did this had no help from anyone; the inspector is sure of it.",
              "The inspector says the killer needed no help and had none.",
              "The police are certain it was done by one alone; nobody helped."),
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


def _name(mansion: Mansion, kind: str, ident: str, owner: str) -> str:
    name = mansion_name(mansion, kind, ident, owner)
    return in_sentence(name) if kind == "suspect" else name  # capitalised again at a sentence start


def _is_group(mansion: Mansion, suspect_id: str) -> bool:
    who = mansion.suspect(suspect_id)
    return bool(who and who.persons)


def phrasings(kind: str, voice: str, duty: str = "", motive_kind: str = "grievance") -> tuple[str, ...]:
    """The phrasings a kind of speaker may use for a claim type: a servant's by his ``duty`` (see
    :mod:`gaslight.domain.walton.phrasing_servants`), a testimony's by the ``motive_kind``.

    >>> phrasings("acted_alone", "police")[0]
    'This was the work of one pair of hands; the killer had no helper.'
    >>> phrasings("motive_testimony", "suspect", motive_kind="debt")[0]
    '{suspect} owed money, and {victim} would not wait for it: {motive}.'
    """
    if kind == "motive_testimony" and motive_kind != "grievance":
        return motive_testimonies(motive_kind, voice)
    if voice == "servant" and servant_phrasings(kind, duty):
        return servant_phrasings(kind, duty)
    table = PHRASINGS[kind]
    return table.get(voice) or table[ANY]


def _motive_kind(mansion: Mansion, claim: dict[str, Any]) -> str:
    who = mansion.suspect(claim.get("suspect", ""))
    motive = who.motive(claim.get("motive", "")) if who else None
    return motive.kind if motive else "grievance"


def claim_sentence(mansion: Mansion, claim: dict[str, Any], rng: random.Random, speaker: str = "",
                   avoid: Collection[str] = ()) -> str:
    """One claim as a sentence (a seeded pick among its phrasings; first person when the speaker is its subject).

    A sentence in ``avoid`` (printed already) is picked only when every phrasing is.
    """
    return pick_least_used(claim_sentences(mansion, claim, speaker), rng, avoid, {})[1]


def claim_sentences(mansion: Mansion, claim: dict[str, Any], speaker: str = "") -> list[tuple[str, str]]:
    """Every way ``speaker`` may say ``claim``: (phrasing, sentence) pairs, in the phrasing table's order."""
    kind = claim["type"]
    named = list(claim.get("suspects", ())) or [claim.get("suspect", "")]
    own = speaker in named and kind in FIRST_PERSON and (kind != "may_have_passed" or len(set(named)) == 1)
    owner = claim.get("suspect", "")
    group = _is_group(mansion, speaker if own else owner)
    if own:
        templates = (FIRST_PERSON_GROUP if group else FIRST_PERSON)[kind]
    voice = voice_of(mansion, speaker)
    source = mansion.source(speaker)
    motive_kind = _motive_kind(mansion, claim)
    if not own:
        templates = phrasings(kind, voice, source.work if source else "", motive_kind)
        if _is_group(mansion, speaker):
            templates = tuple(as_group(template) for template in templates)
    scene = next((r.name for r in mansion.rooms if r.crime_scene), "crime scene")
    victim = mansion.victim
    called = in_sentence(mansion.victim_called_by(speaker, voice))
    shown: dict[str, str] = {"was": "were" if group else "was", "has": "have" if group else "has", "scene": scene,
                             "victim": called, "victim_whose": possessive(called, False),
                             "him": victim.him, "his": victim.his, "cause": CAUSE_WORDS.get(motive_kind, "grievance")}
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


def case_texts(mansion: Mansion, case_id: str, cards: Sequence[tuple[str, Sequence[dict[str, Any]], str | None]],
               language: str) -> list[str]:
    """A case's card texts in ``language``, given as (speaker, claims, text as written or None), in number order.

    A text written in ``language`` is kept as it is (a designer's hand edits stay); the others are rendered from
    the claims in that language, seeded by the case's id, so a case file holding English text also prints in
    Japanese, the same bytes every build.
    """
    rendered = deck_texts(mansion.in_language(language), [(speaker, claims) for speaker, claims, _ in cards],
                          text_random(case_id))
    return [text if text and written_in(text) == language else fresh
            for (_, _, text), fresh in zip(cards, rendered, strict=True)]


def text_random(case_id: str) -> random.Random:
    """The random choices of a case's card texts, seeded by its id alone: the generator and ``retext`` agree.

    >>> text_random("x").random() == text_random("x").random()
    True
    """
    return random.Random(f"{case_id}:text")


def deck_texts(mansion: Mansion, cards: Iterable[tuple[str, Sequence[dict[str, Any]]]],
               rng: random.Random) -> list[str]:
    """The texts of a deck's cards, given as (speaker, claims), in order. A fact told again by another speaker
    gets another phrasing while one is left, so a deck never prints one sentence twice where it can help it; and
    each card takes a phrasing the deck has used least, so no one sentence shape fills the deck. A mansion read
    in Japanese (:meth:`~gaslight.domain.walton.mansion.Mansion.in_language`) gets Japanese cards
    (:mod:`gaslight.domain.walton.phrasing_ja`).
    """
    if mansion.language == "ja":
        return deck_texts_ja(mansion, cards, rng)
    return told_by_deck(cards, rng, lambda claim, speaker: claim_sentences(mansion, claim, speaker),
                        lambda speaker, sentences: f"{mansion.speaker_name(speaker)}: “{' '.join(sentences)}”")
