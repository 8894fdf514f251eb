"""How a project's site looks: the ``site:`` block of ``gaslight.yaml``, the MkDocs Material way.

A project sets Material's ``palette`` (a colour name, or ``#rrggbb`` that Gaslight turns into Material's
custom colour variables), ``logo``, ``favicon``, ``font``, its own ``extra_css``, ``extra`` (the template
variables Material reads, such as ``social``) and an ``overrides`` folder of templates laid over Gaslight's
own, file by file. Paths are relative to ``gaslight.yaml`` and must stay inside the project; the files are
copied into the site under ``assets/project/``. The MkDocs keys Gaslight writes itself (the menu, the folders,
plugins, Markdown extensions …) are refused with the reason, and a ``mkdocs.yml`` beside ``gaslight.yaml`` is
reported, since Gaslight does not read it.

>>> import tempfile
>>> from gaslight.yamlio import parse_text
>>> root = Path(tempfile.mkdtemp())
>>> _ = (root / "logo.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
>>> doc, _ = parse_text("title: X\\nsite: {palette: {primary: '#8B1E3F'}, logo: logo.svg}\\n", "gaslight.yaml")
>>> report = Report()
>>> settings = read_site_settings(doc, root, report)
>>> settings.palette["primary"], settings.logo == root / "logo.svg", report.ok
('#8b1e3f', True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from gaslight.diagnostics import Location, Report
from gaslight.yamlio import Document

PROJECT_ASSETS = "assets/project"  # where the project's logo, favicon and stylesheets land in the site
PALETTE_CSS = f"{PROJECT_ASSETS}/palette.css"  # Material's custom colour variables for #rrggbb colours

# MkDocs keys Gaslight writes itself, with the reason a project may not set them.
OWNED_KEYS: Mapping[str, str] = MappingProxyType({
    "nav": "Gaslight writes the menu from the project's scenario files and pages",
    "docs_dir": "Gaslight writes the site's pages itself, into the build folder",
    "site_dir": "the site goes to the build folder, set by 'output' in gaslight.yaml",
    "plugins": "Gaslight's pages need exactly its own MkDocs plugins",
    "markdown_extensions": "Gaslight's pages need exactly its own Markdown extensions",
    "theme": "theme settings go straight under 'site:' (palette, logo, favicon, font), templates in 'overrides'",
    "custom_dir": "name the folder of your templates with 'overrides'; they are laid over Gaslight's own",
    "site_name": "the site's name is 'title' in gaslight.yaml",
    "site_url": "'site_url' goes at the top level of gaslight.yaml",
    "site_description": "the pages' description is 'description' in gaslight.yaml",
    "use_directory_urls": "Gaslight's links between pages depend on it",
    "strict": "Gaslight always builds strictly, so a broken link is an error",
    "validation": "Gaslight's link checks depend on it",
    "exclude_docs": "Gaslight chooses the pages itself",
})
MKDOCS_FILES = ("mkdocs.yml", "mkdocs.yaml")


@dataclass(frozen=True)
class SiteSettings:
    """A project's look; every path is absolute and checked to exist."""

    palette: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    logo: Path | None = None
    favicon: Path | None = None
    font: bool | Mapping[str, str] | None = None  # None: Gaslight's (system fonts, nothing fetched)
    extra_css: tuple[Path, ...] = ()
    extra_json: str = "{}"  # Material's ``extra``, kept as JSON text so the settings stay a hashable value
    overrides: Path | None = None
    root: Path | None = None  # the project folder the paths are relative to

    @property
    def extra(self) -> dict[str, Any]:
        return dict(json.loads(self.extra_json))

    def site_path(self, path: Path) -> str:
        """Where a project file lands in the site: ``assets/project/`` plus its path in the project.

        >>> SiteSettings(root=Path("/p")).site_path(Path("/p/art/logo.svg"))
        'assets/project/art/logo.svg'
        """
        rel = path.relative_to(self.root) if self.root else Path(path.name)
        return f"{PROJECT_ASSETS}/{rel.as_posix()}"

    def files(self) -> tuple[Path, ...]:
        """Every project file the site copies (logo, favicon, stylesheets)."""
        return tuple(p for p in (self.logo, self.favicon, *self.extra_css) if p is not None)


def custom_colour_css(palette: Mapping[str, str]) -> str:
    """Material's custom colour variables for the ``#rrggbb`` colours of a palette ("" when none is one).

    The text on a colour is white or near-black, whichever contrasts more with it.

    >>> print(custom_colour_css({"primary": "#ffeb3b"}).splitlines()[1])
      --md-primary-fg-color: #ffeb3b;
    >>> "--md-primary-bg-color: #000000de" in custom_colour_css({"primary": "#ffeb3b"})
    True
    """
    rules = []
    primary, accent = palette.get("primary", ""), palette.get("accent", "")
    if primary.startswith("#"):
        on = "#ffffff" if _contrast(primary, "#ffffff") >= _contrast(primary, "#000000") else "#000000de"
        rules += [f"  --md-primary-fg-color: {primary};", f"  --md-primary-fg-color--light: {primary};",
                  f"  --md-primary-fg-color--dark: {primary};", f"  --md-primary-bg-color: {on};",
                  f"  --md-primary-bg-color--light: {on}b3;" if on == "#ffffff" else
                  "  --md-primary-bg-color--light: #0000008a;"]
    if accent.startswith("#"):
        rules += [f"  --md-accent-fg-color: {accent};", f"  --md-accent-fg-color--transparent: {accent}1a;"]
    return ":root > * {\n" + "\n".join(rules) + "\n}\n" if rules else ""


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _project_path(doc: Document, path: tuple[str | int, ...], root: Path, report: Report, *,
                  folder: bool = False) -> Path | None:
    """The project file (or folder) a ``site:`` value names; a located error when it is missing or outside."""
    value = doc.data
    for key in path:
        value = value[key]
    what = "folder" if folder else "file"
    try:
        target = (root / value).resolve()
    except (OSError, ValueError):  # a NUL byte, a link loop
        target = None
    if target is None or "\0" in value:
        report.error(doc.loc(path), f"{value!r} is not a usable {what} name", fix=f"name a {what} inside the "
                     "project folder; paths are relative to gaslight.yaml")
        return None
    if not target.is_relative_to(root):
        report.error(doc.loc(path), f"'{value}' is outside the project", fix=f"name a {what} inside the project "
                     "folder; paths are relative to gaslight.yaml")
        return None
    if not (target.is_dir() if folder else target.is_file()):
        report.error(doc.loc(path), f"the {what} '{value}' does not exist (looked in {root})",
                     fix=f"create the {what} or correct the name; paths are relative to gaslight.yaml")
        return None
    return target


def material_icons() -> Path:
    """The folder of Material's icons (``fontawesome/brands/github`` is ``fontawesome/brands/github.svg`` there)."""
    import material

    return Path(material.__file__).parent / "templates" / ".icons"


def _check_icons(doc: Document, overrides: Path | None, report: Report) -> None:
    """Each footer link's icon is one of Material's (or of the project's ``overrides/.icons``)."""
    extra = (doc.data.get("site") or {}).get("extra") or {}
    folders = [material_icons(), *([overrides / ".icons"] if overrides else [])]
    for index, link in enumerate(extra.get("social", ())):
        if not any((folder / f"{link['icon']}.svg").is_file() for folder in folders):
            report.error(doc.loc(("site", "extra", "social", index, "icon")), f"Material has no icon '{link['icon']}'",
                         fix="name one of Material's icons, such as fontawesome/brands/github "
                             "(see squidfunk.github.io/mkdocs-material/reference/icons-emojis/)")


def read_site_settings(doc: Document, root: Path, report: Report) -> SiteSettings:
    """The ``site:`` block of a ``gaslight.yaml`` that passed its schema; located errors for what cannot be used."""
    site = doc.data.get("site") or {}
    for key in site:
        if key in OWNED_KEYS:
            report.error(doc.key_loc(("site", key)), f"Gaslight sets '{key}' itself: {OWNED_KEYS[key]}",
                         fix=f"remove 'site.{key}'")
    palette = {k: v.lower() if v.startswith("#") else v for k, v in (site.get("palette") or {}).items()}
    logo, favicon = (_project_path(doc, ("site", name), root, report) if name in site else None
                     for name in ("logo", "favicon"))
    css = [_project_path(doc, ("site", "extra_css", i), root, report) for i in range(len(site.get("extra_css", ())))]
    overrides = _project_path(doc, ("site", "overrides"), root, report, folder=True) if "overrides" in site else None
    _check_icons(doc, overrides, report)
    return SiteSettings(
        palette=MappingProxyType(palette),
        logo=logo,
        favicon=favicon,
        font=MappingProxyType(dict(site["font"])) if isinstance(site.get("font"), dict) else site.get("font"),
        extra_css=tuple(p for p in css if p is not None),
        extra_json=json.dumps(site.get("extra", {}), sort_keys=True, ensure_ascii=False, default=str),
        overrides=overrides,
        root=root,
    )


def report_mkdocs_file(root: Path, shown_as: str, report: Report) -> None:
    """A ``mkdocs.yml`` beside ``gaslight.yaml`` looks like site settings, but Gaslight does not read it: say so.

    ``shown_as``: how the diagnostics name ``gaslight.yaml`` (the mkdocs file is named beside it).
    """
    for name in MKDOCS_FILES:
        if (root / name).is_file():
            report.warning(Location(str(Path(shown_as).with_name(name)), 1, 1, ""),
                           "Gaslight does not read this file; the site's settings are gaslight.yaml's 'site:' block",
                           fix="move palette, logo, favicon, font, extra_css, extra and custom_dir (as 'overrides') "
                               "under 'site:' in gaslight.yaml, then delete this file")
