"""Site pages and the investigation sheet: what they show, escaped, linked and printed."""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
from pathlib import Path

import pytest
from gaslight.outputs.investigation_sheet import investigation_sheet
from gaslight.outputs.pdf import PAGE_SIZES
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.walton import contribute, link, table_section
from gaslight.project import Project, load_project
from PIL import Image
from pypdf import PdfReader

from tests.walton_cases.helpers import CASE_FILES, FIXTURES, MANSION_FILE, case, mansion


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_sheet_shows_every_suspect_motive_room_weapon_and_trace(page: str) -> None:
    house = mansion()
    reader = PdfReader(io.BytesIO(investigation_sheet(house, page)))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == tuple(round(v) for v in PAGE_SIZES[page])
    text = " ".join(reader.pages[0].extract_text().split())  # names wrapped over two lines read as one
    names = [s.name for s in house.suspects] + [w.name for w in house.weapons] + [r.name for r in house.rooms]
    names += [m.name for s in house.suspects for m in s.motives] + [t.name for t in house.traces]
    missing = [name for name in names if name not in text]
    assert missing == []
    assert "Start rooms: BR = Billiard Room, L = Library, V = Vestibule, LR = Living Room." in text
    for words in ("Who?", "Why?", "How?", "Accomplice:"):
        assert words in text


def test_sheet_is_the_same_bytes_twice() -> None:
    assert investigation_sheet(mansion(), "letter") == investigation_sheet(mansion(), "letter")


def test_sheet_page_is_not_blank(tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(investigation_sheet(mansion(), "a4"))
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-singlefile", str(pdf), str(tmp_path / "sheet")], check=True)
    image = Image.open(tmp_path / "sheet.png").convert("L")
    dark = sum(image.histogram()[:128])
    assert dark / (image.width * image.height) > 0.02


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> BuildOutput:
    project, report = load_project([MANSION_FILE, *CASE_FILES[:2]])
    assert report.ok
    out = BuildOutput(tmp_path_factory.mktemp("walton"))
    (out.docs / "walton").mkdir(parents=True)
    (out.docs / "walton" / "case-logic.md").write_text("# Case logic\n", encoding="utf-8")
    contribute(project, out)
    return out


def test_case_list_names_each_case_with_measured_metrics(built: BuildOutput) -> None:
    page = (built.docs / "walton" / "cases" / "index.md").read_text(encoding="utf-8")
    for path in CASE_FILES[:2]:
        loaded = case(path)
        assert f"| [{loaded.title}]({loaded.id}.md) | {loaded.difficulty} |" in page.replace("\\", "")
    assert "(../../print/walton/investigation-sheet-walton-house-a4.pdf)" in page
    assert "(../../print/walton/investigation-sheet-walton-house-letter.pdf)" in page
    assert (built.root / "print" / "walton" / "investigation-sheet-walton-house-a4.pdf").exists()


def test_case_page_has_every_card_and_the_solution_behind_a_spoiler(built: BuildOutput) -> None:
    loaded = case(CASE_FILES[0])
    page = (built.docs / "walton" / "cases" / f"{loaded.id}.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| ") and line.split(" | ")[0][2:].isdigit()]
    assert len(rows) == 70
    spoiler = page.split('??? note "Solution"\n', 1)[1]
    assert spoiler.splitlines()[1].startswith("    **Answer:** ")
    assert "Answer:" not in page.split('??? note "Solution"')[0]
    assert "    **Measured difficulty:** " in spoiler


def test_menu_and_exports(built: BuildOutput) -> None:
    nav = dict((rel, path) for path, rel in built.nav)
    assert nav["walton/case-logic.md"] == ("Walton cases", "Case logic reference")
    assert nav["walton/cases/index.md"] == ("Walton cases", "Cases", "All cases")
    loaded = case(CASE_FILES[0])
    assert nav[f"walton/cases/{loaded.id}.md"] == ("Walton cases", "Cases", loaded.title)
    exported = json.loads((built.root / "export" / "walton" / f"{loaded.id}.json").read_text(encoding="utf-8"))
    assert exported["format"] == "gaslight-walton/1"
    index = json.loads((built.root / "export" / "walton" / "index.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in index["cases"]] == sorted((case(p).id for p in CASE_FILES[:2]),
                                                        key=lambda i: "IABCDES".index(case_by_id(i).difficulty))


def case_by_id(case_id: str):  # type: ignore[no-untyped-def]
    return next(case(p) for p in CASE_FILES if case(p).id == case_id)


def test_play_link_only_when_the_play_page_exists(tmp_path: Path) -> None:
    project = _project_with([case(CASE_FILES[0])])
    without = BuildOutput(tmp_path / "a")
    contribute(project, without)
    with_play = BuildOutput(tmp_path / "b")
    (with_play.docs / "play").mkdir(parents=True)
    (with_play.docs / "play" / "walton.md").write_text("# Play\n", encoding="utf-8")
    contribute(project, with_play)
    rel = f"walton/cases/{case(CASE_FILES[0]).id}.md"
    assert "../../play/walton.md" not in (without.docs / rel).read_text(encoding="utf-8")
    assert "(../../play/walton.md)" in (with_play.docs / rel).read_text(encoding="utf-8")


def _project_with(cases: list) -> Project:  # type: ignore[type-arg]
    return Project((), {"mansion": (mansion(),), "case": tuple(cases)})


def test_designer_text_is_escaped(tmp_path: Path) -> None:
    loaded = case(CASE_FILES[0])
    card = dataclasses.replace(loaded.cards[0], text="<script>alert(1)</script> | *loud*")
    hostile = dataclasses.replace(loaded, title="<b>Bold</b> [case](x)", cards=(card, *loaded.cards[1:]))
    out = BuildOutput(tmp_path)
    contribute(_project_with([hostile]), out)
    page = (out.docs / "walton" / "cases" / f"{loaded.id}.md").read_text(encoding="utf-8")
    assert "<script>" not in page and "<b>" not in page
    assert "&lt;script&gt;alert\\(1\\)&lt;/script&gt; \\| \\*loud\\*" in page
    assert page.startswith("# &lt;b&gt;Bold&lt;/b&gt; \\[case\\]\\(x\\)\n")


def test_broken_case_page_shows_the_verdict_instead_of_a_proof(tmp_path: Path) -> None:
    out = BuildOutput(tmp_path)
    contribute(_project_with([case(FIXTURES / "ambiguous.yaml")]), out)
    page = (out.docs / "walton" / "cases" / "broken-ambiguous.md").read_text(encoding="utf-8")
    assert "    The solver's verdict is **ambiguous**; run `gaslight solve broken-ambiguous`." in page


def test_links_are_relative_to_the_page() -> None:
    assert link("walton/cases/index.md", "print/walton/x.pdf") == "../../print/walton/x.pdf"
    assert link("walton/cases/index.md", "walton/case-logic.md") == "../case-logic.md"
    assert link("index.md", "walton/cases/a.md") == "walton/cases/a.md"


def test_rules_link_only_when_the_rules_page_exists(tmp_path: Path) -> None:
    project = _project_with([case(CASE_FILES[0])])
    out = BuildOutput(tmp_path)
    (out.docs / "walton").mkdir(parents=True)
    (out.docs / "walton" / "rules.md").write_text("# Rules\n", encoding="utf-8")
    contribute(project, out)
    page = (out.docs / "walton" / "cases" / f"{case(CASE_FILES[0]).id}.md").read_text(encoding="utf-8")
    assert "- [Rules of Walton cases](../rules.md)" in page
    bare = BuildOutput(tmp_path / "bare")
    contribute(project, bare)
    assert "rules.md" not in (bare.docs / "walton" / "cases" / f"{case(CASE_FILES[0]).id}.md").read_text(
        encoding="utf-8")


def test_a_build_proves_each_case_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check before the pages proves every case; the pages reuse those proofs (same models, same proofs)."""
    from gaslight.domain.walton import verdict
    from gaslight.domain.walton.solver import CaseProgram
    from gaslight.outputs.walton import prove_all

    grounded: list[str] = []
    real = CaseProgram.__init__

    def counting(self, house, loaded):  # type: ignore[no-untyped-def]
        grounded.append(loaded.id)
        real(self, house, loaded)

    monkeypatch.setattr(CaseProgram, "__init__", counting)
    verdict.examine.cache_clear()
    project, _ = load_project([MANSION_FILE, *CASE_FILES[:3]])
    pages = prove_all(project)
    assert sorted(grounded) == sorted(p.case.id for p in pages) == sorted(case(p).id for p in CASE_FILES[:3])
    verdict.examine.cache_clear()


def test_the_cards_table_names_each_speaker_once_in_the_card_text() -> None:
    from gaslight.outputs.walton import cards_table

    house = mansion()
    loaded = case(CASE_FILES[0])
    table = cards_table(house, loaded)
    assert table[0] == "| No. | Type | Value | References | Text |"
    first = min(loaded.cards, key=lambda c: c.number)
    row = table[2].split(" | ")
    assert len(row) == 5 and row[-1].startswith(house.speaker_name(first.speaker) + ": “")


def test_case_pages_say_how_bots_did_at_the_table(built: BuildOutput) -> None:
    loaded = case(CASE_FILES[0])
    page = (built.docs / "walton" / "cases" / f"{loaded.id}.md").read_text(encoding="utf-8")
    section = page.split("## At the table\n\n", 1)[1].split("\n\n")[0]
    assert section.startswith("Bots played 10 games of this case at a table of 4 (seeds 1–10) and solved ")
    assert " rounds on average (fewest " in section and " of 70 cards; " in section
    index = (built.docs / "walton" / "cases" / "index.md").read_text(encoding="utf-8")
    row = next(line for line in index.splitlines() if f"({loaded.id}.md)" in line)
    assert row.endswith(" rounds |")


def test_the_table_section_words() -> None:
    loaded = case(CASE_FILES[0])
    found = {"games": 3, "seats": 2, "seed": 5, "solved": 1, "wrong_solves": 1, "mean_rounds": 7.0,
             "rounds": {"7": 1}, "cards_seen_at_solve": 41.0}
    assert table_section(loaded, found)[2] == (
        "Bots played 3 games of this case at a table of 2 (seeds 5–7) and solved 1 of them, in 7 rounds on average "
        "(fewest 7, most 7). The first right solver had seen 41 of 70 cards; 1 wrong answer on the way.")
    none = {**found, "solved": 0, "wrong_solves": 4, "mean_rounds": None, "rounds": {}}
    assert table_section(loaded, none)[2] == (
        "Bots played 3 games of this case at a table of 2 (seeds 5–7) and solved 0 of them; "
        "4 wrong answers on the way.")
    assert table_section(loaded, None)[2] == (
        "Not played by bots: that needs a case with one answer, its own, and Node.js.")
