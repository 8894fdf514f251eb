"""A case played at the generator's fixed table (:data:`gaslight.domain.walton.table_level.TABLE`) by the engine's
bots under Node.js: what :func:`gaslight.domain.walton.generator.generate_case` measures an attempt's level with.

The games are seeded, so one case always measures the same; ``gaslight playtest CASE --games 12`` (four seats,
seed 1) plays the same games and prints the same figures.
"""

from __future__ import annotations

from gaslight.domain.walton.case import Case
from gaslight.domain.walton.export import case_json
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.table_level import TABLE, TableMeasure
from gaslight.play.node import node_available

__all__ = ["measure_at_table", "node_available"]
from gaslight.play.walton import play_case


def measure_at_table(mansion: Mansion, case: Case) -> TableMeasure:
    """Mean rounds, wrong answers and games solved when four bots play ``case`` twelve times (one worker)."""
    seats, games, seed = TABLE
    found = play_case(case_json(mansion, case), seats, games, seed, 1)
    rounds = found["mean_rounds"]
    return TableMeasure(61.0 if rounds is None else rounds, found["wrong_solves"], found["solved"])

