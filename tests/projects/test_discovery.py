"""Which files a project checks: its content, never its build, tools or ignored files."""

from __future__ import annotations

from pathlib import Path

from gaslight.config import load_config
from gaslight.project import load_configured

from tests.foundation.test_loading_errors import VALID_BOARD

NOT_CONTENT = {
    ".venv/lib/site.yaml": "kind: board\n",
    ".venv/pyvenv.cfg": "home = /usr\n",
    "env/pyvenv.cfg": "home = /usr\n",
    "env/lib/x.yaml": "kind: board\n",
    "build/site/data.yaml": "kind: deck\n",
    ".github/workflows/ci.yml": "on: push\n",
    "node_modules/pkg/a.yaml": "kind: case\n",
    "mkdocs.yml": "site_name: notes\n",
    ".pre-commit-config.yaml": "repos: []\n",
    "drafts/idea.yaml": "kind: board\n",
    "scratch/old.yaml": "kind: board\n",
}


def layout(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def loaded_files(root: Path) -> tuple[list[str], list[str]]:
    config, _ = load_config(root / "gaslight.yaml")
    assert config is not None
    project, report = load_configured(config)
    names = sorted(Path(d.path).relative_to(root.resolve()).as_posix() for d in project.documents)
    return names, [d.format_text() for d in report.diagnostics]


def test_only_content_is_checked(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    layout(tmp_path, {**NOT_CONTENT, "gaslight.yaml": "title: T\nexclude: ['drafts/']\n",
                      ".gitignore": "scratch/\n", "boards/mini.yaml": VALID_BOARD})
    names, diagnostics = loaded_files(tmp_path)
    assert names == ["boards/mini.yaml"]
    # mkdocs.yml is not a scenario; it is reported because Gaslight does not read it for the site either.
    assert diagnostics == ["mkdocs.yml:1:1: warning: Gaslight does not read this file; the site's settings are "
                           "gaslight.yaml's 'site:' block (fix: move palette, logo, favicon, font, extra_css, extra "
                           "and custom_dir (as 'overrides') under 'site:' in gaslight.yaml, then delete this file)"]


def test_yaml_without_kind_is_left_out_with_a_warning(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    layout(tmp_path, {"gaslight.yaml": "title: T\n", "boards/mini.yaml": VALID_BOARD,
                      "boards/notes.yaml": "- ask the printer\n"})
    names, diagnostics = loaded_files(tmp_path)
    assert names == ["boards/mini.yaml"]
    assert diagnostics == ["boards/notes.yaml:1:1: warning: not a scenario file (no top-level 'kind:'); left out "
                           "(fix: add 'kind: …' if it is one, or list it under 'exclude' in gaslight.yaml)"]


def test_a_project_with_no_scenario_files_is_an_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    layout(tmp_path, {"gaslight.yaml": "title: T\ncontent: [boards]\n", "boards/.keep": ""})
    names, diagnostics = loaded_files(tmp_path)
    assert names == []
    assert diagnostics == ["gaslight.yaml:1:1: error: no scenario files under boards (fix: add one with "
                           "`gaslight new board boards/first.yaml`, or name a bundled game under 'games')"]


def test_bundled_games_come_in_by_part(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    layout(tmp_path, {"gaslight.yaml": "title: T\ngames: [{walton: [rules, mansion]}, twenty-four]\n",
                      "boards/mini.yaml": VALID_BOARD})
    config, _ = load_config(tmp_path / "gaslight.yaml")
    assert config is not None
    project, report = load_configured(config)
    assert report.ok, report.format_text()
    assert sorted(r.id for r in project.of_kind("ruleset")) == ["twenty-four", "walton"]
    assert [m.id for m in project.of_kind("mansion")] == ["walton-house"]
    assert project.of_kind("case") == ()
    assert [d.id for d in project.of_kind("deck")] == ["twenty-four"]
