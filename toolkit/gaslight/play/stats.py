"""Figures the self-play reports share: the interval of a win rate.

>>> wilson(50, 100)
(0.4038, 0.5962)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % by default), rounded to four places."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))
