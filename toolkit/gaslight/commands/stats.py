"""``gaslight stats BOARD [--format json]``: the figures of a board.

Counts, connected components, diameters and a distance report: from each red
circle (where the women start), how many circles Jack reaches within 15
normal moves when no police stand in the way.

>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report, Severity
>>> from gaslight.domain.board.model import load_board
>>> doc, _ = parse_text('''kind: board
... id: tri
... title: Triangle
... unit: mm
... canvas: {width: 100, height: 100}
... circles: [{number: 1, at: [10, 10], flags: [red]}, {number: 2, at: [90, 10]}]
... crossings: [{id: k1, at: [50, 80]}]
... segments: [[1, 2], [2, k1], [k1, 1]]
... ''', "tri.yaml")
>>> figures = board_stats(load_board(doc, Report()))
>>> figures["circles"], figures["blocks"], figures["jack_diameter"], figures["distances"]["from_red"]
(2, 1, 1, [{'circle': 1, 'within': 1}])
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import networkx as nx

from gaslight.commands.context import project_config, require_config
from gaslight.diagnostics import Report, Severity
from gaslight.discover import files_of_kind, walk
from gaslight.domain.board.geometry import analyse
from gaslight.domain.board.model import Board
from gaslight.domain.board.moves import within_moves
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS, UsageError

#: Jack's moves on a night when the crime happens at the last moment (the track's 1 … 15).
DISTANCE_MOVES = 15


def _diameter(graph: nx.Graph) -> int | None:
    """Longest shortest path, or None when the graph is empty or falls apart."""
    if graph.number_of_nodes() == 0 or not nx.is_connected(graph):
        return None
    return int(nx.diameter(graph))


def board_stats(board: Board, moves: int = DISTANCE_MOVES) -> dict[str, Any]:
    """Every figure of ``board`` as a JSON-ready dict with a fixed key order."""
    analysis = analyse(board)
    jack, police = analysis.jack_graph(), analysis.police_graph()
    reach = [{"circle": c, "within": within_moves(analysis, c, moves)} for c in sorted(board.red_circles)]
    return {
        "board": board.id,
        "circles": len(board.circles),
        "crossings": len(board.crossings),
        "segments": len(board.segments),
        "blocks": len(analysis.blocks),
        "red": len(board.red_circles),
        "yellow": len(board.yellow_crossings),
        "jack_components": len(analysis.jack_components),
        "police_components": len(analysis.police_components),
        "jack_links": jack.number_of_edges(),
        "police_links": police.number_of_edges(),
        "jack_diameter": _diameter(jack),
        "police_diameter": _diameter(police),
        "distances": {"moves": moves, "from_red": reach},
    }


def format_text(figures: dict[str, Any]) -> str:
    """The figures as aligned lines for a terminal."""
    labels = [
        ("circles", "circles"), ("crossings", "crossings"), ("segments", "segments (dotted lines)"),
        ("blocks", "blocks"), ("red", "red circles"), ("yellow", "yellow crossings"),
        ("jack_components", "Jack's graph parts"), ("police_components", "police graph parts"),
        ("jack_links", "circle-to-circle links"), ("police_links", "crossing-to-crossing links"),
        ("jack_diameter", "Jack's graph diameter"), ("police_diameter", "police graph diameter"),
    ]
    width = max(len(label) for _, label in labels)
    lines = [f"board {figures['board']}"]
    for key, label in labels:
        value = figures[key]
        lines.append(f"  {label:<{width}}  {'—' if value is None else value}")
    distances = figures["distances"]
    if "problems" in figures:
        problems = figures["problems"]
        lines.append(f"  {'problems':<{width}}  {problems['errors']} errors, {problems['warnings']} warnings")
    lines.append(f"circles within {distances['moves']} normal moves of each red circle:")
    lines += [f"  {row['circle']:>5}  {row['within']}" for row in distances["from_red"]] or ["  (no red circles)"]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Print the figures of the board file ``args.board``; problems go to stderr."""
    project, report = load_board_project(args, args.board)
    boards = project.of_kind("board")
    if not boards:
        if report.ok:
            raise UsageError(f"{args.board} holds no board (its 'kind' is not 'board')")
        print(report.format_text(), file=sys.stderr)
        return EXIT_PROBLEMS
    figures = [{**board_stats(board), "problems": _problems(report, board)} for board in boards]
    if args.format == "json":
        print(json.dumps(figures[0] if len(figures) == 1 else figures, indent=2))
    else:
        print("\n\n".join(format_text(f) for f in figures))
    _warn(report)
    return EXIT_OK if report.ok else EXIT_PROBLEMS


def load_board_project(args: argparse.Namespace, name: str) -> tuple[Any, Report]:
    """The board file or board id ``name`` with the project's rulesets, loaded and checked."""
    from gaslight.domain.board.checks import check_project
    from gaslight.project import load_project

    path = Path(name)
    if path.is_dir():
        raise UsageError(f"{name} is a folder; name a board file or a board id")
    if not path.is_file():
        path = _board_by_id(args, name)
    project, report = load_project([path, *_hunt_rules(args, path)], deep=False)
    check_project(project, report)
    return project, report


def _board_by_id(args: argparse.Namespace, board_id: str) -> Path:
    """The project's board file with ``board_id``."""
    if Path(board_id).suffix in (".yaml", ".yml") or "/" in board_id:
        raise UsageError(f"no such board file: {board_id}")
    files = _project_files(args, required=True)
    found = files_of_kind(files, "board", board_id)
    if not found:
        known = ", ".join(sorted(p.stem for p in files_of_kind(files, "board"))) or "none"
        raise UsageError(f"no board file or board id '{board_id}' in the project (boards: {known})")
    return found[0]


def _project_files(args: argparse.Namespace, *, required: bool = False, near: Sequence[Path] = ()) -> list[Path]:
    from gaslight.project import bundled_files

    config = require_config(args) if required else project_config(args, near=near)
    if config is None:
        return []
    found = walk(config.content, ignore_root=config.root, exclude=config.exclude, prune=(config.output,))
    return [*found.scenarios, *bundled_files(config)]


def _hunt_rules(args: argparse.Namespace, board: Path) -> list[Path]:
    """The project's rulesets, so the board's needs (women, patrols) come from its hunt rules."""
    return [p for p in files_of_kind(_project_files(args, near=[board]), "ruleset") if p.resolve() != board.resolve()]


def _problems(report: Report, board: Board) -> dict[str, int]:
    found = report.for_file(board.location.file)
    errors = sum(d.severity is Severity.ERROR for d in found)
    return {"errors": errors, "warnings": len(found) - errors}


def _warn(report: Report) -> None:
    if report.diagnostics:
        print(report.format_text(), file=sys.stderr)
