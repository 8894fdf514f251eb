"""The deck contributor: card sheets, gallery pages and scoring pages, with escaped text and working links."""

from __future__ import annotations

import dataclasses
import io
import json
import posixpath
import re
from pathlib import Path

import pytest
from gaslight.domain.decks.deck import Deck
from gaslight.outputs import case_cards, deck_cards, decks
from gaslight.outputs.card_faces import card_sheet
from gaslight.outputs.cardsheet import CardSheetSettings, layout
from gaslight.outputs.sink import BuildOutput
from gaslight.project import Project, load_project
from pypdf import PdfReader

from tests.conftest import REPO

HOSTILE = """\
# yaml-language-server: $schema=../schemas/deck.schema.json
kind: deck
id: hostile
title: "<b>Bold</b> deck"
game: other
summary: "*stars* and <script>alert(1)</script>"
types:
  - {id: plain, name: "Plain <i>type</i>"}
cards:
  - {id: one, type: plain, name: "<script>alert('x')</script>", text: "a & b < c", flavour: "[link](http://x)"}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Project, BuildOutput]:
    from gaslight.config import load_config
    from gaslight.diagnostics import Report
    from gaslight.discover import walk
    from gaslight.project import load_files

    config, _ = load_config(REPO / "scenarios" / "gaslight.yaml")  # pages name files from the project's folder
    report = Report()
    files = walk([REPO / "scenarios" / "decks", REPO / "scenarios" / "rulesets"]).scenarios
    project = load_files(files, report, config=config)
    assert report.ok
    out = BuildOutput(tmp_path_factory.mktemp("decks-out"))
    decks.contribute(project, out)
    deck_cards.contribute(project, out)
    return project, out


def links(markdown: str) -> list[str]:
    return re.findall(r"\]\(([^)]+)\)", markdown) + re.findall(r'src="([^"]+)"', markdown)


def test_pages_and_menu(built: tuple[Project, BuildOutput]) -> None:
    _, out = built
    assert sorted((nav, rel) for nav, rel in out.nav) == [
        (("24", "Deck"), "twentyfour/deck.md"),
        (("24", "Scoring"), "twentyfour/scoring.md"),
        (("Play", "24 deck"), "play/24-twenty-four.md"),
        (("Play", "Ripper rummy deck"), "play/rummy-ripper-rummy.md"),
        (("Ripper rummy", "Deck"), "rummy/deck.md"),
        (("Ripper rummy", "Scoring"), "rummy/scoring.md"),
    ]


@pytest.mark.parametrize("page", ["rummy/deck.md", "twentyfour/deck.md", "rummy/scoring.md", "twentyfour/scoring.md"])
def test_every_link_resolves(built: tuple[Project, BuildOutput], page: str) -> None:
    _, out = built
    markdown = (out.docs / page).read_text(encoding="utf-8")
    found = links(markdown)
    assert found
    for link in found:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), link))
        known = (out.docs / target).exists() or (REPO / "site" / target).exists()
        assert known, f"{page} links to missing {target}"


@pytest.mark.parametrize("deck_id", ["ripper-rummy", "twenty-four"])
def test_gallery_shows_every_card_and_the_composition(built: tuple[Project, BuildOutput], deck_id: str) -> None:
    project, out = built
    deck: Deck = project.by_id("deck", deck_id)
    page = "rummy/deck.md" if deck.game == "rummy" else "twentyfour/deck.md"
    markdown = (out.docs / page).read_text(encoding="utf-8")
    assert markdown.count('<div class="gl-card" ') == len(deck.cards)
    for card in deck.cards:
        assert f"×{card.copies} · {card.id}" in markdown
    assert f"| **All cards** | | **{deck.size}** | |" in markdown
    escaped = deck_id.replace("-", "\\-")  # Markdown-escaped, as md_text writes it
    assert f"The deck is kept in decks/{escaped}\\.yaml;" in markdown
    for key in ("a4", "letter", "print-shop"):
        assert f"../print/decks/{deck_id}-{key}.pdf" in markdown
    assert f"[Deck data](../export/decks/{deck_id}.json)" in markdown
    data = json.loads((out.root / "export" / "decks" / f"{deck_id}.json").read_text(encoding="utf-8"))
    assert data["format"] == "gaslight-deck/1" and data["size"] == deck.size
    assert sum(c["copies"] for c in data["cards"]) == deck.size
    assert [c["id"] for c in data["cards"]] == [c.id for c in deck.cards]


@pytest.mark.parametrize(("deck_id", "fronts"), [("ripper-rummy", 62), ("twenty-four", 105)])
def test_card_sheets_a4_and_letter(built: tuple[Project, BuildOutput], deck_id: str, fronts: int) -> None:
    _, out = built
    for page, settings in (("a4", CardSheetSettings(page="a4")), ("letter", CardSheetSettings(page="letter"))):
        reader = PdfReader(io.BytesIO((out.root / "print" / "decks" / f"{deck_id}-{page}.pdf").read_bytes()))
        sheets = -(-fronts // layout(settings).per_page)
        assert len(reader.pages) == 2 * sheets
        size = tuple(round(float(v), 2) for v in reader.pages[0].mediabox[2:])
        assert size == {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}[page]
    shop = PdfReader(io.BytesIO((out.root / "print" / "decks" / f"{deck_id}-print-shop.pdf").read_bytes()))
    assert len(shop.pages) == 2 * fronts


def test_card_faces_show_their_text(built: tuple[Project, BuildOutput]) -> None:
    project, _ = built
    deck: Deck = project.by_id("deck", "ripper-rummy")
    escape = next(c for c in deck.cards if c.type == "escape")
    pdf = card_sheet(dataclasses.replace(deck, cards=(escape,)), CardSheetSettings())
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "RIPPER ESCAPE" in text and "35" in text and "The Ripper escapes" in text


def test_card_sheets_are_the_same_bytes_twice(built: tuple[Project, BuildOutput]) -> None:
    project, _ = built
    deck = project.by_id("deck", "twenty-four")
    assert card_sheet(deck, CardSheetSettings()) == card_sheet(deck, CardSheetSettings())


def test_scoring_pages_feed_the_calculators_from_deck_and_ruleset(built: tuple[Project, BuildOutput]) -> None:
    _, out = built
    rummy_page = (out.docs / "rummy/scoring.md").read_text(encoding="utf-8")
    assert 'data-gl-calc="rummy"' in rummy_page and 'src="../assets/calculators/rummy.js"' in rummy_page
    assert "&quot;vote_bonus&quot;: 10" in rummy_page and "&quot;evidence&quot;: 5" in rummy_page
    assert "&quot;name&quot;: &quot;Dr Ambrose Vell&quot;, &quot;rank&quot;: 1" in rummy_page
    assert "Ann scores (15 + 10) × 2 + 10 = 60; Bob scores 9 − 5 = 4." in rummy_page
    tf_page = (out.docs / "twentyfour/scoring.md").read_text(encoding="utf-8")
    assert 'data-gl-calc="twentyfour"' in tf_page and "&quot;skill&quot;: &quot;lone-hunter&quot;" in tf_page
    assert "4 + 2 + 3 + 1 + 3 = 13." in tf_page


def test_scenario_text_is_escaped_on_the_gallery(tmp_path: Path) -> None:
    (tmp_path / "hostile.yaml").write_text(HOSTILE, encoding="utf-8")
    project, report = load_project([tmp_path])
    assert report.ok
    out = BuildOutput(tmp_path / "out")
    decks.contribute(project, out)
    deck_cards.contribute(project, out)
    markdown = (out.docs / "decks/hostile.md").read_text(encoding="utf-8")
    assert "<script>" not in markdown and "<b>" not in markdown and "<i>" not in markdown
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in markdown
    assert "a &amp; b &lt; c" in markdown and "\\*stars\\*" in markdown
    assert (("Reference", "Decks", "<b>Bold</b> deck"), "decks/hostile.md") in out.nav
    assert "The deck is kept in hostile\\.yaml;" in markdown  # outside the repository: the name only
    # The PDF shows the text as written, markup and all.
    pdf_text = PdfReader(io.BytesIO((out.root / "print/decks/hostile-a4.pdf").read_bytes())).pages[0].extract_text()
    assert "<script>alert('x')</script>" in pdf_text


def walton_project() -> Project:
    from gaslight.diagnostics import Report
    from gaslight.domain.walton.case import MINI_CASE, load_case
    from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
    from gaslight.yamlio import parse_text

    case = load_case(parse_text(MINI_CASE, "case.yaml")[0], Report())
    mansion = load_mansion(parse_text(MINI_MANSION, "mansion.yaml")[0], Report())
    return Project(models={"case": (case,), "mansion": (mansion,)})


def test_walton_case_cards_print_through_the_same_imposition(tmp_path: Path) -> None:
    project = walton_project()
    out = BuildOutput(tmp_path)
    case_cards.contribute(project, out)
    assert (("Walton cases", "Case cards"), "walton/case-cards.md") in out.nav
    page = (out.docs / "walton/case-cards.md").read_text(encoding="utf-8")
    assert "| Mini case | 8 | [A4](../print/walton/mini-case-cards-a4.pdf) · " \
           "[Letter](../print/walton/mini-case-cards-letter.pdf) · " \
           "[Tabletop Simulator](../print/walton/mini-case.tts.json) · " \
           "[TTS sheet](../print/walton/mini-case-tts-1.jpg) |" in page
    reader = PdfReader(io.BytesIO((out.root / "print/walton/mini-case-cards-a4.pdf").read_bytes()))
    assert len(reader.pages) == 2  # eight cards fit on one A4 sheet; then their backs
    text = reader.pages[0].extract_text()
    for number in range(1, 9):
        assert f"Mini case · card {number} · information value" in text
    assert "Refers to: Bob, Den" in text and "MOTIVE" in text
    assert reader.pages[1].extract_text().count("Walton case") == 8


def test_no_case_cards_page_without_cases(built: tuple[Project, BuildOutput]) -> None:
    _, out = built
    assert not (out.docs / "walton/case-cards.md").exists()


@pytest.mark.parametrize(("template", "shows_label"), [("number", True), ("standard", False)])
def test_number_template_prints_the_value_large_with_its_meaning(built: tuple[Project, BuildOutput], template: str,
                                                                 shows_label: bool) -> None:
    project, _ = built
    deck: Deck = project.by_id("deck", "twenty-four")
    card = next(c for c in deck.cards if c.type == "action" and c.value == 5)
    action = dataclasses.replace(deck.card_type("action"), template=template)
    one = dataclasses.replace(deck, cards=(card,), types=tuple(action if t.id == "action" else t for t in deck.types))
    text = PdfReader(io.BytesIO(card_sheet(one, CardSheetSettings()))).pages[0].extract_text()
    # The card is named "5 hours"; the number template adds the large 5 and the word "hours" under it.
    assert text.split().count("hours") == 1 + shows_label
    assert text.split().count("5") == 2 + shows_label


def test_card_sheets_drawn_on_all_cores_are_the_bytes_drawn_one_by_one(built: tuple[Project, BuildOutput]) -> None:
    from gaslight.outputs.pdf import draw_all

    project, out = built
    deck = project.of_kind("deck")[0]
    jobs = [(deck, settings) for _, _, settings in deck_cards.sheets_for(deck.print_spec)]
    assert draw_all(card_sheet, jobs) == [card_sheet(*job) for job in jobs]
    assert (out.root / "print" / "decks" / f"{deck.id}-a4.pdf").read_bytes() == card_sheet(*jobs[0])
