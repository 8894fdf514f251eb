"""Located, pinned errors for rulesets: parameters, options, rule ids, variants, rule text."""

from __future__ import annotations

import pytest

from tests.conftest import messages

HEAD = """\
# yaml-language-server: $schema=../schemas/ruleset.schema.json
kind: ruleset
id: mini
title: Mini
game: hunt
parameters:
  moves: {type: integer, default: 15, minimum: 1}
  coaches: {type: list, items: integer, default: [3, 2]}
  hands: {type: map, items: integer, default: {"2": 10, "3": 9}}
options:
  letters: {title: Letters}
glossary:
  coach: {term: coach, definition: Two steps.}
rules:
  - id: move
    title: Moving
    text: "{{ moves }} moves and {{ coaches[0] }} coaches."
  - id: police
    title: Police
    rules:
      - {id: police.move, title: Police moves}
"""

# (case name, text appended after HEAD, expected diagnostics)
CASES = [
    ("unknown parameter", """\
variants:
  - {id: v, title: V, set: {movse: 17}}
""", ["r.yaml:23:29: error: variants[0].set.movse: parameter 'movse' does not exist (fix: did you mean 'moves'?)"]),
    ("wrong scalar type", """\
variants:
  - {id: v, title: V, set: {moves: many}}
""", ["r.yaml:23:29: error: variants[0].set.moves: expected a whole number for parameter 'moves', "
      "found the text 'many' (fix: write a whole number)"]),
    ("below the minimum", """\
variants:
  - {id: v, title: V, set: {moves: 0}}
""", ["r.yaml:23:29: error: variants[0].set.moves: expected a whole number for parameter 'moves', "
      "0 is below the minimum 1 (fix: write a whole number)"]),
    ("wrong list item type", """\
variants:
  - {id: v, title: V, set: {coaches: [3, two]}}
""", ["r.yaml:23:29: error: variants[0].set.coaches: expected a list of whole numbers for parameter 'coaches', "
      "but item 2 is the text 'two' (fix: write a list of whole numbers)"]),
    ("list where a number is wanted", """\
variants:
  - {id: v, title: V, set: {moves: [1]}}
""", ["r.yaml:23:29: error: variants[0].set.moves: expected a whole number for parameter 'moves', "
      "found a list of 1 (fix: write a whole number)"]),
    ("wrong map value type", """\
variants:
  - {id: v, title: V, set: {hands: {"2": ten}}}
""", ["r.yaml:23:29: error: variants[0].set.hands: expected a mapping of names to whole numbers for parameter "
      "'hands', but the value for '2' is the text 'ten' (fix: write a mapping of names to whole numbers)"]),
    ("replace an unknown rule", """\
variants:
  - {id: v, title: V, replace: {mvoe: {text: Run.}}}
""", ["r.yaml:23:33: error: variants[0].replace.mvoe: rule 'mvoe' does not exist (fix: did you mean 'move'?)"]),
    ("remove an unknown rule", """\
variants:
  - {id: v, title: V, remove: [police.run]}
""", ["r.yaml:23:32: error: variants[0].remove[0]: rule 'police.run' does not exist "
      "(fix: did you mean 'police'?)"]),
    ("remove a rule inside a removed one", """\
variants:
  - {id: v, title: V, remove: [police, police.move]}
""", ["r.yaml:23:40: error: variants[0].remove[1]: rule 'police.move' is already removed with 'police' "
      "(fix: remove only the outer rule)"]),
    ("add under an unknown parent", """\
variants:
  - id: v
    title: V
    add: [{parent: polize, rule: {id: police.search, title: Search}}]
""", ["r.yaml:25:20: error: variants[0].add[0].parent: parent rule 'polize' does not exist "
      "(fix: did you mean 'police'?)"]),
    ("add after a rule that is elsewhere", """\
variants:
  - id: v
    title: V
    add: [{parent: police, after: move, rule: {id: police.search, title: Search}}]
""", ["r.yaml:25:35: error: variants[0].add[0].after: rule 'move' is not directly under 'police' "
      "(fix: allowed: police.move)"]),
    ("add after an unknown rule", """\
variants:
  - id: v
    title: V
    add: [{after: nowhere, rule: {id: extra, title: Extra}}]
""", ["r.yaml:25:19: error: variants[0].add[0].after: rule 'nowhere' does not exist at the top level "
      "(fix: allowed: move, police)"]),
    ("add a duplicate id", """\
variants:
  - id: v
    title: V
    add: [{parent: police, rule: {id: move, title: Again}}]
""", ["r.yaml:25:39: error: variants[0].add[0].rule.id: rule id 'move' already exists (at line 15) "
      "(fix: give the new rule its own id, or use 'replace' to change the existing one)"]),
    ("include an unknown variant", """\
variants:
  - {id: v, title: V, include: [w]}
""", ["r.yaml:23:33: error: variants[0].include[0]: variant 'w' does not exist (fix: name a variant of this ruleset)"]),
    ("include cycle", """\
variants:
  - {id: a, title: A, include: [b]}
  - {id: b, title: B, include: [a]}
""", ["r.yaml:23:33: error: variants[0].include[0]: variants include each other in a cycle: a → b → a "
      "(fix: remove one of the includes)",
      "r.yaml:24:33: error: variants[1].include[0]: variants include each other in a cycle: b → a → b "
      "(fix: remove one of the includes)"]),
    ("include itself", """\
variants:
  - {id: a, title: A, include: [a]}
""", ["r.yaml:23:33: error: variants[0].include[0]: variants include each other in a cycle: a → a "
      "(fix: remove one of the includes)"]),
    ("unknown option in a variant", """\
variants:
  - {id: v, title: V, options: {leters: true}}
""", ["r.yaml:23:33: error: variants[0].options.leters: option 'leters' does not exist "
      "(fix: did you mean 'letters'?)"]),
    ("duplicate variant ids", """\
variants:
  - {id: v, title: V}
  - {id: v, title: W}
""", ["r.yaml:24:5: error: variants[1].id: variant id 'v' is already used (at line 23) "
      "(fix: give every variant its own id)"]),
    ("variant ids that name other files", """\
variants:
  - {id: default, title: V}
  - {id: index, title: W}
  - {id: index-ja, title: X}
  - {id: fog, title: Y}
  - {id: fog-changes, title: Z}
""", ["r.yaml:23:5: error: variants[0].id: variant id 'default' would replace the base rules' file in the "
      "browser engine's data and the export (fix: choose another id)",
      "r.yaml:24:5: error: variants[1].id: variant id 'index' would replace the browser engine's rules "
      "index (fix: choose another id)",
      "r.yaml:25:5: error: variants[2].id: variant id 'index-ja' would replace the browser engine's "
      "rules index in one language (fix: choose another id)",
      "r.yaml:27:5: error: variants[4].id: variant id 'fog-changes' would replace the page of what variant 'fog' "
      "changes (at line 26) (fix: choose another id)"]),
    ("variant breaks rule text", """\
variants:
  - {id: v, title: V, set: {coaches: []}}
""", ["r.yaml:17:11: error: rules[0].text: rule 'move' text cannot be shown (with variant 'v'): "
      "there is no item 0 (items count from 0) (fix: check the {{ … }} placeholders against the parameters' types)"]),
]


@pytest.mark.parametrize(("text", "expected"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_variant_errors_are_located(write_yaml, check, text, expected):
    _, report = check(write_yaml("r.yaml", HEAD + text), deep=False)
    assert messages(report) == expected
    assert len(report.errors) == len(expected) and not report.warnings


RULESET_CASES = [
    ("duplicate rule ids", HEAD.replace("police.move, title", "move, title"),
     ["r.yaml:21:14: error: rules[1].rules[0].id: rule id 'move' is already used (at line 15) "
      "(fix: give every rule its own id)"]),
    ("unknown parameter in rule text", HEAD.replace("{{ moves }} moves", "{{ moevs }} moves"),
     ["r.yaml:17:11: error: rules[0].text: rule 'move' uses '{{ moevs }}' but there is no parameter 'moevs' "
      "(fix: did you mean 'moves'?)"]),
    ("template syntax error", HEAD.replace("{{ moves }} moves", "{{ moves } moves"),
     ["r.yaml:17:11: error: rules[0].text: rule 'move' text cannot be shown: template syntax error on line 1 "
      "of the text: unexpected '}' (fix: check the {{ … }} placeholders against the parameters' types)"]),
    ("default does not match its type", HEAD.replace("default: [3, 2]", "default: [3, 2.5]"),
     ["r.yaml:8:50: error: parameters.coaches.default: the default does not match its type: expected a list of "
      "whole numbers for parameter 'coaches', but item 2 is the number 2.5 "
      "(fix: write a list of whole numbers or change 'type')"]),
    ("unknown option on a rule", HEAD.replace("{id: police.move, title: Police moves}",
                                             "{id: police.move, title: Police moves, option: leters}"),
     ["r.yaml:21:9: error: rules[1].rules[0].option: option 'leters' does not exist (fix: did you mean 'letters'?)"]),
]


@pytest.mark.parametrize(("text", "expected"), [case[1:] for case in RULESET_CASES],
                         ids=[case[0] for case in RULESET_CASES])
def test_ruleset_errors_are_located(write_yaml, check, text, expected):
    _, report = check(write_yaml("r.yaml", text), deep=False)
    assert [m for m in messages(report) if ": error: " in m] == expected


def test_unused_glossary_term_is_a_warning(write_yaml, check):
    text = HEAD.replace("coach: {term: coach", "zebra: {term: zebra")
    project, report = check(write_yaml("r.yaml", text), deep=False)
    assert messages(report) == [
        "r.yaml:13:3: warning: glossary.zebra: glossary term 'zebra' is used in no rule "
        "(fix: use the term in a rule's title or text, or remove the entry)",
    ]
    assert report.ok
    assert project.of_kind("ruleset")[0].id == "mini"


def test_plural_use_counts_as_use(write_yaml, check):
    _, report = check(write_yaml("r.yaml", HEAD), deep=False)
    assert messages(report) == []


def test_every_error_is_reported_in_one_run(write_yaml, check):
    text = HEAD.replace("{{ moves }} moves", "{{ moevs }} moves") + """\
variants:
  - {id: v, title: V, set: {movse: 17, coaches: x}, replace: {nope: {text: x}}, include: [w]}
"""
    _, report = check(write_yaml("r.yaml", text), deep=False)
    assert len(report.errors) == 5
    assert all(d.location.line > 0 and d.location.path for d in report.errors)


def test_schema_rejects_unknown_keys_and_types(write_yaml, check):
    text = HEAD.replace("  - id: move\n", "  - id: move\n    colour: red\n") + """\
variants:
  - {id: v, title: V, options: {letters: maybe}, replace: {move: {}}}
"""
    _, report = check(write_yaml("r.yaml", text), deep=False)
    assert messages(report) == [
        "r.yaml:16:5: error: rules[0].colour: unknown key 'colour' (fix: allowed: aid, id, option, rules, text, title)",
        "r.yaml:24:42: error: variants[0].options.letters: expected true or false, found the text 'maybe' "
        "(fix: write true or false)",
        "r.yaml:24:66: error: variants[0].replace.move: must not be empty "
        "(fix: give at least one of: title, text, aid, option)",
    ]


NIGHTS = """\
# yaml-language-server: $schema=../schemas/ruleset.schema.json
kind: ruleset
id: nights
title: Nights
game: hunt
parameters:
  nights: {type: integer, default: 2}
  coaches_per_night: {type: list, items: integer, default: [3, 2]}
rules:
  - {id: night, title: Night, text: "{{ nights }} nights."}
"""

PER_NIGHT_CASES = [
    ("default list too short", NIGHTS.replace("default: 2}", "default: 3}"),
     ["r.yaml:8:3: error: parameters.coaches_per_night: 'coaches_per_night' has 2 entries but there are 3 nights "
      "(fix: give one entry per night, or change 'nights' too)"]),
    ("variant list too short", NIGHTS + """\
variants:
  - {id: v, title: V, set: {nights: 3, coaches_per_night: [1, 1]}}
""", ["r.yaml:12:40: error: variants[0].set.coaches_per_night: 'coaches_per_night' has 2 entries but there are "
      "3 nights (with variant 'v') (fix: give one entry per night, or change 'nights' too)"]),
    ("more nights without longer lists", NIGHTS + """\
variants:
  - {id: v, title: V, set: {nights: 3}}
""", ["r.yaml:12:29: error: variants[0].set.nights: 'coaches_per_night' has 2 entries but there are "
      "3 nights (with variant 'v') (fix: give one entry per night, or change 'nights' too)"]),
    ("lists lengthened with the nights", NIGHTS + """\
variants:
  - {id: v, title: V, set: {nights: 3, coaches_per_night: [3, 2, 1]}}
""", []),
]


@pytest.mark.parametrize(("text", "expected"), [case[1:] for case in PER_NIGHT_CASES],
                         ids=[case[0] for case in PER_NIGHT_CASES])
def test_per_night_lists_match_the_nights(write_yaml, check, text, expected):
    _, report = check(write_yaml("r.yaml", text), deep=False)
    assert messages(report) == expected
