"""Step-by-step explanations: every step follows from its cards and earlier steps (checked by the brute force),
needs all of them, and together the steps rule out every wrong value of the answer."""

from __future__ import annotations

import random
import re

import networkx as nx
import pytest
import walton_bruteforce as brute
from gaslight.domain.walton.case import Answer, Case
from gaslight.domain.walton.mansion import Mansion, in_sentence
from gaslight.domain.walton.proof import prove
from gaslight.domain.walton.step_words import Words
from gaslight.domain.walton.steps import Fact, Step, _liars_sentence, answer_facts
from walton_mutate import random_unique_cases
from walton_support import BUNDLED_CASES, HERE, REPO, load_model


def fact_holds(fact: Fact, ans: Answer, starts: dict[str, str], route: tuple[str, ...]) -> bool:
    """The brute force's own reading of a fact in a world."""
    (key, holds) = fact
    kind, args = key[0], key[1:]
    value = {
        "culprit": lambda: ans.culprit == args[0],
        "motive": lambda: (ans.culprit, ans.motive) == args,
        "weapon": lambda: ans.weapon == args[0],
        "accomplice": lambda: ans.accomplice == args[0],
        "alone": lambda: ans.accomplice is None,
        "accomplice_motive": lambda: (ans.accomplice, ans.accomplice_motive) == args,
        "start": lambda: starts[args[0]] == args[1],
        "route": lambda: args[0] in route,
    }[kind]()
    return value == holds


def follows(mansion: Mansion, case: Case, cards: tuple[int, ...], facts: list[Fact], goal: Fact) -> bool:
    """No world satisfies the cards and the facts but not the goal."""
    (key, holds) = goal
    wanted = [*facts, (key, not holds)]

    def counter_example(ans: Answer, starts: dict[str, str], route: tuple[str, ...]) -> bool:
        return all(fact_holds(f, ans, starts, route) for f in wanted)

    def possible(ans: Answer) -> bool:  # facts about the answer alone prune the search
        return all(fact_holds(f, ans, {}, ()) for f in wanted if f[0][0] not in ("start", "route"))

    return not brute.satisfiable(mansion, case, cards, also=counter_example, answers=possible)


def check_steps(mansion: Mansion, case: Case, steps: tuple[Step, ...], minimal: bool = True) -> None:
    for step in steps:
        assert all(u < step.number for u in step.uses), step
        used = [steps[u - 1].fact for u in step.uses]
        assert follows(mansion, case, step.cards, used, step.fact), step
        for other in step.also:  # a card that could stand in for one of the step's cards
            assert other not in step.cards
            assert any(follows(mansion, case, (*(c for c in step.cards if c != n), other), used, step.fact)
                       for n in step.cards), (step, other)
        if not minimal:
            continue
        for n in step.cards:
            assert not follows(mansion, case, tuple(c for c in step.cards if c != n), used, step.fact), (step, n)
        for f in used:
            assert not follows(mansion, case, step.cards, [g for g in used if g != f], step.fact), (step, f)
    derived = {s.fact for s in steps}
    assert set(answer_facts(mansion, case, steps_answer(mansion, case))) <= derived


def steps_answer(mansion: Mansion, case: Case) -> Answer:
    return prove(mansion, case).result.solutions[0]


@pytest.mark.parametrize("seed", range(4))
def test_steps_of_random_unique_cases_hold_up_under_the_brute_force(seed, tiny):
    for case in random_unique_cases(tiny, random.Random(1000 + seed), 3, (8, 16)):
        check_steps(tiny, case, prove(tiny, case).steps)


@pytest.mark.parametrize("path", BUNDLED_CASES[:3], ids=lambda p: p.stem)
def test_steps_of_bundled_cases_follow_from_their_cards(path, house):
    case = load_model(path)
    proof = prove(house, case)
    check_steps(house, case, proof.steps, minimal=False)
    assert all(len(s.cards) + len(s.uses) <= 8 for s in proof.steps)


def test_a_step_on_a_suspects_word_says_whose_lie_it_survives(house):
    case = load_model(next(p for p in BUNDLED_CASES if p.stem == "the-sisters-keep-counsel"))
    steps = prove(house, case).steps
    split = [s for s in steps if s.split]
    assert split and all(in_sentence(name) in s.because or name in s.because for s in split for name in s.split)
    assert all("may still be lying here; the step holds either way." in s.because or
               "the step holds whether they lie." in s.because or " must be lying: " in s.because for s in split)


NUMBERS = r"\d+(?:, \d+)*(?: and \d+)?"
CAUGHT = re.compile(rf"(?:^|\. )(?P<name>[^:;()“”]+?) must be lying: cards? {NUMBERS} cannot (?:all |both )?be true"
                    rf"(?: alongside steps? {NUMBERS})?, so (?P=name) must be the (?P<role>culprit|accomplice)\.")


@pytest.mark.parametrize("stem", ["a-bitter-harvest", "oil-on-the-gravel"])
def test_a_step_that_catches_a_liar_says_what_the_lie_makes_them(stem, house):
    case = load_model(next(p for p in BUNDLED_CASES if p.stem == stem))
    steps = prove(house, case).steps
    caught = [(step, found) for step in steps if (found := CAUGHT.search(step.because))]
    assert caught
    for step, found in caught:
        suspect = next(s.id for s in house.suspects if in_sentence(s.name) == found["name"].replace("The ", "the ", 1))
        used = [steps[u - 1].fact for u in step.uses]
        # the brute force agrees: the cards and the earlier steps leave that suspect no other part
        assert follows(house, case, step.cards, used, ((found["role"], suspect), True)), step.because
    if stem == "a-bitter-harvest":  # the example the Case logic reference page quotes
        example = ("Claudette Cazelar must be lying: card 69 cannot be true alongside step 11, so Claudette Cazelar "
                   "must be the accomplice.")
        assert example in caught[0][0].because
        assert example in " ".join((REPO / "site" / "walton" / "case-logic.md").read_text(encoding="utf-8").split())
        # the Japanese page quotes the same step as the Japanese case page says it
        said = Words(house, case, "ja").text(caught[0][0].told[-1])
        assert said == ("クローデット・ケイズラーは嘘をついているはずだ：ステップ11と合わせると、カード69が正しいことは"
                        "ありえない。だからクローデット・ケイズラーは共犯者に違いない。")
        page = "".join((REPO / "site" / "walton" / "case-logic.ja.md").read_text(encoding="utf-8").split())
        assert f"「{said}」" in page


def test_a_group_named_inside_a_sentence_reads_the(house):
    said = _liars_sentence(house, (12, 33), (), ("stanley", "sisters"), {"stanley": "", "sisters": ""})
    assert said == " Stanley Smithe and the Berwick sisters may still be lying here; the step holds whether they lie."


def test_solve_json_carries_the_steps(house):
    case = load_model(BUNDLED_CASES[0])
    payload = prove(house, case).to_json()
    first = payload["steps"][0]
    assert sorted(first) == ["also", "because", "cards", "fact", "split", "step", "text", "uses"]
    assert payload["metrics"]["explanation"]["steps"] == len(payload["steps"])


def test_the_culprit_pattern_names_what_the_culprit_steps_read(house):
    case = load_model(next(p for p in BUNDLED_CASES if p.stem == "the-chalked-cue"))
    proof = prove(house, case)
    read = {c.type for s in proof.steps if s.fact[0][0] == "culprit" for n in s.cards for c in case.card(n).claims}
    assert proof.metrics.steps.culprit_pattern == " + ".join(sorted(read)) == "not_culprit + seen_in_room"


def test_a_step_names_the_cards_that_could_stand_in_for_its_own(house, cases):
    case = cases("helper-c")
    steps = prove(house, case).steps
    check_steps(house, case, steps)
    by_fact = {s.sentence: s for s in steps}
    fire_iron = by_fact["The weapon was not the fire iron."]
    assert (fire_iron.cards, fire_iron.also) == ((14,), (15,))
    assert fire_iron.because.endswith("Card 15 would do as well.")
    assert by_fact["The weapon was not the duelling pistol."].also == ()


def test_a_value_found_by_elimination_is_one_step_of_effort(house, cases):
    from gaslight.domain.walton.proof import effort

    steps = prove(house, cases("helper-c")).steps
    culprit = next(s for s in steps if s.sentence == "Mortimer W. Mollow is the culprit.")
    assert culprit.cards == () and len(culprit.uses) == 2 and effort(culprit, steps) == 1
    mixed = next(s for s in steps if s.sentence == "The culprit had an accomplice.")
    assert (mixed.cards, effort(mixed, steps)) == ((17,), 2)  # a card and a fact of another field


def test_a_suspect_cleared_by_a_motive_ruled_out_is_told_why(house):
    case = load_model(next(p for p in BUNDLED_CASES if p.stem == "the-sisters-keep-counsel"))
    steps = prove(house, case).steps
    cleared = [s for s in steps if s.fact[0][0] == "culprit" and not s.fact[1] and s.cards and not s.uses
               and all(c.type == "motive_eliminated" for n in s.cards for c in case.card(n).claims)]
    assert cleared
    for step in cleared:
        name = house.speaker_name(step.fact[0][1])
        assert (" A culprit's motive always has two testimonies and a circumstantial clue; ruling out that motive "
                f"leaves {name} none.") in step.because
    others = [s for s in steps if s not in cleared]
    assert not any("A culprit's motive" in s.because for s in others)


def test_a_step_from_earlier_steps_alone_says_what_the_guarantees_or_the_map_add(house):
    steps = {stem: prove(house, load_model(next(p for p in BUNDLED_CASES if p.stem == stem))).steps
             for stem in ("ten-minutes-of-dark",)}
    steps["the-second-key"] = prove(house, load_model(HERE / "fixtures" / "second-key-by-the-map.yaml")).steps
    sisters = next(step for step in steps["ten-minutes-of-dark"]
                   if step.sentence == "The Berwick sisters are not the accomplice.")
    assert sisters.cards == () and sisters.because.endswith(
        "The accomplice never reveals the culprit's motive, and the Berwick sisters speak of the motive Mortimer W. "
        "Mollow killed for (card 10).")
    way = re.compile(r"No way from the (.+) to the (.+) passes the (.+), where the (.+) lies\.")
    routed = [(step, found) for step in steps["the-second-key"] if (found := way.search(step.because))]
    assert routed
    rooms = {room.name: room.id for room in house.rooms}
    graph = nx.DiGraph([(a, b) for a, exits in house.exits.items() for b in exits])
    for step, found in routed:  # the map bears it out: every simple way from the start to the scene misses the room
        start, scene, room = (rooms[found[i]] for i in (1, 2, 3))
        assert all(room not in path for path in nx.all_simple_paths(graph, start, scene)), step.because
        assert step.cards == () and room != start


@pytest.mark.parametrize(("cards", "uses", "exposed", "said"), [
    ((12,), (), {"stanley": "culprit"},
     " Stanley Smithe must be lying: card 12 cannot be true, so Stanley Smithe must be the culprit."),
    ((12, 33), (4,), {"stanley": "liar"},
     " Stanley Smithe must be lying: cards 12 and 33 cannot both be true alongside step 5, so Stanley Smithe must be "
     "the culprit or the accomplice."),
    ((12, 33, 40), (4, 6), {"sisters": "accomplice", "stanley": ""},
     " The Berwick sisters must be lying: cards 12, 33 and 40 cannot all be true alongside steps 5 and 7, so the "
     "Berwick sisters must be the accomplice. Stanley Smithe may still be lying here; the step holds either way."),
    ((12, 33), (), {"sisters": "", "stanley": ""},
     " The Berwick sisters and Stanley Smithe may still be lying here; the step holds whether they lie."),
])
def test_what_a_step_says_about_suspects_not_yet_cleared(cards, uses, exposed, said, house):
    assert _liars_sentence(house, cards, uses, tuple(exposed), exposed) == said
