"""``gaslight serve``'s MkDocs dirty passes (issue 39): what a pass reuses from the ones before never shows a stale
page."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gaslight.config import load_config
from gaslight.serve import Preview
from gaslight.serving.site import every_language_dirty
from mkdocs.commands.build import build
from mkdocs.config import load_config as load_mkdocs_config
from mkdocs.structure.files import File, Files, get_files
from mkdocs_static_i18n import suffix

from tests.foundation.helpers import new_project

HOME_ONLY = ("gaslight.outputs.home:contribute", "gaslight.outputs.home:link_sections")


@pytest.fixture
def work(tmp_path: Path) -> Iterator[Path]:
    """The generated pages and MkDocs config of an English and Japanese project, and its site built whole."""
    root = new_project(tmp_path)
    config_file = root / "gaslight.yaml"
    config_file.write_text(config_file.read_text(encoding="utf-8").replace("exclude: []", "exclude: []\n"
                                                                           "languages: [en, ja]"), encoding="utf-8")
    config, report = load_config(config_file)
    assert config is not None, report.format_text()
    folder = tmp_path / "work"
    assert Preview(config, folder, HOME_ONLY).rebuild().report.ok
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    build(_mkdocs(folder))
    yield folder
    logging.getLogger("mkdocs").setLevel(logging.NOTSET)


def _mkdocs(work: Path) -> Any:
    return load_mkdocs_config(config_file=str(work / "mkdocs.generated.yml"), site_dir=str(work / "site"))


def _dirty(work: Path) -> None:
    with every_language_dirty():
        build(_mkdocs(work), dirty=True)


def _add(page: Path, words: str) -> None:
    page.write_text(page.read_text(encoding="utf-8") + f"\n{words}\n", encoding="utf-8")


def _shows(work: Path, page: str, words: str) -> bool:
    return words in (work / "site" / page).read_text(encoding="utf-8")


def test_passes_after_the_first_make_no_localized_file_again_yet_show_every_edit(
        work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    make = suffix.create_i18n_file
    monkeypatch.setattr(suffix, "create_i18n_file", lambda file, *rest: made.append(file.src_uri) or make(file, *rest))
    docs = work / "docs"
    for n in range(3):
        _add(docs / "index.md", f"English save {n}.")
        _add(docs / "index.ja.md", f"日本語の保存{n}。")
        made.clear()
        _dirty(work)
        assert _shows(work, "index.html", f"English save {n}.") and _shows(work, "ja/index.html", f"日本語の保存{n}。")
        if n:
            assert made == [], "an unchanged file's localized copy is kept from the pass before"
    (docs / "later.md").write_text("# Later\n\nA page saved since.\n", encoding="utf-8")
    (docs / "later.ja.md").write_text("# 後で\n\n後で保存したページ。\n", encoding="utf-8")
    _dirty(work)
    assert sorted(set(made)) == ["later.ja.md", "later.md"], "only the new pages are localized"
    assert _shows(work, "later.html", "A page saved since.") and _shows(work, "ja/later.html", "後で保存したページ。")


def test_a_kept_localized_file_is_a_copy_of_its_own(work: Path) -> None:
    config = _mkdocs(work)
    source = next(f for f in get_files(config) if f.src_uri == "index.md")
    with every_language_dirty():
        first = suffix.create_i18n_file(source, "ja", "en", ["en", "ja"], config)
        first.page = "a page of the first pass"
        first.alternates["en"] = "an alternate the first pass found"
        second = suffix.create_i18n_file(source, "ja", "en", ["en", "ja"], config)
    fresh = suffix.create_i18n_file(source, "ja", "en", ["en", "ja"], config)
    assert second is not first and second.page is None and second.alternates == {"ja": second}
    assert {k: v for k, v in vars(second).items() if k != "alternates"} == {
        k: v for k, v in vars(fresh).items() if k != "alternates" and k in vars(second)}
    assert (second.dest_uri, second.url, second.abs_dest_path) == (fresh.dest_uri, fresh.url, fresh.abs_dest_path)


def test_the_theme_files_a_pass_adds_are_mkdocs_own(work: Path) -> None:
    config = _mkdocs(work)
    config = config.plugins.on_config(config)
    env = config.theme.get_env()

    def added() -> list[tuple[str, str | None, str]]:
        files = get_files(config)
        files.add_files_from_theme(env, config)
        return [(f.src_uri, f.abs_src_path, f.url) for f in files]

    own = added()
    with every_language_dirty():
        assert added() == own and added() == own, "the first pass and the next ones add what MkDocs adds"
        theme_file = next(path for path, folder, _ in own if folder and "material" in folder)
        page_file = File(theme_file, config.docs_dir, config.site_dir, config.use_directory_urls)
        files = Files([page_file])  # a file of the site at the theme file's place
        files.add_files_from_theme(env, config)
        assert [f for f in files if f.src_uri == theme_file] == [page_file], "the site's own file wins"
