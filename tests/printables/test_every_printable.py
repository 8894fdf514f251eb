"""Every printable of the showcase, rendered and measured: page counts, no blank page, no text off its box.

The showcase project is generated once (no MkDocs); each PDF is rasterised with pdftoppm (Debian's
poppler-utils, as a group's printer driver would) and its text runs are measured with the fonts that
drew them, so a line that runs off the page, or off a card, fails here.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from gaslight.domain.decks.print_spec import PrintSpec
from gaslight.outputs.cardsheet import MM, layout
from gaslight.outputs.deck_cards import sheets_for
from gaslight.outputs.pdf import FONT, FONT_BOLD, FONT_ITALIC, register_fonts, register_japanese_font
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

Run = tuple[str, float, float, float, float]  # text, start x, y, end x, y (points on the page)
SLACK = 0.75  # points: rounding in the PDF's numbers


@pytest.fixture(scope="module")
def printed(showcase_print: Path) -> Path:
    """The showcase's ``print/`` (built once a session, in conftest)."""
    return showcase_print


def _pdfs(root: Path) -> list[Path]:
    return sorted(root.rglob("*.pdf"))


def _font(base_font: str) -> str:
    register_fonts()
    name = base_font.split("+")[-1]
    if name.startswith("BitstreamVeraSans"):
        return FONT_BOLD if "Bold" in name else FONT_ITALIC if "Oblique" in name else FONT
    if name == "IPAexGothic":  # the Japanese printables of a two-language showcase
        return register_japanese_font()
    return name.lstrip("/")


def text_runs(page: object) -> Iterator[Run]:
    """Each text run of a page with where it starts and ends, through the text and the graphics matrices."""
    runs: list[Run] = []

    def visit(text: str, cm: list[float], tm: list[float], font: dict | None, size: float) -> None:
        line = text.strip("\n")
        if not line.strip() or not font:
            return
        width = stringWidth(line, _font(str(font.get("/BaseFont", "Helvetica"))), size)

        def place(x: float, y: float) -> tuple[float, float]:
            tx, ty = x * tm[0] + y * tm[2] + tm[4], x * tm[1] + y * tm[3] + tm[5]
            return tx * cm[0] + ty * cm[2] + cm[4], tx * cm[1] + ty * cm[3] + cm[5]

        start, end = place(0, 0), place(width, 0)
        runs.append((line, *start, *end))

    page.extract_text(visitor_text=visit)  # type: ignore[attr-defined]
    return iter(runs)


def test_the_showcase_prints_every_kind_of_printable(printed: Path) -> None:
    names = {p.relative_to(printed).as_posix() for p in _pdfs(printed)}
    for expected in ("hunt/jack-aid-a4.pdf", "hunt/police-aid-letter.pdf", "hunt/movement-sheet-a4.pdf",
                     "walton/quick-reference-a4.pdf", "rummy/scoring-card-letter.pdf", "twentyfour/phase-card-a4.pdf",
                     "decks/ripper-rummy-a4.pdf", "decks/twenty-four-print-shop.pdf",
                     "boards/whitechapel-poster-a4.pdf"):
        assert expected in names
    assert len(names) >= 80


def test_every_page_renders_with_ink_on_it(printed: Path, tmp_path: Path) -> None:
    for pdf in _pdfs(printed):
        pages = len(PdfReader(pdf).pages)
        prefix = tmp_path / pdf.stem
        subprocess.run(["pdftoppm", "-r", "12", "-png", str(pdf), str(prefix)], check=True, timeout=120)
        images = sorted(tmp_path.glob(f"{pdf.stem}-*.png"))
        assert len(images) == pages, pdf
        for image in images:
            grey = Image.open(image).convert("L")
            inked = sum(grey.histogram()[:200])
            assert inked >= 0.002 * grey.width * grey.height, f"{pdf.name}: {image.name} is blank"
            image.unlink()


def test_no_text_runs_off_its_page(printed: Path) -> None:
    off = []
    for pdf in _pdfs(printed):
        if "poster" in pdf.name:  # a poster is one drawing tiled over sheets: a name at a tile's edge goes on
            continue
        for number, page in enumerate(PdfReader(pdf).pages, start=1):
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            for text, *points in text_runs(page):
                xs, ys = points[0::2], points[1::2]
                if min(xs) < x0 - SLACK or max(xs) > x1 + SLACK or min(ys) < y0 - SLACK or max(ys) > y1 + SLACK:
                    off.append(f"{pdf.relative_to(printed)} page {number}: {text!r}")
    assert off == []


def _card_sheets(printed: Path) -> Iterator[tuple[Path, str, object]]:
    """(file, sheet key, settings) of every card sheet: the decks' three and each Walton case's two."""
    for key, _, settings in sheets_for(PrintSpec()):
        for deck in ("ripper-rummy", "twenty-four"):
            yield printed / "decks" / f"{deck}-{key}.pdf", key, settings
        if key != "print-shop":
            for pdf in sorted((printed / "walton").glob(f"*-cards-{key}.pdf")):
                yield pdf, key, settings


def test_card_text_stays_in_the_safe_zone_of_its_card(printed: Path) -> None:
    outside = []
    checked = 0
    for pdf, key, settings in _card_sheets(printed):
        grid = layout(settings)
        safe = settings.safe
        reader = PdfReader(pdf)
        fronts = reader.pages if key == "print-shop" else reader.pages[0::2]  # grid sheets: fronts, then backs
        checked += 1
        for number, page in enumerate(fronts, start=1):
            for text, *points in text_runs(page):
                if points[1] < 5 * MM and key != "print-shop":  # the slug line under the cards
                    continue
                inside = any(
                    all(ox + safe - SLACK <= x <= ox + grid.card_width - safe + SLACK
                        and oy + safe - SLACK <= y <= oy + grid.card_height - safe + SLACK
                        for x, y in zip(points[0::2], points[1::2], strict=True))
                    for ox, oy in grid.slots)
                if not inside:
                    outside.append(f"{pdf.name} front page {number}: {text!r}")
    assert checked >= 20
    assert outside == []
