"""Tabletop Simulator pieces for the Whitechapel hunt: pawns and tokens, counted from a hunt ruleset.

For every ruleset of the hunt, ``<ruleset>-pieces.tts.json`` (under ``print/boards/``, beside the
boards' objects) holds a police pawn of each colour (TTS's own ``PlayerPawn``) and every token as a
round ``Custom_Tile`` (front picture, shared back, hidden face down), stacked by kind: patrol tokens (one of each
pawn's colour and the blank fakes), clue markers, women tokens (the most a night needs, that
night's marked ones carrying the target), coach and alley tokens (the most a night gives) and a
crime scene marker per victim. A real and a fake patrol token, or a marked and a plain woman token,
carry the same name, so nothing but the face tells them apart. The counts are the ruleset's
defaults. The token pictures are drawn like the cards (PDF, rasterised) and named by the ruleset.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.colors import HexColor

from gaslight.domain.decks.print_spec import PrintSpec
from gaslight.domain.rules.ruleset import Ruleset, resolve
from gaslight.languages import ENGLISH, site_word
from gaslight.outputs.card_faces import text_colour
from gaslight.outputs.card_images import png_bytes, render_faces
from gaslight.outputs.cardsheet import CardFace, CardSheetSettings
from gaslight.outputs.pdf import FONT_BOLD, text_font
from gaslight.outputs.tts import guids, save_text

# The police pawns' colours in the browser engine's order (site/engine/hunt/letters.js PAWN_COLOURS).
PAWN_COLOURS: tuple[tuple[str, str], ...] = (("yellow", "#e2b714"), ("red", "#b8322a"), ("green", "#2e7d4f"),
                                              ("blue", "#2f5fa7"), ("brown", "#7b5230"))
OTHER_PAWN = "#777777"  # a sixth pawn and more: the engine names them "pawn 6" …
TOKEN_MM = 20.0  # drawn at this size (the type scales with it); TTS sizes a tile by its transform
TOKEN_PIXELS = 256
TILE_CIRCLE = 2  # CustomTile Type: 0 box, 1 hex, 2 circle, 3 rounded box


@dataclass(frozen=True)
class TokenKind:
    """Tokens of one picture: ``count`` of them, stacked, with the kind's front and the shared back."""

    key: str
    name: str  # what TTS shows: the same for a real and a fake patrol token, a marked and a plain woman
    count: int
    label: str
    colour: str
    back: str  # key of the back picture


def _count(parameters: Mapping[str, Any], name: str, most: bool = True) -> int:
    """A count parameter; a per-night list gives its largest (``most``) or its total."""
    value = parameters.get(name, 0)
    if isinstance(value, (list, tuple)):
        numbers = [int(v) for v in value] or [0]
        return max(numbers) if most else sum(numbers)
    return int(value)


def pawn_colours(count: int) -> list[tuple[str, str]]:
    """(name, colour) of ``count`` police pawns.

    >>> pawn_colours(6)[-2:]
    [('brown', '#7b5230'), ('pawn 6', '#777777')]
    """
    return [PAWN_COLOURS[i] if i < len(PAWN_COLOURS) else (f"pawn {i + 1}", OTHER_PAWN) for i in range(count)]


def token_kinds(parameters: Mapping[str, Any], language: str = ENGLISH) -> list[TokenKind]:
    """Every kind of token a hunt ruleset's parameters call for, with how many, named in ``language``.

    >>> [kind.name for kind in token_kinds({"police_count": 1, "clue_markers": 3}, "ja")]
    ['巡回警官トークン', '手がかりマーカー']
    """
    def name(back: str) -> str:
        return site_word(f"tts.piece.{back}", language)

    pawns = pawn_colours(_count(parameters, "police_count"))
    kinds = [TokenKind(f"patrol-{i + 1}", name("patrol"), 1, "P", colour, "patrol") for i, (_, colour) in
             enumerate(pawns)]
    marked = _count(parameters, "marked_women_per_night")
    women = max(_count(parameters, "women_per_night"), marked)
    kinds += [TokenKind("patrol-fake", name("patrol"), _count(parameters, "fake_patrols"), "", "#d9d2c0",
                        "patrol"),
              TokenKind("clue", name("clue"), _count(parameters, "clue_markers"), "?", "#e8c547", "clue"),
              TokenKind("woman-marked", name("woman"), marked, "X", "#8e1b1b", "woman"),
              TokenKind("woman", name("woman"), women - marked, "", "#efe6d2", "woman"),
              TokenKind("coach", name("coach"), _count(parameters, "coaches_per_night"), "C", "#3b3b58", "coach"),
              TokenKind("alley", name("alley"), _count(parameters, "alleys_per_night"), "A", "#4d5b3a", "alley"),
              TokenKind("crime-scene", name("crime-scene"), _count(parameters, "victims_per_night", most=False),
                        "†", "#5a1010", "crime-scene")]
    return [kind for kind in kinds if kind.count > 0]


# Each back's colour; its word is the site word tts.back.<key> in the pieces' language.
BACKS: dict[str, str] = {"patrol": "#1f3552", "clue": "#6b5a1e", "woman": "#efe6d2", "coach": "#3b3b58",
                         "alley": "#4d5b3a", "crime-scene": "#5a1010"}


def _disc(label: str, colour: str) -> CardFace:
    """A round token of ``colour`` with ``label`` in the middle (the corners are cut off by TTS's round tile)."""

    def draw(canvas: Any, width: float, height: float) -> None:
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.rect(-width, -height, 3 * width, 3 * height, stroke=0, fill=1)
        canvas.setFillColor(HexColor(colour))
        canvas.circle(width / 2, height / 2, width / 2, stroke=0, fill=1)
        if label:
            canvas.setFillColor(HexColor(text_colour(colour)))
            font = width * (0.5 if len(label) == 1 else 0.24)
            canvas.setFont(text_font(label, FONT_BOLD), font)
            canvas.drawCentredString(width / 2, height / 2 - font * 0.35, label)

    return CardFace(f"token:{label}:{colour}", draw)


def token_pictures(kinds: Sequence[TokenKind], language: str = ENGLISH) -> dict[str, bytes]:
    """PNG of each kind's front (``<key>``) and each back used (``back-<key>``, its word in ``language``), 256
    pixels across."""
    spec = PrintSpec(size="custom", width_mm=TOKEN_MM, height_mm=TOKEN_MM, bleed_mm=0.0, safe_mm=1.0)
    settings = replace(CardSheetSettings.for_print(spec, layout="single"), bleed_mm=0.0, crop_marks="none")
    backs = list(dict.fromkeys(kind.back for kind in kinds))
    faces = [_disc(kind.label, kind.colour) for kind in kinds]
    faces += [_disc(site_word(f"tts.back.{key}", language), BACKS[key]) for key in backs]
    images = render_faces(faces, settings, (TOKEN_PIXELS, TOKEN_PIXELS))
    names = [kind.key for kind in kinds] + [f"back-{key}" for key in backs]
    return {name: png_bytes(image) for name, image in zip(names, images, strict=True)}


def _piece(guid: str, name: str, nickname: str, x: float, y: float, z: float) -> dict[str, Any]:
    return {"GUID": guid, "Name": name, "Nickname": nickname, "Description": "", "GMNotes": "",
            "Transform": {"posX": x, "posY": y, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
                          "scaleX": 0.6, "scaleY": 1.0, "scaleZ": 0.6},
            "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0}, "LayoutGroupSortIndex": 0, "Value": 0, "Locked": False,
            "Grid": True, "Snap": True, "IgnoreFoW": False, "MeasureMovement": False, "DragSelectable": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": False,
            "Hands": False, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def pieces_object(ruleset_title: str, parameters: Mapping[str, Any], kinds: Sequence[TokenKind],
                  url: Any, language: str = ENGLISH) -> str:
    """The saved object: pawns in a row, then one stack per kind of token; ``url(name)`` names a picture; the
    pawns named in ``language``."""
    pawns = pawn_colours(_count(parameters, "police_count"))
    total = len(pawns) + sum(kind.count for kind in kinds)
    ids = iter(guids(json.dumps([ruleset_title, [vars(k) for k in kinds], url("")]), total))
    objects = []
    for i, (name, colour) in enumerate(pawns):
        red, green, blue = (int(colour[j:j + 2], 16) / 255 for j in (1, 3, 5))
        colour_name = site_word(f"tts.colour.{name}", language) if i < len(PAWN_COLOURS) else str(i + 1)
        pawn = _piece(next(ids), "PlayerPawn", site_word("tts.piece.pawn", language, colour=colour_name),
                      2.0 * i, 1.0, 4.0)
        pawn["ColorDiffuse"] = {"r": round(red, 4), "g": round(green, 4), "b": round(blue, 4)}
        pawn["Transform"].update(scaleX=1.0, scaleZ=1.0)
        objects.append(pawn)
    for column, kind in enumerate(kinds):
        for level in range(kind.count):
            tile = _piece(next(ids), "Custom_Tile", kind.name, 1.6 * column, 1.0 + 0.12 * level, 0.0)
            tile["ColorDiffuse"] = {"r": 1.0, "g": 1.0, "b": 1.0}
            tile["HideWhenFaceDown"] = True  # a face-down patrol or woman token keeps its secret
            tile["CustomImage"] = {"ImageURL": url(kind.key), "ImageSecondaryURL": url(f"back-{kind.back}"),
                                   "ImageScalar": 1.0, "WidthScale": 0.0,
                                   "CustomTile": {"Type": TILE_CIRCLE, "Thickness": 0.1, "Stackable": True,
                                                  "Stretch": True}}
            objects.append(tile)
    return save_text(*objects)


def hunt_pieces(ruleset: Ruleset, url: Any, language: str = ENGLISH) -> tuple[dict[str, bytes], str]:
    """The pictures (by name) and the saved object of a hunt ruleset's pieces, their words in ``language``."""
    parameters = resolve(ruleset, None).parameters
    kinds = token_kinds(parameters, language)
    return token_pictures(kinds, language), pieces_object(ruleset.title, parameters, kinds, url, language)
