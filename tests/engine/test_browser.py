"""End to end in Debian's Chromium: the built site's play pages, driven like a player would."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR

pytestmark = pytest.mark.browser

MAX_STEPS = 400


def phase(page: Any) -> str:
    return page.get_attribute("[data-testid=prompt]", "data-phase") or ""


def start(page: Any, url: str, mode: str, seed: int = 1) -> None:
    page.goto(url)
    page.wait_for_selector("[data-testid=start]")
    page.select_option("[data-testid=mode]", mode)
    page.fill("[data-testid=seed]", str(seed))
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=prompt][data-phase]")


def click_targets(page: Any, kind: str, count: int) -> list[str]:
    """Click the first ``count`` highlighted circles or crossings; returns their names."""
    nodes = page.locator(f"g.gl-{kind}.target")
    names = [nodes.nth(i).get_attribute(f"data-{kind}") for i in range(count)]
    for name in names:
        page.click(f"g.gl-{kind}[data-{kind}='{name}']")
    return names


def police_turn(page: Any) -> None:
    """The police's cautious script: patrols on the first highlighted crossings, every pawn stays, nobody acts."""
    current = phase(page)
    if current == "patrols":
        prompt = page.inner_text("[data-testid=prompt]")
        found = re.search(r"(\d+) real and (\d+) blank", prompt)
        assert found, prompt
        real, fake = int(found[1]), int(found[2])
        # Later nights: the crossings where the pawns ended (ringed) first, then other yellow ones.
        ended = [n.get_attribute("data-crossing") for n in page.locator("g.gl-crossing:has(circle.gl-ended)").all()]
        others = [n.get_attribute("data-crossing") for n in page.locator("g.gl-crossing.target").all()]
        for name in [*ended, *(k for k in others if k not in ended)][:real + fake]:
            page.click(f"g.gl-crossing[data-crossing='{name}']")
        page.click("[data-testid=confirm]")
    elif current == "moveWomen":
        click_targets(page, "circle", 1)
    elif current == "policeMove":
        pawn = page.get_attribute("[data-testid=prompt]", "data-pawn")
        page.click(f"g.gl-crossing:has(circle[data-pawn='{pawn}'])")
    elif current == "policeAction":
        page.click("[data-testid=pass]")
    else:
        raise AssertionError(f"unexpected phase {current!r}: {page.inner_text('[data-testid=prompt]')}")


PAWN_COLOURS = ("yellow", "red", "green", "blue", "brown")
PLACES = {p.name for b in load_project([BUNDLED_DIR / "boards"])[0].of_kind("board") for p in b.places}


def test_police_play_a_whole_night_against_the_jack_bot(page: Any, site_url: str) -> None:
    # Seed 5: the Jack bot's first night on the tutorial map lasts several rounds.
    start(page, f"{site_url}/play/tutorial.html", "police", seed=5)
    assert page.inner_text("[data-testid=status]").startswith("Night 1 of 4")
    refused = False
    saw_overlay = False
    for _ in range(MAX_STEPS):
        status = page.inner_text("[data-testid=status]")
        if status.startswith("Night 2") or status.startswith("Game over"):
            break
        # The police screen never shows Jack, his hideout or marked women (until the game is over).
        assert page.locator("g.gl-circle.jack, g.gl-circle.hideout, g.gl-circle.marked").count() == 0
        if phase(page) == "policeMove" and not refused:
            # The head of investigation's pawn moves first.
            pawn = page.get_attribute("[data-testid=prompt]", "data-pawn")
            colour = PAWN_COLOURS[int(pawn or 0)]
            assert f"head of investigation: {colour} pawn" in status
            pawn_at = page.locator(f"g.gl-crossing:has(circle[data-pawn='{pawn}'])").get_attribute("data-crossing")
            far = page.locator("g.gl-crossing:not(.target):not(.pawn)").first.get_attribute("data-crossing")
            page.click(f"g.gl-crossing[data-crossing='{far}']")
            # Crossings are named as a player sees them (their tooltip), never by id.
            names = {k: page.locator(f"g.gl-crossing[data-crossing='{k}'] title").text_content()
                     for k in (far, pawn_at)}
            assert names[far].startswith("the crossing ") or names[far] in PLACES
            assert page.inner_text("[data-testid=message]") == (
                f"Refused: {colour} pawn: {names[far]} is more than two crossings from {names[pawn_at]}")
            assert pawn_at not in page.inner_text("[data-testid=prompt]")
            refused = True
            saw_overlay = page.locator("g.gl-circle.possible").count() > 0
        police_turn(page)
    else:
        raise AssertionError("the night did not end")
    assert refused and saw_overlay
    status = page.inner_text("[data-testid=status]")
    if status.startswith("Night 2 of 4"):  # Jack escaped: a new night, a fresh log with the night's head
        assert phase(page) == "patrols"
        head = status.split("head of investigation: ")[1].split()[0]
        assert page.inner_text("[data-testid=log]") == f"The {head} pawn's player heads the investigation tonight."
        summary = page.inner_text("[data-testid=summary]")
        assert summary.startswith("Night 1 is over: Jack reached his hideout after ") and "route" not in summary
        assert page.locator("[data-testid=past-nights] details summary").all_inner_texts() == ["Night 1"]
        # The new night's patrols: the crossings where the pawns ended are ringed and named in the prompt.
        assert page.inner_text("[data-testid=prompt]").startswith(
            "Police: put a token on each of the 2 crossings where your pawns ended last night (dashed rings)")
        assert page.locator("g.gl-crossing circle.gl-ended").count() == 2  # the tutorial plays two pawns
    else:  # the night ended the game: the reason is shown and everything is revealed
        reason = page.inner_text("[data-testid=prompt]")
        assert status.startswith(f"Game over: the police win — {reason} · Night 1 of 4")
        assert reason.startswith("Jack's track ran out on night 1") or reason.startswith("Jack is cornered on night 1")
        assert page.locator("g.gl-circle.jack").count() == 1


def test_hot_seat_hands_over_behind_a_screen(page: Any, site_url: str) -> None:
    start(page, f"{site_url}/play/tutorial.html", "hotseat")
    assert phase(page) == "hideout"
    hideout = click_targets(page, "circle", 1)[0]
    assert phase(page) == "women"
    assert page.locator(f"g.gl-circle.hideout[data-circle='{hideout}']").count() == 1
    total = int(page.inner_text("[data-testid=prompt]").split("place ")[1].split()[0])
    click_targets(page, "circle", total)
    page.click("[data-testid=confirm]")
    assert page.inner_text(".gl-screen h2") == "Pass the device to the police"
    assert page.locator("svg.gl-board *").count() == 0, "nothing of Jack's view stays on screen"
    page.click("[data-testid=handover]")
    assert phase(page) == "patrols"
    assert page.locator("g.gl-circle.hideout, g.gl-circle.marked").count() == 0


def test_scenario_text_with_a_script_tag_renders_as_text(page: Any, hostile_url: str) -> None:
    page.goto(f"{hostile_url}/play/tutorial.html")
    page.wait_for_selector("[data-testid=start]")
    assert page.evaluate("window.__pwned") is None
    assert page.inner_text("h1").startswith("Play: <script>window.__pwned = 1</script> Rope")
    assert page.inner_text(".gl-setup h2") == "<script>window.__pwned = 1</script> Rope"
    assert "<script>window.__pwned = 2</script> & <b>bold</b>" in page.inner_text("article")


def _answer(case_id: str) -> Any:
    project, _ = load_project([BUNDLED_DIR], deep=False)
    return project.by_id("case", case_id).answer


def test_walton_solo_ask_mark_and_answer(page: Any, site_url: str, built_site: Path) -> None:
    page.goto(f"{site_url}/play/walton.html")
    page.wait_for_selector("[data-testid=open]")
    case_file = page.locator("[data-testid=case] option").first.get_attribute("value")
    case_id = case_file.removesuffix(".json")
    page.click("[data-testid=open]")
    page.wait_for_selector("[data-testid=hand] tbody tr")  # the case file loads asynchronously
    assert page.locator("[data-testid=hand] tbody tr").count() == 6
    page.click("[data-testid=ask]")
    assert page.inner_text("[data-testid=message]").startswith("You receive ")
    assert page.locator("[data-testid=hand] tbody tr").count() > 6
    # The References column names suspects and rooms as the cards do, never by their ids.
    case_json = json.loads((built_site / "engine" / "data" / "walton" / case_file).read_text(encoding="utf-8"))
    names = {r["id"]: r["name"] for r in case_json["mansion"]["suspects"] + case_json["mansion"]["rooms"]}
    for row in page.locator("[data-testid=hand] tbody tr").all():
        card = next(c for c in case_json["cards"] if c["number"] == int(row.get_attribute("data-card")))
        assert row.locator("td").nth(4).inner_text() == ", ".join(names[r] for r in card["refs"])
    mark = page.locator("[data-sheet]").first
    mark.click()
    assert mark.inner_text() == "✗"
    answer = _answer(case_id)
    # Issue 35: the form starts blank; the motives are the chosen culprit's; no accomplice below level C.
    parts = ("culprit", "motive", "weapon")
    assert [page.input_value(f"[data-testid=answer-{part}]") for part in parts] == ["", "", ""]
    assert page.locator("[data-testid=answer-accomplice]").count() == (0 if case_json["difficulty"] in "IAB" else 1)
    page.select_option("[data-testid=answer-culprit]", answer.culprit)
    motives = page.locator("[data-testid=answer-motive] option").evaluate_all("o => o.map(x => x.value)")
    culprit = next(s for s in case_json["mansion"]["suspects"] if s["id"] == answer.culprit)
    assert motives == ["", *(m["id"] for m in culprit["motives"])]
    page.select_option("[data-testid=answer-motive]", answer.motive)
    if answer.accomplice:
        page.select_option("[data-testid=answer-accomplice]", answer.accomplice)
        page.select_option("[data-testid=answer-accomplice-motive]", answer.accomplice_motive)
    other = next(v for v in page.locator("[data-testid=answer-weapon] option").evaluate_all("o => o.map(x => x.value)")
                 if v not in ("", answer.weapon))
    page.select_option("[data-testid=answer-weapon]", other)
    page.click("[data-testid=submit]")
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent !== ''")
    assert page.inner_text("[data-testid=verdict]") == ("Not right: at least one part of the answer is wrong. A wrong "
                                                         "answer sits out: ask once more before you answer again.")
    assert page.is_disabled("[data-testid=submit]"), "a wrong answer costs a question before the next one"
    assert page.input_value("[data-testid=answer-culprit]") == answer.culprit
    page.click("[data-testid=ask]")
    assert page.input_value("[data-testid=answer-culprit]") == answer.culprit, "asking keeps the answer being written"
    assert page.input_value("[data-testid=answer-motive]") == answer.motive
    page.select_option("[data-testid=answer-weapon]", answer.weapon)
    page.click("[data-testid=submit]")
    page.wait_for_function("document.querySelector('[data-testid=verdict]').textContent.startsWith('Solved')")
    assert page.inner_text("[data-testid=verdict]") == "Solved after 2 turns: that is the answer."
    page.wait_for_selector("[data-testid=solution]")
    # Solved: the solution (fetched only now) and no more questions.
    assert page.inner_text("[data-testid=solution] p").startswith(f"{culprit['name']} (motive: ")
    assert page.is_disabled("[data-testid=ask]")
    # The page never holds the plain answer: the case file has only the salted hash.
    case_text = (built_site / "engine" / "data" / "walton" / case_file).read_text(encoding="utf-8")
    assert "answer_check" in case_text and '"answer"' not in case_text


def jack_turn(page: Any) -> None:
    """Jack's script: the first highlighted choice every time, killing at once."""
    current = phase(page)
    if current == "hideout":
        click_targets(page, "circle", 1)
    elif current == "women":
        total = int(page.inner_text("[data-testid=prompt]").split("place ")[1].split()[0])
        click_targets(page, "circle", total)
        page.click("[data-testid=confirm]")
    elif current == "crime":
        click_targets(page, "circle", 1)
        page.click("[data-testid=kill]")
    elif current == "jack":
        assert page.locator("g.gl-circle.jack").count() == 1, "Jack sees himself"
        click_targets(page, "circle", 1)
    elif current in ("falseClue", "letter"):
        page.click("[data-testid=skip]")
    else:
        raise AssertionError(f"unexpected phase {current!r}: {page.inner_text('[data-testid=prompt]')}")


def test_jack_plays_a_night_against_the_police_bot(page: Any, site_url: str) -> None:
    start(page, f"{site_url}/play/whitechapel.html", "jack", seed=2)
    assert phase(page) == "hideout"
    page.click("g.gl-circle.red >> nth=0")
    assert page.inner_text("[data-testid=message]").startswith("Refused: circle ")
    assert page.inner_text("[data-testid=message]").endswith(" is red: the hideout must be a circle that is not red")
    moves = 0
    for _ in range(MAX_STEPS):
        status = page.inner_text("[data-testid=status]")
        if status.startswith("Night 2") or status.startswith("Game over"):
            break
        moves += phase(page) == "jack"
        jack_turn(page)
    else:
        raise AssertionError("the night did not end")
    assert moves >= 1
    status = page.inner_text("[data-testid=status]")
    assert status.startswith("Night 2 of 4") or status.startswith("Game over: the police win — ")


def load_saved(page: Any, save: str) -> None:
    """Paste ``save`` into the play page's Save or load box and load it (loading is asynchronous: WebCrypto)."""
    page.click(".gl-saveload summary")
    page.fill("[data-testid=save]", save)
    page.click("[data-testid=load-button]")
    page.wait_for_selector(".gl-saveload:not([data-busy])")


def letter_night(site: Path, board: str = "tutorial") -> dict[str, Any]:
    """A saved game waiting for Jack's letter on night 2 of a bundled board (played by the bots)."""
    script = Path(__file__).with_name("letter_night.mjs")
    done = subprocess.run(["node", str(script), str(site), board], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_jack_sends_letters_by_clicking_tokens_and_crossings(page: Any, site_url: str, built_site: Path) -> None:
    night = letter_night(built_site)
    start(page, f"{site_url}/play/tutorial.html", "jack")
    load_saved(page, night["save"])
    assert phase(page) == "letter"
    assert page.locator("g.gl-pawn").count() == 0, "before the crime the patrol tokens stand for the pawns"
    page.click("[data-testid=letter-1]")
    assert page.inner_text("[data-testid=prompt]") == ("Jack: letter 1 (Dear Boss) — click a patrol token in "
                                                       "North lanes.")
    shaded = [n.get_attribute("data-district") for n in page.locator("polygon.gl-district.chosen").all()]
    assert (shaded, page.locator("polygon.gl-district").count()) == (["N"], 2)
    targets = [n.get_attribute("data-crossing") for n in page.locator("g.gl-crossing.target").all()]
    assert targets == night["first"]
    south = next(k for k in night["second"] if k not in night["first"])  # a token of the second letter only
    page.click(f"g.gl-crossing[data-crossing='{south}']")
    assert page.inner_text("[data-testid=message]") == "That is not a patrol token letter 1 may pick."
    token = night["first"][0]
    page.click(f"g.gl-crossing[data-crossing='{token}']")
    assert page.locator(f"g.gl-crossing.pick-marked[data-crossing='{token}']").count() == 1
    assert page.inner_text("[data-testid=prompt]") == ("Jack: letter 1 (Dear Boss) — click the empty crossing the "
                                                       "token moves to.")
    to = night["free"][0]
    page.click(f"g.gl-crossing[data-crossing='{to}']")
    assert phase(page) == "crime"
    assert page.locator(f"g.gl-crossing.patrol[data-crossing='{to}']").count() == 1
    assert page.locator(f"g.gl-crossing.patrol[data-crossing='{token}']").count() == 0
    assert page.inner_text("[data-testid=log]").endswith("Jack sends letter 1 (Dear Boss).")


def test_the_board_zooms_pans_and_still_takes_clicks_on_a_phone(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    start(page, f"{site_url}/play/whitechapel.html", "hotseat")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "nothing wider than the phone"
    board = page.locator("svg.gl-board")
    whole = board.get_attribute("viewBox")
    first = page.locator("g.gl-circle circle").first
    before = first.bounding_box()["width"]
    for _ in range(3):
        page.click("[data-testid=zoom-in]")
    assert board.get_attribute("data-zoom") == "3.38"
    assert first.bounding_box()["width"] >= 3 * before
    target = page.locator("g.gl-circle.target").first
    target.scroll_into_view_if_needed()
    box = board.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 - 60, box["y"] + box["height"] / 2 - 40, steps=5)
    page.mouse.up()
    panned = board.get_attribute("viewBox")
    assert panned != whole and phase(page) == "hideout", "a drag pans and is not a click"
    board.focus()
    page.keyboard.press("0")
    assert board.get_attribute("viewBox") == whole
    page.keyboard.press("+")
    assert board.get_attribute("data-zoom") == "1.50"
    frame = board.bounding_box()
    inside = [n for n in page.locator("g.gl-circle.target circle").all()
              if (b := n.bounding_box()) and frame["x"] < b["x"] and b["x"] + b["width"] < frame["x"] + frame["width"]
              and frame["y"] < b["y"] and b["y"] + b["height"] < frame["y"] + frame["height"]]
    inside[0].click()
    assert phase(page) == "women", "circles still take clicks when zoomed"
    context.close()


def test_on_a_phone_the_board_follows_each_decision(browser: Any, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    start(page, f"{site_url}/play/whitechapel.html", "jack", seed=2)
    board = page.locator("svg.gl-board")
    assert board.get_attribute("data-zoom") == "1.00", "the hideout may be anywhere: the whole board"
    for _ in range(MAX_STEPS):
        if phase(page) == "jack":
            break
        jack_turn(page)
    assert float(board.get_attribute("data-zoom")) > 1.5, "a move's few circles are brought close"
    frame = board.bounding_box()
    for node in page.locator("g.gl-circle.target circle, g.gl-circle.jack circle").all():
        b = node.bounding_box()
        assert b and frame["x"] <= b["x"] and b["x"] + b["width"] <= frame["x"] + frame["width"], "every choice in view"
        assert frame["y"] <= b["y"] and b["y"] + b["height"] <= frame["y"] + frame["height"], "every choice in view"
        assert b["width"] >= 16, "big enough to tap"
    page.click("[data-testid=zoom-reset]")
    assert board.get_attribute("data-zoom") == "1.00"
    context.close()


def test_hot_seat_undo_takes_back_a_choice_the_other_side_has_not_seen(page: Any, site_url: str) -> None:
    start(page, f"{site_url}/play/tutorial.html", "hotseat")
    assert page.locator("[data-testid=undo]").count() == 0, "nothing to take back yet"
    hideout = click_targets(page, "circle", 1)[0]
    assert phase(page) == "women"
    page.click("[data-testid=undo]")
    assert phase(page) == "hideout" and page.locator("g.gl-circle.hideout").count() == 0
    click_targets(page, "circle", 1)
    total = int(page.inner_text("[data-testid=prompt]").split("place ")[1].split()[0])
    click_targets(page, "circle", total)
    page.click("[data-testid=confirm]")
    assert page.inner_text(".gl-screen h2") == "Pass the device to the police"
    page.click("[data-testid=undo]")  # Jack still holds the device: his placement comes back
    assert phase(page) == "women" and page.locator(f"g.gl-circle.hideout[data-circle='{hideout}']").count() == 1
    click_targets(page, "circle", total)
    page.click("[data-testid=confirm]")
    page.click("[data-testid=handover]")
    assert phase(page) == "patrols"
    assert page.locator("[data-testid=undo]").count() == 0, "the police never undo Jack's choices"


def test_a_board_without_districts_is_not_offered_the_letters(page: Any, site_url: str, built_site: Path) -> None:
    index = json.loads((built_site / "engine" / "data" / "rules" / "index.json").read_text(encoding="utf-8"))
    with_letters = {item["title"] for item in index["items"] if item["letters"]}
    assert len(with_letters) >= 2  # the letters variant and every optional rule at once
    offered = lambda: set(page.locator("[data-testid=variant] option").all_inner_texts())  # noqa: E731
    page.goto(f"{site_url}/play/tutorial.html")
    page.wait_for_selector("[data-testid=start]")
    assert with_letters <= offered()

    def no_districts(route: Any) -> None:
        board = route.fetch().json()
        route.fulfill(json={**board, "districts": []})

    page.route("**/tutorial.json", no_districts)
    page.goto(f"{site_url}/play/tutorial.html")
    page.wait_for_selector("[data-testid=start]")
    assert offered() and not offered() & with_letters


def test_a_coach_or_an_alley_is_for_one_move_and_the_next_turn_opens_on_a_normal_move(
        page: Any, site_url: str) -> None:
    """Issue 35: after a coach or an alley, Jack's next turn opened in that mode (with no coach left, nothing was
    highlighted and the prompt still said so); once it spent Jack's last coach."""
    start(page, f"{site_url}/play/whitechapel.html", "jack", seed=2)
    used: list[str] = []
    for _ in range(MAX_STEPS):
        if page.inner_text("[data-testid=status]").startswith(("Night 2", "Game over")) or len(used) == 2:
            break
        if phase(page) != "jack":
            jack_turn(page)
            continue
        assert page.get_attribute("[data-testid=kind-move]", "aria-pressed") == "true", f"after {used}"
        assert page.inner_text("[data-testid=prompt]").startswith("Jack: click a highlighted circle to move there")
        kind = next((k for k in ("coach", "alley") if k not in used and page.is_enabled(f"[data-testid=kind-{k}]")),
                    None)
        if kind is None:
            click_targets(page, "circle", 1)
            continue
        page.click(f"[data-testid=kind-{kind}]")
        click_targets(page, "circle", 1)
        if kind == "coach":
            click_targets(page, "circle", 1)
        used.append(kind)
    assert used, "Jack found a coach or an alley to take"
    while phase(page) != "jack" and not page.inner_text("[data-testid=status]").startswith(("Night 2", "Game over")):
        jack_turn(page)
    if phase(page) == "jack":
        assert page.get_attribute("[data-testid=kind-move]", "aria-pressed") == "true", f"after {used}"
        assert page.locator("g.gl-circle.target").count() > 0


def test_jack_plays_a_whole_game_with_a_coach_and_an_alley_to_the_game_over_box(page: Any, site_url: str) -> None:
    """Issue 35: a whole game as Jack against the police bot, taking a coach and an alley on the way; the end shows
    who won and why, Jack's hideout and every night's route (tonight's too when the police win)."""
    start(page, f"{site_url}/play/tutorial.html", "jack", seed=4)
    used: set[str] = set()
    for _ in range(3000):
        if page.inner_text("[data-testid=status]").startswith("Game over"):
            break
        if phase(page) == "jack":
            kind = next((k for k in ("coach", "alley") if k not in used and page.is_enabled(f"[data-testid=kind-{k}]")),
                        None)
            if kind:
                page.click(f"[data-testid=kind-{kind}]")
                click_targets(page, "circle", 1)  # the coach's pass-through, or the circle across the block
                if kind == "coach":
                    click_targets(page, "circle", 1)  # where the coach ends
                used.add(kind)
                continue
        jack_turn(page)
    else:
        raise AssertionError("the game did not end")
    assert used == {"coach", "alley"}
    box = page.get_by_test_id("game-over")
    status = page.inner_text("[data-testid=status]")
    assert box.locator("h3").inner_text() == ("Jack wins" if "Jack wins" in status else "The police win")
    nights = box.locator("li")
    assert nights.count() >= 1
    for i in range(nights.count()):
        assert re.fullmatch(rf"Night {i + 1}: (\d+( → \d+)*|no move)\.", nights.nth(i).inner_text())
    assert "Jack's hideout was circle " in box.inner_text()
