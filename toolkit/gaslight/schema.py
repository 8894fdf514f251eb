"""JSON Schema validation mapped back to ``file:line:column``.

Schemas live in ``schemas/`` (draft-07, so yaml-language-server gives editors
completion and hover docs). A schema node may carry ``x-hint``: the fix shown
when a value fails that node.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft7Validator, validators
from jsonschema.exceptions import ValidationError, best_match

from gaslight.diagnostics import Report
from gaslight.resources import SCHEMA_DIR
from gaslight.yamlio import Document, YamlPath

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping of keys to values",
    "null": "nothing",
}


def number_text(value: int | float) -> str:
    """A number as a message shows it: a long whole number in short (the file has it in full).

    >>> number_text(12), number_text(10**40 + 7), number_text(2.5)
    ('12', '1.000e+40 (41 digits)', '2.5')
    """
    if isinstance(value, int) and abs(value) >= 10**20:
        return f"{float(value):.3e} ({len(str(abs(value)))} digits)"
    return str(value)


def describe(value: Any) -> str:
    """A short, designer-facing description of a YAML value."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"'{str(value).lower()}'"
    if isinstance(value, int | float):
        return f"the number {number_text(value)}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the text '{shown}'"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return "a mapping"


def suggest(word: str, choices: list[str]) -> str:
    """'did you mean' text, or the list of choices."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return "allowed: " + ", ".join(sorted(choices)) if choices else ""


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A schema from ``schemas/`` by file name (cached)."""
    return json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))


def _is_whole_number(checker: object, instance: object) -> bool:
    """An integer is written as one: ``2.0`` is a number but not an integer (JSON Schema would accept it)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


# Gaslight's validator: Draft 7 with integers that are written as integers.
ScenarioValidator = validators.extend(
    Draft7Validator, type_checker=Draft7Validator.TYPE_CHECKER.redefine("integer", _is_whole_number))


@cache
def validator_for(name: str) -> Draft7Validator:
    schema = load_schema(name)
    Draft7Validator.check_schema(schema)
    return ScenarioValidator(schema)


def schema_files() -> list[Path]:
    return sorted(SCHEMA_DIR.glob("*.schema.json"))


def _leaves(error: ValidationError) -> Iterator[ValidationError]:
    """For oneOf/anyOf, descend to the most relevant branch error."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        deepest = best_match(error.context)
        if deepest is not None and list(deepest.absolute_path) != list(error.absolute_path):
            yield from _leaves(deepest)
            return
        yield error
        return
    yield error


@cache
def _part_validator(name: str, key: str) -> Draft7Validator:
    schema = load_schema(name)
    return ScenarioValidator({"type": "object", "properties": {key: schema["properties"][key]},
                              "definitions": schema.get("definitions", {})})


def validate(doc: Document, schema_name: str, report: Report) -> bool:
    """Validate ``doc`` against a schema; add located diagnostics. True when valid."""
    from gaslight.cache import known_valid  # a build or check keeps which data passed (issue 39)

    return known_valid(schema_name, doc.data, lambda: not list(_reported(validator_for(schema_name), doc, report)))


def invalid_items(doc: Document, schema_name: str, key: str, report: Report) -> set[int]:
    """Validate the list ``doc["key"]`` against that property of a schema; the indices of items with errors.

    Rows of a card table are checked as deck ``cards``: a bad row is reported and left out, the rest go on.
    """
    bad: set[int] = set()
    for path in invalid_paths(doc, schema_name, key, report):
        bad.update(path[1:2] if len(path) > 1 and isinstance(path[1], int) else range(len(doc.data[key])))
    return bad


def invalid_paths(doc: Document, schema_name: str, key: str, report: Report) -> list[YamlPath]:
    """Like :func:`invalid_items`, the path of each error (``("cards", 3, "copies")``), in the order reported."""
    return [tuple(error.absolute_path) for error in _reported(_part_validator(schema_name, key), doc, report)]


def _reported(validator: Draft7Validator, doc: Document, report: Report) -> Iterator[ValidationError]:
    """Each error of ``doc`` (the most relevant branch of a oneOf/anyOf), reported as a located diagnostic."""
    for top in validator.iter_errors(doc.data):
        for error in _leaves(top):
            with report.coded(f"schema.{error.validator}"):
                _report_error(doc, error, report)
            yield error


def _report_error(doc: Document, error: ValidationError, report: Report) -> None:
    path: YamlPath = tuple(error.absolute_path)
    # a document may word its fixes its own way (a card table: "x-table-hint", in spreadsheet terms)
    keys = getattr(doc, "hint_keys", ("x-hint",))
    hint = next((error.schema[k] for k in keys if k in error.schema), "") if isinstance(error.schema, dict) else ""
    kind = error.validator
    value = error.validator_value
    instance = error.instance
    if kind == "required" and isinstance(instance, dict):
        for name in value:
            if name not in instance:
                report.error(doc.loc(path), f"missing required key '{name}'", fix=hint or f"add '{name}:' here")
        return
    if kind == "additionalProperties" and isinstance(instance, dict):
        known = list(error.schema.get("properties", {}))
        patterns = error.schema.get("patternProperties", {})
        for key in instance:
            if key in known or any(re.search(p, key) for p in patterns):
                continue
            report.error(
                doc.key_loc((*path, key)),
                f"unknown key '{key}'",
                fix=hint or suggest(key, known) or "remove it",
            )
        return
    if kind == "type":
        wanted = [value] if isinstance(value, str) else list(value)
        words = " or ".join(_TYPE_WORDS.get(w, w) for w in wanted)
        message = f"expected {words}, found {describe(instance)}"
        if wanted == ["integer"] and isinstance(instance, float) and instance.is_integer() and abs(instance) < 1e20:
            hint = hint or f"write it without the decimal point: {int(instance)}"
    elif kind == "enum":
        choices = [str(c) for c in value]
        message = f"{describe(instance)} is not allowed here"
        hint = hint or suggest(str(instance), choices)
    elif kind == "const":
        message = f"expected '{value}', found {describe(instance)}"
    elif kind in ("minimum", "exclusiveMinimum"):
        exclusive = ", exclusive" if kind.startswith("excl") else ""
        message = f"{number_text(instance)} is too small (minimum {value}{exclusive})"
        hint = hint or f"write a number {'above' if kind.startswith('excl') else 'of at least'} {value}"
    elif kind in ("maximum", "exclusiveMaximum"):
        exclusive = ", exclusive" if kind.startswith("excl") else ""
        message = f"{number_text(instance)} is too large (maximum {value}{exclusive})"
        hint = hint or f"write a number {'below' if kind.startswith('excl') else 'of at most'} {value}"
    elif kind == "minItems":
        message = f"needs at least {value} item{'s' * (value != 1)}, has {len(instance)}"
    elif kind == "maxItems":
        message = f"takes at most {value} item{'s' * (value != 1)}, has {len(instance)}"
    elif kind == "minProperties":
        message = "must not be empty" if not instance else f"needs at least {value} keys, has {len(instance)}"
    elif kind == "maxProperties":
        message = f"takes at most {value} key{'s' * (value != 1)}, has {len(instance)}"
    elif kind == "minLength":
        message = "must not be empty" if value == 1 else f"must be at least {value} characters"
    elif kind == "maxLength":
        message = f"must be at most {value} characters"
    elif kind == "pattern":
        message = f"{describe(instance)} does not have the expected form ({value})"
    elif kind == "uniqueItems":
        message = "items must not repeat"
    elif kind in ("oneOf", "anyOf"):
        message = f"{describe(instance)} matches none of the allowed forms"
    else:
        message = error.message
    report.error(doc.loc(path), message, fix=hint)
