"""The Walton table page in Debian's Chromium: a person against bots to a right answer on a desktop, a whole
hot-seat game on a phone (375 × 740, touch) where every decision fits one screen, and hot-seat privacy."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.engine.conftest import PHONE
from tests.walton_cases.helpers import CASE_DIR, case

pytestmark = pytest.mark.browser

CASE = "the-chalked-cue"
MAX_STEPS = 300
WORDS = re.compile(r"\b1 (cards|rounds|references|offers)\b|\b([02-9]|\d\d+) (card|round|reference|offer)\b(?!s)")


def open_table(page: Any, site_url: str, seats: list[tuple[str, str]], seed: int = 1) -> None:
    page.goto(f"{site_url}/play/walton-table.html?case={CASE}")
    for i in range(5):
        name, kind = seats[i] if i < len(seats) else ("", "empty")
        page.get_by_test_id(f"seat-kind-{i}").select_option(kind)
        if name:
            page.get_by_test_id(f"seat-name-{i}").fill(name)
    page.get_by_test_id("seed").fill(str(seed))
    page.get_by_test_id("start").click()
    page.wait_for_selector("[data-testid=status], [data-testid=pass-screen], [data-testid=over]")


def hand_numbers(page: Any) -> list[int]:
    return [int(n) for n in page.get_by_test_id("hand").locator("[data-card]").evaluate_all(
        "items => items.map(i => i.dataset.card)")]


def cards_in_page(page: Any) -> set[int]:
    return {int(n) for n in page.locator("[data-card]").evaluate_all("items => items.map(i => i.dataset.card)")}


def pressed(locator: Any) -> str:
    return locator.get_attribute("aria-pressed")


@dataclass
class Player:
    """Plays the person on screen: by click (desktop) or tap (phone); ``seen`` is every card each person's own
    screen has shown as theirs, so a card of anyone else's hand on a person's screen is caught."""

    page: Any
    touch: bool
    answer: Any
    solve_from_round: int = 3
    seen: dict[str, set[int]] = field(default_factory=dict)
    kinds: list[str] = field(default_factory=list)

    def press(self, locator: Any) -> None:
        locator.tap() if self.touch else locator.click()

    def move(self, step: int, check: Callable[[str], None] = lambda kind: None) -> str:
        """One decision of the person on screen (after ``check(kind)`` looked at it); the kind of decision."""
        tid = self.page.get_by_test_id
        if tid("handover").count():
            assert self.page.locator("[data-card]").count() == 0, "the handover screen holds no card"
            self.press(tid("handover"))
            return "handover"
        me = tid("status").inner_text().split("your move, ")[1].split(":")[0]
        hand = set(hand_numbers(self.page))
        known = self.seen.setdefault(me, set()) | hand
        self.seen[me] = known
        foreign = cards_in_page(self.page) - known
        assert not foreign, f"{me}'s screen holds cards {sorted(foreign)} that were never in {me}'s hand"
        text = self.page.locator("#gaslight-walton-table").inner_text()
        assert not WORDS.search(text), f"a count with the wrong noun: {WORDS.search(text).group(0)!r}"
        for kind in ("investigate", "offer-none", "exchange", "solve-yes", "accuse", "discard"):
            if tid(kind).count():
                check(kind)
                getattr(self, kind.replace("-", "_"))(step)
                return kind
        raise AssertionError(f"no move offered: {tid('status').inner_text()}")

    def investigate(self, step: int) -> None:
        tid = self.page.get_by_test_id
        chips = self.page.locator(".gl-wchip")
        assert tid("investigate").is_disabled()
        self.press(chips.nth(step % 6))
        assert pressed(chips.nth(step % 6)) == "true"
        assert tid("investigate").is_disabled(), "two references, not one"
        self.press(chips.nth(6 + step % 5))
        assert tid("tally").inner_text() == "2 of 2 named"
        assert self.page.locator(".gl-wchip:disabled").count() == chips.count() - 2, "no third reference"
        self.press(tid("investigate"))

    def offer_none(self, step: int) -> None:
        tid = self.page.get_by_test_id
        matching = tid("hand").locator("button.gl-wcard:not([disabled])")
        assert tid("offer").is_disabled()
        if matching.count():
            self.press(matching.first)
            assert pressed(matching.first) == "true"
            assert re.fullmatch(r"Offer 1 card \(worth \d\)", tid("offer").inner_text())
            self.press(tid("offer"))
        else:
            self.press(tid("offer-none"))

    def exchange(self, step: int) -> None:
        tid = self.page.get_by_test_id
        stacks = self.page.locator(".gl-wstack")
        if stacks.count():
            assert re.fullmatch(r"\S+\n1 card, worth \d+\nnot taken|\S+\n([2-9]|\d\d) cards, worth \d+\nnot taken",
                                stacks.first.inner_text())
            value = int(stacks.first.inner_text().split("worth ")[1].split("\n")[0])
            assert tid("exchange").inner_text() == "Take nothing" and tid("exchange").is_enabled()
            cards = tid("hand").locator("button.gl-wcard")
            paid = 0
            for i in range(cards.count()):
                if paid >= value:
                    break
                self.press(cards.nth(i))
                assert pressed(cards.nth(i)) == "true"
                paid += int(cards.nth(i).locator(".gl-wcard-value").inner_text().removeprefix("worth "))
                assert tid("exchange").is_disabled() == (paid < value), "confirm only a payment the rules take"
            if paid >= value:
                assert tid("exchange").inner_text() == "Take 1 offer"
                assert stacks.first.locator(".gl-wstack-paid").inner_text() == f"paid {paid} of {value} ✓"
        self.press(tid("exchange"))

    def solve_yes(self, step: int) -> None:
        round_number = int(self.page.get_by_test_id("status").inner_text().split()[1])
        self.press(self.page.get_by_test_id("solve-yes" if round_number >= self.solve_from_round else "solve-no"))

    def accuse(self, step: int) -> None:
        tid = self.page.get_by_test_id
        # Issue 35: the form starts blank, so Accuse cannot be pressed on its first choices.
        assert tid("accuse").is_disabled()
        assert [tid(f"answer-{part}").input_value() for part in ("culprit", "motive", "weapon")] == ["", "", ""]
        tid("answer-culprit").select_option(self.answer.culprit)
        motives = tid("answer-motive").locator("option").evaluate_all("os => os.map(o => o.value)")
        assert self.answer.motive in motives and len(motives) == 4, "the culprit's three motives, after the blank"
        tid("answer-motive").select_option(self.answer.motive)
        assert tid("accuse").is_disabled()
        tid("answer-weapon").select_option(self.answer.weapon)
        self.press(tid("accuse"))

    def discard(self, step: int) -> None:
        tid = self.page.get_by_test_id
        cards = tid("hand").locator("button.gl-wcard")
        need = cards.count() - 3
        assert tid("discard").inner_text() == f"Discard {need} card{'s' if need != 1 else ''}"
        for i in range(need):
            assert tid("discard").is_disabled()
            self.press(cards.nth(i))
        assert tid("tally").inner_text() == f"{need} of {need} chosen"
        self.press(tid("discard"))


def test_one_person_and_two_bots_play_the_case_to_a_right_answer(page: Any, site_url: str) -> None:
    answer = case(CASE_DIR / f"{CASE}.yaml").answer
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    open_table(page, site_url, [("Hollis", "person"), ("Ada", "bot"), ("Basil", "bot")])
    assert page.get_by_test_id("pass-screen").count() == 0, "one person: no pass screen"
    status = page.get_by_test_id("status").inner_text()
    assert status == "Round 1 · turn: Hollis · first player: Hollis · your move, Hollis: name references."
    player = Player(page, touch=False, answer=answer)
    rounds = set()
    for step in range(MAX_STEPS):
        if page.get_by_test_id("over").count():
            break
        assert page.get_by_test_id("message").inner_text() == ""
        rounds.add(page.get_by_test_id("status").inner_text().split()[1])
        assert not any(url.endswith(".solution.json") for url in fetched), "no solution while the game is on"
        player.move(step)
    # The end screen reveals who did it, with the cards that prove it and a link to the case's steps.
    solution = page.get_by_test_id("solution")
    solution.wait_for()
    shown = solution.inner_text().replace("\n\n", "\n").splitlines()
    assert shown[:2] == ["Who did it", "Stanley Smithe (motive: the stolen patent), with the billiard cue, alone."]
    assert shown[2].startswith("Cards ") and shown[2].endswith(" prove it together.")
    assert shown[3] == "How the case is solved, step by step"
    assert solution.locator("a").get_attribute("href").endswith(f"/walton/cases/{CASE}.html")
    over = page.get_by_test_id("over").inner_text()
    assert over.startswith("Hollis solved the case\n")
    assert {"1", "2", "3"} <= rounds, "the person played through the rounds before answering"
    assert "Ada names " in over and "Basil names " in over, "the bots took their turns"
    assert "stanley" not in over, "names, never ids"


def test_the_sheet_stands_beside_the_hand_on_a_desktop(page: Any, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, site_url, [("Hollis", "person"), ("Ada", "bot")])
    sheet = page.get_by_test_id("sheet").bounding_box()
    move = page.get_by_test_id("action").bounding_box()
    assert sheet["x"] >= move["x"] + move["width"] and sheet["y"] < move["y"] + move["height"], "side by side"
    assert not page.get_by_test_id("tab-sheet").is_visible(), "no tabs on a wide screen"
    assert page.get_by_test_id("hand").locator(".gl-wcard").count() == 6


def test_people_pass_the_screen_and_never_see_each_others_hand(page: Any, site_url: str) -> None:
    open_table(page, site_url, [("Hollis", "person"), ("Ada", "bot"), ("Mabel", "person")], seed=3)
    assert page.get_by_test_id("pass-screen").inner_text().startswith("Pass the device to Hollis")
    assert page.get_by_test_id("hand").count() == 0
    page.get_by_test_id("handover").click()
    hollis = hand_numbers(page)
    assert len(hollis) == 6
    hand = page.get_by_test_id("hand")
    hollis_texts = [hand.locator(f"[data-card='{n}'] .gl-wcard-text").inner_text() for n in hollis]
    chips = page.locator(".gl-wchip")
    chips.nth(0).click()
    chips.nth(7).click()
    page.get_by_test_id("investigate").click()
    # Mabel sits to Hollis's right: she offers first, behind the pass screen
    assert page.get_by_test_id("pass-screen").inner_text().startswith("Pass the device to Mabel")
    assert page.get_by_test_id("hand").count() == 0 and page.get_by_test_id("sheet").count() == 0
    assert page.locator("[data-card]").count() == 0
    page.get_by_test_id("handover").click()
    mabel = hand_numbers(page)
    assert len(mabel) == 6 and not set(mabel) & set(hollis)
    assert not cards_in_page(page) & set(hollis), "no card of Hollis's hand on Mabel's screen"
    html = page.content()
    assert all(text not in html for text in hollis_texts), "nor any of their texts"


def test_a_whole_hot_seat_game_on_a_phone_shows_each_decision_on_one_screen(phone: Any, site_url: str) -> None:
    """Every decision of a whole game, tapped on a 375 × 740 touch screen: the page brings the decision to the
    top by itself (the test never scrolls) and every control of the decision, its confirm button included, lies
    between the site's header and the bottom of the screen."""
    answer = case(CASE_DIR / f"{CASE}.yaml").answer
    open_table(phone, site_url, [("Hollis", "person"), ("Ada", "bot"), ("Mabel", "person")], seed=3)
    player = Player(phone, touch=True, answer=answer)
    seen_kinds: set[str] = set()
    heights: list[int] = []

    def fits(kind: str) -> None:
        header = phone.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
        boxes = phone.get_by_test_id("action").locator("button, select").evaluate_all(
            "ns => ns.filter(n => n.offsetParent).map(n => [n.dataset.testid || n.dataset.card || n.textContent,"
            " n.getBoundingClientRect().top, n.getBoundingClientRect().bottom])")
        outside = [name for name, top, bottom in boxes if top < header - 0.5 or bottom > PHONE["height"] + 0.5]
        assert not outside, f"{kind}: {outside} lie off the screen"
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        heights.append(phone.evaluate("document.documentElement.scrollHeight"))
        seen_kinds.add(kind)

    for step in range(MAX_STEPS):
        if phone.get_by_test_id("over").count():
            break
        assert phone.get_by_test_id("message").inner_text() == ""
        player.move(step, fits)
    assert phone.get_by_test_id("over").inner_text().split("\n")[0].endswith("solved the case")
    assert seen_kinds == {"investigate", "offer-none", "exchange", "solve-yes", "accuse", "discard"}
    assert set(player.seen) == {"Hollis", "Mabel"}
    phone.get_by_test_id("solution").wait_for()


def test_the_sheet_is_a_tab_on_a_phone_and_keeps_its_marks(phone: Any, site_url: str) -> None:
    open_table(phone, site_url, [("Hollis", "person"), ("Ada", "bot")])
    assert not phone.get_by_test_id("sheet").is_visible()
    phone.get_by_test_id("tab-sheet").tap()
    assert phone.get_by_test_id("tab-sheet").get_attribute("aria-selected") == "true"
    assert phone.get_by_test_id("sheet").is_visible() and not phone.get_by_test_id("action").is_visible()
    mark = phone.locator("[data-sheet='suspect:stanley']")
    mark.tap()
    assert mark.inner_text() == "✗"
    phone.get_by_test_id("tab-move").tap()
    assert phone.get_by_test_id("action").is_visible()
    assert phone.get_by_test_id("tally").inner_text() == "0 of 4 named", "two players name four references"
    for i in range(4):
        phone.locator(".gl-wchip").nth(i).tap()
    phone.get_by_test_id("investigate").tap()
    phone.wait_for_selector("[data-testid=action]")
    assert phone.get_by_test_id("action").is_visible(), "each new decision opens on the move"
    assert phone.locator("[data-sheet='suspect:stanley']").inner_text() == "✗", "the marks stay with the seat"
