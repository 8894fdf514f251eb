"""``build --out`` and ``cards --out`` refuse a folder that could never be replaced whole, before touching anything.

The output folder must be a folder of its own: the project's folder, a folder holding it, the working folder,
the filesystem root and the home folder never are, and a file is not a folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.build import run_build
from gaslight.cli import main
from gaslight.commands.init import project_files

from tests.conftest import messages

BOARD = Path(__file__).resolve().parents[2] / "scenarios/boards/tutorial.yaml"
OWN = "which cannot be the output folder: it must be a folder of its own that Gaslight can replace whole; " \
      "name a new folder, such as --out build"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project as `gaslight init` writes it, in a folder of its own, with a home folder elsewhere."""
    root = tmp_path / "work" / "game"
    for path, text in project_files(root, "Game").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "users" / "home").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path / "users" / "home"))
    monkeypatch.chdir(root)
    return root


def _everything(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


CASES = [
    (".", "--out . is the project's folder"),
    ("..", "--out .. is a folder holding the project"),
    ("/", "--out / is the filesystem root"),
    ("{home}", "--out {home} is your home folder"),
    ("{root}", "--out {root} is the project's folder"),
    ("{top}", "--out {top} is a folder holding the project"),
    ("gaslight.yaml", "--out gaslight.yaml is a file"),
    ("boards/..", "--out boards/.. is the project's folder"),
]


@pytest.mark.parametrize("command", [["build"], ["cards", "alibi-cards", "--dpi", "72"]])
@pytest.mark.parametrize(("out", "said"), CASES)
def test_an_output_folder_that_could_never_be_replaced_whole_is_a_usage_error(
        project: Path, capsys: pytest.CaptureFixture[str], command: list[str], out: str, said: str) -> None:
    names = {"home": str(project.parents[1] / "users" / "home"), "root": str(project), "top": str(project.parent)}
    before = _everything(project.parents[1])
    code = main([*command, "--out", out.format(**names)])
    assert (code, capsys.readouterr().err) == (2, f"gaslight: error: {said.format(**names)}, {OWN}\n")
    assert _everything(project.parents[1]) == before


def test_the_working_folder_is_never_an_output_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    assert [d.format_text() for d in run_build([BOARD], Path("."), lambda _m: None).report.diagnostics] == [
        ".: error: . is the working folder, which cannot be the output folder: it must be a folder of its own "
        "that Gaslight can replace whole (fix: name a new folder, such as 'build')"]
    assert list(tmp_path.iterdir()) == [here] and list(here.iterdir()) == []


def test_a_home_folder_named_in_the_build_is_refused_before_anything(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    assert messages(run_build([BOARD], home, lambda _m: None).report) == [
        f"home: error: {home} is your home folder, which cannot be the output folder: it must be a folder of "
        "its own that Gaslight can replace whole (fix: name a new folder, such as 'build')"]
    assert list(tmp_path.iterdir()) == [home] and list(home.iterdir()) == []
