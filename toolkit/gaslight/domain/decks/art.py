"""Card art and card tables: files a deck file names beside it, resolved and checked once.

A path in a deck file is relative to the deck file and must stay inside its folder (a shared
project never reaches into the rest of the disk), and it is never a URL (nothing is fetched).
Art is a raster image Pillow can decode, of bounded size (bytes, pixels, pixels on a side), or an SVG
drawing (:mod:`gaslight.domain.decks.svg_art`: bounded, cleaned of every reference outside the file, drawn
as vectors): it is read once here, so a truncated, oversized or hostile picture is a located problem at
``gaslight check``, not a failed build. A picture with more pixels than its art box shows at 1200 dpi is drawn from a
scaled copy (:func:`drawable`), so its size costs one resize, not a full-size embed in every face.
"""

from __future__ import annotations

import errno
import functools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from gaslight.diagnostics import Location, Report

if TYPE_CHECKING:
    from reportlab.lib.utils import ImageReader

MAX_ART_BYTES = 16 * 1024 * 1024
MAX_ART_PIXELS = 40_000_000
# A picture is decoded and drawn row by row: a 1 × 39,000,000 strip is within the pixel bound yet takes seconds
# each time it is drawn. A tarot card at 1200 dpi is 3307 × 5669.
MAX_ART_SIDE = 20_000
ART_FORMATS = {"PNG": "png", "JPEG": "jpg", "MPO": "jpg", "WEBP": "webp", "GIF": "gif"}


@dataclass(frozen=True)
class Art:
    """A checked picture: the path as written, the file on disk, its format (``svg`` for a drawing) and size in
    pixels (in points for a drawing)."""

    __cache_reads__: ClassVar[tuple[str, ...]] = ("path",)  # a drawing's cache key holds the picture's bytes
    written: str
    path: str
    suffix: str
    width: float
    height: float


def beside(deck_path: str, written: str, where: Location, report: Report, what: str) -> Path | None:
    """The file ``written`` names, relative to the deck file, when it stays in the deck's folder and exists."""
    folder = Path(deck_path).parent.resolve() if deck_path else Path.cwd().resolve()
    target = (folder / written).resolve()
    if not target.is_relative_to(folder):
        report.error(where, f"{what} '{written}' lies outside the deck file's folder",
                     fix="keep the file in the deck file's folder or a folder inside it")
        return None
    try:
        found = target.is_file()
    except OSError as exc:  # a name too long for the disk, a loop of links: what the system says, at the path
        too_long = exc.errno == errno.ENAMETOOLONG
        report.error(where, f"{what} '{written}' cannot be opened: "
                            + ("a name in the path is too long" if too_long else (exc.strerror or str(exc)).lower()),
                     fix="give the file a shorter name" if too_long else "check the path and the file's permissions")
        return None
    if not found and target.is_dir():
        report.error(where, f"{what} '{written}' is a folder, not a file",
                     fix="name a file inside it, relative to the deck file's folder")
        return None
    if not found:
        report.error(where, f"{what} '{written}' does not exist",
                     fix=f"check the spelling; the path is relative to the deck file's folder ({folder.name}/)")
        return None
    return target


def _too_large(written: str, width: int, height: int) -> str | None:
    """Why a picture of ``width`` × ``height`` pixels is too large to use (None when it is not)."""
    if width * height > MAX_ART_PIXELS:
        return (f"art file '{written}' is {width} × {height} pixels; art may be at most "
                f"{MAX_ART_PIXELS // 1_000_000} megapixels")
    if max(width, height) > MAX_ART_SIDE:
        return f"art file '{written}' is {width} × {height} pixels; art may be at most {MAX_ART_SIDE} pixels on a side"
    return None


SCALE_DOWN = "scale it down (a 63 × 88 mm card at 300 dpi is 744 × 1039 pixels)"
SAVE_AGAIN = "save it again as PNG or JPEG from your drawing program"


def load_art(deck_path: str, written: str, where: Location, report: Report) -> Art | None:
    """Check one picture (exists, bounded, decodes) and describe it; errors go to ``report``.

    The size in pixels is read from the file's header and bounded before a pixel is decoded.
    """
    import warnings

    from PIL import Image, UnidentifiedImageError

    target = beside(deck_path, written, where, report, "art file")
    if target is None:
        return None
    if target.suffix.lower() == ".svg":
        return _load_svg(target, written, where, report)
    size = target.stat().st_size
    if size > MAX_ART_BYTES:
        report.error(where, f"art file '{written}' is {math.ceil(size / 2**20 * 10) / 10:.1f} MB; art may be at most "
                            f"{MAX_ART_BYTES // 2**20} MB",
                     fix="save it smaller (300 dpi at the card's size is plenty)")
        return None
    if size == 0:
        report.error(where, f"art file '{written}' is empty (0 bytes)", fix=SAVE_AGAIN)
        return None
    try:
        with warnings.catch_warnings():
            # Pillow's own bomb warning would reach the terminal; the bounds here are tighter and say more
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(target) as image:
                width, height = image.size
                too_large = _too_large(written, width, height)
                if too_large:
                    report.error(where, too_large, fix=SCALE_DOWN)
                    return None
                if image.format not in ART_FORMATS:
                    report.error(where, f"art file '{written}' is a {image.format} image",
                                 fix="save it as PNG, JPEG, WebP or GIF")
                    return None
                image.load()
                suffix = ART_FORMATS[image.format]
    except Image.DecompressionBombError:  # the header names more pixels than Pillow will even consider
        report.error(where, f"art file '{written}' is over {2 * (Image.MAX_IMAGE_PIXELS or 0) // 1_000_000} "
                            f"megapixels; art may be at most {MAX_ART_PIXELS // 1_000_000} megapixels",
                     fix=SCALE_DOWN)
        return None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        reason = ("not an image Gaslight can read" if isinstance(exc, UnidentifiedImageError)
                  else "the file is damaged or incomplete")
        report.error(where, f"cannot read art file '{written}': {reason}", fix=SAVE_AGAIN)
        return None
    return Art(written, str(target), suffix, width, height)


def _load_svg(target: Path, written: str, where: Location, report: Report) -> Art | None:
    """Check one SVG drawing (bounded, well-formed, nothing outside it read) and describe it; problems to ``report``.
    """
    from gaslight.domain.decks.svg_art import read_svg

    if target.stat().st_size == 0:
        report.error(where, f"art file '{written}' is empty (0 bytes)", fix="save it again from your drawing program")
        return None
    drawing, problems = read_svg(str(target), written)
    for problem in problems:
        (report.error if problem.error else report.warning)(where, problem.message, fix=problem.fix)
    if drawing is None:
        return None
    return Art(written, str(target), "svg", round(drawing.width, 3), round(drawing.height, 3))


PRINT_DPI_CEILING = 1200  # the highest print.dpi a deck may ask for (deck.schema.json)


def drawable(art: Art, box_width_pt: float, box_height_pt: float) -> str | ImageReader:
    """What to place in an art box of that size (points): the file itself, or a copy scaled down when the picture
    has more pixels than the box shows at the highest print resolution.

    A picture near the pixel bound would otherwise be embedded whole in every face that shows it (seconds each);
    the copy is made once per file and box. A picture that fits is the file itself, so its PDFs are unchanged.

    >>> small = Art("a.png", "a.png", "png", 300, 200)
    >>> drawable(small, 160, 85)
    'a.png'
    """
    width, height = _fitted(art.width, art.height, box_width_pt, box_height_pt)
    if (width, height) == (art.width, art.height):
        return art.path
    return _scaled(art.path, width, height)


def _fitted(width: int, height: int, box_width_pt: float, box_height_pt: float) -> tuple[int, int]:
    """``width`` × ``height`` scaled down (never up) to fit the box at :data:`PRINT_DPI_CEILING`.

    >>> _fitted(6000, 6000, 162, 85), _fitted(700, 400, 162, 85)
    ((1417, 1417), (700, 400))
    """
    scale = min(1.0, box_width_pt / 72 * PRINT_DPI_CEILING / width, box_height_pt / 72 * PRINT_DPI_CEILING / height)
    return (width, height) if scale >= 1 else (max(1, round(width * scale)), max(1, round(height * scale)))


@functools.lru_cache(maxsize=16)
def _scaled(path: str, width: int, height: int) -> ImageReader:
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    with Image.open(path) as image:
        keeps_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
        mode = "RGBA" if keeps_alpha else "RGB"
        full = image if image.mode == mode else image.convert(mode)
        # reducing_gap: a fast integer reduction to about twice the size, then Lanczos (Pillow's advice for speed)
        picture = full.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=2.0)
    return ImageReader(picture)

