"""The board editor's checks and saves, run in a process of their own so that :mod:`gaslight.editor_api` can stop
one at its time bound (a board too large or too tangled to check while the designer edits).

The process reports each step as it is done, through ``conn``:

* ``("load", shaped, loads, problems)``: the data has a board file's shape (it reads back as sent and passes the
  schema), it loads as a board without errors, and the problems found so far;
* ``("text", text)``: for a save, the file's new text (sent only when the data may be written: a new file must
  load without errors, an edit must have a board file's shape);
* ``("board", problems)``: every problem ``gaslight check`` finds, the board checks included;
* ``("failed", traceback)``: a bug.

>>> from multiprocessing import Pipe
>>> from gaslight.resources import BUNDLED_DIR
>>> from gaslight.boardedit import read_board
>>> mine, theirs = Pipe(duplex=False)
>>> work(theirs, Task(read_board(BUNDLED_DIR / "boards" / "tutorial.yaml"), "tutorial.yaml"))
>>> [mine.recv()[:3], mine.recv()]
[('load', True, True), ('board', [])]
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from gaslight.boardedit import diagnostics_json, load_report, new_text, saved_text
from gaslight.domain.board.checks import check_board


@dataclass(frozen=True)
class Task:
    """One check (``save`` False) or save of board ``data`` as the file ``name``.

    ``original``: the file's text when the save edits a file (None: a new file, whose first line is
    ``first_line``, its schema modeline).
    """

    data: dict[str, Any]
    name: str
    save: bool = False
    original: str | None = None
    first_line: str = ""


def work(conn: Connection, task: Task) -> None:
    """Do ``task``, sending each step to ``conn`` as it is done (see the module's description)."""
    try:
        loaded = load_report(task.data, task.name)
        conn.send(("load", loaded.shaped, loaded.board is not None, diagnostics_json(loaded.report)))
        if task.save:
            writable = loaded.board is not None if task.original is None else loaded.shaped
            if not writable:
                return
            new = task.original is None
            text = new_text(task.data, task.first_line) if new else saved_text(task.original or "", task.data)
            conn.send(("text", text))
        if loaded.board is not None:
            check_board(loaded.board, loaded.report)
        conn.send(("board", diagnostics_json(loaded.report)))
    except Exception:  # a bug: the server logs it and answers 500
        conn.send(("failed", traceback.format_exc()))
    finally:
        conn.close()


def _warm() -> None:
    """Check a small board once, so every process forked from the one that imported this module starts with the
    schema compiled and the geometry libraries loaded (a check then costs what the board costs, not a start-up)."""
    from multiprocessing import Pipe

    mine, theirs = Pipe(duplex=False)
    work(theirs, Task({"kind": "board", "id": "w", "title": "W", "unit": "mm", "canvas": {"width": 10, "height": 10},
                       "circles": [{"number": 1, "at": [1, 1]}, {"number": 2, "at": [9, 1]}],
                       "crossings": [{"id": "k1", "at": [5, 9]}], "segments": [[1, 2], [2, "k1"], ["k1", 1]]},
                      "warm.yaml"))
    while mine.poll():
        try:
            mine.recv()
        except EOFError:
            break
