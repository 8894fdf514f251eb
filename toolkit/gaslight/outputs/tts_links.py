"""Links from the board and case pages to their Tabletop Simulator objects, with how to load one.

The objects themselves are written by :mod:`gaslight.outputs.tts_board` (a board, and each hunt
ruleset's pawns and tokens, under ``print/boards/``) and :mod:`gaslight.outputs.decks` (a case's deck,
under ``print/walton/``, and ``print/walton/<code>/`` in each other language its cards print in). Their
names are fixed: a board page links what tts_board wrote before it, and a case page links its deck, which
the decks contributor writes for every case with its mansion.

>>> board_objects_path("starter")
'print/boards/starter.tts.json'
>>> pieces_path("whitechapel-hunt"), case_object_path("oil-and-chalk")
('print/boards/whitechapel-hunt-pieces.tts.json', 'print/walton/oil-and-chalk.tts.json')
>>> case_object_path("oil-and-chalk", "ja")
'print/walton/ja/oil-and-chalk.tts.json'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gaslight.config import ProjectConfig
from gaslight.languages import ENGLISH, pick, site_word
from gaslight.outputs.sink import BuildOutput, page_link
from gaslight.outputs.text import md_text
from gaslight.outputs.tts import CASE_FOLDER, SAVED_OBJECTS, TtsNames, language_folder
from gaslight.outputs.tts_board import BOARD_FOLDER


def board_objects_path(board_id: str) -> str:
    return BuildOutput.printable_path(f"{BOARD_FOLDER}/{board_id}.tts.json")


def pieces_path(ruleset_id: str) -> str:
    return BuildOutput.printable_path(f"{BOARD_FOLDER}/{ruleset_id}-pieces.tts.json")


def case_object_path(case_id: str, language: str | None = None) -> str:
    """The case's deck: the main language's, or (``language``) the one in a language with its own printed cards."""
    return BuildOutput.printable_path(f"{language_folder(CASE_FOLDER, language)}/{TtsNames(case_id).saved_object}")


def hunt_rulesets(rulesets: Sequence[Any]) -> list[Any]:
    """The rulesets that get pawns and tokens (the hunt and the rulesets extending it), as tts_board writes them."""
    return [ruleset for ruleset in rulesets if getattr(ruleset, "family", None) == "hunt"]


def ruleset_titles(project: Any, language: str) -> dict[str, str]:
    """Each ruleset's title in ``language``, by id, as its file writes it (its first language's when it has none
    in ``language``): the board pages name the hunt's pieces by it.

    >>> from types import SimpleNamespace as N
    >>> doc = N(data={"kind": "ruleset", "id": "hunt", "title": {"en": "The hunt", "ja": "追跡"}})
    >>> ruleset_titles(N(documents=[doc, N(data=None)]), "ja"), ruleset_titles(N(documents=[doc]), "fr")
    ({'hunt': '追跡'}, {'hunt': 'The hunt'})
    """
    titles = {}
    for doc in project.documents:
        data = doc.data
        if isinstance(data, dict) and data.get("kind") == "ruleset" and isinstance(data.get("id"), str):
            title = pick(data.get("title"), language)
            if isinstance(title, str):
                titles[data["id"]] = title
    return titles


def load_note(config: ProjectConfig | None, language: str = ENGLISH) -> str:
    """How to bring a saved object into Tabletop Simulator, and where its pictures are read from.

    >>> load_note(None).startswith("To load one, copy its .tts.json file into Tabletop Simulator's")
    True
    >>> load_note(None, "ja").startswith("読み込むには")
    True
    """
    where = (site_word("tts.published", language, url=config.site_url)
             if config is not None and config.site_url else site_word("tts.local", language))
    return site_word("tts.load", language, folder=SAVED_OBJECTS, where=where)


def board_section(out: BuildOutput, page: str, board_id: str, rulesets: Sequence[Any],
                  config: ProjectConfig | None, language: str = ENGLISH,
                  titles: Mapping[str, str] | None = None) -> list[str]:
    """The board page's "Tabletop Simulator" section in ``language``: the board and the pieces of every hunt
    ruleset that :mod:`gaslight.outputs.tts_board` (which runs first) wrote, and the note; nothing when it wrote
    none. ``titles``: the rulesets' titles in ``language`` by id (:func:`ruleset_titles`; else as loaded)."""

    board = board_objects_path(board_id)
    rows = [(board, "- " + site_word("tts.board", language, link=page_link(page, board)))]
    rows += [(pieces_path(ruleset.id), "- " + site_word("tts.pieces", language,
                                                        ruleset=md_text((titles or {}).get(ruleset.id, ruleset.title)),
                                                        link=page_link(page, pieces_path(ruleset.id))))
             for ruleset in hunt_rulesets(rulesets)]
    lines = [line for target, line in rows if (out.docs / target).is_file()]
    return ([f"## {site_word('tts.heading', language)}", "", *lines, "", md_text(load_note(config, language)), ""]
            if lines else [])
