"""Every command works on the project found from the working folder, and never on Gaslight's own files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.foundation.test_loading_errors import VALID_BOARD

BROKEN = VALID_BOARD.replace("unit: mm", "unit: cm")


def test_no_project_and_no_paths_is_a_clear_stop(run, tmp_path):
    code, out, err = run(tmp_path, "check")
    assert code == 1 and out == ""
    assert err == ("gaslight: no gaslight.yaml here or above; run `gaslight init` to start a project "
                   "(or name files: `gaslight check FILE…`)\n")


@pytest.mark.parametrize("command", [["build"], ["serve"], ["solve", "first-case"], ["stats", "first-quarter"],
                                     ["schemas"]])
def test_commands_that_need_a_project_say_so(run, tmp_path, command):
    code, _, err = run(tmp_path, *command)
    assert code == 1 and "no gaslight.yaml here or above" in err


def test_a_broken_file_in_the_designers_project_is_found_not_gaslights_own(run, project):
    (project / "boards" / "bad.yaml").write_text(BROKEN, encoding="utf-8")
    code, out, _ = run(project / "boards", "check")
    assert (code, out) == (1, "bad.yaml:5:7: error: unit: the text 'cm' is not allowed here (fix: allowed: mm, pt, px)"
                              "\n1 error, 0 warnings\n")


def test_check_reports_only_the_named_files_with_the_project_around_them(run, project):
    (project / "boards" / "bad.yaml").write_text(BROKEN, encoding="utf-8")
    code, out, _ = run(project, "check", "walton/cases/first-case.yaml")
    assert (code, out) == (0, "checked walton/cases/first-case.yaml with what it needs: walton/mansion.yaml\n"
                              "0 errors, 0 warnings\n"), "the case sees the project's mansion; bad.yaml is not named"
    code, out, _ = run(project, "check", "boards/bad.yaml", ".github/workflows/gaslight.yml", ".gitignore")
    assert code == 1 and out.count("error:") == 1 and "boards/bad.yaml" in out


def test_strict_quiet_and_machine_formats(run, project):
    board = project / "boards" / "first-quarter.yaml"
    board.write_text(board.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")  # no modeline: a warning
    assert run(project, "check")[0] == 0
    code, out, _ = run(project, "check", "--strict")
    assert code == 1 and out.endswith("0 errors, 1 warning\n")
    assert run(project, "check", "-q") == (0, "", ""), "quiet: nothing at all when clean"
    code, out, _ = run(project, "check", "--format", "github")
    assert out.strip() == ("::warning file=boards/first-quarter.yaml,line=1,col=1,title=gaslight modeline::"
                           "no schema modeline on the first line (fix: start the file with "
                           "'# yaml-language-server: $schema=…/schemas/board.schema.json')")
    code, out, _ = run(project, "check", "--format", "sarif")
    sarif = json.loads(out)
    (result,) = sarif["runs"][0]["results"]
    assert sarif["version"] == "2.1.0" and sarif["runs"][0]["tool"]["driver"]["name"] == "gaslight"
    assert result["ruleId"] == "modeline" and result["level"] == "warning"
    assert result["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "boards/first-quarter.yaml"}, "region": {"startLine": 1, "startColumn": 1}}


def test_new_files_get_distinct_ids_and_modelines_that_resolve(run, project):
    assert run(project, "new", "board", "boards/market.yaml")[0] == 0
    assert run(project / "boards", "new", "board", "market2/market.yaml")[0] == 0
    ids = []
    for path in (project / "boards" / "market.yaml", project / "boards" / "market2" / "market.yaml"):
        text = path.read_text(encoding="utf-8")
        schema = (path.parent / text.splitlines()[0].split("=", 1)[1]).resolve()
        assert schema == (project / ".gaslight" / "schemas" / "board.schema.json").resolve() and schema.is_file()
        ids.append(next(line for line in text.splitlines() if line.startswith("id:")))
    assert ids == ["id: market", "id: market-2"]
    assert run(project, "check")[:2] == (0, "0 errors, 0 warnings\n")


def test_a_new_case_in_a_project_without_the_bundled_house_is_set_in_its_own_mansion(run, project):
    code, out, _ = run(project, "new", "case", "walton/cases/hand-made.yaml", "--seed", "1")
    assert code == 0
    note, wrote, advice = out.splitlines()  # a seed given is not printed back (tests/walton: one drawn is)
    # the table bands were measured in Walton House: in the project's own mansion the first case comes out as asked,
    # and the table's figures are advice, not "the closest attempt"
    assert advice == ("note: the table's level bands were measured in the mansion 'walton-house', so in "
                      "'my-mansion' the rounds are advice and the level rests on the proof (by those bands it would "
                      "play at level C; 'gaslight playtest' measures it again)")
    assert note == ("the commented starter case is set in the bundled mansion 'walton-house', which this project "
                    "does not have; drafting an easy case in the project's mansion instead (--difficulty picks "
                    "another level)")
    assert wrote == ("wrote walton/cases/hand-made.yaml: 70 cards, verdict unique, measured difficulty I (score 1), "
                     "attempt 100; at the table 6.83 rounds, 5 wrong answers in 12 games")
    text = (project / "walton" / "cases" / "hand-made.yaml").read_text(encoding="utf-8")
    assert "\nmansion: my-mansion\n" in text and '\ntitle: "Hand Made"\n' in text
    assert run(project, "check") == (0, "0 errors, 0 warnings\n", "")
    code, _, err = run(project, "new", "board", "boards/b.yaml", "--mansion", "my-mansion")
    assert (code, err.splitlines()[-1]) == (2, "gaslight: error: --mansion only applies to 'gaslight new case'")


def test_solve_and_stats_by_id_inside_the_project(run, project):
    code, out, _ = run(project / "rules", "solve", "first-case")
    assert code == 0 and out.startswith("Case first-case (The Flour on the Sleeve), declared difficulty A: unique")
    code, out, _ = run(project, "stats", "first-quarter", "--format", "json")
    assert code == 0 and json.loads(out)["board"] == "first-quarter"
    code, _, err = run(project, "solve", "no-such-case")
    assert code == 2
    assert "no case file or case id 'no-such-case' in the project gaslight.yaml (cases: first-case)" in err


@pytest.mark.parametrize(("argv", "message"), [
    (["solve", "walton"], "gaslight: error: walton is a folder; name a case file or a case id\n"),
    (["stats", "boards"], "gaslight: error: boards is a folder; name a board file or a board id\n"),
])
def test_folders_are_user_errors_not_bugs(run, project, argv, message):
    code, _, err = run(project, *argv)
    assert (code, err) == (2, message)


def test_a_reader_that_leaves_early_does_not_change_the_exit_code(project):
    (project / "boards" / "bad.yaml").write_text(BROKEN.replace(
        "circles:", "circles:\n" + "".join(f"  - {{number: {i}, at: [1, 1], colour: red}}\n" for i in range(100, 2000)),
        1), encoding="utf-8")
    shell = f"{sys.executable} -m gaslight check --format json | head -n 1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", shell], cwd=project, capture_output=True, text=True,
                          check=False)
    assert done.stdout == "{\n" and done.stderr == ""
    assert done.returncode == 1, "the check's own exit code (1: problems), not a crash code"


def test_a_full_or_read_only_output_folder_is_a_user_error(run, project, monkeypatch):
    import errno

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(project / "build"))

    monkeypatch.setattr("gaslight.build.staging_folder", full)
    code, _, err = run(project, "build", "-q")
    assert code == 1
    assert "Gaslight bug" not in err
    assert not (project / "build").exists()


def test_init_refuses_a_folder_that_has_its_files(run, project, tmp_path):
    before = (project / "gaslight.yaml").read_text(encoding="utf-8")
    code, _, err = run(tmp_path, "init", "game")
    assert code == 1 and "already has" in err and "gaslight.yaml" in err
    assert (project / "gaslight.yaml").read_text(encoding="utf-8") == before


def test_init_says_how_to_go_on_in_words_a_shell_takes(run, tmp_path):
    code, out, _ = run(tmp_path, "init", "Fog Street")
    assert code == 0
    assert out.splitlines()[1] == ("next: cd 'Fog Street' && gaslight check && gaslight build "
                                   "(then open build/site/index.html), or gaslight serve")
    here = tmp_path / "here"
    here.mkdir()
    assert run(here, "init", ".")[1].splitlines()[1].startswith("next: gaslight check && ")  # no cd to where you are


def test_init_writes_a_project_that_checks_clean(run, tmp_path):
    code, out, _ = run(tmp_path, "init", "my-games")
    assert code == 0 and "started the project 'My Games' in my-games" in out
    root = tmp_path / "my-games"
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    assert files == [
        ".gaslight/schemas/board.schema.json", ".gaslight/schemas/case.schema.json",
        ".gaslight/schemas/deck.schema.json", ".gaslight/schemas/mansion.schema.json",
        ".gaslight/schemas/project.schema.json", ".gaslight/schemas/ruleset.schema.json",
        ".github/workflows/gaslight.yml", ".github/workflows/pages.yml", ".gitignore", ".pre-commit-config.yaml",
        "boards/first-quarter.yaml",
        "decks/alibi-cards.yaml", "gaslight.yaml", "rules/alibi-cards.yaml", "rules/foggy-nights.yaml",
        "walton/cases/first-case.yaml", "walton/mansion.yaml"]
    for path in root.rglob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        if first.startswith("# yaml-language-server: $schema="):
            assert (path.parent / first.split("=", 1)[1]).resolve().is_file(), path
    assert run(root, "check", "--strict") == (0, "0 errors, 0 warnings\n", "")
    assert run(root, "schemas", "--check")[0] == 0


def test_stale_schema_copy_is_a_warning_and_schemas_refreshes_it(run, project):
    assert run(project, "schemas")[0] == 0
    stale = project / ".gaslight" / "schemas" / "board.schema.json"
    stale.write_text("{}", encoding="utf-8")
    code, out, _ = run(project, "check")
    assert code == 0 and ("gaslight.yaml:1:1: warning: the schema copy in .gaslight/schemas is out of date "
                          "(board.schema.json)") in out
    assert run(project, "schemas", "--check")[0] == 1
    assert run(project, "schemas") == (0, ".gaslight/schemas: wrote board.schema.json\n", "")
    assert run(project, "check")[1] == "0 errors, 0 warnings\n"


def test_build_writes_only_into_the_output_folder(run, project):
    before = {p: p.read_bytes() for p in project.rglob("*") if p.is_file()}
    code, out, _ = run(project, "build", "-q")
    assert code == 0 and out.endswith("built build/site (open build/site/index.html); printables in build/print\n")
    after = {p: p.read_bytes() for p in project.rglob("*")
             if p.is_file() and not {"build", ".gaslight-cache"} & set(p.relative_to(project).parts)}
    assert after == before
    assert {p.name.split("-")[0] for p in (project / ".gaslight-cache").iterdir()} <= {
        "balance", "board", "playtest", "proof", "drawn", "cardplay", "valid", "deck", "hint", "investigation", "tts",
        "templates", "pages", "CACHEDIR.TAG"}, (  # Jinja's compiled site templates, the pages MkDocs converted
        "beside the output, only the results kept between builds (issue 39)")
    home = (project / "build" / "site" / "index.html").read_text(encoding="utf-8")
    assert "<title>Fog over Spitalfields</title>" in home
    assert (project / "build" / "site" / "games" / "alibi-cards" / "rules.html").is_file()
    assert (project / "build" / "site" / "games" / "foggy-nights" / "rules.html").is_file()
    assert sorted(p.name for p in (project / "build" / "print" / "games" / "foggy-nights").glob("*-a4.pdf"))
    assert not (project / "build" / "site" / "reference" / "rulings.html").exists()
    assert Path(project / "build" / ".gaslight-build").is_file()
    umask = os.umask(0)
    os.umask(umask)
    assert (project / "build").stat().st_mode & 0o777 == 0o777 & ~umask  # as mkdir makes it: a web server reads it
