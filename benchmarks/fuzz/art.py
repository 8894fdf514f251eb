"""Card art: a deck whose suit and cards name picture files, the pictures mutated, run as a designer runs it.

Each input is the starter project's deck (``gaslight init``) with ``art:`` on a suit and a card, and picture
files beside it made hostile: truncated or corrupted PNG/JPEG/GIF/WebP bytes, huge declared dimensions in a
tiny file (a decompression bomb), a real bomb just under the size bound, a wrong extension, SVG or text where a
PNG is expected, a 0-byte file, animated GIF/PNG/WebP, CMYK and progressive JPEG, 16-bit, palette-with-
transparency, grey-alpha and 1-bit PNG, formats Gaslight does not take (TIFF, BMP, ICO, PPM), a file over the
byte bound, and hostile paths (a folder, outside the deck's folder, absolute, a URL, a NUL byte, a very long
name, a link leading out). ``gaslight check`` runs on the deck in its project; a share of the inputs also
draws the faces with ``gaslight cards --dpi 72``, so a picture the check let through must draw. The outcome is
classified as the package says; a Python warning reaching the terminal (Pillow's decompression-bomb warning, say)
counts as an internal error too: it is a library's voice, not a message of Gaslight's.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import struct
import time
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path

from gaslight.cli import main as gaslight
from gaslight.commands.init import project_files

from benchmarks.fuzz import Outcome, is_internal, unlocated_lines

_PY_WARNING = re.compile(r"^\S.*:\d+: \w*Warning: ", re.MULTILINE)

NAME = "art"
COUNT = 20_000
CARDS_SHARE = 0.15  # of the inputs also drawn as PNG faces (the slow part)
DECK = "decks/alibi-cards.yaml"
FORMATS = ("PNG", "JPEG", "GIF", "WEBP")
SUFFIX = {"PNG": "png", "JPEG": "jpg", "GIF": "gif", "WEBP": "webp", "TIFF": "tif", "BMP": "bmp", "ICO": "ico",
          "PPM": "ppm"}
# (Pillow mode, formats that can hold it)
MODES = (("RGB", FORMATS), ("RGBA", ("PNG", "WEBP", "GIF")), ("L", ("PNG", "JPEG", "GIF")), ("LA", ("PNG",)),
         ("P", ("PNG", "GIF")), ("1", ("PNG", "GIF")), ("I;16", ("PNG",)), ("CMYK", ("JPEG",)))


@cache
def _starter() -> dict[str, str]:
    """The files of the fuzz project: gaslight.yaml, the starter game's rules and deck (by relative path)."""
    files = project_files(Path("/fuzz"), "Fuzz")
    keep = {"rules/alibi-cards.yaml", DECK}
    found = {rel: text for path, text in files.items() if (rel := path.relative_to("/fuzz").as_posix()) in keep}
    return {"gaslight.yaml": "title: Fuzz\ncontent: [decks, rules]\n", **found}


def picture(rng: random.Random, fmt: str | None = None, mode: str | None = None,
            size: tuple[int, int] | None = None) -> tuple[str, bytes]:
    """A valid picture: (format, bytes) in a format and mode chosen by ``rng`` unless given."""
    from PIL import Image

    mode, formats = next(m for m in MODES if m[0] == mode) if mode else rng.choice(MODES)
    fmt = fmt if fmt in formats else rng.choice(formats)
    width, height = size or (rng.randint(1, 90), rng.randint(1, 90))
    image = Image.new(mode, (width, height))
    for _ in range(rng.randint(0, 6)):  # a few rectangles, so the data is not all one value
        x, y = rng.randrange(width), rng.randrange(height)
        image.paste(rng.randrange(256) if len(image.getbands()) == 1 else tuple(
            rng.randrange(256) for _ in image.getbands()), (x, y, min(width, x + 9), min(height, y + 9)))
    options: dict[str, object] = {}
    if mode == "P" and rng.random() < 0.6:
        options["transparency"] = rng.randrange(256)
    if fmt == "JPEG":
        options.update(progressive=rng.random() < 0.3, quality=rng.choice((5, 75, 95)))
    if fmt == "PNG" and rng.random() < 0.2:
        options["optimize"] = True
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return fmt, buffer.getvalue()


def animated(rng: random.Random) -> tuple[str, bytes]:
    from PIL import Image

    fmt = rng.choice(("GIF", "PNG", "WEBP"))
    frames = [Image.new("RGB", (rng.randint(1, 60), rng.randint(1, 60)), tuple(rng.randrange(256) for _ in "rgb"))
              for _ in range(rng.randint(2, 5))]
    if fmt == "WEBP" or rng.random() < 0.8:  # WebP frames share one size; GIF and APNG frames may differ
        frames = [f.resize(frames[0].size) for f in frames]
    buffer = io.BytesIO()
    frames[0].save(buffer, fmt, save_all=True, append_images=frames[1:], duration=80, loop=0)
    return fmt, buffer.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def bomb_header(rng: random.Random) -> tuple[str, bytes]:
    """A tiny file declaring a huge picture (a decompression bomb's header): PNG, JPEG, GIF or BMP."""
    width, height = rng.choice(((65_535, 65_535), (100_000, 100_000), (2**31 - 1, 1), (1, 2**31 - 1),
                                (40_000, 40_000), (8_000, 6_000), (0, 10)))
    kind = rng.choice(("PNG", "JPEG", "GIF", "BMP"))
    if kind == "PNG":
        body = _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, rng.choice((0, 2, 3, 6)), 0, 0, 0))
        body += _chunk(b"IDAT", zlib.compress(b"\0" * rng.choice((0, 10, 1000))))
        return kind, b"\x89PNG\r\n\x1a\n" + body + _chunk(b"IEND", b"")
    if kind == "JPEG":
        _, real = picture(rng, "JPEG", "RGB", (8, 8))
        at = real.index(b"\xff\xc0") if b"\xff\xc0" in real else real.index(b"\xff\xc2")
        w, h = min(width, 65_535), min(height, 65_535)
        return kind, real[:at + 5] + struct.pack(">HH", h, w) + real[at + 9:]
    if kind == "GIF":
        _, real = picture(rng, "GIF", "P", (8, 8))
        return kind, real[:6] + struct.pack("<HH", min(width, 65_535), min(height, 65_535)) + real[10:]
    header = struct.pack("<2sIHHI", b"BM", 54, 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, min(width, 2**31 - 1), min(height, 2**31 - 1), 1, 24, 0, 0, 0, 0, 0, 0)
    return kind, header + info + b"\0" * rng.choice((0, 12, 3000))


@cache
def real_bomb(width: int, height: int, mode: str = "L") -> bytes:
    """A real picture of ``width`` × ``height`` that compresses to almost nothing (cached: one of each)."""
    from PIL import Image

    buffer = io.BytesIO()
    options = {"transparency": 0} if mode == "P" else {}
    Image.new(mode, (width, height)).save(buffer, "PNG", optimize=False, compress_level=9, **options)
    return buffer.getvalue()


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000" onload="alert(1)">'
       '<rect width="10" height="10"/></svg>')


def hostile_file(rng: random.Random) -> tuple[str, bytes]:
    """(the extension to write, the bytes) of one hostile picture."""
    kind = rng.choice(("valid", "truncated", "truncated", "corrupt", "corrupt", "bomb-header", "bomb-header",
                       "real-bomb", "wrong-extension", "svg", "empty", "animated", "animated", "other-format",
                       "text", "too-big"))
    if kind == "valid":
        fmt, data = picture(rng)
        return SUFFIX[fmt], data
    if kind == "truncated":
        fmt, data = picture(rng)
        return SUFFIX[fmt], data[:rng.randint(0, len(data) - 1)]
    if kind == "corrupt":
        fmt, data = picture(rng)
        raw = bytearray(data)
        for _ in range(rng.randint(1, 12)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return SUFFIX[fmt], bytes(raw)
    if kind == "bomb-header":
        fmt, data = bomb_header(rng)
        return SUFFIX[fmt], data
    if kind == "real-bomb":  # just under and just over the pixel bound, and very thin
        size = rng.choice(((6_000, 6_000), (7_000, 6_000), (1, 39_000_000), (39_000, 1), (4_000, 9_999),
                           (2_000, 20_000), (20_000, 2_000), (1, 20_000)))
        return "png", real_bomb(*size, rng.choice(("L", "RGB", "RGBA", "P")))
    if kind == "wrong-extension":
        fmt, data = picture(rng)
        return rng.choice([s for f, s in SUFFIX.items() if f != fmt] + ["", "PNG", "txt"]), data
    if kind == "svg":
        return rng.choice(("png", "svg", "jpg")), SVG.encode()
    if kind == "empty":
        return rng.choice(("png", "jpg", "gif", "webp")), b""
    if kind == "animated":
        fmt, data = animated(rng)
        return SUFFIX[fmt], data
    if kind == "other-format":
        from PIL import Image

        fmt = rng.choice(("TIFF", "BMP", "ICO", "PPM"))
        buffer = io.BytesIO()
        Image.new("RGB", (rng.randint(1, 64), rng.randint(1, 64))).save(buffer, fmt)
        return rng.choice((SUFFIX[fmt], "png")), buffer.getvalue()
    if kind == "text":
        return "png", rng.choice((b"not a picture", "é\0\n".encode() * 50, b"\x89PNG\r\n\x1a\n", b"GIF89a",
                                  b"\xff\xd8\xff", b"RIFF\0\0\0\0WEBPVP8 "))
    _, data = picture(rng, "PNG", "RGB")
    return "png", data + b"\0" * (16 * 1024 * 1024 + 1 - len(data))  # one byte over the bound


def hostile_path(rng: random.Random, workdir: Path) -> str:
    """A path as a deck file might write it, naming something that is not a picture beside the deck."""
    decks = workdir / "decks"
    kind = rng.choice(("folder", "outside", "absolute", "url", "nul", "long", "link-out", "missing", "dots"))
    if kind == "folder":
        (decks / "art" / "folder.png").mkdir(parents=True, exist_ok=True)
        return "art/folder.png"
    if kind == "outside":
        (workdir / "outside.png").write_bytes(picture(rng, "PNG")[1])
        return "../outside.png"
    if kind == "absolute":
        return str(workdir / "rules" / "alibi-cards.yaml")
    if kind == "url":
        return rng.choice(("http://example.com/a.png", "file:///etc/passwd", "data:image/png;base64,AAAA"))
    if kind == "nul":
        return "art/a\0b.png"
    if kind == "long":
        return "art/" + "x" * rng.choice((255, 256, 5000)) + ".png"
    if kind == "link-out":
        (workdir / "outside.png").write_bytes(picture(rng, "PNG")[1])
        (decks / "art").mkdir(parents=True, exist_ok=True)
        link = decks / "art" / "link.png"
        if not link.is_symlink():
            link.symlink_to(workdir / "outside.png")
        return "art/link.png"
    if kind == "missing":
        return "art/nowhere.png"
    return rng.choice(("art/./a/../red.png", "art//red.png", ".", "..", "art/"))


def deck_with_art(text: str, suit_art: str | None, card_art: str | None) -> str:
    """The starter deck with ``art:`` on its first suit and its first card (JSON strings are YAML strings)."""
    if suit_art is not None:
        text = text.replace("rank: 1}", f"rank: 1, art: {json.dumps(suit_art)}}}", 1)
    if card_art is not None:
        text = text.replace("copies: 3, text:", f"copies: 3, art: {json.dumps(card_art)}, text:", 1)
    return text


def write_project(workdir: Path, suit_art: str | None, card_art: str | None) -> None:
    for rel, text in _starter().items():
        (workdir / rel).parent.mkdir(parents=True, exist_ok=True)
        (workdir / rel).write_text(deck_with_art(text, suit_art, card_art) if rel == DECK else text,
                                   encoding="utf-8")


def _run(argv: list[str]) -> tuple[int, str, str, float]:
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = gaslight(argv)
    return int(code), out.getvalue(), err.getvalue(), time.perf_counter() - start


def run_one(workdir: Path, files: dict[str, bytes], suit_art: str | None, card_art: str | None,
            draw: bool) -> Outcome:
    """Write the project and the pictures, ``gaslight check`` the deck, and (``draw``) ``gaslight cards`` it."""
    write_project(workdir, suit_art, card_art)
    for rel, data in files.items():
        (workdir / "decks" / rel).parent.mkdir(parents=True, exist_ok=True)
        (workdir / "decks" / rel).write_bytes(data)
    config = str(workdir / "gaslight.yaml")
    code, printed, said, seconds = _run(["check", "-f", config, str(workdir / DECK)])
    internal = is_internal(code, printed + said) or bool(_PY_WARNING.search(said))
    unlocated = unlocated_lines(printed.splitlines())
    if draw and not internal:
        code, drawn, said, more = _run(["cards", "-f", config, "alibi-cards", "--dpi", "72",
                                        "--out", str(workdir / "faces")])
        seconds += more
        internal = is_internal(code, drawn + said) or bool(_PY_WARNING.search(said))
        unlocated += unlocated_lines(drawn.splitlines())
    sample = f"suit art {suit_art!r}, card art {card_art!r}, files " + ", ".join(
        f"{rel}: {len(data)} bytes {data[:24]!r}" for rel, data in files.items())
    return Outcome(NAME, DECK, code, seconds, unlocated, internal, sample)


def one(rng: random.Random, workdir: Path) -> Outcome:
    """One deck with hostile art, checked (and for a share, drawn) in ``workdir``."""
    files: dict[str, bytes] = {}
    written: list[str | None] = []
    for slot in ("suit", "card"):
        choice = rng.random()
        if choice < 0.15:
            written.append(None)
        elif choice < 0.25:
            written.append(hostile_path(rng, workdir))
        else:
            suffix, data = hostile_file(rng)
            rel = f"art/{slot}.{suffix}" if suffix else f"art/{slot}"
            files[rel] = data
            written.append(rel)
    return run_one(workdir, files, written[0], written[1], rng.random() < CARDS_SHARE)


#: Named makers, for a test that wants one kind of picture.
MAKERS: dict[str, Callable[[random.Random], tuple[str, bytes]]] = {
    "picture": lambda rng: (lambda f: (SUFFIX[f[0]], f[1]))(picture(rng)),
    "hostile": hostile_file,
}
