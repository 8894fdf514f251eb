"""How Walton cards tell a motive: as what it is to the suspect, by the motive's declared ``kind``.

A grievance is something the victim did to the suspect ("the stolen patent"):
the suspect resented him. A secret, a debt or a misdeed is the suspect's own
("a secret from the war", "gambling debts", "forged gallery receipts"): the
victim knew it, could call it in, or had found it out, and the cards say so
instead of calling it a grudge. Testimonies have phrasings per kind; clues and
eliminations name the motive with the kind's word (:data:`CAUSE_WORDS`).

>>> CAUSE_WORDS["misdeed"], sorted(TESTIMONY)
('wrongdoing', ['debt', 'misdeed', 'secret'])
"""

from __future__ import annotations

# What a clue or an elimination calls a motive of each kind: "{whose} {cause}, {motive}".
CAUSE_WORDS = {"grievance": "grievance", "secret": "secret", "debt": "debt", "misdeed": "wrongdoing"}

# Words that tell a grievance against the victim: no card about a motive of another kind uses them.
GRIEVANCE_WORDS = ("grievance", "grudge", "resent", "score to settle", "bad blood", "ill will", "forgave", "hate",
                   "quarrel", "had words", "bitter", "held against", "had it in for", "made peace", "never let it rest")

# motive kind (other than grievance, whose phrasings are PHRASINGS["motive_testimony"]) -> voice -> phrasings.
TESTIMONY: dict[str, dict[str, tuple[str, ...]]] = {
    "secret": {
        "police": ("Our enquiries turned up something {suspect} kept hidden, and {victim} knew of it: {motive}.",
                   "{suspect} had a secret to keep, and {victim} could have told it: {motive}.",
                   "We have learned what {suspect} feared {victim} would reveal: {motive}."),
        "servant": ("I heard {victim} tell {suspect} that it would all come out: {motive}.",
                    "{suspect} had something to hide, and {victim} knew it; I heard them at it: {motive}.",
                    "Below stairs we knew {suspect} dreaded what {victim} might say: {motive}."),
        "*": ("{suspect} had something to hide, and {victim} knew it: {motive}.",
              "{suspect} lived in fear of {victim} telling: {motive}.",
              "{victim} held a secret over {suspect}: {motive}."),
    },
    "debt": {
        "police": ("Our enquiries show {suspect} owed more than could be paid, and {victim} was pressing: {motive}.",
                   "{suspect} {was} in deep water over money, and {victim} would not wait: {motive}.",
                   "The bank's man confirms it: {suspect} could not pay, and {victim} meant to call it in, "
                   "{motive}."),
        "servant": ("I heard {victim} tell {suspect} the money was due and would not wait: {motive}.",
                    "{suspect} came asking {victim} for time more than once; we all heard: {motive}.",
                    "Below stairs we knew {suspect} owed money and {victim} had lost patience: {motive}."),
        "*": ("{suspect} owed money, and {victim} would not wait for it: {motive}.",
              "{suspect} would have been ruined if {victim} called it in: {motive}.",
              "{suspect} could not pay, and {victim} knew it: {motive}."),
    },
    "misdeed": {
        "police": ("Our enquiries show {victim} had found out what {suspect} had done: {motive}.",
                   "{victim} was about to expose {suspect}; we have seen the evidence: {motive}.",
                   "{suspect} had done wrong, and {victim} had found it out: {motive}."),
        "servant": ("I heard {victim} tell {suspect} it would go to the police: {motive}.",
                    "{victim} had found {suspect} out; I heard every word through the door: {motive}.",
                    "Below stairs we knew {victim} meant to expose {suspect}: {motive}."),
        "*": ("{victim} had found out what {suspect} had done: {motive}.",
              "{suspect} had done wrong, and {victim} meant to expose it: {motive}.",
              "{suspect} feared {victim} would go to the police: {motive}."),
    },
}


def motive_testimonies(kind: str, voice: str) -> tuple[str, ...]:
    """Testimony phrasings for a motive of ``kind`` (not grievance) said by ``voice`` (coroner: as anyone).

    >>> motive_testimonies("debt", "coroner") == TESTIMONY["debt"]["*"]
    True
    """
    table = TESTIMONY[kind]
    return table.get(voice) or table["*"]
