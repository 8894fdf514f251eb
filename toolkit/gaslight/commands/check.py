"""``gaslight check [PATH…] [--all]``: every problem in the project's files (or in the files named), located.

Inside a project, a named file is checked with the files it needs (a case its
mansion, a deck its ruleset, card table and pictures, a ruleset the one it
extends, a board the hunt rules) and the files that use it (a mansion's
cases, a ruleset's decks and extensions), and every problem of those files is
shown: a case cannot be right while its mansion is wrong. Nothing else is
loaded (see :mod:`gaslight.scope`). ``--all`` checks the whole project, as
``gaslight check`` with no path does (the pre-commit hook runs that).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from gaslight.commands.context import load_for
from gaslight.diagnostics import Location, Report
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS
from gaslight.formats import format_report

if TYPE_CHECKING:
    from gaslight.loaded import Project
    from gaslight.scope import Scope

LISTED = 4  # files named in a scope note before 'and N more'


def stale_schemas_warning(config_file: Path, report: Report) -> None:
    """A warning when the project's schema copy (for editors) differs from this Gaslight's schemas."""
    from gaslight.commands.schemas import LOCAL_SCHEMAS, stale_files
    from gaslight.project import display_path

    root = config_file.parent
    stale = stale_files(root)
    if stale and (root / LOCAL_SCHEMAS).is_dir():
        report.warning(Location(display_path(config_file), 1, 1, ""),
                       f"the schema copy in {LOCAL_SCHEMAS} is out of date ({', '.join(stale)})",
                       fix="run `gaslight schemas` so editors check against this Gaslight", code="project")


def _listing(names: Sequence[str]) -> str:
    shown = list(names[:LISTED])
    more = len(names) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more else "")


def scope_note(named: Sequence[str], scope: Scope) -> str:
    """What a check of ``named`` (as typed) took in besides them, one line for each reason ('' for nothing).

    >>> from gaslight.scope import Scope
    >>> print(scope_note(["m.yaml"], Scope((Path("m.yaml"),), (), (Path("a.yaml"), Path("b.yaml")))))
    checked m.yaml with what uses it: a.yaml, b.yaml
    """
    from gaslight.project import display_path

    one = len(named) == 1
    lines = []
    if scope.needed:
        lines.append(f"checked {_listing(named)} with what {'it needs' if one else 'they need'}: "
                     f"{_listing(_project_first(display_path(p) for p in scope.needed))}")
    if scope.users:
        lines.append(f"checked {_listing(named)} with what uses {'it' if one else 'them'}: "
                     f"{_listing(_project_first(display_path(p) for p in scope.users))}")
    return "\n".join(lines)


def _project_first(shown: Iterable[str]) -> list[str]:
    """The project's own files first, then those from outside it (bundled rulesets), each group sorted.

    The order must not depend on where the project or Gaslight lives on disk.

    >>> _project_first(["../gaslight/rulesets/hunt.yaml", "rules/fog.yaml", "<gaslight>/rulesets/a.yaml"])
    ['rules/fog.yaml', '../gaslight/rulesets/hunt.yaml', '<gaslight>/rulesets/a.yaml']
    """
    return sorted(shown, key=lambda name: (name.startswith(("..", "/", "<")), name))


def _check_site_links(project: Project, report: Report, scope: Scope | None) -> None:
    """Links from rule text to site pages; the pages are those of the whole project even when part is checked."""
    from gaslight.sitelinks import check_site_links

    config = project.config
    if scope is None or config is None:
        check_site_links(project, report)
        return

    def whole() -> Project:
        from gaslight.project import load_configured

        return load_configured(config)[0]

    check_site_links(project, report, site=whole)


def run(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths]
    project, report, scope = load_for(args, paths, whole=args.all)
    if report.ok and project.of_kind("ruleset"):  # only rule text links to site pages; skip the imports otherwise
        _check_site_links(project, report, scope)
    if project.config is not None and scope is None:
        stale_schemas_warning(project.config.file, report)
    text = format_report(report, args.format, quiet=args.quiet)
    if scope is not None and args.format == "text" and not args.quiet:
        text = "\n".join(part for part in (scope_note(args.paths, scope), text) if part)
    if text:
        print(text)
    failed = not report.ok or (args.strict and report.warnings)
    return EXIT_PROBLEMS if failed else EXIT_OK
