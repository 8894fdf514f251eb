"""Placeholder: the ruleset kind is built by its own issue."""

from __future__ import annotations

from typing import Any

from toolkit.diagnostics import Report
from toolkit.yamlio import Document


def load_ruleset(doc: Document, report: Report) -> Any:
    return None


def check_project(project: Any, report: Report) -> None:
    return None
