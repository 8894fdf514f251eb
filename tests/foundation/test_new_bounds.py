"""The numbers ``gaslight new`` and ``gaslight cards`` take are bounded, with a usage error naming the range."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.commands.init import project_files
from gaslight.diagnostics import Report
from gaslight.domain.board import generate
from gaslight.project import load_project


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return int(code), out, err


@pytest.mark.parametrize("circles", ["1000000000", "10001"])
def test_too_many_circles_is_a_usage_error_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   circles: str) -> None:
    target = tmp_path / "huge.yaml"
    assert _run(capsys, "new", "board", str(target), "--circles", circles) == (
        2, "", "gaslight: error: --circles must be at most 10000 (it takes 6 to 10000; a larger map would take "
               "minutes to draw)\n")
    assert list(tmp_path.iterdir()) == []


def test_a_refused_count_writes_nothing_in_a_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "gaslight.yaml").write_text("title: Fog\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _run(capsys, "new", "board", "boards/huge.yaml", "--circles", "20000")[0] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gaslight.yaml"], "not even the schema copy"


def test_the_generator_itself_refuses_past_the_bound() -> None:
    with pytest.raises(ValueError, match=r"^a generated board has at most 10000 circles$"):
        generate.generate_board(10_001, 1)


@pytest.mark.parametrize("seed", ["-1", str(10**30)])
def test_any_whole_seed_draws_a_board_that_checks_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        seed: str) -> None:
    target = tmp_path / "b.yaml"
    assert _run(capsys, "new", "board", str(target), "--circles", "12", f"--seed={seed}")[0] == 0
    report = load_project([target])[1]
    assert isinstance(report, Report) and report.ok, report.format_text()


def test_a_map_the_generator_cannot_draw_is_a_user_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(generate, "build_street_map", lambda circles, rng: None)
    assert _run(capsys, "new", "board", str(tmp_path / "b.yaml"), "--circles", "9", "--seed", "3") == (
        1, "", "gaslight: no valid map with 9 circles after 40 attempts (seed 3); try another --seed\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("dpi", ["0", "-5", "71", "1201", "1000000000"])
def test_cards_dpi_out_of_range_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str], dpi: str) -> None:
    for path, text in project_files(tmp_path, "Game").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _run(capsys, "cards", "alibi-cards", f"--dpi={dpi}") == (
        2, "", "gaslight: error: --dpi takes a whole number from 72 to 1200\n")
    assert not (tmp_path / "alibi-cards-cards").exists()


@pytest.mark.parametrize("kind", ["board", "case"])
def test_a_folder_as_the_file_to_write_is_a_usage_error_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    folder = tmp_path / "walton"
    folder.mkdir()
    argv = ["new", kind, str(folder), "--force", *(["--difficulty", "A"] if kind == "case" else [])]
    assert _run(capsys, *argv) == (
        2, "", f"gaslight: error: {folder} is a folder; name the file to write, such as {folder}/new-{kind}.yaml\n")
    assert list(folder.iterdir()) == []
