"""Links from rule text to pages of the site, checked by ``gaslight check`` before any build.

Which pages a project's site has depends on its files (a page per board, case, variant …), so the pages
are found the one sure way: the build's generate stage runs into a scratch folder and its Markdown pages
are listed. That costs a build's page generation, so it runs only when some rule text links to a page of
the site (``/reference/rulings.md``); a link to a page that will not exist is an error at the rule's text.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlsplit

from gaslight.diagnostics import Report
from gaslight.domain.rules.variants import written_texts
from gaslight.links import is_safe_target, link_targets, report_missing_page
from gaslight.loaded import Project


def _site_pages(project: Project) -> set[str]:
    from gaslight.build import generate
    from gaslight.outputs.sink import BuildOutput

    with tempfile.TemporaryDirectory(prefix="gaslight-pages-") as scratch:
        out = BuildOutput(Path(scratch))
        generate(project, out, lambda _message: None)
        return {p.relative_to(out.docs).as_posix() for p in out.docs.rglob("*") if p.is_file()}


def check_site_links(project: Project, report: Report, site: Callable[[], Project] | None = None) -> None:
    """Report every root-relative link in rule text whose page the site will not have.

    ``site`` gives the project whose site it is when ``project`` holds only part of it (``check FILE``).
    """
    linked = []
    for ruleset in project.of_kind("ruleset"):
        for rule_id, text, where in written_texts(ruleset):
            for target in link_targets(text):
                if target.startswith("/") and not target.startswith("//") and is_safe_target(target):
                    linked.append((rule_id, target, where))
    if not linked:
        return
    pages = _site_pages(site() if site else project)
    for rule_id, target, where in linked:
        path = unquote(urlsplit(target).path).lstrip("/")
        if path and path not in pages:
            report_missing_page(report, rule_id, target, where)

