"""Proof lines read as English: a group reference (the sisters) takes a plural verb."""

from __future__ import annotations

from toolkit.domain.walton.proof import prove
from toolkit.paths import SCENARIO_DIR
from toolkit.project import load_project


def test_group_suspects_are_ruled_out_and_persons_is_ruled_out():
    project, report = load_project([SCENARIO_DIR / "walton"])
    assert report.ok
    (mansion,) = project.of_kind("mansion")
    case = project.by_id("case", "oil-on-the-gravel")
    lines = {e.value: e.line for e in prove(mansion, case).eliminations if e.field == "culprit"}
    sisters = next(s for s in mansion.suspects if s.persons)
    single = next(s for s in mansion.suspects if not s.persons and s.id in lines)
    assert lines[sisters.id].startswith(f"{sisters.name} are ruled out by ")
    assert lines[single.id].startswith(f"{single.name} is ruled out by ")
