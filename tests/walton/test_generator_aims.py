"""The case generator meets its aims (issue 36 §3): at level B in Walton House (every attempt slow enough for the
band sent bots wrong too often before the profiles were retuned), and from level C in a ``gaslight init`` mansion
(its steps could not read half of 70 cards); ``gaslight playtest`` judges a case by the bands of its own mansion;
``gaslight new case`` finds the mansion without loading the project."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.domain.walton.case import Answer
from gaslight.domain.walton.drafting import PROFILES, RETUNED, RETUNED_FROM, profile_for
from gaslight.domain.walton.generator import DEFAULT_ATTEMPTS, Plot, generate_case
from gaslight.domain.walton.mansion import Mansion
from gaslight.play.walton_table import measure_at_table

from tests.walton_cases import helpers
from tests.walton_cases.helpers import run

fresh = helpers.fresh  # the fixture: a project as `gaslight init` writes it


def test_a_level_b_case_meets_its_band_and_its_wrong_answer_bound(house: Mansion) -> None:
    plot = Plot("bench-b", "Bench", "B", Answer("greg", "debts", "fire-iron"))
    told: list[str] = []
    made = generate_case(house, plot, seed=1, tell=told.append, table=measure_at_table)
    assert made.shortfall == (0, 0) and made.table is not None and made.table_miss == ""
    assert 8.5 <= made.table.rounds < 9.4 and made.table.wrong <= 4
    assert made.attempt >= RETUNED_FROM and told[-1].endswith(" — kept")


def test_attempts_below_the_retuned_ones_keep_the_first_profiles() -> None:
    assert DEFAULT_ATTEMPTS[0] == RETUNED_FROM
    assert [profile_for(level, 47) for level in "IABCDES"] == [PROFILES[level] for level in "IABCDES"]
    assert [level for level in "IABCDES" if profile_for(level, RETUNED_FROM) != PROFILES[level]] == ["I", "B", "E"]
    assert RETUNED["B"].culprit_decoys == 0 < PROFILES["B"].culprit_decoys


@pytest.mark.parametrize("level", ["C", "S"])
def test_a_starter_mansion_case_from_level_c_is_the_case_asked_for(
        fresh: Path, level: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(fresh, monkeypatch, capsys, "new", "case", "walton/cases/c.yaml", "--difficulty", level,
                       "--seed", "1")
    assert code == 0 and out.startswith(f"wrote walton/cases/c.yaml: 70 cards, verdict unique, measured difficulty "
                                        f"{level} ")
    assert "the closest attempt" not in out  # before: 'the steps read 24 of 70 cards (aim: half or more)'


def test_playtest_in_another_mansion_says_its_bands_were_not_measured(
        fresh: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(fresh, monkeypatch, capsys, "new", "case", "walton/cases/c.yaml", "--difficulty", "A",
               "--seed", "1")[0] == 0
    code, out, _ = run(fresh, monkeypatch, capsys, "playtest", "c", "--games", "12", "--jobs", "1")
    assert code == 0
    assert out.splitlines()[-1] == (
        "  no level bands were measured in the mansion 'my-mansion': by those of 'walton-house' it would play at "
        "level C (advice only; the declared level A rests on the proof)")


def test_a_new_case_finds_its_mansion_without_loading_the_project(
        fresh: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import gaslight.project

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the whole project was loaded")

    monkeypatch.setattr(gaslight.project, "load_configured", refused)
    code, out, _ = run(fresh, monkeypatch, capsys, "new", "case", "walton/cases/c.yaml", "--difficulty", "I",
                       "--seed", "1")
    assert code == 0 and out.startswith("wrote walton/cases/c.yaml: 70 cards")
    code, out, err = run(fresh, monkeypatch, capsys, "new", "case", "walton/cases/d.yaml")  # no --difficulty
    assert code == 0 and out.startswith("the commented starter case is set in the bundled mansion 'walton-house', "
                                        "which this project does not have")
    code, _, err = run(fresh, monkeypatch, capsys, "new", "case", "walton/cases/e.yaml", "--difficulty", "I",
                       "--mansion", "nope")
    assert (code, err) == (1, "gaslight: no mansion 'nope' in this project\n")
    (fresh / "walton" / "other.yaml").write_text(
        (fresh / "walton" / "mansion.yaml").read_text(encoding="utf-8").replace("id: my-mansion", "id: other"),
        encoding="utf-8")
    code, _, err = run(fresh, monkeypatch, capsys, "new", "case", "walton/cases/e.yaml", "--difficulty", "I")
    assert (code, err) == (1, "gaslight: a drafted case needs one mansion; the project has my-mansion, other (pick "
                              "one with --mansion, or add one with `gaslight new mansion`)\n")
