"""What servants say on Walton cards: what they saw and heard while at their own work, never a verdict.

A servant reports: where a guest was when the evening went wrong, who passed
where, who whispered with whom, a weapon found untouched. The police give
findings ("we have cleared him"); a servant never does ("Strike him from the
list"). Each servant tells only what his own work let him see: a source's
``duty`` (see :data:`gaslight.domain.walton.mansion.DUTIES`) adds phrasings of
that work to the plain ones every servant may use, so the chauffeur does not
serve at table and the maid does not bring the car round. Claims about rooms
any guest may pass (the Shed, the Garage) keep to the plain phrasings: no work
is done in every room.

>>> sorted(DUTY_PHRASINGS["in_room"])
['grounds', 'household', 'rooms', 'table']
>>> any("tray" in said for said in DUTY_PHRASINGS["in_room"]["grounds"])
False
"""

from __future__ import annotations

# claim type -> phrasings any servant may use (the tokens of gaslight.domain.walton.phrasing.PHRASINGS).
SERVANT_PHRASINGS: dict[str, tuple[str, ...]] = {
    "in_room": ("When the evening went wrong, {suspect} {was} in the {room}; I saw it myself.",
                "I passed the {room} just as it began; {suspect} {was} inside.",
                "I looked into the {room} when it began, and {suspect} {was} there."),
    "not_in_room": ("I looked into the {room} when it began, and {suspect} {was} not there.",
                    "Not the {room}, sir. {suspect} {was} not there at the start; I would have seen.",
                    "I passed the {room} at the start; {suspect} {was} nowhere to be seen."),
    "seen_in_room": ("I looked into the {room} again and again; {suspect} {was} there every time, start to finish.",
                     "Every time I passed the {room}, there {was} {suspect}, from the start to the very end.",
                     "I kept passing the {room} all evening, and {suspect} never once left it."),
    "together": ("{suspects} were together the whole time; I never saw one without the other.",
                 "Whenever I looked in, {suspects} were together; neither left the other all evening.",
                 "{suspects} stayed side by side from start to finish; I saw them every time I passed."),
    "may_have_passed": ("I saw someone in the {room} that night; it may have been {suspects}.",
                        "Someone slipped through the {room} that night while I was about my work; it could have "
                        "been {suspects}.",
                        "There was a shadow in the {room} that night; {suspects}, perhaps."),
    "room_undisturbed": ("I would have seen anyone set out from the {room} for the {scene} that night, or pass "
                         "through it; nobody did.",
                         "I was within sight of the {room} all evening: whoever went to the {scene} neither started "
                         "there nor came through it.",
                         "Nobody crossed the {room} on the way to the {scene} that night, and nobody set out from "
                         "it; I was near it the whole time."),
    "conspiring": ("I heard {suspect} whispering with someone behind the stairs, plotting.",
                   "{suspect} {was} up to something that night, passing notes in a hurry.",
                   "I caught {suspect} at the back door with someone, talking low; it looked like plotting.",
                   "I saw {suspect} slip a folded note to someone on the back stairs.",
                   "{suspect} kept meeting someone in the passage that night, speaking low."),
    "not_culprit": ("When it was done, {suspect} {was} in my sight, nowhere near the {scene}.",
                    "I can account for {suspect}: in my sight the whole while it was done, and far from the {scene}.",
                    "I saw {suspect} at the very time it was done, nowhere near the {scene}."),
    "not_accomplice": ("I watched {suspect} all evening: no whispering, no notes, no errands for anyone.",
                       "{suspect} spoke to nobody on the quiet that night; I would have noticed.",
                       "I saw everything {suspect} did that evening, and none of it was anyone's errand."),
    "acted_alone": ("I was about the house all night and saw nobody keeping watch or covering for anyone.",
                    "No notes passed and nobody stood watch that night; I would have seen it.",
                    "Nobody whispered, kept a look-out or carried a message that night; I was about the whole "
                    "time."),
    "weapon_not_used": ("The {weapon} is in its place and clean; nobody has touched it.",
                        "I saw the {weapon} in its place that night, and it has not been moved since.",
                        "The {weapon} has not left its place; I would know."),
}

# claim type -> duty -> phrasings of that work only (added to SERVANT_PHRASINGS for a servant with that duty).
DUTY_PHRASINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "in_room": {
        "table": ("I took the tray round when it began; {suspect} {was} in the {room}.",
                  "I was pouring the drinks in the {room} when it began, and {suspect} {was} there."),
        "rooms": ("I was laying the fire in the {room} when it began, and {suspect} {was} there.",
                  "I was turning up the lamps in the {room} when it began; {suspect} {was} there."),
        "grounds": ("I was bringing the car round when it began, and through the {room} window I saw {suspect}.",
                    "From the drive I could see into the {room} when it began: {suspect} {was} there."),
        "household": ("I looked in on the {room} on my rounds when it began; {suspect} {was} there.",
                      "I was going round with the keys when it began; {suspect} {was} in the {room}."),
    },
    "not_in_room": {
        "table": ("I cleared the glasses in the {room} when it began; {suspect} {was} nowhere to be seen.",),
        "rooms": ("I was seeing to the fire in the {room} at the start, and {suspect} {was} not there.",),
        "grounds": ("From the drive I could see into the {room} at the start; {suspect} {was} not there.",),
        "household": ("I looked in on the {room} on my rounds at the start; {suspect} {was} not there.",),
    },
    "seen_in_room": {
        "table": ("I was serving in the {room} all evening, and {suspect} never once left it.",),
        "rooms": ("I kept the fire going in the {room} all evening, and {suspect} never once left it.",),
        "grounds": ("I waited with the car all evening with the {room} window in sight; {suspect} {was} there "
                    "from first to last.",),
        "household": ("My rounds took me past the {room} all evening; {suspect} {was} there every time.",),
    },
    "together": {
        "table": ("I served {suspects} all evening; they were together every time I came round.",),
        "rooms": ("I saw to the fire beside {suspects} all evening; neither left the other.",),
        "grounds": ("From the drive I had {suspects} in sight at the window all evening, side by side.",),
        "household": ("Every time my rounds brought me by, {suspects} were together.",),
    },
}

# Words of each duty's work: a servant whose cards use another duty's words does another's work.
DUTY_WORDS: dict[str, tuple[str, ...]] = {
    "table": ("tray", "pouring", "drinks", "glasses", "serving", "served", "serve"),
    "rooms": ("fire", "lamps", "dusted", "dusting", "mending", "beds"),
    "grounds": ("car", "drive"),
    "household": ("rounds", "keys"),
}


def servant_phrasings(kind: str, duty: str) -> tuple[str, ...]:
    """The phrasings a servant with ``duty`` ('' for none) may use for a claim type (empty: none of his own).

    >>> len(servant_phrasings("in_room", "")), len(servant_phrasings("in_room", "table"))
    (3, 5)
    """
    return SERVANT_PHRASINGS.get(kind, ()) + DUTY_PHRASINGS.get(kind, {}).get(duty, ())
