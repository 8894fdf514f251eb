"""A designer's project: ``gaslight.yaml``, found by walking up from the working folder.

Like MkDocs finds ``mkdocs.yml``, every command looks for ``gaslight.yaml`` in
the working folder and then in each parent (or takes ``-f/--config``). The
file is read like any scenario file — positions kept, checked against
``schemas/project.schema.json`` — so a broken config gets located errors too.

>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> _ = (root / "gaslight.yaml").write_text("title: Fog over Spitalfields\\ngames: [walton]\\n")
>>> (root / "boards").mkdir()
>>> find_config(root / "boards") == root / "gaslight.yaml"
True
>>> config, report = load_config(root / "gaslight.yaml")
>>> config.title, config.output == root / "build", [g.name for g in config.games]
('Fog over Spitalfields', True, ['walton'])
>>> config.languages
('en',)
>>> _ = (root / "gaslight.yaml").write_text("title: {en: Fog, ja: 霧}\\nlanguages: [en, ja]\\n")
>>> config, report = load_config(root / "gaslight.yaml")
>>> config.title, config.title_in("ja"), config.languages, [d.message for d in report.warnings]
('Fog', '霧', ('en', 'ja'), [])
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from gaslight import schema
from gaslight.cache import CACHE_FOLDER
from gaslight.diagnostics import Location, Report
from gaslight.languages import DEFAULT_LANGUAGES, check_translations, pick
from gaslight.site_settings import SiteSettings, read_site_settings
from gaslight.yamlio import Document, parse_file

CONFIG_NAME = "gaslight.yaml"
CONFIG_SCHEMA = "project.schema.json"

# Each bundled game, part by part: files or folders under the bundled scenarios.
BUNDLED_GAMES: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType({
    "whitechapel-hunt": MappingProxyType({"rules": ("rulesets/whitechapel-hunt.yaml",), "boards": ("boards",)}),
    "walton": MappingProxyType({"rules": ("rulesets/walton.yaml",), "mansion": ("walton/mansion.yaml",),
                                "cases": ("walton/cases",)}),
    "ripper-rummy": MappingProxyType({"rules": ("rulesets/ripper-rummy.yaml",), "deck": ("decks/ripper-rummy.yaml",)}),
    "twenty-four": MappingProxyType({"rules": ("rulesets/twenty-four.yaml",), "deck": ("decks/twenty-four.yaml",)}),
})


class NoProjectError(Exception):
    """No ``gaslight.yaml`` in the working folder or above (and no paths were given)."""


@dataclass(frozen=True)
class GameUse:
    """A bundled game the project takes, whole or in parts."""

    name: str
    parts: tuple[str, ...]
    location: Location


@dataclass(frozen=True)
class ProjectConfig:
    """The settings of one project; every path is absolute."""

    file: Path
    title: str
    description: str
    content: tuple[Path, ...]
    output: Path
    games: tuple[GameUse, ...]
    exclude: tuple[str, ...]
    site_url: str | None = None  # always ends with "/" when set
    site: SiteSettings = field(default_factory=SiteSettings)  # the site's look (the 'site:' block)
    languages: tuple[str, ...] = DEFAULT_LANGUAGES  # the main language first
    title_texts: Any = None  # the title as written: a string or a map of language to text
    description_texts: Any = None
    cache: Path | None = None  # the result cache's folder ('cache:'; None: .gaslight-cache beside this file)
    cache_off: bool = False  # 'cache: false': nothing kept between runs

    @property
    def cache_folder(self) -> Path | None:
        """Where results are kept between runs (see :mod:`gaslight.cache`), or None when ``cache: false``."""
        return None if self.cache_off else self.cache or self.root / CACHE_FOLDER

    def title_in(self, language: str) -> str:
        """The title in ``language`` (the main language's where it has none)."""
        return pick(self.title_texts, language) if self.title_texts is not None else self.title

    def description_in(self, language: str) -> str:
        """The description in ``language`` (the main language's where it has none)."""
        return pick(self.description_texts, language) if self.description_texts is not None else self.description

    @property
    def root(self) -> Path:
        return self.file.parent


def find_config(start: Path) -> Path | None:
    """``gaslight.yaml`` in ``start`` or the nearest parent folder, or None."""
    folder = start.resolve()
    for candidate in (folder, *folder.parents):
        path = candidate / CONFIG_NAME
        if path.is_file():
            return path
    return None


def locate(config_option: str | None, cwd: Path | None = None) -> Path:
    """The config file a command uses: ``-f PATH`` or the one found from the working folder."""
    if config_option:
        path = Path(config_option)
        return path / CONFIG_NAME if path.is_dir() else path
    found = find_config(cwd or Path.cwd())
    if found is None:
        raise NoProjectError(f"no {CONFIG_NAME} here or above; run `gaslight init` to start a project "
                             "(or name files: `gaslight check FILE…`)")
    return found


def _game_uses(doc: Document, report: Report) -> tuple[GameUse, ...]:
    uses = []
    for index, item in enumerate(doc.data.get("games", [])):
        if isinstance(item, str):
            uses.append(GameUse(item, tuple(BUNDLED_GAMES[item]), doc.loc(("games", index))))
            continue
        (name, parts), = item.items()
        known = BUNDLED_GAMES[name]
        for k, part in enumerate(parts):
            if part not in known:
                report.error(doc.loc(("games", index, name, k)), f"the bundled game '{name}' has no part '{part}'",
                             fix="use one of: " + ", ".join(known))
        uses.append(GameUse(name, tuple(p for p in parts if p in known), doc.loc(("games", index, name))))
    return tuple(uses)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _check_output(doc: Document, root: Path, output: Path, content: tuple[Path, ...], report: Report) -> None:
    where = doc.loc(("output",))
    if _inside(root, output):
        report.error(where, f"the output folder '{doc.data.get('output')}' holds the whole project",
                     fix="name a folder of its own, such as 'build'")
    elif any(_inside(path, output) for path in content):
        report.error(where, "the output folder holds content folders; every build replaces it",
                     fix="name a folder of its own, such as 'build'")


def _check_cache(doc: Document, root: Path, output: Path, content: tuple[Path, ...], report: Report) -> Path | None:
    """The cache folder 'cache:' names, or None (with an error) when it cannot be a folder of its own inside the
    project: its entries are replaced and removed without a question, so it must hold nothing else."""
    written = doc.data.get("cache", CACHE_FOLDER)
    where = doc.loc(("cache",))
    named_as = f"'{written}'" if "cache" in doc.data else f"'{written}' (the default)"
    fix = f"name a folder of its own inside the project, such as '{CACHE_FOLDER}', or write 'cache: false'"
    named = root / written
    folder = named.resolve()
    if any(p.is_symlink() for p in (named, *named.parents) if _inside(p, root) and p != root):
        report.error(where, f"the cache folder {named_as} is a symbolic link (or lies under one); Gaslight "
                     "writes its cache only into a real folder of the project", fix=fix)
    elif "cache" not in doc.data:  # the default: whatever else is wrong is the output's or content's to say
        return folder
    elif not _inside(folder, root) or folder == root:
        report.error(where, f"the cache folder {named_as} is "
                     f"{'the project folder itself' if folder == root else 'outside the project folder'} ({root})",
                     fix=fix)
    elif _inside(folder, output) or _inside(output, folder):
        report.error(where, f"the cache folder {named_as} and the output folder overlap; every build replaces "
                     "the output", fix=fix)
    elif any(_inside(path, folder) for path in content):
        report.error(where, f"the cache folder {named_as} holds content folders", fix=fix)
    else:
        return folder
    return None


def _site_url(value: str | None) -> str | None:
    """The published site's address with one trailing slash, so page paths join onto it.

    >>> _site_url("https://example.github.io/games"), _site_url(None)
    ('https://example.github.io/games/', None)
    """
    return None if not value else value.rstrip("/") + "/"


def load_config(path: Path) -> tuple[ProjectConfig | None, Report]:
    """Read and check ``gaslight.yaml``; None (and located errors) when it cannot be used."""
    display = os.path.relpath(path) if path.is_absolute() else str(path)
    doc, report = parse_file(path, display)
    if doc is None:
        return None, report
    if not isinstance(doc.data, dict):
        report.error(doc.loc(()), f"{CONFIG_NAME} must be a mapping of keys to values",
                     fix="start with 'title: …' (see `gaslight init`)")
        return None, report
    if not schema.validate(doc, CONFIG_SCHEMA, report):
        return None, report
    data = doc.data
    root = path.resolve().parent
    content = []
    for index, entry in enumerate(data.get("content", ["."])):
        folder = (root / entry).resolve()
        if not folder.exists():
            report.error(doc.loc(("content", index)), f"'{entry}' does not exist (looked in {root})",
                         fix="create the folder or correct the name; paths are relative to gaslight.yaml")
        content.append(folder)
    output = (root / data.get("output", "build")).resolve()
    _check_output(doc, root, output, tuple(content), report)
    cache = None if data.get("cache") is False else _check_cache(doc, root, output, tuple(content), report)
    games = _game_uses(doc, report)
    site = read_site_settings(doc, root, report)
    languages = tuple(data.get("languages", DEFAULT_LANGUAGES))
    check_translations(doc, languages, report, "project")
    if not report.ok:
        return None, report
    main = languages[0]
    config = ProjectConfig(path.resolve(), pick(data["title"], main), pick(data.get("description", ""), main),
                           tuple(content), output, games, tuple(data.get("exclude", ())),
                           _site_url(data.get("site_url")), site, languages, data["title"], data.get("description"),
                           cache, data.get("cache") is False)
    return config, report
