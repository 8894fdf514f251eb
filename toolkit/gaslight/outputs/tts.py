"""Tabletop Simulator saved objects: a deck (or a case's cards) as the JSON TTS keeps in its Saved Objects folder.

The object has the shape TTS itself writes (compared with saves written by TTS, such as the
Arkham Horror LCG mod's ``objects/TarotDeck.77f1e5.json`` in argonui/SCED): a ``DeckCustom``
holding one ``Card`` per physical card. Each sheet is one ``CustomDeck`` entry (key ``"1"``,
``"2"``, …); a card's ``CardID`` is its sheet × 100 + its slot, and a card's copies repeat its
``CardID``. ``BackIsHidden`` makes TTS show the back for a card hidden in a hand ("whether the card
back should be used as the hidden image, instead of the last slot of the face image", TTS's API
documentation), so every slot of a sheet holds a face. A single card is a ``CardCustom``. GUIDs
come from the content, so the same deck gives the same bytes.

Image URLs are the published site's (``site_url`` in ``gaslight.yaml``), which every player's TTS
can load, or else ``file://`` paths, which only work on the machine that wrote them.

>>> TtsNames("ripper-rummy").sheet(2), TtsNames("ripper-rummy").saved_object
('ripper-rummy-tts-2.jpg', 'ripper-rummy.tts.json')
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaslight.cache import cached
from gaslight.config import ProjectConfig
from gaslight.languages import ENGLISH, site_word
from gaslight.outputs.card_images import TtsCard, TtsLayout, TtsPictures
from gaslight.outputs.download_rows import Download, said
from gaslight.outputs.sink import BuildOutput

DECK_FOLDER, CASE_FOLDER = "decks", "walton"  # where a build keeps them under print/ (served at print/ too)
CARD_SHAPE = 0  # TTS's CustomDeck Type: 0 is the rounded rectangle of playing cards
GUID_LENGTH = 6  # hex digits, as TTS writes them
CARD_TINT = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # TTS's untinted card (its default ColorDiffuse)

SAVED_OBJECTS = "Documents/My Games/Tabletop Simulator/Saves/Saved Objects"  # where TTS looks for them


@dataclass(frozen=True)
class TtsNames:
    """The file names of one object's pictures and JSON, the same in a build and from ``gaslight cards``
    (so an object written by either can point at the pictures the published site serves)."""

    id: str

    def sheet(self, number: int) -> str:
        return f"{self.id}-tts-{number}.jpg"

    def back_sheet(self, number: int) -> str:
        return f"{self.id}-tts-back-{number}.jpg"

    @property
    def back(self) -> str:
        return f"{self.id}-tts-back.png"

    @property
    def saved_object(self) -> str:
        return f"{self.id}.tts.json"


def language_folder(folder: str, language: str | None = None) -> str:
    """Where a Walton case's or a deck's TTS object is kept under ``print/`` (``folder``: :data:`CASE_FOLDER` or
    :data:`DECK_FOLDER`): there for the main language, else (``language``, one with printable words of its own)
    beside that language's card sheets.

    >>> language_folder(CASE_FOLDER), language_folder(CASE_FOLDER, "ja"), language_folder(DECK_FOLDER, "ja")
    ('walton', 'walton/ja', 'decks/ja')
    """
    return f"{folder}/{language}" if language else folder


def site_base(site_url: str, folder: str) -> str:
    """Where the published site serves the pictures of ``folder`` (``decks``, ``walton``) of the print files.

    >>> site_base("https://ex.github.io/games/", "decks")
    'https://ex.github.io/games/print/decks/'
    """
    return site_url + BuildOutput.printable_path(f"{folder}/")


def file_base(folder: Path) -> str:
    """The ``file://`` address of ``folder`` with a trailing slash, for TTS on this computer.

    >>> file_base(Path("/games/build/print/decks"))
    'file:///games/build/print/decks/'
    """
    return folder.resolve().as_uri().rstrip("/") + "/"


def picture_files(pictures: TtsPictures, names: TtsNames) -> dict[str, bytes]:
    """Every picture the saved object points at, by file name."""
    files = {names.sheet(n): sheet.image for n, sheet in enumerate(pictures.sheets, start=1)}
    for number, sheet in enumerate(pictures.sheets, start=1):
        if sheet.back is not None:
            files[names.back_sheet(number)] = sheet.back
    if not pictures.unique_back:
        files[names.back] = pictures.back
    return files


def _transform() -> dict[str, float]:
    """Face down at the middle of the table, as a deck is dealt from."""
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def guids(seed: str, count: int) -> list[str]:
    """``count`` distinct GUIDs derived from ``seed`` (the same seed, the same GUIDs).

    >>> guids("deck", 2) == guids("deck", 2), len(set(guids("deck", 500)))
    (True, 500)
    """
    found: list[str] = []
    seen: set[str] = set()
    attempt = 0
    while len(found) < count:
        guid = hashlib.sha256(f"{seed}:{attempt}".encode()).hexdigest()[:GUID_LENGTH]
        attempt += 1
        if guid not in seen:
            seen.add(guid)
            found.append(guid)
    return found


def _custom_decks(pictures: TtsPictures, names: TtsNames, base_url: str) -> dict[str, dict[str, Any]]:
    decks = {}
    for number, sheet in enumerate(pictures.sheets, start=1):
        back = names.back_sheet(number) if sheet.back is not None else names.back
        decks[str(number)] = {"FaceURL": base_url + names.sheet(number), "BackURL": base_url + back,
                              "NumWidth": sheet.columns, "NumHeight": sheet.rows, "BackIsHidden": True,
                              "UniqueBack": sheet.back is not None, "Type": CARD_SHAPE}
    return decks


def _object(guid: str, name: str, nickname: str, description: str, sideways: bool, hands: bool) -> dict[str, Any]:
    """The keys TTS writes for every card and deck, at the values it gives a new one."""
    return {"GUID": guid, "Name": name, "Transform": _transform(), "Nickname": nickname, "Description": description,
            "GMNotes": "", "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0}, "ColorDiffuse": dict(CARD_TINT),
            "LayoutGroupSortIndex": 0, "Value": 0, "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
            "MeasureMovement": False, "DragSelectable": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "GridProjection": False, "HideWhenFaceDown": True, "Hands": hands, "SidewaysCard": sideways,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def _card(card: TtsCard, guid: str, custom_decks: dict[str, dict[str, Any]], sideways: bool,
          name: str = "Card") -> dict[str, Any]:
    return {**_object(guid, name, card.nickname, card.description, sideways, hands=True),
            "CardID": card.sheet * 100 + card.slot, "CustomDeck": {str(card.sheet): custom_decks[str(card.sheet)]}}


def saved_object(pictures: TtsPictures, names: TtsNames, base_url: str, description: str = "") -> str:
    """The saved object's JSON text (sorted keys, no dates): one deck, or one card for a single card.

    ``base_url`` ends with "/": the pictures' file names are joined onto it.
    """
    custom_decks = _custom_decks(pictures, names, base_url)
    physical = [card for card in pictures.cards for _ in range(card.copies)]
    seed = json.dumps([pictures.title, description, custom_decks,
                       [(c.nickname, c.description, c.copies) for c in pictures.cards]], sort_keys=True)
    deck_guid, *card_guids = guids(seed, 1 + len(physical))
    cards = [_card(card, guid, custom_decks, pictures.sideways)
             for card, guid in zip(physical, card_guids, strict=True)]
    if len(physical) == 1:
        single = _card(physical[0], deck_guid, custom_decks, pictures.sideways, name="CardCustom")
        state: dict[str, Any] = single
    else:
        state = {**_object(deck_guid, "DeckCustom", pictures.title, description, pictures.sideways, hands=False),
                 "DeckIDs": [card["CardID"] for card in cards], "CustomDeck": custom_decks, "ContainedObjects": cards}
    return save_text(state)


def kept_saved_object(pictures: TtsPictures, names: TtsNames, base_url: str, description: str = "") -> str:
    """:func:`saved_object`, kept in the running build's result cache by what it reads (the pictures' layout and
    cards, not their pixels): indenting a deck's thousands of keys takes Python's slow encoder."""
    layout = tuple((sheet.grid, sheet.cards, sheet.back is not None) for sheet in pictures.sheets)
    return cached("tts-object", (pictures.title, layout, pictures.cards, pictures.sideways, names, base_url,
                                 description), lambda: saved_object(pictures, names, base_url, description))


def save_text(*states: dict[str, Any]) -> str:
    """A saved object file holding ``states``: the wrapper TTS writes around them, dateless, keys sorted."""
    save = {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "", "GameComplexity": "",
            "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "TabStates": {},
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": list(states)}
    return json.dumps(save, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def build_base(config: ProjectConfig | None, folder: str) -> str:
    """Where a build's objects find the pictures of ``print/<folder>/``: the published site (``site_url``), else
    the project's output folder (``output:`` in ``gaslight.yaml``) as ``file://``.

    Never the folder a build is written to, which ``--out`` may change: the same project gives the same bytes
    wherever it is built. (With no project, the site's own relative path.)
    """
    if config is None:
        return BuildOutput.printable_path(f"{folder}/")
    if config.site_url:
        return site_base(config.site_url, folder)
    return file_base(config.output / BuildOutput.printable_path(folder))


def download_rows(folder: str, subject_id: str, layout: TtsLayout) -> list[Download]:
    """The download rows of a Tabletop Simulator object kept under ``print/<folder>/`` with its sheets laid out as
    ``layout`` says: named before (or without) drawing them, as a page that does not wait for them lists them."""
    names = TtsNames(subject_id)

    def path(name: str) -> str:
        return BuildOutput.printable_path(f"{folder}/{name}")

    rows = [Download(said("download.tts_object"), (said("download.tts_object_note"),), path(names.saved_object))]
    columns, rows_down = layout.grid.columns, layout.grid.rows
    for number, cards in enumerate(layout.sheets, start=1):
        label = said("download.tts_sheet_numbered", number=number) if len(layout.sheets) > 1 else said(
            "download.tts_sheet")
        rows.append(Download(label, (said("download.tts_sheet_note", columns=columns, rows=rows_down, cards=cards),),
                             path(names.sheet(number))))
    if not layout.unique_back:  # else each sheet has its back sheet (picture_files)
        rows.append(Download(said("download.tts_back"), (said("download.tts_back_note"),), path(names.back)))
    return rows


def write_object(out: BuildOutput, folder: str, subject_id: str, pictures: TtsPictures,
                 config: ProjectConfig | None, description: str) -> None:
    """Write a Tabletop Simulator saved object and its pictures under ``print/<folder>/`` (the files
    :func:`download_rows` names). Its pictures are found as :func:`build_base` says."""
    names = TtsNames(subject_id)
    for name, data in picture_files(pictures, names).items():
        out.printable(f"{folder}/{name}", data)
    saved = kept_saved_object(pictures, names, build_base(config, folder), description).encode("utf-8")
    out.printable(f"{folder}/{names.saved_object}", saved)


def build_downloads(out: BuildOutput, folder: str, subject_id: str, pictures: TtsPictures,
                    config: ProjectConfig | None, description: str) -> list[Download]:
    """:func:`write_object`, and its download rows."""
    write_object(out, folder, subject_id, pictures, config, description)
    return download_rows(folder, subject_id, pictures.layout)


def tts_notes(pictures: TtsPictures, names: TtsNames, base_url: str, language: str = ENGLISH) -> str:
    """How to bring the object into Tabletop Simulator, and the sheets' numbers for a Custom Deck by hand, in
    ``language`` (the site's words ``tts.notes.*``; TTS's own menu and field names as TTS shows them)."""
    def words(key: str, **values: object) -> str:
        return site_word(f"tts.notes.{key}", language, **values)

    lines = [words("title", title=pictures.title), words("load", file=names.saved_object, folder=SAVED_OBJECTS),
             words("pictures", url=base_url)]
    if base_url.startswith("file:"):
        lines.append(words("hosting"))
    lines += ["", words("by_hand")]
    for number, sheet in enumerate(pictures.sheets, start=1):
        back = names.back_sheet(number) if sheet.back is not None else names.back
        lines.append("  " + words("sheet", sheet=names.sheet(number), back=back,
                                  unique=words("unique") if sheet.back is not None else "", columns=sheet.columns,
                                  rows=sheet.rows, cards=sheet.cards,
                                  sideways=words("sideways") if pictures.sideways else ""))
    lines.append(words("copies"))
    return "\n".join(lines) + "\n"
