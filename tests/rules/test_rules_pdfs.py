"""Printables: text (pypdf), pixels (pdftoppm), embedded fonts and same bytes on every build."""

from __future__ import annotations

import io
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from gaslight.domain.rules.ruleset import resolve
from gaslight.outputs import sheets
from gaslight.outputs.sink import BuildOutput
from pypdf import PdfReader

from tests.rules.rulesfix import fixture, scenario


def strings(pdf: bytes) -> Counter[str]:
    """Every string drawn in the PDF, counted (one drawString → one entry)."""
    found: Counter[str] = Counter()

    def visit(text: str, *_: object) -> None:
        if text.strip():
            found[text.strip()] += 1

    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=visit)
    return found


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def plan(effective, slug: str) -> sheets.SheetPlan:
    """The printable ``slug`` of ``effective``, as the build makes it (with the ruleset's other variants)."""
    ruleset = scenario(effective.game) if effective.ruleset_id != "hunt-mini" else fixture("hunt-mini")
    variants = {None: resolve(ruleset), **{v.id: resolve(ruleset, v.id) for v in ruleset.variants}}
    return next(p for p in sheets.plans_for(effective, sheets.titles_for(ruleset), variants) if p.slug == slug)


def sheet_pdf(variant: str | None, size: str = "a4", game: str = "fixture") -> bytes:
    ruleset = fixture("hunt-mini") if game == "fixture" else scenario("hunt")
    return sheets.render(plan(resolve(ruleset, variant), "movement-sheet").spec, size)


@pytest.mark.parametrize(("variant", "moves"), [(None, 15), ("long-nights", 17)])
def test_movement_sheet_has_one_labelled_box_per_track_space_per_night(variant, moves):
    drawn = strings(sheet_pdf(variant))
    labels = ["V", "IV", "III", "II", "I", *map(str, range(1, moves + 1))]
    assert {label: drawn[label] for label in labels} == {label: 4 for label in labels}
    assert drawn[str(moves + 1)] == 0
    assert [drawn[f"Night {n}"] for n in (1, 2, 3, 4, 5)] == [1, 1, 1, 1, 0]
    assert drawn["Jack's movement sheet"] == 1 and drawn["Hideout"] == 1


def test_movement_sheet_shows_coaches_and_alleys_per_night():
    text = text_of(sheet_pdf(None, game="scenario"))
    for night, (coaches, alleys, victims) in enumerate([(3, 2, 1), (2, 2, 1), (2, 1, 2), (1, 1, 1)], start=1):
        assert f"Coaches: {coaches}   Alleys: {alleys}   Victims: {victims}" in text, night
    assert "two kills: the double event" in text


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_pdf_pages_have_the_page_size_and_embedded_fonts(size):
    reader = PdfReader(io.BytesIO(sheet_pdf(None, size)))
    page = reader.pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    expected = {"a4": (841.89, 595.28), "letter": (792.0, 612.0)}[size]
    assert (round(width, 2), round(height, 2)) == expected
    fonts = [f.get_object() for f in page["/Resources"]["/Font"].values()]
    # reportlab lists its base font (Helvetica) for the page preamble; every font text is drawn in is embedded
    drawn = [f for f in fonts if f["/BaseFont"] != "/Helvetica"]
    assert {str(f["/BaseFont"]).split("+")[1] for f in drawn} == {"BitstreamVeraSans-Bold", "BitstreamVeraSans-Roman"}
    assert all("/FontFile2" in f["/FontDescriptor"].get_object() for f in drawn)


def test_same_bytes_on_every_render():
    assert sheet_pdf("long-nights") == sheet_pdf("long-nights")
    aid = plan(resolve(scenario("hunt")), "police-aid").spec
    assert sheets.render(aid, "letter") == sheets.render(aid, "letter")


def flat_text(pdf: bytes) -> str:
    return " ".join(text_of(pdf).split())


def test_jack_aid_reads_as_lines_for_the_table_not_rule_headings():
    text = flat_text(sheets.render(plan(resolve(scenario("hunt")), "jack-aid").spec, "a4"))
    assert "Jack's play aid" in text and "Your night, step by step" in text and "Night by night" in text
    assert "then moves 1–15: 20 spaces" in text
    assert "Coach (hand in a token): two steps, police may be passed, never back to the start" in text
    assert "Jack takes tonight's tokens: coaches 3 / 2 / 2 / 1, alleys 2 / 2 / 1 / 1" in text
    rule = resolve(scenario("hunt")).rule("hunt.jack.coach")
    assert f"{rule.number} {rule.title}" not in text, "no list of rule headings"


@pytest.mark.parametrize(("variant", "slug", "present", "absent"), [
    (None, "jack-aid", "the women move, Jack flips one patrol token", "no peek at the patrols"),
    ("learning-game", "jack-aid", "the women move (no peek at the patrols)", "Jack flips one patrol token"),
    (None, "police-aid", "Optional rules in play none", "Letter 2:"),
    ("letters", "police-aid", "Letter 2: pick two face-down tokens of its districts", "Wide-area arrest:"),
    ("wide-area-arrest", "police-aid", "Wide-area arrest: one arrest names every circle next to the pawn", "Letter"),
    ("long-night", "jack-aid", "then moves 1 to 17", "then moves 1 to 15"),
])
def test_a_variant_changes_the_aid(variant, slug, present, absent):
    text = flat_text(sheets.render(plan(resolve(scenario("hunt"), variant), slug).spec, "letter"))
    text = text.replace("\x7f ", "").replace("• ", "")  # the bullets, as the text extractor reads them
    assert present in text and absent not in text


AIDS = [("hunt", "jack-aid"), ("hunt", "police-aid"), ("walton", "quick-reference"), ("rummy", "scoring-card"),
        ("twentyfour", "phase-card")]


@pytest.mark.parametrize("size", ["a4", "letter"])
@pytest.mark.parametrize(("game", "slug"), AIDS)
def test_aids_fill_one_or_two_even_pages(game, slug, size):
    ruleset = scenario(game)
    for variant in (None, *(v.id for v in ruleset.variants)):
        pages = PdfReader(io.BytesIO(sheets.render(plan(resolve(ruleset, variant), slug).spec, size))).pages
        chars = [len(page.extract_text()) for page in pages]
        assert len(pages) <= 2, (variant, chars)
        assert min(chars) >= 0.3 * sum(chars) / len(chars), f"{variant}: a page with little on it {chars}"


@pytest.mark.parametrize(("game", "slug", "variant", "present"), [
    ("rummy", "scoring-card", None, "First to 100 at the end of a hand: the highest total wins."),
    ("rummy", "scoring-card", "high-stakes", "First to 150 at the end of a hand: the highest total wins."),
    ("rummy", "scoring-card", "open-votes", "and 10 for a vote on the suspect who would have been Jack"),
    ("twentyfour", "phase-card", None, "Green +1 strength +2 strength 1 damage Red +2 strength +3 strength 2 damage"),
    ("twentyfour", "phase-card", None, "column 5 face down except in the last season"),
    ("twentyfour", "phase-card", "seed-text-hidden-column", "column 4 face down except in the last season"),
])
def test_card_games_aids_follow_their_variant(game, slug, variant, present):
    text = flat_text(sheets.render(plan(resolve(scenario(game), variant), slug).spec, "a4"))
    assert present in text


def test_aid_text_is_readable_at_arms_length():
    style = sheets.styles()
    assert min(style[name].fontSize for name in ("body", "item", "intro")) >= 9


def test_police_aid_counts_patrol_tokens():
    text = text_of(sheets.render(plan(resolve(scenario("hunt")), "police-aid").spec, "a4"))
    assert "5 police pawns; 7 patrol tokens (5 real, 2 blank)" in text
    flat = " ".join(text.split())
    assert "7 on yellow crossings" in flat and flat.count("5 where the police stood, 2 on yellow crossings") == 3


@pytest.mark.parametrize(("game", "slug", "heading"), [
    ("walton", "quick-reference", "Walton quick reference"),
    ("rummy", "scoring-card", "Ripper rummy scoring card"),
    ("twentyfour", "phase-card", "24 phase and scoring card"),
])
def test_game_cards_carry_headings_and_numbers(game, slug, heading):
    effective = resolve(scenario(game))
    text = text_of(sheets.render(plan(effective, slug).spec, "a4"))
    assert heading in text and "Numbers" in text
    assert any(first in text for first in (effective.rules[0].title, "A season, phase by phase", "Your turn",
                                           "A round, step by step"))


@pytest.mark.parametrize(("variant", "present"), [
    (None, "Name 2 references (suspects or rooms, each once) with the arrows."),
    ("two-players", "Name 4 references (suspects or rooms, each once) with the arrows."),
    ("two-players", "Two players: note every card you receive or draw, then discard it face down."),
    ("app-check", "With the app, a wrong solver stays in but sits out the next solution phase."),
])
def test_walton_aid_is_the_round_step_by_step_with_who_may_lie(variant, present):
    pdf = sheets.render(plan(resolve(scenario("walton"), variant), "quick-reference").spec, "letter")
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1, "one page"
    text = flat_text(pdf)
    assert "A round, step by step" in text and present in text
    assert "Who may lie" in text and "The culprit may lie, but not about where they were when the crime began" in text


def test_rummy_card_values_follow_a_variant():
    plain = text_of(sheets.render(plan(resolve(scenario("rummy")), "scoring-card").spec, "a4"))
    stakes = text_of(sheets.render(plan(resolve(scenario("rummy"), "high-stakes"), "scoring-card").spec, "a4"))
    assert "Target score\n100\n" in plain and "Target score\n150\n" in stakes


def _dark_pixels(pdf: Path) -> int:
    out = subprocess.run(["pdftoppm", "-gray", "-r", "40", "-singlefile", "-f", "1", "-l", "1", str(pdf)],
                         check=True, capture_output=True).stdout
    header, _, rest = out.partition(b"\n255\n")  # P5 <width> <height> 255 then bytes
    assert header.split()[0] == b"P5"
    return sum(1 for b in rest if b < 128)


@pytest.mark.parametrize("slug", ["movement-sheet", "jack-aid", "police-aid"])
def test_rendered_pages_are_not_blank(tmp_path, slug):
    path = tmp_path / f"{slug}.pdf"
    path.write_bytes(sheets.render(plan(resolve(scenario("hunt")), slug).spec, "a4"))
    assert _dark_pixels(path) > 200


def test_variant_gets_its_own_sheet_only_when_its_parameters_change_it(tmp_path):
    out = BuildOutput(tmp_path)
    ruleset = fixture("hunt-mini")
    defaults = sheets.publish(out, "hunt", resolve(ruleset), {}, None)
    hideout = sheets.publish(out, "hunt", resolve(ruleset, "seed-003-hideout"), {}, defaults)
    longer = sheets.publish(out, "hunt", resolve(ruleset, "long-nights"), {}, defaults)
    paths = {p.slug: dict(p.paths) for p in (*hideout, *longer) if p.slug == "movement-sheet"}
    assert dict(hideout[0].paths) == {"a4": "print/hunt/movement-sheet-a4.pdf",
                                      "letter": "print/hunt/movement-sheet-letter.pdf"}
    assert dict(longer[0].paths) == {"a4": "print/hunt/long-nights/movement-sheet-a4.pdf",
                                     "letter": "print/hunt/long-nights/movement-sheet-letter.pdf"}
    assert paths and (tmp_path / "print/hunt/long-nights/movement-sheet-letter.pdf").is_file()
    assert not (tmp_path / "print/hunt/seed-003-hideout/movement-sheet-a4.pdf").exists()
    assert "Variant: Long nights" in text_of((tmp_path / "print/hunt/long-nights/movement-sheet-a4.pdf").read_bytes())


TWO_PLAYERS = ["Name 4 references (suspects or rooms, each once) with the arrows.", "Nobody offered: draw 2 cards.",
               "Two players: note every card you receive or draw, then discard it face down."]


@pytest.mark.parametrize(("variant", "shown"), [(None, TWO_PLAYERS), ("app-check", TWO_PLAYERS),
                                                ("two-players", None)])
def test_walton_aid_lists_the_two_player_changes_unless_they_are_in_play(variant, shown):
    spec = plan(resolve(scenario("walton"), variant), "quick-reference").spec
    sections = {section.heading: list(section.lines) for section in spec.sections}
    assert sections.get("With two players") == shown
    if variant == "two-players":  # its own steps carry the changes instead
        assert set(TWO_PLAYERS) <= set(sections["A round, step by step"])
    flat = flat_text(sheets.render(spec, "letter"))
    assert ("With two players" in flat) == (shown is not None)


def _switched_off(effective, rule_id):
    """``effective`` with one rule inactive, as a variant's option would leave it."""
    import dataclasses

    def walk(rules):
        return tuple(dataclasses.replace(r, active=r.active and r.id != rule_id, rules=walk(r.rules)) for r in rules)

    return dataclasses.replace(effective, rules=walk(effective.rules))


@pytest.mark.parametrize(("slug", "names", "drawn"), [
    ("jack-aid", ["coach", "alley"], ["step 1", "step 2", "Coach: from 1 to 3 in one turn"]),
    ("police-aid", ["police-move", "search"], ["2 crossings", "Moving: up to 2 crossings", "(ringed: 10 to 13"]),
])
def test_hunt_aids_picture_the_moves_in_play(slug, names, drawn):
    effective = resolve(scenario("hunt"))
    assert [name for name, _ in sheets.hunt_figures(effective, slug)] == names
    flat = flat_text(sheets.render(plan(effective, slug).spec, "a4"))
    assert all(text in flat for text in drawn), flat
    without = _switched_off(effective, "hunt.jack.alley")
    assert [name for name, _ in sheets.hunt_figures(without, "jack-aid")] == ["coach"]
    assert sheets.hunt_figures(_switched_off(without, "hunt.jack.coach"), "jack-aid") == ()
