"""Verdicts on broken cases, checked against the brute force, and how they are reported."""

from __future__ import annotations

import dataclasses

import walton_bruteforce as brute
from gaslight.diagnostics import Report
from gaslight.domain.walton.case import Answer, Card, Case
from gaslight.domain.walton.claims import NotCulprit
from gaslight.domain.walton.proof import prove
from gaslight.domain.walton.solver import solve
from gaslight.domain.walton.verdict import report_proof
from walton_mutate import HERE


def without(case: Case, *numbers: int) -> Case:
    return dataclasses.replace(case, cards=tuple(c for c in case.cards if c.number not in numbers))


def police_says_not(case: Case, number: int, *suspects: str) -> Case:
    claims = tuple(NotCulprit(suspect=s, location=HERE) for s in suspects)
    card = Card(number, "opportunity", 2, suspects, "police", claims, None, HERE, HERE)
    return dataclasses.replace(case, cards=(*case.cards, card))


def diagnostics(house, case: Case) -> list[str]:
    report = Report()
    report_proof(house, case, prove(house, case), report)
    return [d.format_text().replace(d.location.file, d.location.file.rsplit("/", 1)[-1], 1)
            for d in sorted(report.diagnostics, key=lambda d: d.sort_key)]


def world_holds(house, case: Case, world) -> bool:
    """The brute force's own judgement of a world the solver showed."""
    starts = dict(world.starts)
    ok_route = world.route in brute.simple_routes(house, starts[world.answer.culprit])
    must, rooms = brute.obligations(case, world.answer, set(case.numbers), case.reading(house).id == "free")
    return (ok_route and house.weapon(world.answer.weapon).room in world.route
            and brute.guarantees_hold(brute.deck_of(house, case), world.answer)
            and all(brute.truth(c, house, world.answer, starts, world.route) for c in must)
            and all(brute.room_part(c, starts) for c in rooms))


def test_starter_and_helper_cases_are_unique_and_match_their_keys(house, cases):
    for name in ("starter", "helper-c"):
        case = cases(name)
        result = solve(house, case)
        assert (result.verdict, result.solutions) == ("unique", (case.answer,))
        assert world_holds(house, case, result.worlds[0])
        assert diagnostics(house, case) == []


def test_the_accomplice_shares_the_culprits_start_room(house, cases):
    world = solve(house, cases("helper-c")).worlds[0]
    starts = dict(world.starts)
    assert starts["claudette"] == starts["mortimer"] == "library"
    assert world.route[0] == "library" and "shed" in world.route


def test_ambiguous_case_shows_two_answers_each_with_a_supporting_world(house, cases):
    case = without(cases("starter"), 10)
    result = solve(house, case)
    assert result.verdict == "ambiguous"
    assert set(result.solutions) == {f.answer for f in brute.brute_answers(house, case)}
    first, second = result.worlds
    assert first.answer == case.answer and second.answer != first.answer
    assert world_holds(house, case, first) and world_holds(house, case, second)
    (line,) = diagnostics(house, case)
    assert line.startswith("case.yaml:16:1: error: cards: the cards allow 2 answers, for example Greg Gaffney (motive: "
                           "gambling debts), with the carving knife, alone (started: ")
    assert "Stanley Smithe (motive: the stolen patent), with the carving knife, alone (started: " in line
    assert line.endswith("(fix: add a card that rules out one of them ('gaslight solve' lists every answer))")


def test_contradictory_case_shows_a_minimal_conflict(house, cases):
    case = police_says_not(cases("starter"), 19, "greg")
    result = solve(house, case)
    assert (result.verdict, result.conflict) == ("contradictory", (8, 10, 19))
    assert not brute.satisfiable(house, case, result.conflict)
    for n in result.conflict:
        assert brute.satisfiable(house, case, [m for m in result.conflict if m != n])
    assert diagnostics(house, case) == [
        "case.yaml:29:5: error: cards[7]: cards 8, 10, 19 cannot all hold: no culprit, motive, weapon and "
        "accomplice fit them and the design guarantees together (fix: correct or remove one of these cards)"]


def test_case_without_any_clue_breaks_the_guarantees(house, cases):
    case = without(cases("starter"), 3, 15, 18)
    assert brute.brute_answers(house, case) == []
    assert solve(house, case).conflict == ()
    assert diagnostics(house, case) == [
        "case.yaml:16:1: error: cards: no answer meets the design guarantees: every motive needs two testimonies and "
        "a circumstantial clue from truthful speakers (fix: add motive_testimony and motive_clue cards for the "
        "murder motive)"]


def test_wrong_answer_key_is_an_error_on_the_key(house, cases):
    case = dataclasses.replace(cases("starter"), answer=Answer("greg", "debts", "paper-knife"))
    assert diagnostics(house, case) == [
        "case.yaml:12:3: error: answer: the cards prove Greg Gaffney (motive: gambling debts), with the carving knife, "
        "alone, but the answer key says Greg Gaffney (motive: gambling debts), with the paper knife, alone "
        "(fix: correct the answer key, or the cards)"]


def test_a_card_naming_the_culprit_alone_is_warned(house, cases):
    case = police_says_not(cases("starter"), 19, "angelica", "stanley")
    assert diagnostics(house, case) == [
        "mutant.yaml:1:1: warning: card 19 alone identifies the culprit "
        "(fix: spread the culprit's exposure over several cards)"]


def test_guarantees_naming_the_culprit_are_warned(house, cases):
    case = without(cases("starter"), 13, 14, 15, 16, 17, 18)
    assert diagnostics(house, case) == [
        "case.yaml:16:1: warning: cards: the design guarantees alone identify the culprit: no other suspect has a "
        "motive with two testimonies and a circumstantial clue (fix: add testimonies and a clue for another "
        "suspect's motive)"]


def test_difficulty_far_from_the_measure_is_warned(house, cases):
    case = dataclasses.replace(cases("starter"), difficulty="S")
    assert diagnostics(house, case) == [
        "case.yaml:9:13: warning: difficulty: declared difficulty S, but the proof measures I (score 1: largest step "
        "1; 0 steps split on who lies; 0 steps about rooms and routes) (fix: declare difficulty I, or rework the "
        "cards)"]
