"""The examples in the Walton content modules' docstrings run and hold (``make test`` collects tests/ only)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["gaslight.domain.walton.generator", "gaslight.domain.walton.phrasing", "gaslight.domain.walton.export",
           "gaslight.outputs.investigation_sheet", "gaslight.outputs.walton"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
