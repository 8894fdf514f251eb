"""Board and case pages link their Tabletop Simulator objects, with how to load one and where its pictures come from."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from gaslight.config import load_config
from gaslight.diagnostics import Report
from gaslight.discover import walk
from gaslight.outputs import CONTRIBUTORS, boards, case_cards, tts_board, walton
from gaslight.outputs.sink import BuildOutput
from gaslight.project import Project, load_files

from tests.conftest import REPO
from tests.walton_cases.helpers import CASE_FILES, MANSION_FILE

LOAD = ("To load one, copy its \\.tts\\.json file into Tabletop Simulator's Saved Objects folder \\(Documents/My "
        "Games/Tabletop Simulator/Saves/Saved Objects\\), then in a game choose Objects › Saved Objects and "
        "click it\\. ")
LOCAL = ("Its pictures are read from this computer's build folder \\(file://\\), which only you can see: to play with "
         "others, set site\\_url in gaslight\\.yaml, build and publish the site\\.")


def _project(paths: list[Path], site_url: str | None = None) -> Project:
    config, _ = load_config(REPO / "scenarios" / "gaslight.yaml")
    assert config is not None
    report = Report()
    project = load_files(walk(paths).scenarios, report, config=dataclasses.replace(config, site_url=site_url))
    assert report.ok, report.format_text()
    return project


def _links(markdown: str, section: str) -> list[tuple[str, str]]:
    body = markdown.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^- \[([^\]]+)\]\(([^)]+)\)", body, flags=re.M)


@pytest.fixture(scope="module")
def hunt() -> Project:
    return _project([REPO / "scenarios" / "boards" / "tutorial.yaml",
                     REPO / "scenarios" / "rulesets" / "whitechapel-hunt.yaml"])


def test_tts_board_runs_before_the_board_pages() -> None:
    names = [target.split(":")[0] for target in CONTRIBUTORS]
    assert names.index("gaslight.outputs.tts_board") < names.index("gaslight.outputs.boards")


def test_the_board_page_links_the_board_and_the_hunt_pieces(tmp_path: Path, hunt: Project) -> None:
    out = BuildOutput(tmp_path)
    tts_board.contribute(hunt, out)
    boards.contribute(hunt, out)
    page = (out.docs / "boards/tutorial.md").read_text(encoding="utf-8")
    assert _links(page, "Tabletop Simulator") == [
        ("The board", "../print/boards/tutorial.tts.json"),
        ("Pawns and tokens, Whitechapel hunt", "../print/boards/whitechapel-hunt-pieces.tts.json")]
    for _, target in _links(page, "Tabletop Simulator"):
        assert (out.docs / "boards" / target).resolve().is_file(), target
    assert LOAD + LOCAL in page


def test_with_site_url_the_note_says_the_pictures_come_from_the_site(tmp_path: Path) -> None:
    project = _project([REPO / "scenarios" / "boards" / "tutorial.yaml",
                        REPO / "scenarios" / "rulesets" / "whitechapel-hunt.yaml"], "https://example.org/games/")
    out = BuildOutput(tmp_path)
    tts_board.contribute(project, out)
    boards.contribute(project, out)
    page = (out.docs / "boards/tutorial.md").read_text(encoding="utf-8")
    assert (LOAD + "Its pictures are read from the published site \\(https://example\\.org/games/\\): publish the "
            "site before you play\\.") in page


def test_without_the_objects_the_board_page_has_no_tts_section(tmp_path: Path, hunt: Project) -> None:
    out = BuildOutput(tmp_path)
    boards.contribute(hunt, out)
    assert "Tabletop Simulator" not in (out.docs / "boards/tutorial.md").read_text(encoding="utf-8")


def test_the_case_page_links_its_tts_deck(tmp_path: Path) -> None:
    project = _project([MANSION_FILE, CASE_FILES[0]])
    out = BuildOutput(tmp_path)
    (out.docs / "walton").mkdir(parents=True)
    (out.docs / "walton" / "case-logic.md").write_text("# Case logic\n", encoding="utf-8")
    walton.contribute(project, out)
    case_cards.contribute(project, out)
    case = project.of_kind("case")[0]
    page = (out.docs / f"walton/cases/{case.id}.md").read_text(encoding="utf-8")
    label = "This case's cards for Tabletop Simulator (a deck, every card named with its text)"
    targets = [target for text, target in re.findall(r"^- \[([^\]]+)\]\(([^)]+)\)", page, flags=re.M)
               if text == label]
    assert targets == [f"../../print/walton/{case.id}.tts.json"]
    assert (out.docs / "walton/cases" / targets[0]).resolve().is_file()
    assert LOAD + LOCAL in page


def test_the_board_picture_is_the_poster_at_tts_s_largest_size_cut_not_resampled(hunt: Project) -> None:
    """4096 pixels on the longer side, the poster's proportions on the other; PDFium's spare pixel is cut."""
    import io

    from gaslight.outputs.card_images import TTS_MAX_PIXELS
    from gaslight.outputs.poster import poster_size
    from PIL import Image

    (board,) = hunt.of_kind("board")
    picture = Image.open(io.BytesIO(tts_board.board_picture(board)))
    width, height = poster_size(board)
    assert picture.format == "JPEG" and picture.size == (TTS_MAX_PIXELS, round(TTS_MAX_PIXELS * height / width))
    assert picture.getpixel((0, 0)) == picture.getpixel((picture.width - 1, picture.height - 1)) == (255, 255, 255)
