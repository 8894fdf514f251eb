"""``gaslight serve``'s MkDocs dirty passes (issue 39): what a pass reuses from the ones before never shows a stale
page, the early pass shows the main language's page and the next brings the other languages' up to date."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gaslight.config import ProjectConfig, load_config
from gaslight.editor_api import ServerAddress
from gaslight.serve import Preview, preview_server
from gaslight.serving.site import every_language_dirty, main_language_only
from mkdocs.commands.build import build
from mkdocs.config import load_config as load_mkdocs_config
from mkdocs.structure.files import File, Files, get_files
from mkdocs_static_i18n import suffix

from tests.foundation.helpers import free_port, new_project
from tests.foundation.test_serve_fast import BOARD_PAGES, _until

HOME_ONLY = ("gaslight.outputs.home:contribute", "gaslight.outputs.home:link_sections")


def bilingual(tmp_path: Path) -> ProjectConfig:
    """A new project's config, in English and Japanese."""
    root = new_project(tmp_path)
    config_file = root / "gaslight.yaml"
    config_file.write_text(config_file.read_text(encoding="utf-8").replace("exclude: []", "exclude: []\n"
                                                                           "languages: [en, ja]"), encoding="utf-8")
    config, report = load_config(config_file)
    assert config is not None, report.format_text()
    return config


@pytest.fixture
def work(tmp_path: Path) -> Iterator[Path]:
    """The generated pages and MkDocs config of an English and Japanese project, and its site built whole."""
    config = bilingual(tmp_path)
    folder = tmp_path / "work"
    assert Preview(config, folder, HOME_ONLY).rebuild().report.ok
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    build(_mkdocs(folder))
    yield folder
    logging.getLogger("mkdocs").setLevel(logging.NOTSET)


def _mkdocs(work: Path) -> Any:
    return load_mkdocs_config(config_file=str(work / "mkdocs.generated.yml"), site_dir=str(work / "site"))


def _dirty(work: Path, main_only: bool = False) -> None:
    config = _mkdocs(work)
    with every_language_dirty():
        if main_only:
            with main_language_only(config):
                build(config, dirty=True)
        else:
            build(config, dirty=True)


def _add(page: Path, words: str) -> None:
    page.write_text(page.read_text(encoding="utf-8") + f"\n{words}\n", encoding="utf-8")


def _shows(work: Path, page: str, words: str) -> bool:
    return words in (work / "site" / page).read_text(encoding="utf-8")


def test_the_early_pass_shows_the_main_language_and_the_next_every_other(work: Path) -> None:
    docs = work / "docs"
    _add(docs / "index.md", "Saved in English.")
    _add(docs / "index.ja.md", "日本語で保存。")
    _dirty(work, main_only=True)
    assert _shows(work, "index.html", "Saved in English.")
    assert not _shows(work, "ja/index.html", "日本語で保存。"), "the other languages wait for the next pass"
    _dirty(work)
    assert _shows(work, "ja/index.html", "日本語で保存。"), "the next pass brings them up to date"
    assert _shows(work, "index.html", "Saved in English.")


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


GO_ON = threading.Event()  # while clear, the contributor below holds up the rest of a pass


def held_contributor(project: Any, out: Any) -> None:
    """Another stage a saved board feeds (it re-runs on every save), which waits while the test looks."""
    assert GO_ON.wait(120), "the test never let the stage finish"


def test_a_save_shows_in_the_main_language_first_then_in_every_language(tmp_path: Path) -> None:
    """The live preview shows the saved board's own page before the rest of what it feeds is made, in English;
    the Japanese page follows with the rest of the pass."""
    config = bilingual(tmp_path)
    (tmp_path / "work").mkdir()
    port = free_port()
    contributors = (BOARD_PAGES[0], BOARD_PAGES[1], f"{__name__}:held_contributor", BOARD_PAGES[2])
    GO_ON.set()
    server = preview_server(config, ServerAddress("127.0.0.1", port), tmp_path / "work", contributors)
    loop = threading.Thread(target=server.serve, daemon=True)
    loop.start()
    try:
        en, ja = (f"http://127.0.0.1:{port}/{page}" for page in ("boards/first-quarter.html",
                                                                 "ja/boards/first-quarter.html"))
        assert "My board" in _until(en, "My board")[1] and "My board" in _until(ja, "My board")[1]
        GO_ON.clear()
        board = config.file.parent / "boards" / "first-quarter.yaml"
        board.write_text(board.read_text(encoding="utf-8").replace("title: My board", "title: Riverside"),
                         encoding="utf-8")
        title = '<h1 id="riverside">Riverside'
        assert title in _until(en, title)[1], "the saved board's page, before the rest of the pass"
        assert title not in _until(ja, "</html>")[1], "the other languages' pages come with the rest"
        GO_ON.set()
        assert title in _until(ja, title)[1]
        assert title in _until(en, title)[1]
    finally:
        GO_ON.set()
        server.shutdown()
        loop.join(60)


def test_a_pass_for_some_pages_leaves_the_other_changed_pages_to_the_next(work: Path) -> None:
    """The early pass renders the saved file's main page alone (``only_pages``); the other pages it changed are
    still newer than the site, so the pass that follows renders them."""
    from gaslight.serving.site import only_pages

    docs = work / "docs"
    other = next(page for page in sorted(docs.rglob("*.md"))
                 if page.name != "index.md" and not page.name.endswith(".ja.md"))
    _add(docs / "index.md", "Shown first.")
    _add(other, "Shown next.")
    site_page = other.relative_to(docs).with_suffix(".html").as_posix()
    config = _mkdocs(work)
    with every_language_dirty(), main_language_only(config), only_pages(("index.md",)):
        build(config, dirty=True)
    assert _shows(work, "index.html", "Shown first.")
    assert not _shows(work, site_page, "Shown next."), "left to the next pass"
    _dirty(work)
    assert _shows(work, site_page, "Shown next.")


def test_the_early_page_of_a_ruleset_save_is_its_rules_page(tmp_path: Path) -> None:
    """A ruleset's save changes its rules page and each variant's; the early pass shows the rules page."""
    config = bilingual(tmp_path)
    rules = ("gaslight.outputs.rules:contribute", "gaslight.outputs.engine:hunt", *HOME_ONLY)
    preview = Preview(config, tmp_path / "work", rules)
    assert preview.rebuild().report.ok
    ruleset = config.file.parent / "rules" / "foggy-nights.yaml"
    ruleset.write_text(ruleset.read_text(encoding="utf-8").replace("he keeps all of them.",
                                                                  "he keeps all of them. Saved."), encoding="utf-8")
    seen: list[tuple[str, ...]] = []
    preview.early = lambda: seen.append(preview.early_pages)
    assert preview.rebuild().report.ok
    page = seen[0][0] if seen and seen[0] else ""
    assert seen == [("games/foggy-nights/rules.md",)], seen
    assert "Saved." in (tmp_path / "work" / "docs" / page).read_text(encoding="utf-8")
