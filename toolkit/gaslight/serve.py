"""``gaslight serve``: the project's site, kept up to date as files are saved.

MkDocs' live-reload server serves a scratch site; a watcher on the project's
content folders (never on the generated pages, so a rebuild does not trigger
another) calls :meth:`Preview.rebuild`, which

1. reloads the project, re-reading only the files whose size or time changed;
2. re-runs only the contributors that read a kind of file that changed
   (:data:`gaslight.outputs.READS`), leaving untouched every page whose bytes
   are the same, and removing pages a contributor no longer writes;
3. runs MkDocs, as a *dirty* build (only changed pages) when the menu did not change.

The server prints "Serving on …" at once and builds the first time in the
background. A project with errors still serves: every page carries a banner
listing the located errors, and a page that cannot be built (its file is
broken) shows them instead of a 404.

It answers only requests for its own address (see :mod:`gaslight.editor_api`, which also answers the board
editor's requests), and Ctrl-C, SIGTERM and SIGHUP all stop it the same way, removing its scratch folder.
"""

from __future__ import annotations

import html
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaslight.config import ProjectConfig, load_config
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import files_beside
from gaslight.editor_api import EDITOR_API, EditorAccess, ServerAddress, editor_api, is_editor_page
from gaslight.errors import UserError
from gaslight.kinds import resolve
from gaslight.outputs import CONTRIBUTORS, READS
from gaslight.outputs.sink import BuildOutput, NavPath
from gaslight.outputs.site import SiteOptions, copy_sitemap_per_language, copy_sources, write_config
from gaslight.project import Parser, Project, load_configured
from gaslight.resources import INSTALLED, SITE_DIR
from gaslight.yamlio import Document, parse_file

log = logging.getLogger("gaslight.serve")
SOURCES = "site sources"  # the hand-written pages, a pseudo-contributor that runs first


def fingerprint(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


@dataclass
class ParseCache:
    """Parsed files by path, reused while the file's size and time stay the same."""

    entries: dict[Path, tuple[tuple[int, int] | None, Document | None, Report]] = field(default_factory=dict)

    def parse(self, path: Path, display: str) -> tuple[Document | None, Report]:
        key = fingerprint(path)
        cached = self.entries.get(path)
        if cached is not None and cached[0] == key and key is not None:
            return cached[1], cached[2]
        doc, report = parse_file(path, display)
        self.entries[path] = (key, doc, report)
        return doc, report


@dataclass(frozen=True)
class Rebuilt:
    """What one rebuild did."""

    report: Report
    contributors: tuple[str, ...]
    menu_changed: bool


@dataclass
class Preview:
    """The generated pages of a project in ``work/docs``, regenerated piece by piece."""

    config: ProjectConfig
    work: Path
    cache: ParseCache = field(default_factory=ParseCache)
    kinds: dict[Path, str | None] = field(default_factory=dict)  # file → its kind at the last rebuild
    stamps: dict[Path, tuple[int, int] | None] = field(default_factory=dict)
    written: dict[str, set[Path]] = field(default_factory=dict)
    menus: dict[str, list[tuple[NavPath, str]]] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    menu: list[Any] = field(default_factory=list)
    sources_stamp: tuple[tuple[str, tuple[int, int] | None], ...] = ()

    @property
    def output(self) -> BuildOutput:
        return BuildOutput(self.work, keep_unchanged=True)

    def _changed_kinds(self, documents: tuple[Document, ...], beside: Mapping[Path, str] | None = None,
                       ) -> set[str | None] | None:
        """Kinds of the files that changed since the last rebuild; None on the first rebuild.

        ``beside``: files a scenario reads that are not scenarios (a deck's card table and art), with the kind
        of the file that reads them.
        """
        first = not self.stamps
        now = {Path(d.path): (d.data.get("kind") if isinstance(d.data, dict) else None) for d in documents if d.path}
        now.update(beside or {})
        stamps = {path: fingerprint(path) for path in [*self.cache.entries, *(beside or {})]}
        changed = {path for path in stamps.keys() | self.stamps.keys() if stamps.get(path) != self.stamps.get(path)}
        kinds = {self.kinds.get(p) for p in changed} | {now.get(p) for p in changed}
        self.kinds, self.stamps = now, stamps
        return None if first else kinds

    def _sources_changed(self) -> bool:
        stamp = tuple((p.relative_to(SITE_DIR).as_posix(), fingerprint(p)) for p in sorted(SITE_DIR.rglob("*")))
        changed, self.sources_stamp = stamp != self.sources_stamp, stamp
        return changed

    def _run(self, name: str, action: Callable[[BuildOutput], None], out: BuildOutput,
             menu_so_far: tuple[tuple[NavPath, str], ...] = (), sections_so_far: tuple[str, ...] = ()) -> None:
        """Run one contributor; remember what it wrote and put in the menu, remove what it wrote last time only."""
        out.nav, out.own_sections, out.written = list(menu_so_far), list(sections_so_far), set()
        action(out)
        for stale in self.written.get(name, set()) - out.written:
            stale.unlink(missing_ok=True)
        self.written[name] = out.written
        self.menus[name] = out.nav[len(menu_so_far):]
        self.sections[name] = out.own_sections[len(sections_so_far):]

    def _menu_so_far(self) -> tuple[tuple[tuple[NavPath, str], ...], tuple[str, ...]]:
        names = (SOURCES, *CONTRIBUTORS)
        entries = tuple(e for name in names for e in self.menus.get(name, []))
        return entries, tuple(dict.fromkeys(s for name in names for s in self.sections.get(name, [])))

    def rebuild(self) -> Rebuilt:
        """Reload the project and regenerate what the changed files feed."""
        from gaslight.outputs.site import nav_tree

        parse: Parser = self.cache.parse
        project, report = load_configured(self.config, parse=parse)
        kinds = self._changed_kinds(project.documents, deck_files(project))
        out = self.output
        ran = []
        sources_changed = self._sources_changed()
        if kinds is None or sources_changed:
            self._run(SOURCES, copy_sources, out)
            ran.append(SOURCES)
        *parts, home = CONTRIBUTORS  # the last one writes the home page from the whole menu
        for target in parts:
            reads = READS.get(target)
            if kinds is None or reads is None or kinds & reads:
                self._run(target, lambda o, t=target: resolve(t)(project, o), out)
                ran.append(target)
        self.menus.pop(home, None)
        self._run(home, lambda o: resolve(home)(project, o), out, *self._menu_so_far())
        ran.append(home)
        entries, sections = self._menu_so_far()
        out.own_sections = list(sections)
        menu = nav_tree(list(entries), out.sections)
        changed, self.menu = menu != self.menu, menu
        out.nav = list(entries)
        write_config(out, self.work / "site", SiteOptions.of(project).for_preview(), extra={"strict": False})
        return Rebuilt(report, tuple(ran), changed)


class _QuietDirty(logging.Filter):
    """Dirty builds are how the preview stays fast; MkDocs' warning about them is noise here."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build" not in record.getMessage()


def merge_search_index(index: Path, full: bytes) -> None:
    """After a dirty build (only changed pages rendered) the search index holds only those pages:
    put them back among the entries of every other page."""
    fresh = json.loads(index.read_text(encoding="utf-8"))
    rebuilt = {doc["location"].split("#")[0] for doc in fresh.get("docs", [])}
    kept = [doc for doc in json.loads(full).get("docs", []) if doc["location"].split("#")[0] not in rebuilt]
    fresh["docs"] = kept + fresh.get("docs", [])
    index.write_text(json.dumps(fresh, ensure_ascii=False), encoding="utf-8")


def deck_files(project: Project) -> dict[Path, str]:
    """Every card table and picture the project's decks read (as named, and as last loaded) → "deck"."""
    files = {path: "deck" for doc in project.documents if isinstance(doc.data, dict)
             and doc.data.get("kind") == "deck" for path in files_beside(doc)}
    for deck in project.of_kind("deck"):
        files.update({Path(art.path): "deck" for card in deck.cards if (art := deck.art_of(card))})
    return files


def problems_html(report: Report) -> str:
    """The located errors as an HTML banner (scenario text escaped)."""
    if not report.errors:
        return ""
    items = "".join(f"<li><code>{html.escape(d.format_text())}</code></li>" for d in report.errors[:50])
    more = f"<li>… and {len(report.errors) - 50} more</li>" if len(report.errors) > 50 else ""
    count = len(report.errors)
    return ('<div class="gl-serve-problems" role="alert" style="background:#fff3f3;border:2px solid #b3261e;'
            'padding:.8em 1.2em;margin:0;font:14px/1.5 system-ui,sans-serif;color:#1d1b20">'
            f"<strong>gaslight serve: {count} error{'s' * (count != 1)}</strong> — pages of broken files are "
            f"not built until they are fixed.<ul style='margin:.4em 0 0'>{items}{more}</ul></div>")


def parse_dev_addr(dev_addr: str) -> ServerAddress:
    """``HOST:PORT`` (``[::1]:8000`` for an IPv6 address) as a :class:`ServerAddress`; a user error otherwise.

    >>> parse_dev_addr("127.0.0.1:8001"), parse_dev_addr("[::1]:8000").host, parse_dev_addr(":9000").host
    (ServerAddress(host='127.0.0.1', port=8001), '::1', '127.0.0.1')
    """
    host, _, port = dev_addr.rpartition(":")
    if not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
        raise UserError(f"--dev-addr takes HOST:PORT, such as 127.0.0.1:8000, not {dev_addr!r}")
    return ServerAddress(host.strip("[]") or "127.0.0.1", int(port))


STOP_GRACE = 10.0  # seconds a stop may take to tidy up before the scratch folder is removed anyway


class Stopper:
    """Turns Ctrl-C, SIGTERM and SIGHUP (a closed terminal) into one orderly stop that removes ``work``.

    The first signal raises KeyboardInterrupt where the main thread is, and starts a clock: a stop still
    unfinished after ``grace`` seconds (a thread stuck in a build or a solver), or a second signal, removes
    ``work`` and ends the process at once, so no way of stopping the server leaves its folder behind or hangs.
    """

    SIGNALS = (signal.SIGINT, signal.SIGTERM, *((signal.SIGHUP,) if hasattr(signal, "SIGHUP") else ()))

    def __init__(self, work: Path, grace: float = STOP_GRACE) -> None:
        self.work, self.grace = work, grace
        self.clock: threading.Timer | None = None
        self.previous: dict[int, Any] = {}

    def install(self) -> None:
        if threading.current_thread() is threading.main_thread():
            self.previous = {sig: signal.signal(sig, self._interrupt) for sig in self.SIGNALS}

    def release(self) -> None:
        """The orderly stop finished: the clock stops and the handlers before come back."""
        if self.clock is not None:
            self.clock.cancel()
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)

    def _force(self, reason: str) -> None:
        print(f"gaslight serve: {reason}; removing {self.work} and exiting", file=sys.stderr, flush=True)
        shutil.rmtree(self.work, ignore_errors=True)
        os._exit(1)

    def _interrupt(self, signum: int, frame: Any) -> None:
        if self.clock is not None:
            self._force("stopped again while tidying up")
        self.clock = threading.Timer(self.grace, self._force, (f"the stop did not finish within {self.grace:g} s",))
        self.clock.daemon = True
        self.clock.start()
        raise KeyboardInterrupt


def serve(config: ProjectConfig, dev_addr: str) -> int:
    """Serve the project's site on ``dev_addr`` until interrupted (Ctrl-C, SIGTERM or SIGHUP)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config as load_mkdocs_config
    from mkdocs.livereload import LiveReloadServer

    address = parse_dev_addr(dev_addr)
    access = EditorAccess(address)

    class Server(LiveReloadServer):
        problems = ""

        def _serve_request(self, environ: dict[str, Any], start_response: Any) -> Any:
            # Every request, not only the editor's: a page of another site rebound to this address must not read
            # the site of a private project either.
            if environ.get("PATH_INFO", "").startswith(EDITOR_API):
                return editor_api(config, environ, start_response, access)  # refuses other hosts too, in JSON
            refused = address.refusal(environ)
            if refused is not None:
                start_response("403 Forbidden", [("Content-Type", "text/plain; charset=utf-8")])
                return [refused.encode()]
            return super()._serve_request(environ, start_response)

        def _inject_js_into_html(self, content: bytes, epoch: int) -> bytes:
            # The editor page gets this run's token and never reloads itself: a rebuild (its own save causes one)
            # would close the board and lose the edits made since.
            content = access.page(content) if is_editor_page(content) else super()._inject_js_into_html(content, epoch)
            if not self.problems:
                return content
            at = content.find(b">", content.find(b"<body")) + 1 if b"<body" in content else 0
            return content[:at] + self.problems.encode() + content[at:]

    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s -  %(message)s")
    if not address.loopback:
        log.warning("gaslight serve listens on %s:%s, where other machines can reach it: they can read the "
                    "site, and the board editor still needs the token in its own page; use 127.0.0.1 to keep it to "
                    "this machine", address.host, address.port)
    work = Path(tempfile.mkdtemp(prefix="gaslight-serve-"))
    stopper = Stopper(work)
    try:
        stopper.install()
        return _serve(config, address, work, Server, build, load_mkdocs_config)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        stopper.release()


def _serve(config: ProjectConfig, address: ServerAddress, work: Path, server_class: Any, build: Any,
           load_mkdocs_config: Any) -> int:
    """Build into ``work`` and serve until interrupted."""
    preview = Preview(config, work)
    site = work / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html><title>Building…</title><body><p>Building the site…</p>"
                                     "</body>", encoding="utf-8")

    menus_behind = [False]  # after a fast rebuild that changed the menu, the other pages still show the old one

    def builder() -> None:
        nonlocal preview
        fresh, report = load_config(config.file)
        if fresh is None:
            server.problems = problems_html(report)
            return
        if fresh != preview.config:
            preview = Preview(fresh, work)
        result = preview.rebuild()
        server.problems = problems_html(result.report)
        mkdocs_config = load_mkdocs_config(config_file=str(work / "mkdocs.generated.yml"))
        # Changed pages first (fast); when the menu changed, every other page follows in a second, full pass.
        dirty = SOURCES not in result.contributors and not menus_behind[0]
        index = site / "search" / "search_index.json"
        full_index = index.read_bytes() if dirty and index.is_file() else None
        build(mkdocs_config, dirty=dirty)
        copy_sitemap_per_language(site, SiteOptions(languages=fresh.languages))
        if full_index is not None:
            merge_search_index(index, full_index)
        menus_behind[0] = dirty and result.menu_changed
        if menus_behind[0]:
            with server._rebuild_cond:
                server._want_rebuild = True
        log.info("rebuilt: %s", ", ".join(result.contributors) or "the other pages' menus")

    server = server_class(builder=builder, host=address.host, port=address.port, root=str(site),
                          polling_interval=0.2)
    server.serve_thread.daemon = True  # the process may end while a request is still being answered

    def not_found(code: int) -> bytes | None:
        if code != 404 or not server.problems:
            page = site / "404.html"
            return page.read_bytes() if code == 404 and page.is_file() else None
        return server._inject_js_into_html(f"<!doctype html><body>{server.problems}</body>".encode(), 0)

    server.error_handler = not_found
    for folder in (*config.content, config.file):
        server.watch(str(folder))
    if not INSTALLED:  # a development checkout: the hand-written pages and the engine change too
        server.watch(str(SITE_DIR))
    with server._rebuild_cond:  # the first build runs in the build loop, after "Serving on …" is printed
        server._want_rebuild = True
    logging.getLogger("mkdocs.commands.build").addFilter(_QuietDirty())
    try:
        server.serve()
    except KeyboardInterrupt:
        log.info("Shutting down...")
    finally:
        server.shutdown()
    return 0
