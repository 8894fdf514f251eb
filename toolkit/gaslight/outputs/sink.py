"""Where contributors put what they make. Nothing here touches the final ``build/``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

NavPath = tuple[str, ...]

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


@dataclass
class BuildOutput:
    """A build in progress, rooted in a temporary folder.

    ``docs/`` is the generated MkDocs source, ``print/`` the printables and
    ``export/`` the JSON exports; the site stage turns ``docs/`` into ``site/``.
    """

    root: Path
    nav: list[tuple[NavPath, str]] = field(default_factory=list)

    @property
    def docs(self) -> Path:
        return self.root / "docs"

    def _write(self, path: Path, data: bytes | str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8", newline="\n")
        else:
            path.write_bytes(data)

    def page(self, rel: str, markdown: str, nav: NavPath | None = None) -> None:
        """A generated Markdown page at ``docs/rel``; listed in the menu under ``nav``."""
        self._write(self.docs / rel, markdown)
        if nav is not None:
            self.link(nav, rel)

    def link(self, nav: NavPath, rel: str) -> None:
        """Put an existing page (hand-written in ``site/`` or generated) in the menu."""
        if nav[0] not in SECTIONS:
            raise ValueError(f"unknown site section {nav[0]!r}; use one of {SECTIONS}")
        self.nav.append((nav, rel))

    def asset(self, rel: str, data: bytes | str) -> None:
        """A file served with the site (SVG, JSON, JavaScript) at ``docs/rel``."""
        self._write(self.docs / rel, data)

    def printable(self, rel: str, data: bytes) -> str:
        """A PDF: written to ``print/rel`` and served at ``print/rel`` on the site. Returns the site path."""
        self._write(self.root / "print" / rel, data)
        self._write(self.docs / "print" / rel, data)
        return f"print/{rel}"

    def export(self, rel: str, data: bytes | str) -> str:
        """A data export (JSON): written to ``export/rel`` and served at ``export/rel``."""
        self._write(self.root / "export" / rel, data)
        self._write(self.docs / "export" / rel, data)
        return f"export/{rel}"
