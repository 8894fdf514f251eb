"""Publishing a build: nothing lost when a rename fails or a build is killed, nothing replaced that is not ours."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from gaslight.build import run_build
from gaslight.outputs.sink import BuildOutput
from gaslight.project import Project
from gaslight.publish import build_lock, mark, old_copy, recover, staging_folder, swap_in

from tests.conftest import messages

BOARD = Path(__file__).resolve().parents[2] / "scenarios/boards/tutorial.yaml"


def one_page(project: Project, out: BuildOutput) -> None:
    out.page("reference/one.md", "# One\n", nav=("Reference", "One"))


def _build(out: Path, say=lambda _m: None):
    return run_build([BOARD], out, say, ("tests.foundation.test_publish:one_page",))


def _previous(tmp_path: Path) -> Path:
    out = tmp_path / "build"
    out.mkdir()
    mark(out)
    (out / "kept.txt").write_text("the last good build", encoding="utf-8")
    return out


def test_a_failed_final_rename_puts_the_previous_build_back(tmp_path, monkeypatch):
    out = _previous(tmp_path)
    finished = tmp_path / ".build.tmp-x"
    finished.mkdir()
    real_rename = Path.rename

    def failing(self, target):
        if self == finished:
            raise OSError(28, "No space left on device")
        return real_rename(self, target)

    monkeypatch.setattr(Path, "rename", failing)
    with pytest.raises(OSError):
        swap_in(finished, out)
    assert (out / "kept.txt").read_text(encoding="utf-8") == "the last good build"
    assert not old_copy(out).exists()


def test_a_build_killed_between_the_renames_is_recovered_by_the_next_run(tmp_path):
    out = _previous(tmp_path)
    out.rename(old_copy(out))  # killed here: no build/, only .build.old
    said: list[str] = []
    result = _build(out, said.append)
    assert result.published, result.report.format_text()
    assert "  put back the previous build of build (a build was stopped while publishing)" in said
    assert not old_copy(out).exists() and (out / "site" / "reference" / "one.html").is_file()


def test_recovery_alone_restores_the_previous_build(tmp_path):
    out = _previous(tmp_path)
    out.rename(old_copy(out))
    assert recover(out) == ["put back the previous build of build (a build was stopped while publishing)"]
    assert (out / "kept.txt").is_file()


def test_stale_temp_folders_of_killed_builds_are_removed(tmp_path):
    out = _previous(tmp_path)
    for _ in range(2):
        (staging_folder(out) / "site").mkdir()  # killed while writing: the staging marker is there
    (tmp_path / ".other.tmp-keep").mkdir()
    assert recover(out) == ["removed 2 unfinished build folders beside build"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.tmp-keep", "build"]


def test_a_folder_that_is_not_a_build_is_never_replaced(tmp_path):
    out = tmp_path / "thesis"
    out.mkdir()
    (out / "chapter1.tex").write_text("years of work", encoding="utf-8")
    result = _build(out)
    assert not result.published
    assert messages(result.report) == [
        f"thesis: error: {out} is not a Gaslight build (it has no .gaslight-build file), so the build will "
        "not replace it (fix: choose another output folder (--out, or 'output' in gaslight.yaml), or empty this one)"]
    assert [p.name for p in out.iterdir()] == ["chapter1.tex"]


def test_an_empty_folder_or_a_previous_build_is_replaced(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert _build(empty).published
    assert _build(empty).published  # now a build: replaced again
    assert (empty / ".gaslight-build").is_file()


def test_a_second_build_waits_for_the_first_and_says_so(tmp_path):
    out = tmp_path / "build"
    said: list[str] = []
    waiting = "another gaslight build is writing build; waiting for it to finish"
    with build_lock(out, said.append):
        worker = threading.Thread(target=lambda: said.append("published" if _build(out, said.append).published
                                                            else "failed"))
        worker.start()
        give_up = time.monotonic() + 60  # the check comes first, and takes a while on a busy machine
        while waiting not in said and time.monotonic() < give_up:
            time.sleep(0.01)
        assert waiting in said
        time.sleep(0.2)
        assert not out.exists(), "the second build must not write while the first holds the lock"
    worker.join(timeout=60)
    assert said[-1] == "published"
    assert os.path.isdir(out / "site")


def test_a_staging_folder_is_made_as_mkdir_makes_a_folder(tmp_path):
    out = tmp_path / "build"
    old = os.umask(0o022)
    try:
        first, second = staging_folder(out), staging_folder(out)
    finally:
        os.umask(old)
    assert first != second and first.parent == tmp_path and first.name.startswith(".build.tmp-")
    assert first.stat().st_mode & 0o777 == 0o755  # not private to its owner, as tempfile.mkdtemp makes it
    assert [p.name for p in first.iterdir()] == [".gaslight-staging"]  # marked as Gaslight's first thing


def test_builds_into_two_folders_of_one_parent_do_not_wait_for_each_other(tmp_path):
    said: list[str] = []
    with build_lock(tmp_path / "build", said.append):
        worker = threading.Thread(target=lambda: said.append("published" if _build(tmp_path / "other").published
                                                            else "failed"))
        worker.start()
        worker.join(timeout=120)
        assert said == ["published"], "built while the other folder's lock was held"
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == [".build.lock"], "while held"
    assert not (tmp_path / ".build.lock").exists(), "a build leaves nothing beside its folder"


def test_a_build_that_waited_on_a_lock_file_its_holder_removed_never_holds_it_beside_another(tmp_path):
    said: list[str] = []

    def second() -> None:
        with build_lock(tmp_path / "build", said.append):
            said.append("second holds it")
            time.sleep(0.3)
            said.append("second lets go")

    with build_lock(tmp_path / "build", said.append):
        worker = threading.Thread(target=second)
        worker.start()
        give_up = time.monotonic() + 60
        while not said and time.monotonic() < give_up:
            time.sleep(0.01)
    with build_lock(tmp_path / "build", lambda _m: None):  # a third, as the first lets go: one of them waits
        said.append("third holds it")
        time.sleep(0.3)
        said.append("third lets go")
    worker.join(timeout=60)
    held = [line.split()[0] for line in said if " holds it" in line or " lets go" in line]
    assert sorted(held) == ["second", "second", "third", "third"]
    assert held[0] == held[1] and held[2] == held[3], f"one at a time: {said}"
    assert not (tmp_path / ".build.lock").exists()
