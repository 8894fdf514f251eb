"""Proof lines read as English: a group reference (the sisters) takes a plural verb."""

from __future__ import annotations

from gaslight.domain.walton.proof import prove
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR


def test_group_suspects_are_ruled_out_and_persons_is_ruled_out():
    project, report = load_project([BUNDLED_DIR / "walton"])
    assert report.ok
    (mansion,) = project.of_kind("mansion")
    case = project.by_id("case", "oil-on-the-gravel")
    lines = {e.value: e.line for e in prove(mansion, case).eliminations if e.field == "culprit"}
    sisters = next(s for s in mansion.suspects if s.persons)
    single = next(s for s in mansion.suspects if not s.persons and s.id in lines)
    assert lines[sisters.id].startswith(f"{sisters.name} are ruled out by ")
    assert lines[single.id].startswith(f"{single.name} is ruled out by ")
