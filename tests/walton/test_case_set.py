"""A set of cases a designer builds a ladder from (issue 36 §3): a new case draws a fresh plot unless given a
seed, and `check` warns when two cases of a project share an answer; no two bundled cases do."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.commands import new
from gaslight.domain.walton.verdict import shared_answers
from walton_support import BUNDLED_MANSION, load_model

BUNDLED_CASES = BUNDLED_MANSION.parent / "cases"
SEED_LINE = re.compile(r"^seed (\d+); pass --seed \1 to draft it again$", re.MULTILINE)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def answer_line(path: Path) -> str:
    return next(line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("answer:"))


def test_no_two_bundled_cases_share_an_answer() -> None:
    cases = [load_model(path) for path in sorted(BUNDLED_CASES.glob("*.yaml"))]
    assert len(cases) == 14
    assert [(a.id, b.id) for a, b in shared_answers(cases)] == []  # type: ignore[arg-type]


def test_check_warns_at_the_later_case_that_shares_an_answer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(BUNDLED_MANSION, tmp_path / "mansion.yaml")
    text = (BUNDLED_CASES / "the-bolted-door.yaml").read_text(encoding="utf-8")
    (tmp_path / "a.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(text.replace("id: the-bolted-door", "id: the-door-again"), encoding="utf-8")
    code, out, _ = run(capsys, "check", ".")
    assert code == 0
    assert out == ("b.yaml:11:9: warning: answer: case 'the-door-again' has the same answer as case "
                   "'the-bolted-door' (a.yaml): Greg Gaffney (motive: gambling debts), with the "
                   "carving knife, alone; a table that has played one knows the other (fix: change the culprit, "
                   "motive, weapon or accomplice (and the cards), or draft the case again with `gaslight new case` "
                   "and another --seed)\n0 errors, 1 warning\n")


def test_another_weapon_is_another_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(BUNDLED_MANSION, tmp_path / "mansion.yaml")
    for name in ("the-bolted-door", "the-chalked-cue"):
        shutil.copy(BUNDLED_CASES / f"{name}.yaml", tmp_path / f"{name}.yaml")
    assert run(capsys, "check", str(tmp_path))[:2] == (0, "0 errors, 0 warnings\n")


def test_a_case_drafted_without_a_seed_draws_a_fresh_one_and_says_which(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    mansion = str(BUNDLED_MANSION)
    draws = iter([(41_001).to_bytes(4, "big"), (52_002).to_bytes(4, "big")])
    monkeypatch.setattr(new.os, "urandom", lambda size: next(draws))
    firsts = []
    for name in ("one", "two"):
        code, out, _ = run(capsys, "new", "case", str(tmp_path / f"{name}.yaml"), "--difficulty", "I",
                           "--mansion", mansion)
        assert code == 0
        firsts.append(SEED_LINE.search(out))
    assert [m.group(1) if m else None for m in firsts] == ["41001", "52002"]
    assert answer_line(tmp_path / "one.yaml") != answer_line(tmp_path / "two.yaml")
    (tmp_path / "again").mkdir()
    code, out, _ = run(capsys, "new", "case", str(tmp_path / "again" / "one.yaml"), "--difficulty", "I",
                       "--mansion", mansion, "--seed", "41001")
    assert code == 0 and SEED_LINE.search(out) is None  # a seed given is not repeated back

    def body(path: Path) -> list[str]:
        return path.read_text(encoding="utf-8").splitlines()[1:]  # the schema modeline is relative to the file

    assert body(tmp_path / "again" / "one.yaml") == body(tmp_path / "one.yaml")


def test_a_board_without_a_seed_is_still_the_same_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "new", "board", str(tmp_path / "a.yaml"), "--circles", "9")[0] == 0
    assert run(capsys, "new", "board", str(tmp_path / "b.yaml"), "--circles", "9", "--seed", "1")[0] == 0
    assert (tmp_path / "a.yaml").read_text(encoding="utf-8").replace("id: a", "id: b") == (
        tmp_path / "b.yaml").read_text(encoding="utf-8")
