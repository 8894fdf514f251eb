"""Rule text: every placeholder is a parameter, every number is a placeholder, every variant renders."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from gaslight.domain.rules.families import family_texts
from gaslight.domain.rules.ruleset import Rule, Ruleset, resolve
from gaslight.domain.rules.variants import EffectiveRule
from jinja2 import meta
from jinja2.sandbox import ImmutableSandboxedEnvironment

from tests.rulesets_content.conftest import GAMES, load_ruleset_file

STEMS = sorted(GAMES)
ENV = ImmutableSandboxedEnvironment()
# (file stem, variant id or None for the default rules) for every variant of every game.
VARIANT_CASES = [(stem, None) for stem in STEMS] + [
    (stem, variant.id) for stem in STEMS for variant in load_ruleset_file(stem)[0].variants
]


def all_rules(rules: tuple[Rule, ...]) -> Iterator[Rule]:
    for rule in rules:
        yield rule
        yield from all_rules(rule.rules)


def texts(ruleset: Ruleset) -> list[tuple[str, str]]:
    """(where, text) for every rule text, including what variants replace and add."""
    found = [(rule.id, rule.text) for rule in all_rules(ruleset.rules)]
    for variant in ruleset.variants:
        found += [(f"{variant.id}:{p.rule_id}", p.text) for p in variant.replacements if p.text]
        for addition in variant.additions:
            found += [(f"{variant.id}:{r.id}", r.text) for r in all_rules((addition.rule,))]
    return found


def names_used(text: str) -> set[str]:
    return meta.find_undeclared_variables(ENV.parse(text))


def effective(rules: tuple[EffectiveRule, ...]) -> Iterator[EffectiveRule]:
    for rule in rules:
        yield rule
        yield from effective(rule.rules)


@pytest.mark.parametrize("stem", STEMS)
def test_every_placeholder_names_a_parameter(stem: str, rulesets) -> None:
    ruleset = rulesets[stem]
    declared = {p.name for p in ruleset.parameters} | set(family_texts(ruleset.family))
    unknown = {(where, name) for where, text in texts(ruleset) for name in names_used(text) - declared}
    assert unknown == set()


@pytest.mark.parametrize("stem", STEMS)
def test_every_parameter_is_shown_in_some_rule(stem: str, rulesets) -> None:
    ruleset = rulesets[stem]
    used = set().union(*(names_used(text) for _, text in texts(ruleset)))
    assert sorted(p.name for p in ruleset.parameters if p.name not in used) == []


@pytest.mark.parametrize("stem", STEMS)
def test_rule_text_states_no_bare_numbers(stem: str, rulesets) -> None:
    """Numbers come from parameters: outside {{ … }} and list markers, rule text has no digits."""
    bare = []
    for where, text in texts(rulesets[stem]):
        prose = re.sub(r"\{\{.*?\}\}", "", text, flags=re.S)
        prose = re.sub(r"^\s*\d+\.\s", "", prose, flags=re.M)
        bare += [(where, m.group(0)) for m in re.finditer(r"\S*\d\S*", prose)]
    assert bare == []


@pytest.mark.parametrize("stem", STEMS)
def test_every_option_gates_some_rule(stem: str, rulesets) -> None:
    ruleset = rulesets[stem]
    gated = {rule.option for rule in all_rules(ruleset.rules)}
    assert sorted(o.name for o in ruleset.options if o.name not in gated) == []


@pytest.mark.parametrize(("stem", "variant"), VARIANT_CASES)
def test_default_and_every_variant_render_without_placeholders(stem: str, variant: str | None, rulesets) -> None:
    resolved = resolve(rulesets[stem], variant)
    leftovers = [r.id for r in effective(resolved.rules) if "{{" in r.text or "{%" in r.text]
    assert leftovers == []
    assert all(r.number for r in effective(resolved.rules))


@pytest.mark.parametrize("stem", STEMS)
def test_glossary_terms_are_never_split_across_lines(stem: str, rulesets) -> None:
    """Tooltips match a term on one line; a term broken by a line break would lose its tooltip."""
    ruleset = rulesets[stem]
    split = []
    for entry in ruleset.glossary:
        words = entry.term.split()
        for cut in range(1, len(words)):
            pattern = r"\b" + r"\s+".join(map(re.escape, words[:cut])) + r"[ \t]*\n\s*" \
                + r"\s+".join(map(re.escape, words[cut:])) + r"\b"
            split += [(where, entry.term) for where, text in texts(ruleset) if re.search(pattern, text, re.I)]
    assert split == []


@pytest.mark.parametrize("stem", STEMS)
def test_every_glossary_term_appears_in_the_rules(stem: str, rulesets) -> None:
    ruleset = rulesets[stem]
    corpus = " ".join(f"{r.title} {r.text}" for r in all_rules(ruleset.rules)).casefold()
    missing = [e.term for e in ruleset.glossary if not re.search(r"\b" + re.escape(e.term.casefold()) + r"\b", corpus)]
    assert missing == []
