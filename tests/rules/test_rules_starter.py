"""``gaslight new ruleset`` writes a clean ruleset whose variants resolve."""

from __future__ import annotations

from pathlib import Path

from gaslight.commands.new import starter_text
from gaslight.domain.rules.ruleset import diff, resolve
from gaslight.project import load_project


def test_starter_ruleset_is_clean_and_its_variants_resolve(tmp_path: Path):
    target = tmp_path / "rules" / "mine.yaml"
    target.parent.mkdir()
    target.write_text(starter_text("ruleset", target), encoding="utf-8")
    project, report = load_project([target], deep=False)
    assert report.diagnostics == []
    ruleset = project.of_kind("ruleset")[0]
    assert resolve(ruleset).rule("game.night").text.startswith("The game lasts 4 nights. Jack has 15 moves")
    both = resolve(ruleset, "with-letters")
    assert [r.id for r in both.walk()] == ["game.night", "game.night.coach", "game.night.rest", "game.night.letters"]
    assert both.parameters["moves_per_night"] == 17 and both.options["letters"] is True
    assert [(c.kind, c.key, c.action) for c in diff(ruleset, "with-letters")][:2] == [
        ("parameter", "moves_per_night", "changed"), ("option", "letters", "switched on")]
