"""Pages a group opens on a phone at the table fit 375 px: nothing scrolls sideways (issue 35 §4: the rummy and 24
scoring pages were 980 and 877 px wide)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGES = ["rummy/scoring.html", "twentyfour/scoring.html", "play/walton.html", "play/walton-table.html"]


@pytest.mark.parametrize("path", PAGES)
def test_the_page_fits_a_phone(browser: Any, site_url: str, path: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True)
    page = context.new_page()
    page.goto(f"{site_url}/{path}")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    context.close()


def test_a_scored_rummy_hand_fits_a_phone(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True)
    page = context.new_page()
    page.goto(f"{site_url}/rummy/scoring.html")
    page.get_by_label("Player 1: Cards on the table").fill("e:crimson*3 s:crimson")
    page.get_by_label("Player 2: Cards on the table").fill("l*3")
    page.get_by_label("Player 1: Went out").check()
    page.get_by_role("button", name="Score the hand").click()
    page.locator(".gl-calc-output table").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    context.close()
