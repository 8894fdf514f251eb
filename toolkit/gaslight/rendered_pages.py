"""MkDocs hooks of builds with a result cache: a page MkDocs converted before is not converted again.

Python-Markdown takes some 3 s of CPU for the showcase's 166 pages, on every build, although an edit changes
a handful of them. A page's HTML, table of contents, title and anchors depend only on its Markdown (as the
site's other hooks leave it), its place, the site's files (a link's target and its address), the Markdown
settings and the code that converts: keyed by all of these, they are kept in the project's result cache
(``pages`` beside its other results, :class:`gaslight.cache.ResultCache`). On a hit, :func:`on_page_markdown`
hands MkDocs an empty text to convert and :func:`on_page_content` puts the kept page back. Material's search
parses every page's HTML again into sections (another second): the sections it indexed for the same page are
kept likewise (:func:`on_page_context`, around the search index's ``add_entry_from_context``; with another
search plugin, pages are indexed as before).

A page whose conversion logged a warning (a broken link, say) is never kept, so it is converted, and warns,
every time. The build's folder holds a link, ``rendered-pages``, to the kept pages (:func:`keep_rendered`);
without the link (``--no-cache``, ``cache: false``) these hooks do nothing.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.toc import get_toc

from gaslight.cache import ResultCache, module_closure
from gaslight.serving.hooks import link_to_cache

LINK = "rendered-pages"  # in the build's folder, beside the generated config
KEPT = "pages"  # under the project's result cache
KIND = "page"
_FOUND = "gaslight_rendered"  # the kept page, from on_page_markdown to on_page_content
_HEARD = "gaslight_warnings"  # what was logged while the page converted
_LIBRARIES = ("markdown", "mkdocs", "pymdown-extensions", "mkdocs-material", "mkdocs-static-i18n")


def keep_rendered(work: Path, cache: Path | None) -> None:
    """Link ``work``'s :data:`LINK` to the result cache's kept pages; nothing when there is no cache or it is a
    link (never written through).

    >>> import tempfile
    >>> work, cache = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp()) / ".gaslight-cache"
    >>> keep_rendered(work, cache)
    >>> (work / LINK).resolve() == (cache / KEPT).resolve()
    True
    """
    link_to_cache(work / LINK, cache, KEPT)


def _store(config: Any) -> ResultCache | None:
    folder = Path(config.config_file_path).parent / LINK
    return ResultCache(folder.resolve()) if folder.is_dir() else None  # the cache writes through no link


def _stable(value: Any) -> Any:
    """A setting as JSON that is the same in every process (a function by its name, not its address)."""
    if callable(value):
        return f"{getattr(value, '__module__', '')}:{getattr(value, '__qualname__', type(value).__qualname__)}"
    if hasattr(value, "items"):
        return dict(value.items())
    if isinstance(value, set | frozenset):
        return sorted(map(str, value))
    return repr(value)


@functools.cache
def _versions() -> list[str]:
    return [importlib.metadata.version(name) for name in _LIBRARIES]


def _site_digest(config: Any, files: Any) -> str:
    """What a page's conversion reads besides its text: the Markdown settings, the link checks, every file's
    address, the libraries' versions and the code of Gaslight's Markdown extension. Worked out once per build."""
    known = getattr(files, "_gaslight_digest", None)
    if known is not None:
        return str(known)
    settings = {"extensions": config["markdown_extensions"], "configs": config["mdx_configs"],
                "validation": config["validation"], "directory_urls": config["use_directory_urls"],
                "files": sorted(tuple(map(str, (file.src_uri, file.dest_uri, file.url, file.inclusion)))
                                  for file in files),
                "libraries": _versions()}
    digest = hashlib.sha256(json.dumps(settings, sort_keys=True, default=_stable).encode()).hexdigest()
    files._gaslight_digest = digest
    return digest


def _reads(markdown: str, page: Any, config: Any, files: Any) -> dict[str, Any]:
    return {"markdown": markdown, "src": page.file.src_uri, "dest": page.file.dest_uri, "url": page.url,
            "site": _site_digest(config, files)}


_CODE = tuple(sorted({Path(__file__), *module_closure("gaslight.links")}))


class _Heard(logging.Handler):
    """Notes that something was logged at warning level or above while a page converted."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.heard = False

    def emit(self, record: logging.LogRecord) -> None:
        self.heard = True


def _listen(heard: _Heard | None) -> None:
    for name in ("mkdocs", "MARKDOWN", ""):
        logger = logging.getLogger(name)
        if heard is None:
            for handler in [h for h in logger.handlers if isinstance(h, _Heard)]:
                logger.removeHandler(handler)
        else:
            logger.addHandler(heard)


@event_priority(-100)  # after every other plugin and hook changed the text: the key is what Markdown would read
def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **_: Any) -> str:
    store = _store(config)
    if store is None:
        return markdown
    reads = _reads(markdown, page, config, files)
    found = store.lookup(KIND, reads, _CODE)
    if found is not None:
        setattr(page, _FOUND, found[0])
        return ""  # converted in no time; on_page_content puts the kept page back
    setattr(page, _FOUND, None)
    heard = _Heard()
    _listen(None)
    _listen(heard)
    setattr(page, _HEARD, (heard, reads))
    return markdown


@event_priority(100)  # before any other plugin or hook reads the page
def on_page_content(html: str, page: Any, config: Any, files: Any, **_: Any) -> str:

    kept = getattr(page, _FOUND, None)
    if kept is not None:
        setattr(page, _FOUND, None)
        page.toc = get_toc(kept["toc"])
        page._title_from_render = kept["title"]  # what MkDocs' own conversion sets (Page.render)
        page.present_anchor_ids = set(kept["anchors"])
        if kept["links"] is not None:
            page.links_to_anchors = {file: links for src, links in kept["links"]
                                     if (file := files.get_file_from_path(src)) is not None}
        return str(kept["html"])
    listening = getattr(page, _HEARD, None)
    if listening is None:
        return html
    heard, reads = listening
    setattr(page, _HEARD, None)
    _listen(None)
    store = _store(config)
    if store is not None and not heard.heard:
        links = page.links_to_anchors
        store.keep(KIND, reads, _CODE, {
            "html": html, "toc": [_token(item) for item in page.toc], "title": page._title_from_render,
            "anchors": sorted(page.present_anchor_ids or (), key=lambda anchor: (anchor is None, anchor or "")),
            "links": None if links is None else sorted([file.src_uri, dict(anchors)]
                                                       for file, anchors in links.items())})
    return html


@event_priority(100)  # before Material's search indexes the page
def on_page_context(context: Any, page: Any, config: Any, nav: Any, **_: Any) -> Any:
    """Material's search index takes a page's sections as it kept them for the same page before."""
    store = _store(config)
    if store is not None:
        for plugin in config.plugins.values():
            index = getattr(plugin, "search_index", None)
            if type(index).__module__ == "material.plugins.search.plugin" and not hasattr(index, _FOUND):
                setattr(index, _FOUND, True)
                index.add_entry_from_context = _indexing(index, index.add_entry_from_context, store)
    return context


def _indexing(index: Any, add: Callable[[Any], None], store: ResultCache) -> Callable[[Any], None]:
    """``index``'s ``add_entry_from_context``, which parses the page's HTML into sections, or takes the entries it
    made for the same page (its HTML, contents, address, title and front matter, the index's settings) before."""
    segments = getattr(sys.modules[type(index).__module__], "jieba", None) is not None  # Chinese segmentation

    def add_entry_from_context(page: Any) -> None:
        reads = {"html": page.content, "toc": [_token(item) for item in page.toc], "url": page.url,
                 "title": page.title, "meta": json.loads(json.dumps(page.meta, sort_keys=True, default=_stable)),
                 "index": json.loads(json.dumps(index.config, sort_keys=True, default=_stable)),
                 "segments": segments, "libraries": _versions()}
        found = store.lookup("search", reads, _CODE)
        if found is not None:
            index.entries.extend(found[0])
            return
        before = len(index.entries)
        add(page)
        store.keep("search", reads, _CODE, index.entries[before:])

    return add_entry_from_context


def _token(item: Any) -> dict[str, Any]:
    """A table of contents entry as the Markdown ``toc`` extension's token, which MkDocs reads back."""
    return {"level": item.level, "id": item.id, "name": item.title, "children": [_token(c) for c in item.children]}
