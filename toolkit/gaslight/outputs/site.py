"""The site stage: hand-written pages from ``site/`` plus generated pages → MkDocs.

We write a generated MkDocs config (the repository's ``mkdocs.yml`` plus our
docs folder, output folder and menu) and run MkDocs in strict mode. No
gen-files or macros plugins: generated pages are plain files on disk.
"""

from __future__ import annotations

import html
import logging
import os
from pathlib import Path
from typing import Any

import yaml

from gaslight.outputs.sink import SECTIONS, BuildOutput, NavPath
from gaslight.resources import MKDOCS_CONFIG, SITE_DIR, THEME_OVERRIDES

# Fixed build date: MkDocs stamps the sitemap with it (same inputs, same bytes).
SOURCE_DATE_EPOCH = "1700000000"


class SiteBuildError(Exception):
    """MkDocs refused the site (strict mode turns its warnings into this)."""


# Hand-written pages a contributor places only when the project has what they discuss.
PLACED_BY_CONTRIBUTORS = frozenset({"reference/rulings.md", "walton/case-logic.md"})


def copy_sources(out: BuildOutput) -> None:
    """Hand-written pages and assets from ``site/`` into the docs folder."""
    for path in sorted(SITE_DIR.rglob("*")):
        rel = path.relative_to(SITE_DIR).as_posix()
        if path.is_file() and rel not in PLACED_BY_CONTRIBUTORS:
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


def write_config(out: BuildOutput, site_dir: Path, *, site_name: str = "Gaslight",
                 extra: dict[str, Any] | None = None) -> Path:
    config = base_config()
    config["site_name"] = html.escape(site_name)  # MkDocs puts it into <title> and the header unescaped
    config["docs_dir"] = str(out.docs.resolve())
    config["site_dir"] = str(site_dir.resolve())
    config["nav"] = nav_tree(out.nav, out.sections)
    config["theme"] = {**config["theme"], "custom_dir": str(THEME_OVERRIDES)}
    # Every page, hand-written or generated: links that are not http(s), mailto or the site's own are dead text.
    config["markdown_extensions"] = [*config.get("markdown_extensions", []), "gaslight.links"]
    config.update(extra or {})
    path = out.root / "mkdocs.generated.yml"
    path.write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def build_site(out: BuildOutput, site_name: str = "Gaslight") -> Path:
    """Run MkDocs (strict) on the docs folder; the site lands in ``root/site``."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    site_dir = out.root / "site"
    config_path = write_config(out, site_dir, site_name=site_name)
    collector = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(collector)
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = SOURCE_DATE_EPOCH
    try:
        config = load_config(config_file=str(config_path), strict=True)
        build(config)
    except (MkDocsException, SystemExit) as exc:
        detail = "; ".join(collector.messages) or str(exc)
        raise SiteBuildError(f"MkDocs refused the site: {detail}") from exc
    finally:
        logger.removeHandler(collector)
        if previous is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous
    return site_dir
