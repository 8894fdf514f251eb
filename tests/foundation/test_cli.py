"""The command line's contract: exit codes, the JSON shape, starters."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from gaslight.cli import main
from gaslight.kinds import KINDS

from tests.foundation.test_loading_errors import VALID_BOARD


def test_clean_check_exits_0(write_yaml, capsys):
    assert main(["check", str(write_yaml("ok.yaml", VALID_BOARD))]) == 0
    assert capsys.readouterr().out.strip().endswith("0 errors, 0 warnings")


def test_problems_exit_1(write_yaml, capsys):
    assert main(["check", str(write_yaml("bad.yaml", VALID_BOARD.replace("unit: mm", "unit: cm")))]) == 1
    assert "1 error, 0 warnings" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["frobnicate"], ["check", "--format", "xml"], [], ["new", "planet", "x.yaml"]])
def test_usage_errors_exit_2(argv, capsys):
    assert main(argv) == 2


def test_help_lists_every_command(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("check", "build", "serve", "new", "stats", "solve"):
        assert f"    {command} " in out


def test_json_format_is_the_stable_contract(write_yaml, capsys):
    bad = write_yaml("bad.yaml", VALID_BOARD.replace("title: Mini", "title: 3").replace(
        "# yaml-language-server: $schema=../schemas/board.schema.json\n", ""))
    assert main(["check", "--format", "json", str(bad)]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert set(payload) == {"files", "errors", "warnings"}
    assert payload["files"] == 1
    (error,) = payload["errors"]
    assert set(error) == {"severity", "code", "message", "fix", "file", "line", "column", "path"}
    assert (error["severity"], error["code"], error["line"], error["column"], error["path"]) == (
        "error", "schema.type", 3, 8, "title")
    assert error["message"] == "expected text or a mapping of keys to values, found the number 3"
    assert [(w["severity"], w["code"], w["path"]) for w in payload["warnings"]] == [("warning", "modeline", "")]


def test_new_refuses_to_overwrite(tmp_path, capsys):
    target = tmp_path / "b.yaml"
    target.write_text("keep me", encoding="utf-8")
    assert main(["new", "board", str(target)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_starter_is_valid_and_has_a_modeline(kind, tmp_path, capsys):
    target = tmp_path / "nested" / f"{kind}.yaml"
    assert main(["new", kind, str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    schema_path = (target.parent / first.split("=", 1)[1]).resolve()
    assert schema_path.name == f"{kind}.schema.json" and schema_path.exists()
    capsys.readouterr()
    # A starter stands alone, except a case, which names the bundled mansion.
    from gaslight.project import load_project
    from gaslight.resources import BUNDLED_DIR

    needs = {"case": [BUNDLED_DIR / "walton" / "mansion.yaml"]}
    project, report = load_project([*needs.get(kind, []), target])
    assert [d.format_text() for d in report.diagnostics] == []
    assert project.of_kind(kind), f"the {kind} starter did not load"


def test_internal_errors_are_one_line_not_a_traceback(monkeypatch, write_yaml, capsys):
    def boom(paths, deep=True):
        raise RuntimeError("kaboom")

    monkeypatch.setattr("gaslight.project.load_project", boom)
    assert main(["check", str(write_yaml("ok.yaml", VALID_BOARD))]) == 3
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: kaboom" in err and "Traceback" not in err


def test_console_script_runs_as_a_module():
    result = subprocess.run([sys.executable, "-m", "gaslight", "--version"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0 and result.stdout.startswith("gaslight ")


def test_a_reader_that_leaves_early_is_not_an_internal_error(write_yaml):
    many = "\n".join(f"  - {{number: {i}, at: [1, 1], colour: red}}" for i in range(1, 3000))
    text = VALID_BOARD.replace("  - {number: 1, at: [10, 10], flags: [red]}\n  - {number: 2, at: [50, 50]}", many)
    path = write_yaml("many.yaml", text)
    process = subprocess.Popen([sys.executable, "-m", "gaslight", "check", "--format", "json", str(path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    process.wait(timeout=60)
    assert process.stderr.read() == b""
    assert process.returncode == 1


def test_new_case_with_a_difficulty_writes_a_proven_case(tmp_path, capsys):
    from gaslight.project import load_project
    from gaslight.resources import BUNDLED_DIR

    target = tmp_path / "fresh-case.yaml"
    mansion = BUNDLED_DIR / "walton" / "mansion.yaml"
    assert main(["new", "case", str(target), "--difficulty", "A", "--seed", "2", "--mansion", str(mansion)]) == 0
    project, report = load_project([BUNDLED_DIR / "walton" / "mansion.yaml", target])
    assert [d.format_text() for d in report.diagnostics] == []
    (case,) = project.of_kind("case")
    assert (case.id, case.difficulty, len(case.cards)) == ("fresh-case", "A", 70)
    assert case.title == "Fresh Case"  # titled from the file's name, as the bundled cases are


def test_difficulty_is_for_cases_only(tmp_path, capsys):
    assert main(["new", "board", str(tmp_path / "b.yaml"), "--difficulty", "A"]) == 2
    assert "--difficulty only applies to 'gaslight new case'" in capsys.readouterr().err
