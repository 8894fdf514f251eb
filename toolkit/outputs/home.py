"""The home page and the hand-written reference pages' place in the menu."""

from __future__ import annotations

from toolkit.outputs.sink import BuildOutput
from toolkit.project import Project


def contribute(project: Project, out: BuildOutput) -> None:
    out.link(("Home",), "index.md")
    out.link(("Reference", "Writing scenarios"), "reference/authoring.md")
    out.link(("Reference", "Rulings"), "reference/rulings.md")
