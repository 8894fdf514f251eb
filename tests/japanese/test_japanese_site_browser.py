"""The hunt's rules in Japanese in Debian's Chromium: the language switcher leads from the English rules page to
the Japanese one (lang ja, Japanese headings), and Material's search finds the alley rule by its Japanese word
and by the other source's synonym (裏道, on the terminology page). A browser preferring Japanese lands on the
Japanese home page; one that chose English in the switcher stays there."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import open_page, serve

pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def japanese_site(bilingual_build: Path) -> Path:
    return bilingual_build


@pytest.fixture(scope="module")
def ja_url(japanese_site: Path) -> Iterator[str]:
    yield from serve(japanese_site / "site")


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:
    yield from open_page(browser, locale="en-GB")


def search(page: Any, words: str) -> str:
    page.locator("[data-md-component=search-query]").focus()
    page.keyboard.type(words)
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=20000)
    return page.locator(".md-search-result").inner_text()


def test_switch_to_japanese_and_find_the_alley_rule(tab: Any, ja_url: str) -> None:
    tab.goto(f"{ja_url}/hunt/rules.html", wait_until="load")
    assert tab.locator("html").get_attribute("lang") == "en"
    tab.locator(".md-select__link[hreflang=ja]").first.dispatch_event("click")
    tab.wait_for_url("**/ja/hunt/rules.html")
    assert tab.locator("html").get_attribute("lang") == "ja"
    assert tab.locator("h1").inner_text().rstrip("¶") == "ホワイトチャペルの追跡：ルール"
    assert tab.locator("h3#hunt\\.jack\\.alley").inner_text().startswith("6.3 小路")
    found = search(tab, "小路")
    assert "区域を横切ってよい" in found, found
    link = tab.locator(".md-search-result__link[href*='hunt.jack.alley']").first
    assert "ja/hunt/rules.html" in link.get_attribute("href")


def test_the_other_sources_word_finds_the_terminology_page(tab: Any, ja_url: str) -> None:
    tab.goto(f"{ja_url}/ja/index.html", wait_until="load")
    found = search(tab, "裏道")
    assert "用語対訳表" in found or "Japanese terms" in found, found


def test_a_japanese_browser_lands_on_the_japanese_home_unless_english_was_chosen(browser: Any, ja_url: str) -> None:
    context = browser.new_context(locale="ja-JP")
    page = context.new_page()
    page.goto(f"{ja_url}/index.html", wait_until="load")
    page.wait_for_url("**/ja/**")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator("h1").inner_text().rstrip("¶") == "霧のゲーム"
    with page.expect_navigation(url="**/index.html", wait_until="load"):  # the switcher's own page change first
        page.locator(".md-select__link[hreflang=en]").first.dispatch_event("click")
    assert page.locator("html").get_attribute("lang") == "en"
    page.goto(f"{ja_url}/index.html", wait_until="load")
    page.wait_for_timeout(300)
    assert page.locator("html").get_attribute("lang") == "en", "the switcher's choice wins"
    context.close()


def test_the_japanese_aid_embeds_the_japanese_font(japanese_site: Path) -> None:
    listing = subprocess.run(["pdffonts", str(japanese_site / "print" / "hunt" / "ja" / "jack-aid-a4.pdf")],
                             check=True, capture_output=True, text=True).stdout
    rows = [line.split() for line in listing.splitlines()[2:]]
    assert {row[0].split("+")[-1] for row in rows if row[-5] == "yes"} >= {"IPAexGothic"}
    assert all(row[-5] == "yes" for row in rows)
    text = subprocess.run(["pdftotext", str(japanese_site / "print" / "hunt" / "ja" / "jack-aid-a4.pdf"), "-"],
                          check=True, capture_output=True, text=True).stdout
    assert "小路（トークンを1枚使う）" in text
