"""The build pipeline publishes atomically and deterministically.

One real build of the bundled scenarios is made per module; the failure tests
then run failing builds against that published output and check it survives
byte for byte.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from gaslight.build import run_build
from gaslight.outputs.sink import BuildOutput
from gaslight.project import Project
from gaslight.resources import BUNDLED_DIR


def quiet(message: str) -> None:
    return None


def tree_digest(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def explode(project: Project, out: BuildOutput) -> None:
    out.page("half-written.md", "# this page never reaches build/", nav=("Reference", "Half"))
    raise RuntimeError("stage failed midway")


def broken_link(project: Project, out: BuildOutput) -> None:
    out.page("reference/dangling.md", "# Dangling\n\nSee [nowhere](missing.md).\n", nav=("Reference", "Dangling"))


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("published") / "build"
    result = run_build([BUNDLED_DIR], out, quiet)
    assert result.published, result.report.format_text()
    return out


def test_build_writes_site_printables_and_exports(published):
    index = (published / "site" / "index.html").read_text(encoding="utf-8")
    assert "Gaslight" in index
    assert '<a href="reference/rulings.html">Rulings</a>' in index, "the home page links every section"
    assert any((published / "print").rglob("*.pdf"))
    assert any((published / "export").rglob("*.json"))


def test_failed_stage_leaves_the_previous_build_untouched(published):
    before = tree_digest(published)
    result = run_build([BUNDLED_DIR], published, quiet, ("tests.foundation.test_build:explode",))
    assert not result.published
    assert [d.message for d in result.report.errors] == [
        "internal error while building: RuntimeError: stage failed midway"
    ]
    assert tree_digest(published) == before
    assert sorted(p.name for p in published.parent.iterdir()) == ["build"], "no temporary folder may be left behind"


def test_scenario_errors_stop_the_build_before_anything_is_written(published, write_yaml):
    before = tree_digest(published)
    broken = write_yaml("s/broken.yaml", (BUNDLED_DIR / "boards" / "tutorial.yaml").read_text(encoding="utf-8")
                        .replace("unit: mm", "unit: cm"))
    result = run_build([broken.parent], published, quiet)
    assert not result.published and [d.path for d in (e.location for e in result.report.errors)] == ["unit"]
    assert tree_digest(published) == before


def test_mkdocs_refusal_is_reported_and_keeps_the_last_build(published):
    before = tree_digest(published)
    result = run_build([BUNDLED_DIR], published, quiet,
                       ("gaslight.outputs.home:contribute", "tests.foundation.test_build:broken_link"))
    assert not result.published
    (error,) = result.report.errors
    assert error.message.startswith("MkDocs refused the site:")
    assert "Doc file 'reference/dangling.md' contains a link 'missing.md'" in error.message
    assert tree_digest(published) == before


def test_same_inputs_same_bytes(published, tmp_path):
    again = tmp_path / "again"
    assert run_build([BUNDLED_DIR], again, quiet).published
    assert tree_digest(again) == tree_digest(published)


def test_case_answers_stay_out_of_the_search_index(published):
    import json

    index = json.loads((published / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))
    case_entries = [d for d in index["docs"] if d["location"].startswith("walton/cases/") and
                    not d["location"].startswith("walton/cases/index")]
    assert len(case_entries) >= 10
    assert not [d["location"] for d in case_entries if "Answer" in d["text"] or d["title"] == "Solution"]
    page = (published / "site" / "walton" / "cases" / "a-bitter-harvest.html").read_text(encoding="utf-8")
    assert "<strong>Answer:</strong>" in page, "the page itself still shows the answer behind its spoiler"
