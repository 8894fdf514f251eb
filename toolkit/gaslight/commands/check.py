"""``gaslight check [PATH…]``: every problem in the project's files (or in the files named), located.

Inside a project, named files are checked with the rest of the project around
them (a case sees its mansion) and only their problems are shown: the form
pre-commit uses (``gaslight check changed.yaml …``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from gaslight.commands.context import load_for
from gaslight.diagnostics import Location, Report
from gaslight.discover import walk
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS
from gaslight.formats import format_report


def only_files(report: Report, paths: Sequence[Path]) -> Report:
    """The part of ``report`` about the files under ``paths`` (and about paths that do not exist)."""
    from gaslight.project import display_path

    names = {display_path(p) for p in walk([p for p in paths if p.exists()]).scenarios}
    names |= {display_path(p) for p in paths if not p.exists()}
    return Report([d for d in report.diagnostics if d.location.file in names], report.files & names)


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


def run(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths]
    project, report = load_for(args, paths)
    if report.ok and project.of_kind("ruleset"):  # only rule text links to site pages; skip the imports otherwise
        from gaslight.sitelinks import check_site_links

        check_site_links(project, report)
    if project.config is not None:
        if paths:
            report = only_files(report, paths)
        else:
            stale_schemas_warning(project.config.file, report)
    text = format_report(report, args.format, quiet=args.quiet)
    if text:
        print(text)
    failed = not report.ok or (args.strict and report.warnings)
    return EXIT_PROBLEMS if failed else EXIT_OK
