"""SVG card art and icons: drawn as vectors in the card PDFs (PDFium rasterises them for the PNG outputs), the same
bytes on every run, and a hostile or broken SVG refused or cleaned with a located message naming the deck's art key
and the SVG (nothing outside the file is ever read)."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import Deck
from gaslight.project import Project
from pypdf import PdfReader

from tests.conftest import messages
from tests.decks.test_deck_errors import BASE

Check = Callable[..., tuple[Project, Report]]

# As Inkscape 1.3 saves a drawing: mm units with a viewBox, a layer moved by a transform, an arc drawn as a path
# (sodipodi:type="arc"), a symbol placed twice by <use> (xlink:href and SVG 2's href).
INKSCAPE = """\
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg width="40mm" height="20mm" viewBox="0 0 40 20" version="1.1" id="svg1"
   inkscape:version="1.3.2 (091e20e, 2023-11-25)" sodipodi:docname="lamp.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:document-units="mm" />
  <defs id="defs1">
    <symbol id="star"><path d="M 0,-3 L 1,-1 3,-1 1.5,0.5 2,3 0,1.5 -2,3 -1.5,0.5 -3,-1 -1,-1 Z"
      style="fill:#d4a017;stroke:none" /></symbol>
  </defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" transform="translate(2,1)">
    <rect style="fill:#2a4d69;stroke:none" id="rect1" width="36" height="18" x="0" y="0" />
    <path sodipodi:type="arc" style="fill:#fbf8f1;stroke:none" id="path1" sodipodi:cx="18" sodipodi:cy="9"
       sodipodi:rx="6" sodipodi:ry="6" d="M 24,9 A 6,6 0 0 1 18,15 6,6 0 0 1 12,9 6,6 0 0 1 18,3 6,6 0 0 1 24,9 Z" />
    <use xlink:href="#star" transform="translate(6,9)" id="use1" />
    <use href="#star" transform="translate(30,9) scale(1.2)" id="use2" />
  </g>
</svg>
"""
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
        '<circle cx="5" cy="5" r="5" fill="#a3262e"/></svg>')
DECK = BASE.replace("types:\n", "icons: {lamp: art/icon.svg}\ntypes:\n").replace(
    "name: Joker, fields:", "name: Joker, art: art/lamp.svg, text: 'Light the :lamp: twice.', fields:")
ART_KEY = "mini.yaml:23:48: "  # where the joker's art: names the drawing


def _deck(tmp_path: Path, check: Check, art: str = INKSCAPE, text: str = DECK) -> tuple[Deck, list[str]]:
    folder = tmp_path / "decks"
    (folder / "art").mkdir(parents=True, exist_ok=True)
    (folder / "art" / "lamp.svg").write_text(art, encoding="utf-8")
    (folder / "art" / "icon.svg").write_text(ICON, encoding="utf-8")
    (folder / "mini.yaml").write_text(text, encoding="utf-8")
    project, report = check(folder / "mini.yaml")
    decks = project.of_kind("deck")
    return (decks[0] if decks else None), messages(report)  # type: ignore[return-value]


def _joker_pdf(deck: Deck) -> bytes:
    from gaslight.outputs.card_faces import face_for
    from gaslight.outputs.cardsheet import CardSheetSettings, impose

    settings = CardSheetSettings(layout="single")
    return impose([face_for(deck, deck.cards[-1], settings)], settings)


def _drawn(page: object) -> str:
    """What a page draws: its content stream and the forms it shows (a drawing is written once, as a form)."""
    found = [page.get_contents().get_data().decode("latin-1")]  # type: ignore[attr-defined]
    objects = page["/Resources"].get("/XObject", {})  # type: ignore[index]
    for name in sorted(objects):
        xobject = objects[name].get_object()
        if xobject["/Subtype"] == "/Form":
            found.append(xobject.get_data().decode("latin-1"))
    return "\n".join(found)


def test_an_inkscape_drawing_and_an_svg_icon_are_vectors_in_the_card_pdf(tmp_path: Path, check: Check) -> None:
    deck, found = _deck(tmp_path, check)
    assert found == []
    art = deck.art_of(deck.cards[-1])
    assert (art.suffix, round(art.width, 2), round(art.height, 2)) == ("svg", 113.39, 56.69)  # 40 × 20 mm in points
    page = PdfReader(io.BytesIO(_joker_pdf(deck))).pages[0]
    assert len(page.images) == 0  # neither the drawing nor the inline icon became a picture
    stream = _drawn(page)
    assert stream.count(" Do") == 2  # the drawing and the icon, each a form of vectors
    for colour in (".164706 .301961 .411765 rg",  # the rect, #2a4d69
                   ".831373 .627451 .090196 rg",  # the symbol's star, #d4a017, drawn by each <use>
                   ".639216 .14902 .180392 rg"):  # the icon's circle, #a3262e, inline in the text
        assert colour in stream
    assert stream.count(".831373 .627451 .090196 rg") == 2
    assert "Light the" in page.extract_text() and "twice." in page.extract_text()


def test_a_drawings_gradient_and_transparency_reach_its_form(tmp_path: Path, check: Check) -> None:
    art = (f'{SVG_OPEN}<defs><linearGradient id="sky"><stop offset="0" stop-color="#0b1a33"/><stop offset="1" '
           'stop-color="#3a5a8c"/></linearGradient></defs><rect width="10" height="10" fill="url(#sky)"/>'
           '<circle cx="5" cy="5" r="3" fill="#ffffff" fill-opacity="0.4"/></svg>')
    deck, found = _deck(tmp_path, check, art)
    assert found == []
    page = PdfReader(io.BytesIO(_joker_pdf(deck))).pages[0]
    (form,) = [ref.get_object() for ref in page["/Resources"]["/XObject"].values()
               if ref.get_object()["/Subtype"] == "/Form" and "sh" in ref.get_object().get_data().decode("latin-1")]
    resources = form["/Resources"]
    assert list(resources["/Shading"]) == ["/Sh0"] and len(resources["/ExtGState"]) >= 1  # black, opaque before


def test_a_faded_shape_and_a_faded_layer_print_faded(tmp_path: Path, check: Check) -> None:
    """svglib ignores ``opacity`` (a faded shape, a layer at 50 %): it is folded into fill and stroke opacity."""
    art = (f'{SVG_OPEN}<rect width="10" height="10" fill="#2a4d69" opacity="0.3"/>'
           '<g style="opacity:50%"><circle cx="5" cy="5" r="3" fill="#ffffff" fill-opacity="0.5"/></g></svg>')
    deck, found = _deck(tmp_path, check, art)
    assert found == []
    page = PdfReader(io.BytesIO(_joker_pdf(deck))).pages[0]
    alphas = {float(state["/ca"]) for ref in page["/Resources"]["/XObject"].values()
              for state in ref.get_object().get("/Resources", {}).get("/ExtGState", {}).values() if "/ca" in state}
    assert alphas == {0.3, 0.25}  # the rect at 30 %; the circle's own 50 % inside a layer at 50 %


def test_a_drawing_on_many_cards_is_written_once(tmp_path: Path, check: Check) -> None:
    from gaslight.outputs.card_faces import card_sheet
    from gaslight.outputs.cardsheet import CardSheetSettings

    text = DECK.replace("{id: red, name: Red, rank: 1}", "{id: red, name: Red, rank: 1, art: art/lamp.svg}")
    deck, found = _deck(tmp_path, check, text=text)
    assert found == []
    reader = PdfReader(io.BytesIO(card_sheet(deck, CardSheetSettings())))
    forms = {ref.idnum for page in reader.pages for ref in page["/Resources"].get("/XObject", {}).values()
             if ref.get_object()["/Subtype"] == "/Form"}
    assert len(forms) == 2  # the drawing on three red cards and the joker, and the icon: each written once


def test_the_drawing_fills_its_art_box_in_the_png_face(tmp_path: Path, check: Check) -> None:
    from gaslight.outputs.card_faces import face_for
    from gaslight.outputs.card_images import render_faces
    from gaslight.outputs.cardsheet import CardSheetSettings

    deck, _ = _deck(tmp_path, check)
    settings = replace(CardSheetSettings.for_print(deck.print_spec, layout="single"), bleed_mm=0.0, crop_marks="none")
    dpi = 100
    size = (round(63 / 25.4 * dpi), round(88 / 25.4 * dpi))
    (image,) = render_faces([face_for(deck, deck.cards[-1], settings)], settings, size)
    blue = [(x, y) for x in range(size[0]) for y in range(size[1])
            if max(abs(a - b) for a, b in zip(image.getpixel((x, y)), (0x2A, 0x4D, 0x69), strict=True)) < 20]
    xs, ys = [x for x, _ in blue], [y for _, y in blue]
    # the art box is 55 × 29.92 mm; the 40 × 20 mm drawing fits it 55 × 27.5 mm, and its rect is 36 × 18 of 40 × 20
    width_mm, height_mm = (max(xs) - min(xs) + 1) / dpi * 25.4, (max(ys) - min(ys) + 1) / dpi * 25.4
    assert abs(width_mm - 49.5) < 0.6 and abs(height_mm - 24.75) < 0.6
    assert abs((min(xs) + max(xs)) / 2 - size[0] / 2) < 2  # centred across the card


def test_svg_art_gives_the_same_bytes_on_two_runs(tmp_path: Path, check: Check) -> None:
    from gaslight.domain.decks.svg_art import svg_drawing
    from gaslight.outputs.card_images import face_pngs, tts_sheets

    def outputs() -> tuple[bytes, list[tuple[str, bytes]], bytes]:
        deck, _ = _deck(tmp_path, check)
        return _joker_pdf(deck), face_pngs(deck, dpi=60), tts_sheets(deck, dpi=40).sheets[0].image

    first = outputs()
    svg_drawing.cache_clear()  # read and converted again, as in a second run
    assert outputs() == first


def _problems(tmp_path: Path, check: Check, art: str) -> list[str]:
    _, found = _deck(tmp_path, check, art)
    return [line for line in found if "lamp.svg" in line]


SAVE = "(fix: open it in your drawing program and save it again as SVG (Inkscape: Save As, Plain SVG))"
LEFT_OUT = ("draws only what the SVG file holds, so that is left out (fix: embed the picture in the SVG (Inkscape: "
            "Extensions ▸ Images ▸ Embed Images) or draw it in the file)")
DRAW_FIX = ("(fix: look for a huge, zero or missing number (a size, a transform, path data), or open the file in "
            "your drawing program and save it again as SVG (Inkscape: Save As, Plain SVG))")
SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'
HOSTILE = {
    "a local file": (
        f'{SVG_OPEN}\n<image xlink:href="file:///etc/passwd" width="5" height="5"/><rect width="4" height="4"/></svg>',
        "warning: cards[4].art: art file 'art/lamp.svg' refers to what lies outside it ('file:///etc/passwd' at "
        f"line 2): Gaslight {LEFT_OUT}"),
    "a file beside the deck": (
        f'{SVG_OPEN}\n<image href="../../secret.png" width="5" height="5"/><rect width="4" height="4"/></svg>',
        "warning: cards[4].art: art file 'art/lamp.svg' refers to what lies outside it ('../../secret.png' at "
        f"line 2): Gaslight {LEFT_OUT}"),
    "external css": (
        f'{SVG_OPEN}\n<style>@import url(https://example.com/a.css); rect {{fill: url(https://example.com/p.svg#p);'
        ' stroke: red}</style>\n<rect width="4" height="4" style="fill: url(file:///etc/hosts)"/></svg>',
        "warning: cards[4].art: art file 'art/lamp.svg' refers to what lies outside it ('@import' in the "
        "stylesheet at line 2, 'url(https://example.com/p.svg#p)' in the stylesheet at line 2, "
        f"'url(file:///etc/hosts)' at line 3): Gaslight {LEFT_OUT}"),
    "an external entity": (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
        f'{SVG_OPEN}<text>&x;</text></svg>',
        "error: cards[4].art: art file 'art/lamp.svg' declares the external XML entity 'x' ('file:///etc/passwd'); "
        f"Gaslight never reads what an SVG names {SAVE}"),
    "billion laughs": (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY a "aaaaaaaaaa">\n'
        + "".join(f'<!ENTITY {b} "{("&" + a + ";") * 10}">\n' for a, b in zip("abcdefg", "bcdefgh", strict=True))
        + f']>\n{SVG_OPEN}<text id="&h;">&h;</text></svg>',
        "error: cards[4].art: art file 'art/lamp.svg' declares XML entities that expand without bound (line 12, "
        f"column 120); Gaslight never expands them {SAVE}"),
    "nested entities": (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "x"><!ENTITY b "&a;&a;">]>\n'
        f'{SVG_OPEN}<text>&b;</text></svg>',
        "error: cards[4].art: art file 'art/lamp.svg' declares the XML entity 'b' made of other entities; Gaslight "
        f"never expands them {SAVE}"),
    "malformed": (
        f'{SVG_OPEN}\n  <g>\n    <rect width="4" height="4">\n  </g>\n</svg>',
        "error: cards[4].art: cannot read art file 'art/lamp.svg': it is not well-formed SVG (line 4, column 7: "
        f"Opening and ending tag mismatch: rect line 3 and g) {SAVE}"),
    "not svg": (
        '<html><body>hello</body></html>',
        f"error: cards[4].art: art file 'art/lamp.svg' is XML but not SVG (its first element is <html>) {SAVE}"),
    "deep nesting": (
        SVG_OPEN + "<g>" * 150 + '<rect width="4" height="4"/>' + "</g>" * 150 + "</svg>",
        "error: cards[4].art: art file 'art/lamp.svg' nests elements 152 deep; an SVG may nest at most 100 (fix: "
        "ungroup it (Inkscape: Object ▸ Ungroup) or export it as PNG)"),
    "uses that multiply": (
        SVG_OPEN + '<defs><rect id="r0" width="1" height="1"/>'
        + "".join(f'<g id="r{n}">' + f'<use href="#r{n - 1}"/>' * 10 + "</g>" for n in range(1, 8))
        + '</defs><use href="#r7"/></svg>',
        "error: cards[4].art: art file 'art/lamp.svg' draws over 6,000 shapes (each <use> counted as the shapes it "
        "repeats); an SVG may draw at most 6,000 (fix: simplify it (Inkscape: Path ▸ Simplify, or fewer copies) or "
        "export it as PNG)"),
    "uses in a circle": (
        SVG_OPEN + '\n<g id="a"><use href="#b"/></g>\n<g id="b"><use href="#a"/></g></svg>',
        "error: cards[4].art: art file 'art/lamp.svg' has <use> elements that repeat each other in a circle (line 2) "
        "(fix: point each <use> at a shape, not at a group that uses it back)"),
    "too many elements": (
        SVG_OPEN + '<rect width="1" height="1"/>' * 5_001 + "</svg>",
        "error: cards[4].art: art file 'art/lamp.svg' has over 5,000 elements; an SVG may have at most 5,000 "
        "(fix: simplify it (Inkscape: Path ▸ Simplify, or fewer copies) or export it as PNG)"),
    "too much path data": (
        SVG_OPEN + '<path d="M0,0 ' + "L1,2 " * 100_000 + 'Z"/></svg>',
        "error: cards[4].art: art file 'art/lamp.svg' holds 500,006 characters of path data; an SVG may hold at "
        "most 400,000 (fix: simplify it (Inkscape: Path ▸ Simplify, or fewer copies) or export it as PNG)"),
    # found by make fuzz (svg_art): each checked clean, then failed the build with an internal error
    "a number too large for a pdf": (
        f'{SVG_OPEN}<rect width="1e308" height="1e308" transform="scale(1e308)"/></svg>',
        "error: cards[4].art: cannot draw art file 'art/lamp.svg': one of its shapes has a number too large for a "
        f"PDF {DRAW_FIX}"),
    "a transform that squashes flat": (
        f'{SVG_OPEN}<rect width="5" height="5" transform="matrix(0 0 0 0 0 0)"/></svg>',
        "error: cards[4].art: cannot draw art file 'art/lamp.svg': one of its shapes has a zero size that a "
        f"transform or gradient divides by {DRAW_FIX}"),
    "no size": (
        '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>',
        "error: cards[4].art: art file 'art/lamp.svg' has no usable size (0 × 0 points) (fix: give its <svg> element "
        "a width, a height and a viewBox (Inkscape: Document Properties))"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_or_broken_svg_gets_its_pinned_message(tmp_path: Path, check: Check, name: str) -> None:
    art, message = HOSTILE[name]
    started = time.perf_counter()
    assert _problems(tmp_path, check, art) == [ART_KEY + message]
    assert time.perf_counter() - started < 20  # bounded: a generous ceiling on a loaded machine, not a benchmark


def test_nothing_outside_the_file_reaches_the_pdf_or_the_site(tmp_path: Path, check: Check) -> None:
    from gaslight.domain.decks.svg_art import cleaned_bytes

    secret = tmp_path / "secret.png"
    from PIL import Image

    Image.new("RGB", (8, 8), "#ff00ff").save(secret)
    art = (f'{SVG_OPEN}<image href="../../secret.png" width="5" height="5"/><script>alert(1)</script>'
           '<rect width="4" height="4" onclick="alert(2)" fill="#123456"/></svg>')
    deck, _ = _deck(tmp_path, check, art)
    page = PdfReader(io.BytesIO(_joker_pdf(deck))).pages[0]
    assert len(page.images) == 0  # the picture beside the deck was not read
    site = cleaned_bytes(str(tmp_path / "decks" / "art" / "lamp.svg")).decode()
    assert "secret" not in site and "script" not in site and "onclick" not in site and "#123456" in site


def test_a_link_keeps_its_shapes_and_is_never_followed(tmp_path: Path, check: Check) -> None:
    art = f'{SVG_OPEN}<a href="https://example.com/"><rect width="4" height="4" fill="#123456"/></a></svg>'
    deck, found = _deck(tmp_path, check, art)
    assert found == []
    stream = _drawn(PdfReader(io.BytesIO(_joker_pdf(deck))).pages[0])
    assert ".070588 .203922 .337255 rg" in stream  # the linked rect, #123456, drawn


def test_an_empty_svg_and_a_large_one_are_located(tmp_path: Path, check: Check) -> None:
    assert _problems(tmp_path, check, "") == [
        ART_KEY + "error: cards[4].art: art file 'art/lamp.svg' is empty (0 bytes) (fix: save it again from your "
        "drawing program)"]
    big = SVG_OPEN + "<!--" + "x" * (9 * 2**20) + "--></svg>"
    assert _problems(tmp_path, check, big) == [
        ART_KEY + "error: cards[4].art: art file 'art/lamp.svg' is 9.0 MB of SVG; an SVG may be at most 8 MB (fix: "
        "simplify it (Inkscape: Path ▸ Simplify, or fewer copies) or export it as PNG)"]
