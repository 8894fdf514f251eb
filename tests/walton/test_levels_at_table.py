"""Levels order the effort a table spends (issue 36 §3): the bundled cases, played by the engine's bots at the
generator's fixed table, take more rounds level by level, and send bots wrong more often as the level rises."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.domain.walton.case import DIFFICULTIES, Case
from gaslight.domain.walton.export import case_json
from gaslight.domain.walton.generator import Plot, generate_case
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.table_level import TABLE, TABLE_BANDS, TableMeasure, spearman, table_level, table_miss
from gaslight.play.walton import play_cases
from gaslight.play.walton_table import measure_at_table
from walton_support import BUNDLED_MANSION, load_model

BUNDLED_CASES = BUNDLED_MANSION.parent / "cases"


@pytest.fixture(scope="module")
def played(house: Mansion) -> list[tuple[Case, TableMeasure]]:
    cases = [load_model(path) for path in sorted(BUNDLED_CASES.glob("*.yaml"))]
    seats, games, seed = TABLE
    reports = play_cases([case_json(house, case) for case in cases], seats, games, seed, 2)  # type: ignore[arg-type]
    return [(case, TableMeasure(r["mean_rounds"], r["wrong_solves"], r["solved"]))  # type: ignore[misc]
            for case, r in zip(cases, reports, strict=True)]


def test_every_bundled_case_plays_in_its_levels_band(played: list[tuple[Case, TableMeasure]]) -> None:
    assert [(case.id, table_miss(case.difficulty, found)) for case, found in played if table_miss(
        case.difficulty, found)] == []


def test_levels_order_mean_rounds_and_wrong_answers(played: list[tuple[Case, TableMeasure]]) -> None:
    by_level: dict[str, list[TableMeasure]] = {}
    for case, found in played:
        by_level.setdefault(case.difficulty, []).append(found)
    assert list(by_level) != [] and set(by_level) == set(DIFFICULTIES)
    means = [sum(f.rounds for f in by_level[level]) / len(by_level[level]) for level in DIFFICULTIES]
    assert means == sorted(means) and len(set(means)) == len(means), means  # I < A < B < C < D < E < S
    levels = [float(DIFFICULTIES.index(case.difficulty)) for case, _ in played]
    assert spearman(levels, [found.rounds for _, found in played]) >= 0.95
    assert spearman(levels, [float(found.wrong) for _, found in played]) >= 0.5


def test_a_levels_band_and_its_misses_are_told() -> None:
    assert [table_level(r, w) for r, w in ((7.0, 0), (7.0, 3), (8.0, 2), (9.0, 4), (12.0, 9), (20.0, 0))] == [
        "I", "A", "A", "B", "E", "S"]
    assert table_miss("I", TableMeasure(8.25, 0, 12)) == "it plays in 8.25 rounds at the table (aim for level I: " \
        "under 8)"
    assert table_miss("S", TableMeasure(12.5, 0, 12)) == "it plays in 12.5 rounds at the table (aim for level S: " \
        "13 or more)"
    assert table_miss("B", TableMeasure(9.0, 9, 12)) == "bots gave 9 wrong answers in 12 games at the table (aim " \
        "for level B: 4 or fewer)"
    assert table_miss("C", TableMeasure(9.9, 2, 11)) == "bots solved it in 11 of 12 games at the table (aim: every " \
        "game)"
    assert table_miss("C", TableMeasure(9.9, 2, 12)) == ""
    highs = [TABLE_BANDS[level].high for level in DIFFICULTIES]
    assert [TABLE_BANDS[level].low for level in DIFFICULTIES][1:] == highs[:-1]  # the bands join end to end


def test_the_generator_plays_attempts_until_one_fits_its_band(house: Mansion, tmp_path: Path) -> None:
    from gaslight.domain.walton.case import Answer

    told: list[str] = []
    plot = Plot("the-chalked-cue", "The Chalked Cue", "I", Answer("stanley", "patent", "billiard-cue"))
    made = generate_case(house, plot, seed=6, tell=told.append, table=measure_at_table)
    assert made.table is not None and made.table_miss == "" and made.shortfall == (0, 0)
    assert made.table == measure_at_table(house, made.case)  # seeded games: the same case measures the same
    played = [line for line in told if "at the table" in line]
    assert played[-1] == f"attempt {made.attempt}: at the table {made.table.rounds:g} rounds, " \
        f"{made.table.wrong} wrong answer{'s' if made.table.wrong != 1 else ''} — kept"
    assert played[:-1] and all("aim for level I" in line for line in played[:-1])  # attempts played and passed over
    assert played[:-1] == [  # one too slow, one sending bots wrong too often
        "attempt 100: at the table 8.08 rounds, 0 wrong answers: it plays in 8.08 rounds at the table (aim for level "
        "I: under 8)",
        "attempt 101: at the table 7.42 rounds, 3 wrong answers: bots gave 3 wrong answers in 12 games at the table "
        "(aim for level I: 2 or fewer)"]


def test_playtest_at_the_generators_table_says_the_level_a_case_plays_at(
        played: list[tuple[Case, TableMeasure]], capsys: pytest.CaptureFixture[str]) -> None:
    from gaslight.cli import main

    showcase = BUNDLED_MANSION.parents[1] / "gaslight.yaml"
    (case, found), = [(case, found) for case, found in played if case.id == "ash-on-the-hearth"]
    capsys.readouterr()
    assert main(["-f", str(showcase), "playtest", case.id, "--games", "12", "--jobs", "1"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == f"  plays at level {table_level(found.rounds, found.wrong)} at the table (declared A)" == \
        "  plays at level A at the table (declared A)"
    assert main(["-f", str(showcase), "playtest", case.id, "--games", "11", "--jobs", "1"]) == 0
    assert "plays at level" not in capsys.readouterr().out  # another table: the bands do not apply
