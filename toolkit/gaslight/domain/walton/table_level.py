"""The level a case plays at, at the table: from the rounds bots take to solve it and the wrong answers they give.

The proof measures how hard a case's *logic* is (:func:`gaslight.domain.walton.proof.measured_level`), but a table
feels something else: how many rounds of trading it takes before somebody can name the answer, and how often the
cards seen so far send someone wrong. Those are what ``gaslight playtest`` counts. The generator plays every
attempt that meets its other aims at a fixed table (:data:`TABLE`: four bots, twelve games from seed 1) and keeps
one whose mean rounds fall in its level's band and whose wrong answers stay within its level's bound
(:data:`TABLE_BANDS`), so the levels of a set order the effort a table spends: I < A < B < … in mean rounds, and
wrong answers rise with the level.

The bands were measured in one mansion, :data:`CALIBRATED_ON` (Walton House's bundled cases). Another mansion has
other numbers of suspects, rooms and cards, so the same rounds mean another effort there: in it the table's figures
are advice printed beside the case (by the generator and by ``gaslight playtest``), and the level rests on the
proof (:func:`bands_apply`).

How the aims were set (issue 36; bundled cases at :data:`TABLE`: I 7.9 rounds / 1 wrong answer twice, A 8.0 / 0 and
8.3 / 0, B 8.7 / 4 and 9.3 / 3, C 10.3–10.4 / 3–5, D 11.1–11.3 / 3–5, E 11.8–12.7 / 4, S 14.3–14.6 / 2–6):

* The rounds bands sit between the bundled cases of neighbouring levels, so every bundled case plays in its band
  (a test plays them) and a set that meets them orders I < A < B < … in mean rounds.
* The wrong-answer bounds rise with the level and hold every bundled case. At I (2) and B (4) the generator's first
  profiles could not meet them (seeds 1–3: I 1 of 3, B 0 of 3): at B every draft slow enough for the band sent 6 to
  8 of 12 bots wrong, because the culprit's second motive also had its two testimonies and clue; at I direct
  claims alone made tables trade for 9 rounds. Raising B's bound to 8 would have let an easy case mislead more
  than any bundled case from C to S, against "wrong answers rise with level", so the bounds stay and the profiles
  were retuned instead (:data:`~gaslight.domain.walton.drafting.RETUNED`: no such decoy at B, traces and routes
  at I, weaker cards at E); with them seeds 1–3 meet every aim at every level.
* The content aims (from level C, :meth:`~gaslight.domain.walton.proof.Metrics.falls_short`) scale with the mansion:
  the whole answer from 70 % of the wrong values, and the steps reading half the deck only where there are as many
  wrong values as in Walton House (21); a ``gaslight init`` mansion has 13, its steps read 13 to 24 of 70 cards at
  every level from C, so half the deck was out of reach and every level from C returned "the closest attempt":
  there the aim is four cards for every three wrong values (18).

>>> bands_apply("walton-house"), bands_apply("my-mansion")
(True, False)
>>> table_level(7.2, 0), table_level(9.0, 3), table_level(9.0, 5), table_level(14.5, 9)
('I', 'B', 'C', 'S')
>>> table_miss("A", TableMeasure(9.1, 2, 12))
'it plays in 9.1 rounds at the table (aim for level A: 8 to 8.5)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gaslight.domain.walton.case import DIFFICULTIES

#: The fixed table a level is measured at: seats, games, first game's seed (contiguous seeds after it).
TABLE = (4, 12, 1)


#: The mansion whose tables measured :data:`TABLE_BANDS`: only there are the bands an aim a draft must meet.
CALIBRATED_ON = "walton-house"


def bands_apply(mansion_id: str) -> bool:
    """Whether :data:`TABLE_BANDS` were measured in mansion ``mansion_id`` (elsewhere they are advice only)."""
    return mansion_id == CALIBRATED_ON


@dataclass(frozen=True)
class Band:
    """A level's aim at :data:`TABLE`: mean rounds in ``[low, high)`` and at most ``wrong`` wrong answers."""

    low: float
    high: float
    wrong: int


MAX_ROUNDS = 60  # a bot game stops unsolved after this many rounds (site/engine/walton/tableplay.mjs)

#: Bands join end to end, so cases that meet them order by level in mean rounds; the wrong-answer bounds rise.
TABLE_BANDS: dict[str, Band] = {
    "I": Band(0.0, 8.0, 2),
    "A": Band(8.0, 8.5, 3),
    "B": Band(8.5, 9.4, 4),
    "C": Band(9.4, 10.5, 6),
    "D": Band(10.5, 11.6, 7),
    "E": Band(11.6, 13.0, 9),
    "S": Band(13.0, 61.0, 12),
}


@dataclass(frozen=True)
class TableMeasure:
    """How bots fared with a case at :data:`TABLE`: mean rounds to the first right answer, wrong answers given
    on the way (over all games), and the games solved."""

    rounds: float
    wrong: int
    solved: int


def table_level(rounds: float, wrong: int) -> str:
    """The lowest level whose band holds ``rounds`` and whose bound allows ``wrong``; a case slower than every
    band, or wronger than every bound, plays at S."""
    for level in DIFFICULTIES:
        band = TABLE_BANDS[level]
        if rounds < band.high and wrong <= band.wrong:
            return level
    return "S"


def table_miss(level: str, measure: TableMeasure) -> str:
    """How ``measure`` misses the aim of ``level`` at the table ('' when it meets it)."""
    band = TABLE_BANDS[level]
    games = TABLE[1]
    if measure.solved < games:
        return f"bots solved it in {measure.solved} of {games} games at the table (aim: every game)"
    if not band.low <= measure.rounds < band.high:
        if not band.low:
            aim = f"under {band.high:g}"
        else:
            aim = f"{band.low:g} or more" if band.high > MAX_ROUNDS else f"{band.low:g} to {band.high:g}"
        return f"it plays in {measure.rounds:g} rounds at the table (aim for level {level}: {aim})"
    if measure.wrong > band.wrong:
        return (f"bots gave {measure.wrong} wrong answers in {games} games at the table (aim for level {level}: "
                f"{band.wrong} or fewer)")
    return ""


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation of two equally long series (ties share their mean rank): how well the
    levels of a set of cases order what the table measures.

    >>> spearman([0, 1, 2, 3], [7.5, 8.1, 8.0, 9.9]), spearman([0, 0, 1], [1, 2, 3])
    (0.8, 0.866)
    """

    def ranks(values: Sequence[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        found = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                found[order[k]] = (i + j) / 2
            i = j + 1
        return found

    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    spread = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return round(cov / spread, 4) if spread else 0.0
