"""A build draws the case cards while MkDocs makes the site: the same files, in every place, as drawn at once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.config import load_config
from gaslight.outputs import case_cards
from gaslight.outputs.sink import BuildOutput
from gaslight.project import load_configured


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> object:
    root = tmp_path_factory.mktemp("starter") / "game"
    assert main(["init", "--lang", "ja", str(root)]) == 0  # a case, with cards in a second language
    config, _ = load_config(root / "gaslight.yaml")
    assert config is not None
    loaded, report = load_configured(config)
    assert report.ok, report.format_text()
    return loaded


def files(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


def test_drawn_later_the_pages_and_printables_are_those_drawn_at_once(tmp_path: Path, project: object) -> None:
    now = BuildOutput(tmp_path / "now")
    case_cards.contribute(project, now)  # type: ignore[arg-type]
    later = BuildOutput(tmp_path / "later", finish_late=True)
    case_cards.contribute(project, later)  # type: ignore[arg-type]
    promised = files(later.root / "docs" / "print")
    assert promised and set(promised.values()) == {b""}  # the pages' links hold; nothing drawn is written yet
    assert files(later.root / "docs" / "walton") == files(now.root / "docs" / "walton")  # the pages, written first
    later.finish(later.root / "site")
    drawn = files(now.root)
    assert sum(k.endswith(".pdf") for k in drawn) >= 4 and any(k.endswith(".jpg") for k in drawn)
    assert {k: v for k, v in files(later.root).items() if not k.startswith("site/")} == drawn
    site = files(later.root / "site")
    assert site == {k.removeprefix("docs/"): v for k, v in drawn.items() if k.startswith("docs/print/")}
    for rel in site:
        assert os.path.samefile(later.root / "site" / rel, later.root / "docs" / rel)


# Run in a process of its own: a thread another test left running would keep the drawing in this one.
FAILED_BUILD = """
import multiprocessing, sys
from pathlib import Path
from gaslight import build
from gaslight.config import load_config
from gaslight.outputs import pdf
from gaslight.outputs.site import SiteBuildError
seen = []
def refuse(*_, **__):
    seen.append(len(pdf._DRAWING))  # the case cards being drawn while the site is made
    raise SiteBuildError("MkDocs refused the site")
build.build_site = refuse
config, _ = load_config(Path(sys.argv[1]) / "gaslight.yaml")
result = build.build_project(config, Path(sys.argv[2]), progress=lambda _: None, use_cache=False)
print(result.published, "MkDocs refused the site" in result.report.format_text(), seen, len(pdf._DRAWING),
      multiprocessing.active_children())
"""


def test_a_build_that_fails_after_the_pages_stops_the_drawing_and_leaves_nothing(tmp_path: Path,
                                                                                  project: object) -> None:
    root = project.config.root  # type: ignore[attr-defined]
    done = subprocess.run([sys.executable, "-c", FAILED_BUILD, str(root), str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "[1]", "0", "[]"]
    assert sorted(path.name for path in tmp_path.iterdir()) == []
