"""The claim vocabulary, the case schema and the Case logic reference page say the same thing."""

from __future__ import annotations

import re

import pytest
from gaslight.commands.new import starter_text
from gaslight.diagnostics import Location
from gaslight.domain.walton.claims import CARD_TYPES, CLAIM_TYPES, MayHavePassed, Together, render_claim
from gaslight.schema import load_schema
from walton_support import REPO

PAGE = (REPO / "site" / "walton" / "case-logic.md").read_text(encoding="utf-8")


def page_rows() -> dict[str, tuple[str, str]]:
    """claim type → (card types, keys) from the page's claim table."""
    rows = {}
    for line in PAGE.splitlines():
        match = re.match(r"\| `(\w+)` \| ([a-z, ]+) \| (.*?) \|", line)
        if match:
            rows[match.group(1)] = (match.group(2), match.group(3))
    return rows


def test_every_claim_type_is_documented_with_its_card_types_and_keys():
    rows = page_rows()
    assert list(rows) == list(CLAIM_TYPES)
    for name, cls in CLAIM_TYPES.items():
        card_types, keys = rows[name]
        assert card_types == ", ".join(cls.card_types)
        assert re.findall(r"`(\w+)`", keys) == list(cls.field_names())


def test_case_schema_lists_exactly_the_vocabulary():
    claim = load_schema("case.schema.json")["definitions"]["claim"]
    assert claim["properties"]["type"]["enum"] == list(CLAIM_TYPES)
    for branch in claim["allOf"]:
        name = branch["if"]["properties"]["type"]["const"]
        then = branch["then"]
        assert then["required"] == ["type", *CLAIM_TYPES[name].field_names()]
        assert set(then["properties"]) == {"type", *CLAIM_TYPES[name].field_names()}
        assert then["additionalProperties"] is False


def test_every_card_type_carries_some_claim():
    assert {t for cls in CLAIM_TYPES.values() for t in cls.card_types} == set(CARD_TYPES)


@pytest.mark.parametrize(("claim", "text"), [
    (Together(suspects=("ann", "bob"), location=Location("x")), "Ann and Bob were together the whole time the crime "
                                                                  "was done."),
    (MayHavePassed(suspects=("ann", "bob"), room="den", location=Location("x")), "Ann or Bob may have passed "
                                                                                  "through the Den."),
])
def test_templates_join_names(claim, text):
    assert render_claim(claim, lambda kind, ident, _: ident.title()) == text


def test_asp_terms_repeat_a_lone_suspect():
    claim = MayHavePassed(suspects=("ann",), room="den", location=Location("x"))
    assert claim.asp() == 'may_have_passed("ann","ann","den")'


@pytest.mark.parametrize("kind", ["mansion", "case"])
def test_new_writes_starters_with_a_relative_modeline(kind, tmp_path):
    text = starter_text(kind, tmp_path / "scenarios" / "walton" / f"x-{kind}.yaml")
    assert text.splitlines()[0].startswith("# yaml-language-server: $schema=")
    assert text.splitlines()[0].endswith(f"schemas/{kind}.schema.json")


def test_starter_mansion_checks_clean(check):
    _, report = check(REPO / "toolkit" / "gaslight" / "starters" / "mansion.yaml")
    assert report.diagnostics == []


def undocumented(node: object, path: str = "") -> list[str]:
    """Schema properties without a ``description`` (editors show it on hover)."""
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            if isinstance(value, dict) and "description" not in value and key != "type":
                found.append(f"{path}/{key}")
        for key, value in node.items():
            found += undocumented(value, f"{path}/{key}")
    elif isinstance(node, list):
        for value in node:
            found += undocumented(value, path)
    return found


@pytest.mark.parametrize("name", ["mansion.schema.json", "case.schema.json"])
def test_schemas_are_closed_and_documented(name):
    schema = load_schema(name)
    assert undocumented(schema) == []
    assert schema["additionalProperties"] is False
