"""The case generator: seeded (same seed, same bytes), proven unique, and clear about impossible plots."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.walton.case import Answer
from gaslight.domain.walton.generate import main
from gaslight.domain.walton.generator import GenerateError, Plot, generate_case, load_text
from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
from gaslight.domain.walton.proof import prove
from gaslight.domain.walton.solver import solve
from gaslight.yamlio import parse_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.walton_cases.helpers import CASE_DIR, CASE_FILES, REPO, mansion

PLOT = Plot("gen-test", "Generator test", "I", Answer("greg", "debts", "fire-iron"))


def test_same_seed_gives_the_same_bytes() -> None:
    first = generate_case(mansion(), PLOT, seed=4)
    second = generate_case(mansion(), PLOT, seed=4)
    assert first.text == second.text


def test_another_seed_gives_another_deck() -> None:
    assert generate_case(mansion(), PLOT, seed=4).text != generate_case(mansion(), PLOT, seed=5).text


def test_generated_case_has_seventy_cards_and_exactly_the_plotted_answer() -> None:
    made = generate_case(mansion(), PLOT, seed=4)
    case = load_text(made.text, "gen-test.yaml")
    assert sorted(case.numbers) == list(range(1, 71))
    result = solve(mansion(), case)
    assert (result.verdict, result.solutions) == ("unique", (PLOT.answer,))


def test_the_generated_model_is_the_model_of_the_written_file() -> None:
    plot = Plot("gen-helper", "Helper", "C", Answer("greg", "debts", "fire-iron", "angelica", "will"))
    made = generate_case(mansion(), plot, seed=1)
    parsed = load_text(made.text, "gen-helper.yaml")

    def seen(case):  # everything but where it is written
        cards = [(c.number, c.type, c.value, c.references, c.speaker, [(k.type, k.values()) for k in c.claims],
                  c.text) for c in case.cards]
        return case.id, case.title, case.description, case.difficulty, case.mansion, case.answer, case.liars, cards

    assert seen(made.case) == seen(parsed)
    assert all(card.text and card.references for card in made.case.cards)


def test_a_padded_batch_that_is_not_unique_is_padded_again_card_by_card() -> None:
    import random

    from gaslight.domain.walton.deckfile import SCHEMA_LINK, finish
    from gaslight.domain.walton.generator import _finish_and_prove, attempt

    house = mansion()
    rng = random.Random("gen-test:4:0")
    made = attempt(house, PLOT, rng, 70)
    assert made is not None
    batch, one_by_one = made
    state = rng.getstate()
    bare = [d for d in batch if d.role in ("structure", "lie")]  # no eliminations: many answers
    bad = bare + [bare[0]] * (len(batch) - len(bare))
    finished = _finish_and_prove(house, PLOT, (bad, one_by_one), rng, [], SCHEMA_LINK)
    assert finished is not None
    text, case, proof = finished
    assert proof.result.solutions == (PLOT.answer,) and len(case.cards) == 70
    again = random.Random()
    again.setstate(state)
    assert text == finish(house, PLOT, one_by_one(), again, [], SCHEMA_LINK)[0]  # as if padded so at once
    assert one_by_one() is one_by_one()


def test_a_small_house_fills_a_hard_deck_from_its_reserve_padding() -> None:
    """The starter mansion (four suspects) runs out of drawn padding at level S; the reserve fills the deck."""
    import random

    from gaslight.domain.walton import generate, generator
    from gaslight.resources import STARTER_DIR

    small = generate._load_mansion(STARTER_DIR / "mansion.yaml")
    plot = Plot("x0", "X", "S", Answer("ada", "letter", "rolling-pin", "twins", "land"))
    made = [generator.attempt(small, plot, random.Random(f"x0:{n}"), 70) for n in range(6)]
    assert sum(d is not None for d in made) >= 4  # 1 of 6 without the reserve


def test_a_smaller_deck_is_still_unique() -> None:
    made = generate_case(mansion(), PLOT, seed=2, size=45)
    assert len(made.case.cards) == 45
    assert made.verdict == "unique"


def test_an_accomplice_plot_gets_the_shared_alibi_and_a_servant_naming_him() -> None:
    plot = Plot("gen-helper", "Helper", "C", Answer("greg", "debts", "fire-iron", "angelica", "will"))
    made = generate_case(mansion(), plot, seed=1)
    assert made.proof.result.solutions == (plot.answer,)
    said = {(card.speaker, claim.type, claim.values().get("suspect", ""), tuple(claim.values().get("suspects", ())))
            for card in made.case.cards for claim in card.claims}
    assert ("greg", "together", "", ("greg", "angelica")) in said
    assert ("angelica", "together", "", ("angelica", "greg")) in said
    servants = {s.id for s in mansion().sources if s.names_conspirators}
    assert any(s in servants and t == "conspiring" and who == "angelica" for s, t, who, _ in said)


def test_an_attempt_short_of_the_whole_answer_aim_is_set_aside_and_still_competes() -> None:
    plot = Plot("gen-aside", "Aside", "D", Answer("greg", "debts", "fire-iron", "angelica", "will"))
    said: list[str] = []
    chosen = generate_case(mansion(), plot, seed=5, attempts=range(4), tell=said.append)
    aside = "attempt 1: unique, but the whole answer follows from 14 cards (aim: 15 or more): set aside"
    assert said[1] == aside and "attempt 1: measured E, 1 content aim missed" in said[4:]
    alone = [generate_case(mansion(), plot, seed=5, attempts=[n]) for n in range(4)]  # each measured in full
    closest = min(alone, key=lambda found: found.shortfall)  # the earliest of the closest
    assert (chosen.attempt, chosen.shortfall, chosen.text) == (1, (1, 1), closest.text)
    stopped = prove(mansion(), chosen.case, stop_short=True)
    reason = "the whole answer follows from 14 cards (aim: 15 or more)"
    assert (stopped.stopped, stopped.metrics, stopped.steps) == (reason, None, ())
    assert reason in chosen.proof.metrics.falls_short() and chosen.proof.steps


def test_attempts_set_aside_stay_unexplained_when_one_at_its_level_misses_a_single_aim() -> None:
    plot = Plot("gen-aside", "Aside", "E", Answer("greg", "debts", "fire-iron", "angelica", "will"))
    said: list[str] = []
    chosen = generate_case(mansion(), plot, seed=1, attempts=range(5), tell=said.append)
    assert (chosen.attempt, chosen.shortfall) == (3, (0, 1))  # no attempt set aside can do better
    assert said == ["attempt 0: unique, but the whole answer follows from 14 cards (aim: 15 or more): set aside",
                    "attempt 1: measured S, 1 content aim missed",
                    "attempt 2: unique, but the whole answer follows from 14 cards (aim: 15 or more): set aside",
                    "attempt 3: measured E, 1 content aim missed",
                    "attempt 4: measured D"]


def test_an_attempt_that_finds_the_culprit_a_way_to_avoid_misses_an_aim() -> None:
    made = generate_case(mansion(), PLOT, seed=4)
    pattern = made.proof.metrics.steps.culprit_pattern  # type: ignore[union-attr]
    said: list[str] = []
    again = generate_case(mansion(), PLOT, seed=4, attempts=[made.attempt], tell=said.append, avoid={pattern})
    assert again.text == made.text and again.repeats_a_pattern
    assert again.shortfall == (made.shortfall[0], made.shortfall[1] + 1)
    assert said == [f"attempt {made.attempt}: measured I, 1 content aim missed (finds the culprit by {pattern}, "
                    "as other cases do)"]
    other = generate_case(mansion(), PLOT, seed=4, attempts=[made.attempt], avoid={"the rules alone"})
    assert not other.repeats_a_pattern and other.shortfall == made.shortfall


def test_command_line_varies_from_a_folder_of_cases(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "cases"
    folder.mkdir()
    first = ["--difficulty", "I", "--seed", "4", "--culprit", "greg", "--motive", "debts", "--weapon", "fire-iron",
             "--mansion", str(CASE_DIR.parent / "mansion.yaml"), "--no-table"]  # the patterns alone decide here
    for name in ("one", "two"):
        assert main([*first, "--out", str(folder / f"{name}.yaml")]) == 0
    (folder / "broken.yaml").write_text("cards: [\n", encoding="utf-8")
    pattern = load_and_prove(folder / "one.yaml")
    capsys.readouterr()
    assert main([*first, "--out", str(folder / "three.yaml"), "--vary-from", str(folder)]) == 0
    said = capsys.readouterr().err.splitlines()
    assert said[:2] == ["generate: --vary-from: broken.yaml left out (not a unique case of mansion 'walton-house')",
                        f"generate: --vary-from: 2 cases find the culprit by {pattern}"]
    assert load_and_prove(folder / "three.yaml") != pattern
    assert main([*first, "--out", str(tmp_path / "x.yaml"), "--vary-from", str(tmp_path / "nowhere")]) == 1
    assert capsys.readouterr().err.endswith(f"generate: error: --vary-from: {tmp_path / 'nowhere'} is not a folder\n")


def load_and_prove(path: Path) -> str:
    from gaslight.domain.walton.proof import prove

    found = prove(mansion(), load_text(path.read_text(encoding="utf-8"), path.name)).metrics
    assert found is not None
    return found.steps.culprit_pattern


BAD_PLOTS = [
    (Plot("x", "X", "I", Answer("nobody", "debts", "fire-iron")), "suspect 'nobody' is not in mansion 'walton-house'"),
    (Plot("x", "X", "I", Answer("greg", "will", "fire-iron")), "'will' is not one of Greg Gaffney's motives"),
    (Plot("x", "X", "I", Answer("greg", "debts", "axe")), "weapon 'axe' is not in mansion 'walton-house'"),
    (Plot("x", "X", "A", Answer("greg", "debts", "fire-iron", "angelica", "will")),
     "a case of difficulty A has no accomplice"),
    (Plot("x", "X", "C", Answer("greg", "debts", "fire-iron", "greg", "debts")), "'greg' cannot be the accomplice"),
    (Plot("x", "X", "C", Answer("greg", "debts", "fire-iron", "angelica", "debts")),
     "'debts' is not one of Angelica Albinson's motives"),
    (Plot("x", "X", "Z", Answer("greg", "debts", "fire-iron")), "difficulty 'Z' is not one of I, A, B, C, D, E, S"),
]


@pytest.mark.parametrize(("plot", "message"), BAD_PLOTS, ids=[m for _, m in BAD_PLOTS])
def test_impossible_plots_are_refused_by_name(plot: Plot, message: str) -> None:
    with pytest.raises(GenerateError) as caught:
        generate_case(mansion(), plot, seed=0)
    assert str(caught.value) == message


def test_command_line_refuses_a_bad_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bad.yaml"
    code = main(["--difficulty", "I", "--out", str(out), "--culprit", "greg", "--motive", "will",
                 "--weapon", "fire-iron", "--mansion", str(CASE_DIR.parent / "mansion.yaml")])
    assert code == 1
    assert capsys.readouterr().err == "generate: error: 'will' is not one of Greg Gaffney's motives\n"
    assert not out.exists()


@pytest.mark.parametrize("bundled", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_bundled_case_regenerates_from_its_header(bundled: Path, tmp_path: Path) -> None:
    lines = bundled.read_text(encoding="utf-8").splitlines()
    command = shlex.split(lines[lines.index("# Generated by:") + 1].lstrip("# "))
    assert command[:3] == ["python", "-m", "gaslight.domain.walton.generate"]
    assert "--attempt" in command  # the header names the attempt that made the case: one attempt remakes it
    out = tmp_path / bundled.name
    assert main([*command[3:], "--out", str(out), "--mansion", str(CASE_DIR.parent / "mansion.yaml")]) == 0
    made, kept = out.read_text(encoding="utf-8"), bundled.read_text(encoding="utf-8")
    # the title and description were translated by hand ({en, ja}); the generator writes their English
    kept = re.sub(r'^title: \{en: (".*"), ja: ".*"\}$', r"title: \1", kept, count=1, flags=re.M)
    kept = re.sub(r'^description: \{en: (".*"), ja: ".*"\}$', r"description: \1", kept, count=1, flags=re.M)
    assert made.split("\n", 1)[1] == kept.split("\n", 1)[1]  # the modeline points at the schema from each file


def test_command_line_draws_a_plot_from_the_seed_when_none_is_given(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "drawn.yaml"
    args = ["--difficulty", "A", "--seed", "3", "--out", str(out), "--mansion", str(CASE_DIR.parent / "mansion.yaml"),
            "--no-table"]
    assert main(args) == 0
    text = out.read_text(encoding="utf-8")
    drawn = load_text(text, "drawn.yaml")
    assert (drawn.id, drawn.difficulty, drawn.answer.accomplice) == ("drawn", "A", None)
    assert solve(mansion(), drawn).solutions == (drawn.answer,)
    said = capsys.readouterr()
    assert said.out.startswith(f"wrote {out}: 70 cards, verdict unique, measured difficulty ")
    attempt = said.out.rsplit("attempt ", 1)[1].strip()
    assert said.err.splitlines()[-1].startswith(f"generate: attempt {attempt}: measured ")  # a line per attempt


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_introductory_plot_gets_exactly_its_answer(data: st.DataObject) -> None:
    house = mansion()
    culprit = data.draw(st.sampled_from(house.suspects))
    motive = data.draw(st.sampled_from(culprit.motive_ids))
    weapon = data.draw(st.sampled_from([w.id for w in house.weapons]))
    seed = data.draw(st.integers(0, 1000))
    plot = Plot("drawn-plot", "Drawn", "I", Answer(culprit.id, motive, weapon))
    made = generate_case(house, plot, seed=seed)
    assert made.proof.result.solutions == (plot.answer,)
    assert len(made.case.cards) == 70


def test_command_line_keeps_an_existing_file_unless_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "kept.yaml"
    out.write_text("mine\n", encoding="utf-8")
    args = ["--difficulty", "I", "--out", str(out), "--mansion", str(CASE_DIR.parent / "mansion.yaml")]
    assert main(args) == 1
    assert capsys.readouterr().err == f"generate: error: {out} exists; pass --force to replace it\n"
    assert out.read_text(encoding="utf-8") == "mine\n"
    assert main([*args, "--force"]) == 0
    modeline = out.read_text(encoding="utf-8").splitlines()[0]
    schema = Path(out.parent, modeline.split("$schema=")[1]).resolve()
    assert schema == REPO / "schemas" / "case.schema.json"


def test_command_line_names_an_unreadable_mansion(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.yaml"
    assert main(["--difficulty", "I", "--out", str(tmp_path / "x.yaml"), "--mansion", str(missing)]) == 1
    assert capsys.readouterr().err == (f"generate: error: cannot load the mansion {missing}:\n"
                                       f"{missing}:1:1: error: cannot read file: No such file or directory "
                                       "(fix: check the path)\n1 error, 0 warnings\n")


def test_from_level_c_up_a_card_that_rules_out_many_values_at_once_is_left_out() -> None:
    import random

    from gaslight.domain.walton.drafting import PROFILES, Draft, structure
    from gaslight.domain.walton.generator import Search, _weak

    house = mansion()
    plot = Plot("weak", "Weak", "C", Answer("greg", "debts", "fire-iron", "angelica", "will"))
    fixed = structure(house, plot.answer, PROFILES["C"], random.Random(0))
    one_weapon = Draft("police", ({"type": "weapon_not_used", "weapon": "duelling-pistol"},), "padding")
    soot = Draft("coroner", ({"type": "trace_found", "trace": "soot"},), "padding")  # only the fire iron leaves soot
    search = Search(house, plot, fixed, [one_weapon, soot])
    assert (search.strength(0), search.strength(1)) == (1, 7)  # seven other weapons go at once
    assert PROFILES["C"].weak == 2 and PROFILES["B"].weak == 0
    assert list(_weak(house, plot, fixed, [one_weapon, soot], PROFILES["C"].weak)) == [one_weapon]
    assert list(_weak(house, plot, fixed, [soot, one_weapon, soot], PROFILES["C"].weak)) == [one_weapon]


def test_a_cards_strength_is_the_count_of_values_no_world_with_it_allows() -> None:
    """The kept worlds and the solves behind Search.strength agree with one enumeration per value."""
    import random

    from gaslight.domain.walton.drafting import PROFILES, candidate_pool, make_world, structure
    from gaslight.domain.walton.generator import Search

    house = mansion()
    plot = Plot("weak", "Weak", "D", Answer("stanley", "dismissal", "curtain-cord", "claudette", "lease"))
    rng = random.Random(3)
    world = make_world(house, plot.answer, rng)
    fixed = structure(house, plot.answer, PROFILES["D"], rng)
    pool = [d for d, _ in candidate_pool(house, plot.answer, world, PROFILES["D"], rng)]
    search = Search(house, plot, fixed, pool)
    program, base = search.program, search.base
    ruled_out = []
    for value in search.open_values:
        literals = program.fixed_literals((value,))
        if literals is not None and program.witness(base, literals) is not None:
            ruled_out.append(program.always_broken(base, literals))
    order = list(range(len(pool)))
    random.Random(5).shuffle(order)
    found = {i: search.strength(i) for i in order[:60]}  # asked in a random order, kept worlds growing
    assert found == {i: sum(1 for cards in ruled_out if search.number(i) in cards) for i in found}
    assert any(found.values()) and not all(found.values())


def test_the_closing_line_says_when_the_case_kept_is_only_the_closest(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from gaslight.resources import STARTER_DIR

    # The starter mansion is small (13 wrong values): its aim for the cards the steps read is 18, not half of 70.
    args = ["--difficulty", "S", "--seed", "7", "--attempt", "0", "--id", "cold", "--mansion",
            str(STARTER_DIR / "mansion.yaml"), "--no-table"]
    assert main([*args, "--out", str(tmp_path / "short.yaml")]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "the closest attempt, not the case asked for: the steps read 16 of 70 cards (aim: 18 or more in a mansion "
        "of 13 wrong values). "
        "Try another --seed, or edit the cards ('gaslight solve' shows the measures)"]
    args[1] = "I"  # no content aims below level C, and attempt 0 measures I: the case asked for
    assert main([*args, "--out", str(tmp_path / "as-asked.yaml")]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1
    args[1], args[5] = "B", "2"  # attempt 2 at level B comes out easier
    assert main([*args, "--out", str(tmp_path / "easier.yaml")]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("the closest attempt, not the case asked for: "
                                                              "measured A, not B. ")


def test_a_weapon_no_route_passes_is_refused_by_room_and_name() -> None:
    """The mansion check warns of such a weapon; a designer who plots it anyway learns where it lies and why."""
    dead_end = MINI_MANSION.replace("passages: [[hall, study], [den, hall]]", "passages: [[hall, study], [hall, den]]")
    house = load_mansion(parse_text(dead_end, "m.yaml")[0], Report())
    assert house is not None
    with pytest.raises(GenerateError) as caught:
        generate_case(house, Plot("x", "X", "I", Answer("ann", "money", "club")), seed=0)
    assert str(caught.value) == ("no route from a start room to the crime scene passes the Den, where the club lies, "
                                 "so it cannot be the weapon; choose another weapon, or add passages through that room")


def _plot(seed: int, **given: str) -> Answer:
    import argparse
    import random

    from gaslight.domain.walton.generate import _random_plot

    args = argparse.Namespace(**{"culprit": None, "motive": None, "weapon": None, "accomplice": None,
                                 "accomplice_motive": None, "difficulty": "A", **given})
    return _random_plot(mansion(), args, random.Random(seed))


def test_a_drawn_answer_is_never_the_first_suspect_motive_and_weapon_the_mansion_lists() -> None:
    """check warns at such an answer (a form filled in the mansion's order names it): `gaslight new case --seed 2`
    in the starter's mansion drew it, and the case it wrote warned at once."""
    first = mansion().listed_first()
    drawn = [(a.culprit, a.motive, a.weapon) for a in map(_plot, range(400))]
    assert first not in drawn
    assert {a[0] for a in drawn} == {s.id for s in mansion().suspects}, "every suspect may still be drawn"


def test_an_answer_the_designer_names_is_kept_even_when_listed_first() -> None:
    culprit, motive, weapon = mansion().listed_first()
    answer = _plot(1, culprit=culprit, motive=motive, weapon=weapon)
    assert (answer.culprit, answer.motive, answer.weapon) == (culprit, motive, weapon)
