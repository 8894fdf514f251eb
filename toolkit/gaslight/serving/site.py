"""The served site of ``gaslight serve`` (see :mod:`gaslight.serve`): its folders, MkDocs' dirty
pass in every language, its search index kept whole, and a watcher that ignores Gaslight's own writes."""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import shutil
import sys
import sysconfig
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaslight.serving.repeat import localized_files_kept, replaced, theme_files_picked_once


@dataclass
class SiteFolders:
    """The served site: a whole build goes into a fresh folder beside the served one and replaces it when done,
    so a page is never served from a half-built site; the folder before stays one build longer (a request may
    still be reading it).

    >>> import tempfile
    >>> folders = SiteFolders(Path(tempfile.mkdtemp()))
    >>> folders.served.name, folders.fresh().name, folders.fresh().name
    ('site', 'site-1', 'site-2')
    """

    work: Path
    count: int = 0
    served_name: str = "site"
    previous: Path | None = None

    @property
    def served(self) -> Path:
        return self.work / self.served_name

    def fresh(self) -> Path:
        """A new, empty folder for a whole build."""
        self.count += 1
        folder = self.work / f"site-{self.count}"
        shutil.rmtree(folder, ignore_errors=True)
        return folder

    def replace(self, built: Path) -> None:
        """``built`` is now the served site; the one served before goes at the next replacement."""
        if self.previous is not None:
            shutil.rmtree(self.previous, ignore_errors=True)
        self.previous, self.served_name = self.served, built.name


@contextlib.contextmanager
def every_language_dirty() -> Iterator[None]:
    """A dirty MkDocs pass in every language, not only the main one, reusing what the passes before worked out
    (:mod:`gaslight.serving.repeat`).

    mkdocs-static-i18n builds each other language itself, and dirty only when the command line says
    ``--dirty`` (it reads ``sys.argv``, where ``mkdocs serve --dirty`` puts it): without this, every save
    rebuilt every page of the other languages.
    """
    with replaced(sys, "argv", [*sys.argv, "--dirty"]), installed_templates_listed_once(), \
            theme_files_picked_once(templates_of), localized_files_kept():
        yield


@contextlib.contextmanager
def main_language_only(config: Any) -> Iterator[None]:
    """The MkDocs build of ``config`` inside the block leaves the other languages' pages as they are (a saved file's
    own page is shown in the main language first; the other languages follow in the next pass, their pages still
    newer than the site's).

    mkdocs-static-i18n builds the other languages at the end of the main one's build unless it is building them
    already (its ``building`` flag): the block raises the flag.
    """
    i18n = config.plugins.get("i18n")
    if i18n is None or not isinstance(getattr(i18n, "building", None), bool):
        yield
        return
    with replaced(i18n, "building", True):
        yield


@contextlib.contextmanager
def only_pages(pages: tuple[str, ...] | None) -> Iterator[None]:
    """A dirty MkDocs build inside the block renders, of the pages changed since the site was built, only ``pages``
    (docs-relative; None: all of them). The others stay newer than the site, so the next dirty pass renders them.

    MkDocs' dirty mode renders a page when its source is newer than its HTML (``File.is_modified``): the block
    answers no for the other pages.
    """
    if pages is None:
        yield
        return
    from mkdocs.structure.files import File

    every = File.is_modified
    shown = set(pages)

    def is_modified(file: File) -> bool:
        if file.is_documentation_page() and file.src_uri not in shown:
            return False
        return every(file)

    with replaced(File, "is_modified", is_modified):
        yield


#: The templates under each installed theme folder (Material's thousands of icons): listed once a process.
_LISTED: dict[tuple[str, bool], list[str]] = {}


def _installed(folder: str) -> bool:
    """A folder of an installed package (which does not change while the server runs)."""
    return any(Path(folder).is_relative_to(root) for root in {sysconfig.get_paths()["purelib"],
                                                             sysconfig.get_paths()["platlib"]})


def templates_of(folder: str, followlinks: bool = False) -> list[str]:
    """The templates under ``folder``: an installed one's listed once a process, any other's every time."""
    from jinja2 import FileSystemLoader

    listed = _LISTED.get((folder, followlinks))
    if listed is not None:
        return listed
    found = _list_every_time()(FileSystemLoader([folder], followlinks=followlinks))
    if _installed(folder):
        _LISTED[folder, followlinks] = found
    return found


@functools.cache
def _list_every_time() -> Callable[[Any], list[str]]:
    """Jinja's own listing (taken before :func:`installed_templates_listed_once` first replaces it)."""
    from jinja2 import FileSystemLoader

    return FileSystemLoader.list_templates


@contextlib.contextmanager
def installed_templates_listed_once() -> Iterator[None]:
    """MkDocs lists every file of the theme on each pass to copy its static files (a quarter of a dirty pass,
    twice with a second language): inside the block, the folders of installed themes are listed once a process,
    a designer's own (``site.overrides``) and Gaslight's theme in a checkout every time.

    >>> from jinja2 import FileSystemLoader
    >>> with installed_templates_listed_once():
    ...     listed = FileSystemLoader([sysconfig.get_paths()["purelib"] + "/jinja2"]).list_templates()
    >>> "__init__.py" in listed
    True
    """
    from jinja2 import FileSystemLoader

    _list_every_time()  # Jinja's own listing, kept before it is replaced

    def list_templates(loader: FileSystemLoader) -> list[str]:
        found: set[str] = set()
        for folder in loader.searchpath:
            found.update(templates_of(folder, loader.followlinks))
        return sorted(found)

    with replaced(FileSystemLoader, "list_templates", list_templates):
        yield


@contextlib.contextmanager
def quiet_unless(loud: bool) -> Iterator[None]:
    """MkDocs says only its errors inside the block, unless ``loud``."""
    logger = logging.getLogger("mkdocs")
    level = logger.level
    if not loud:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def merge_search_index(index: Path, full: bytes) -> None:
    """After a dirty build (only changed pages rendered) the search index holds only those pages:
    put them back among the entries of every other page."""
    fresh = json.loads(index.read_text(encoding="utf-8"))
    rebuilt = {doc["location"].split("#")[0] for doc in fresh.get("docs", [])}
    kept = [doc for doc in json.loads(full).get("docs", []) if doc["location"].split("#")[0] not in rebuilt]
    fresh["docs"] = kept + fresh.get("docs", [])
    index.write_text(json.dumps(fresh, ensure_ascii=False), encoding="utf-8")


def _inside(path: str | bytes, folders: tuple[Path, ...]) -> bool:
    resolved = Path(path.decode() if isinstance(path, bytes) else path).resolve()
    return any(resolved == folder or folder in resolved.parents for folder in folders)


def watch_quietly(server: Any, path: Path, ignored: tuple[Path, ...]) -> None:
    """MkDocs' ``LiveReloadServer.watch``, but a change under ``ignored`` (the result cache a rebuild writes to,
    the output folder a ``gaslight build`` replaces) starts no rebuild: each save would otherwise be built twice."""
    import watchdog.events

    key = str(path.resolve())
    if key in server._watched_paths:
        server._watched_paths[key] += 1
        return
    server._watched_paths[key] = 1

    def changed(event: Any) -> None:
        paths = [p for p in (event.src_path, getattr(event, "dest_path", "")) if p]
        if event.is_directory or all(_inside(p, ignored) for p in paths):
            return
        with server._rebuild_cond:
            server._want_rebuild = True
            server._rebuild_cond.notify_all()

    handler = watchdog.events.FileSystemEventHandler()
    handler.on_any_event = changed  # type: ignore[method-assign]
    server._watch_refs[key] = server.observer.schedule(handler, key, recursive=True)


class HeldRequests:
    """MkDocs' server holds every page request while a build runs; while a whole site is built beside the served
    one there is no need: :meth:`release` lets them through, :meth:`restore` makes the build's end reload pages."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.epoch: int | None = None

    def release(self) -> None:
        if self.epoch is not None:
            return
        with self.server._epoch_cond:
            self.epoch, self.server._wanted_epoch = self.server._wanted_epoch, self.server._visible_epoch
            self.server._epoch_cond.notify_all()

    def restore(self) -> None:
        if self.epoch is None:
            return
        with self.server._epoch_cond:
            self.server._wanted_epoch, self.epoch = self.epoch, None
