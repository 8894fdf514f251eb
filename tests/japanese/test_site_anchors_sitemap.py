"""Two details of a site in two languages: a Japanese heading's anchor keeps its Japanese text (#セクション,
not #_2; English anchors as before), and every language folder has the sitemap Material reads beside each
hreflang alternate, so the Japanese home loads with no failed request (a /ja/sitemap.xml 404 before); a page
whose raw HTML names files (the play page's script and board) finds them from /ja/ too."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.site import SITEMAP, SiteOptions, write_config
from markdown.extensions.toc import slugify_unicode
from mkdocs.utils.yaml import yaml_load

from tests.conftest import open_page, serve


@pytest.fixture(scope="module")
def bilingual_site(bilingual_build: Path) -> Path:
    """Every page of the two-language project (its play pages among them), in English and Japanese."""
    return bilingual_build / "site"


def toc_settings(tmp_path: Path, options: SiteOptions) -> dict[str, Any]:
    (tmp_path / "out").mkdir(parents=True)
    config = yaml_load(write_config(BuildOutput(tmp_path / "out"), tmp_path / "site", options).read_text("utf-8"))
    return next(entry["toc"] for entry in config["markdown_extensions"] if isinstance(entry, dict) and "toc" in entry)


def heading_ids(page: Path) -> dict[str, str]:
    """Each h2's text (without its permalink) → its id."""
    found = re.findall(r'<h2 id="([^"]*)">(.*?)<a class="headerlink"', page.read_text(encoding="utf-8"))
    return {text: anchor for anchor, text in found}


def test_a_site_in_japanese_slugifies_headings_keeping_their_letters(tmp_path: Path) -> None:
    toc = toc_settings(tmp_path / "ja", SiteOptions(name="霧", languages=("en", "ja")))
    assert toc["slugify"] is slugify_unicode and toc["permalink"] is True
    assert toc["slugify"]("夜の流れ と 印刷物", "-") == "夜の流れ-と-印刷物"
    assert "slugify" not in toc_settings(tmp_path / "en", SiteOptions(name="Fog"))  # English only: as before


def test_the_japanese_homes_heading_anchor_holds_its_japanese_text(bilingual_site: Path) -> None:
    assert heading_ids(bilingual_site / "ja" / "index.html") == {"セクション": "セクション"}
    assert heading_ids(bilingual_site / "index.html") == {"Sections": "sections"}


def test_every_folder_with_a_page_has_the_sites_sitemap(bilingual_site: Path) -> None:
    root = (bilingual_site / SITEMAP).read_bytes()
    assert b'hreflang="ja"' in root
    folders = {page.parent for page in bilingual_site.rglob("*.html")}
    assert {bilingual_site / "ja", bilingual_site / "ja" / "play", bilingual_site / "play"} <= folders
    assert {folder for folder in folders if (folder / SITEMAP).read_bytes() == root} == folders


@pytest.fixture(scope="module")
def site_url(bilingual_site: Path) -> Iterator[str]:
    yield from serve(bilingual_site)


@pytest.mark.browser
@pytest.mark.parametrize("page", ["ja/index.html", "index.html", "ja/play/my-board.html", "play/my-board.html"])
def test_the_home_pages_load_with_no_failed_request(browser: Any, site_url: str, page: str) -> None:
    failed: list[str] = []
    for tab in open_page(browser, locale="en-GB"):
        tab.on("response", lambda response: failed.append(f"{response.status} {response.url}")
               if response.status >= 400 else None)
        tab.on("requestfailed", lambda request: failed.append(f"failed {request.url}"))
        tab.goto(f"{site_url}/{page}", wait_until="networkidle")
        assert tab.locator(".md-select__link[hreflang=ja]").count() > 0  # the page names its alternates
        assert failed == []
