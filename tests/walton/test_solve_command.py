"""``gaslight solve``: text and JSON output, exit codes."""

from __future__ import annotations

import json

import pytest
from gaslight.cli import main
from walton_support import BUNDLED_CASES, CASES, SHOWCASE, STARTER_CASE, load_model


def test_solve_json_prints_the_contract(capsys):
    assert main(["solve", str(CASES / "helper-c.yaml"), "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["verdict"] == "unique"
    assert payload["solutions"][0]["accomplice"] == {"who": "claudette", "motive": "letters"}
    assert [e["value"] for e in payload["eliminations"] if e["field"] == "accomplice"] == [
        "none", "angelica", "sisters", "stanley", "greg"]
    assert payload["metrics"]["measured_difficulty"] == "C"
    assert payload["metrics"]["explanation"]["weapon_cards"] == 1
    assert payload["metrics"]["culprit_pairs"] == [[18, 20]]
    assert payload["metrics"]["falls_short"][-1] == (
        "the culprit is named by cards 18 and 20 (aim: it takes three cards or more)")


def test_solve_text_shows_answer_and_proof(capsys):
    assert main(["-f", str(SHOWCASE), "solve", str(STARTER_CASE)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Case my-case (My first case), declared difficulty I: unique"
    assert out[1] == ("Answer: Greg Gaffney (motive: gambling debts), with the carving knife, alone "
                      "(matches the answer key)")
    assert "  - The paper knife is ruled out by card 7: Dr Pemberton: “No sign on the body of this: ink stains.”" in out


def test_solve_ambiguous_case_exits_1(write_yaml, capsys):
    text = STARTER_CASE.read_text(encoding="utf-8").replace(
        "suspects: [sisters, stanley]", "suspects: [sisters, mortimer]")
    path = write_yaml("amb.yaml", text)
    assert main(["-f", str(SHOWCASE), "solve", str(path)]) == 1
    out = capsys.readouterr().out
    assert "ambiguous" in out.splitlines()[0]
    assert "  - Stanley Smithe (motive: the stolen patent), with the carving knife, alone" in out.splitlines()


def test_solve_reports_bad_case_file_with_located_errors(write_yaml, capsys):
    path = write_yaml("bad.yaml", STARTER_CASE.read_text(encoding="utf-8").replace("speaker: maid", "speaker: 7", 1))
    assert main(["-f", str(SHOWCASE), "solve", str(path)]) == 1
    assert "bad.yaml:20:50: error: cards[0].speaker: expected text, found the number 7" in capsys.readouterr().out


@pytest.mark.parametrize("target", ["no-such-case", "missing/file.yaml"])
def test_solve_unknown_case_is_a_usage_error(target, capsys):
    assert main(["-f", str(SHOWCASE), "solve", target]) == 2
    assert "gaslight: error: no " in capsys.readouterr().err


def test_solve_finds_a_bundled_case_by_id(capsys):
    case = load_model(BUNDLED_CASES[0])
    assert main(["-f", str(SHOWCASE), "solve", case.id, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["solutions"] == [case.answer.to_json()]


def test_proof_json_is_deterministic(capsys):
    outputs = []
    for _ in range(2):
        main(["solve", str(CASES / "helper-c.yaml"), "--format", "json"])
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


def test_solve_contradictory_case_lists_the_conflict(write_yaml, capsys):
    text = STARTER_CASE.read_text(encoding="utf-8").replace(
        "claims: [{type: motive_clue, suspect: greg, motive: debts}]",
        "claims: [{type: motive_eliminated, suspect: greg, motive: debts}]")
    assert main(["-f", str(SHOWCASE), "solve", str(write_yaml("con.yaml", text))]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "Case my-case (My first case), declared difficulty I: contradictory",
        "These cards cannot all hold under the design guarantees (drop any one and the rest can):",
        "  8. Ivy the maid: “Angelica Albinson never left the Billiard Room while the crime was done.”",
        "  10. Mrs Dunmore: “The Berwick sisters and Stanley Smithe were together the whole time the crime was done.”",
    ]
