"""Properties of the resolver and the type checks, over generated variants and values."""

from __future__ import annotations

from dataclasses import replace

from gaslight.diagnostics import Location
from gaslight.domain.rules.ruleset import Parameter, Reference, Setting, Variant, diff, resolve, type_problem
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.rules.rulesfix import fixture

HERE = Location("generated.yaml", 1, 1, "variants[9]")
RULE_IDS = sorted(r.id for r in resolve(fixture("hunt-mini")).walk())


def with_variant(**parts: object):
    variant = Variant("p", "Generated", "", (), (), (), (), (), (), HERE)
    ruleset = fixture("hunt-mini")
    return replace(ruleset, variants=(*ruleset.variants, replace(variant, **parts)))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(RULE_IDS), max_size=3, unique=True))
def test_removing_rules_removes_exactly_their_subtrees(removed):
    ruleset = with_variant(removals=tuple(Reference(rid, HERE) for rid in removed))
    base = resolve(ruleset)
    # removing a rule inside one already removed is an error (tested in test_rules_errors)
    assume(not any(other != rid and other in {r.id for r in base.rule(rid).walk()}
                   for rid in removed for other in removed))
    gone = {r.id for rid in removed for r in base.rule(rid).walk()}
    effective = resolve(ruleset, "p")
    assert [r.id for r in effective.walk()] == [r.id for r in base.walk() if r.id not in gone]
    for rule in effective.walk():  # numbers stay consecutive under every parent
        assert [c.number for c in rule.rules] == [f"{rule.number}.{i}" for i in range(1, len(rule.rules) + 1)]
    assert [r.number for r in effective.rules] == [str(i) for i in range(1, len(effective.rules) + 1)]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=60), st.integers(min_value=1, max_value=9))
def test_parameter_overrides_show_in_diff_and_text(moves, police):
    ruleset = with_variant(settings=(Setting("moves_per_night", moves, HERE), Setting("police_count", police, HERE)))
    effective = resolve(ruleset, "p")
    assert effective.rule("hunt.jack.move").text == f"Jack has {moves} moves each night."
    changed = [c.key for c in diff(ruleset, "p") if c.kind == "parameter"]
    assert changed == [name for name, value in (("moves_per_night", moves), ("police_count", police))
                       if value != {"moves_per_night": 15, "police_count": 5}[name]]


SCALARS = st.one_of(st.integers(), st.floats(allow_nan=False), st.booleans(), st.text(max_size=5))
KINDS = {"integer": lambda v: type(v) is int, "number": lambda v: type(v) in (int, float),
         "boolean": lambda v: type(v) is bool, "text": lambda v: type(v) is str}


@given(st.sampled_from(sorted(KINDS)), SCALARS)
def test_scalar_type_check(kind, value):
    parameter = Parameter("x", kind, None, value, None, None, "x", "", HERE)
    assert (type_problem(parameter, value) is None) == KINDS[kind](value)


@given(st.sampled_from(sorted(KINDS)), st.lists(SCALARS, max_size=4))
def test_list_type_check_looks_at_every_item(kind, values):
    parameter = Parameter("x", "list", kind, (), None, None, "x", "", HERE)
    assert (type_problem(parameter, values) is None) == all(KINDS[kind](v) for v in values)


@given(st.dictionaries(st.text(min_size=1, max_size=3), SCALARS, max_size=4))
def test_map_type_check_looks_at_every_value(values):
    parameter = Parameter("x", "map", "integer", {}, None, None, "x", "", HERE)
    assert (type_problem(parameter, values) is None) == all(type(v) is int for v in values.values())
