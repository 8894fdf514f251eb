"""Links from the board and case pages to their Tabletop Simulator objects, with how to load one.

The objects themselves are written by :mod:`gaslight.outputs.tts_board` (a board, and each hunt
ruleset's pawns and tokens, under ``print/boards/``) and :mod:`gaslight.outputs.decks` (a case's deck,
under ``print/walton/``). Their names are fixed: a board page links what tts_board wrote before it, and a
case page links its deck, which the decks contributor writes for every case with its mansion.

>>> board_objects_path("starter")
'print/boards/starter.tts.json'
>>> pieces_path("whitechapel-hunt"), case_object_path("oil-and-chalk")
('print/boards/whitechapel-hunt-pieces.tts.json', 'print/walton/oil-and-chalk.tts.json')
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from typing import Any

from gaslight.config import ProjectConfig
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.text import md_text
from gaslight.outputs.tts import CASE_FOLDER, TtsNames
from gaslight.outputs.tts_board import BOARD_FOLDER

SAVED_OBJECTS = "Documents/My Games/Tabletop Simulator/Saves/Saved Objects"


def board_objects_path(board_id: str) -> str:
    return BuildOutput.printable_path(f"{BOARD_FOLDER}/{board_id}.tts.json")


def pieces_path(ruleset_id: str) -> str:
    return BuildOutput.printable_path(f"{BOARD_FOLDER}/{ruleset_id}-pieces.tts.json")


def case_object_path(case_id: str) -> str:
    return BuildOutput.printable_path(f"{CASE_FOLDER}/{TtsNames(case_id).saved_object}")


def hunt_rulesets(rulesets: Sequence[Any]) -> list[Any]:
    """The rulesets that get pawns and tokens (the hunt and the rulesets extending it), as tts_board writes them."""
    return [ruleset for ruleset in rulesets if getattr(ruleset, "family", None) == "hunt"]


def load_note(config: ProjectConfig | None) -> str:
    """How to bring a saved object into Tabletop Simulator, and where its pictures are read from.

    >>> load_note(None).startswith("To load one, copy its .tts.json file into Tabletop Simulator's")
    True
    """
    where = (f"Its pictures are read from the published site ({config.site_url}): publish the site before you play."
             if config is not None and config.site_url else
             "Its pictures are read from this computer's build folder (file://), which only you can see: to play "
             "with others, set site_url in gaslight.yaml, build and publish the site.")
    return (f"To load one, copy its .tts.json file into Tabletop Simulator's Saved Objects folder ({SAVED_OBJECTS}), "
            f"then in a game choose Objects › Saved Objects and click it. {where}")


def board_section(out: BuildOutput, page: str, board_id: str, rulesets: Sequence[Any],
                  config: ProjectConfig | None) -> list[str]:
    """The board page's "Tabletop Simulator" section: the board and the pieces of every hunt ruleset that
    :mod:`gaslight.outputs.tts_board` (which runs first) wrote, and the note; nothing when it wrote none."""

    def rel(target: str) -> str:
        return posixpath.relpath(target, posixpath.dirname(page))

    board = board_objects_path(board_id)
    rows = [(board, f"- [The board]({rel(board)}) — a locked custom board showing this map, as large as Tabletop "
                    "Simulator draws a picture")]
    rows += [(pieces_path(ruleset.id), f"- [Pawns and tokens, {md_text(ruleset.title)}]({rel(pieces_path(ruleset.id))})"
              " — a police pawn of each colour, the patrol tokens (real and blank) face down, clue, women, coach and "
              "alley tokens and the crime scene markers") for ruleset in hunt_rulesets(rulesets)]
    lines = [line for target, line in rows if (out.docs / target).is_file()]
    return ["## Tabletop Simulator", "", *lines, "", md_text(load_note(config)), ""] if lines else []
