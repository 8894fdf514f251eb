"""DriveThruCards' CMYK file: card art converted with a real CMYK profile, ink capped, transparency kept; without a
profile the art stays RGB and one warning says so."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from gaslight.domain.decks.deck import Deck
from gaslight.outputs import cmyk_art
from gaslight.outputs.card_faces import face_for
from gaslight.outputs.cardsheet import impose
from gaslight.outputs.cmyk_art import PROFILE_VARIABLE, ProfileSearch, cap_image, cap_ink, find_profile, in_cmyk
from gaslight.outputs.pdf import INK_LIMIT
from gaslight.outputs.print_shops import SHOPS, shop_files
from gaslight.project import load_project
from PIL import Image, ImageCms
from pypdf import PdfReader

from tests.decks.test_deck_errors import BASE

SYSTEM_SWOP = "/usr/share/color/icc/ghostscript/default_cmyk.icc"  # Debian's libgs-common (make system-deps)


def _deck(folder: Path, art: bool = True) -> Deck:
    folder.mkdir(parents=True, exist_ok=True)
    picture = Image.new("RGBA", (40, 20), (0, 0, 0, 255))  # left half black, right half transparent red
    for x in range(20, 40):
        for y in range(20):
            picture.putpixel((x, y), (200, 20, 20, 0))
    picture.save(folder / "pic.png")
    text = BASE.replace("suits:\n", "print: {shop: drivethrucards}\nsuits:\n", 1)
    if art:
        text = text.replace("name: Red one, value: 1, copies: 2}", "name: Red one, value: 1, copies: 2, art: pic.png}")
    (folder / "mini.yaml").write_text(text, encoding="utf-8")
    project, report = load_project([folder])
    assert report.ok, report.format_text()
    return project.of_kind("deck")[0]


def _images(pdf: bytes) -> list[dict]:
    """Every image XObject of the file: colour space, size, soft mask and samples."""
    found = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for xobject in page["/Resources"].get("/XObject", {}).values():
            image = xobject.get_object()
            if image["/Subtype"] == "/Image":
                found.append({"space": image["/ColorSpace"], "size": (image["/Width"], image["/Height"]),
                              "smask": "/SMask" in image, "data": image.get_data()})
    return found


@pytest.fixture(autouse=True)
def _one_warning_per_test():
    cmyk_art._warn.cache_clear()


def test_this_machine_has_the_swop_profile_the_makefile_installs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PROFILE_VARIABLE, raising=False)
    found = find_profile()
    assert found.profile is not None and found.problem == ""
    assert (found.profile.path, found.profile.description) == (SYSTEM_SWOP, "Artifex CMYK SWOP Profile")


def test_art_is_converted_with_the_profile_its_ink_capped_and_its_transparency_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(PROFILE_VARIABLE, SYSTEM_SWOP)
    deck = _deck(tmp_path)
    pdf = shop_files(deck, "drivethrucards")["mini-drivethrucards.pdf"]
    images = _images(pdf)
    assert images and all(image["space"] == "/DeviceCMYK" and image["smask"] for image in images)
    samples = images[0]["data"]
    assert images[0]["size"] == (40, 20) and len(samples) == 40 * 20 * 4
    black = tuple(samples[:4])  # the top-left pixel: black, through the SWOP profile, capped at 240 %
    swop = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(SYSTEM_SWOP), "RGB", "CMYK",
                                   ImageCms.Intent.PERCEPTUAL)
    raw = ImageCms.applyTransform(Image.new("RGB", (1, 1), (0, 0, 0)), swop).getpixel((0, 0))
    assert sum(raw) > INK_LIMIT * 255  # the profile's own black is over the limit…
    assert black == cap_ink(raw) and sum(black) <= INK_LIMIT * 255  # …and the file's is not
    assert max(sum(samples[i:i + 4]) for i in range(0, len(samples), 4)) <= round(INK_LIMIT * 255)
    assert capsys.readouterr().err == ""
    assert shop_files(deck, "drivethrucards")["mini-drivethrucards.pdf"] == pdf  # the same bytes twice


def test_the_wrapped_canvas_changes_nothing_but_pictures(tmp_path: Path) -> None:
    deck = _deck(tmp_path, art=False)
    settings = SHOPS["drivethrucards"].settings("poker", deck.print_spec.safe_mm)
    faces = [face_for(deck, card, settings) for card in deck.cards]
    *wrapped, back = in_cmyk([*faces, faces[0]],
                             ProfileSearch(find_profile({PROFILE_VARIABLE: SYSTEM_SWOP}).profile))
    assert impose(wrapped, settings, back, colours="cmyk") == impose(faces, settings, faces[0], colours="cmyk")


@pytest.mark.parametrize(("named", "problem"), [
    ("missing.icc", "GASLIGHT_CMYK_PROFILE names '{path}', which does not exist"),
    ("rgb.icc", "GASLIGHT_CMYK_PROFILE names '{path}', which is an RGB colour profile, not a CMYK one"),
    ("garbage.icc", "GASLIGHT_CMYK_PROFILE names '{path}', which is not a colour profile LittleCMS can read"),
])
def test_without_a_usable_profile_art_stays_rgb_with_one_warning(
        named: str, problem: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "rgb.icc").write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    (tmp_path / "garbage.icc").write_bytes(b"not a profile")
    path = str(tmp_path / named)
    monkeypatch.setenv(PROFILE_VARIABLE, path)
    deck = _deck(tmp_path / "deck")
    pdf = shop_files(deck, "drivethrucards")["mini-drivethrucards.pdf"]
    assert {image["space"] for image in _images(pdf)} == {"/DeviceRGB"}
    shop_files(deck, "drivethrucards")  # a second file in the same run: no second warning
    assert capsys.readouterr().err == (
        f"warning: {problem.format(path=path)}, so the pictures on DriveThruCards cards stay RGB in their CMYK file "
        "(install Debian's libgs-common (Ghostscript's default_cmyk.icc) or Ghostscript, or set GASLIGHT_CMYK_PROFILE "
        "to a CMYK .icc file)\n")


def test_a_deck_without_art_warns_of_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(PROFILE_VARIABLE, str(tmp_path / "missing.icc"))
    shop_files(_deck(tmp_path, art=False), "drivethrucards")
    assert capsys.readouterr().err == ""
    assert cmyk_art.art_note(_deck(tmp_path, art=False)) == ""


def test_the_deck_page_says_how_the_pictures_were_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = _deck(tmp_path)
    monkeypatch.setenv(PROFILE_VARIABLE, SYSTEM_SWOP)
    assert cmyk_art.art_note(deck) == "pictures converted with the CMYK profile Artifex CMYK SWOP Profile"
    monkeypatch.setenv(PROFILE_VARIABLE, "")
    monkeypatch.setattr(cmyk_art, "SYSTEM_PROFILES", ())
    assert cmyk_art.art_note(deck) == (
        "pictures stay RGB: no CMYK colour profile was found on this computer (install Debian's libgs-common "
        "(Ghostscript's default_cmyk.icc) or Ghostscript, or set GASLIGHT_CMYK_PROFILE to a CMYK .icc file)")


def test_the_picture_ink_cap_is_the_pixel_rule() -> None:
    rng = random.Random(7)
    pixels = [tuple(rng.randrange(256) for _ in range(4)) for _ in range(500)]
    image = Image.new("CMYK", (500, 1))
    for x, pixel in enumerate(pixels):
        image.putpixel((x, 0), pixel)
    capped = cap_image(image)
    assert [capped.getpixel((x, 0)) for x in range(500)] == [cap_ink(pixel) for pixel in pixels]
    assert all(sum(cap_ink(pixel)) <= round(INK_LIMIT * 255) for pixel in pixels)
