"""Property: random and mutated scenario text never crashes the loader.

Every outcome is either a model or located errors (line and column ≥ 1).
"""

from __future__ import annotations

from gaslight.diagnostics import Report
from gaslight.project import load_document
from gaslight.resources import STARTER_DIR
from gaslight.yamlio import parse_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.foundation.test_loading_errors import VALID_BOARD

SEEDS = [VALID_BOARD] + [p.read_text(encoding="utf-8") for p in sorted(STARTER_DIR.glob("*.yaml"))]
YAML_TOKENS = [":", "-", " ", "\n", "[", "]", "{", "}", "&a", "*a", "'", '"', "#", "!!str", "<<: *a", "\t", "?", "|"]


def load(text: str) -> tuple[object | None, Report]:
    doc, report = parse_text(text, "fuzz.yaml")
    model = None
    if doc is not None:
        loaded = load_document(doc, report)
        model = loaded[1] if loaded else None
    return model, report


def assert_outcome(text: str) -> None:
    model, report = load(text)
    assert model is not None or report.errors, "neither a model nor an error"
    for diagnostic in report.diagnostics:
        assert diagnostic.location.line >= 1 and diagnostic.location.column >= 1
        assert diagnostic.message
        assert "internal error" not in diagnostic.message, diagnostic.format_text()


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = draw(st.one_of(st.sampled_from(YAML_TOKENS), st.text(max_size=6)))
        if action == "insert":
            text = text[:at] + piece + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 12)):]
        else:
            text = text[:at] + piece + text[at + len(piece):]
    return text


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_scenarios_give_a_model_or_located_errors(text):
    assert_outcome(text)


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from([*YAML_TOKENS, "kind", "board", "a", "1", "x: 1"]), max_size=30))
def test_random_yaml_like_text_gives_a_model_or_located_errors(pieces):
    assert_outcome("".join(pieces))


@settings(max_examples=300, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=20,
))
def test_random_structures_under_kind_board_never_crash(value):
    import yaml

    assert_outcome(yaml.safe_dump({"kind": "board", "id": "x", "circles": value}))
