"""The examples in the Walton content modules' docstrings run and hold (``make test`` collects tests/ only)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["toolkit.domain.walton.generate", "toolkit.domain.walton.phrasing", "toolkit.domain.walton.export",
           "toolkit.outputs.investigation_sheet", "toolkit.outputs.walton"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
