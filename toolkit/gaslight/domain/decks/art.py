"""Card art and card tables: files a deck file names beside it, resolved and checked once.

A path in a deck file is relative to the deck file and must stay inside its folder (a shared
project never reaches into the rest of the disk), and it is never a URL (nothing is fetched).
Art is a raster image Pillow can decode, of bounded size: it is decoded once here, so a
truncated or oversized picture is a located error at ``gaslight check``, not a failed build.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gaslight.diagnostics import Location, Report

MAX_ART_BYTES = 16 * 1024 * 1024
MAX_ART_PIXELS = 40_000_000
ART_FORMATS = {"PNG": "png", "JPEG": "jpg", "MPO": "jpg", "WEBP": "webp", "GIF": "gif"}


@dataclass(frozen=True)
class Art:
    """A checked picture: the path as written, the file on disk, its format and size in pixels."""

    written: str
    path: str
    suffix: str
    width: int
    height: int


def beside(deck_path: str, written: str, where: Location, report: Report, what: str) -> Path | None:
    """The file ``written`` names, relative to the deck file, when it stays in the deck's folder and exists."""
    folder = Path(deck_path).parent.resolve() if deck_path else Path.cwd().resolve()
    target = (folder / written).resolve()
    if not target.is_relative_to(folder):
        report.error(where, f"{what} '{written}' lies outside the deck file's folder",
                     fix="keep the file in the deck file's folder or a folder inside it")
        return None
    if not target.is_file():
        report.error(where, f"{what} '{written}' does not exist",
                     fix=f"check the spelling; the path is relative to the deck file's folder ({folder.name}/)")
        return None
    return target


def load_art(deck_path: str, written: str, where: Location, report: Report) -> Art | None:
    """Check one picture (exists, bounded, decodes) and describe it; errors go to ``report``."""
    from PIL import Image, UnidentifiedImageError

    target = beside(deck_path, written, where, report, "art file")
    if target is None:
        return None
    size = target.stat().st_size
    if size > MAX_ART_BYTES:
        report.error(where, f"art file '{written}' is {size / 2**20:.1f} MB; art may be at most "
                            f"{MAX_ART_BYTES // 2**20} MB",
                     fix="save it smaller (300 dpi at the card's size is plenty)")
        return None
    try:
        with Image.open(target) as image:
            width, height = image.size
            if width * height > MAX_ART_PIXELS:
                report.error(where, f"art file '{written}' is {width} × {height} pixels; art may be at most "
                                    f"{MAX_ART_PIXELS // 1_000_000} megapixels",
                             fix="scale it down (a 63 × 88 mm card at 300 dpi is 744 × 1039 pixels)")
                return None
            if image.format not in ART_FORMATS:
                report.error(where, f"art file '{written}' is a {image.format} image",
                             fix="save it as PNG, JPEG, WebP or GIF")
                return None
            image.load()
            suffix = ART_FORMATS[image.format]
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        reason = ("not an image Gaslight can read" if isinstance(exc, UnidentifiedImageError)
                  else "the file is damaged or incomplete")
        report.error(where, f"cannot read art file '{written}': {reason}",
                     fix="save it again as PNG or JPEG from your drawing program")
        return None
    return Art(written, str(target), suffix, width, height)
