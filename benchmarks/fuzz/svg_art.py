"""SVG card art: the starter deck's suit and card name SVG drawings, the drawings mutated, checked and drawn.

Each input starts from a drawing as drawing programs write them (Inkscape with mm units, a viewBox, layers,
arcs and symbols placed by ``<use>``; Illustrator with entity-declared namespaces and a stylesheet; a bare
icon) and is mutated: hostile parts spliced in (references to local files and the network, external CSS, XML
entities external, nested and laughing, scripts and handlers, ``<use>`` that multiply or circle, deep nests),
numbers made extreme (``1e308``, ``NaN``, negative and zero sizes, huge transforms), attributes and units
scrambled, bytes flipped, the file cut short. ``gaslight check`` runs on the deck; a share is also drawn with
``gaslight cards --dpi 72``, so a drawing the check let through must draw. Classified as the package says (a
Python warning on the terminal counts as internal, as for raster art).
"""

from __future__ import annotations

import random
from pathlib import Path

from benchmarks.fuzz import Outcome
from benchmarks.fuzz.art import run_one

NAME = "svg_art"
COUNT = 20_000
CARDS_SHARE = 0.15  # of the inputs also drawn as PNG faces (the slow part)

OPEN = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" '
        'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="{w}" height="{h}" viewBox="{vb}">')
BODIES = (
    '<defs><symbol id="s"><path d="M0,-3 L1,-1 3,-1 1.5,.5 2,3 0,1.5 -2,3 -1.5,.5 -3,-1 -1,-1Z" fill="#d4a017"/>'
    '</symbol><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/>'
    '</linearGradient></defs><g inkscape:groupmode="layer" transform="translate(2,1)">'
    '<rect width="36" height="18" rx="2" style="fill:url(#g);stroke:#1c1c1c;stroke-width:.5"/>'
    '<path sodipodi:type="arc" sodipodi:cx="18" sodipodi:cy="9" sodipodi:rx="6" sodipodi:ry="6" '
    'd="M24,9A6,6 0 0 1 18,15 6,6 0 0 1 12,9 6,6 0 0 1 18,3 6,6 0 0 1 24,9Z" fill="#fbf8f1"/>'
    '<use xlink:href="#s" transform="translate(6,9)"/><use href="#s" x="30" y="9"/></g>',
    '<style>.st0{fill:#a3262e}.st1{fill:none;stroke:#000;stroke-miterlimit:10}</style>'
    '<circle class="st0" cx="5" cy="5" r="4"/><polyline class="st1" points="0,0 10,10 0,10"/>'
    '<text x="1" y="9" font-family="Comic Sans MS" font-weight="700">A</text>',
    '<ellipse cx="5" cy="5" rx="4" ry="2" fill="red" opacity=".5" transform="rotate(30 5 5)"/>'
    '<line x1="0" y1="0" x2="10" y2="10" stroke="blue" stroke-dasharray="1 2"/>'
    '<polygon points="1,1 9,1 5,9" fill-rule="evenodd"/><clipPath id="c"><rect width="5" height="5"/></clipPath>'
    '<g clip-path="url(#c)"><rect width="10" height="10" fill="green"/></g>',
)
HOSTILE = (
    '<image href="file:///etc/passwd" width="5" height="5"/>',
    '<image xlink:href="../../secret.png" width="5" height="5"/>',
    '<image href="https://example.com/a.png" width="5" height="5"/>',
    '<image href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNgYAAAAAMAAS'
    'sJTYQAAAAASUVORK5CYII=" width="5" height="5"/>',
    '<image href="data:image/png;base64,AAAA" width="5" height="5"/>',
    '<use href="other.svg#x"/>',
    '<use href="/etc/passwd#x"/>',
    '<style>@import url("https://example.com/a.css");@font-face{src:url(file:///x.ttf)}rect{fill:url(http://x/y)}'
    '</style>',
    '<rect width="3" height="3" style="fill:url(&quot;file:///etc/hosts&quot;);filter:url(#nope)"/>',
    '<rect width="3" height="3" fill="url(https://example.com/p#p)" mask="url(x.svg#m)"/>',
    '<script>alert(1)</script>', '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
    '<rect width="3" height="3" onclick="alert(1)" onload="x()"/>',
    '<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>',
    '<use href="#self" id="self"/>',
    '<defs><rect id="r0" width="1" height="1"/>'
    + "".join(f'<g id="r{n}">' + f'<use href="#r{n - 1}"/>' * 9 + "</g>" for n in range(1, 7))
    + '</defs><use href="#r6"/>',
    "<g>" * 120 + "<rect width='1' height='1'/>" + "</g>" * 120,
    '<rect width="1e308" height="1e308" transform="scale(1e308)"/>',
    '<rect width="NaN" height="-5" x="inf"/>', '<path d="M 0 0 L NaN 5 Z"/>', '<path d=""/>', '<path d="Q"/>',
    '<circle r="-1"/>', '<text>é ☃ 漢字 \u202e</text>', '<tspan>orphan</tspan>',
    '<rect width="5" height="5" transform="matrix(0 0 0 0 0 0)"/>', '<rect width="5%" height="5em"/>',
    '<svg width="5" height="5"><svg><svg><rect width="1" height="1"/></svg></svg></svg>',
    '<linearGradient id="l" href="#l"/><rect width="3" height="3" fill="url(#l)"/>',
    '<pattern id="p" width="1" height="1"><rect width="1" height="1"/></pattern><rect width="3" fill="url(#p)"/>',
)
PROLOGUES = (
    "", '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n',
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n'
    '<!ENTITY ns_svg "http://www.w3.org/2000/svg"><!ENTITY ns_xlink "http://www.w3.org/1999/xlink">]>\n',
    '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n',
    '<!DOCTYPE svg [<!ENTITY % p SYSTEM "http://example.com/x.dtd"> %p;]>\n',
    '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>\n',
    '<?xml-stylesheet href="https://example.com/s.css"?>\n', "\ufeff", '<?xml version="1.0" encoding="UTF-16"?>\n',
)
SIZES = ("10", "40mm", "1in", "10px", "20cm", "12pt")  # as programs write them
ODD_SIZES = ("0", "-5", "1e308", "NaN", "100%", "3em", "", "99999999", "1e-300")
VIEWBOXES = ("0 0 10 10", "0 0 40 20", "0,0,10,10", "-5 -5 20 20")
ODD_VIEWBOXES = ("0 0 0 0", "-5 -5 10", "a b c d", "0 0 1e308 1e308", "", "0 0 -1 -1")


def drawing(rng: random.Random) -> bytes:
    """One SVG as drawing programs write them, with hostile parts and extreme numbers spliced in."""
    body = rng.choice(BODIES)
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        at = rng.choice([i for i, c in enumerate(body) if c == "<"] or [0])
        body = body[:at] + rng.choice(HOSTILE) + body[at:]
    width, height, box = (rng.choice(odd if rng.random() < 0.15 else usual) for usual, odd in (
        (SIZES, ODD_SIZES), (SIZES, ODD_SIZES), (VIEWBOXES, ODD_VIEWBOXES)))
    text = rng.choice(PROLOGUES) + OPEN.format(w=width, h=height, vb=box) + body + "</svg>"
    if "&ns_svg;" not in text and "ENTITY ns_svg" in text and rng.random() < 0.7:
        text = text.replace('xmlns="http://www.w3.org/2000/svg"', 'xmlns="&ns_svg;"', 1)
    if "ENTITY d" in text:
        text = text.replace("</svg>", "<text>&d;&d;&d;&d;</text></svg>")
    data = text.encode("utf-8")
    mutation = rng.random()
    if mutation < 0.1:  # cut short
        data = data[:rng.randrange(len(data))]
    elif mutation < 0.2:  # bytes flipped
        raw = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        data = bytes(raw)
    elif mutation < 0.3:  # a span repeated (attributes twice, elements many times)
        start = rng.randrange(len(data))
        end = min(len(data), start + rng.randint(1, 200))
        data = data[:end] + data[start:end] * rng.randint(2, 300) + data[end:]
    return data


def one(rng: random.Random, workdir: Path) -> Outcome:
    """One deck whose suit and card show mutated SVG drawings, checked (and for a share, drawn) in ``workdir``."""
    files = {"art/suit.svg": drawing(rng), "art/card.svg": drawing(rng)}
    suit = "art/suit.svg" if rng.random() < 0.8 else None
    return run_one(workdir, files, suit, "art/card.svg", rng.random() < CARDS_SHARE)
