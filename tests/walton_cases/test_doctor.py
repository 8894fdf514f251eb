"""The case doctor: every edit it proposes, applied to the file, gives what it promises."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from gaslight.cli import main
from gaslight.domain.walton.doctor import repair
from gaslight.domain.walton.proof import prove

from tests.walton_cases.helpers import FIXTURES, MANSION_FILE, case, mansion

REPO = Path(__file__).resolve().parents[2]


def test_every_fix_of_an_ambiguous_case_pasted_into_the_file_makes_it_unique(tmp_path):
    text = (FIXTURES / "ambiguous.yaml").read_text(encoding="utf-8")
    remedies = repair(mansion(), case(FIXTURES / "ambiguous.yaml"))
    assert len(remedies) == 5 and all(r.action == "add" and r.number == 71 for r in remedies)
    for i, remedy in enumerate(remedies):
        fixed = tmp_path / f"fixed-{i}.yaml"
        fixed.write_text(text.rstrip("\n") + f"\n  {remedy.yaml}\n", encoding="utf-8")
        result = prove(mansion(), case(fixed), steps=False).result
        assert (result.verdict, result.solutions) == ("unique", (case(fixed).answer,)), remedy.line


def test_a_contradictory_case_is_mended_by_removing_one_card_of_the_conflict():
    broken = case(FIXTURES / "contradictory.yaml")
    remedies = repair(mansion(), broken)
    assert [(r.action, r.number) for r in remedies] == [("remove", 71), ("remove", 72)]
    for remedy in remedies:
        mended = dataclasses.replace(broken, cards=tuple(c for c in broken.cards if c.number != remedy.number))
        result = prove(mansion(), mended, steps=False).result
        assert (result.verdict, result.solutions) == ("unique", (broken.answer,))


def test_a_case_declared_too_hard_is_told_which_card_to_remove():
    path = REPO / "tests" / "walton" / "cases" / "helper-c.yaml"  # measures C
    declared_e = dataclasses.replace(case(path), difficulty="E")
    remedies = repair(mansion(), declared_e)
    assert remedies and remedies[0].line.startswith("remove card 18: ")
    for remedy in remedies:
        smaller = dataclasses.replace(declared_e, cards=tuple(c for c in declared_e.cards if c.number != remedy.number))
        after = prove(mansion(), smaller)
        assert after.result.solutions == (declared_e.answer,)
        assert remedy.outcome == f"measures {after.metrics.measured_difficulty}"
        assert after.metrics.measured_difficulty in ("D", "E", "S")


def test_a_case_too_easy_for_its_level_loses_a_fact_with_every_card_that_tells_it():
    path = REPO / "scenarios" / "walton" / "cases" / "the-sisters-keep-counsel.yaml"  # measures C
    declared_e = dataclasses.replace(case(path), difficulty="E")
    remedies = repair(mansion(), declared_e)
    grouped = [r for r in remedies if r.with_cards]
    assert grouped, [r.line for r in remedies]
    for remedy in grouped:
        gone = {remedy.number, *remedy.with_cards}
        told = {tuple(c.asp() for c in declared_e.card(n).claims) for n in gone}
        assert len(told) == 1  # one fact, every card that tells it
        others = ", ".join(str(n) for n in remedy.with_cards)
        plural = "s" if len(remedy.with_cards) > 1 else ""
        assert remedy.line == (f"remove card {remedy.number} and card{plural} {others}, which tell the same: "
                               f"{remedy.text} ({remedy.outcome})")
        smaller = dataclasses.replace(declared_e, cards=tuple(c for c in declared_e.cards if c.number not in gone))
        after = prove(mansion(), smaller)
        assert after.result.solutions == (declared_e.answer,)
        assert remedy.outcome == f"measures {after.metrics.measured_difficulty}" == "measures D"
        alone = dataclasses.replace(declared_e, cards=tuple(c for c in declared_e.cards if c.number != remedy.number))
        assert prove(mansion(), alone).metrics.measured_difficulty == "C"  # the other tellers keep it easy


def test_a_sound_case_needs_no_fix():
    path = REPO / "scenarios" / "walton" / "cases" / "the-chalked-cue.yaml"
    assert repair(mansion(), case(path)) == ()


def test_solve_fix_prints_the_fixes_and_json_carries_them(capsys, tmp_path):
    (tmp_path / "mansion.yaml").write_bytes(MANSION_FILE.read_bytes())
    target = tmp_path / "ambiguous.yaml"
    target.write_bytes((FIXTURES / "ambiguous.yaml").read_bytes())
    assert main(["solve", str(target), "--fix"]) == 1
    out = capsys.readouterr().out
    assert "Fixes, each verified by the solver (one is enough):" in out
    assert ("      paste under cards:  - {number: 71, type: alibi, value: 1, speaker: police, claims: "
            "[{type: in_room, suspect: stanley, room: billiard-room}]}") in out
    assert main(["solve", str(target), "--fix", "--format", "json"]) == 1
    fixes = json.loads(capsys.readouterr().out)["fixes"]
    assert sorted(fixes[0]) == ["action", "card", "outcome", "text", "with", "yaml"]
