"""Where contributors put what they make. Nothing here touches the final ``build/``."""

from __future__ import annotations

import os
import posixpath
import shutil
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from gaslight.cache import NO_CACHE, ResultCache

NavPath = tuple[str, ...]


class Underway(Protocol):
    """Work a build started before its contributors ran (a board's self-play in Node.js)."""

    def stop(self) -> None:
        """End it and clean up after it; safe to call when it has ended."""

# Top-level site sections, in menu order; contributors name one of these first.
SECTIONS: tuple[str, ...] = (
    "Home",
    "Whitechapel hunt",
    "Walton cases",
    "Ripper rummy",
    "24",
    "Play",
    "Reference",
)


def same_file(source: Path, target: Path) -> None:
    """``target`` made the same file as ``source`` (a build keeps one copy of a printable in the docs folder, the site
    and ``print/``): a hard link where ``target`` is not that already, else a copy on a disk without them."""
    if target.exists() and os.path.samefile(source, target):
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    link = target.with_name(f".{target.name}.link")
    try:
        link.unlink(missing_ok=True)
        os.link(source, link)
        os.replace(link, target)
    except OSError:  # no hard links on this disk
        link.unlink(missing_ok=True)
        shutil.copyfile(source, target)


def page_link(page: str, target: str) -> str:
    """The relative link from the page ``page`` to the site path ``target`` (both relative to the docs root).

    >>> page_link("walton/cases/a.md", "play/walton.md"), page_link("index.md", "print/x.pdf")
    ('../../play/walton.md', 'print/x.pdf')
    """
    return posixpath.relpath(target, posixpath.dirname(page) or ".")


@dataclass(frozen=True)
class GameSite:
    """Where a game's pages live: its menu section and its folder on the site."""

    section: str
    folder: str


# The ``game`` field of rulesets and decks → where their pages go.
GAME_SITES: dict[str, GameSite] = {
    "hunt": GameSite("Whitechapel hunt", "hunt"),
    "walton": GameSite("Walton cases", "walton"),
    "rummy": GameSite("Ripper rummy", "rummy"),
    "twentyfour": GameSite("24", "twentyfour"),
}


def game_sites(rulesets: Iterable[Any]) -> dict[str, GameSite]:
    """Where each ruleset's pages go (by ruleset id): a bundled family's section, or one of its own.

    A game of the designer's own gets a section titled like the game; two games with one title are told
    apart by their ids.

    >>> from types import SimpleNamespace as R
    >>> sites = game_sites([R(id="whitechapel-hunt", game="hunt", title="Whitechapel hunt"),
    ...                     R(id="fog", game="fog", title="Fog"), R(id="fog2", game="fog2", title="Fog")])
    >>> sites["whitechapel-hunt"].folder, sites["fog"], sites["fog2"].section
    ('hunt', GameSite(section='Fog (fog)', folder='games/fog'), 'Fog (fog2)')
    """
    rulesets = list(rulesets)
    titles = Counter(r.title for r in rulesets if r.game not in GAME_SITES)
    return {r.id: GAME_SITES.get(r.game) or GameSite(r.title if titles[r.title] == 1 else f"{r.title} ({r.id})",
                                                     f"games/{r.game}")
            for r in rulesets}


@dataclass
class BuildOutput:
    """A build in progress, rooted in a temporary folder.

    ``docs/`` is the generated MkDocs source, ``print/`` the printables and
    ``export/`` the JSON exports; the site stage turns ``docs/`` into ``site/``.
    """

    root: Path
    nav: list[tuple[NavPath, str]] = field(default_factory=list)
    own_sections: list[str] = field(default_factory=list)  # designers' own games, after the bundled ones
    written: set[Path] = field(default_factory=set)  # every file written, for the live preview's bookkeeping
    keep_unchanged: bool = False  # live preview: leave a file alone when its bytes are the same (MkDocs skips it)
    changed_pages: list[str] = field(default_factory=list)  # pages written with new bytes, in order (docs-relative)
    cache: ResultCache = NO_CACHE  # slow pure results kept between builds (gaslight.cache)
    started: dict[str, Underway] = field(default_factory=dict)  # begun early, taken by its contributor
    # language → {a menu label from scenario text (a variant's title): its text in that language}
    label_translations: dict[str, dict[str, str]] = field(default_factory=dict)
    finish_late: bool = False  # a build: printables still being drawn are written while MkDocs builds the site
    unfinished: list[Callable[[], None]] = field(default_factory=list)  # what :meth:`later` left for then

    @property
    def sections(self) -> tuple[str, ...]:
        """Menu sections in order: home, the bundled games, the designer's games, then play and reference."""
        games_end = SECTIONS.index("Play")
        return (*SECTIONS[:games_end], *self.own_sections, *SECTIONS[games_end:])

    def add_section(self, title: str) -> None:
        """Make room in the menu for a game of the designer's own."""
        if title not in self.sections:
            self.own_sections.append(title)

    @property
    def docs(self) -> Path:
        return self.root / "docs"

    def _write(self, path: Path, data: bytes | str) -> bool:
        """Write ``data`` at ``path``; False when ``keep_unchanged`` found the same bytes there."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        self.written.add(path)
        if self.keep_unchanged and path.is_file() and path.stat().st_size == len(raw) and path.read_bytes() == raw:
            return False
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)
        return True

    def page(self, rel: str, markdown: str, nav: NavPath | None = None) -> None:
        """A generated Markdown page at ``docs/rel``; listed in the menu under ``nav``."""
        if self._write(self.docs / rel, markdown):
            self.changed_pages.append(rel)
        if nav is not None:
            self.link(nav, rel)

    def link(self, nav: NavPath, rel: str) -> None:
        """Put an existing page (hand-written in ``site/`` or generated) in the menu."""
        if nav[0] not in self.sections:
            raise ValueError(f"unknown site section {nav[0]!r}; use one of {self.sections}")
        self.nav.append((nav, rel))

    def translate_label(self, language: str, label: str, text: str) -> None:
        """The menu shows ``label`` (scenario text in the main language) as ``text`` on ``language``'s pages."""
        if text != label:
            self.label_translations.setdefault(language, {}).setdefault(label, text)

    def asset(self, rel: str, data: bytes | str) -> None:
        """A file served with the site (SVG, JSON, JavaScript) at ``docs/rel``."""
        self._write(self.docs / rel, data)

    def _write_twice(self, served: Path, twin: Path, data: bytes | str) -> None:
        """``data`` at ``served`` (in the docs) and the same file at ``twin`` (beside the site): a hard link where the
        disk allows, so a build keeps one copy of each printable (MkDocs links the site's to it too:
        :func:`gaslight.site_hooks.on_files`), else a second copy."""
        self._write(served, data)
        self.written.add(twin)
        same_file(served, twin)

    def printable(self, rel: str, data: bytes) -> str:
        """A PDF: written to ``print/rel`` and served at ``print/rel`` on the site. Returns the site path."""
        self._write_twice(self.docs / "print" / rel, self.root / "print" / rel, data)
        return self.printable_path(rel)

    def later(self, finish: Callable[[], None]) -> None:
        """``finish()`` (it writes printables being drawn in worker processes) after MkDocs has built the site, when
        the build says so (:attr:`finish_late`), else now. Every page is written before, and every printable a
        page links is promised (:meth:`promise`): MkDocs checks the links."""
        if self.finish_late:
            self.unfinished.append(finish)
        else:
            finish()

    def promise(self, rel: str) -> str:
        """The site path of the printable ``rel``, which a :meth:`later` will write: an empty file in its place until
        then, so the pages' links to it hold."""
        if self.finish_late:
            promised = self.docs / "print" / rel
            promised.parent.mkdir(parents=True, exist_ok=True)
            promised.touch()
        return self.printable_path(rel)

    def finish(self, site: Path) -> None:
        """Run what :meth:`later` left, then give the built ``site`` each file it wrote into the docs folder (MkDocs
        linked the promised ones already: :func:`gaslight.site_hooks.on_files`; a disk without hard links gets
        copies)."""
        before = set(self.written)
        while self.unfinished:
            self.unfinished.pop(0)()
        for path in sorted(self.written - before):
            if not path.is_relative_to(self.docs):
                continue
            same_file(path, site / path.relative_to(self.docs))

    @staticmethod
    def printable_path(rel: str) -> str:
        """The site path of the printable ``rel`` (written now or later)."""
        return f"print/{rel}"

    def export(self, rel: str, data: bytes | str) -> str:
        """A data export (JSON): written to ``export/rel`` and served at ``export/rel``."""
        self._write_twice(self.docs / "export" / rel, self.root / "export" / rel, data)
        return f"export/{rel}"
