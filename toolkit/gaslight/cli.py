"""The ``gaslight`` command line: parse, call a command, map its outcome to an exit code.

Bad input never shows a traceback; set ``GASLIGHT_DEBUG=1`` to see one for a
Gaslight bug. Commands import their work lazily, so ``gaslight --help`` and a
one-file ``check`` start fast.
"""

from __future__ import annotations

import argparse
import errno
import math
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from gaslight import __version__
from gaslight.errors import EXIT_BUG, EXIT_PROBLEMS, EXIT_USAGE, ConfigProblems, UsageError, UserError
from gaslight.limits import DEFAULT_CASE_SECONDS, case_time_limit

KIND_NAMES = ("board", "case", "deck", "mansion", "ruleset")  # gaslight.kinds.KINDS, without importing it
FORMATS = ("text", "json", "github", "sarif")

EPILOG = """\
exit codes:
  0  clean (with --strict: no warnings either)
  1  problems found in your files, or something about your files or disk (a missing file, a full disk)
  2  the command line is wrong
  3  a Gaslight bug (please report it; GASLIGHT_DEBUG=1 shows the traceback)

Commands work on the project whose gaslight.yaml is in the working folder or above
(or -f PATH); start one with `gaslight init`."""


def _run(target: str) -> Any:
    """``commands.<module>:run`` imported on use."""
    from importlib import import_module

    module, _, name = target.partition(":")
    return getattr(import_module(f"gaslight.commands.{module}"), name)


def make_parser() -> argparse.ArgumentParser:
    config = argparse.ArgumentParser(add_help=False)
    config.add_argument("-f", "--config", metavar="PATH", default=argparse.SUPPRESS,
                        help="the project's gaslight.yaml (default: found from the working folder up)")
    parser = argparse.ArgumentParser(
        prog="gaslight", description="Check, prove and publish hidden-movement and deduction game scenarios.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"gaslight {__version__}")
    parser.add_argument("-f", "--config", metavar="PATH", default=None, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, target: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text, parents=[config], epilog=EPILOG,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(run=target)
        return p

    timeout: dict[str, Any] = {
        "type": _seconds, "default": DEFAULT_CASE_SECONDS, "metavar": "SECONDS",
        "help": f"time to prove each Walton case before giving up (default {DEFAULT_CASE_SECONDS:g})"}
    check = command("check", "check:run", "check the project's scenario files (or the files named)")
    check.add_argument("paths", nargs="*", metavar="PATH",
                       help="files or folders to check, with the files they need and the files that use them "
                            "(default: the whole project)")
    check.add_argument("--all", action="store_true",
                       help="check the whole project, the files named too (what the pre-commit hook runs)")
    check.add_argument("--format", choices=FORMATS, default="text",
                       help="text, json, github (workflow annotations) or sarif")
    check.add_argument("--strict", action="store_true", help="warnings fail the check too")
    check.add_argument("-q", "--quiet", action="store_true", help="errors only; nothing when clean")
    check.add_argument("--timeout", **timeout)

    build = command("build", "build:run", "check, then write the site, PDFs and exports")
    build.add_argument("--out", help="output folder (default: the project's 'output', or build)")
    build.add_argument("--strict", action="store_true", help="warnings stop the build too")
    build.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    build.add_argument("--no-cache", action="store_true",
                       help="compute everything again and keep nothing in the project's .gaslight-cache/")
    build.add_argument("--timeout", **timeout)

    serve = command("serve", "serve:run", "live preview of the site, rebuilt when a scenario file changes")
    serve.add_argument("--dev-addr", default="127.0.0.1:8000", metavar="HOST:PORT", help="address to serve on")

    init = command("init", "init:run", "start a project: gaslight.yaml and a first board, rules, case and deck")
    init.add_argument("folder", nargs="?", default=".", help="where (default: the working folder)")
    init.add_argument("--title", help="the project's title (default: from the folder's name)")
    init.add_argument("--lang", choices=("en", "ja"), default="en",
                      help="the language the project and its starter files are written in (default: en; "
                      "ja writes 'languages: [ja]' and Japanese starters)")

    new = command("new", "new:write_starter", "write a valid, commented starter file")
    new.add_argument("kind", choices=KIND_NAMES, help="what to start")
    new.add_argument("path", help="file to write (refuses to overwrite)")
    new.add_argument("--circles", type=int, help="board only: generate a street map with this many circles "
                     "(4 to 10000)")
    new.add_argument("--difficulty", choices=("I", "A", "B", "C", "D", "E", "S"),
                     help="case only: generate a case of this level, proven to have one answer")
    new.add_argument("--lang", choices=("en", "ja"), help="case only: write the cards' text in this language "
                     "(default: the project's first language)")
    new.add_argument("--mansion", help="case only: draft the case in this mansion (id or file; default: the "
                     "project's only one)")
    new.add_argument("--seed", type=int, help="generator seed for --circles (default 1) or a drafted case (default: "
                     "a fresh one, printed)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")

    schemas = command("schemas", "schemas:run", "refresh the project's copy of the JSON Schemas (editor completion)")
    schemas.add_argument("--check", action="store_true", help="only say whether the copy is current (exit 1 if not)")

    stats = command("stats", "stats:run", "figures of a board (circles, blocks, components, distances)")
    stats.add_argument("board", help="a board file, or a board id of the project")
    stats.add_argument("--format", choices=("text", "json"), default="text")

    balance = command("balance", "balance:run", "bot self-play on a board: Jack's win rate, night by night")
    balance.add_argument("board", help="a board file, or a board id of the project")
    balance.add_argument("--variant", action="append", metavar="V",
                         help="a variant of the project's hunt rules (repeat for several; default: the base rules)")
    balance.add_argument("--ruleset", metavar="ID",
                         help="the hunt ruleset to play (default: the project's own, else the bundled hunt)")
    balance.add_argument("--games", type=int, default=200, help="games per variant (default 200)")
    balance.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    balance.add_argument("--jobs", type=int, help="worker processes (default: one per core)")
    balance.add_argument("--jack-strength", type=float, default=1.0, metavar="S",
                         help="share of the Jack bot's decisions made carefully, 0 to 1 (default 1)")
    balance.add_argument("--police-strength", type=float, default=1.0, metavar="S",
                         help="share of the police bot's decisions made carefully, 0 to 1 (default 1)")
    balance.add_argument("--format", choices=("text", "json"), default="text")

    imports = command("import", "import_svg:run", "a board from a drawing (SVG from Inkscape, Illustrator, …)")
    imports.add_argument("format", choices=("svg",), help="the drawing's format")
    imports.add_argument("drawing", help="the drawing to read")
    imports.add_argument("board", help="the board file to write (refuses to overwrite without --force)")
    imports.add_argument("--snap", type=float, metavar="D",
                         help="how far past a circle's or square's edge a line end may stop and still join it, "
                              "in the drawing's unit (default: half a circle's radius)")
    imports.add_argument("--force", action="store_true",
                         help="overwrite an existing board file; allow a --snap over 3 circles' radii")
    imports.add_argument("--update", action="store_true",
                         help="bring an existing board file up to the drawing, changing only what moved")
    imports.add_argument("--nodes", choices=("drawn", "junctions"), default="drawn",
                         help="junctions: place circles where streets end and crossings where they meet")
    imports.add_argument("--timeout", dest="drawing_seconds", type=_seconds, metavar="SECONDS",
                         help="time to read the drawing and make the board before giving up (default 60)")

    playtest = command("playtest", "playtest:run",
                       "bots play a Walton case, or a Ripper rummy or 24 deck or ruleset, and report how it plays")
    playtest.add_argument("case", metavar="CASE-DECK-OR-RULESET",
                          help="a case, deck or ruleset file, or the id of one in the project")
    playtest.add_argument("--players", "--seats", dest="seats", type=int, metavar="N",
                          help="players at the table (Walton 2 to 5, default 4; Ripper rummy 2 to 4, default 3; "
                               "24 3 to 5, default 4)")
    playtest.add_argument("--variant", action="append", metavar="V",
                          help="deck or ruleset: a variant of its ruleset, repeat to compare up to 4 side by side "
                               "(default: the ruleset as written, 'default')")
    playtest.add_argument("--games", type=int, default=100, help="games to play (per variant; default 100)")
    playtest.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    playtest.add_argument("--jobs", type=int, help="worker processes (default: one per core)")
    playtest.add_argument("--format", choices=("text", "json"), default="text")
    playtest.add_argument("--timeout", **timeout)

    cards = command("cards", "cards:run", "a deck's (or a Walton case's) faces as PNG pictures, and a Tabletop "
                    "Simulator saved object")
    cards.add_argument("deck", help="a deck or Walton case id of the project, or its file")
    cards.add_argument("--out", metavar="DIR", help="folder to write (default: <id>-cards; replaced whole)")
    cards.add_argument("--dpi", type=int, help="resolution (default: the deck's print.dpi, else 300; Tabletop "
                       "Simulator sheets: as large as TTS's 4096-pixel limit allows, or this if smaller)")
    cards.add_argument("--bleed", action="store_true", help="include the bleed around each card (print on demand)")
    cards.add_argument("--tts", action="store_true",
                       help="also write a Tabletop Simulator saved object (<id>.tts.json) and its sheets")
    cards.add_argument("--shop", choices=("thegamecrafter", "makeplayingcards", "drivethrucards"),
                       help="write the faces as this print shop takes them (default: the deck's print.shop)")

    solve = command("solve", "solve:run", "prove a Walton case has exactly one answer, and show why")
    solve.add_argument("case", help="a case file, or a case id of the project")
    solve.add_argument("--format", choices=("text", "json"), default="text")
    solve.add_argument("--fix", action="store_true",
                       help="propose the smallest edits that repair the case, each verified by the solver")
    solve.add_argument("--hints", action="store_true",
                       help="show the hint ladder a stuck table takes: per step, where to look, then what it gives")
    solve.add_argument("--lang", choices=("en", "ja"), default="en",
                       help="with --hints: tell the hints in this language (the rest of the proof stays English)")
    solve.add_argument("--timeout", **timeout)
    return parser


class _PipeSafe:
    """stdout that stops writing quietly when the reader leaves (``| head``), so the exit code stays true."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.closed_by_reader = False

    def _guard(self, action: str, *args: Any) -> Any:
        if self.closed_by_reader:
            return None
        try:
            return getattr(self._stream, action)(*args)
        except BrokenPipeError:
            self.closed_by_reader = True
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
            return None

    def write(self, text: str) -> Any:
        return self._guard("write", text)

    def flush(self) -> Any:
        return self._guard("flush")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _user_error(exc: OSError) -> str:
    where = f" {exc.filename}" if exc.filename else ""
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOSPC:
        return f"cannot write{where}: the disk is full"
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"cannot write{where}: {reason} (check the folder's permissions)"
    return f"cannot use{where}: {reason}"


def _seconds(text: str) -> float:
    """A positive number of seconds (argparse type)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= 86_400:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds between 0 and 86400")
    return seconds


def main(argv: Sequence[str] | None = None) -> int:
    parser = make_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return int(exc.code or 0)
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_USAGE
    if not isinstance(sys.stdout, _PipeSafe):
        sys.stdout = _PipeSafe(sys.stdout)  # type: ignore[assignment]
    try:
        with case_time_limit(getattr(args, "timeout", DEFAULT_CASE_SECONDS)):
            return int(_run(args.run)(args))
    except UsageError as exc:
        print(f"gaslight: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except UserError as exc:
        print(f"gaslight: {exc}", file=sys.stderr)
        return EXIT_PROBLEMS
    except ConfigProblems as exc:
        from gaslight.formats import format_report

        print(format_report(exc.report, getattr(args, "format", "text")))  # type: ignore[arg-type]
        return EXIT_PROBLEMS
    except KeyboardInterrupt:
        return 130
    except OSError as exc:  # a missing or unreadable path, a full or read-only disk: the user's to fix
        if os.environ.get("GASLIGHT_DEBUG"):
            raise
        print(f"gaslight: {_user_error(exc)}", file=sys.stderr)
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
