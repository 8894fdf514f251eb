"""Schemas are valid draft-07, editor-friendly and closed; bundled scenarios pass."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from gaslight.kinds import KINDS
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR, SCHEMA_DIR
from gaslight.schema import schema_files
from jsonschema import Draft7Validator

# yaml-language-server ignores these (2019-09+ keywords); our editor-facing schemas must not need them.
EDITOR_BLIND = {"unevaluatedProperties", "unevaluatedItems", "prefixItems", "dependentSchemas", "$defs"}


def walk(node: Any, path: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}/{i}")


def is_closed(node: dict[str, Any]) -> bool:
    """Closed itself, or closed in every ``if``/``then`` branch (a tagged union: one closed shape per type)."""
    if node.get("additionalProperties") is False or "patternProperties" in node:
        return True
    branches = [part["then"] for part in node.get("allOf", []) if "then" in part]
    return bool(branches) and all(branch.get("additionalProperties") is False for branch in branches)


SCHEMAS = {path.name: json.loads(path.read_text(encoding="utf-8")) for path in schema_files()}


def test_there_is_a_schema_for_every_kind():
    assert {f"{kind}.schema.json" for kind in KINDS} <= set(SCHEMAS)


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_is_valid_draft7(name):
    schema = SCHEMAS[name]
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    Draft7Validator.check_schema(schema)


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_uses_only_editor_supported_keywords_and_is_closed(name):
    for path, node in walk(SCHEMAS[name]):
        assert not EDITOR_BLIND & set(node), f"{name} {path} uses {EDITOR_BLIND & set(node)}"
        if node.get("type") == "object" and "properties" in node:
            assert is_closed(node), f"{name} {path}: objects must be closed (additionalProperties: false)"


def test_every_bundled_scenario_passes_check():
    project, report = load_project([BUNDLED_DIR])
    assert [d.format_text() for d in report.errors] == []
    assert sum(len(models) for models in project.models.values()) == len(project.documents)


def test_every_bundled_scenario_names_its_schema_in_a_modeline():
    for path in sorted(BUNDLED_DIR.rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("=", 1)[1]).resolve()
        assert target.parent == SCHEMA_DIR and target.exists(), path
