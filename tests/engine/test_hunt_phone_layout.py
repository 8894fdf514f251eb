"""The hunt's play page on a phone (issue 35 §2): the map is the first thing under a compact title, within the
first screen, and the numbers of the circles a player chooses among (and of where Jack could be) read at least
12 CSS px tall; on a desktop the page keeps its words above the game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.conftest import PHONE
from tests.engine.test_browser import jack_turn, phase, police_turn, start

pytestmark = pytest.mark.browser

READABLE = 12.0
# Every number of a circle to choose or where Jack could be, in CSS px as drawn (font size times the map's scale).
LABELS = "svg.gl-board g.gl-circle:is(.target, .possible) text"
LABEL_SIZES = f"""() => [...document.querySelectorAll('{LABELS}')].map((t) => {{
  const m = t.getScreenCTM();
  return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
}})"""


def map_top(page: Any) -> float:
    """Where the map begins on the page (CSS px from the top of the page, not of the window)."""
    return page.evaluate("document.querySelector('svg.gl-board').getBoundingClientRect().top + window.scrollY")


def test_on_a_phone_the_map_is_on_the_first_screen_and_the_words_follow_the_game(phone: Any, site_url: str) -> None:
    start(phone, f"{site_url}/play/whitechapel.html", "police", seed=3)
    assert map_top(phone) < PHONE["height"] / 2, "the map begins in the top half of the first screen"
    # The page's words about the game come after the game; the turn's words and buttons right under the map.
    order = phone.evaluate("""() => {
      const y = (el) => el.getBoundingClientRect().top;
      const map = document.querySelector('svg.gl-board');
      const words = [...document.querySelectorAll('.md-content__inner > p')]
        .find((p) => p.textContent.startsWith('Play the'));
      return { map: y(map), words: y(words), prompt: y(document.querySelector('[data-testid=prompt]')) };
    }""")
    assert order["map"] < order["prompt"] < order["words"], order
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "nothing wider than the phone"


def test_on_a_phone_the_numbers_to_choose_among_read_at_least_12_px(phone: Any, site_url: str) -> None:
    start(phone, f"{site_url}/play/whitechapel.html", "police", seed=3)
    checked = set()
    for _ in range(200):
        current = phase(phone)
        if current in ("policeMove", "policeAction") and phone.locator("g.gl-circle.possible").count():
            sizes = phone.evaluate(LABEL_SIZES)
            assert sizes and min(sizes) >= READABLE, (current, min(sizes))
            checked.add(current)
            if len(checked) == 2:
                break
        police_turn(phone)
    assert checked == {"policeMove", "policeAction"}
    start(phone, f"{site_url}/play/whitechapel.html", "jack", seed=2)
    for _ in range(60):
        if phase(phone) == "jack":
            break
        jack_turn(phone)
    sizes = phone.evaluate(LABEL_SIZES)
    assert phase(phone) == "jack" and sizes and min(sizes) >= READABLE, min(sizes)
    # A tap on a highlighted circle in view (not his hideout: that ends the night) moves Jack one space on his track.
    assert "Jack's track 0/" in phone.inner_text("[data-testid=status]")
    frame = phone.locator("svg.gl-board").bounding_box()
    inside = [b for node in phone.locator("g.gl-circle.target:not(.hideout) circle").all() if (b := node.bounding_box())
              and frame["x"] < b["x"] < frame["x"] + frame["width"] - b["width"]
              and frame["y"] < b["y"] < frame["y"] + frame["height"] - b["height"]]
    phone.touchscreen.tap(inside[0]["x"] + inside[0]["width"] / 2, inside[0]["y"] + inside[0]["height"] / 2)
    assert phone.inner_text("[data-testid=message]") == ""
    phone.wait_for_function("document.querySelector('[data-testid=status]').textContent.includes(\"Jack's track 1/\")")


def test_on_a_desktop_the_words_stay_above_the_game_and_numbers_keep_their_size(page: Any, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    start(page, f"{site_url}/play/whitechapel.html", "police", seed=3)
    words = page.evaluate("""() => [...document.querySelectorAll('.md-content__inner > p')]
      .find((p) => p.textContent.startsWith('Play the')).getBoundingClientRect().top + window.scrollY""")
    assert words < map_top(page), "the words about the game come first on a wide screen"
    assert page.evaluate("document.querySelector('.gl-setup h2').getBoundingClientRect().height") > 0
    while phase(page) != "policeAction":
        police_turn(page)
    natural = page.evaluate("""() => { const t = document.querySelector('svg.gl-board g.gl-circle text');
      return parseFloat(getComputedStyle(t).fontSize); }""")
    sizes = page.evaluate(f"() => [...document.querySelectorAll('{LABELS}')].map((t) => getComputedStyle(t).fontSize)")
    assert sizes and {float(s.removesuffix("px")) for s in sizes} == {natural}, "no enlarged numbers on a desktop"
