"""``gaslight import svg DRAWING.svg BOARD.yaml [--snap D] [--force] [--update] [--nodes junctions] [--timeout S]``:
a board from a drawing.

The drawing is read by the convention of :mod:`gaslight.domain.board.import_svg`; every problem in it is
printed with the element and its line and column, and then nothing is written. A drawing that reads cleanly
becomes a board file (refusing to overwrite one without ``--force``; written whole or not at all), which is
then checked as ``gaslight check`` would: the board's own problems are printed against the new file. Reading
the drawing and making the board get ``--timeout`` seconds (default 60); a drawing with more to read than fits
is refused, before anything is expanded, with the count and what to do.

``--update`` brings an existing board file up to the drawing in place (ruamel.yaml's round trip, as the board
editor saves): only the circles, crossings, lines, places and districts that changed are rewritten, and the
file's id, title, comments and every other key stay as they are. ``--nodes junctions`` places a circle at
every street end and a crossing where streets meet (:mod:`gaslight.domain.board.drawing_junctions`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gaslight.boardedit import board_bytes, saved_text
from gaslight.boardedit import board_data as editor_board_data
from gaslight.commands.context import project_config
from gaslight.commands.new import SCHEMAS, fresh_id, used_ids, with_header
from gaslight.commands.schemas import modeline
from gaslight.diagnostics import Report
from gaslight.domain.board.checks import check_board
from gaslight.domain.board.drawing_tree import DRAWING_SECONDS
from gaslight.domain.board.from_drawing import board_data
from gaslight.domain.board.generate import board_yaml
from gaslight.domain.board.import_svg import read_drawing
from gaslight.domain.board.model import load_board
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS, UsageError
from gaslight.files import write_whole
from gaslight.limits import Deadline
from gaslight.project import display_path
from gaslight.yamlio import parse_text

HEADER = ("# Imported from {drawing} by 'gaslight import svg'. Draw again and import with --update (only what moved",
          "# changes), or edit here and run 'gaslight check'. Lines: [a, b] joins circle a (a number) or crossing a",
          "# (an id) to b.")


def run(args: argparse.Namespace) -> int:
    drawing_path, target = Path(args.drawing), Path(args.board)
    if not drawing_path.is_file():
        raise UsageError(f"no such drawing: {args.drawing}")
    update = bool(getattr(args, "update", False)) and target.is_file()
    if target.exists() and not (args.force or update):
        raise UsageError(f"{target} already exists (use --update to bring it up to the drawing, --force to "
                         "overwrite it)")
    original = _board_file(target) if update else None
    if args.snap is not None and not 0 <= args.snap <= 1000:
        raise UsageError(f"--snap takes a distance from 0 to 1000 in the drawing's unit, not {args.snap:g}")
    shown = display_path(drawing_path.resolve())
    report = Report()
    deadline = Deadline(args.drawing_seconds or DRAWING_SECONDS)
    drawing = read_drawing(drawing_path, shown, report, deadline)
    config = project_config(args, near=[target.parent] if target.parent.exists() else [])
    if original is not None:
        board_id = str(original[1].get("id", target.stem))
    else:
        board_id = fresh_id(target.stem, used_ids(config)) if config is not None else fresh_id(target.stem, set())
    junctions = getattr(args, "nodes", "drawn") == "junctions"
    data = board_data(drawing, board_id, shown, report, args.snap, deadline, force=args.force,
                      at_junctions=junctions) if drawing is not None else None
    if data is None:
        print(report.format_text())
        print(f"nothing written: fix the drawing {shown} and import it again")
        return EXIT_PROBLEMS
    if original is not None:
        text = saved_text(original[0], _updated(original[1], data))
    else:
        header = tuple(line.format(drawing=drawing_path.name) for line in HEADER)
        text = with_header(board_yaml(data, header),
                           modeline(target, SCHEMAS["board"], config.root if config else None), None)
    checked = Report()
    doc, _ = parse_text(text, str(target))
    board = load_board(doc, checked) if doc is not None else None
    if board is not None:
        check_board(board, checked)
    write_whole(target, text)
    found = Report()
    found.extend(report)
    found.extend(checked)
    if found.diagnostics:
        print(found.format_text())
    counts = ", ".join(_count(data, key, word) for key, word in (("circles", "circle"), ("crossings", "crossing"),
                       ("segments", "line"), ("districts", "district"), ("places", "place")))
    if drawing is not None and drawing.placed != (0, 0):
        circles, crossings = drawing.placed
        print(f"placed {circles} circle{'' if circles == 1 else 's'} where streets end and {crossings} "
              f"crossing{'' if crossings == 1 else 's'} where they meet (--nodes junctions): move, renumber or "
              "delete them in the board file or the board editor")
    print(f"{'updated' if original is not None else 'wrote'} {target}: {counts}")
    return EXIT_OK if checked.ok else EXIT_PROBLEMS


#: What a drawing decides in a board file; ``--update`` leaves every other key as the file has it.
DRAWN_KEYS = ("unit", "canvas", "circles", "crossings", "segments", "places", "districts")


def _board_file(target: Path) -> tuple[str, dict[str, Any]]:
    """The board file ``--update`` edits: its text and data (a usage error when it is no board file)."""
    raw = board_bytes(target)
    return raw.decode("utf-8"), editor_board_data(raw, str(target))


def _updated(old: dict[str, Any], drawn: dict[str, Any]) -> dict[str, Any]:
    """The board file's data with what the drawing decides (:data:`DRAWN_KEYS`) taken from the drawing."""
    merged = {key: value for key, value in old.items() if key not in DRAWN_KEYS or key in drawn}
    for key in DRAWN_KEYS:
        if key in drawn:
            merged[key] = drawn[key]
    return merged


def _count(data: dict, key: str, word: str) -> str:
    count = len(data.get(key, []))
    return f"{count} {word}{'' if count == 1 else 's'}"
