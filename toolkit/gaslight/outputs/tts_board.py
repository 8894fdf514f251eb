"""Tabletop Simulator boards: each hunt board as a Custom Board, drawn as its poster is (and each hunt
ruleset's pawns and tokens, :mod:`gaslight.outputs.tts_pieces`).

The picture is the poster's map (the same drawing, circles as large as on the printed poster) at
4096 pixels on its longer side, TTS's largest texture; ``<board>.tts.json`` is a saved object
holding one locked ``Custom_Board`` that shows it, with image URLs as the decks' objects have them
(:func:`gaslight.outputs.tts.build_base`). Both are written under
``print/boards/``. The same board gives the same bytes.
"""

from __future__ import annotations

import io
import json
from typing import Any

from gaslight.domain.board.model import Board, Point
from gaslight.languages import main_language
from gaslight.outputs.card_images import TTS_MAX_PIXELS, rasterised
from gaslight.outputs.cardsheet import MM
from gaslight.outputs.labels import printed_language
from gaslight.outputs.pdf import draw_all, render_pdf
from gaslight.outputs.poster import draw_map, map_layout, poster_size
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.tts import build_base, guids, save_text
from gaslight.outputs.tts_pieces import hunt_pieces
from gaslight.project import Project

BOARD_FOLDER = "boards"  # beside the boards' posters under print/


def board_picture(board: Board) -> bytes:
    """The poster's map as a JPEG, 4096 pixels on its longer side."""
    import pypdfium2

    width_mm, height_mm = poster_size(board)
    page = (width_mm * MM, height_mm * MM)
    layout = map_layout(board)
    pad, points = layout.r * 2.5, layout.scale * MM  # the poster's border, and points per board unit

    def to_page(p: Point) -> Point:
        return ((p[0] + pad) * points, page[1] - (p[1] + pad) * points)

    def draw(canvas: Any) -> None:
        canvas.setFillColorRGB(1, 1, 1)
        canvas.rect(0, 0, *page, stroke=0, fill=1)
        draw_map(canvas, layout, to_page, points)

    pdf = pypdfium2.PdfDocument(render_pdf(page, f"{board.title} — Tabletop Simulator board", draw))
    try:
        fit = TTS_MAX_PIXELS / max(page)
        image = rasterised(pdf[0], (min(TTS_MAX_PIXELS, round(page[0] * fit)),
                                    min(TTS_MAX_PIXELS, round(page[1] * fit))))  # PDFium may round a pixel up
    finally:
        pdf.close()
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


def board_object(board: Board, image_url: str) -> str:
    """A saved object of one locked Custom Board showing ``image_url`` (sorted keys, no dates)."""
    seed = json.dumps([board.id, board.title, image_url])
    state = {"GUID": guids(seed, 1)[0], "Name": "Custom_Board", "Nickname": board.title, "Description": "",
             "GMNotes": "", "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
                                          "rotZ": 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
             "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0}, "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
             "LayoutGroupSortIndex": 0, "Value": 0, "Locked": True, "Grid": False, "Snap": False, "IgnoreFoW": False,
             "MeasureMovement": False, "DragSelectable": True, "Autoraise": True, "Sticky": False, "Tooltip": True,
             "GridProjection": False, "HideWhenFaceDown": False, "Hands": False,
             "CustomImage": {"ImageURL": image_url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0},
             "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}
    return save_text(state)


def contribute(project: Project, out: BuildOutput) -> None:
    """Every board's Tabletop Simulator picture and saved object, and every hunt ruleset's pieces, under
    ``print/boards/``."""
    boards: tuple[Board, ...] = tuple(project.of_kind("board"))
    base = build_base(project.config, BOARD_FOLDER)
    for board, picture in zip(boards, draw_all(board_picture, [(board,) for board in boards]), strict=True):
        name = f"{board.id}-tts-board.jpg"
        out.printable(f"{BOARD_FOLDER}/{name}", picture)
        out.printable(f"{BOARD_FOLDER}/{board.id}.tts.json", board_object(board, base + name).encode("utf-8"))
    for ruleset in project.of_kind("ruleset"):
        if getattr(ruleset, "family", None) != "hunt":  # the hunt and the rulesets extending it
            continue
        prefix = f"{ruleset.id}-token-"
        pictures, saved = hunt_pieces(ruleset, lambda name, prefix=prefix: f"{base}{prefix}{name}.png",
                                      printed_language(main_language(project.config)))
        for name, data in pictures.items():
            out.printable(f"{BOARD_FOLDER}/{prefix}{name}.png", data)
        out.printable(f"{BOARD_FOLDER}/{ruleset.id}-pieces.tts.json", saved.encode("utf-8"))
