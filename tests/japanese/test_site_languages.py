"""The site in the project's languages: mkdocs-static-i18n pages under /ja/, each page's lang, the switcher,
Material's search in both languages; a project in English only keeps today's config (no plugin, no script)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.site import LANGUAGE_SCRIPT, SiteOptions, write_config
from mkdocs.utils.yaml import yaml_load

from tests.site.conftest import build, make_project

BILINGUAL = "title: {en: Fog games, ja: 霧のゲーム}\ncontent: [boards]\nlanguages: [en, ja]\n"


@pytest.fixture(scope="module")
def bilingual_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(make_project(tmp_path_factory.mktemp("bilingual"), BILINGUAL))[0]


def config_for(tmp_path: Path, options: SiteOptions) -> dict:
    (tmp_path / "out").mkdir(parents=True)
    out = BuildOutput(tmp_path / "out")
    return yaml_load(write_config(out, tmp_path / "site", options).read_text(encoding="utf-8"))  # MkDocs' loader


def test_english_only_writes_the_config_of_before(tmp_path: Path) -> None:
    before = config_for(tmp_path / "a", SiteOptions(name="Fog"))
    explicit = config_for(tmp_path / "b", SiteOptions(name="Fog", languages=("en",)))
    strip = lambda c: {k: v for k, v in c.items() if k not in ("docs_dir", "site_dir")}  # noqa: E731
    assert strip(before) == strip(explicit)
    assert before["plugins"] == ["search"] and "language" not in before["theme"]
    assert "extra_javascript" not in before
    assert not (tmp_path / "a" / "out" / "docs" / LANGUAGE_SCRIPT).exists()


def test_one_other_language_sets_materials_language_and_search(tmp_path: Path) -> None:
    config = config_for(tmp_path, SiteOptions(name="霧", languages=("ja",)))
    assert config["theme"]["language"] == "ja"
    assert config["plugins"] == [{"search": {"lang": ["ja"]}}]


def test_two_languages_use_mkdocs_static_i18n(tmp_path: Path) -> None:
    config = config_for(tmp_path, SiteOptions(name="Fog", languages=("en", "ja"), names=(("ja", "<霧>"),)))
    search, i18n = config["plugins"]
    assert search == {"search": {"lang": ["en", "ja"]}}
    settings = i18n["i18n"]
    assert (settings["docs_structure"], settings["fallback_to_default"]) == ("suffix", True)
    assert [(e["locale"], e["name"], e.get("default", False)) for e in settings["languages"]] == [
        ("en", "English", True), ("ja", "日本語", False)]
    assert settings["languages"][1]["site_name"] == "&lt;霧&gt;"  # MkDocs prints it unescaped
    assert settings["languages"][1]["nav_translations"]["Rules"] == "ルール"
    assert config["extra_javascript"] == [LANGUAGE_SCRIPT]


def test_every_page_has_its_lang_and_a_switcher(bilingual_site: Path) -> None:
    pages = sorted(bilingual_site.rglob("*.html"))
    japanese = [p for p in pages if p.relative_to(bilingual_site).parts[0] == "ja"]
    english = [p for p in pages if p not in japanese and p.name != "404.html"]
    assert len(japanese) >= 3 and len(english) >= 3
    for page in english + japanese:
        text = page.read_text(encoding="utf-8")
        lang = re.search(r'<html lang="([a-z]+)"', text).group(1)
        assert lang == ("ja" if page in japanese else "en"), page
        assert 'hreflang="en"' in text and 'hreflang="ja"' in text, f"{page} has no language switcher"
    home = (bilingual_site / "ja" / "index.html").read_text(encoding="utf-8")
    assert "霧のゲーム" in home and "../assets/language.js" in home


def test_search_indexes_both_languages(bilingual_site: Path) -> None:
    index = json.loads((bilingual_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == ["en", "ja"]
    workers = bilingual_site / "assets" / "javascripts" / "lunr"
    assert (workers / "tinyseg.js").is_file() and (workers / "min" / "lunr.ja.min.js").is_file()


def test_the_404_pages_language_switcher_goes_to_each_languages_home(bilingual_site: Path) -> None:
    """mkdocs-static-i18n sets the switcher's links page by page; the 404 page is no page of the nav, so it showed
    the links of whichever page was drawn last (the English and the Japanese copy of some rules variant)."""
    text = (bilingual_site / "404.html").read_text(encoding="utf-8")
    links = re.findall(r'href="([^"]*)" hreflang="([a-z]+)"', text)
    assert sorted(set(links)) == [("/index.html", "en"), ("/ja/index.html", "ja")]


def test_the_404_page_is_in_the_projects_main_language(bilingual_site: Path) -> None:
    """The plugin builds each other language into the same folder after the main one, and MkDocs writes the 404
    page on every pass: the site's one 404 page was the last language's (Japanese menus on an English site)."""
    text = (bilingual_site / "404.html").read_text(encoding="utf-8")
    assert re.search(r'<html lang="([a-z]+)"', text).group(1) == "en"
    assert "Fog games" in text and "霧のゲーム" not in text
    assert not (bilingual_site / "ja" / "404.html").exists()
