"""Ripper rummy: scoring one hand, in arrest mode or escape mode.

Arrest (someone went out): the suspect with the most points on the table is
Jack (evidence, wild evidence, suspicion and alibi cards of the suspect's
colour, all players together); the suspect covered by the alibi on the table
cannot be Jack; a tie goes to the lower tie-break rank. Jack's evidence and
suspicion cards score double, letters never do. Every player who did not go
out loses the points of the cards left in hand (a Ripper Escape left in hand
costs 2 per victim on the table). A right vote scores 10.

Escape: the player who played the Ripper Escape scores 35; everyone scores
their victims and scenes; nothing else counts. A hand is scored as an escape
when (a) the Ripper Escape was played, (b) no suspect can be Jack (the alibi
covers the only suspect with points, or the only melds are letters), or (c)
the draw pile ran out twice.

>>> crimson = RummyCard("evidence", 3, "crimson")
>>> ann = RummyPlayer("Ann", table=(crimson, crimson, crimson), went_out=True, vote="crimson")
>>> bob = RummyPlayer("Bob", hand=(RummyCard("letter", 3),))
>>> result = score_hand(RummyHand((ann, bob), ranks={"crimson": 1}))
>>> result.jack, [(p.name, p.total) for p in result.players]
('crimson', [('Ann', 28), ('Bob', -3)])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gaslight.domain.scoring import ScoringError

CARD_KINDS = ("evidence", "wild", "letter", "suspect", "alibi", "victim", "scene", "escape", "strike", "resigns")
SUSPECT_KINDS = ("evidence", "wild", "suspect", "alibi")  # cards that name a suspect
DOUBLED_KINDS = ("evidence", "wild", "suspect")  # doubled when their suspect is Jack
ENDINGS = ("out", "escape", "deck")


@dataclass(frozen=True)
class RummyRules:
    """Every number the scoring uses; defaults are the seed's values."""

    vote_bonus: int = 10
    escape_points: int = 35
    jack_multiplier: int = 2
    escape_in_hand_per_victim: int = 2
    game_target: int = 100


@dataclass(frozen=True)
class RummyCard:
    """A card as scoring sees it. ``suspect``: the colour of evidence (a wild card: the meld it joined),
    suspicion and alibi cards (a double alibi: the suspect it was played for)."""

    kind: str
    points: int
    suspect: str | None = None


@dataclass(frozen=True)
class RummyPlayer:
    name: str
    table: tuple[RummyCard, ...] = ()
    hand: tuple[RummyCard, ...] = ()
    vote: str | None = None
    went_out: bool = False
    played_escape: bool = False


@dataclass(frozen=True)
class RummyHand:
    """One hand at its end.

    ``ended_by``: 'out' (a player went out), 'escape' (Ripper Escape played), 'deck' (the pile ran out twice).
    """

    players: tuple[RummyPlayer, ...]
    ranks: Mapping[str, int] = field(default_factory=dict)
    ended_by: str = "out"


@dataclass(frozen=True)
class PlayerScore:
    """One player's hand score, in parts: table + hand (≤ 0) + vote + escape = total."""

    name: str
    table: int
    hand: int
    vote: int
    escape: int

    @property
    def total(self) -> int:
        return self.table + self.hand + self.vote + self.escape


@dataclass(frozen=True)
class RummyResult:
    """``mode``: 'arrest' or 'escape'; ``reason``: 'out', 'escape-card', 'no-jack' or 'deck'."""

    mode: str
    reason: str
    jack: str | None
    suspect_totals: tuple[tuple[str, int], ...]
    players: tuple[PlayerScore, ...]

    def totals(self) -> dict[str, int]:
        return {p.name: p.total for p in self.players}


def _validate(hand: RummyHand) -> None:
    if not hand.players:
        raise ScoringError("a hand needs at least one player")
    names = [p.name for p in hand.players]
    if len(set(names)) != len(names):
        raise ScoringError("player names must differ")
    if hand.ended_by not in ENDINGS:
        raise ScoringError(f"unknown ending '{hand.ended_by}'; use one of: {', '.join(ENDINGS)}")
    for player in hand.players:
        for card in (*player.table, *player.hand):
            if card.kind not in CARD_KINDS:
                raise ScoringError(f"{player.name}: unknown card kind '{card.kind}'")
        for card in player.table:
            if card.kind in ("escape", "strike", "resigns"):
                raise ScoringError(f"{player.name}: a {card.kind} card is never left on the table")
            if card.kind in SUSPECT_KINDS and not card.suspect:
                raise ScoringError(f"{player.name}: every {card.kind} card on the table must name its suspect")
    alibis = [c for p in hand.players for c in p.table if c.kind == "alibi"]
    if len(alibis) > 1:
        raise ScoringError("only one alibi can be on the table; the older one is discarded")
    escapers = [p.name for p in hand.players if p.played_escape]
    if hand.ended_by == "escape" and len(escapers) != 1:
        raise ScoringError("a hand ended by the Ripper Escape needs exactly one player who played it")
    if hand.ended_by != "escape" and escapers:
        raise ScoringError(f"{escapers[0]} played the Ripper Escape, so the hand ended by 'escape'")
    out = [p.name for p in hand.players if p.went_out]
    if len(out) > 1:
        raise ScoringError("at most one player goes out")
    if hand.ended_by == "out" and not out:
        raise ScoringError("a hand ended by going out needs the player who went out")


def suspect_totals(hand: RummyHand) -> dict[str, int]:
    """Points on the table per suspect, all players together (sorted by suspect)."""
    totals: dict[str, int] = {}
    for player in hand.players:
        for card in player.table:
            if card.kind in SUSPECT_KINDS and card.suspect:
                totals[card.suspect] = totals.get(card.suspect, 0) + card.points
    return dict(sorted(totals.items()))


def find_jack(hand: RummyHand) -> str | None:
    """The suspect who is Jack, or None when no suspect can be (escape rule b)."""
    covered = {c.suspect for p in hand.players for c in p.table if c.kind == "alibi"}
    totals = suspect_totals(hand)
    eligible = [s for s, points in totals.items() if points > 0 and s not in covered]
    for suspect in eligible:
        if suspect not in hand.ranks:
            raise ScoringError(f"suspect '{suspect}' has no tie-break rank")
    if not eligible:
        return None
    return min(eligible, key=lambda s: (-totals[s], hand.ranks[s]))


def _victims_on_table(hand: RummyHand) -> int:
    return sum(1 for p in hand.players for c in p.table if c.kind == "victim")


def _arrest_score(player: RummyPlayer, jack: str, victims: int, rules: RummyRules) -> PlayerScore:
    table = sum(c.points * (rules.jack_multiplier if c.kind in DOUBLED_KINDS and c.suspect == jack else 1)
                for c in player.table)
    penalty = 0
    if not player.went_out:
        penalty = sum(rules.escape_in_hand_per_victim * victims if c.kind == "escape" else c.points
                      for c in player.hand)
    vote = rules.vote_bonus if player.vote is not None and player.vote == jack else 0
    return PlayerScore(player.name, table, -penalty, vote, 0)


def _escape_score(player: RummyPlayer, rules: RummyRules) -> PlayerScore:
    table = sum(c.points for c in player.table if c.kind in ("victim", "scene"))
    return PlayerScore(player.name, table, 0, 0, rules.escape_points if player.played_escape else 0)


def score_hand(hand: RummyHand, rules: RummyRules | None = None) -> RummyResult:
    """Score one hand. Raises :class:`ScoringError` for a hand the rules cannot produce."""
    rules = rules or RummyRules()
    _validate(hand)
    totals = tuple(suspect_totals(hand).items())
    if hand.ended_by == "out":
        jack = find_jack(hand)
        if jack is not None:
            victims = _victims_on_table(hand)
            scores = tuple(_arrest_score(p, jack, victims, rules) for p in hand.players)
            return RummyResult("arrest", "out", jack, totals, scores)
        reason = "no-jack"
    else:
        reason = "escape-card" if hand.ended_by == "escape" else "deck"
    return RummyResult("escape", reason, None, totals, tuple(_escape_score(p, rules) for p in hand.players))


def game_winner(totals: Mapping[str, int], rules: RummyRules | None = None) -> str | None:
    """The winner once someone reaches the target; None while the game goes on (or on a tie at the top).

    >>> game_winner({"Ann": 104, "Bob": 98}), game_winner({"Ann": 104, "Bob": 104}), game_winner({"Ann": 99})
    ('Ann', None, None)
    """
    rules = rules or RummyRules()
    if not totals or max(totals.values()) < rules.game_target:
        return None
    best = max(totals.values())
    leaders = [name for name, points in totals.items() if points == best]
    return leaders[0] if len(leaders) == 1 else None


def _card(raw: Mapping[str, Any]) -> RummyCard:
    return RummyCard(raw["kind"], int(raw["points"]), raw.get("suspect"))


def hand_from_json(data: Mapping[str, Any]) -> RummyHand:
    """The JSON shape the calculator and the fixtures use → :class:`RummyHand`."""
    players = tuple(
        RummyPlayer(p["name"], tuple(_card(c) for c in p.get("table", [])), tuple(_card(c) for c in p.get("hand", [])),
                    p.get("vote"), bool(p.get("went_out", False)), bool(p.get("played_escape", False)))
        for p in data["players"]
    )
    return RummyHand(players, dict(data.get("ranks", {})), data.get("ended_by", "out"))


def rules_from_json(data: Mapping[str, Any]) -> RummyRules:
    return RummyRules(**{k: int(v) for k, v in data.items()})


def result_to_json(result: RummyResult) -> dict[str, Any]:
    """The result in the calculator's JSON shape (what the fixtures pin)."""
    return {
        "mode": result.mode,
        "reason": result.reason,
        "jack": result.jack,
        "suspects": dict(result.suspect_totals),
        "scores": {p.name: {"table": p.table, "hand": p.hand, "vote": p.vote, "escape": p.escape, "total": p.total}
                   for p in result.players},
    }
