"""The committed engine fixtures: board JSON and conformance vectors exported from Python.

The node tests (``tests/js``) replay these; ``test_fixtures_current.py`` fails when they no
longer match what the Python move model exports. Regenerate with::

    .venv/bin/python tests/engine/fixture_data.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "js" / "fixtures"
VECTOR_COUNT = 300


def dump(data: object) -> str:
    """Compact, stable JSON text with a final newline."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"


def render(board_yaml: Path) -> dict[Path, str]:
    """The files exported for one fixture board: ``<id>.board.json`` and ``<id>.vectors.json``."""
    from gaslight.domain.board.export import board_json, conformance_vectors
    from gaslight.project import load_project

    project, report = load_project([board_yaml], deep=False)
    if not report.ok:
        raise ValueError("\n".join(d.format_text() for d in report.diagnostics))
    (board,) = project.of_kind("board")
    return {
        FIXTURES / f"{board.id}.board.json": dump(board_json(board)),
        FIXTURES / f"{board.id}.vectors.json": dump(conformance_vectors(board, seed=0, count=VECTOR_COUNT)),
    }


WALTON_CASE = "the-bolted-door"  # a bundled level-I case: the table bots' node tests play it


def walton_case() -> dict[Path, str]:
    """The case export the table bots' node tests play (``walton-<id>.json``)."""
    from gaslight.domain.walton.export import case_json

    from tests.walton_cases.helpers import CASE_DIR, case, mansion

    return {FIXTURES / f"walton-{WALTON_CASE}.json": dump(case_json(mansion(), case(CASE_DIR / f"{WALTON_CASE}.yaml")))}


def expected() -> dict[Path, str]:
    """Every fixture file as the Python model exports it now."""
    files: dict[Path, str] = {}
    for board_yaml in sorted(FIXTURES.glob("*.yaml")):
        files.update(render(board_yaml))
    files.update(walton_case())
    return files


def main() -> None:
    for path, text in expected().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))
    main()
