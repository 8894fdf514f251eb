"""The home page and the hand-written reference pages' place in the menu.

``contribute`` runs first (menu entries for hand-written pages);
``link_sections`` runs last and appends to the home page a link to every
section that the other contributors filled, so the home page never links a
page that does not exist.
"""

from __future__ import annotations

from gaslight.outputs.sink import SECTIONS, BuildOutput
from gaslight.outputs.text import md_text
from gaslight.project import Project


def contribute(project: Project, out: BuildOutput) -> None:
    out.link(("Home",), "index.md")
    out.link(("Reference", "Writing scenarios"), "reference/authoring.md")
    out.link(("Reference", "Rulings"), "reference/rulings.md")


def section_index(out: BuildOutput) -> str:
    """A Markdown list: each section with the pages directly under it."""
    lines = ["", "## Sections", ""]
    for section in SECTIONS[1:]:
        entries = [(nav, rel) for nav, rel in out.nav if nav[0] == section]
        if not entries:
            continue
        links = []
        for nav, rel in entries:
            title = md_text(" › ".join(nav[1:]) or section)
            if len(nav) <= 3:  # deeper pages are reached from their parent
                links.append(f"[{title}]({rel})")
        lines.append(f"- **{section}**: " + " · ".join(links))
    return "\n".join(lines) + "\n"


def link_sections(project: Project, out: BuildOutput) -> None:
    index = out.docs / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + section_index(out), encoding="utf-8", newline="\n")
