"""``gaslight playtest DECK-OR-RULESET``: bots play Ripper rummy and 24; the report, its contract, its errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.play import playtest as module
from gaslight.play.cardgame import card_game, check_variants, load

from tests.conftest import REPO

SHOWCASE = REPO / "scenarios" / "gaslight.yaml"
RUMMY_DECK = REPO / "scenarios" / "decks" / "ripper-rummy.yaml"
TWENTYFOUR_RULES = REPO / "scenarios" / "rulesets" / "twenty-four.yaml"


def playtest(capsys, *args: str, config: Path = SHOWCASE) -> tuple[int, str, str]:
    code = main(["-f", str(config), "playtest", *args])
    out, err = capsys.readouterr()
    return code, out, err


def rows(variant: dict, key: str, name: str) -> dict[str, dict]:
    return {row[name]: row for row in variant[key]}


def test_the_rummy_report_adds_up_and_does_not_depend_on_the_workers(capsys) -> None:
    args = (str(RUMMY_DECK), "--players", "3", "--games", "40", "--seed", "5", "--format", "json")
    code, out, _ = playtest(capsys, *args, "--jobs", "1")
    assert code == 0
    found = json.loads(out)
    assert sorted(found) == ["bots", "deck", "first_player", "format", "game", "games", "interval", "players",
                             "ruleset", "seed", "variants"]
    assert (found["format"], found["game"], found["deck"], found["ruleset"], found["players"], found["games"]) == (
        "gaslight-card-playtest/1", "rummy", "ripper-rummy", "ripper-rummy", 3, 40)
    assert found["interval"] == "95 % Wilson score interval"
    (default,) = found["variants"]
    assert sorted(default) == ["by_seat", "cards", "draws", "finished", "first_player", "games", "hands", "illegal",
                               "length", "rules", "scores", "stalled", "title", "unfinished", "variant"]
    assert default["finished"] + default["unfinished"] == 40
    assert sum(seat["wins"] for seat in default["by_seat"]) == default["finished"]
    first = default["by_seat"][0]
    assert first["rate"] == round(first["wins"] / default["finished"], 4)
    assert first["ci95"][0] < first["rate"] < first["ci95"][1]
    assert default["first_player"]["advantage"] == round(first["rate"] - 1 / 3, 4)
    assert default["scores"]["winner"]["min"] >= 100  # the target score
    hands = default["length"]["hands"]
    assert hands["min"] <= hands["median"] <= hands["max"] and default["hands"] >= 40
    cards = rows(default, "cards", "card")
    assert cards["ripper-escape"]["played"] == rows(default, "rules", "rule")["hands ended: escape-card"]["count"]
    assert cards["wild"]["copies"] == 2 and cards["wild"]["played"] > 0
    assert playtest(capsys, *args, "--jobs", "2")[1] == out


def test_the_text_report_puts_variants_side_by_side(capsys) -> None:
    code, out, _ = playtest(capsys, str(TWENTYFOUR_RULES), "--games", "6", "--variant", "default",
                            "--variant", "draft-assists")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == ("24: deck twenty-four, ruleset twenty-four; 4 players, 6 games a variant from seed 1 (sharp "
                        "bots; seat 1: the first seat (detectives are drawn at random))")
    assert lines[1] == "  variant draft-assists: Assists worth two"
    assert lines[3] == "Who wins (95 % Wilson score interval)"
    assert lines[4].split() == ["default", "draft-assists"]
    assert lines[5].split() == ["games", "finished", "6", "of", "6", "6", "of", "6"]
    assert "Rules fired, a game" in lines
    assert [line.split() for line in lines if line.startswith("  seasons a game")] == [
        ["seasons", "a", "game", "3", "3"]]


def test_assists_worth_two_score_more_from_assists_than_worth_one(capsys) -> None:
    code, out, _ = playtest(capsys, str(TWENTYFOUR_RULES), "--games", "60", "--variant", "default",
                            "--variant", "draft-assists", "--format", "json")
    assert code == 0
    one, two = json.loads(out)["variants"]
    assert (one["variant"], two["variant"]) == ("default", "draft-assists")
    # The same deals: each assist held scores 1 under the rules as written, 2 in the draft.
    held = [rows(v, "rules", "rule")["assist cards held at the end"]["count"] for v in (one, two)]
    assert [one["points"]["assists"], two["points"]["assists"]] == [held[0], 2 * held[1]]
    assert two["scores"]["all_seats"]["mean"] > one["scores"]["all_seats"]["mean"]


def test_a_higher_target_makes_longer_rummy_games(capsys) -> None:
    code, out, _ = playtest(capsys, "ripper-rummy", "--games", "60", "--variant", "high-stakes",
                            "--variant", "default", "--format", "json")
    assert code == 0
    high, base = json.loads(out)["variants"]
    assert high["length"]["hands"]["mean"] > base["length"]["hands"]["mean"]
    assert high["scores"]["winner"]["min"] >= 150 > base["scores"]["winner"]["min"]


@pytest.mark.parametrize(("args", "message"), [
    ((str(RUMMY_DECK), "--players", "5"),
     "gaslight: error: Ripper rummy is played by 2 to 4 players, not 5 (--players)"),
    ((str(TWENTYFOUR_RULES), "--players", "2"), "gaslight: error: 24 is played by 3 to 5 players, not 2 (--players)"),
    ((str(RUMMY_DECK), "--games", "0"), "gaslight: error: --games takes 1 to 10000 games, not 0"),
    ((str(RUMMY_DECK), "--games", "10001"), "gaslight: error: --games takes 1 to 10000 games, not 10001"),
    ((str(RUMMY_DECK), "--variant", "nope"), "gaslight: error: ruleset 'ripper-rummy' has no variant 'nope' "
     "(variants: default, high-stakes, open-votes)"),
    ((str(RUMMY_DECK), "--variant", "open-votes", "--variant", "open-votes"),
     "gaslight: error: --variant open-votes is named twice; name each variant once"),
    (("nowhere.yaml",), "gaslight: error: no such case, deck or ruleset file: nowhere.yaml"),
    ((str(REPO / "scenarios" / "decks"),),
     f"gaslight: error: {REPO / 'scenarios' / 'decks'} is a folder; name a case, deck or ruleset file, or the id "
     "of one"),
    (("the-chalked-cue", "--variant", "x"),
     "gaslight: error: --variant is for a deck or ruleset of Ripper rummy or 24; a Walton case has no variants"),
    (("ripper-rummy", "--jobs", "0"), "gaslight: error: --jobs takes 1 to 64 worker processes, not 0"),
])
def test_a_bad_request_is_a_usage_error(capsys, args: tuple[str, ...], message: str) -> None:
    code, out, err = playtest(capsys, *args)
    assert (code, out, err.strip()) == (2, "", message)


def test_an_unknown_id_lists_the_cases_decks_and_rulesets(capsys) -> None:
    code, _, err = playtest(capsys, "nobody")
    assert code == 2
    assert err.startswith("gaslight: error: no case, deck or ruleset 'nobody' in the project ")
    assert "; decks: ripper-rummy, twenty-four; rulesets: ripper-rummy, twenty-four, walton, whitechapel-hunt)" in err


def test_more_variants_than_a_report_compares_is_a_usage_error() -> None:
    project, _, path = load([RUMMY_DECK, REPO / "scenarios" / "rulesets"])
    game = card_game(project, None, path)
    with pytest.raises(Exception, match=r"^--variant compares at most 2 variants side by side, not 3$"):
        check_variants(game, ["default", "high-stakes", "open-votes"], 2)


def test_a_playtest_past_its_time_stops_with_a_clear_message(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "START_SECONDS", 0.0)
    monkeypatch.setitem(module.SECONDS_PER_GAME, "rummy", 0.000001)
    code, _, err = playtest(capsys, str(RUMMY_DECK), "--games", "2000", "--jobs", "1")
    assert (code, err.strip()) == (2, "gaslight: error: the playtest stopped: 2000 games of Ripper rummy on one "
                                      "worker took longer than 0.002 s; play fewer games (--games)")


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project as ``gaslight init`` writes it, with a designer's Ripper rummy variant added."""
    root = tmp_path_factory.mktemp("designer") / "game"
    assert main(["init", str(root)]) == 0
    config = root / "gaslight.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "  - whitechapel-hunt: [rules]", "  - ripper-rummy: [rules]\n  - whitechapel-hunt: [rules]"), encoding="utf-8")
    (root / "rules" / "quick-rummy.yaml").write_text(
        "kind: ruleset\nid: quick-rummy\ntitle: Quick rummy\nextends: ripper-rummy\nsummary: To 60 points.\n"
        "changes:\n  set: {target_score: 60}\nvariants:\n  - id: no-vote\n    title: No vote\n"
        "    description: The vote is left out.\n    remove: [rummy.turn.vote]\n", encoding="utf-8")
    return root


def test_the_starter_deck_is_a_game_of_its_own_and_says_so(capsys, starter: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(starter)
    code, out, _ = playtest(capsys, "decks/alibi-cards.yaml", config=starter / "gaslight.yaml")
    assert code == 1
    assert out.strip() == (
        "decks/alibi-cards.yaml: deck 'alibi-cards' (ruleset 'alibi-cards') is a game of your own (game "
        "alibi-cards), which no Gaslight engine plays; gaslight playtest plays Walton cases and the decks and "
        "rulesets of Ripper rummy and 24 (fix: playtest your own game at the table, or make it a variant of a "
        "bundled one: a ruleset with 'extends: ripper-rummy' or 'extends: twenty-four' (add the game under "
        "'games:' in gaslight.yaml) and a deck that names that ruleset)")
    code, out, _ = playtest(capsys, "rules/foggy-nights.yaml", config=starter / "gaslight.yaml")
    assert (code, out.strip()) == (1, (
        "rules/foggy-nights.yaml: ruleset 'foggy-nights' is a Whitechapel hunt ruleset, not a card game gaslight "
        "playtest plays (Ripper rummy, 24) (fix: bots play a hunt ruleset on a board: gaslight balance BOARD "
        "--ruleset foggy-nights)"))


def test_a_designers_rummy_variant_plays(capsys, starter: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(starter)
    code, out, _ = playtest(capsys, "rules/quick-rummy.yaml", "--games", "30", "--players", "2", "--variant",
                            "default", "--variant", "no-vote", "--format", "json", config=starter / "gaslight.yaml")
    assert code == 0
    found = json.loads(out)
    assert (found["deck"], found["ruleset"], found["players"]) == ("ripper-rummy", "quick-rummy", 2)
    default, no_vote = found["variants"]
    assert default["scores"]["winner"]["min"] >= 60 and default["length"]["hands"]["mean"] >= 1
    assert rows(default, "rules", "rule")["votes called"]["count"] > 0
    assert "votes called" not in rows(no_vote, "rules", "rule")


def test_the_24_deck_page_shows_assists_worth_one_beside_worth_two(monkeypatch: pytest.MonkeyPatch) -> None:
    from gaslight.outputs import playtest_pages
    from gaslight.project import load_project

    monkeypatch.setitem(playtest_pages.BUILD_GAMES, "twentyfour", 12)
    monkeypatch.setitem(playtest_pages.BUILD_GAMES, "rummy", 12)
    project, _ = load_project([REPO / "scenarios" / "decks", REPO / "scenarios" / "rulesets"])
    page = playtest_pages.deck_playtest(project, project.by_id("deck", "twenty-four"))
    lines = page.splitlines()
    assert lines[0] == "## Playtest"
    assert "- **draft\\-assists**: Assists worth two" in lines
    assert "| Figure | default | seed\\-text\\-hidden\\-column | draft\\-assists |" in lines
    assert ("`gaslight playtest twenty-four --players 4 --games 12 --variant default --variant "
            "seed-text-hidden-column --variant draft-assists`") in page
    assists = next(line for line in lines if line.startswith("| points from assists"))
    one, _, two = (float(cell.replace("\\", "")) for cell in assists.strip("| ").split(" | ")[1:])
    assert two > one > 0
    playtest_pages._PLAYED.clear()
    assert playtest_pages.deck_playtest(project, project.by_id("deck", "twenty-four")) == page
    assert playtest_pages.deck_playtest(project, project.by_id("deck", "ripper-rummy")).startswith("## Playtest\n")


def test_the_japanese_deck_page_tells_the_same_games_in_japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games are played once and told in each language: the same figures, Japanese words, the variants'
    Japanese titles (the Japanese deck pages had no playtest section before)."""
    from gaslight.outputs import playtest_pages
    from gaslight.project import load_project

    monkeypatch.setitem(playtest_pages.BUILD_GAMES, "twentyfour", 12)
    project, _ = load_project([REPO / "scenarios" / "decks", REPO / "scenarios" / "rulesets"])
    deck = project.by_id("deck", "twenty-four")
    english = playtest_pages.deck_playtest(project, deck).splitlines()
    japanese = playtest_pages.deck_playtest(project, deck, "ja").splitlines()
    assert japanese[0] == "## テストプレイ"
    assert "- **draft\\-assists**: アシストを2点に" in japanese
    assert "- **default**: 書かれたままのルールセット" in japanese
    assert "| 項目 | default | seed\\-text\\-hidden\\-column | draft\\-assists |" in japanese
    assert "### 誰が勝つか（95 % ウィルソンのスコア区間）" in japanese
    assert ("`gaslight playtest twenty-four --players 4 --games 12 --variant default --variant "
            "seed-text-hidden-column --variant draft-assists`") in japanese[2]
    table = lambda lines: [line for line in lines if line.startswith("| ")]  # noqa: E731
    assert len(table(japanese)) == len(table(english))
    # row by row, the same figures under words of another language
    pairs = dict(zip((line.split(" | ")[0] for line in table(english)), table(japanese), strict=True))
    assert pairs["| points from assists, a seat a game"].split(" | ")[1:] == next(
        line for line in table(english) if line.startswith("| points from assists")).split(" | ")[1:]
    assert pairs["| points from assists, a seat a game"].startswith("| アシストによる得点（1席1ゲームあたり）")
    seat = pairs["| seat 1 wins"]
    assert seat.startswith("| 席1の勝ち | ") and "（" in seat and " (" not in seat
    assert not [line for line in japanese if "seat 1" in line or "games finished" in line]
    assert pairs["| dice rolled"].startswith("| 振ったダイス | ")


def test_every_rule_the_card_games_count_has_a_japanese_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules-fired rows are named by the engine's counters, in English: each has Japanese words of its own (a
    counter added without them would show in English on the Japanese page)."""
    from gaslight.outputs import playtest_pages
    from gaslight.play.playtest_text import rule_name
    from gaslight.project import load_project

    monkeypatch.setitem(playtest_pages.BUILD_GAMES, "twentyfour", 12)
    monkeypatch.setitem(playtest_pages.BUILD_GAMES, "rummy", 12)
    project, _ = load_project([REPO / "scenarios" / "decks", REPO / "scenarios" / "rulesets"])
    for deck_id, rule in (("ripper-rummy", "votes called"), ("twenty-four", "dice rolled")):
        english = playtest_pages.deck_playtest(project, project.by_id("deck", deck_id)).splitlines()
        rules = english[english.index(next(line for line in english if line.startswith("### Rules fired"))) + 4:]
        names = [line.split(" | ")[0].removeprefix("| ").replace("\\", "") for line in rules[:rules.index("")]]
        assert rule in names and len(names) >= 10
        assert [name for name in names if rule_name(name, "ja") == name] == []
