"""The ``gaslight`` command line.

Exit codes: 0 = clean, 1 = problems found in the scenarios, 2 = usage error.
Bad input never shows a traceback; set ``GASLIGHT_DEBUG=1`` to see one for a
Gaslight bug.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from gaslight import __version__
from gaslight.errors import EXIT_BUG, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, UsageError
from gaslight.kinds import KINDS, resolve
from gaslight.resources import BUNDLED_DIR


def _print_report(report, fmt: str) -> None:  # type: ignore[no-untyped-def]
    if fmt == "json":
        print(report.to_json())
    else:
        print(report.format_text(), file=sys.stdout)


def cmd_check(args: argparse.Namespace) -> int:
    from gaslight.project import load_project

    paths = [Path(p) for p in args.paths] or [BUNDLED_DIR]
    _, report = load_project(paths)
    _print_report(report, args.format)
    return EXIT_OK if report.ok else EXIT_PROBLEMS


def cmd_build(args: argparse.Namespace) -> int:
    from gaslight.build import run_build

    paths = [Path(p) for p in args.scenarios] or [BUNDLED_DIR]
    result = run_build(paths, Path(args.out))
    if result.report.diagnostics or not result.published:
        print(result.report.format_text())
    if result.published:
        print(f"built {result.out}/site (open {result.out}/site/index.html); printables in {result.out}/print")
        return EXIT_OK
    print(f"build failed; {result.out} was left as it was", file=sys.stderr)
    return EXIT_PROBLEMS


def cmd_serve(args: argparse.Namespace) -> int:
    from gaslight.serve import serve

    return serve([Path(p) for p in args.scenarios] or [BUNDLED_DIR], args.dev_addr)


def cmd_new(args: argparse.Namespace) -> int:
    from gaslight.commands.new import write_starter

    return write_starter(args)


def cmd_stats(args: argparse.Namespace) -> int:
    return resolve("gaslight.commands.stats:run")(args)


def cmd_solve(args: argparse.Namespace) -> int:
    return resolve("gaslight.commands.solve:run")(args)


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gaslight",
        description="Check, prove and publish hidden-movement and deduction game scenarios.",
    )
    parser.add_argument("--version", action="version", version=f"gaslight {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = sub.add_parser("check", help="check scenario files (default: scenarios/)")
    check.add_argument("paths", nargs="*", metavar="PATH", help="files or folders to check")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.set_defaults(run=cmd_check)

    build = sub.add_parser("build", help="check, then write the site, PDFs and exports")
    build.add_argument("scenarios", nargs="*", metavar="PATH", help="scenario files or folders (default: scenarios/)")
    build.add_argument("--out", default="build", help="output folder (default: build)")
    build.set_defaults(run=cmd_build)

    serve = sub.add_parser("serve", help="live preview of the site, rebuilt when scenarios change")
    serve.add_argument("scenarios", nargs="*", metavar="PATH")
    serve.add_argument("--dev-addr", default="127.0.0.1:8000", help="address to serve on")
    serve.set_defaults(run=cmd_serve)

    new = sub.add_parser("new", help="write a valid, commented starter file")
    new.add_argument("kind", choices=sorted(KINDS), help="what to start")
    new.add_argument("path", help="file to write (refuses to overwrite)")
    new.add_argument("--circles", type=int, help="board only: generate a street map with this many circles")
    new.add_argument("--difficulty", choices=("I", "A", "B", "C", "D", "E", "S"),
                     help="case only: generate a case of this level, proven to have one answer")
    new.add_argument("--seed", type=int, default=1, help="generator seed for --circles or --difficulty (default 1)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")
    new.set_defaults(run=cmd_new)

    stats = sub.add_parser("stats", help="figures of a board (circles, blocks, components, distances)")
    stats.add_argument("board", help="a board file")
    stats.add_argument("--format", choices=("text", "json"), default="text")
    stats.set_defaults(run=cmd_stats)

    solve = sub.add_parser("solve", help="prove a Walton case has exactly one answer, and show why")
    solve.add_argument("case", help="a case file, or a case id under scenarios/")
    solve.add_argument("--format", choices=("text", "json"), default="text")
    solve.set_defaults(run=cmd_solve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = make_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return int(exc.code or 0)
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.run(args))
    except UsageError as exc:
        print(f"gaslight: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `gaslight solve … | head`: the reader left; stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PROBLEMS
    except Exception as exc:
        if os.environ.get("GASLIGHT_DEBUG"):
            raise
        print(f"gaslight: internal error: {type(exc).__name__}: {exc}\n"
              "This is a Gaslight bug, not a problem in your files; run again with GASLIGHT_DEBUG=1 "
              "for details and report it.", file=sys.stderr)
        return EXIT_BUG


def run() -> None:
    sys.exit(main())


if __name__ == "__main__":
    run()
