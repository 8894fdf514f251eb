"""The hunt's play page speaks the page's language: under /ja/ (lang="ja", set by the site's i18n) its set-up form,
buttons, status line and handover are Japanese, from the engine's message tables; the English page stays English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import open_page, serve

pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def site_url(bilingual_build: Path) -> Iterator[str]:
    assert (bilingual_build / "site" / "ja" / "play" / "my-board.html").is_file()
    yield from serve(bilingual_build / "site")


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:
    yield from open_page(browser, locale="en-GB")


def test_the_japanese_hunt_page_shows_japanese_messages(tab: Any, site_url: str) -> None:
    tab.goto(f"{site_url}/ja/play/my-board.html", wait_until="load")
    tab.wait_for_selector("[data-testid=start]")
    assert tab.locator("html").get_attribute("lang") == "ja"
    assert tab.inner_text("[data-testid=start]") == "ゲームを始める"
    assert tab.locator("[data-testid=mode] option").all_inner_texts() == [
        "ホットシート：この端末で両陣営", "捜査員を担当し、ジャックのボットと対戦",
        "ジャックを担当し、捜査員のボットと対戦"]
    assert tab.locator("[data-testid=strength] option").all_inner_texts() == ["強い", "ふつう", "やさしい"]
    assert tab.inner_text("[data-testid=zoom-reset]") == "全体を表示"
    assert tab.get_attribute("[data-testid=save]", "aria-label") == "保存したゲーム"
    tab.click("[data-testid=start]")
    tab.wait_for_selector("[data-testid=prompt][data-phase]")
    assert tab.inner_text("[data-testid=status]").startswith("第1夜（全4夜） · ジャックの画面 · 捜査主任：")
    tab.click("g.gl-circle[data-circle='1']")  # not a choice now: the engine's refusal, in Japanese
    assert tab.inner_text("[data-testid=message]") != ""


def test_the_english_hunt_page_stays_english(tab: Any, site_url: str) -> None:
    tab.goto(f"{site_url}/play/my-board.html", wait_until="load")
    tab.wait_for_selector("[data-testid=start]")
    assert tab.inner_text("[data-testid=start]") == "Start a game"
    tab.click("[data-testid=start]")
    tab.wait_for_selector("[data-testid=prompt][data-phase]")
    status = tab.inner_text("[data-testid=status]")
    assert status.startswith("Night 1 of 4 · you see Jack's view · head of investigation:")


@pytest.fixture(scope="module")
def rummy_url(site_url: str) -> str:
    return site_url  # the same two-language project holds Ripper rummy's pages


def test_a_card_game_page_under_ja_speaks_japanese_to_an_english_browser(tab: Any, rummy_url: str) -> None:
    failed: list[str] = []
    tab.on("response", lambda response: failed.append(response.url) if response.status >= 400 else None)
    tab.goto(f"{rummy_url}/ja/play/rummy-ripper-rummy.html", wait_until="networkidle")
    tab.wait_for_selector("[data-testid=start]")
    assert tab.inner_text("[data-testid=start]") == "カードを配る"
    tab.goto(f"{rummy_url}/play/rummy-ripper-rummy.html", wait_until="networkidle")
    tab.wait_for_selector("[data-testid=start]")
    assert tab.inner_text("[data-testid=start]") == "Deal the cards"
    assert failed == []
