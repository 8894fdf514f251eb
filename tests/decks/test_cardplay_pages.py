"""The card games' play pages as the build writes them: one per rummy and 24 deck, the engine's data for every
variant, a table file of what each card shows, every scenario text escaped."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from gaslight.diagnostics import Report
from gaslight.outputs import cardplay
from gaslight.outputs.sink import BuildOutput
from gaslight.play.rummy import bundled_game
from gaslight.play.twentyfour import bundled_game_data
from gaslight.project import Project

from tests.decks.conftest import deck_of


def written(project: Project, root: Path) -> BuildOutput:
    out = BuildOutput(root)
    decks = [deck_of(project, "ripper-rummy"), deck_of(project, "twenty-four")]
    cardplay.contribute(project, out, decks, {"ripper-rummy": "rummy/deck.md"})
    return out


def test_each_deck_gets_a_page_its_variants_data_and_its_faces(bundled: tuple[Project, Report], tmp_path: Path) -> None:
    project, _ = bundled
    out = written(project, tmp_path / "a")
    cards = out.docs / "engine/data/cards"
    assert sorted(p.relative_to(cards).as_posix() for p in cards.rglob("*.json")) == [
        "rummy/ripper-rummy.default.json", "rummy/ripper-rummy.high-stakes.json", "rummy/ripper-rummy.json",
        "rummy/ripper-rummy.open-votes.json", "twentyfour/twenty-four.default.json",
        "twentyfour/twenty-four.draft-assists.json", "twentyfour/twenty-four.json",
        "twentyfour/twenty-four.seed-text-hidden-column.json"]
    # The engine data is the play module's own, variant by variant.
    assert json.loads((cards / "rummy/ripper-rummy.high-stakes.json").read_text()) == bundled_game("high-stakes")
    assists = json.loads((cards / "twentyfour/twenty-four.draft-assists.json").read_text())
    assert assists == bundled_game_data("draft-assists")
    table = json.loads((cards / "rummy/ripper-rummy.json").read_text())
    assert [v["title"] for v in table["variants"]] == ["Base rules", "High stakes", "Votes scored in every hand"]
    assert table["faces"]["alibi-double"] == {
        "band": "#a3262e", "fields": ["Or for: Professor Lucan Grey"], "ink": "#ffffff", "kind": "alibi",
        "name": "Together at the lecture hall", "suit": "Dr Ambrose Vell · rank 1", "type": "Alibi", "value": 5,
        "text": "Say which of the two suspects it covers when you play it; a meld of that colour must be on the table "
                "(anyone's). Discard any other alibi on the table."}
    page = (out.docs / "play/rummy-ripper-rummy.md").read_text()
    assert "# Play Ripper rummy deck\n" in page and "[the deck](../rummy/deck.md)" in page
    assert 'data-table="../engine/data/cards/rummy/ripper-rummy.json"' in page
    assert '<script type="module" src="../engine/rummy/page.js"></script>' in page
    other = (out.docs / "play/24-twenty-four.md").read_text()
    assert '<script type="module" src="../engine/twentyfour/page.js"></script>' in other
    again = written(project, tmp_path / "b")
    for path in (out.docs).rglob("*.*"):
        assert path.read_bytes() == (again.docs / path.relative_to(out.docs)).read_bytes(), path


def test_scenario_text_on_a_play_page_is_text(bundled: tuple[Project, Report]) -> None:
    project, _ = bundled
    deck = dataclasses.replace(deck_of(project, "ripper-rummy"), title='<script>alert(1)</script> & "q"')
    page = cardplay.page_markdown("rummy", deck, "play/rummy-x.md", None, True, [])
    assert "<script>alert" not in page
    assert '# Play Ripper rummy: &lt;script&gt;alert\\(1\\)&lt;/script&gt; &amp; "q"\n' in page
    problems = ["Base rules: <img src=x onerror=1>"]
    refused = cardplay.page_markdown("rummy", deck, "play/rummy-x.md", None, False, problems)
    assert "This deck cannot be played in the browser yet." in refused and 'id="gaslight-cards"' not in refused
    assert "<img" not in refused and "&lt;img src=x onerror=1&gt;" in refused
