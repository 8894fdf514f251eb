"""The bundled pre-commit hook fires on every file a project reads and checks the whole project (issue 32 §2).

The hook's fields come from ``.pre-commit-hooks.yaml``; a real ``pre-commit`` (installed with the test extras)
runs them in a git repository made by ``gaslight init``, as a ``repo: local`` hook on this Gaslight (so no
network is needed to build the hook's environment): a broken card table and a motive renamed in the mansion
block the commit, a clean change goes through.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import REPO
from tests.foundation.test_check_scope import (
    INN_LINE,
    INN_ROW,
    MOTIVE_ERRORS,
    TABLE_ERROR,
    TABLE_HEADER,
    break_table,
    edit,
    rename_motive,
)

PRE_COMMIT = Path(sys.executable).parent / "pre-commit"


def bundled_hook() -> dict[str, Any]:
    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return dict(hook)


def test_the_hook_checks_the_whole_project_and_is_not_handed_files():
    hook = bundled_hook()
    assert (hook["id"], hook["entry"], hook["language"]) == ("gaslight-check", "gaslight check --all", "python")
    assert (hook["pass_filenames"], hook["require_serial"]) == (False, True)
    assert "always_run" not in hook, "it runs when a file a project reads is staged, not on every commit"


@pytest.mark.parametrize(("path", "fires"), [
    ("boards/first-quarter.yaml", True), ("rules/x.yml", True), ("decks/cards.csv", True),
    ("decks/Cards.XLSX", True), ("decks/cards.tsv", True), ("decks/art/knife.png", True),
    ("decks/art/knife.JPG", True), ("decks/art/knife.jpeg", True), ("decks/art/knife.webp", True),
    ("decks/art/knife.gif", True), ("drawings/quarter.svg", True), ("gaslight.yaml", True),
    (".gaslight/schemas/board.schema.json", True), (".gitignore", True), ("boards/.gitignore", True),
    ("README.md", False), ("notes.txt", False), ("build.py", False), ("my.gitignore.bak", False),
])
def test_the_hook_fires_on_every_file_a_project_reads(path, fires):
    assert bool(re.search(bundled_hook()["files"], path)) is fires


def test_the_hook_manifest_is_valid_for_pre_commit():
    done = subprocess.run([str(PRE_COMMIT), "validate-manifest", str(REPO / ".pre-commit-hooks.yaml")],
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def git(repo: Path, *argv: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *argv], cwd=repo, capture_output=True, text=True, check=False, env=env)


@pytest.fixture
def repo(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A git repository holding a ``gaslight init`` project (its deck's inn card in ``decks/cards.csv``), with the
    bundled hook installed as a local hook on this Gaslight."""
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "GIT_AUTHOR_NAME": "Designer",
           "GIT_AUTHOR_EMAIL": "designer@example.org", "GIT_COMMITTER_NAME": "Designer",
           "GIT_COMMITTER_EMAIL": "designer@example.org", "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_CONFIG_GLOBAL": os.devnull}
    subprocess.run([sys.executable, "-m", "gaslight", "init", "game"], cwd=tmp_path, check=True, capture_output=True)
    root = tmp_path / "game"
    edit(root / "decks" / "alibi-cards.yaml", INN_LINE, "")
    edit(root / "decks" / "alibi-cards.yaml", "# cards_file: cards.csv", "cards_file: cards.csv")
    (root / "decks" / "cards.csv").write_text(TABLE_HEADER + INN_ROW, encoding="utf-8")
    hook = bundled_hook()
    local = {**hook, "language": "system",  # every field as bundled; the command is this Gaslight's
             "entry": hook["entry"].replace("gaslight", f"{shlex.quote(sys.executable)} -m gaslight", 1)}
    (root / ".pre-commit-config.yaml").write_text(json.dumps({"repos": [{"repo": "local", "hooks": [local]}]}),
                                                  encoding="utf-8")
    assert git(root, "init", "-q", "-b", "main", env=env).returncode == 0
    installed = subprocess.run([str(PRE_COMMIT), "install"], cwd=root, capture_output=True, text=True, env=env,
                               check=False)
    assert installed.returncode == 0, installed.stderr
    return root, env


def commit(root: Path, env: dict[str, str], *paths: str) -> tuple[int, str]:
    assert git(root, "add", *paths, env=env).returncode == 0
    done = git(root, "commit", "-q", "-m", "a change", env=env)
    return done.returncode, done.stdout + done.stderr


def test_a_broken_table_and_a_renamed_motive_block_the_commit_and_a_clean_change_passes(repo):
    root, env = repo
    code, out = commit(root, env, ".")
    assert code == 0 and re.search(r"^gaslight check\.+Passed$", out, re.MULTILINE), out

    original_table = (root / "decks" / "cards.csv").read_text(encoding="utf-8")
    break_table(root)
    code, out = commit(root, env, "decks/cards.csv")
    assert code == 1 and re.search(r"^gaslight check\.+Failed$", out, re.MULTILINE), out
    assert out.rstrip().splitlines()[-2:] == [TABLE_ERROR, "1 error, 0 warnings"]
    (root / "decks" / "cards.csv").write_text(original_table, encoding="utf-8")
    assert git(root, "add", "decks/cards.csv", env=env).returncode == 0

    original_mansion = (root / "walton" / "mansion.yaml").read_text(encoding="utf-8")
    rename_motive(root)
    code, out = commit(root, env, "walton/mansion.yaml")
    assert code == 1 and out.rstrip().splitlines()[-5:] == [*MOTIVE_ERRORS, "4 errors, 0 warnings"], out
    (root / "walton" / "mansion.yaml").write_text(original_mansion, encoding="utf-8")
    assert git(root, "add", "walton/mansion.yaml", env=env).returncode == 0

    edit(root / "boards" / "first-quarter.yaml", "title: My board", "title: Fog on Flower Street")
    code, out = commit(root, env, "boards/first-quarter.yaml")
    assert code == 0 and re.search(r"^gaslight check\.+Passed$", out, re.MULTILINE), out

    (root / "NOTES.md").write_text("Playtest on Friday.\n", encoding="utf-8")
    code, out = commit(root, env, "NOTES.md")
    assert code == 0 and re.search(r"^gaslight check\.+\(no files to check\)Skipped$", out, re.MULTILINE), out
