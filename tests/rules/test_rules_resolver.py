"""The resolver (variant → effective ruleset) and the differ, on a small fixture."""

from __future__ import annotations

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.rules.ruleset import check_project, diff, resolve
from gaslight.domain.rules.templates import RuleTextError, render_text
from gaslight.domain.rules.variants import VariantError
from gaslight.project import Project

from tests.conftest import messages
from tests.rules.rulesfix import FIXTURES, fixture


def outline(variant: str | None) -> list[tuple[str, str, bool, str]]:
    return [(r.number, r.id, r.active, r.origin) for r in resolve(fixture("hunt-mini"), variant).walk()]


DEFAULT_OUTLINE = [
    ("1", "hunt.setup", True, "default"),
    ("2", "hunt.jack", True, "default"),
    ("2.1", "hunt.jack.move", True, "default"),
    ("2.2", "hunt.jack.coach", True, "default"),
    ("2.3", "hunt.jack.hideout", True, "default"),
    ("3", "hunt.police", True, "default"),
    ("3.1", "hunt.police.move", True, "default"),
    ("3.2", "hunt.police.letters", False, "default"),
]


def test_default_numbers_rules_by_position():
    assert outline(None) == DEFAULT_OUTLINE


def test_bundle_includes_then_adds_removes_and_switches():
    assert outline("bundle") == [
        ("1", "hunt.setup", True, "default"),
        ("2", "hunt.jack", True, "default"),
        ("2.1", "hunt.jack.move", True, "default"),
        ("2.2", "hunt.jack.coach", True, "default"),
        ("2.3", "hunt.jack.rest", True, "added"),
        ("2.4", "hunt.jack.hideout", True, "default"),
        ("3", "hunt.police", True, "default"),
        ("3.1", "hunt.police.letters", True, "default"),
    ]
    effective = resolve(fixture("hunt-mini"), "bundle")
    assert effective.parameters["moves_per_night"] == 17  # from the included variant
    assert effective.options == {"letters": True, "no_special_move_onto_hideout": False}
    assert effective.rule("hunt.police.letters").text == "On nights 2, 3, 4 Jack writes a letter."


@pytest.mark.parametrize(("variant", "rule_id", "text"), [
    (None, "hunt.jack.move", "Jack has 15 moves each night."),
    ("long-nights", "hunt.jack.move", "Jack has 17 moves each night."),
    (None, "hunt.setup", "Place 5 police pawns and 2 fake patrols."),
    (None, "hunt.jack.coach", "A Coach moves two steps. On the first night Jack has 3."),
    (None, "hunt.jack.hideout", "Jack may reach the hideout by a special move but cannot declare escape then."),
    ("seed-003-hideout", "hunt.jack.hideout", "A special move may not enter the hideout."),
])
def test_parameters_are_rendered_into_rule_text(variant, rule_id, text):
    assert resolve(fixture("hunt-mini"), variant).rule(rule_id).text == text


def test_replacement_keeps_title_and_marks_origin():
    rule = resolve(fixture("hunt-mini"), "seed-003-hideout").rule("hunt.jack.hideout")
    assert (rule.title, rule.origin, rule.number) == ("Hideout", "replaced", "2.3")


DIFFS = {
    "seed-003-hideout": [
        ("option", "no_special_move_onto_hideout", "switched on", "off", "on"),
        ("rule", "hunt.jack.hideout", "replaced",
         "2.3 Hideout: Jack may reach the hideout by a special move but cannot declare escape then.",
         "2.3 Hideout: A special move may not enter the hideout."),
    ],
    "long-nights": [
        ("parameter", "moves_per_night", "changed", "15", "17"),
        ("rule", "hunt.jack.move", "reworded by parameters", "Jack has 15 moves each night.",
         "Jack has 17 moves each night."),
    ],
    "bundle": [
        ("parameter", "moves_per_night", "changed", "15", "17"),
        ("option", "letters", "switched on", "off", "on"),
        ("rule", "hunt.jack.move", "reworded by parameters", "Jack has 15 moves each night.",
         "Jack has 17 moves each night."),
        ("rule", "hunt.jack.hideout", "renumbered", "2.3", "2.4"),
        ("rule", "hunt.police.move", "removed", "3.1 Moving", ""),
        ("rule", "hunt.police.letters", "now applies", "off", "on"),
        ("rule", "hunt.jack.rest", "added", "", "2.3 Rest: Jack may rest."),
    ],
}


@pytest.mark.parametrize("variant", sorted(DIFFS))
def test_differ_lists_changes_parameter_by_parameter_and_rule_by_rule(variant):
    changes = [(c.kind, c.key, c.action, c.before, c.after) for c in diff(fixture("hunt-mini"), variant)]
    assert changes == DIFFS[variant]


def test_unknown_variant_is_an_exact_error():
    with pytest.raises(VariantError, match="ruleset 'hunt-mini' has no variant 'nope'"):
        resolve(fixture("hunt-mini"), "nope")


def test_resolving_leaves_the_ruleset_unchanged():
    ruleset = fixture("hunt-mini")
    before = ruleset.rules
    resolve(ruleset, "bundle")
    assert ruleset.rules is before and resolve(ruleset).rules == resolve(ruleset).rules


@pytest.mark.parametrize(("text", "params", "expected"), [
    ("{{ n }} moves", {"n": 15}, "15 moves"),
    ("{{ xs }}", {"xs": (3, 2, 2, 1)}, "3, 2, 2, 1"),
    ("{{ xs[-1] }}", {"xs": ("V", "I")}, "I"),
    ("{{ flag }}", {"flag": True}, "yes"),
    ("{{ hands['3'] }}", {"hands": {"3": 9}}, "9"),
    ("{{ n + m }}", {"n": 5, "m": 2}, "7"),
    ("no placeholders {here}", {}, "no placeholders {here}"),
])
def test_render_text(text, params, expected):
    assert render_text(text, params) == expected


@pytest.mark.parametrize(("text", "message"), [
    ("{{ missing }}", "'missing' is undefined"),
    ("{{ xs[4] }}", "there is no item 4 (items count from 0)"),
    ("{{ xs.__class__.__mro__ }}", "attributes (a.b) are not allowed in rule text; look items up with a['b']"),
    ("{{ n ", "template syntax error on line 1 of the text: "
              "unexpected end of template, expected 'end of print statement'."),
    # Hostile text: each would hang a render or fill memory if it ran.
    ("{{ 9**(9**9) }}", "powers (**) are not allowed in rule text"),
    ("{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}",
     "'{% … %}' blocks are not allowed in rule text (only {{ … }} placeholders)"),
    ("{{ range(10) }}", "calls such as range() are not allowed in rule text"),
    ("{{ 'x' * 2000000000 }}",
     "repeating text or a list 2000000000 times makes it too long (more than 100000 characters or items)"),
    ("{{ xs * 200000 }}", "repeating text or a list 200000 times makes it too long (more than 100000 characters "
                          "or items)"),
    ("{{ xs | map('upper') }}", "the filter 'map' is not allowed in rule text (allowed: abs, capitalize, default, "
                                "first, int, join, last, length, lower, max, min, round, sort, sum, title, upper)"),
    ("{{ xs[0:1] }}", "slices (a[1:3]) are not allowed in rule text; name single items, a[0]"),
])
def test_render_errors_are_exact(text, message):
    with pytest.raises(RuleTextError) as caught:
        render_text(text, {"xs": (1,), "n": 1})
    assert str(caught.value) == message


def _variant_text(order: list[str]) -> str:
    parts = {
        "set": "    set: {moves_per_nigth: 17}",
        "options": "    options: {leters: true}",
        "replace": "    replace: {hunt.jack.hidout: {text: x}}",
        "include": "    include: [long-nite]",
        "remove": "    remove: [hunt.police.mov]",
    }
    return "  - id: broken\n    title: Broken\n" + "\n".join(parts[k] for k in order) + "\n"


@pytest.mark.parametrize("order", [
    ["set", "options", "replace", "include", "remove"],
    ["remove", "include", "replace", "options", "set"],
    ["include", "set", "remove", "options", "replace"],
])
def test_validation_does_not_depend_on_field_order(write_yaml, check, order):
    base = (FIXTURES / "hunt-mini.yaml").read_text(encoding="utf-8")
    _, report = check(write_yaml("r.yaml", base + _variant_text(order)), deep=False)
    found = sorted(m.split(": error: ", 1)[1] for m in messages(report) if ": error: " in m)
    assert found == [
        "variants[3].include[0]: variant 'long-nite' does not exist (fix: did you mean 'long-nights'?)",
        "variants[3].options.leters: option 'leters' does not exist (fix: did you mean 'letters'?)",
        "variants[3].remove[0]: rule 'hunt.police.mov' does not exist (fix: did you mean 'hunt.police.move'?)",
        "variants[3].replace.hunt.jack.hidout: rule 'hunt.jack.hidout' does not exist "
        "(fix: did you mean 'hunt.jack.hideout'?)",
        "variants[3].set.moves_per_nigth: parameter 'moves_per_nigth' does not exist "
        "(fix: did you mean 'moves_per_night'?)",
    ]


def test_one_ruleset_per_game():
    first = fixture("hunt-mini")
    second = first.__class__(**{**first.__dict__, "id": "other"})
    report = Report()
    check_project(Project(models={"ruleset": (first, second)}), report)
    assert [d.message for d in report.errors] == [
        f"game 'hunt' already has a ruleset ('hunt-mini' at {first.location})"]


def test_a_variant_is_resolved_once_per_ruleset_while_that_ruleset_lives() -> None:
    import gc
    from dataclasses import replace

    from gaslight import lifetime

    ruleset = fixture("hunt-mini")
    first = resolve(ruleset, "long-nights")
    assert resolve(ruleset, "long-nights") is first and resolve(ruleset) is resolve(ruleset)
    edited = replace(ruleset, parameters=tuple(  # a save: a new ruleset
        replace(p, default=14) if p.name == "moves_per_night" else p for p in ruleset.parameters))
    assert resolve(edited).parameters["moves_per_night"] == 14
    assert resolve(ruleset).parameters["moves_per_night"] == 15, "the first one's figures are its own"
    kept = id(edited)
    del edited
    gc.collect()
    assert kept not in lifetime._KEPT, "forgotten with its ruleset"


def test_a_ruleset_in_another_language_is_read_once_per_document_while_it_lives(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules pages, the engine's index, the balance and card play pages of a build all read the hunt's
    Japanese words: the file is read and checked in Japanese once."""
    from gaslight.domain.rules import ruleset as rulesets
    from gaslight.yamlio import parse_file

    from tests.conftest import REPO

    path = REPO / "scenarios" / "rulesets" / "whitechapel-hunt.yaml"
    doc, _ = parse_file(path, "rulesets/whitechapel-hunt.yaml")
    assert doc is not None
    loads: list[str | None] = []
    real = rulesets.load_ruleset
    monkeypatch.setattr(rulesets, "load_ruleset", lambda *args: loads.append(args[2]) or real(*args))
    japanese = rulesets.load_localized(doc, "ja")
    assert japanese is not None and japanese.title != real(doc, Report()).title, "its Japanese title"
    assert rulesets.load_localized(doc, "ja") is japanese and loads == ["ja"]
    assert rulesets.load_localized(doc, "en") is not japanese and loads == ["ja", "en"]
    again, _ = parse_file(path, "rulesets/whitechapel-hunt.yaml")  # a save: a new document
    assert again is not None and rulesets.load_localized(again, "ja") is not japanese and loads == ["ja", "en", "ja"]
