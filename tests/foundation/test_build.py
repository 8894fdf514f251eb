"""The build pipeline publishes atomically and deterministically."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.foundation.test_loading_errors import VALID_BOARD
from toolkit.build import run_build
from toolkit.outputs.sink import BuildOutput
from toolkit.project import Project

HOME_ONLY = ("toolkit.outputs.home:contribute",)


def quiet(message: str) -> None:
    return None


def tree_digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def explode(project: Project, out: BuildOutput) -> None:
    out.page("half-written.md", "# this page never reaches build/", nav=("Reference", "Half"))
    raise RuntimeError("stage failed midway")


def test_build_writes_the_site(write_yaml, tmp_path):
    scenarios = write_yaml("s/mini.yaml", VALID_BOARD).parent
    result = run_build([scenarios], tmp_path / "out", quiet, HOME_ONLY)
    assert result.published, result.report.format_text()
    index = (tmp_path / "out" / "site" / "index.html").read_text(encoding="utf-8")
    assert "Gaslight" in index and "Writing scenarios" in index


def test_failed_stage_leaves_the_previous_build_untouched(write_yaml, tmp_path):
    scenarios = write_yaml("s/mini.yaml", VALID_BOARD).parent
    out = tmp_path / "out"
    assert run_build([scenarios], out, quiet, HOME_ONLY).published
    before = tree_digest(out)
    result = run_build([scenarios], out, quiet, (*HOME_ONLY, "tests.foundation.test_build:explode"))
    assert not result.published
    assert [d.message for d in result.report.errors] == [
        "internal error while building: RuntimeError: stage failed midway"
    ]
    assert tree_digest(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "s"], "no temporary folder may be left behind"


def test_scenario_errors_stop_the_build_before_anything_is_written(write_yaml, tmp_path):
    scenarios = write_yaml("s/mini.yaml", VALID_BOARD).parent
    out = tmp_path / "out"
    assert run_build([scenarios], out, quiet, HOME_ONLY).published
    before = tree_digest(out)
    write_yaml("s/broken.yaml", VALID_BOARD.replace("id: mini", "id: other").replace("unit: mm", "unit: cm"))
    result = run_build([scenarios], out, quiet, HOME_ONLY)
    assert not result.published and len(result.report.errors) == 1
    assert tree_digest(out) == before


def test_mkdocs_refusal_is_reported_and_keeps_the_last_build(write_yaml, tmp_path):
    scenarios = write_yaml("s/mini.yaml", VALID_BOARD).parent
    out = tmp_path / "out"
    assert run_build([scenarios], out, quiet, HOME_ONLY).published
    before = tree_digest(out)
    result = run_build([scenarios], out, quiet, (*HOME_ONLY, "tests.foundation.test_build:broken_link"))
    assert not result.published
    (error,) = result.report.errors
    assert error.message.startswith("MkDocs refused the site:") and "missing.md" in error.message
    assert tree_digest(out) == before


def broken_link(project: Project, out: BuildOutput) -> None:
    out.page("reference/dangling.md", "# Dangling\n\nSee [nowhere](missing.md).\n", nav=("Reference", "Dangling"))


def test_same_inputs_same_bytes(write_yaml, tmp_path):
    scenarios = write_yaml("s/mini.yaml", VALID_BOARD).parent
    run_build([scenarios], tmp_path / "one", quiet, HOME_ONLY)
    run_build([scenarios], tmp_path / "two", quiet, HOME_ONLY)
    assert tree_digest(tmp_path / "one") == tree_digest(tmp_path / "two")
