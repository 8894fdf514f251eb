"""``gaslight build``: check the project, then publish its site, printables and exports."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gaslight.commands.context import require_config
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS, UsageError
from gaslight.formats import format_text
from gaslight.publish import UnfitOutput, ensure_fit


def refuse_unfit_out(written: str, project_root: Path) -> None:
    """A usage error for an ``--out`` that could never be replaced whole (the project's folder, ``/``, ``~``, …)."""
    try:
        ensure_fit(Path(written), project_root, written=f"--out {written}")
    except UnfitOutput as exc:
        raise UsageError(f"{exc}; name a new folder, such as --out build") from None


def run(args: argparse.Namespace) -> int:
    from gaslight.build import build_project, stderr_progress
    from gaslight.project import display_path

    config = require_config(args)
    if args.out:
        refuse_unfit_out(args.out, config.root)
    out = Path(args.out) if args.out else config.output
    progress = (lambda _message: None) if args.quiet else stderr_progress
    result = build_project(config, out, progress, strict=args.strict, use_cache=not args.no_cache)
    if result.report.diagnostics or not result.published:
        print(format_text(result.report, quiet=args.quiet))
    shown = display_path(result.out)
    if result.published:
        print(f"built {shown}/site (open {shown}/site/index.html); printables in {shown}/print")
        return EXIT_OK
    print(f"build failed; {shown} was left as it was", file=sys.stderr)
    return EXIT_PROBLEMS
