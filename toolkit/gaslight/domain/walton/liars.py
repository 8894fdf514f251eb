"""Who may lie in a Walton case: the two readings a case (or its mansion) can declare.

This module is the one place the rule is written in words. The player rules
page (rule text ``{{ who_may_lie }}``), the case logic reference page and each
case page render it from here; ``encoding.lp`` encodes it, the generator and
the brute-force checker of the test suite follow it.

* ``alibi-only`` (the default, seed 004's reading): the culprit never lies
  about his own start room (only "stayed there throughout" may be false); the
  accomplice's claims are all true except those that give the culprit an
  alibi, and even those name the room truly.
* ``free``: the culprit and the accomplice may say anything false except
  where they themselves started.

>>> reading_of(None, None).id
'alibi-only'
>>> reading_of("free", "alibi-only").title
'Free reading'
>>> player_text("free").splitlines()[1][:60]
'The culprit and the accomplice may lie about anything except'

"""

from __future__ import annotations

from dataclasses import dataclass

ALIBI_ONLY = "alibi-only"
FREE = "free"
READINGS = (ALIBI_ONLY, FREE)
DEFAULT_READING = ALIBI_ONLY


@dataclass(frozen=True)
class Reading:
    """One reading of who may lie: its id, a title, and the rule as players read it (one sentence per item)."""

    id: str
    title: str
    summary: str
    rules: tuple[str, ...]
    precise: tuple[tuple[str, str], ...]  # (whose claim, what must hold) for the case logic page


_HONEST = ("The police, the coroner, the servants, the housekeeper and every suspect who is neither the culprit "
           "nor the accomplice always tell the truth.")
_MOTIVES = "Neither the culprit nor the accomplice reveals the other's motive, by testimony or by a clue."

READING: dict[str, Reading] = {
    ALIBI_ONLY: Reading(
        ALIBI_ONLY, "The source's reading",
        "the culprit may lie about anything but their own start room; the accomplice only covers the culprit's alibi",
        (_HONEST,
         "The culprit may lie, but not about where they were when the crime began: whatever the culprit says "
         "about their own start room names the room they really started in. Only the claim to have stayed there "
         "throughout can be false.",
         "The accomplice's only help is the culprit's alibi: a claim that the culprit was with someone, or "
         "stayed in their room throughout, may be false, though the room it names is the right one. Everything "
         "else the accomplice says is true, their own room included.",
         _MOTIVES),
        (("a card by anyone else", "every claim holds"),
         ("the culprit: `in_room` or `not_in_room` about themselves", "holds"),
         ("the culprit: `seen_in_room` or `together` naming themselves",
          "the room part holds (they started in that room, or in the other's room); \"throughout\" may be false"),
         ("the culprit: any other claim", "may be false"),
         ("the accomplice: `seen_in_room` or `together` naming the culprit",
          "the room part holds; \"throughout\" may be false"),
         ("the accomplice: any other claim", "holds"))),
    FREE: Reading(
        FREE, "Free reading",
        "the culprit and the accomplice may lie about anything but their own start rooms",
        (_HONEST,
         "The culprit and the accomplice may lie about anything except where they themselves started: what "
         "either says about their own start room is true.",
         _MOTIVES),
        (("a card by anyone else", "every claim holds"),
         ("the culprit or the accomplice: `in_room` or `not_in_room` about themselves", "holds"),
         ("the culprit or the accomplice: any other claim", "may be false"))),
}


# The same rules in Japanese, item for item (rule text ``{{ who_may_lie_ja }}`` on the Japanese pages).
_HONEST_JA = "警察、検視官、使用人、家政婦、そして犯人でも共犯者でもない容疑者は、いつも本当のことを言う。"
_MOTIVES_JA = "犯人も共犯者も、証言でも手がかりでも、相手の動機を明かさない。"
PLAYER_RULES_JA: dict[str, tuple[str, ...]] = {
    ALIBI_ONLY: (
        _HONEST_JA,
        "犯人は嘘をついてよいが、犯行が始まったときにいた場所については嘘をつかない。犯人が自分のはじめの部屋について"
        "言うことは、本当にはじめにいた部屋を指している。偽りでありうるのは、ずっとそこにいたという主張だけだ。",
        "共犯者の助けは犯人のアリバイだけだ。犯人が誰かと一緒にいた、またはずっと自分の部屋にいたという主張は偽りで"
        "ありうるが、そこで挙げる部屋は正しい。共犯者がそれ以外に言うことは、自分の部屋も含めてすべて本当だ。",
        _MOTIVES_JA),
    FREE: (
        _HONEST_JA,
        "犯人と共犯者は、自分がはじめにいた場所を除いて、何についても嘘をついてよい。どちらも、自分のはじめの部屋に"
        "ついて言うことは本当だ。",
        _MOTIVES_JA),
}


def reading_of(case_liars: str | None, mansion_liars: str | None) -> Reading:
    """The reading a case follows: its own declaration, else its mansion's, else the default."""
    return READING[case_liars or mansion_liars or DEFAULT_READING]


def player_text(reading_id: str = DEFAULT_READING) -> str:
    """The rule as one paragraph per line, for rule text and pages."""
    return "\n".join(READING[reading_id].rules)


def rule_text_values() -> dict[str, str]:
    """Names Walton rule text may use: ``{{ who_may_lie }}``, and ``{{ who_may_lie_free }}`` (what the free
    reading says differently); each also as ``…_ja`` for Japanese text."""
    default = READING[DEFAULT_READING].rules
    default_ja = PLAYER_RULES_JA[DEFAULT_READING]
    return {"who_may_lie": " ".join(default),
            "who_may_lie_free": " ".join(r for r in READING[FREE].rules if r not in default),
            "who_may_lie_ja": "".join(default_ja),
            "who_may_lie_free_ja": "".join(r for r in PLAYER_RULES_JA[FREE] if r not in default_ja)}
