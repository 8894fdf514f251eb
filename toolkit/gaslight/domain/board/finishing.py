"""Can the hunt reach its end on a board? The conditions the browser engine stops on, checked ahead.

The engine (``site/engine/hunt/hunt.js``) lays each night's women tokens on red circles without a crime
scene, at most ``women_per_night`` of them and ``marked_women_per_night`` marked, and Jack must kill a women
pawn (one from a marked token) before the hunt of the night can start. Jack may kill at once, before any
women pawn moves, so every kill may land on a red circle: on a board with too few red circles a night comes
with no women pawn at all and the game stops there ("no women pawn is left on the board to kill"). And Jack
must get home within the night's track: a board whose every circle that is not red lies farther from every
red circle than a night's longest track can never be won by Jack.

>>> women_run_out(red=2, women=(8, 7, 6, 4), marked=(5, 4, 3, 1), victims=(1, 1, 2, 1))
(3, 2)
>>> women_run_out(red=5, women=(8, 7, 6, 4), marked=(5, 4, 3, 1), victims=(1, 1, 2, 1)) is None
True
>>> red_circles_needed(women=(8, 7, 6, 4), marked=(5, 4, 3, 1), victims=(1, 1, 2, 1))
5
"""

from __future__ import annotations

from collections.abc import Sequence

from gaslight.domain.board.geometry import analyse
from gaslight.domain.board.model import Board
from gaslight.domain.board.moves import jack_distances

# The bundled hunt's schedule, night by night (seeds 000 and 003): women tokens, marked ones, victims.
WOMEN_PER_NIGHT = (8, 7, 6, 4)
MARKED_PER_NIGHT = (5, 4, 3, 1)
VICTIMS_PER_NIGHT = (1, 1, 2, 1)

def _night(values: Sequence[int], night: int) -> int:
    """A per-night value (the last entry repeats), as the engine's ``perNight`` reads it."""
    return values[min(night, len(values)) - 1]


def women_run_out(red: int, women: Sequence[int], marked: Sequence[int],
                  victims: Sequence[int]) -> tuple[int, int] | None:
    """(night, kills before it): the first night with no women pawn when every kill falls on a red circle.

    None when every night has one. ``victims`` has one entry per night (its length is the number of nights).
    """
    free, kills = red, 0
    for night in range(1, len(victims) + 1):
        pawns = min(_night(women, night), _night(marked, night), free)
        if pawns == 0 and _night(victims, night) > 0:
            return night, kills
        killed = min(_night(victims, night), pawns)
        free, kills = free - killed, kills + killed
    return None


def red_circles_needed(women: Sequence[int], marked: Sequence[int], victims: Sequence[int]) -> int:
    """The fewest red circles on which no night runs out of women pawns (every kill on a red circle)."""
    red = 1
    while women_run_out(red, women, marked, victims) is not None and red <= sum(victims) + 1:
        red += 1
    return red


def nearest_home(board: Board, track: int) -> tuple[int, int] | None:
    """(distance, hideout) of the circle that is not red nearest to a red circle, by normal moves, or None.

    None when no such circle lies within ``track`` normal moves of any red circle (or the board has none).
    """
    analysis = analyse(board)
    red = set(board.red_circles)
    best: tuple[int, int] | None = None
    for start in sorted(red):
        if start not in analysis.jack_targets:
            continue
        for circle, distance in jack_distances(analysis, start).items():
            if circle not in red and distance <= track and (best is None or (distance, circle) < best):
                best = (distance, circle)
    return best
