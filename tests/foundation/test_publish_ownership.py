"""Only what Gaslight marked as its own is recovered beside an output folder, and only after the folder is checked.

A designer's own ``.X.old/`` and ``.X.tmp-abc/`` beside ``X`` (no marker inside) survive ``build --out X`` and
``cards --out X`` whether ``X`` is a build, not a build, or missing; a killed build's marked leftovers are still
put back or removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.build import run_build
from gaslight.cli import main
from gaslight.commands.init import project_files
from gaslight.publish import mark, old_copy, staging_folder

from tests.conftest import messages

BOARD = Path(__file__).resolve().parents[2] / "scenarios/boards/tutorial.yaml"


def _build(out: Path, said: list[str] | None = None):
    return run_build([BOARD], out, (said if said is not None else []).append,
                     ("tests.foundation.test_publish:one_page",))


def _users_own(out: Path) -> dict[Path, str]:
    """A designer's folders named as Gaslight names its own, with a file each (no marker)."""
    kept = {old_copy(out) / "notes.txt": "my old notes", out.parent / f".{out.name}.tmp-abc" / "draft.txt": "draft"}
    for path, text in kept.items():
        path.parent.mkdir(parents=True)
        path.write_text(text, encoding="utf-8")
    return kept


def _intact(kept: dict[Path, str]) -> bool:
    return all(path.read_text(encoding="utf-8") == text and sorted(p.name for p in path.parent.iterdir())
               == [path.name] for path, text in kept.items())


def _a_build(out: Path) -> None:
    out.mkdir()
    mark(out)
    (out / "kept.txt").write_text("the last good build", encoding="utf-8")


def test_a_designers_folders_survive_a_first_build(tmp_path: Path) -> None:
    out = tmp_path / "site"
    kept = _users_own(out)
    said: list[str] = []
    result = _build(out, said)
    assert result.published, result.report.format_text()
    assert _intact(kept) and (out / "site" / "reference" / "one.html").is_file()
    assert not [line for line in said if "put back" in line or "removed" in line]


def test_a_designers_folders_survive_a_refusal_and_are_not_touched_first(tmp_path: Path) -> None:
    out = tmp_path / "thesis"
    out.mkdir()
    (out / "chapter1.tex").write_text("years of work", encoding="utf-8")
    kept = _users_own(out)
    result = _build(out)
    assert messages(result.report) == [
        f"thesis: error: {out} is not a Gaslight build (it has no .gaslight-build file), so the build will "
        "not replace it (fix: choose another output folder (--out, or 'output' in gaslight.yaml), or empty this one)"]
    assert _intact(kept) and [p.name for p in out.iterdir()] == ["chapter1.tex"]


def test_a_refused_folder_keeps_even_marked_leftovers_beside_it(tmp_path: Path) -> None:
    out = tmp_path / "thesis"
    out.mkdir()
    (out / "chapter1.tex").write_text("years of work", encoding="utf-8")
    old = old_copy(out)
    _a_build(old)
    leftover = staging_folder(out)
    assert not _build(out).published
    assert (old / "kept.txt").is_file() and leftover.is_dir(), "refuse first: nothing beside it is touched"


def test_a_designers_old_folder_in_the_way_of_a_rebuild_stops_it_by_name(tmp_path: Path) -> None:
    out = tmp_path / "site"
    _a_build(out)
    kept = _users_own(out)
    result = _build(out)
    assert messages(result.report) == [
        f"site: error: {old_copy(out)} is not a Gaslight build (it has no .gaslight-build file), and publishing "
        "needs its name to set the previous build of site aside (fix: rename or move .site.old, or choose another "
        "output folder)"]
    assert _intact(kept) and (out / "kept.txt").read_text(encoding="utf-8") == "the last good build"


def test_a_rebuild_beside_a_designers_temp_folder_keeps_it(tmp_path: Path) -> None:
    out = tmp_path / "site"
    _a_build(out)
    mine = tmp_path / ".site.tmp-abc" / "draft.txt"
    mine.parent.mkdir()
    mine.write_text("draft", encoding="utf-8")
    assert _build(out).published
    assert mine.read_text(encoding="utf-8") == "draft" and not (out / "kept.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.tmp-abc", "site"]


def test_a_killed_builds_marked_leftovers_are_still_recovered(tmp_path: Path) -> None:
    out = tmp_path / "site"
    _a_build(out)
    out.rename(old_copy(out))  # killed between the renames
    staging_folder(out)  # killed while writing
    finished = staging_folder(out)
    mark(finished)  # killed after marking, before publishing
    said: list[str] = []
    result = _build(out, said)
    assert result.published, result.report.format_text()
    assert said[1:3] == ["  put back the previous build of site (a build was stopped while publishing)",
                         "  removed 2 unfinished build folders beside site"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert sorted(p.name for p in out.iterdir()) == [".docs", ".gaslight-build", "site"]


def test_an_empty_folder_is_replaced_and_nothing_is_left_beside_it(tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    assert _build(out).published
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_link_as_the_output_folder_is_refused_by_name(tmp_path: Path) -> None:
    target = tmp_path / "www"
    _a_build(target)
    out = tmp_path / "site"
    out.symlink_to(target)
    assert messages(_build(out).report) == [
        f"site: error: {out} is a link to {target}, so the build will not replace it (fix: name the folder "
        "the link points to, or another output folder)"]
    assert out.is_symlink() and (target / "kept.txt").is_file()


# ---- gaslight cards --out: the same rules ----


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "game"
    for path, text in project_files(root, "Game").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(root)
    return root


@pytest.mark.parametrize("state", ["missing", "a build", "not a build"])
def test_cards_leaves_a_designers_folders_beside_its_output(project: Path, state: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = project / "pictures"
    if state == "a build":
        _a_build(out)
    elif state == "not a build":
        out.mkdir()
        (out / "mine.png").write_bytes(b"mine")
    kept = _users_own(out)
    code = main(["cards", "alibi-cards", "--dpi", "72", "--out", "pictures"])
    err = capsys.readouterr().err
    assert _intact(kept)
    if state == "missing":
        assert code == 0 and (out / "back.png").is_file()
    elif state == "a build":
        assert (code, err) == (1, "gaslight: .pictures.old is not a Gaslight build (it has no .gaslight-build "
                                  "file), and publishing needs its name to set the previous build of pictures aside "
                                  "(rename or move .pictures.old, or choose another output folder)\n")
        assert (out / "kept.txt").is_file()
    else:
        assert (code, err) == (1, "gaslight: pictures exists and was not written by Gaslight, so it is left alone; "
                                  "name another folder with --out\n")
        assert [p.name for p in out.iterdir()] == ["mine.png"]
