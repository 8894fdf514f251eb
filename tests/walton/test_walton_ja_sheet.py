"""A two-language project's Japanese investigation sheet names the mansion's rooms, suspects, motives and weapons
in Japanese (the sheet's headings were Japanese already; the names were English)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from gaslight.domain.walton.mansion import Mansion
from gaslight.outputs.walton import _sheets
from walton_support import BUNDLED_MANSION, load_model


class Printables:
    """The printables a contributor writes, kept in memory."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}

    def printable(self, path: str, data: bytes) -> str:
        self.files[path] = data
        return path


def test_the_japanese_sheet_names_the_house_in_japanese(tmp_path: Path) -> None:
    house = load_model(BUNDLED_MANSION)
    assert isinstance(house, Mansion)
    out = Printables()
    _sheets([house], out, ("en", "ja"))  # type: ignore[arg-type]
    text = {}
    for path in ("walton/investigation-sheet-walton-house-a4.pdf", "walton/ja/investigation-sheet-walton-house-a4.pdf"):
        pdf = tmp_path / Path(path).name
        pdf.write_bytes(out.files[path])
        text[path] = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    japanese = text["walton/ja/investigation-sheet-walton-house-a4.pdf"].replace("\n", "")
    for name in ("書斎", "ビリヤード室", "バーウィック姉妹", "火かき棒"):
        assert name in japanese, name
    assert "Billiard Room" not in japanese and "Fire iron" not in japanese
    assert "Billiard Room" in text["walton/investigation-sheet-walton-house-a4.pdf"]
