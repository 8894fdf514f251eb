"""The Walton table page in Debian's Chromium: a person against bots to a right answer, and hot-seat privacy."""

from __future__ import annotations

from typing import Any

import pytest

from tests.walton_cases.helpers import CASE_DIR, case

pytestmark = pytest.mark.browser

CASE = "the-chalked-cue"
MAX_STEPS = 300


def open_table(page: Any, site_url: str, seats: list[tuple[str, str]], seed: int = 1) -> None:
    page.goto(f"{site_url}/play/walton-table.html?case={CASE}")
    for i in range(5):
        name, kind = seats[i] if i < len(seats) else ("", "empty")
        page.get_by_test_id(f"seat-kind-{i}").select_option(kind)
        if name:
            page.get_by_test_id(f"seat-name-{i}").fill(name)
    page.get_by_test_id("seed").fill(str(seed))
    page.get_by_test_id("start").click()


def hand_numbers(page: Any) -> list[int]:
    return [int(n) for n in page.get_by_test_id("hand").locator("[data-card]").evaluate_all(
        "items => items.map(i => i.dataset.card)")]


def take_a_turn(page: Any, step: int, solve_from_round: int, answer: Any) -> None:
    """One move of the person on screen: name two references, offer a matching card, take the first offer,
    keep investigating until ``solve_from_round``, then answer; discard the cheapest."""
    action = page.get_by_test_id("action")
    if page.get_by_test_id("investigate").count():
        boxes = action.locator("input[type=checkbox]")
        boxes.nth(step % 6).check()
        boxes.nth(6 + step % 5).check()
        page.get_by_test_id("investigate").click()
    elif page.get_by_test_id("offer-none").count():
        matching = action.locator("input[type=checkbox]:not([disabled])")
        if matching.count():
            matching.first.check()
            page.get_by_test_id("offer").click()
        else:
            page.get_by_test_id("offer-none").click()
    elif page.get_by_test_id("exchange").count():
        offers = action.locator("fieldset")
        if offers.count():
            boxes = offers.first.locator("input[type=checkbox]")
            for i in range(min(3, boxes.count())):
                boxes.nth(i).check()
        page.get_by_test_id("exchange").click()
    elif page.get_by_test_id("solve-yes").count():
        round_number = int(page.get_by_test_id("status").inner_text().split()[1])
        page.get_by_test_id("solve-yes" if round_number >= solve_from_round else "solve-no").click()
    elif page.get_by_test_id("accuse").count():
        # Issue 35: the form starts blank, so Accuse cannot be pressed on its first choices.
        assert page.get_by_test_id("accuse").is_disabled()
        assert [page.get_by_test_id(f"answer-{part}").input_value() for part in ("culprit", "motive", "weapon")] == \
            ["", "", ""]
        page.get_by_test_id("answer-culprit").select_option(answer.culprit)
        motives = page.get_by_test_id("answer-motive").locator("option").evaluate_all("os => os.map(o => o.value)")
        assert answer.motive in motives and len(motives) == 4, "the culprit's three motives, after the blank"
        page.get_by_test_id("answer-motive").select_option(answer.motive)
        assert page.get_by_test_id("accuse").is_disabled()
        page.get_by_test_id("answer-weapon").select_option(answer.weapon)
        page.get_by_test_id("accuse").click()
    elif page.get_by_test_id("discard").count():
        boxes = action.locator("input[type=checkbox]")
        for i in range(boxes.count() - 3):
            boxes.nth(i).check()
        page.get_by_test_id("discard").click()
    else:
        raise AssertionError(f"no move offered: {page.get_by_test_id('status').inner_text()}")


def test_one_person_and_two_bots_play_the_case_to_a_right_answer(page: Any, site_url: str) -> None:
    answer = case(CASE_DIR / f"{CASE}.yaml").answer
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    open_table(page, site_url, [("Hollis", "person"), ("Ada", "bot"), ("Basil", "bot")])
    assert page.get_by_test_id("pass-screen").count() == 0, "one person: no pass screen"
    status = page.get_by_test_id("status").inner_text()
    assert status == "Round 1 · turn: Hollis · first player: Hollis · your move, Hollis: name references."
    rounds = set()
    for step in range(MAX_STEPS):
        if page.get_by_test_id("over").count():
            break
        assert page.get_by_test_id("message").inner_text() == ""
        rounds.add(page.get_by_test_id("status").inner_text().split()[1])
        assert not any(url.endswith(".solution.json") for url in fetched), "no solution while the game is on"
        take_a_turn(page, step, 3, answer)
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


def test_people_pass_the_screen_and_never_see_each_others_hand(page: Any, site_url: str) -> None:
    open_table(page, site_url, [("Hollis", "person"), ("Ada", "bot"), ("Mabel", "person")], seed=3)
    assert page.get_by_test_id("pass-screen").inner_text().startswith("Pass the screen to Hollis")
    assert page.get_by_test_id("hand").count() == 0
    page.get_by_test_id("pass").click()
    hollis = hand_numbers(page)
    assert len(hollis) == 6
    boxes = page.get_by_test_id("action").locator("input[type=checkbox]")
    boxes.nth(0).check()
    boxes.nth(7).check()
    page.get_by_test_id("investigate").click()
    # Mabel sits to Hollis's right: she offers first, behind the pass screen
    assert page.get_by_test_id("pass-screen").inner_text().startswith("Pass the screen to Mabel")
    assert page.get_by_test_id("hand").count() == 0 and page.get_by_test_id("sheet").count() == 0
    page.get_by_test_id("pass").click()
    mabel = hand_numbers(page)
    assert len(mabel) == 6 and not set(mabel) & set(hollis)
    text = page.locator("#gaslight-walton-table").inner_text()
    assert all(f"Card {n} (" not in text for n in hollis), "no card of Hollis's hand on Mabel's screen"
