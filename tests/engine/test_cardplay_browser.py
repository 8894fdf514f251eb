"""The Ripper rummy and 24 play pages in Debian's Chromium on a phone (375 × 740, touch): a person and bots play a
whole game to the end screen, hot-seat hides the next person's hand until they confirm, no other seat's card is
in the page, and a save loads back to the same position."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.engine.conftest import PHONE

pytestmark = pytest.mark.browser

RUMMY = "play/rummy-ripper-rummy.html"
TWENTYFOUR = "play/24-twenty-four.html"
MAX_STEPS = 2500
HIDDEN = Path(__file__).with_name("rummy_hidden.mjs")


def open_table(page: Any, url: str, seats: list[str], seed: int = 1, slots: int = 4) -> None:
    page.goto(url)
    for i in range(slots):
        page.get_by_test_id(f"seat-kind-{i}").select_option(seats[i] if i < len(seats) else "empty")
    page.get_by_test_id("seed").fill(str(seed))
    page.get_by_test_id("start").click()
    page.wait_for_selector("[data-testid=status], [data-testid=pass-screen], [data-testid=over]")


def fits_the_phone(page: Any) -> None:
    """Nothing scrolls sideways, and the move at hand fits one screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    action = page.get_by_test_id("action")
    if action.count():
        assert action.bounding_box()["height"] <= PHONE["height"]


def rummy_move(page: Any) -> str:
    """One decision of the person on screen: draw from the case file, pass, keep, vote, pick, else discard a card."""
    tid = page.get_by_test_id
    for name in ("handover", "draw-file", "pass", "keep"):
        if tid(name).count():
            tid(name).click()
            return name
    if page.locator("[data-testid^=ballot-]").count():
        page.locator("[data-testid^=ballot-]").first.click()
        return "ballot"
    if tid("look-through").count():
        tid("look-through").locator("button").first.click()
        return "pick"
    hand = tid("hand").locator("button")
    assert hand.count(), f"no move offered: {page.inner_text('#gaslight-cards')[:400]}"
    hand.first.click()
    tid("discard").click()
    return "discard"


def twentyfour_move(page: Any) -> str:
    """One decision: place the first cards left, pass every challenge, take first pick, give up or set a card."""
    tid = page.get_by_test_id
    if tid("handover").count():
        tid("handover").click()
        return "handover"
    if tid("draft").count():
        while not tid("place").count():
            tid("hand").locator("button").first.click()
        tid("place").click()
        return "place"
    for name in ("pass", "pick-first"):
        if tid(name).count():
            tid(name).click()
            return name
    if tid("set").count():
        tid("won").locator("button").first.click()
        tid("set").click()
        return "set"
    assert tid("won").count(), f"no move offered: {page.inner_text('#gaslight-cards')[:400]}"
    tid("won").locator("button").first.click()
    return "discard"


def play_to_the_end(page: Any, move: Any) -> list[str]:
    moves = []
    for _ in range(MAX_STEPS):
        if page.get_by_test_id("over").count():
            return moves
        fits_the_phone(page)
        moves.append(move(page))
    raise AssertionError(f"the game did not end in {MAX_STEPS} decisions")


def test_a_person_and_two_bots_play_a_whole_rummy_game_on_a_phone(phone: Any, site_url: str) -> None:
    open_table(phone, f"{site_url}/{RUMMY}", ["person", "bot:sharp", "bot:easy"])
    assert phone.get_by_test_id("pass-screen").count() == 0, "one person: no handover screen"
    assert phone.get_by_test_id("status").inner_text().startswith("Hand 1 · dealer ")
    moves = play_to_the_end(phone, rummy_move)
    assert {"draw-file", "discard"} <= set(moves)
    title = phone.get_by_test_id("over-title").inner_text()
    assert title.endswith(" wins") and title.split(" wins")[0] in ("Ann", "Basil", "Clara")
    scores = phone.get_by_test_id("over").inner_text()
    assert "Scores: Ann " in scores and "How hand" in scores


def test_a_person_and_two_bots_play_a_whole_game_of_24_on_a_phone(phone: Any, site_url: str) -> None:
    open_table(phone, f"{site_url}/{TWENTYFOUR}", ["person", "bot:sharp", "bot:casual"], slots=5)
    status = phone.get_by_test_id("status").inner_text()
    assert status.startswith("Season 1 of 3 · placing, round 1 of 2 · to move: Ann (you)")
    moves = play_to_the_end(phone, twentyfour_move)
    assert moves.count("place") == 6, "two rounds of placing in each of three seasons"
    over = phone.get_by_test_id("over").inner_text()
    assert phone.get_by_test_id("over-title").inner_text().endswith("wins") or " win" in over
    assert over.count(" = ") == 3, "a score line for each of the three players"


def test_hot_seat_shows_no_hand_until_the_next_person_confirms(phone: Any, site_url: str) -> None:
    open_table(phone, f"{site_url}/{RUMMY}", ["person", "person", "bot:easy"], seed=5)
    cards = phone.locator("#gaslight-cards [data-card]")
    for _ in range(6):
        screen = phone.get_by_test_id("pass-screen")
        assert screen.count() == 1
        name = screen.locator("h2").inner_text().removeprefix("Pass the device to ")
        assert cards.count() == 0, "the handover screen shows no card at all"
        assert phone.get_by_test_id("hand").count() == 0
        phone.get_by_test_id("handover").click()
        assert phone.get_by_test_id("status").count() == 1
        assert cards.count() > 0 and phone.get_by_test_id("hand").locator("[data-card]").count() > 0
        assert f"{name} (you)" in phone.get_by_test_id("table-area").inner_text()
        while not phone.get_by_test_id("pass-screen").count():  # this person's turn, to its end
            rummy_move(phone)


def test_no_other_seat_s_card_is_in_the_page(phone: Any, site_url: str, built_site: Path) -> None:
    data = json.loads((built_site / "engine/data/cards/rummy/ripper-rummy.default.json").read_text(encoding="utf-8"))
    faces = json.loads((built_site / "engine/data/cards/rummy/ripper-rummy.json").read_text(encoding="utf-8"))["faces"]
    open_table(phone, f"{site_url}/{RUMMY}", ["person", "bot:sharp", "bot:sharp", "bot:easy"], seed=9)
    open_saves(phone)
    checked = 0
    for step in range(60):
        if step % 12 == 0:
            phone.get_by_test_id("save-button").click()
            phone.wait_for_function("document.querySelector('[data-testid=save]').value.startsWith('gaslight-rummy-save/2.')")
            text = phone.get_by_test_id("save").input_value()
            request = json.dumps({"data": data, "faces": faces, "text": text, "seat": 0})
            answer = subprocess.run([shutil.which("node") or "node", str(HIDDEN)], input=request, capture_output=True,
                                    text=True, check=True, timeout=60)
            hidden = json.loads(answer.stdout)
            shown = phone.locator("[data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
            assert len(hidden["ids"]) >= 5 and shown
            assert set(shown).isdisjoint(hidden["ids"])
            page_text = phone.inner_text("body")
            assert [n for n in hidden["names"] if n in page_text] == []
            checked += len(hidden["names"])
            phone.get_by_test_id("save").fill("")
        if phone.get_by_test_id("over").count():
            break
        rummy_move(phone)
    assert checked > 0, "some cards lay only in other hands"


def test_a_saved_game_loads_back_to_the_same_position(phone: Any, site_url: str) -> None:
    open_table(phone, f"{site_url}/{RUMMY}", ["person", "bot:sharp", "bot:easy"], seed=3)
    open_saves(phone)
    for _ in range(9):
        rummy_move(phone)
    status = phone.get_by_test_id("status").inner_text()
    hand = phone.get_by_test_id("hand").locator("[data-card]").evaluate_all("ns => ns.map(n => n.dataset.card)")
    phone.get_by_test_id("passphrase").fill("gin and fog")
    phone.get_by_test_id("save-button").click()
    phone.wait_for_function("document.querySelector('[data-testid=save]').value.length > 0")
    text = phone.get_by_test_id("save").input_value()
    assert text.startswith("gaslight-rummy-save/2.locked.")
    phone.reload()
    phone.wait_for_selector("[data-testid=start]")
    open_saves(phone)
    phone.get_by_test_id("save").fill(text)
    phone.get_by_test_id("load-button").click()
    expect_message(phone, "not a saved game: it is locked with a passphrase: type the passphrase, then load it again")
    phone.get_by_test_id("save").fill(text)
    phone.get_by_test_id("passphrase").fill("gin and fog")
    phone.get_by_test_id("load-button").click()
    phone.wait_for_function("document.querySelector('[data-testid=status]') !== null")
    assert phone.get_by_test_id("status").inner_text() == status
    assert phone.get_by_test_id("hand").locator("[data-card]").evaluate_all("ns => ns.map(n => n.dataset.card)") == hand
    assert phone.get_by_test_id("message").inner_text().startswith("Loaded: ")
    phone.get_by_test_id("save").fill(text[:-30])
    phone.get_by_test_id("passphrase").fill("gin and fog")
    phone.get_by_test_id("load-button").click()
    expect_message(phone, "not a saved game: the passphrase is wrong, or the text was changed or cut short")
    assert phone.get_by_test_id("status").inner_text() == status, "a save that does not load leaves the game as it was"


def test_the_24_page_speaks_japanese_when_asked(phone: Any, site_url: str) -> None:
    open_table(phone, f"{site_url}/{TWENTYFOUR}?lang=ja", ["person", "bot:sharp", "bot:casual"], slots=5)
    status = phone.get_by_test_id("status").inner_text()
    assert status.startswith("シーズン1／3・配置 ラウンド1／2・手番 Ann (あなた) · ")
    assert phone.get_by_test_id("prompt").inner_text().startswith("ラウンド1／2：各事件にアクションカードを1枚ずつ")


def test_the_deck_pages_link_to_their_play_pages(built_site: Path) -> None:
    rummy = (built_site / "rummy/deck.html").read_text(encoding="utf-8")
    assert 'href="../play/rummy-ripper-rummy.html"' in rummy
    assert 'href="../play/24-twenty-four.html"' in (built_site / "twentyfour/deck.html").read_text(encoding="utf-8")


def open_saves(page: Any) -> None:
    """Open the "Save or load a game" panel (it starts closed)."""
    page.evaluate("document.querySelector('.gl-saveload').open = true")


def expect_message(page: Any, text: str) -> None:
    page.wait_for_function("t => document.querySelector('[data-testid=message]').textContent === t", arg=text)
