"""A build with a result cache converts again only the pages whose Markdown, place or site changed, and the site
is the same, byte for byte, as one converted whole (:mod:`gaslight.rendered_pages`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import markdown
import pytest
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.site import SiteBuildError, build_site
from gaslight.rendered_pages import KEPT, LINK

RULES = ("# Rules\n\nRead [the setup](setup.md#the-board) first.\n\n## Turns\n\nJack moves.\n\n### Night\n\nDark.\n"
         "\n## Arrests\n\nA policeman *names* a circle.\n")
SETUP = "# Setup\n\n## The board\n\nLay it out.\n"


def site_of(root: Path, pages: dict[str, str], cache: Path | None) -> dict[str, bytes]:
    out = BuildOutput(root)
    for name, text in pages.items():
        out.page(name, text, nav=("Reference", name.removesuffix(".md").title()))
    site = build_site(out, compiled_in=cache)
    assert not (root / LINK).exists(), "the link to the result cache is not part of the build"
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.fixture
def indexed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The address of every page Material's search parses into sections."""
    from material.plugins.search.plugin import SearchIndex

    seen: list[str] = []
    add = SearchIndex.add_entry_from_context

    def counting(self: SearchIndex, page: Any) -> None:
        seen.append(page.url)
        add(self, page)

    monkeypatch.setattr(SearchIndex, "add_entry_from_context", counting)
    return seen


@pytest.fixture
def converted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The first line of every text Markdown converts (an empty text: a page put back from the cache)."""
    seen: list[str] = []
    convert: Callable[[markdown.Markdown, str], str] = markdown.Markdown.convert

    def counting(self: markdown.Markdown, source: str) -> str:
        if source:
            seen.append(source.splitlines()[0])
        return convert(self, source)

    monkeypatch.setattr(markdown.Markdown, "convert", counting)
    return seen


def test_an_unchanged_page_is_put_back_whole(tmp_path: Path, converted: list[str], indexed: list[str]) -> None:
    cache = tmp_path / ".gaslight-cache"
    pages = {"rules.md": RULES, "setup.md": SETUP}
    fresh = site_of(tmp_path / "fresh", pages, None)
    first = converted.copy()
    assert sorted(first) == ["# Rules", "# Setup"] and not (cache / KEPT).exists()
    kept = site_of(tmp_path / "first", pages, cache)
    assert len(list((cache / KEPT).glob("page-*.json"))) == 2
    converted.clear()
    warm = site_of(tmp_path / "warm", pages, cache)
    assert sorted(indexed) == ["rules.html", "rules.html", "setup.html", "setup.html"], (
        "searched in the fresh and the first build only")
    assert converted == [], "both pages came from the cache"
    assert fresh == kept == warm  # the HTML, the table of contents, titles, the search index
    rules = warm["rules.html"].decode()
    assert "<title>Rules - " in rules and 'href="#turns"' in rules and 'href="#night"' in rules
    assert 'href="setup.html#the-board"' in rules


def test_only_the_edited_page_is_converted_again(tmp_path: Path, converted: list[str]) -> None:
    cache = tmp_path / ".gaslight-cache"
    site_of(tmp_path / "first", {"rules.md": RULES, "setup.md": SETUP}, cache)
    converted.clear()
    edited = {"rules.md": RULES, "setup.md": SETUP + "\n## Clues\n\nSix of them.\n"}
    warm = site_of(tmp_path / "edited", edited, cache)
    assert converted == ["# Setup"]
    assert warm == site_of(tmp_path / "fresh", edited, None)
    assert 'href="#clues"' in warm["setup.html"].decode()


def test_a_new_file_in_the_site_converts_every_page_again(tmp_path: Path, converted: list[str]) -> None:
    """A link's target may have appeared or moved: every page reads the site's files."""
    cache = tmp_path / ".gaslight-cache"
    site_of(tmp_path / "first", {"rules.md": RULES, "setup.md": SETUP}, cache)
    converted.clear()
    site_of(tmp_path / "more", {"rules.md": RULES, "setup.md": SETUP, "extra.md": "# Extra\n"}, cache)
    assert sorted(converted) == ["# Extra", "# Rules", "# Setup"]


def test_a_page_that_warns_is_never_kept_and_warns_every_time(tmp_path: Path, converted: list[str]) -> None:
    cache = tmp_path / ".gaslight-cache"
    pages = {"rules.md": RULES.replace("setup.md#the-board", "missing.md"), "setup.md": SETUP}
    warning = re.escape("contains a link 'missing.md', but the target is not found")
    for attempt in ("first", "second"):
        with pytest.raises(SiteBuildError, match=warning):
            site_of(tmp_path / attempt, pages, cache)
    assert converted.count("# Rules") == 2, "converted again, so it warned again"
    assert converted.count("# Setup") == 1, "the page without a warning was kept"
