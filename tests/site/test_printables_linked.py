"""A build keeps one copy of each printable and export: ``print/``, the docs folder and the site share the file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.site import build_site

PDF = b"%PDF-1.4 a card sheet\n"
JSON = '{"board": "tutorial"}'


def built(tmp_path: Path) -> BuildOutput:
    out = BuildOutput(tmp_path)
    path = out.printable("walton/case-cards-a4.pdf", PDF)
    exported = out.export("boards/tutorial.json", JSON)
    out.page("downloads.md", f"# Downloads\n\n[Sheet]({path}) · [Board]({exported})\n", nav=("Reference", "Downloads"))
    build_site(out)
    return out


def places(root: Path, rel: str) -> list[Path]:
    return [root / rel, root / "docs" / rel, root / "site" / rel]


@pytest.mark.parametrize("rel", ["print/walton/case-cards-a4.pdf", "export/boards/tutorial.json"])
def test_a_printable_and_an_export_are_one_file_in_print_the_docs_and_the_site(tmp_path: Path, rel: str) -> None:
    built(tmp_path)
    first, *others = places(tmp_path, rel)
    assert all(os.path.samefile(first, other) for other in others)
    assert first.stat().st_nlink == 3
    assert first.read_bytes() == (PDF if rel.endswith(".pdf") else JSON.encode())


def test_a_disk_without_hard_links_gets_copies_with_the_same_bytes(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(source: str | Path, target: str | Path) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", refuse)
    built(tmp_path)
    rel = "print/walton/case-cards-a4.pdf"
    for place in places(tmp_path, rel):
        assert (place.read_bytes(), place.stat().st_nlink) == (PDF, 1)
    assert not list(tmp_path.rglob("*.link"))


def test_a_printable_written_again_changes_every_place_and_stays_one_file(tmp_path: Path) -> None:
    out = BuildOutput(tmp_path, keep_unchanged=True)  # the live preview writes into the same folder on each save
    out.printable("sheet.pdf", PDF)
    out.printable("sheet.pdf", b"%PDF-1.4 redrawn\n")
    served, twin = tmp_path / "docs" / "print" / "sheet.pdf", tmp_path / "print" / "sheet.pdf"
    assert os.path.samefile(served, twin) and twin.read_bytes() == b"%PDF-1.4 redrawn\n"
