"""Card art (``benchmarks/fuzz/art.py``, ``make fuzz``): a seeded share of hostile pictures, and what it found.

A deck whose suit and card name mutated pictures gives located errors only when checked and drawn: no exit 3,
no error without a file, line and column, no Python warning on the terminal, no run that hangs.
"""

from __future__ import annotations

import contextlib
import io
import random
import struct
import tempfile
import zlib
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.domain.decks.art import Art
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from benchmarks.fuzz import art as fuzz

SUIT = "decks/alibi-cards.yaml:15:63: error: suits[0].art: "
CARD = "decks/alibi-cards.yaml:26:96: error: cards[0].art: "
SCALE = "(fix: scale it down (a 63 × 88 mm card at 300 dpi is 744 × 1039 pixels))"


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_hostile_art_gets_located_errors_only(rng: random.Random) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        outcome = fuzz.one(rng, Path(scratch))
    assert not outcome.internal, outcome.sample
    assert outcome.unlocated == (), outcome.sample
    assert not outcome.hang, outcome.sample


def test_every_kind_of_valid_picture_checks_clean_and_draws(tmp_path: Path) -> None:
    rng = random.Random(5)
    for number, (mode, formats) in enumerate(fuzz.MODES):
        for fmt in formats:
            folder = tmp_path / f"{number}-{fmt}"
            folder.mkdir()
            rel = f"art/x.{fuzz.SUFFIX[fmt]}"
            outcome = fuzz.run_one(folder, {rel: fuzz.picture(rng, fmt, mode)[1]}, rel, rel, draw=True)
            assert (outcome.exit_code, outcome.internal) == (0, False), (mode, fmt)
            assert (folder / "faces" / "at-the-market.png").is_file()


def _check(folder: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, bytes], suit: str | None,
           card: str | None) -> tuple[int, list[str], str]:
    fuzz.write_project(folder, suit, card)
    for rel, data in files.items():
        (folder / "decks" / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / "decks" / rel).write_bytes(data)
    monkeypatch.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", "decks/alibi-cards.yaml"])
    return int(code), [line for line in out.getvalue().splitlines() if ": error: " in line], err.getvalue()


def _png_header(width: int, height: int) -> bytes:
    """A tiny PNG declaring ``width`` × ``height`` pixels (a decompression bomb's header)."""
    return (b"\x89PNG\r\n\x1a\n" + fuzz._chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + fuzz._chunk(b"IDAT", zlib.compress(b"\0" * 10)) + fuzz._chunk(b"IEND", b""))


def test_a_name_too_long_for_the_disk_is_located(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    long = "art/" + "x" * 256 + ".png"
    code, errors, err = _check(tmp_path, monkeypatch, {"art/s.png": fuzz.real_bomb(8, 8)}, "art/s.png", long)
    assert (code, err) == (1, "")
    assert errors == [f"{CARD}art file '{long}' cannot be opened: a name in the path is too long (fix: give the "
                      "file a shorter name)"]


def test_huge_declared_sizes_are_named_as_sizes_without_a_warning(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    files = {"art/s.png": _png_header(100_000, 100_000), "art/c.png": _png_header(10_000, 10_000)}
    code, errors, err = _check(tmp_path, monkeypatch, files, "art/s.png", "art/c.png")
    assert (code, err) == (1, ""), "no DecompressionBombWarning on the terminal"
    assert errors == [
        f"{SUIT}art file 'art/s.png' is over 178 megapixels; art may be at most 40 megapixels {SCALE}",
        f"{CARD}art file 'art/c.png' is 10000 × 10000 pixels; art may be at most 40 megapixels {SCALE}"]


def test_a_thin_strip_is_bounded_on_its_side(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, errors, _ = _check(tmp_path, monkeypatch, {"art/s.png": fuzz.real_bomb(1, 39_000_000)}, "art/s.png", None)
    assert code == 1 and errors == [
        f"{SUIT}art file 'art/s.png' is 1 × 39000000 pixels; art may be at most 20000 pixels on a side {SCALE}"]


def test_an_empty_file_a_folder_and_one_byte_over_are_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "decks" / "art" / "folder.png").mkdir(parents=True)
    code, errors, _ = _check(tmp_path, monkeypatch, {"art/s.png": b""}, "art/s.png", "art/folder.png")
    assert code == 1 and errors == [
        f"{SUIT}art file 'art/s.png' is empty (0 bytes) (fix: save it again as PNG or JPEG from your drawing program)",
        f"{CARD}art file 'art/folder.png' is a folder, not a file (fix: name a file inside it, relative to the deck "
        "file's folder)"]
    over = b"\x89PNG" + b"\0" * (16 * 1024 * 1024 - 3)
    code, errors, _ = _check(tmp_path, monkeypatch, {"art/s.png": over}, "art/s.png", None)
    assert errors == [f"{SUIT}art file 'art/s.png' is 16.1 MB; art may be at most 16 MB (fix: save it smaller "
                      "(300 dpi at the card's size is plenty))"]


def test_a_picture_larger_than_its_box_needs_is_drawn_from_a_scaled_copy(tmp_path: Path) -> None:
    from gaslight.domain.decks.art import drawable

    path = tmp_path / "big.png"
    Image.new("RGBA", (6000, 3000), (200, 30, 30, 128)).save(path)
    reader = drawable(Art("big.png", str(path), "png", 6000, 3000), 162, 85)
    assert not isinstance(reader, str) and reader.getSize() == (2700, 1350)
    assert reader._image.mode == "RGBA", "transparency kept"  # the one way to see what is drawn
    small = Art("s.png", str(path), "png", 2700, 1350)
    assert drawable(small, 162, 85) == str(path), "a picture that fits is the file itself: its PDFs do not change"
