"""A designer's game that extends another ruleset, and decks tied to a ruleset."""

from __future__ import annotations

import textwrap
from pathlib import Path

from gaslight.config import load_config
from gaslight.domain.rules.ruleset import resolve
from gaslight.project import load_configured

CONFIG = "title: T\ngames: [{whitechapel-hunt: [rules]}]\n"


def load(root: Path, files: dict[str, str], config: str = CONFIG):
    (root / "gaslight.yaml").write_text(config, encoding="utf-8")
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    settings, _ = load_config(root / "gaslight.yaml")
    assert settings is not None
    return load_configured(settings)


def errors(report) -> list[str]:
    return [d.format_text() for d in report.errors]


FOG = """\
    kind: ruleset
    id: fog
    title: Fog
    extends: whitechapel-hunt
    changes:
      set: {coaches_per_night: [1, 1, 1, 0]}
      remove: [hunt.optional.letters]
    variants:
      - {id: long-night, title: A longer night in the fog, set: {moves_per_night: 18}}
"""


def test_a_child_takes_the_base_with_its_changes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    project, report = load(tmp_path, {"rules/fog.yaml": FOG})
    assert report.ok, report.format_text()
    fog = project.by_id("ruleset", "fog")
    base = project.by_id("ruleset", "whitechapel-hunt")
    assert (fog.game, fog.family) == ("fog", "hunt")
    assert resolve(fog).parameters["coaches_per_night"] == (1, 1, 1, 0)
    assert resolve(base).parameters["coaches_per_night"] == (3, 2, 2, 1), "the base is left as it was"
    assert not resolve(fog).has_rule("hunt.optional.letters") and resolve(base).has_rule("hunt.optional.letters")
    own = resolve(fog, "long-night")
    assert own.parameters["moves_per_night"] == 18 and own.parameters["coaches_per_night"] == (1, 1, 1, 0)
    inherited = [v.id for v in base.variants]
    assert [v.id for v in fog.variants] == [*(v for v in inherited if v != "long-night"), "long-night"]


def test_extends_problems_are_located(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    project, report = load(tmp_path, {
        "rules/a.yaml": "kind: ruleset\nid: a\ntitle: A\nextends: b\n",
        "rules/b.yaml": "kind: ruleset\nid: b\ntitle: B\nextends: a\n",
        "rules/c.yaml": "kind: ruleset\nid: c\ntitle: C\nextends: walton\n",
        "rules/d.yaml": ("kind: ruleset\nid: d\ntitle: D\nextends: whitechapel-hunt\n"
                         "parameters:\n  nights: {type: integer, default: 5}\n"),
        "rules/e.yaml": ("kind: ruleset\nid: e\ntitle: E\ngame: e\nchanges: {set: {x: 1}}\n"
                         "rules: [{id: e.one, title: One}]\n"),
    })
    assert errors(report) == [
        "rules/b.yaml:4:10: error: extends: rulesets extend each other in a cycle: a → b → a "
        "(fix: remove one of the 'extends')",
        "rules/c.yaml:4:10: error: extends: ruleset 'walton' does not exist (fix: add the bundled game to "
        "gaslight.yaml ('games: [walton]'), or name a ruleset of the project)",
        "rules/d.yaml:6:3: error: parameters.nights: parameter 'nights' is already declared by 'whitechapel-hunt' "
        "(fix: change its default under 'changes: set:' instead)",
        "rules/e.yaml:5:1: error: changes: 'changes' only applies to a ruleset that extends another "
        "(fix: add 'extends: <ruleset id>', or write the changes as a variant under 'variants')",
    ]
    assert sorted(r.id for r in project.of_kind("ruleset")) == ["whitechapel-hunt"]


def test_a_change_that_names_a_missing_rule_is_located_in_the_child(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _, report = load(tmp_path, {"rules/fog.yaml": FOG.replace("hunt.optional.letters", "hunt.optional.leters")})
    assert errors(report) == [
        "rules/fog.yaml:7:12: error: changes.remove[0]: rule 'hunt.optional.leters' does not exist "
        "(fix: did you mean 'hunt.optional.letters'?)"]


def test_a_deck_names_its_ruleset(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deck = Path(__file__).resolve().parents[2] / "toolkit/gaslight/starters/project/decks/alibi-cards.yaml"
    rules = Path(__file__).resolve().parents[2] / "toolkit/gaslight/starters/project/rules/alibi-cards.yaml"
    text = deck.read_text(encoding="utf-8").split("\n", 1)[1]
    _, report = load(tmp_path, {"decks/a.yaml": text, "rules/a.yaml": rules.read_text(encoding="utf-8")},
                     "title: T\n")
    assert report.ok, report.format_text()
    _, report = load(tmp_path, {"decks/a.yaml": text.replace("ruleset: alibi-cards", "ruleset: alibi-card"),
                                "rules/a.yaml": rules.read_text(encoding="utf-8")}, "title: T\n")
    assert errors(report) == ["decks/a.yaml:7:10: error: ruleset: deck alibi-cards: ruleset 'alibi-card' does not "
                              "exist (fix: did you mean 'alibi-cards'?)"]
    _, report = load(tmp_path, {"decks/a.yaml": text.replace("value: 2, copies: 3", "value: 3, copies: 3"),
                                      "rules/a.yaml": rules.read_text(encoding="utf-8")}, "title: T\n")
    assert any("ruleset 'alibi-cards' sets alibi_points to 2" in e for e in errors(report)), errors(report)
