"""Board checks beyond the schema: geometry (shapely) and graphs (networkx)."""

from __future__ import annotations

from toolkit.diagnostics import Report
from toolkit.project import Project


def check_project(project: Project, report: Report) -> None:
    return None
