"""Every kind of page of a two-language site in Debian's Chromium: Material's language switcher leads from the
English page to the same page in Japanese (its ``lang``, the menu's exact Japanese labels, no English label of
Gaslight's own left), and Material's search on a Japanese page finds three Japanese terms on the right page.

The project has all four bundled games (one Walton case, for speed), a board of its own and its balance pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from gaslight.languages import pick, site_table
from gaslight.resources import BUNDLED_DIR

from tests.conftest import open_page, serve
from tests.japanese.conftest import CASE

pytestmark = pytest.mark.browser


# The menu's sections on every Japanese page, in order.
SECTIONS = ["ホーム", "ホワイトチャペルの追跡", "ウォルトン事件簿", "リッパー・ラミー", "24", "遊ぶ", "資料"]
# Gaslight's own entries of the menu on the Japanese pages (besides the sections; a section's index page, such as
# All boards, is its section's link).
FIXED = {"ルール", "バリアント", "変更点", "ボード", "基本ルール", "事件", "事件の論理リファレンス", "事件カード",
         "デッキ", "得点計算", "ウォルトン事件（ひとりで）", "ウォルトン事件（卓で）", "ボードエディター",
         "用語対訳表", "裁定", "シナリオを書く", "サイトを公開する"}
# The scenario's own: the board's title (written in one language), the case's and the decks' Japanese titles.
SCENARIO = {"My board", "My board：バランス", "苦い収穫", "リッパー・ラミーのデッキ", "24のデッキ"}


def variant_titles(language: str) -> set[str]:
    """The bundled rulesets' variants' titles in ``language`` (as their files write them)."""
    return {pick(variant["title"], language) for path in sorted((BUNDLED_DIR / "rulesets").glob("*.yaml"))
            for variant in yaml.safe_load(path.read_text(encoding="utf-8")).get("variants", [])}


# (what kind of page, its path on the English site)
PAGES = [
    ("home", "index.html"),
    ("a ruleset's rules", "hunt/rules.html"),
    ("a variant", "hunt/variants/long-night.html"),
    ("a variant's changes", "hunt/variants/long-night-changes.html"),
    ("a deck", "rummy/deck.html"),
    ("scoring", "twentyfour/scoring.html"),
    ("a board", "boards/my-board.html"),
    ("a balance page", "boards/my-board-balance.html"),
    ("a Walton case", f"walton/cases/{CASE}.html"),
    ("the case logic reference", "walton/case-logic.html"),
    ("the glossary", "reference/terminology.html"),
    ("play: a board", "play/my-board.html"),
    ("play: Walton solo", "play/walton.html"),
    ("play: Walton at the table", "play/walton-table.html"),
    ("play: Ripper rummy", "play/rummy-ripper-rummy.html"),
    ("play: 24", "play/24-twenty-four.html"),
]

MENU_LABELS = """() => [...document.querySelectorAll('.md-nav--primary .md-ellipsis')]
  .filter((e) => !e.closest('.md-nav--secondary'))
  .map((e) => e.textContent.trim())"""
SECTION_LABELS = """() => [...document.querySelectorAll('.md-nav--primary > .md-nav__list > .md-nav__item')]
  .map((e) => e.querySelector('.md-ellipsis').textContent.trim())"""


@pytest.fixture(scope="module")
def url(every_game: Path) -> Iterator[str]:
    yield from serve(every_game)


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:
    yield from open_page(browser, locale="en-GB")


def english_labels() -> set[str]:
    """Gaslight's own menu words in English that Japanese writes otherwise."""
    english, japanese = site_table("en"), site_table("ja")
    return {text for key, text in english.items() if key.startswith("nav.") and japanese[key] != text}


@pytest.mark.parametrize(("kind", "path"), PAGES, ids=[kind for kind, _ in PAGES])
def test_the_switcher_leads_to_the_same_page_in_japanese(tab: Any, url: str, kind: str, path: str) -> None:
    tab.goto(f"{url}/{path}", wait_until="load")
    assert tab.locator("html").get_attribute("lang") == "en"
    with tab.expect_navigation(url=f"{url}/ja/{path}", wait_until="load"):
        tab.locator(".md-select__link[hreflang=ja]").first.dispatch_event("click")
    assert tab.locator("html").get_attribute("lang") == "ja"
    assert tab.evaluate(SECTION_LABELS) == SECTIONS
    labels = set(tab.evaluate(MENU_LABELS))
    assert labels & english_labels() == set(), kind
    assert labels == {*SECTIONS, *FIXED, *SCENARIO, *variant_titles("ja")}, kind


def search(page: Any, words: str) -> Any:
    page.locator("[data-md-component=search-query]").focus()
    page.keyboard.type(words)
    page.locator(".md-search-result__item").first.wait_for(timeout=20000)
    return page.locator(".md-search-result__link")


@pytest.mark.parametrize(("words", "found_on"), [
    ("切り裂き", "ja/reference/terminology.html"),  # the other source's word for ジャック
    ("アリバイ", "ja/rummy/rules.html"),
    ("馬車", "ja/hunt/rules.html#hunt.jack.coach"),  # a glossary term of the hunt
])
def test_search_finds_japanese_terms_on_the_right_page(tab: Any, url: str, words: str, found_on: str) -> None:
    tab.goto(f"{url}/ja/index.html", wait_until="load")
    links = search(tab, words)
    found = [urlsplit(links.nth(i).get_attribute("href")) for i in range(links.count())]
    pages = [f"{place.path}#{place.fragment}" if "#" in found_on else place.path for place in found]
    assert f"/{found_on}" in pages, pages
