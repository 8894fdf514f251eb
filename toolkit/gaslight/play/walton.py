"""Bot games of a Walton case at the table, run by Node.js with the browser engine's own code, and their report.

The engine's ``tableplay.mjs`` plays the games (``table.js`` with the bots of ``tablebots.js``);
:func:`play_case` splits them over worker processes (contiguous seeds, so the figures do not depend on how many)
and :func:`report` adds the workers' counts up into the ``gaslight-playtest/1`` figures that ``gaslight playtest``
prints and the case pages show.

>>> report({"case": "c", "seats": 4, "games": 3, "seed": 1, "solved": 2, "unsolved": 0, "stalled": 1,
...         "wrong_solves": 1, "rounds": {"5": 1, "8": 1}, "seen_at_solve": {"40": 2}})["mean_rounds"]
6.5
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gaslight.errors import UsageError
from gaslight.play.node import NODE_FLAGS, node_executable, split_games
from gaslight.resources import SITE_DIR

FORMAT = "gaslight-playtest/1"
MAX_GAMES = 10_000
SEATS = range(2, 6)
#: A bot game takes a tenth of a second or so; a worker gets this long per game before it is stopped.
SECONDS_PER_GAME = 3.0
_COUNTS = ("games", "solved", "unsolved", "stalled", "wrong_solves")


def check_request(seats: int, games: int) -> None:
    """A usage error for a table size or a number of games out of range."""
    if seats not in SEATS:
        raise UsageError(f"a Walton table seats {SEATS.start} to {SEATS.stop - 1} players, not {seats}")
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games takes 1 to {MAX_GAMES} games, not {games}")


def merge(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One raw report from the workers' (counts summed, histograms added)."""
    total: dict[str, Any] = {key: sum(p[key] for p in parts) for key in _COUNTS}
    for table in ("rounds", "seen_at_solve"):
        total[table] = {}
        for part in parts:
            for value, count in part[table].items():
                total[table][value] = total[table].get(value, 0) + count
    return {**parts[0], **total, "seed": min(p["seed"] for p in parts)}


def _mean(histogram: dict[str, int], places: int) -> float | None:
    games = sum(histogram.values())
    return round(sum(int(v) * n for v, n in histogram.items()) / games, places) if games else None


def report(raw: dict[str, Any]) -> dict[str, Any]:
    """The JSON contract: counts, mean rounds and cards seen at the first right answer, and the round spread."""
    return {
        "format": FORMAT, "case": raw["case"], "seats": raw["seats"], "seed": raw["seed"],
        **{key: raw[key] for key in _COUNTS},
        "mean_rounds": _mean(raw["rounds"], 2),
        "cards_seen_at_solve": _mean(raw["seen_at_solve"], 1),
        "rounds": {str(k): raw["rounds"][k] for k in sorted(raw["rounds"], key=int)},
    }


def play_case(case_export: dict[str, Any], seats: int, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """Play ``games`` bot games of the case from ``seed`` on, over ``jobs`` Node.js workers; the report."""
    check_request(seats, games)
    batches = [[{"case": case_export, "seats": seats, "games": share, "seed": start}]
               for share, start in split_games(games, seed, jobs)]
    return report(merge([found for (found,) in _play(batches)]))


#: A case export's words, which the table's bots never read (only its log and the browser show them): its title,
#: what it says of who may lie, each card's text and speaker, and the mansion's names and written traces.
_WORDS = frozenset({"title", "who_may_lie", "description", "text", "speaker", "name"})


def table_reads(export: Any, mansion: bool = False) -> Any:
    """What the bots read of a case export (the export without its words): a playtest is kept by it, so editing a
    card's words replays no games (a test plays every bundled case with and without its words).

    >>> table_reads({"id": "c", "title": "T", "cards": [{"number": 1, "by": "cook", "text": "Said."}],
    ...              "mansion": {"weapons": [{"id": "knife", "name": "Knife", "traces": ["A cut"]}]}})
    {'id': 'c', 'cards': [{'number': 1, 'by': 'cook'}], 'mansion': {'weapons': [{'id': 'knife', 'traces': 1}]}}
    """
    if isinstance(export, dict):
        return {key: len(value) if mansion and key == "traces" and isinstance(value, list)
                else table_reads(value, mansion or key == "mansion")
                for key, value in export.items() if not (key in _WORDS and isinstance(value, str))}
    if isinstance(export, list):
        return [table_reads(item, mansion) for item in export]
    return export


def play_cases(case_exports: Sequence[dict[str, Any]], seats: int, games: int, seed: int,
               jobs: int) -> list[dict[str, Any]]:
    """The same table for several cases (each case's games on one worker, cases shared out): a report each.

    Reports are remembered by their request for the life of the process, so a live preview (``gaslight serve``)
    replays only the cases that changed: the same request always plays the same games.
    """
    check_request(seats, games)
    runs = [{"case": export, "seats": seats, "games": games, "seed": seed} for export in case_exports]
    keys = [hashlib.sha256(json.dumps(run, sort_keys=True).encode()).hexdigest() for run in runs]
    todo = [i for i, key in enumerate(keys) if key not in _PLAYED]
    batches = [[runs[i] for i in todo[b::jobs]] for b in range(min(jobs, len(todo)))]
    played = _play(batches) if batches else []
    for b, batch in enumerate(played):
        for i, found in zip(todo[b::jobs], batch, strict=True):
            _remember(keys[i], found)
    return [report(_PLAYED[key]) for key in keys]


_PLAYED: dict[str, dict[str, Any]] = {}
_REMEMBERED = 512


def _remember(key: str, found: dict[str, Any]) -> None:
    if len(_PLAYED) >= _REMEMBERED:
        del _PLAYED[next(iter(_PLAYED))]
    _PLAYED[key] = found


def _play(batches: Sequence[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """Each batch of requests played by one Node.js worker, all at once; their raw reports, batch by batch."""
    node = node_executable()
    script = SITE_DIR / "engine" / "walton" / "tableplay.mjs"
    workers = []
    played = []
    folder = tempfile.TemporaryDirectory(prefix="gaslight-playtest-")
    try:
        for i, batch in enumerate(batches):
            request = Path(folder.name) / f"request-{i}.json"
            request.write_text(json.dumps(batch), encoding="utf-8")
            workers.append((sum(r["games"] for r in batch), subprocess.Popen(
                [node, *NODE_FLAGS, str(script), str(request)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True)))
        for games, worker in workers:
            limit = 30 + SECONDS_PER_GAME * games
            try:
                out, err = worker.communicate(timeout=limit)
            except subprocess.TimeoutExpired:
                raise UsageError(f"the playtest stopped: {games} games took longer than {limit:g} s; "
                                 "play fewer games (--games)") from None
            if worker.returncode != 0 or not out.strip():
                tail = "\n".join(err.strip().splitlines()[-5:]) or f"exit {worker.returncode}"
                raise UsageError(f"the engine's table bots failed: {tail}")
            played.append(json.loads(out))
    finally:
        for _, worker in workers:
            if worker.poll() is None:
                worker.kill()
                worker.wait()
        folder.cleanup()
    return played
