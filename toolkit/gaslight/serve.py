"""``gaslight serve``: the project's site, kept up to date as files are saved.

MkDocs' live-reload server serves a scratch site; a watcher on the project's
content folders (never on the generated pages, the result cache or the output
folder, so a rebuild does not trigger another) calls :class:`SiteBuilder`, which

1. reloads the saved files with the files they need and the files that use them (the scope of
   ``gaslight check FILE``; :mod:`gaslight.serving.reload`), keeping every other file's model and problems;
2. re-runs only the contributors that read a saved file (:mod:`gaslight.serving.depends`: by kind, and of the
   rulesets by the families each contributor plays), with the project's result cache as ``gaslight build`` uses
   it (an unchanged board's self-play, an unchanged deck's sheets are not redone, an unchanged model is not
   hashed again), leaving untouched every page whose bytes are the same, and removing pages a contributor no
   longer writes; the saved file's own pages (:data:`gaslight.outputs.PAGES_OF`) first, shown at once (MkDocs
   dirty, browsers reloaded), then the others;
3. runs MkDocs: dirty (only changed pages, in every language) when the menu did not change; otherwise a whole
   site into a fresh folder, served once complete (pages meanwhile answered from the one before).

The server prints "Serving on …" at once. The first pass builds only the home page (and the hand-written
pages), so a page answers within seconds; a second pass builds the rest, pages saying so until the browser
reloads them. A project with errors still serves: every page carries a banner listing the located errors, and
a page that cannot be built (its file is broken) shows them instead of a 404.

It answers only requests for its own address (see :mod:`gaslight.editor_api`, which also answers the board
editor's requests), and Ctrl-C, SIGTERM and SIGHUP all stop it the same way, removing its scratch folder.
"""

from __future__ import annotations

import contextlib
import html
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaslight.cache import ResultCache, using
from gaslight.config import ProjectConfig, load_config
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import files_beside
from gaslight.editor_api import EDITOR_API, EditorAccess, ServerAddress, editor_api, is_editor_page
from gaslight.errors import UserError
from gaslight.kinds import resolve
from gaslight.outputs import CONTRIBUTORS, PAGES_OF
from gaslight.outputs.sink import BuildOutput, NavPath
from gaslight.outputs.site import (
    TRANSLATED_PAGE,
    SiteOptions,
    copy_sitemap_per_language,
    copy_sources,
    write_config,
)
from gaslight.project import Project
from gaslight.resources import COMPILED_TEMPLATES_HOOK, INSTALLED, SITE_DIR
from gaslight.serving.depends import changes
from gaslight.serving.hooks import keep_compiled
from gaslight.serving.reload import Reloader, Stamp, stamp_of
from gaslight.serving.site import (
    HeldRequests,
    SiteFolders,
    every_language_dirty,
    main_language_only,
    merge_search_index,
    only_pages,
    quiet_unless,
    watch_quietly,
)
from gaslight.valuecodec import Memo
from gaslight.yamlio import Document, parse_file

log = logging.getLogger("gaslight.serve")
SOURCES = "site sources"  # the hand-written pages, a pseudo-contributor that runs first
MAX_HASHES = 20_000  # models' fingerprints kept between saves (each holds its model)


@dataclass
class ParseCache:
    """Parsed files by path, reused while the file's size and time stay the same."""

    entries: dict[Path, tuple[Stamp, Document | None, Report]] = field(default_factory=dict)

    def parse(self, path: Path, display: str) -> tuple[Document | None, Report]:
        key = stamp_of(path)
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
    contributors: tuple[str, ...] = CONTRIBUTORS  # the last one writes the home page from the whole menu
    cache: ParseCache = field(default_factory=ParseCache)
    done: set[str] = field(default_factory=set)  # contributors that ran at least once (a quick first pass skips some)
    passes: int = 0  # rebuilds so far
    written: dict[str, set[Path]] = field(default_factory=dict)
    menus: dict[str, list[tuple[NavPath, str]]] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    menu: list[Any] = field(default_factory=list)
    sources_stamp: tuple[tuple[str, Stamp], ...] = ()
    reloader: Reloader = field(init=False)
    hashes: Memo = field(default_factory=dict)  # the models' fingerprints, kept while a save does not reload them
    #: Called once the saved file's own pages are written, before the other pages it feeds (the server shows them).
    early: Callable[[], None] | None = field(default=None, repr=False)
    #: The page ``early`` shows (:func:`early_page`): one, not all that the saved file's own contributor changed (a
    #: ruleset's rules page, not its variants' eight, each long to convert); the others come with the rest.
    early_pages: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self.reloader = Reloader(self.config, self.cache.parse)

    @property
    def results(self) -> ResultCache:
        """The project's result cache, as ``gaslight build`` uses it: a save redoes only what it changed."""
        return ResultCache(self.config.cache_folder)

    @property
    def output(self) -> BuildOutput:
        return BuildOutput(self.work, keep_unchanged=True, cache=self.results)

    def _sources_changed(self) -> bool:
        stamp = tuple((p.relative_to(SITE_DIR).as_posix(), stamp_of(p)) for p in sorted(SITE_DIR.rglob("*")))
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
        names = (SOURCES, *self.contributors)
        entries = tuple(e for name in names for e in self.menus.get(name, []))
        return entries, tuple(dict.fromkeys(s for name in names for s in self.sections.get(name, [])))

    def rebuild(self, only: frozenset[str] | None = None) -> Rebuilt:
        """Reload the project and regenerate what the changed files feed.

        ``only``: run just these contributors (and the home page's menu), leaving the others for the next
        rebuild, which runs every contributor that has not run yet: a quick first pass, which also leaves the
        deep checks (proofs and the like) to that rebuild.
        """
        if len(self.hashes) > MAX_HASHES:  # the models of many saves ago are held by it: start again
            self.hashes.clear()
        with using(self.results, self.hashes):  # proofs, drawings and playtests kept between saves, as a build does
            return self._rebuild(only)

    def _rebuild(self, only: frozenset[str] | None) -> Rebuilt:
        before = self.reloader.project
        loaded = self.reloader.load(deep=only is None, beside=lambda project: deck_files(project))
        project, report = loaded.project, loaded.report
        saved = (None if before is None or loaded.changed is None
                 else changes(before, project, loaded.changed, {**deck_files(before), **deck_files(project)}))
        out = self.output
        ran = []
        sources_changed = self._sources_changed()
        if saved is None or sources_changed:
            self._run(SOURCES, copy_sources, out)
            ran.append(SOURCES)
        *parts, _ = self.contributors
        todo = [target for target in parts if (only is None or target in only)
                and (saved is None or target not in self.done or saved.feeds(target, project))]
        # The saved file's own pages first, shown (self.early) before the other pages it feeds are made.
        own = {PAGES_OF[kind] for kind in saved.kinds if kind in PAGES_OF} if saved is not None else set()
        first = [target for target in todo if target in own]
        shown_early = False
        if self.early is not None and first and len(first) < len(todo) and not ran:
            out.changed_pages.clear()
            ran += self._contribute(project, first, out)
            shown_early = self._finish(project, out)
            self.early_pages = early_page(out.changed_pages, saved_ids(project, loaded.changed))
            self.early()
            todo = [target for target in todo if target not in first]
        ran += self._contribute(project, todo, out)
        changed = self._finish(project, out) or shown_early
        self.passes += 1
        return Rebuilt(report, (*ran, self.contributors[-1]), changed)

    def _contribute(self, project: Project, targets: list[str], out: BuildOutput) -> list[str]:
        for target in targets:
            self._run(target, lambda o, t=target: resolve(t)(project, o), out)
            self.done.add(target)
        return targets

    def _finish(self, project: Project, out: BuildOutput) -> bool:
        """The home page's menu and the MkDocs config; True when the menu changed."""
        from gaslight.outputs.site import nav_tree

        home = self.contributors[-1]
        self.menus.pop(home, None)
        self._run(home, lambda o: resolve(home)(project, o), out, *self._menu_so_far())
        entries, sections = self._menu_so_far()
        out.own_sections = list(sections)
        menu = nav_tree(list(entries), out.sections)
        changed, self.menu = menu != self.menu, menu
        out.nav = list(entries)
        write_config(out, self.work / "site", SiteOptions.of(project).for_preview(),
                     extra={"strict": False, "hooks": [str(COMPILED_TEMPLATES_HOOK)]})
        return changed

    @property
    def complete(self) -> bool:
        """Every contributor has run: the site is whole."""
        return set(self.contributors[:-1]) <= self.done


def saved_ids(project: Project, saved: frozenset[Path] | None) -> frozenset[str]:
    """The ids of the scenario files ``saved``."""
    return frozenset(str(doc.data["id"]) for doc in project.documents
                     if saved and Path(doc.path) in saved and isinstance(doc.data, dict) and "id" in doc.data)


def early_page(changed: list[str], ids: frozenset[str]) -> tuple[str, ...]:
    """The page a save shows first, of the main-language pages it ``changed`` (in the order they were written): the
    first named after a saved file (a folder or the page's own name is its id), else the first.

    >>> early_page(["boards/index.md", "boards/quay.md", "boards/quay.ja.md"], frozenset({"quay"}))
    ('boards/quay.md',)
    >>> early_page(["hunt/rules.md", "hunt/variants/fog.md"], frozenset({"whitechapel-hunt"}))
    ('hunt/rules.md',)
    """
    pages = [page for page in changed if not TRANSLATED_PAGE.search(page)]
    named = [page for page in pages if ids & {*Path(page).parent.parts, Path(page).stem}]
    return tuple((named or pages)[:1])


class _QuietDirty(logging.Filter):
    """Dirty builds are how the preview stays fast; MkDocs' warning about them is noise here."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build" not in record.getMessage()


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


#: Seconds without a save before the pages a save's new menu left behind are built again (a whole pass that a
#: save in the meantime would wait for).
CATCH_UP = 2.0
#: The quick first pass: the home page (with the hand-written pages), answered while the rest is built.
QUICK_FIRST: frozenset[str] = frozenset({"gaslight.outputs.home:contribute"})
BUILDING = ('<div class="gl-serve-building" role="status" style="background:#eef3ff;border-bottom:1px solid #8ea6d8;'
            'padding:.5em 1.2em;margin:0;font:14px/1.5 system-ui,sans-serif;color:#1d1b20">gaslight serve: '
            "building the rest of the site… this page reloads by itself when it is ready.</div>")
PLACEHOLDER = "<!doctype html><title>Building…</title><body><p>Building the site…</p></body>".encode()


class SiteBuilder:
    """The server's builder: the contributors a save feeds (:class:`Preview`), then MkDocs.

    MkDocs builds a whole site (the first pass, a changed menu, changed hand-written pages) into a fresh folder
    that replaces the served one when complete, pages meanwhile answered from the one before; otherwise it runs
    dirty (only the changed pages, in every language) in place. The first pass runs only ``first`` (the home
    page) and asks at once for a second that completes the site; pages carry a note until it is.
    """

    def __init__(self, server: Any, preview: Preview, first: frozenset[str] | None) -> None:
        self.server, self.preview, self.first = server, preview, first
        self.sites = SiteFolders(preview.work)
        self.held = HeldRequests(server)
        self.behind = False  # after a dirty pass that changed the menu, the other pages still show the old one
        self.catch_up = threading.Timer(0, lambda: None)  # brings them up to date when saves pause
        self.due = False  # the catch-up timer fired: no save for CATCH_UP seconds

    def __call__(self) -> None:
        from mkdocs.commands.build import build
        from mkdocs.config import load_config as load_mkdocs_config

        fresh, report = load_config(self.preview.config.file)
        if fresh is None:
            self.server.problems = problems_html(report)
            return
        if fresh != self.preview.config:
            self.preview = Preview(fresh, self.preview.work, self.preview.contributors)
        self.catch_up.cancel()  # a save came first (or this is the catch-up): it must not fire during this pass
        due, self.due = self.due, False
        quick = not self.preview.passes and self.first is not None
        if quick or not self.preview.complete:
            self.held.release()  # the placeholder, then the quick pass's pages, answer while this pass runs
        config_file = str(self.preview.work / "mkdocs.generated.yml")
        shown: list[bool] = []

        def show_early() -> None:  # the saved file's own page, dirty, before the rest of what it feeds is made
            # in the main language; its other pages, and the other languages', come with the rest
            self._dirty(config_file, fresh, main_only=True, pages=self.preview.early_pages)
            self._publish()
            shown.append(True)

        self.preview.early = show_early if self.held.epoch is None and self.preview.complete and not quick else None
        try:
            result = self.preview.rebuild(self.first if quick else None)
            self.server.problems = problems_html(result.report)
            edited = result.contributors != (self.preview.contributors[-1],)  # more than the home page's menu
            # A save while the other pages' menus are behind is shown first (dirty); the menus follow when saves pause.
            catching_up = self.behind and due and not edited
            whole = self.held.epoch is not None or SOURCES in result.contributors or catching_up
            if whole:
                self.held.release()
                site = self.sites.fresh()
                with quiet_unless(not quick):  # the quick pass's pages link to pages not built yet
                    build(load_mkdocs_config(config_file=config_file, site_dir=str(site)))
                copy_sitemap_per_language(site, SiteOptions(languages=fresh.languages))
                self.sites.replace(site)
                self.server.root = str(site)
            else:
                self._dirty(config_file, fresh)
                if shown:  # browsers reloaded for the early pages: they reload again for the rest
                    self.server._wanted_epoch = max(self.server._wanted_epoch + 1, round(time.monotonic() * 1000))
            self.behind = not whole and (self.behind or result.menu_changed)
            self.server.notice = "" if self.preview.complete else BUILDING
        finally:
            self.held.restore()
        if not self.preview.complete:
            self._again()
        elif self.behind:
            self.catch_up = threading.Timer(CATCH_UP, self._catch_up)
            self.catch_up.daemon = True
            self.catch_up.start()
        log.info("rebuilt: %s", ", ".join(result.contributors) or "the other pages' menus")

    def _dirty(self, config_file: str, config: ProjectConfig, main_only: bool = False,
               pages: tuple[str, ...] | None = None) -> None:
        """MkDocs' dirty pass over the served site (only the pages that changed, in every language; ``main_only``: in
        the main language, the others' left to the next pass; ``pages``: only these of the changed pages, when any)."""
        from mkdocs.commands.build import build
        from mkdocs.config import load_config as load_mkdocs_config

        site = self.sites.served
        index = site / "search" / "search_index.json"
        full_index = index.read_bytes() if index.is_file() else None
        mkdocs_config = load_mkdocs_config(config_file=config_file, site_dir=str(site))
        with every_language_dirty(), main_language_only(mkdocs_config) if main_only else contextlib.nullcontext(), \
                only_pages(pages or None):
            build(mkdocs_config, dirty=True)
        copy_sitemap_per_language(site, SiteOptions(languages=config.languages))
        if full_index is not None:
            merge_search_index(index, full_index)

    def _publish(self) -> None:
        """Browsers reload now (as the server's build loop does after a pass)."""
        with self.server._epoch_cond:
            self.server._visible_epoch = self.server._wanted_epoch
            self.server._epoch_cond.notify_all()

    def _catch_up(self) -> None:
        self.due = True
        self._again()

    def _again(self) -> None:
        with self.server._rebuild_cond:
            self.server._want_rebuild = True
            self.server._rebuild_cond.notify_all()

    def not_found(self, code: int) -> bytes | None:
        """A page of a broken file shows the errors, a page not built yet says so (both reload when built)."""
        if code != 404:
            return None
        if self.server.problems or not self.preview.complete:
            placeholder = b"<!doctype html><title>gaslight serve</title><body></body>"
            return bytes(self.server._inject_js_into_html(placeholder, self.server._visible_epoch))
        page = Path(self.server.root) / "404.html"
        return page.read_bytes() if page.is_file() else None


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
    address = parse_dev_addr(dev_addr)
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s -  %(message)s")
    if not address.loopback:
        log.warning("gaslight serve listens on %s:%s, where other machines can reach it: they can read the "
                    "site, and the board editor still needs the token in its own page; use 127.0.0.1 to keep it to "
                    "this machine", address.host, address.port)
    work = Path(tempfile.mkdtemp(prefix="gaslight-serve-"))
    stopper = Stopper(work)
    try:
        stopper.install()
        server = preview_server(config, address, work)
        logging.getLogger("mkdocs.commands.build").addFilter(_QuietDirty())
        try:
            server.serve()
        except KeyboardInterrupt:
            log.info("Shutting down...")
        finally:
            server.shutdown()
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)
        stopper.release()


def preview_server(config: ProjectConfig, address: ServerAddress, work: Path,
                   contributors: tuple[str, ...] = CONTRIBUTORS, first: frozenset[str] | None = QUICK_FIRST) -> Any:
    """The live-reload server of ``config``'s site, building into ``work``; ``server.serve()`` runs it.

    ``first``: the contributors of the quick first pass (None: build everything before the first page).
    """
    from mkdocs.livereload import LiveReloadServer

    access = EditorAccess(address)
    ignored = tuple(p.resolve() for p in (config.cache_folder, config.output) if p is not None)

    class Server(LiveReloadServer):
        problems = ""
        notice = ""  # while the rest of the site is built after the quick first pass

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
            if not self.problems and not self.notice:
                return content
            at = content.find(b">", content.find(b"<body")) + 1 if b"<body" in content else 0
            return content[:at] + (self.notice + self.problems).encode() + content[at:]

        def watch(self, path: str, func: None = None, *, recursive: bool = True) -> None:
            watch_quietly(self, Path(path), ignored)

    (work / "site").mkdir()
    (work / "site" / "index.html").write_bytes(PLACEHOLDER)
    keep_compiled(work, config.cache_folder)
    server = Server(builder=lambda: None, host=address.host, port=address.port, root=str(work / "site"),
                    polling_interval=0.2)
    server.builder = SiteBuilder(server, Preview(config, work, contributors), first)
    server.serve_thread.daemon = True  # the process may end while a request is still being answered
    server.error_handler = server.builder.not_found
    for folder in (*config.content, config.file):
        server.watch(str(folder))
    if not INSTALLED:  # a development checkout: the hand-written pages and the engine change too
        server.watch(str(SITE_DIR))
    with server._rebuild_cond:  # the first build runs in the build loop, after "Serving on …" is printed
        server._want_rebuild = True
    return server
