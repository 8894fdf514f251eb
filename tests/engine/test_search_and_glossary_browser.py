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
    assert term.get_attribute("tabindex") == "0", "a term is in the tab order"
    tooltip = page.locator(f"#{term.get_attribute('aria-describedby')}")
    definition = tooltip.text_content()
    assert definition, "glossary terms carry their definition"
    assert term.get_attribute("title") is None, "no second, browser-drawn tooltip"
    assert not tooltip.is_visible()
    term.focus()
    tooltip.wait_for(state="visible", timeout=5000)
    assert tooltip.inner_text().strip() == definition.strip()
    assert tooltip.get_attribute("role") == "tooltip"
    page.keyboard.press("Escape")
    tooltip.wait_for(state="hidden", timeout=5000)


def test_a_definition_is_shown_as_text_never_as_markup(page: Any, site_url: str) -> None:
    """Material's own tooltips (content.tooltips) insert a title as HTML; ours keep it text."""
    page.goto(f"{site_url}/hunt/rules.html", wait_until="load")
    hostile = '<img src="x" onerror="window.__gaslightPwned = 1">'
    page.evaluate("""(text) => {
        const term = document.createElement('abbr'); term.title = text; term.textContent = 'trap';
        document.querySelector('.md-content article').append(term);
        const script = document.createElement('script');
        script.src = document.querySelector('script[src$="glossary-focus.js"]').src + '?again';
        document.body.append(script);
    }""", hostile)
    trap = page.locator(".md-content abbr", has_text="trap")
    trap.wait_for()
    # wait on the trap itself: other terms in the page were wired when it loaded
    page.wait_for_function("term => term.hasAttribute('aria-describedby')", arg=trap.element_handle())
    trap.focus()
    tooltip = page.locator(f"#{trap.get_attribute('aria-describedby')}")
    tooltip.wait_for(state="visible", timeout=5000)
    assert tooltip.inner_text() == hostile
    assert tooltip.evaluate("e => e.children.length") == 0
    assert page.evaluate("() => window.__gaslightPwned") is None
    assert "content.tooltips" not in page.content(), "Material's HTML tooltips stay off"
