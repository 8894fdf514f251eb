"""``gaslight check FILE`` imports only what FILE's checks need (issue 39: start-up is most of a one-file check).

The board geometry's libraries (shapely, networkx, numpy: ~0.25 s of imports) are for analysing a board: a deck,
a case or its mansion is checked without them (a case without the PDF and picture libraries too), and a board
whose analysis the result cache holds as well. Each
check runs in a fresh interpreter and lists the heavy packages it imported, so a module-level import added
anywhere on the way fails here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from gaslight.cli import main

HEAVY = ("shapely", "networkx", "numpy", "reportlab", "PIL", "clingo")
LIST_IMPORTS = """
import sys
from gaslight.cli import main
code = main(["check", sys.argv[1]])
print(code, " ".join(sorted({name.split(".")[0] for name in sys.modules} & set(sys.argv[2:]))))
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("imports") / "game"
    assert main(["init", str(root)]) == 0
    return root


def heavy_imports(game: Path, file: str) -> str:
    done = subprocess.run([sys.executable, "-c", LIST_IMPORTS, file, *HEAVY], cwd=game, capture_output=True,
                          text=True, check=True)
    return done.stdout.splitlines()[-1]


@pytest.mark.parametrize(("file", "imported"), [
    ("decks/alibi-cards.yaml", "0 PIL reportlab"),  # the card faces: text fitted as printed, art read
    ("walton/cases/first-case.yaml", "0 clingo"),  # the proof
    ("walton/mansion.yaml", "0 clingo"),  # and its cases' proofs
])
def test_a_file_is_checked_with_the_libraries_its_checks_need_and_no_others(game: Path, file: str,
                                                                            imported: str) -> None:
    assert heavy_imports(game, file) == imported


def test_a_board_is_analysed_with_the_geometry_libraries_once_then_checked_from_the_cache(game: Path) -> None:
    assert heavy_imports(game, "boards/first-quarter.yaml") == "0 networkx numpy shapely"
    assert heavy_imports(game, "boards/first-quarter.yaml") == "0 ", "its analysis came from .gaslight-cache"
