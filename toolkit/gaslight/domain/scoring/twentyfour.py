"""24: the final score of each detective after the third season.

Score = the values of every incident card won (stand and co-op) + 1 per assist
card + the co-op set bonus (a suit with 3 or more cards in the co-op scores 1
more per card) + points marked when the detective died in the line of duty
(:func:`death_points`) + Hound's lone-hunter skill: a detective with that
skill who died scores 1 per card in the stand. The highest score wins; a tie is a draw.

Assist cards are multicoloured: our ruling is that each assist in the co-op
joins one suit of its owner's choice when sets are scored (we pick the best
choice), and a set needs at least one incident card of its suit.

>>> ann = Detective("Ann", stand=(Incident("blast", 4),), coop=(Incident("siege", 2), Incident("siege", 3)), assists=1)
>>> score_detective(ann).total   # 4 + 2 + 3 + 1 assist + set of 3 siege (two cards and the assist)
13
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gaslight.domain.scoring import ScoringError


@dataclass(frozen=True)
class TwentyFourRules:
    """Every number the scoring uses; defaults are the seed's values."""

    assist_points: int = 1
    set_size: int = 3
    set_bonus_per_card: int = 1
    assists_join_sets: bool = True
    incidents_per_season: int = 5
    death_bonus_base: int = 6
    lone_hunter_skill: str = "lone-hunter"


@dataclass(frozen=True)
class Incident:
    suit: str
    value: int


@dataclass(frozen=True)
class Detective:
    """What a detective holds at the end. ``death_points``: marked when they died (see :func:`death_points`)."""

    name: str
    stand: tuple[Incident, ...] = ()
    coop: tuple[Incident, ...] = ()
    assists: int = 0
    died: bool = False
    death_points: int = 0
    skill: str = ""


@dataclass(frozen=True)
class DetectiveScore:
    """The parts of a final score: cards + assists + sets + death + lone hunter = total."""

    name: str
    cards: int
    assists: int
    sets: int
    death: int
    lone_hunter: int

    @property
    def total(self) -> int:
        return self.cards + self.assists + self.sets + self.death + self.lone_hunter


@dataclass(frozen=True)
class TwentyFourResult:
    scores: tuple[DetectiveScore, ...]
    winners: tuple[str, ...]


def death_points(first_place_value: int, incident_number: int, rules: TwentyFourRules | None = None) -> int:
    """Points marked at once when a detective dies: the first-place incident's value + (6 − incident number).

    The 6 is ``rules.death_bonus_base``.

    >>> death_points(4, 2)
    8
    """
    rules = rules or TwentyFourRules()
    if not 1 <= incident_number <= rules.incidents_per_season:
        raise ScoringError(f"incident number {incident_number} is not between 1 and {rules.incidents_per_season}")
    return first_place_value + rules.death_bonus_base - incident_number


def _set_value(cards: int, rules: TwentyFourRules) -> int:
    return cards * rules.set_bonus_per_card if cards >= rules.set_size else 0


def set_bonus(coop: Sequence[Incident], assists: int, rules: TwentyFourRules | None = None) -> int:
    """The co-op set bonus, with assists placed where they add most.

    >>> set_bonus([Incident("siege", 2)] * 2 + [Incident("blast", 3)] * 3, assists=1)
    6
    """
    rules = rules or TwentyFourRules()
    counts = sorted(Counter(card.suit for card in coop).items())
    spare = assists if rules.assists_join_sets else 0
    # best[a]: the largest bonus from the suits seen so far using at most a assists.
    best = [0] * (spare + 1)
    for _, count in counts:
        best = [max(best[a - k] + _set_value(count + k, rules) for k in range(a + 1)) for a in range(spare + 1)]
    return best[spare]


def _validate(detective: Detective) -> None:
    if detective.assists < 0:
        raise ScoringError(f"{detective.name}: assists cannot be negative")
    if detective.death_points and not detective.died:
        raise ScoringError(f"{detective.name}: only a detective who died has death points")


def score_detective(detective: Detective, rules: TwentyFourRules | None = None) -> DetectiveScore:
    rules = rules or TwentyFourRules()
    _validate(detective)
    cards = sum(card.value for card in (*detective.stand, *detective.coop))
    lone_hunter = len(detective.stand) if detective.died and detective.skill == rules.lone_hunter_skill else 0
    return DetectiveScore(detective.name, cards, detective.assists * rules.assist_points,
                          set_bonus(detective.coop, detective.assists, rules), detective.death_points, lone_hunter)


def score_game(detectives: Sequence[Detective], rules: TwentyFourRules | None = None) -> TwentyFourResult:
    """Every detective's score and the winners (more than one on a tie: a draw). NPCs are left out by the caller."""
    if not detectives:
        raise ScoringError("a game needs at least one detective")
    names = [d.name for d in detectives]
    if len(set(names)) != len(names):
        raise ScoringError("detective names must differ")
    scores = tuple(score_detective(d, rules) for d in detectives)
    best = max(s.total for s in scores)
    return TwentyFourResult(scores, tuple(s.name for s in scores if s.total == best))


def _incidents(raw: Sequence[Mapping[str, Any]]) -> tuple[Incident, ...]:
    return tuple(Incident(str(c["suit"]), int(c["value"])) for c in raw)


def game_from_json(data: Mapping[str, Any]) -> tuple[Detective, ...]:
    """The JSON shape the calculator and the fixtures use → detectives."""
    return tuple(
        Detective(d["name"], _incidents(d.get("stand", [])), _incidents(d.get("coop", [])), int(d.get("assists", 0)),
                  bool(d.get("died", False)), int(d.get("death_points", 0)), str(d.get("skill", "")))
        for d in data["detectives"]
    )


def rules_from_json(data: Mapping[str, Any]) -> TwentyFourRules:
    return TwentyFourRules(**dict(data))


def result_to_json(result: TwentyFourResult) -> dict[str, Any]:
    return {
        "scores": {s.name: {"cards": s.cards, "assists": s.assists, "sets": s.sets, "death": s.death,
                            "lone_hunter": s.lone_hunter, "total": s.total} for s in result.scores},
        "winners": list(result.winners),
    }
