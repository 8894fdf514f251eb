"""The calculators as a player uses them: the embedded form in Chromium gives the Python scores."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import load_deck
from gaslight.domain.scoring import rummy, twentyfour
from gaslight.outputs import decks
from gaslight.project import load_project
from gaslight.yamlio import parse_file

from tests.conftest import REPO, serve

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The two scoring pages' calculators on a tiny local web server (ES modules need http://)."""
    root = tmp_path_factory.mktemp("calc-site")
    shutil.copytree(REPO / "site" / "assets", root / "assets")
    project, report = load_project([REPO / "scenarios" / "decks", REPO / "scenarios" / "rulesets"])
    assert report.ok
    for game, builder in (("rummy", decks.rummy_scoring_markdown), ("twentyfour", decks.twentyfour_scoring_markdown)):
        deck = next(d for d in project.of_kind("deck") if d.game == game)
        rules = rummy.RummyRules() if game == "rummy" else twentyfour.TwentyFourRules()
        markdown = builder(deck, rules, f"{game}/scoring.md", None)
        calculator = markdown[markdown.index('<div class="gl-calc"'):markdown.index("</script>") + 9]
        page = root / game / "scoring.html"
        page.parent.mkdir()
        page.write_text(f"<!doctype html><meta charset='utf-8'><body>{calculator}</body>", encoding="utf-8")
        doc = parse_file(REPO / "scenarios" / "decks" / f"{deck.id}.yaml", "deck.yaml")[0]
        japanese = builder(load_deck(doc, Report(), "ja"), rules,
                           f"{game}/scoring.md", None, "ja")
        calculator = japanese[japanese.index('<div class="gl-calc"'):japanese.index("</script>") + 9]
        (root / game / "scoring.ja.html").write_text(
            f"<!doctype html><meta charset='utf-8'><body lang='ja'>{calculator}</body>", encoding="utf-8")
    yield from serve(root)


@pytest.fixture(scope="module")
def page(site: str, browser) -> Iterator[object]:  # type: ignore[no-untyped-def]
    context = browser.new_context()
    yield context.new_page()
    context.close()


def test_rummy_calculator_matches_python(site: str, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{site}/rummy/scoring.html")
    page.fill('[aria-label="Player 1: Cards on the table"]', "e:crimson*3 s:crimson")
    page.check('[aria-label="Player 1: Went out"]')
    page.select_option("tr:nth-child(2) select", "crimson")
    page.fill('[aria-label="Player 2: Cards on the table"]', "l*3")
    page.fill('[aria-label="Player 2: Cards left in hand"]', "v")
    page.click("text=Score the hand")
    rows = page.locator(".gl-calc-output tr").all_inner_texts()
    expected = rummy.score_hand(rummy.RummyHand((
        rummy.RummyPlayer("Player 1", (rummy.RummyCard("evidence", 5, "crimson"),) * 3
                          + (rummy.RummyCard("suspect", 10, "crimson"),), went_out=True, vote="crimson"),
        rummy.RummyPlayer("Player 2", (rummy.RummyCard("letter", 3),) * 3, (rummy.RummyCard("victim", 5),)),
    ), {"crimson": 1})).totals()
    assert expected == {"Player 1": 60, "Player 2": 4}
    assert [r.split("\t")[-1] for r in rows[1:]] == ["60", "4"]
    assert page.inner_text(".gl-calc-output p") == "Arrest: Jack is Dr Ambrose Vell."


def test_rummy_calculator_shows_the_rule_that_was_broken(site: str, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{site}/rummy/scoring.html")
    page.fill('[aria-label="Player 1: Cards on the table"]', "e:crimson*3")
    page.click("text=Score the hand")
    assert page.inner_text(".gl-calc-output") == "a hand ended by going out needs the player who went out"


def test_twentyfour_calculator_matches_python(site: str, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{site}/twentyfour/scoring.html")
    page.fill('[aria-label="Detective 1: Stand"]', "bombing:4")
    page.fill('[aria-label="Detective 1: Co-op"]', "siege:2 siege:3")
    page.fill('[aria-label="Detective 1: Assists"]', "1")
    page.fill('[aria-label="Detective 3: Stand"]', "siege:6 outbreak:4 street:2")
    page.check('[aria-label="Detective 3: Died"]')
    page.fill('[aria-label="Detective 3: Death points"]', "7")
    page.click("text=Score the game")
    rows = [r.split("\t") for r in page.locator(".gl-calc-output tr").all_inner_texts()[1:]]
    # Detective 3 is Hound, whose lone-hunter skill scores the 3 stand cards after dying.
    incident = twentyfour.Incident
    result = twentyfour.score_game((
        twentyfour.Detective("Kestrel", stand=(incident("bombing", 4),),
                             coop=(incident("siege", 2), incident("siege", 3)), assists=1),
        twentyfour.Detective("Hound", stand=(incident("siege", 6), incident("outbreak", 4), incident("street", 2)),
                             died=True, death_points=7, skill="lone-hunter"),
    ))
    assert [(r[0], r[-1]) for r in rows] == [(s.name, str(s.total)) for s in result.scores] == [
        ("Kestrel", "13"), ("Hound", "22")]
    assert page.inner_text(".gl-calc-output p") == "Hound wins."


def test_the_japanese_calculator_speaks_japanese(site: str, page) -> None:  # type: ignore[no-untyped-def]
    """The labels come from the page (the site's words in Japanese); the scores are the same."""
    page.goto(f"{site}/rummy/scoring.ja.html")
    assert page.locator("th").all_inner_texts()[:3] == ["プレイヤー", "場のカード", "手札に残ったカード"]
    page.fill('[aria-label="プレイヤー1: 場のカード"]', "e:crimson*3 s:crimson")
    page.check('[aria-label="プレイヤー1: 上がり"]')
    page.select_option("tr:nth-child(2) select", "crimson")
    page.click("text=このハンドを計算する")
    assert page.inner_text(".gl-calc-output p") == "逮捕：ジャックはアンブローズ・ヴェル医師。"
    assert page.locator(".gl-calc-output th").all_inner_texts()[-1] == "合計"
    page.goto(f"{site}/twentyfour/scoring.ja.html")
    assert page.locator("button").inner_text() == "ゲームを計算する"
