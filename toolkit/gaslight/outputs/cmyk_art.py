"""Pictures in a CMYK print file, converted with a real CMYK colour profile (LittleCMS, through Pillow's ImageCms).

DriveThruCards asks for CMYK files within 240 % ink. Gaslight writes every colour it draws as CMYK
(:func:`gaslight.outputs.pdf.cmyk`); the pictures on the cards (card art, RGB files) are converted here
from sRGB with a CMYK profile, perceptually, and their ink is then capped at
:data:`~gaslight.outputs.pdf.INK_LIMIT` the way the drawn colours are (black kept, the other inks cut back
in proportion). A picture's transparency stays a soft mask, so it lies on the card as on screen.

Which profile. No CMYK profile ships with a Python package, and the free ones we may pass on are not ours
to bundle under the MIT licence; so Gaslight uses one installed on the computer, first found of:

1. the file named by the environment variable ``GASLIGHT_CMYK_PROFILE`` (a shop's own profile, say);
2. Ghostscript's "Artifex CMYK SWOP Profile" (``default_cmyk.icc``, AGPL): Debian's and Ubuntu's
   ``libgs-common`` package (150 kB of profiles, no program; ``make test`` installs it), or a
   Ghostscript installation (Fedora, Homebrew, ``/usr/local``). SWOP is the press condition
   DriveThruCards names (US Web Coated (SWOP) v2).

Without one, pictures stay RGB and one warning says so, with the way out; the rest of the file is CMYK
as before. The same inputs and profile give the same bytes.

>>> cap_ink((255, 255, 255, 255))  # 400 % ink: black kept, cyan, magenta and yellow cut back to 240 % in all
(119, 119, 119, 255)
>>> cap_ink((40, 200, 200, 0))
(40, 200, 200, 0)
"""

from __future__ import annotations

import functools
import glob
import io
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reportlab.lib.utils import ImageReader

from gaslight.outputs.cardsheet import CardFace
from gaslight.outputs.pdf import INK_LIMIT

if TYPE_CHECKING:
    from PIL.Image import Image
    from PIL.ImageCms import ImageCmsTransform

    from gaslight.domain.decks.deck import Deck

PROFILE_VARIABLE = "GASLIGHT_CMYK_PROFILE"
# Ghostscript's SWOP profile where systems put it: Debian/Ubuntu's libgs-common, then Ghostscript's own share folder.
SYSTEM_PROFILES = ("/usr/share/color/icc/ghostscript/default_cmyk.icc",
                   "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc",
                   "/usr/local/share/ghostscript/*/iccprofiles/default_cmyk.icc",
                   "/opt/homebrew/share/ghostscript/*/iccprofiles/default_cmyk.icc")
WAY_OUT = (f"install Debian's libgs-common (Ghostscript's default_cmyk.icc) or Ghostscript, or set {PROFILE_VARIABLE} "
           "to a CMYK .icc file")
INK = round(INK_LIMIT * 255)


@dataclass(frozen=True)
class CmykProfile:
    """A CMYK output profile found on this computer: its file and the name it gives itself."""

    path: str
    description: str


@dataclass(frozen=True)
class ProfileSearch:
    """What the search found: a profile, or why there is none (a sentence naming the way out)."""

    profile: CmykProfile | None
    problem: str = ""


def _open(path: str) -> tuple[CmykProfile | None, str]:
    from PIL import ImageCms

    try:
        opened = ImageCms.getOpenProfile(path)
    except (OSError, ImageCms.PyCMSError):
        return None, "is not a colour profile LittleCMS can read"
    space = opened.profile.xcolor_space.strip()
    if space != "CMYK":
        return None, f"is an {space} colour profile, not a CMYK one"
    return CmykProfile(path, opened.profile.profile_description.strip() or os.path.basename(path)), ""


def find_profile(environ: Mapping[str, str] | None = None) -> ProfileSearch:
    """The CMYK profile to convert pictures with (see the module's docstring for the order).

    >>> find_profile({PROFILE_VARIABLE: "/nowhere/swop.icc"}).problem
    "GASLIGHT_CMYK_PROFILE names '/nowhere/swop.icc', which does not exist"
    """
    environ = os.environ if environ is None else environ
    named = environ.get(PROFILE_VARIABLE, "")
    if named:
        if not os.path.isfile(named):
            return ProfileSearch(None, f"{PROFILE_VARIABLE} names '{named}', which does not exist")
        profile, problem = _open(named)
        return ProfileSearch(profile, f"{PROFILE_VARIABLE} names '{named}', which {problem}" if problem else "")
    for pattern in SYSTEM_PROFILES:
        for path in sorted(glob.glob(pattern), reverse=True):  # the newest Ghostscript version first
            profile, _ = _open(path)
            if profile is not None:
                return ProfileSearch(profile)
    return ProfileSearch(None, "no CMYK colour profile was found on this computer")


@functools.lru_cache(maxsize=4)
def _transform(path: str, mode: str) -> ImageCmsTransform:
    from PIL import ImageCms

    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(path), mode, "CMYK",
                                   ImageCms.Intent.PERCEPTUAL)


def cap_ink(pixel: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """One CMYK pixel (0–255 a channel) within the ink limit: :func:`cap_image`'s rule, for one pixel."""
    cyan, magenta, yellow, black = pixel
    colour = cyan + magenta + yellow
    factor = min(1.0, (INK - black) / max(colour, 1))
    return (int(cyan * factor), int(magenta * factor), int(yellow * factor), black)


def cap_image(image: Image) -> Image:
    """A CMYK picture with every pixel's ink within :data:`INK_LIMIT`: black kept, the other inks scaled down."""
    from PIL import Image as PILImage
    from PIL import ImageMath

    cyan, magenta, yellow, black = image.split()
    factor = ImageMath.lambda_eval(  # 1 within the limit (and where there is no colour ink); below 1 over it
        lambda a: a["min"]((INK - a["float"](a["k"])) / a["max"](a["float"](a["c"]) + a["m"] + a["y"], 1), 1.0),
        c=cyan, m=magenta, y=yellow, k=black)
    scaled = [ImageMath.lambda_eval(lambda a: a["convert"](a["float"](a["v"]) * a["f"], "L"), v=ink, f=factor)
              for ink in (cyan, magenta, yellow)]
    return PILImage.merge("CMYK", (*scaled, black))


def to_cmyk(image: Image, profile: CmykProfile) -> tuple[Image, Image | None]:
    """``image`` (any mode) as CMYK through ``profile`` with its ink capped, and its alpha (None when opaque)."""
    has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    rgb = image.convert("RGBA" if has_alpha else "RGB")
    alpha = rgb.getchannel("A") if has_alpha else None
    opaque = rgb.convert("RGB") if has_alpha else rgb
    return cap_image(_transform(profile.path, "RGB").apply(opaque)), alpha


class CmykPicture(ImageReader):
    """A converted picture as reportlab draws it: DeviceCMYK samples, and its alpha as a soft mask."""

    def __init__(self, image: Image, alpha: Image | None) -> None:
        super().__init__(image)
        self._alpha = ImageReader(alpha) if alpha is not None else None

    def getRGBData(self) -> bytes:  # reportlab's name: the samples are CMYK, as self.mode says
        data = super().getRGBData()
        self._dataA = self._alpha  # reportlab reads the soft mask from here (it drops it for CMYK pictures)
        return data


class _CmykCanvas:
    """A canvas that draws every picture converted to CMYK and everything else as the canvas it wraps."""

    def __init__(self, canvas: Any, convert: Callable[[Any], Any]) -> None:
        self._canvas = canvas
        self._convert = convert

    def drawImage(self, image: Any, *args: Any, **kwargs: Any) -> Any:
        return self._canvas.drawImage(self._convert(image), *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._canvas, name)


@functools.cache
def _warn(message: str) -> None:
    """Say ``message`` once a run, on standard error (a build's and ``gaslight cards``' own output stay clean)."""
    print(f"warning: {message}", file=sys.stderr, flush=True)


def rgb_pictures_warning(problem: str) -> str:
    """The one warning when pictures stay RGB.

    >>> rgb_pictures_warning("no CMYK colour profile was found on this computer")[:60]
    'no CMYK colour profile was found on this computer, so the pi'
    """
    return f"{problem}, so the pictures on DriveThruCards cards stay RGB in their CMYK file ({WAY_OUT})"


def in_cmyk(faces: Sequence[CardFace], search: ProfileSearch | None = None) -> list[CardFace]:
    """``faces`` (fronts and backs alike) drawing their pictures in CMYK through the profile ``search`` found (else
    this computer's). Without a profile they are returned as they are, with one warning at the first picture."""
    found = find_profile() if search is None else search
    converted: dict[Any, tuple[Any, CmykPicture]] = {}  # the drawn picture kept too, so its id stays its own

    def convert(image: Any) -> Any:
        if found.profile is None:
            _warn(rgb_pictures_warning(found.problem))
            return image
        key = image if isinstance(image, str) else id(image)
        if key not in converted:
            converted[key] = (image, CmykPicture(*to_cmyk(_pixels(image), found.profile)))
        return converted[key][1]

    def wrap(face: CardFace) -> CardFace:
        return CardFace(face.label, lambda canvas, width, height: face.draw(_CmykCanvas(canvas, convert), width,
                                                                            height))

    return [wrap(face) for face in faces]


def _pixels(image: Any) -> Image:
    """The picture reportlab was asked to draw: a file's name, or an :class:`ImageReader` of a Pillow image."""
    from PIL import Image as PILImage

    if isinstance(image, ImageReader):
        return image._image  # a scaled copy (gaslight.domain.decks.art.drawable)
    if isinstance(image, str):
        with PILImage.open(image) as opened:
            opened.load()
            return opened
    return PILImage.open(io.BytesIO(image.read()))


def art_note(deck: Deck, search: ProfileSearch | None = None) -> str:
    """What the deck page says of the pictures in a CMYK file ('' when the deck has none)."""
    if not any(deck.art_of(card) is not None for card in deck.cards):
        return ""
    found = find_profile() if search is None else search
    if found.profile is None:
        return f"pictures stay RGB: {found.problem} ({WAY_OUT})"
    return f"pictures converted with the CMYK profile {found.profile.description}"
