"""``gaslight new case --difficulty L`` in a fresh ``gaslight init`` project: every level writes a proven case.

The case file may be written at the project's root, beside ``gaslight.yaml`` and the CI files: the generator
varies the new case from the case files in its folder, and must read only case files there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.walton_cases import helpers
from tests.walton_cases.helpers import run

fresh = helpers.fresh  # the fixture: a project as `gaslight init` writes it

LEVELS = ("I", "A", "B", "C", "D", "E", "S")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_drafts_a_proven_case_at_the_root_of_a_fresh_project(
        fresh: Path, level: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(fresh, monkeypatch, capsys, "new", "case", "c.yaml", "--difficulty", level,
                               "--seed", "1")
    assert code == 0, err
    assert out.startswith(f"wrote c.yaml: 70 cards, verdict unique, measured difficulty {level} (score ")
    assert "Traceback" not in err and "internal error" not in err
    assert run(fresh, monkeypatch, capsys, "check")[:2] == (0, "0 errors, 0 warnings\n")


def test_a_case_beside_the_first_case_varies_from_it(
        fresh: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(fresh, monkeypatch, capsys, "new", "case", "walton/cases/second.yaml", "--difficulty", "A",
                          "--seed", "1")
    assert code == 0 and out.startswith("wrote walton/cases/second.yaml: 70 cards, verdict unique, measured "
                                        "difficulty A")


def test_a_case_beside_the_mansion_file_leaves_the_mansion_out_silently(
        fresh: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(fresh, monkeypatch, capsys, "new", "case", "walton/c.yaml", "--difficulty", "B",
                               "--seed", "1")
    assert code == 0 and out.startswith("wrote walton/c.yaml: 70 cards")
    assert "left out" not in err and err.splitlines()[-1].startswith("generate: attempt ")  # played at the table


def test_broken_yaml_beside_the_new_case_is_named_as_left_out(
        fresh: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (fresh / "notes.yaml").write_text("- a list, not a scenario\n", encoding="utf-8")
    (fresh / "half.yaml").write_text("kind: case\nid: half\n", encoding="utf-8")  # a case with no cards yet
    code, out, err = run(fresh, monkeypatch, capsys, "new", "case", "c.yaml", "--difficulty", "A",
                               "--seed", "1")
    assert code == 0 and out.startswith("wrote c.yaml: 70 cards")
    assert err.splitlines()[:2] == [
        "generate: --vary-from: half.yaml left out (not a unique case of mansion 'my-mansion')",
        "generate: --vary-from: notes.yaml left out (not a unique case of mansion 'my-mansion')"]
    assert err.splitlines()[-1].startswith("generate: attempt ")  # played at the table


def test_a_mansion_option_naming_another_kind_of_file_is_refused_by_name(
        fresh: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(fresh, monkeypatch, capsys, "new", "case", "c.yaml", "--mansion", "gaslight.yaml")
    assert (code, out) == (1, "")
    assert err == ("generate: error: cannot load the mansion gaslight.yaml:\n"
                   "gaslight.yaml:7:1: error: not a mansion file (it has no top-level 'kind: mansion') "
                   "(fix: name a mansion file)\n1 error, 0 warnings\n")
    assert not (fresh / "c.yaml").exists()


def test_a_mansion_from_outside_the_project_is_noted(
        fresh: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    elsewhere = tmp_path / "elsewhere.yaml"
    elsewhere.write_text((fresh / "walton" / "mansion.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run(fresh, monkeypatch, capsys, "new", "case", "c.yaml", "--difficulty", "I",
                       "--mansion", str(elsewhere), "--seed", "1")
    assert code == 0 and out.splitlines()[2] == (  # after the table's advice (a mansion the bands were not set in)
        f"note: the case is set in {elsewhere}, which is not among the project's files, so `gaslight check` will "
        "not find its mansion; copy that file into the project (each mansion of a project has an id of its own)")
    code, out, _ = run(fresh, monkeypatch, capsys, "new", "case", "d.yaml", "--difficulty", "I",
                       "--mansion", "walton/mansion.yaml", "--seed", "1")
    assert code == 0 and "not among the project's files" not in out
