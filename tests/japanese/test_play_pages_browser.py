"""Every play page under /ja/ in Debian's Chromium, opened by a browser set to English: the hunt, the Walton solo and
table pages, Ripper rummy, 24 and the board editor show the page's Japanese (from the engines' message tables and
the site's word tables) and no English sentence of those tables; a whole Walton table game is played in Japanese,
the cards' texts the case's Japanese ones, and another seat's hand never reaches the page."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from gaslight.languages import site_table
from gaslight.resources import BUNDLED_DIR

from tests.japanese.conftest import CASE
from tests.walton_cases.helpers import case

pytestmark = pytest.mark.browser

ENGINE = Path(__file__).resolve().parents[2] / "site" / "engine"
MAX_STEPS = 300

# (page, its path, the app's root, what it shows once drawn, the engine's tables it speaks from)
PAGES = [
    ("hunt", "play/my-board.html", "#gaslight-hunt", "ゲームを始める", [("hunt/messages.js", "HUNT_MESSAGES")]),
    ("Walton solo", "play/walton.html", "#gaslight-walton", "事件を開く", [("walton/messages.js", "WALTON_MESSAGES")]),
    ("Walton table", "play/walton-table.html", "#gaslight-walton-table", "カードを配る",
     [("walton/messages.js", "WALTON_MESSAGES")]),
    ("Ripper rummy", "play/rummy-ripper-rummy.html", "#gaslight-cards", "カードを配る",
     [("rummy/messages.js", "MESSAGES"), ("rummy/reasons.js", "RUMMY_REASONS"), ("common/cardtext.js", "COMMON")]),
    ("24", "play/24-twenty-four.html", "#gaslight-cards", "カードを配る",
     [("twentyfour/messages.js", "MESSAGES"), ("twentyfour/reasons.js", "TWENTYFOUR_REASONS"),
      ("common/cardtext.js", "COMMON")]),
    ("board editor", "reference/board-editor.html", "#gaslight-editor", "開く",
     [("editor/messages.js", "EDITOR_MESSAGES")]),
]
# The play pages' own prose, as the page's title says it (site.ja.yaml, play.*).
TITLES = {"Walton solo": "ウォルトン事件（ひとりで）", "Walton table": "ウォルトン事件（卓で）",
          "board editor": "ボードエディター", "hunt": "遊ぶ：My board"}


def catalogue(module: str, name: str) -> dict[str, dict[str, str]]:
    """A message table of the engine ({en: …, ja: …}), read by Node from the module itself."""
    script = f"const m = await import({json.dumps((ENGINE / module).as_uri())}); console.log(JSON.stringify(m.{name}));"
    node = shutil.which("node")
    assert node is not None, "node is needed to read the engine's tables"
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True,
                          timeout=60)
    return json.loads(done.stdout)


def english_pieces(tables: list[dict[str, dict[str, str]]]) -> set[str]:
    """The English sentences' pieces (between their {names}) that Japanese does not also write: two words or more."""
    pieces = set()
    for table in tables:
        japanese = " ".join(table["ja"].values())
        for text in table["en"].values():
            for piece in re.split(r"\{\w+\}", text):
                piece = piece.strip(" .,:;()—·")
                if re.search(r"[A-Za-z]{2,}\S* +[A-Za-z]{2,}", piece) and piece not in japanese:
                    pieces.add(piece)
    return pieces


def leftovers(text: str, pieces: set[str]) -> list[str]:
    return sorted(piece for piece in pieces if piece in text)


def own_words(page: Any, root: str) -> str:
    """The app's text without the card games' card faces and rules list (the deck's and the rulesets' own words,
    which outputs/cardplay.py writes in the main language; not the engine's)."""
    return page.locator(root).evaluate(
        "root => { const copy = root.cloneNode(true);"
        " copy.querySelectorAll('.gl-pcard, [data-testid=variant]').forEach((c) => c.remove());"
        " document.body.append(copy); const text = copy.innerText; copy.remove(); return text; }")


@pytest.mark.parametrize(("kind", "path", "root", "shown", "tables"), PAGES, ids=[p[0] for p in PAGES])
def test_each_play_page_speaks_japanese_under_ja(tab: Any, url: str, kind: str, path: str, root: str, shown: str,
                                                 tables: list[tuple[str, str]]) -> None:
    tab.goto(f"{url}/ja/{path}", wait_until="load")
    assert tab.locator("html").get_attribute("lang") == "ja"
    tab.locator(root).get_by_text(shown, exact=True).first.wait_for()
    app = own_words(tab, root)
    assert leftovers(app, english_pieces([catalogue(*table) for table in tables])) == [], kind
    if kind not in TITLES:
        return  # the card games' pages are written by outputs/cardplay.py, their prose still English
    # The page's own words around the engine: its title and intro from the site's Japanese words.
    article = tab.locator("article").inner_text()
    assert tab.locator("article h1").inner_text().rstrip("¶") == TITLES[kind]
    english_prose = {text for key, text in site_table("en").items() if key.startswith("play.")}
    assert leftovers(article, english_pieces([{"en": {"k": text}, "ja": {"k": ""}} for text in english_prose])) == []


def test_the_japanese_solo_page_asks_and_refuses_in_japanese(tab: Any, url: str) -> None:
    tab.goto(f"{url}/ja/play/walton.html", wait_until="load")
    tab.get_by_test_id("open").click()
    status = tab.get_by_test_id("solo-status")
    status.wait_for()
    assert status.inner_text() == "第0ターン・手札6枚・山札残り64枚・解答0回"
    assert tab.locator(".gl-liars").inner_text().startswith("嘘をつくかもしれない人：犯人は嘘をついてよいが、")
    assert tab.locator("[data-testid=hand] th").all_inner_texts() == ["カード", "価値", "話し手", "内容", "名前"]
    tab.get_by_label("2つめの名前").select_option(index=0)
    tab.get_by_test_id("ask").click()
    assert tab.get_by_test_id("message").inner_text() == "できません：異なる名前を2つ挙げてください"
    tab.get_by_label("2つめの名前").select_option(index=1)
    tab.get_by_test_id("ask").click()
    assert re.fullmatch(r"[0-3]枚受け取りました：[\d、]+。", tab.get_by_test_id("message").inner_text())
    assert "「" in tab.get_by_test_id("hand").inner_text(), "the cards' Japanese texts"


def test_the_japanese_editor_names_its_tools_in_japanese(tab: Any, url: str) -> None:
    tab.goto(f"{url}/ja/reference/board-editor.html", wait_until="load")
    tab.get_by_test_id("editor-open").click()
    summary = tab.get_by_test_id("editor-summary")
    summary.wait_for()
    assert re.fullmatch(r"My board・円\d+個、交差点\d+個、線\d+本・ツール：移動", summary.inner_text())
    assert tab.get_by_test_id("tool-place").inner_text() == "場所に名前をつける"
    assert tab.get_by_test_id("editor-message").inner_text().startswith("公開サイトから開きました。")


def cards_on_page(page: Any) -> set[int]:
    return {int(n) for n in page.locator("[data-card]").evaluate_all("items => items.map(i => i.dataset.card)")}


def test_a_walton_table_game_in_japanese_to_its_end(tab: Any, url: str) -> None:
    """One person and two bots: every screen Japanese and none of the table's English; only the person's own cards."""
    answer = case(BUNDLED_DIR / "walton" / "cases" / f"{CASE}.yaml").answer
    pieces = english_pieces([catalogue("walton/messages.js", "WALTON_MESSAGES")])
    tab.goto(f"{url}/ja/play/walton-table.html?case={CASE}", wait_until="load")
    tid = tab.get_by_test_id
    tid("seat-kind-2").select_option("bot")
    assert tid("seat-kind-0").locator("option").all_inner_texts() == ["人", "ボット", "なし"]
    tid("start").click()
    tid("status").wait_for()
    assert tid("status").inner_text() == ("第1ラウンド・手番：Hollis・最初のプレイヤー：Hollis・"
                                          "Hollisさんの番：名前を挙げる。")
    faces = tab.locator("[data-testid=hand] .gl-wcard-text").all_inner_texts()
    assert len(faces) == 6 and all(text.startswith("「") and text.endswith("」") for text in faces), faces
    known: set[int] = set()
    kinds = set()
    for step in range(MAX_STEPS):
        if tid("over").count():
            break
        assert tid("message").inner_text() == ""
        text = tab.locator("#gaslight-walton-table").inner_text()
        assert leftovers(text, pieces) == [], f"step {step}"
        known |= {int(n) for n in tid("hand").first.locator("[data-card]").evaluate_all(
            "items => items.map(i => i.dataset.card)")}
        assert cards_on_page(tab) <= known, "only cards that were in this seat's hand"
        kind = next(k for k in ("investigate", "offer-none", "exchange", "solve-yes", "accuse", "discard")
                    if tid(k).count())
        kinds.add(kind)
        if kind == "investigate":
            chips = tab.locator(".gl-wchip")
            chips.nth(step % 6).click()
            chips.nth(6 + step % 4).click()
            assert tid("tally").inner_text() == "2つ中2つ選択"
            tid("investigate").click()
        elif kind == "offer-none":
            assert tid("offer-none").inner_text() == "何も差し出さない"
            tid("offer-none").click()
        elif kind == "exchange":
            tid("exchange").click()
        elif kind == "solve-yes":
            round_number = int(re.match(r"第(\d+)ラウンド", tid("status").inner_text())[1])
            tid("solve-yes" if round_number >= 3 else "solve-no").click()
        elif kind == "accuse":
            assert tid("accuse").inner_text() == "告発する" and tid("accuse").is_disabled()
            tid("answer-culprit").select_option(answer.culprit)
            tid("answer-motive").select_option(answer.motive)
            tid("answer-weapon").select_option(answer.weapon)
            tid("answer-accomplice").select_option(answer.accomplice)
            tid("answer-accomplice-motive").select_option(answer.accomplice_motive)
            tid("accuse").click()
        else:
            cards = tid("hand").locator("button.gl-wcard")
            for i in range(cards.count() - 3):
                cards.nth(i).click()
            assert re.fullmatch(r"\d枚中\d枚選択", tid("tally").inner_text())
            tid("discard").click()
    assert {"investigate", "solve-yes", "accuse", "discard"} <= kinds
    solution = tid("solution")
    solution.wait_for()
    assert solution.inner_text().splitlines()[0] == "犯人は誰だったか"
    assert ("アンジェリカ・アルビンソン（動機：彼女を相続から外した遺言）が除草剤で、クローデット・ケイズラー"
            "（動機：解約された賃貸契約）の手を借りて。") in solution.inner_text()
    assert solution.locator("a").get_attribute("href").endswith(f"/ja/walton/cases/{CASE}.html")
    over = tid("over").inner_text()
    assert over.startswith("Hollisが事件を解決しました\n")
    assert "Adaさんが" in over and "Basilさんが" in over, "the bots' moves, logged in Japanese"
    assert leftovers(over, pieces) == []


def test_people_pass_the_japanese_table_behind_a_japanese_screen(tab: Any, url: str) -> None:
    tab.goto(f"{url}/ja/play/walton-table.html?case={CASE}", wait_until="load")
    tab.get_by_test_id("seat-kind-1").select_option("person")
    tab.get_by_test_id("start").click()
    screen = tab.get_by_test_id("pass-screen")
    screen.wait_for()
    assert screen.inner_text().splitlines()[0] == "Hollisさんに端末を渡してください"
    assert cards_on_page(tab) == set(), "the handover screen holds no card"
