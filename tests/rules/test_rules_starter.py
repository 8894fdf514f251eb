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


def test_a_rule_on_a_play_aid_without_an_aid_line_is_flagged(tmp_path, monkeypatch, capsys):
    from gaslight.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["init", "fog"]) == 0
    rules = tmp_path / "fog" / "rules" / "foggy-nights.yaml"
    text = rules.read_text(encoding="utf-8")
    aid = next(line for line in text.splitlines() if line.strip().startswith("aid:"))
    rules.write_text(text.replace(aid + "\n", ""), encoding="utf-8")
    monkeypatch.chdir(tmp_path / "fog")
    capsys.readouterr()
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert ("rules/foggy-nights.yaml:17:13: warning: changes.add[0].rule.id: rule 'fog.lamps' is on a play aid "
            "(Jack's play aid) but has no aid line: the aid shows only its title (fix: add 'aid:' with the rule "
            "in one line for the table, e.g. 'Move one step along a dotted line.')") in out
    assert out.endswith("0 errors, 1 warning\n")
