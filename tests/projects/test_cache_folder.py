"""The result cache's folder (issue 39): ``cache:`` in gaslight.yaml names it or turns it off; it must be a real
folder of its own inside the project, and it carries a CACHEDIR.TAG so backup tools skip it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from gaslight.cache import CACHEDIR_TAG
from gaslight.cli import main

FIX = "(fix: name a folder of its own inside the project, such as '.gaslight-cache', or write 'cache: false')"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    assert main(["init", str(tmp_path / "game")]) == 0
    return tmp_path / "game"


def check(game: Path, capsys: pytest.CaptureFixture[str], cache: str | None = None) -> tuple[int, str]:
    config = game / "gaslight.yaml"
    lines = [line for line in config.read_text(encoding="utf-8").splitlines() if not line.startswith("cache:")]
    config.write_text("\n".join([*lines, *([f"cache: {cache}"] if cache is not None else [])]) + "\n",
                      encoding="utf-8")
    capsys.readouterr()
    cwd = Path.cwd()
    os.chdir(game)
    try:
        code = main(["check"])
    finally:
        os.chdir(cwd)
    return code, capsys.readouterr().out


def test_the_default_folder_is_tagged_for_backup_tools(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(game, capsys) == (0, "0 errors, 0 warnings\n")
    tag = game / ".gaslight-cache" / "CACHEDIR.TAG"
    assert tag.read_text(encoding="ascii") == CACHEDIR_TAG
    assert CACHEDIR_TAG.startswith("Signature: 8a477f597d28d172789f06886806bc55\n")
    assert len(list((game / ".gaslight-cache").glob("*.json"))) > 1


def test_a_named_folder_is_used_and_false_keeps_nothing(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(game, capsys, "kept/results") == (0, "0 errors, 0 warnings\n")
    kept = game / "kept" / "results"
    assert (kept / "CACHEDIR.TAG").is_file() and not (game / ".gaslight-cache").exists()
    entries = {p.name: p.stat().st_mtime_ns for p in kept.iterdir()}
    assert check(game, capsys, "false") == (0, "0 errors, 0 warnings\n")
    assert main(["build", "-q", "-f", str(game / "gaslight.yaml")]) == 0
    assert not (game / ".gaslight-cache").exists()
    assert {p.name: p.stat().st_mtime_ns for p in kept.iterdir()} == entries, "neither read nor written"


@pytest.mark.parametrize(("cache", "message"), [
    ("../elsewhere", "the cache folder '../elsewhere' is outside the project folder ({root})"),
    (".", "the cache folder '.' is the project folder itself ({root})"),
    ("build/cache", "the cache folder 'build/cache' and the output folder overlap; every build replaces the output"),
    ("true", None),
])
def test_a_folder_that_is_not_one_of_its_own_inside_the_project_is_refused(
        game: Path, capsys: pytest.CaptureFixture[str], cache: str, message: str | None) -> None:
    code, out = check(game, capsys, cache)
    line = len((game / "gaslight.yaml").read_text(encoding="utf-8").splitlines())
    if message is None:
        expected = (f"gaslight.yaml:{line}:8: error: cache: 'true' matches none of the allowed forms (fix: a folder "
                    "of its own, such as .gaslight-cache, or false)")
    else:
        expected = f"gaslight.yaml:{line}:8: error: cache: {message.format(root=game.resolve())} {FIX}"
    assert (code, out) == (1, f"{expected}\n1 error, 0 warnings\n")
    assert not (game / ".gaslight-cache").exists()


def test_a_folder_that_is_a_link_is_refused_and_nothing_is_written_through_it(
        game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (game / ".gaslight-cache").symlink_to(elsewhere, target_is_directory=True)
    code, out = check(game, capsys)
    assert (code, out.splitlines()[0]) == (1, "gaslight.yaml:7:1: error: cache: the cache folder '.gaslight-cache' "
                                              "(the default) is a symbolic link (or lies under one); Gaslight writes "
                                              f"its cache only into a real folder of the project {FIX}")
    (game / "linked").symlink_to(elsewhere, target_is_directory=True)
    code, out = check(game, capsys, "linked/cache")
    line = len((game / "gaslight.yaml").read_text(encoding="utf-8").splitlines())
    assert (code, out.splitlines()[0]) == (1, f"gaslight.yaml:{line}:8: error: cache: the cache folder "
                                              "'linked/cache' is a symbolic link (or lies under one); Gaslight writes "
                                              f"its cache only into a real folder of the project {FIX}")
    assert list(elsewhere.iterdir()) == []
