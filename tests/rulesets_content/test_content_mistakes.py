"""A designer's typo in the hunt ruleset gives one located error with a fix, never a traceback.

Each case edits the real file once, checks the edited copy like ``gaslight check`` does, and pins
the message; the expected line is the line of ``anchor`` in the edited file, so the test follows
the file as it grows.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.project import load_project

from tests.rulesets_content.conftest import RULESET_DIR

SCHEMA = (RULESET_DIR.parent.parent / "schemas" / "ruleset.schema.json").as_posix()

CASES = [
    ("set: {moves_per_night: 17}", "set: {moves_per_nite: 17}", "set: {moves_per_nite", 11,
     "variants[1].set.moves_per_nite: parameter 'moves_per_nite' does not exist "
     "(fix: did you mean 'moves_per_night'?)"),
    ("set: {moves_per_night: 17}", "set: {moves_per_night: seventeen}", "set: {moves_per_night: seventeen", 11,
     "variants[1].set.moves_per_night: expected a whole number for parameter 'moves_per_night', "
     "found the text 'seventeen' (fix: write a whole number)"),
    ("{{ clue_markers }} clue", "{{ clue_marker }} clue", "    title: {en: \"Components\"", 7,
     "rules[1].text: rule 'hunt.components' uses '{{ clue_marker }}' but there is no parameter 'clue_marker' "
     "(fix: did you mean 'clue_markers'?)"),
    ("remove: [hunt.jack.special-arrival]", "remove: [hunt.jack.special-arival]", "remove: [hunt.jack.special-ar", 14,
     "variants[0].remove[0]: rule 'hunt.jack.special-arival' does not exist "
     "(fix: did you mean 'hunt.jack.special-arrival'?)"),
    ("include: [letters, false-clues", "include: [letter, false-clues", "include: [letter,", 15,
     "variants[5].include[0]: variant 'letter' does not exist (fix: did you mean 'letters'?)"),
]


def line_after(text: str, anchor: str) -> int:
    """1-based line of ``anchor``; for a rule title, the line of its English text (``text:`` then ``en:``)."""
    index = text.index(anchor)
    line = text[:index].count("\n") + 1
    return line + 2 if anchor.strip().startswith("title:") else line  # text:, then its en: text


@pytest.mark.parametrize(("old", "new", "anchor", "column", "message"), CASES)
def test_one_typo_one_located_error(tmp_path: Path, old: str, new: str, anchor: str, column: int,
                                    message: str) -> None:
    source = (RULESET_DIR / "whitechapel-hunt.yaml").read_text(encoding="utf-8")
    assert source.count(old) == 1
    edited = source.replace(old, new).replace("../../schemas/ruleset.schema.json", SCHEMA, 1)
    path = tmp_path / "whitechapel-hunt.yaml"
    path.write_text(edited, encoding="utf-8")
    _, report = load_project([path])
    expected = f"{path.name}:{line_after(edited, anchor)}:{column}: error: {message}"
    got = [d.format_text().replace(d.location.file, Path(d.location.file).name, 1) for d in report.diagnostics]
    assert got == [expected]
