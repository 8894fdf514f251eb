"""Placeholder: the case kind is built by the Walton issue."""

from __future__ import annotations

from typing import Any

from toolkit.diagnostics import Report
from toolkit.yamlio import Document


def load_case(doc: Document, report: Report) -> Any:
    return None


def check_project(project: Any, report: Report) -> None:
    return None
