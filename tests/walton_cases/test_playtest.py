"""``gaslight playtest``: bots play a Walton case at the table; the report, its contract and its errors."""

from __future__ import annotations

import json

import pytest
from gaslight.cli import main
from gaslight.play.walton import merge, report

from tests.walton_cases.helpers import CASE_DIR, FIXTURES, REPO

SHOWCASE = REPO / "scenarios" / "gaslight.yaml"


def playtest(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["-f", str(SHOWCASE), "playtest", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_json_report_adds_up_and_does_not_depend_on_the_workers(capsys) -> None:
    code, out, _ = playtest(capsys, "the-chalked-cue", "--games", "6", "--seats", "3", "--seed", "4",
                            "--format", "json", "--jobs", "1")
    assert code == 0
    found = json.loads(out)
    assert sorted(found) == ["cards_seen_at_solve", "case", "format", "games", "mean_rounds", "rounds", "seats",
                             "seed", "solved", "stalled", "unsolved", "wrong_solves"]
    assert (found["format"], found["case"], found["seats"], found["seed"], found["games"]) == (
        "gaslight-playtest/1", "the-chalked-cue", 3, 4, 6)
    assert found["solved"] + found["unsolved"] + found["stalled"] == 6
    assert sum(found["rounds"].values()) == found["solved"] > 0
    assert found["mean_rounds"] == round(sum(int(r) * n for r, n in found["rounds"].items()) / found["solved"], 2)
    assert 6 <= found["cards_seen_at_solve"] <= 70
    assert playtest(capsys, "the-chalked-cue", "--games", "6", "--seats", "3", "--seed", "4", "--format", "json",
                    "--jobs", "2")[1] == out


def test_the_text_report(capsys) -> None:
    code, out, _ = playtest(capsys, str(CASE_DIR / "the-bolted-door.yaml"), "--games", "2", "--seats", "2")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "case the-bolted-door: 2 games at a table of 2 bots from seed 1"
    assert lines[1].startswith("  solved ") and lines[1].endswith(" stopped unsolved after 60 rounds")


@pytest.mark.parametrize(("args", "message"), [
    (("the-chalked-cue", "--seats", "6"), "gaslight: error: a Walton table seats 2 to 5 players, not 6"),
    (("the-chalked-cue", "--seats", "1"), "gaslight: error: a Walton table seats 2 to 5 players, not 1"),
    (("the-chalked-cue", "--games", "0"), "gaslight: error: --games takes 1 to 10000 games, not 0"),
])
def test_a_table_out_of_range_is_a_usage_error(capsys, args: tuple[str, ...], message: str) -> None:
    code, _, err = playtest(capsys, *args)
    assert (code, err.strip()) == (2, message)


def test_a_case_without_one_answer_is_not_played(capsys) -> None:
    path = FIXTURES / "ambiguous.yaml"
    code, out, _ = playtest(capsys, str(path), "--games", "1")
    assert code == 1
    assert out.strip().endswith("case 'broken-ambiguous' is ambiguous; bots can only play a case with one answer, "
                                "its own (fix: run `gaslight solve broken-ambiguous` and repair the case first)")


def test_workers_reports_merge_into_one() -> None:
    part = {"case": "c", "seats": 3, "games": 2, "seed": 1, "solved": 2, "unsolved": 0, "stalled": 0,
            "wrong_solves": 1, "rounds": {"4": 1, "6": 1}, "seen_at_solve": {"30": 2}}
    other = {**part, "seed": 3, "games": 1, "solved": 1, "wrong_solves": 0, "rounds": {"4": 1},
             "seen_at_solve": {"45": 1}}
    found = report(merge([part, other]))
    assert (found["games"], found["solved"], found["wrong_solves"], found["seed"]) == (3, 3, 1, 1)
    assert (found["rounds"], found["mean_rounds"], found["cards_seen_at_solve"]) == ({"4": 2, "6": 1}, 4.67, 35.0)


def test_a_request_already_played_is_not_played_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from gaslight.domain.walton.export import case_json
    from gaslight.play import walton as module

    from tests.walton_cases.helpers import case, mansion

    export = case_json(mansion(), case(CASE_DIR / "the-bolted-door.yaml"))
    first = module.play_cases([export], 2, 2, 9, 1)
    monkeypatch.setattr(module, "_play", lambda batches: pytest.fail(f"played again: {len(batches)} batches"))
    assert module.play_cases([export], 2, 2, 9, 2) == first
    changed = {**export, "title": "Another title"}
    monkeypatch.undo()
    assert module.play_cases([changed], 2, 2, 9, 1)[0]["games"] == 2


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_bots_read_no_words_so_a_playtest_is_kept_without_them(language: str) -> None:
    """Every bundled case plays the same games with its words (titles, card texts, speakers, names, traces) as
    with placeholders: a build keeps a case's playtest by :func:`table_reads`, so editing words replays nothing.
    This fails the day a bot reads a word; then the words belong in the key."""
    from gaslight.outputs.engine import case_json_in
    from gaslight.play.walton import _WORDS, play_cases, table_reads

    from tests.walton_cases.helpers import CASE_FILES, case, mansion

    def placeholders(export: object, inside: bool = False) -> object:
        if isinstance(export, dict):
            return {key: "?" * (1 + len(key) % 3) if key in _WORDS and isinstance(value, str)
                    else ["?"] * len(value) if inside and key == "traces"
                    else placeholders(value, inside or key == "mansion")
                    for key, value in export.items()}
        return [placeholders(item, inside) for item in export] if isinstance(export, list) else export

    exports = [case_json_in(mansion(), case(path), language) for path in CASE_FILES]
    shown = [placeholders(export) for export in exports]
    assert all(table_reads(a) == table_reads(b) for a, b in zip(exports, shown, strict=True))
    assert shown[0]["cards"][0]["text"] != exports[0]["cards"][0]["text"]
    assert play_cases(exports, 4, 3, 1, 2) == play_cases(shown, 4, 3, 1, 2)  # type: ignore[arg-type]


def test_what_the_bots_read_of_a_case_keeps_its_cards_claims_and_values() -> None:
    from gaslight.domain.walton.export import case_json
    from gaslight.play.walton import table_reads

    from tests.walton_cases.helpers import CASE_FILES, case, mansion

    export = case_json(mansion(), case(CASE_FILES[0]))
    reads = table_reads(export)
    assert [card["claims"] for card in reads["cards"]] == [card["claims"] for card in export["cards"]]
    assert [card["value"] for card in reads["cards"]] == [card["value"] for card in export["cards"]]
    assert reads["logic"] == export["logic"] and reads["id"] == export["id"]
    assert "text" not in reads["cards"][0] and "title" not in reads
    changed = {**export, "cards": [{**export["cards"][0], "value": export["cards"][0]["value"] + 1},
                                   *export["cards"][1:]]}
    assert table_reads(changed) != reads
