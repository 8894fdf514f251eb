"""The result cache's codec: a kept value comes back as itself (its exact types), and a path shown to the designer
comes back relative to the folder of the command that reads it (:mod:`gaslight.valuecodec`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from gaslight.diagnostics import Diagnostic, Location, Severity
from gaslight.errors import ExitCode
from gaslight.valuecodec import dumps, fingerprint, loads

FINDING = Diagnostic(Severity.WARNING, Location("decks/alibi.yaml", 26, 97, "cards[0].text"), "too long", "shorten")


@pytest.mark.parametrize("value", [
    Severity.WARNING, ExitCode.BUG, True, 3, "warning", 2.5, None, b"%PDF", (1, "a"), [1, (2,)], frozenset({"b"}),
    {"k": (Severity.ERROR,)}, FINDING, [FINDING], Path("print/a4.pdf")])
def test_a_kept_value_comes_back_with_its_exact_types(value: Any) -> None:
    back = loads(dumps(value))
    assert back == value
    assert type(back) is type(value)
    if isinstance(value, list) and value and isinstance(value[0], Diagnostic):
        assert type(back[0].severity) is Severity and back[0].format_text().startswith(
            "decks/alibi.yaml:26:97: warning: cards[0].text: too long")


def test_an_enum_and_its_text_are_told_apart_in_a_key() -> None:
    assert fingerprint(Severity.WARNING) != fingerprint("warning")
    assert fingerprint(ExitCode.BUG) != fingerprint(3)


def test_a_location_is_kept_by_where_it_is_and_shown_from_where_it_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "game" / "decks").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "game")
    inside = fingerprint(Location("decks/alibi.yaml", 26, 97))
    kept = dumps(FINDING)
    monkeypatch.chdir(tmp_path)
    assert fingerprint(Location("game/decks/alibi.yaml", 26, 97)) == inside, "the same file, named from above"
    assert fingerprint(Location("decks/alibi.yaml", 26, 97)) != inside, "another file"
    assert loads(kept).location == Location("game/decks/alibi.yaml", 26, 97, "cards[0].text")
    monkeypatch.chdir(tmp_path / "game" / "decks")
    assert loads(kept).location.file == "alibi.yaml"


@pytest.mark.parametrize("file", ["<gaslight>/scenarios/boards/tutorial.yaml", ""])
def test_a_bundled_file_or_none_is_kept_as_it_is(file: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    kept = dumps(Location(file, 1, 1))
    monkeypatch.chdir(Path(tmp_path.anchor))
    assert loads(kept).file == file
