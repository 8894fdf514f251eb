"""Two page behaviours in Debian's Chromium: the search index is fetched only when search is first used (not on
every page load), and a glossary term's tooltip shows on keyboard focus, not only under a mouse."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

INDEX = "search/search_index.json"


def test_a_page_load_does_not_fetch_the_search_index_and_the_first_search_does(page: Any, site_url: str) -> None:
    asked: list[str] = []
    page.on("requestfinished", lambda request: asked.append(request.url))
    page.goto(f"{site_url}/hunt/rules.html", wait_until="networkidle")
    page.wait_for_timeout(500)
    assert not [url for url in asked if url.endswith(INDEX)], "the index waits for the first search"
    with page.expect_request_finished(lambda request: request.url.endswith(INDEX)):
        page.locator("[data-md-component=search-query]").focus()
    page.keyboard.type("hideout")
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=15000)
    assert results.count() > 0
    assert "hideout" in page.locator(".md-search-result").inner_text().lower()


def test_a_search_result_opened_with_h_highlights_at_once(page: Any, site_url: str) -> None:
    asked: list[str] = []
    page.on("requestfinished", lambda request: asked.append(request.url))
    page.goto(f"{site_url}/hunt/rules.html?h=hideout", wait_until="networkidle")
    page.wait_for_timeout(500)
    assert [url for url in asked if url.endswith(INDEX)], "a page opened from a search result loads it"


def test_a_glossary_term_shows_its_definition_on_keyboard_focus(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}/hunt/rules.html", wait_until="load")
    term = page.locator(".md-content abbr").first
    definition = term.get_attribute("title")
    assert definition, "glossary terms carry their definition"
    assert term.get_attribute("tabindex") == "0", "a term is in the tab order"
    term.focus()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.wait_for(timeout=5000)
    assert tooltip.inner_text().strip() == definition
    assert term.get_attribute("aria-describedby") == tooltip.get_attribute("id"), "screen readers hear it too"
    page.locator("body").click(position={"x": 5, "y": 5})
    tooltip.wait_for(state="detached", timeout=5000)
