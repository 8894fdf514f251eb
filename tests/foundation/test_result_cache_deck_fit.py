"""The deck check's text measurements (does each card's text fit its face?) are kept in the result cache
(issue 39): measuring needs the faces' fonts and layout, the slowest part of checking a deck, and a check after
saving another file measures nothing again. Counted by calls: a second check of the same deck measures nothing
and reports the same findings; a changed card, or another Gaslight, measures again."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight import cache as result_cache
from gaslight.cache import ResultCache, using
from gaslight.cli import main
from gaslight.config import load_config
from gaslight.domain.decks import face_layout
from gaslight.project import load_configured

# The card is written in flow style, where a comma would end its text.
LONG = " ".join(["Three stallholders saw you buying apples and pears and a small brown loaf."] * 40)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    assert main(["init", str(tmp_path / "game")]) == 0
    return tmp_path / "game"


def test_a_deck_s_text_is_measured_once_while_it_is_unchanged(root: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    measured: list[str] = []
    real = face_layout.fit_problems

    def counting(deck):  # type: ignore[no-untyped-def]
        measured.append(deck.id)
        return real(deck)

    monkeypatch.setattr(face_layout, "fit_problems", counting)
    config, report = load_config(root / "gaslight.yaml")
    assert config is not None, report.format_text()
    folder = tmp_path / "cache"

    def check() -> list[str]:
        with using(ResultCache(folder)):
            _, found = load_configured(config)
        return [f"{Path(d.location.file).name}:{d.location.line}: {d.message}" for d in found.diagnostics]

    assert check() == [] and measured == ["alibi-cards"]
    assert check() == [] and measured == ["alibi-cards"], "the same deck: measured once"
    deck = root / "decks" / "alibi-cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Three stallholders saw you buying apples.", LONG),
                    encoding="utf-8")
    too_long = check()
    assert measured == ["alibi-cards"] * 2, "a card's text changed"
    assert too_long == ["alibi-cards.yaml:26: deck alibi-cards: card 'at-the-market''s text does not fit its face: "
                        "at 6.0 pt, the smallest size it is printed at, it needs about 319% of its text box, and what "
                        "does not fit is cut off"]
    assert check() == too_long and measured == ["alibi-cards"] * 2, "the kept finding is reported again, located"
    monkeypatch.setattr(result_cache, "__version__", "99.0")
    assert check() == too_long and measured == ["alibi-cards"] * 3, "another Gaslight"


def test_a_finding_kept_by_a_command_in_one_folder_serves_another_and_names_the_file_from_there(
        root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``gaslight build -f game/gaslight.yaml`` from above the project, then ``check`` inside it: the second finds
    what the first kept (the models' paths are relative to each command's folder) and says where from its own."""
    deck = root / "decks" / "alibi-cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Three stallholders saw you buying apples.", LONG),
                    encoding="utf-8")
    measured: list[str] = []
    real = face_layout.fit_problems
    monkeypatch.setattr(face_layout, "fit_problems", lambda deck: measured.append(deck.id) or real(deck))
    monkeypatch.chdir(tmp_path)
    assert main(["check", "-f", "game/gaslight.yaml"]) == 0
    assert "game/decks/alibi-cards.yaml:26:" in capsys.readouterr().out
    kept = sorted(path.name for path in (root / ".gaslight-cache").iterdir())
    monkeypatch.chdir(root / "decks")
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "\nalibi-cards.yaml:26:" in "\n" + out and "game/" not in out, out
    assert measured == ["alibi-cards"], "measured once, by the first command"
    assert sorted(path.name for path in (root / ".gaslight-cache").iterdir()) == kept, "nothing kept twice"
