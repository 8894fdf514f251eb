"""Issue 35 in Chromium: the hunt played with the keyboard alone, a tap near a crossing on a phone, the pawn letter
picked on the board, and the end of a game (its box, the last night's route, every route on the map)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.engine.test_browser import MAX_STEPS, jack_turn, letter_night, load_saved, phase, police_turn, start

pytestmark = pytest.mark.browser

FOCUSED_CHOICE = "svg.gl-board [role=button]:focus"


def focused(page: Any, attribute: str) -> str:
    return page.evaluate(f"document.activeElement.getAttribute('{attribute}') || ''")


def tab_to(page: Any, selector: str, back: bool = False) -> None:
    """Press Tab (Shift+Tab when ``back``) until the keyboard is on ``selector``, as a keyboard player would."""
    for _ in range(120):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


def picked(page: Any) -> bool:
    return bool(page.evaluate("document.activeElement.matches('.pick, .pick-marked')"))


def pick_distinct(page: Any, count: int) -> None:
    """Enter on ``count`` different choices, Page Down moving past those already picked."""
    for _ in range(count):
        for _ in range(60):
            if not picked(page):
                break
            page.keyboard.press("PageDown")
        page.keyboard.press("Enter")


def test_the_board_is_one_tab_stop_among_the_legal_choices_each_named(page: Any, site_url: str) -> None:
    start(page, f"{site_url}/play/tutorial.html", "jack")
    assert phase(page) == "hideout"
    choices = page.locator("svg.gl-board [role=button]")
    assert choices.count() == page.locator("g.target").count() > 1
    assert page.locator("svg.gl-board [tabindex='0']").count() == 1, "one tab stop among the choices"
    assert page.locator("svg.gl-board g:not(.target)[tabindex]").count() == 0, "nothing else on the map is a stop"
    assert page.locator("g.gl-circle.red[role=button]").count() == 0, "a red circle is no hideout"
    tab_to(page, FOCUSED_CHOICE)
    first = focused(page, "data-circle")
    assert focused(page, "aria-label") == f"Circle {first}"
    page.keyboard.press("ArrowRight")
    second = focused(page, "data-circle")
    assert second != first and page.locator(f"g.gl-circle.target[data-circle='{second}'][tabindex='0']").count() == 1
    assert page.locator("svg.gl-board [tabindex='0']").count() == 1, "the stop moved with the focus"
    page.keyboard.press("Enter")
    assert phase(page) == "women"
    assert page.inner_text("[data-testid=announce]") == f"Circle {second}: {page.inner_text('[data-testid=prompt]')}"
    assert page.locator(f"g.gl-circle.hideout[data-circle='{second}']").count() == 1
    # Women tokens go on red circles: those are the choices now, each named with what it is.
    assert focused(page, "aria-label").startswith("Circle ") and focused(page, "aria-label").endswith(" — red")


def test_a_keyboard_player_plays_a_police_turn(page: Any, site_url: str) -> None:
    start(page, f"{site_url}/play/tutorial.html", "police", seed=5)
    assert phase(page) == "patrols"
    total = sum(int(n) for n in re.findall(r"(\d+) (?:real|blank)", page.inner_text("[data-testid=prompt]")))
    tab_to(page, FOCUSED_CHOICE)
    assert focused(page, "aria-label").startswith("Crossing ")
    pick_distinct(page, total)
    assert page.locator("g.gl-crossing.pick, g.gl-crossing.pick-marked").count() == total
    tab_to(page, "[data-testid=confirm]", back=True)
    page.keyboard.press("Enter")
    moved: list[str] = []
    searched: list[str] = []
    for _ in range(MAX_STEPS):
        current = phase(page)
        if current == "over" or (len(moved) == 2 and current != "policeAction"):  # the tutorial's two pawns
            break
        if current not in ("moveWomen", "policeMove", "policeAction"):
            raise AssertionError(f"unexpected phase {current!r}")
        tab_to(page, FOCUSED_CHOICE)
        name = focused(page, "aria-label")
        if current == "policeMove":
            pawn = page.get_attribute("[data-testid=prompt]", "data-pawn")
            page.keyboard.press("ArrowDown")
            name = focused(page, "aria-label")
            to = focused(page, "data-crossing")
            assert re.fullmatch(r"(Crossing (between|by) .+|.+ \(crossing (between|by) .+\))( — .+)?", name), name
            page.keyboard.press("Enter")
            assert page.locator(f"g.gl-crossing[data-crossing='{to}'] circle[data-pawn='{pawn}']").count() == 1
            moved.append(to)
        else:
            if current == "policeAction":
                searched.append(focused(page, "data-circle"))
            page.keyboard.press("Enter")  # a woman moves, or the pawn searches the circle in focus
        assert page.inner_text("[data-testid=announce]").startswith(f"{name.split(' — ')[0]}: ")
    assert len(moved) == 2 or phase(page) == "over"
    log = page.inner_text("[data-testid=log]") + page.inner_text("[data-testid=past-nights]")
    assert searched and all(f"Search on {c}: " in log for c in searched)


def test_a_keyboard_player_plays_jack_to_his_first_move(page: Any, site_url: str) -> None:
    start(page, f"{site_url}/play/whitechapel.html", "jack", seed=2)
    for _ in range(MAX_STEPS):
        current = phase(page)
        if current == "jack":
            break
        if current == "women":
            total = int(page.inner_text("[data-testid=prompt]").split("place ")[1].split()[0])
            tab_to(page, FOCUSED_CHOICE)
            pick_distinct(page, total)
            tab_to(page, "[data-testid=confirm]", back=True)
            page.keyboard.press("Enter")
        elif current == "crime":
            tab_to(page, FOCUSED_CHOICE)
            page.keyboard.press("Enter")
            tab_to(page, "[data-testid=kill]", back=True)
            page.keyboard.press("Enter")
        else:  # the hideout, a patrol token to turn over
            tab_to(page, FOCUSED_CHOICE)
            page.keyboard.press("Enter")
    else:
        raise AssertionError("Jack never got to move")
    start_at = page.locator("g.gl-circle.jack").get_attribute("data-circle")
    tab_to(page, FOCUSED_CHOICE)
    page.keyboard.press("ArrowLeft")
    to = focused(page, "data-circle")
    assert to != start_at
    page.keyboard.press("Enter")
    assert "Jack moves" in page.inner_text("[data-testid=log]") or phase(page) != "jack"
    assert page.inner_text("[data-testid=announce]").startswith(f"Circle {to}: ")
    assert page.locator("[data-testid=status]").inner_text().find("Jack's track 1/") > 0


def tap_point_near(page: Any) -> dict[str, Any] | None:
    """A screen point 9–16 px from a legal crossing, on no choice, that takes that crossing (and no other)."""
    return page.evaluate("""() => {
      const frame = document.querySelector('svg.gl-board').getBoundingClientRect();
      const centres = [...document.querySelectorAll('g.gl-crossing.target rect')].map((r) => {
        const b = r.getBoundingClientRect();
        return { k: r.parentNode.dataset.crossing, x: b.x + b.width / 2, y: b.y + b.height / 2 };
      });
      for (const c of centres) for (let a = 0; a < 16; a += 1) for (const d of [16, 12, 9]) {
        const x = c.x + d * Math.cos(a * Math.PI / 8), y = c.y + d * Math.sin(a * Math.PI / 8);
        if (x < frame.x + 2 || y < frame.y + 2 || x > frame.right - 2 || y > frame.bottom - 2) continue;
        if (y < 0 || y > innerHeight) continue;
        const under = document.elementFromPoint(x, y);
        if (!under || under.closest('[role=button]') || !under.closest('svg.gl-board')) continue;
        const others = centres.filter((o) => o !== c).map((o) => Math.hypot(o.x - x, o.y - y));
        if (others.every((o) => o > d + 12)) return { k: c.k, x, y, d };
      }
      return null;
    }""")


def test_on_a_phone_a_tap_near_a_crossing_takes_it_and_the_overlay_stays_in_view(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True)
    page = context.new_page()
    start(page, f"{site_url}/play/whitechapel.html", "police", seed=3)
    tapped = None
    for _ in range(MAX_STEPS):
        if phase(page) == "policeMove" and page.locator("g.gl-circle.possible").count():
            # The automatic zoom frames the acting pawn and every circle where Jack could be, all on screen.
            frame = page.locator("svg.gl-board").bounding_box()
            assert frame["y"] >= 0 and frame["y"] + frame["height"] <= 741, "the map is scrolled into view"
            for node in page.locator("g.gl-circle.possible circle").all():
                box = node.bounding_box()
                assert box and frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"]
                assert frame["y"] <= box["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"]
            tapped = tap_point_near(page)
            if tapped:
                break
        police_turn(page)
    assert tapped, "a police move with a crossing alone enough to tap beside"
    pawn = page.get_attribute("[data-testid=prompt]", "data-pawn")
    page.touchscreen.tap(tapped["x"], tapped["y"])
    assert page.inner_text("[data-testid=message]") == ""
    assert page.locator(f"g.gl-crossing[data-crossing='{tapped['k']}'] circle[data-pawn='{pawn}']").count() == 1
    context.close()


def test_on_a_phone_a_tap_between_two_close_choices_zooms_in(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True)
    page = context.new_page()
    start(page, f"{site_url}/play/whitechapel.html", "police", seed=3)
    while phase(page) != "policeMove":
        police_turn(page)
    page.click("[data-testid=zoom-reset]")
    pair = page.evaluate("""() => {
      const centres = [...document.querySelectorAll('g.gl-crossing.target rect')].map((r) => {
        const b = r.getBoundingClientRect();
        return { k: r.parentNode.dataset.crossing, x: b.x + b.width / 2, y: b.y + b.height / 2 };
      });
      for (const a of centres) for (const b of centres) {
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (a !== b && d > 4 && d < 16) return { a: a.k, b: b.k };
      }
      return null;
    }""")
    assert pair, "two crossings the pawn may reach close together on the whole map"
    page.locator("svg.gl-board").scroll_into_view_if_needed()
    point = page.evaluate("""([a, b]) => {
      const c = (k) => { const r = document.querySelector(`g[data-crossing='${k}'] rect`).getBoundingClientRect();
                         return [r.x + r.width / 2, r.y + r.height / 2]; };
      const [pa, pb] = [c(a), c(b)];
      return { x: (pa[0] + pb[0]) / 2, y: (pa[1] + pb[1]) / 2 };
    }""", [pair["a"], pair["b"]])
    page.touchscreen.tap(point["x"], point["y"])
    message = page.inner_text("[data-testid=message]")
    assert re.fullmatch(r"Crossing .+ and crossing .+ lie close together: zoomed in, tap the one you mean\.", message)
    assert float(page.get_attribute("svg.gl-board", "data-zoom")) > 1.4
    assert phase(page) == "policeMove", "nothing was picked"
    context.close()


def open_pawn_letter(page: Any, site_url: str, built_site: Path, board: str) -> None:
    """Jack on night 2 of ``board`` (a bots' game), no letter 1–3 sent, the pawn letter pressed on his move."""
    night = letter_night(built_site, board)
    start(page, f"{site_url}/play/{board}.html", "jack")
    load_saved(page, night["save"])
    assert phase(page) == "letter"
    page.click("[data-testid=skip]")  # no letter 1–3 tonight: the pawn letter stays open for the move
    for _ in range(MAX_STEPS):
        if phase(page) == "jack":
            break
        jack_turn(page)
    assert page.locator("select").filter(has_text="pawn letter").count() == 0, "no dropdown"
    page.click("[data-testid=pawn-letter]")
    assert page.get_attribute("[data-testid=pawn-letter]", "aria-pressed") == "true"


def test_the_pawn_letter_is_picked_on_the_board_and_offered_only_when_it_can_be_sent(
        page: Any, site_url: str, built_site: Path) -> None:
    open_pawn_letter(page, site_url, built_site, "whitechapel")
    # Whitechapel's letter names one place (Tallow Yard): it is picked; the pawn is clicked on the board.
    assert page.locator("g.gl-crossing.pick-marked").count() == 1
    assert page.inner_text("[data-testid=prompt]") == ("Jack: the pawn letter (Goulston Street) to Tallow Yard — "
                                                       "click the pawn it sends there: the red, green or blue pawn "
                                                       "(highlighted).")
    pawns = {page.locator(f"g.gl-crossing:has(circle[data-pawn='{i}'])").get_attribute("data-crossing"): i
             for i in (1, 2, 3)}
    assert {n.get_attribute("data-crossing") for n in page.locator("g.gl-crossing.target").all()} == set(pawns)
    page.locator("g.gl-circle >> nth=0").dispatch_event("click")
    assert page.inner_text("[data-testid=message]") == (
        "First click the pawn letter's pawn (a highlighted crossing), or cancel the letter.")
    green = next(k for k, i in pawns.items() if i == 2)
    page.click(f"g.gl-crossing[data-crossing='{green}']")
    assert page.inner_text("[data-testid=prompt]").endswith(
        "With this move you send the pawn letter (Goulston Street): the green pawn to Tallow Yard.")
    click_move = page.locator("g.gl-circle.target").first
    click_move.click()
    log = page.inner_text("[data-testid=log]") + page.inner_text("[data-testid=past-nights]")
    assert "Goulston Street" in log
    for _ in range(MAX_STEPS):
        if phase(page) == "jack" or page.inner_text("[data-testid=status]").startswith(("Night 3", "Game over")):
            break
        jack_turn(page)
    if phase(page) == "jack":
        assert page.locator("[data-testid=pawn-letter]").count() == 0, "sent once: never offered again"


def test_a_pawn_letter_with_one_pawn_to_send_picks_it(page: Any, site_url: str, built_site: Path) -> None:
    """The tutorial plays the yellow and red pawns; of the colours a pawn letter names (red, green, blue) only red is
    in play, so the letter's pawn is picked with its one place (Ropewalk Market, k13) and Jack goes on to his move."""
    open_pawn_letter(page, site_url, built_site, "tutorial")
    assert page.locator("g.gl-crossing.pick-marked[data-crossing='k13']").count() == 1
    assert page.inner_text("[data-testid=prompt]").endswith(
        "With this move you send the pawn letter (Goulston Street): the red pawn to Ropewalk Market.")
    assert page.locator("g.gl-crossing.target").count() == 0, "no pawn to click"
    assert page.locator("g.gl-circle.target").count() > 0


def test_night_one_offers_no_pawn_letter(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}/play/tutorial.html")
    page.wait_for_selector("[data-testid=start]")
    page.select_option("[data-testid=variant]", "letters.json")
    page.select_option("[data-testid=mode]", "jack")
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=prompt][data-phase]")  # the game is drawn (a race under load otherwise)
    for _ in range(MAX_STEPS):
        if phase(page) == "jack":
            break
        jack_turn(page)
    assert page.inner_text("[data-testid=status]").startswith("Night 1 of ")
    assert page.locator("[data-testid=pawn-letter]").count() == 0


def js_number(value: float) -> str:
    """A number as JavaScript prints it (12, not 12.0)."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def finished_game(site: Path, winner: str) -> dict[str, Any]:
    script = Path(__file__).with_name("finished_game.mjs")
    done = subprocess.run(["node", str(script), str(site), "tutorial", winner], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("winner", ["police", "jack"])
def test_the_end_of_a_game_reveals_every_route_in_words_and_on_the_map(
        browser: Any, site_url: str, built_site: Path, winner: str) -> None:
    game = finished_game(built_site, winner)
    context = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True)
    page = context.new_page()
    start(page, f"{site_url}/play/tutorial.html", "police")
    load_saved(page, game["save"])
    assert phase(page) == "over"
    box = page.get_by_test_id("game-over")
    assert box.locator("h3").inner_text() == ("The police win" if winner == "police" else "Jack wins")
    routes = game["routes"]
    words = [f"Night {r['night']}: {' → '.join(map(str, r['route'])) if r['route'] else 'no move'}." for r in routes]
    assert box.locator("li").all_inner_texts() == words
    last = routes[-1]["route"]
    if winner == "police":
        assert box.get_by_test_id("last-route").inner_text() == (
            f"Jack's route on his last night, revealed: {' → '.join(map(str, last))}.")
    else:
        assert box.get_by_test_id("last-route").count() == 0
    lines = page.locator("[data-testid=route-map] polyline.gl-route")
    drawn = [r for r in routes if len(r["route"]) > 1]
    assert lines.count() == len(drawn) >= 1
    for i, r in enumerate(drawn):
        assert lines.nth(i).get_attribute("data-night") == str(r["night"])
        expected = " ".join(",".join(js_number(v) for v in game["positions"][str(c)]) for c in r["route"])
        assert lines.nth(i).get_attribute("points") == expected
    context.close()
