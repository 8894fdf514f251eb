"""The home page and the hand-written reference pages' place in the menu.

``contribute`` runs first (menu entries for hand-written pages);
``link_sections`` runs last and writes the home page: the project's title and
description (as text) and a link to every section the other contributors
filled, so the home page never links a page that does not exist.
"""

from __future__ import annotations

from gaslight.outputs.sink import GAME_SITES, BuildOutput
from gaslight.outputs.text import md_text
from gaslight.project import Project
from gaslight.resources import SITE_DIR

HOME = "index.md"
FALLBACK_DESCRIPTION = ("Scenarios checked, proven and published with Gaslight: rules, boards, cases and decks, "
                        "with printable sheets and games to play in the browser.")


RULINGS = "reference/rulings.md"


def contribute(project: Project, out: BuildOutput) -> None:
    out.link(("Home",), HOME)
    out.link(("Reference", "Writing scenarios"), "reference/authoring.md")
    out.link(("Reference", "Publish your site"), "reference/publishing.md")
    # The rulings page discusses (and links) the rules of all four bundled games.
    if {r.game for r in project.of_kind("ruleset")} >= set(GAME_SITES):
        out.page(RULINGS, (SITE_DIR / RULINGS).read_text(encoding="utf-8"), nav=("Reference", "Rulings"))


def section_index(out: BuildOutput) -> str:
    """A Markdown list: each section with the pages directly under it."""
    lines = ["", "## Sections", ""]
    for section in out.sections[1:]:
        entries = [(nav, rel) for nav, rel in out.nav if nav[0] == section]
        if not entries:
            continue
        links = []
        for nav, rel in entries:
            title = md_text(" › ".join(nav[1:]) or section)
            if len(nav) <= 3:  # deeper pages are reached from their parent
                links.append(f"[{title}]({rel})")
        lines.append(f"- **{md_text(section)}**: " + " · ".join(links))
    return "\n".join(lines) + "\n"


def home_markdown(project: Project, out: BuildOutput) -> str:
    """The project's title, its description paragraph by paragraph (as text), then the sections."""
    description = project.config.description if project.config else ""
    paragraphs = [" ".join(p.split()) for p in (description or FALLBACK_DESCRIPTION).split("\n\n") if p.strip()]
    lines = [f"# {md_text(project.title)}", ""]
    for paragraph in paragraphs:
        lines += [md_text(paragraph), ""]
    lines.append("To write scenarios of your own, start with [Writing scenarios](reference/authoring.md).")
    return "\n".join(lines) + "\n" + section_index(out)


def link_sections(project: Project, out: BuildOutput) -> None:
    out.page(HOME, home_markdown(project, out))
