"""Every PDF of the showcase embeds every font it names, as poppler's pdffonts reads it (a print shop's preflight).

Reportlab names Helvetica, which it never embeds, wherever a style is left at its default: a paragraph's
bullets and numbers, a table's cells. Every such place must name Gaslight's embedded TrueType font.
"""

from __future__ import annotations

import subprocess
from pathlib import Path


def font_rows(pdf: Path) -> list[tuple[str, str]]:
    """(font name, emb column) for every font pdffonts lists in ``pdf``."""
    listing = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True, timeout=60).stdout
    lines = listing.splitlines()
    assert lines[0].split()[:3] == ["name", "type", "encoding"], listing
    return [(line.split()[0], line.split()[-5]) for line in lines[2:] if line.strip()]


def test_every_font_of_every_pdf_is_embedded(showcase_print: Path) -> None:
    pdfs = sorted(showcase_print.rglob("*.pdf"))
    assert len(pdfs) >= 80
    not_embedded = []
    kinds = set()
    for pdf in pdfs:
        rows = font_rows(pdf)
        assert rows, f"{pdf.name} lists no fonts"
        kinds.update(name.split("+")[-1] for name, _ in rows)
        not_embedded += [f"{pdf.relative_to(showcase_print)}: {name}" for name, emb in rows if emb != "yes"]
    assert not_embedded == []
    # the showcase is in English and Japanese: Japanese printables set their text in IPAexGothic
    assert kinds == {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold", "BitstreamVeraSans-Oblique", "IPAexGothic"}
