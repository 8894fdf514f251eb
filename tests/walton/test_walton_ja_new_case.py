"""`gaslight new case --lang ja`: a case drafted with Japanese card text, proven by `gaslight check`, its cards
read for the grammar rules of the Japanese phrasings."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from gaslight.commands.init import project_files
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.phrasing_voice import voice_of
from test_walton_ja_phrasing import grammar_problems
from walton_support import BUNDLED_MANSION, load_model


def japanese_project(root: Path, languages: str) -> Path:
    """What `gaslight init` writes, in ``languages``, with the bundled house (named in both languages)."""
    for path, text in project_files(root, "霧の夜").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config = root / "gaslight.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("\noutput:", f"\nlanguages: {languages}\noutput:"),
                      encoding="utf-8")
    shutil.copy(BUNDLED_MANSION, root / "walton" / "walton-house.yaml")
    return root


def test_a_case_drafted_in_japanese_is_proven_and_reads_by_the_rules(run, tmp_path: Path) -> None:
    project = japanese_project(tmp_path / "game", "[en, ja]")
    code, out, err = run(project, "new", "case", "walton/cases/kiri.yaml", "--mansion", "walton-house",
                         "--difficulty", "I", "--seed", "3", "--lang", "ja")
    assert code == 0, err
    assert "verdict unique" in out
    case = yaml.safe_load((project / "walton" / "cases" / "kiri.yaml").read_text(encoding="utf-8"))
    house = load_model(BUNDLED_MANSION)
    assert isinstance(house, Mansion)
    house = house.in_language("ja")
    assert len(case["cards"]) == 70
    for card in case["cards"]:
        name = house.speaker_name(card["speaker"])
        text = card["text"]
        assert text.startswith(f"{name}「") and text.endswith("」"), text
        assert grammar_problems(house, text[len(name) + 1:-1], voice_of(house, card["speaker"])) == [], text
    assert "--lang ja" in (project / "walton" / "cases" / "kiri.yaml").read_text(encoding="utf-8")
    code, out, _ = run(project, "check", "walton/cases/kiri.yaml")
    assert code == 0 and "0 errors" in out


def test_a_japanese_project_drafts_japanese_cards_without_being_asked(run, tmp_path: Path) -> None:
    project = japanese_project(tmp_path / "game", "[ja]")
    code, _, err = run(project, "new", "case", "walton/cases/kiri.yaml", "--mansion", "walton-house",
                       "--difficulty", "I", "--seed", "3")
    assert code == 0, err
    case = yaml.safe_load((project / "walton" / "cases" / "kiri.yaml").read_text(encoding="utf-8"))
    assert all("「" in card["text"] for card in case["cards"])
    code, _, err = run(project, "new", "board", "boards/b.yaml", "--lang", "ja")
    assert (code, err.splitlines()[-1]) == (2, "gaslight: error: --lang only applies to 'gaslight new case'")
