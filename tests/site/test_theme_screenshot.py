"""The pixels Chromium paints: a project's theme colour fills the header and its logo shows in it."""

from __future__ import annotations

import io

import pytest
from PIL import Image

pytestmark = pytest.mark.browser

PRIMARY = (0x8B, 0x1E, 0x3F)  # site.palette.primary in tests/site/conftest.py
LOGO_FILL = (0xFF, 0xD5, 0x4F)  # the logo's circle


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 2 for a, b in zip(pixel[:3], colour, strict=True))


def test_the_screenshot_shows_the_theme_colour_and_the_logo(browser, themed_url):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(themed_url + "index.html", wait_until="load")
    header = page.locator("header.md-header").bounding_box()
    logo = page.locator(".md-header__button.md-logo img").bounding_box()
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    page.close()
    assert header is not None and logo is not None
    scale = shot.width / 1280
    middle = round((header["y"] + header["height"] / 2) * scale)
    # The header's empty stretch between the title and the search box is the project's colour…
    empty = [shot.getpixel((round(x * scale), middle)) for x in range(620, 700, 8)]
    assert all(_near(pixel, PRIMARY) for pixel in empty), empty
    # …and the logo's circle is painted where the logo sits, on that colour.
    centre = (round((logo["x"] + logo["width"] / 2) * scale), round((logo["y"] + logo["height"] / 2) * scale))
    assert _near(shot.getpixel(centre), LOGO_FILL), shot.getpixel(centre)
    corner = (round((logo["x"] + 1) * scale), round((logo["y"] + 1) * scale))  # outside the circle: the header
    assert _near(shot.getpixel(corner), PRIMARY), shot.getpixel(corner)
    yellow = sum(1 for x in range(shot.width) for y in range(round(header["height"] * scale))
                 if _near(shot.getpixel((x, y)), LOGO_FILL))
    logo_area = (logo["width"] * scale) * (logo["height"] * scale)
    # one circle (r = 20 of 48: 54 % of the box, less its anti-aliased rim), nothing else of its colour
    assert 0.4 * logo_area < yellow < 0.6 * logo_area
