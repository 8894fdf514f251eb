"""Site pages and printables for decks (filled in by its issue)."""

from __future__ import annotations

from toolkit.outputs.sink import BuildOutput
from toolkit.project import Project


def contribute(project: Project, out: BuildOutput) -> None:
    return None
