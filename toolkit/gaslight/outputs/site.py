"""The site stage: hand-written pages from ``site/`` plus generated pages → MkDocs.

We write a generated MkDocs config (the packaged ``mkdocs.yml`` plus our
docs folder, output folder and menu, and the project's address, description
and look: :class:`SiteOptions`) and run MkDocs in strict mode. No gen-files or
macros plugins: generated pages are plain files on disk.
"""

from __future__ import annotations

import html
import logging
import os
import re
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from gaslight.languages import DEFAULT_LANGUAGES, language_name, nav_translations
from gaslight.outputs.sink import SECTIONS, BuildOutput, NavPath
from gaslight.resources import (
    COMPILED_TEMPLATES_HOOK,
    MKDOCS_CONFIG,
    RENDERED_PAGES_HOOK,
    SITE_DIR,
    SITE_HOOKS,
    THEME_OVERRIDES,
)
from gaslight.site_settings import PALETTE_CSS, SiteSettings, custom_colour_css

if TYPE_CHECKING:
    from gaslight.project import Project

# Fixed build date: MkDocs stamps the sitemap with it (same inputs, same bytes).
SOURCE_DATE_EPOCH = "1700000000"


class SiteBuildError(Exception):
    """MkDocs refused the site (strict mode turns its warnings into this), or a project template failed.

    ``template`` and ``line``: the project's template (in its ``overrides`` folder) that failed, when one did.
    """

    def __init__(self, message: str, template: Path | None = None, line: int = 0) -> None:
        super().__init__(message)
        self.template, self.line = template, line


# Hand-written pages a contributor places only when the project has what they discuss.
PLACED_BY_CONTRIBUTORS = frozenset({"reference/rulings.md", "walton/case-logic.md", "reference/terminology.md"})
TRANSLATED_PAGE = re.compile(r"\.[a-z]{2}\.md$")  # page.ja.md: placed only on a site in that language
LANGUAGE_SCRIPT = "assets/language.js"  # the home page in the visitor's language: only on a site of several
SITEMAP = "sitemap.xml"


@dataclass(frozen=True)
class PythonName:
    """A config value MkDocs' YAML loader imports by its dotted name (``!!python/name:``), e.g. a slugify.

    >>> print(yaml.dump({"slugify": UNICODE_SLUGIFY}, Dumper=ConfigDumper), end="")
    slugify: !!python/name:markdown.extensions.toc.slugify_unicode ''
    """

    name: str


class ConfigDumper(yaml.SafeDumper):
    """YAML for the generated MkDocs config: plain data, and :class:`PythonName` values as their tag."""


ConfigDumper.add_representer(PythonName, lambda dumper, value: dumper.represent_scalar(
    f"tag:yaml.org,2002:python/name:{value.name}", ""))

# Heading anchors that keep their letters: 「## 印刷物」 gets #印刷物, not #_2 (Python-Markdown's default
# slugify drops every character outside ASCII). Its Unicode twin gives ASCII headings the same anchors.
UNICODE_SLUGIFY = PythonName("markdown.extensions.toc.slugify_unicode")


def copy_sources(out: BuildOutput) -> None:
    """Hand-written pages and assets from ``site/`` into the docs folder."""
    for path in sorted(SITE_DIR.rglob("*")):
        rel = path.relative_to(SITE_DIR).as_posix()
        if (path.is_file() and rel not in PLACED_BY_CONTRIBUTORS and rel != LANGUAGE_SCRIPT
                and not TRANSLATED_PAGE.search(rel)):
            out.asset(rel, path.read_bytes())


def nav_tree(entries: list[tuple[NavPath, str]], sections: tuple[str, ...] = SECTIONS) -> list[Any]:
    """Nested MkDocs ``nav`` from (menu path, page) pairs, sections in the given order."""
    root: dict[str, Any] = {}
    for path, rel in entries:
        node = root
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node.setdefault(path[-1], rel)

    def render(node: dict[str, Any]) -> list[Any]:
        # MkDocs puts menu titles into the page unescaped; they may come from scenario text.
        return [{html.escape(title): render(child) if isinstance(child, dict) else child}
                for title, child in node.items()]

    ordered = {name: root[name] for name in sections if name in root}
    # A section holding only "Home" collapses to a plain link.
    return render(ordered)


def base_config() -> dict[str, Any]:
    return yaml.safe_load(MKDOCS_CONFIG.read_text(encoding="utf-8"))


def first_paragraph(text: str) -> str:
    """The first paragraph of a description as one line of plain text (for the pages' meta description).

    >>> first_paragraph("  Fog over\\n Spitalfields.\\n\\nA second paragraph.")
    'Fog over Spitalfields.'
    """
    return next((" ".join(p.split()) for p in text.split("\n\n") if p.strip()), "")


@dataclass(frozen=True)
class SiteOptions:
    """What a project tells MkDocs: its name, its description, where it is published and how it looks."""

    name: str = "Gaslight"
    description: str = ""  # plain text: every page's meta description
    url: str | None = None  # site_url: the sitemap's full addresses and each page's canonical link
    look: SiteSettings = field(default_factory=SiteSettings)
    languages: tuple[str, ...] = DEFAULT_LANGUAGES  # the main language first
    names: tuple[tuple[str, str], ...] = ()  # (language, the site's name in it) for the other languages

    @classmethod
    def of(cls, project: Project) -> SiteOptions:
        """A project's options: those of its ``gaslight.yaml``, or just its title without one."""
        config = project.config
        if config is None:
            return cls(name=project.title, description=project.title)
        names = tuple((code, config.title_in(code)) for code in config.languages[1:])
        return cls(project.title, first_paragraph(config.description) or project.title, config.site_url, config.site,
                   config.languages, names)

    def for_preview(self) -> SiteOptions:
        """The options of ``gaslight serve``: served from its server's root, so the 404 page links from there.

        >>> SiteOptions(url="https://x.github.io/games/").for_preview().url is None
        True
        """
        return replace(self, url=None)


MERGED_THEME = ".theme"  # under the build's root: Gaslight's templates with the project's laid over them


def _theme_folder(out: BuildOutput, look: SiteSettings) -> Path:
    """MkDocs' ``custom_dir``: Gaslight's overrides, or a copy with the project's templates laid over them."""
    if look.overrides is None:
        return THEME_OVERRIDES
    merged = out.root / MERGED_THEME
    shutil.rmtree(merged, ignore_errors=True)
    shutil.copytree(THEME_OVERRIDES, merged, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(look.overrides, merged, dirs_exist_ok=True)
    return merged


def _apply_look(config: dict[str, Any], out: BuildOutput, look: SiteSettings) -> None:
    """The project's palette, logo, favicon, font, stylesheets and ``extra`` over Gaslight's; files copied."""
    theme = config["theme"]
    for path in look.files():
        out.asset(look.site_path(path), path.read_bytes())
    if look.palette:
        theme["palette"] = {**theme.get("palette", {}), **{k: "custom" if v.startswith("#") else v
                                                           for k, v in look.palette.items()}}
    css = [*config.get("extra_css", [])]
    if custom := custom_colour_css(look.palette):
        out.asset(PALETTE_CSS, custom)
        css.append(PALETTE_CSS)
    config["extra_css"] = [*css, *(look.site_path(p) for p in look.extra_css)]
    if look.logo:
        theme["logo"] = look.site_path(look.logo)
    if look.favicon:
        theme["favicon"] = look.site_path(look.favicon)
    if look.font is not None:
        theme["font"] = look.font if isinstance(look.font, bool) else dict(look.font)
    if look.extra:
        config["extra"] = {**config.get("extra", {}), **look.extra}


def _menu_in(out: BuildOutput, languages: tuple[str, ...]) -> tuple[list[tuple[NavPath, str]], tuple[str, ...]]:
    """The menu's entries and sections, Gaslight's fixed labels in the main language of a one-language site
    that is not English (a site of several languages gets them from mkdocs-static-i18n's nav_translations)."""
    words = nav_translations(languages[0]) if len(languages) == 1 else {}
    if not words:
        return out.nav, out.sections
    return ([(tuple(words.get(part, part) for part in path), rel) for path, rel in out.nav],
            tuple(words.get(section, section) for section in out.sections))


def write_config(out: BuildOutput, site_dir: Path, options: SiteOptions | None = None, *,
                 extra: dict[str, Any] | None = None) -> Path:
    """The MkDocs config for the docs folder of ``out`` (and the project's files it names, copied in)."""
    options = options or SiteOptions()
    config = base_config()
    config["site_name"] = html.escape(options.name)  # MkDocs puts it into <title> and the header unescaped
    # Material puts it into <meta name="description" content="…"> unescaped.
    config["site_description"] = html.escape(options.description or options.name, quote=True)
    if options.url:
        config["site_url"] = options.url
    config["docs_dir"] = str(out.docs.resolve())
    config["site_dir"] = str(site_dir.resolve())
    config["nav"] = nav_tree(*_menu_in(out, options.languages))
    config["theme"] = {**config["theme"], "custom_dir": str(_theme_folder(out, options.look))}
    _apply_look(config, out, options.look)
    # Every page, hand-written or generated: links that are not http(s), mailto or the site's own are dead text.
    config["markdown_extensions"] = [*config.get("markdown_extensions", []), "gaslight.links"]
    extra = dict(extra or {})  # its hooks join the site's (generated blocks Markdown need not read)
    config["hooks"] = [*config.get("hooks", []), str(SITE_HOOKS), *extra.pop("hooks", [])]
    if _configure_languages(config, options, out.label_translations):
        out.asset(LANGUAGE_SCRIPT, (SITE_DIR / LANGUAGE_SCRIPT).read_bytes())
        place_pages_per_language(out.docs, options.languages)
    config.update(extra)
    path = out.root / "mkdocs.generated.yml"
    path.write_text(yaml.dump(config, Dumper=ConfigDumper, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def _configure_languages(config: dict[str, Any], options: SiteOptions,
                         labels: dict[str, dict[str, str]] | None = None) -> bool:
    """The site in the project's languages, the MkDocs way: Material's language and search, mkdocs-static-i18n.

    One language: Material's interface and search in it (English: the config as it always was). Several:
    mkdocs-static-i18n builds the main language at the root and each other under ``/<code>/`` from
    ``page.<code>.md`` beside ``page.md`` (a page with no translation shows the main language's), sets
    each page's ``lang`` and Material's language switcher; Material's search indexes every language
    (lunr's Japanese segmenter for ``ja``). The menu's labels follow each page's language: Gaslight's fixed
    ones from its site tables, scenario text (``labels``: language → {label: text}) from the scenario's
    translations. True when the site has several languages.
    """
    languages = options.languages
    if languages == DEFAULT_LANGUAGES:
        return False
    config["theme"] = {**config["theme"], "language": languages[0]}
    config["markdown_extensions"] = [_with_unicode_slugs(entry) for entry in config.get("markdown_extensions", [])]
    config["plugins"] = [{"search": {"lang": list(languages)}} if plugin == "search" else plugin
                         for plugin in config.get("plugins", [])]
    if len(languages) < 2:
        return False
    names = dict(options.names)
    entries: list[dict[str, Any]] = [{"locale": languages[0], "default": True, "name": language_name(languages[0]),
                                      "build": True}]
    for code in languages[1:]:
        entry: dict[str, Any] = {"locale": code, "name": language_name(code), "build": True}
        if names.get(code):
            entry["site_name"] = html.escape(names[code])
        # MkDocs' menu titles are escaped by the site stage (nav_tree): their translations must be too
        translated = {**(labels or {}).get(code, {}), **nav_translations(code)}
        if translated:
            entry["nav_translations"] = {html.escape(label): html.escape(text) for label, text in translated.items()}
        entries.append(entry)
    config["plugins"].append({"i18n": {"docs_structure": "suffix", "fallback_to_default": True,
                                       "reconfigure_material": True, "reconfigure_search": True,
                                       "languages": entries}})
    config["extra_javascript"] = [*config.get("extra_javascript", []), LANGUAGE_SCRIPT]
    return True


def _with_unicode_slugs(entry: Any) -> Any:
    """A ``markdown_extensions`` entry, the ``toc`` extension's given :data:`UNICODE_SLUGIFY`."""
    if entry == "toc":
        return {"toc": {"slugify": UNICODE_SLUGIFY}}
    if isinstance(entry, dict) and "toc" in entry:
        return {"toc": {**(entry["toc"] or {}), "slugify": UNICODE_SLUGIFY}}
    return entry


def copy_sitemap_per_language(site_dir: Path, options: SiteOptions) -> None:
    """The site's ``sitemap.xml`` in every folder that holds a page, on a site of several languages.

    Material reads ``sitemap.xml`` beside each ``hreflang`` alternate a page names (to keep the reader on
    the same page when they switch language): mkdocs-static-i18n names the same page in each language
    (``play/x.html``, ``ja/play/x.html``) and writes only the root's sitemap, so every page asked for files
    that were not there (404s in the browser's console).
    """
    sitemap = site_dir / SITEMAP
    if len(options.languages) < 2 or not sitemap.is_file():
        return
    folders = sorted({page.parent for page in site_dir.rglob("*.html")} - {site_dir})
    for folder in folders:
        shutil.copyfile(sitemap, folder / SITEMAP)


# Raw HTML in a page (the play pages' <script src>, data-board="…json") names files by paths relative to the
# page; a page of another language is served one folder deeper (/ja/play/x.html), where those files are not.
_CODE = re.compile(r"(```.*?```|~~~.*?~~~|`[^`\n]+`)", re.DOTALL)
_TAG = re.compile(r"<[a-zA-Z][^<>]*>")
_FILE_ATTRIBUTE = re.compile(r'(\s(?:src|href|data-[\w-]+)=")'  # an attribute that may name a file
                             r'(?![a-zA-Z][\w+.-]*:|/|#|\?)'  # neither an address nor from the root
                             r'([^"]*?\.[a-zA-Z][a-zA-Z0-9]{0,4})(")')  # ending in a file extension


def one_folder_deeper(markdown: str) -> str:
    """``markdown`` with the relative file paths of its raw HTML tags one folder deeper (pages keep theirs:
    each language has its own; code spans and blocks are left alone).

    >>> one_folder_deeper('<script src="../engine/ui.js"></script> <a href="x/index.html">x</a> `<img src="a.png">`')
    '<script src="../../engine/ui.js"></script> <a href="x/index.html">x</a> `<img src="a.png">`'
    >>> one_folder_deeper('<div data-board="b.json" data-seed="1.5" class="gl.x"></div>')
    '<div data-board="../b.json" data-seed="1.5" class="gl.x"></div>'
    """
    def tag(match: re.Match[str]) -> str:
        return _FILE_ATTRIBUTE.sub(lambda m: m[0] if m[2].endswith((".html", ".md")) else f"{m[1]}../{m[2]}{m[3]}",
                                   match[0])

    parts = _CODE.split(markdown)
    for index in range(0, len(parts), 2):
        parts[index] = _TAG.sub(tag, parts[index])
    return "".join(parts)


def place_pages_per_language(docs: Path, languages: tuple[str, ...]) -> None:
    """``page.<code>.md`` for each other language of every untranslated page whose raw HTML names files:
    the page with those paths one folder deeper (mkdocs-static-i18n serves it under ``/<code>/``)."""
    for page in sorted(docs.rglob("*.md")):
        if TRANSLATED_PAGE.search(page.name):
            continue
        text = page.read_text(encoding="utf-8")
        deeper = one_folder_deeper(text)
        for code in languages[1:]:
            translated = page.with_name(f"{page.stem}.{code}.md")
            if deeper != text and not translated.exists():
                translated.write_text(deeper, encoding="utf-8")


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _project_template_place(exc: BaseException, merged: Path, overrides: Path) -> tuple[Path, int] | None:
    """The project template (and its line) where ``exc`` arose, from the traceback Jinja gives templates."""
    places = [(getattr(exc, "filename", None) or "", getattr(exc, "lineno", None) or 0)]
    trace = exc.__traceback__
    while trace is not None:
        places.append((trace.tb_frame.f_code.co_filename, trace.tb_lineno))
        trace = trace.tb_next
    for filename, line in reversed(places):
        path = Path(filename)
        if filename and path.is_relative_to(merged) and (overrides / path.relative_to(merged)).is_file():
            return overrides / path.relative_to(merged), line
    return None


def build_site(out: BuildOutput, options: SiteOptions | None = None, compiled_in: Path | None = None) -> Path:
    """Run MkDocs (strict) on the docs folder; the site lands in ``root/site``.

    ``compiled_in``: the project's result cache, where Jinja keeps the templates it compiled for the next build
    (:mod:`gaslight.serving.hooks`, as the live preview does) and MkDocs the pages it converted
    (:mod:`gaslight.rendered_pages`).
    """
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    from gaslight.rendered_pages import LINK as RENDERED_PAGES
    from gaslight.rendered_pages import keep_rendered
    from gaslight.serving.hooks import COMPILED, keep_compiled

    site_dir = out.root / "site"
    if compiled_in is not None:
        keep_compiled(out.root, compiled_in)
        keep_rendered(out.root, compiled_in)
    config_path = write_config(out, site_dir, options,
                               extra={"hooks": [str(COMPILED_TEMPLATES_HOOK), str(RENDERED_PAGES_HOOK)]}
                               if compiled_in is not None else None)
    collector = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(collector)
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = SOURCE_DATE_EPOCH
    try:
        config = load_config(config_file=str(config_path), strict=True)
        build(config)
        copy_sitemap_per_language(site_dir, options or SiteOptions())
    except (MkDocsException, SystemExit) as exc:
        detail = "; ".join(collector.messages) or str(exc)
        raise SiteBuildError(f"MkDocs refused the site: {detail}") from exc
    except Exception as exc:  # a project's template may fail in any way a Jinja template can
        overrides = options.look.overrides if options else None
        place = _project_template_place(exc, out.root / MERGED_THEME, overrides) if overrides else None
        if place is None:
            raise
        template, line = place
        from jinja2 import TemplateNotFound

        detail = (f"it includes '{exc.name}', which is neither in the overrides folder nor among Material's templates"
                  if isinstance(exc, TemplateNotFound) else f"{type(exc).__name__}: {exc}")
        raise SiteBuildError(f"the template {template.relative_to(overrides).as_posix()} failed: {detail}",
                             template, line) from exc
    finally:
        shutil.rmtree(out.root / MERGED_THEME, ignore_errors=True)  # not part of the build
        for kept in (COMPILED, RENDERED_PAGES):  # links to the result cache (or folders of their own): not built
            if (out.root / kept).is_symlink():
                (out.root / kept).unlink()
            shutil.rmtree(out.root / kept, ignore_errors=True)
        logger.removeHandler(collector)
        if previous is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous
    return site_dir
