"""A project's colour and logo as Chromium shows them, on the site hosted under a sub-path."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser


def test_the_header_has_the_projects_colour_and_logo(browser, themed_url, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    page.goto(themed_url + "index.html", wait_until="load")
    header = page.locator("header.md-header")
    assert header.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(139, 30, 63)"  # #8b1e3f
    assert header.evaluate("e => getComputedStyle(e).color") == "rgb(255, 255, 255)"
    logo = page.locator(".md-header__button.md-logo img")
    assert logo.get_attribute("src") == "assets/project/art/logo.svg"
    assert logo.evaluate("img => img.complete && img.naturalWidth") == 48
    assert logo.is_visible()
    shot = tmp_path / "home.png"
    page.screenshot(path=str(shot))
    assert Path(shot).stat().st_size > 10_000
    assert failed == []
    page.close()
