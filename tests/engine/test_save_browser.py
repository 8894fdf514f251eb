"""Saving and loading on the play page, in Debian's Chromium: a save shows none of Jack's secrets, a bad one
is refused with its reason and the game in play goes on, a good one resumes with the same players."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

import pytest

from tests.engine.test_browser import phase, police_turn, start

pytestmark = pytest.mark.browser

REFUSAL = "not a saved game: "
OLD = (f"{REFUSAL}it was saved by an older version of this page (gaslight-save/2), whose saves cannot be replayed "
       "move by move; start a new game")


def old_save(state: dict[str, Any]) -> str:
    """A gaslight-save/2 text as the old page wrote it: base64 JSON of the state and an FNV-1a checksum."""
    body = base64.urlsafe_b64encode(json.dumps(state).encode()).decode().rstrip("=")
    digest = 0x811C9DC5
    for char in body:
        digest = ((digest ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    return f"gaslight-save/2.{body}.{digest:08x}"


def decoded_from_every_offset(body: str) -> list[bytes]:
    """The body read as base64 from each of its first four characters: any base64 of a word starts at one."""
    out = []
    for shift in range(4):
        part = body[shift:]
        part = part[: len(part) - len(part) % 4]
        try:
            out.append(base64.urlsafe_b64decode(part))
        except binascii.Error:
            out.append(b"")
    return out


def settle(page: Any) -> None:
    """Wait until Save or Load has finished (sealing and opening are asynchronous)."""
    page.wait_for_selector(".gl-saveload:not([data-busy])")


def save_now(page: Any, passphrase: str = "") -> str:
    page.fill("[data-testid=passphrase]", passphrase)
    page.click("[data-testid=save-button]")
    settle(page)
    return page.input_value("[data-testid=save]")


def load_now(page: Any, text: str, passphrase: str = "") -> str:
    """Load ``text`` as a player pastes it; the page's message after it."""
    page.fill("[data-testid=save]", text)
    page.fill("[data-testid=passphrase]", passphrase)
    page.click("[data-testid=load-button]")
    settle(page)
    return page.inner_text("[data-testid=message]")


def opened(page: Any, text: str) -> dict[str, Any]:
    """The record inside a sealed save, opened with the page's own key by the page's own module."""
    return page.evaluate("""async (text) => {
        const { unseal } = await import('../engine/common/seal.js');
        const [prefix, kind, data] = text.split('.');
        return JSON.parse(await unseal(kind, data, { prefix }));
    }""", text)


def test_a_police_save_hides_the_hideout_and_bad_saves_leave_the_game_in_play(page: Any, site_url: str) -> None:
    start(page, f"{site_url}/play/whitechapel.html", "police", seed=5)
    police_turn(page)
    status = page.inner_text("[data-testid=status]")
    page.click(".gl-saveload summary")
    assert "passphrase" in page.inner_text("[data-testid=save-help]")
    saved = save_now(page)
    assert saved.startswith("gaslight-save/3.sealed.")
    record = opened(page, saved)
    hideout = next(action for [action, *_] in record["steps"] if action["type"] == "hideout")
    assert (record["players"], record["seed"]) == ("police", 5)
    for plain in [saved.encode(), *decoded_from_every_offset(saved.split(".")[2])]:
        for secret in (b"hideout", b"marked", f'"circle":{hideout["circle"]}'.encode(), b"steps"):
            assert secret not in plain, secret

    # A 40 MB paste: refused by its length, and never put in the box (drawing such a line stalls the browser).
    page.evaluate("""(n) => {
        const clipboardData = new DataTransfer();
        clipboardData.setData('text/plain', 'gaslight-save/3.sealed.' + 'A'.repeat(n));
        document.querySelector('[data-testid=save]').dispatchEvent(
            new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }""", 40 * 2**20)
    settle(page)
    assert page.input_value("[data-testid=save]") == saved
    refusals = [
        (page.inner_text("[data-testid=message]"),
         f"{REFUSAL}it is 41,943,063 characters long, and a saved game is at most 262,144"),
        (load_now(page, "not a game"), f'{REFUSAL}a saved game starts with "gaslight-save/3." (use Save to make one)'),
        (load_now(page, old_save({"format": "gaslight-hunt/2", "nights": [1, "x", None]})), OLD),
        (load_now(page, saved[:-6]), f"{REFUSAL}the text was changed or cut short (its seal does not open)"),
    ]
    for message, expected in refusals:
        assert message == expected
    assert page.inner_text("[data-testid=status]") == status, "a refused save keeps the game in play"
    police_turn(page)  # and it still takes moves

    assert load_now(page, saved) == ""
    assert page.inner_text("[data-testid=status]") == status
    assert page.input_value("[data-testid=mode]") == "police"
    police_turn(page)  # the Jack bot answers again: the game goes on with the same players
    assert phase(page) in {"policeMove", "policeAction", "moveWomen"}


def test_a_locked_hot_seat_save_loads_only_with_its_passphrase_behind_the_screen(page: Any, site_url: str) -> None:
    start(page, f"{site_url}/play/tutorial.html", "hotseat", seed=2)
    page.locator("g.gl-circle.target").first.click()  # Jack's hideout
    assert phase(page) == "women"
    page.click(".gl-saveload summary")
    saved = save_now(page, "gin and fog")
    assert saved.startswith("gaslight-save/3.locked.")
    assert page.input_value("[data-testid=passphrase]") == "", "the passphrase is not left for the other side"
    assert load_now(page, saved) == f"{REFUSAL}it is locked with a passphrase: type the passphrase, then load it again"
    wrong = load_now(page, saved, "gin and tonic")
    assert wrong == f"{REFUSAL}the passphrase is wrong, or the text was changed or cut short"
    assert phase(page) == "women", "the game in play is untouched"

    assert load_now(page, saved, "gin and fog") == ""
    # Whoever loaded it, the side to act is not shown before the device is passed.
    assert page.inner_text(".gl-screen h2") == "Pass the device to Jack"
    assert page.locator("svg.gl-board *").count() == 0
    page.click("[data-testid=handover]")
    assert phase(page) == "women"
    assert page.locator("g.gl-circle.hideout").count() == 1
