"""Results that depend only on what they read, kept between builds (issue 39).

A build's slow results are pure: the same board, rules and options played by the same engine give the same
figures, the same models drawn by the same code give the same PDF bytes. :class:`ResultCache` keys such a
result by a SHA-256 over a canonical JSON of everything it reads (the data passed in, the options, the Gaslight
version and the bytes of the code that computes it) and keeps it as JSON in the project's ``.gaslight-cache/``
folder, so a build after one edit recomputes only what that edit feeds. Two ways in:

* :meth:`ResultCache.remember` / :meth:`ResultCache.remember_each` for JSON data read and computed by named
  engine files: the balance pages' bot self-play, the case pages' table playtests;
* :func:`cached` / :func:`cached_each` for Gaslight's own values (models in, proofs, reports or PDF bytes out),
  through the cache the running build set with :func:`using`: Walton proofs, board analyses, the deck pages'
  playtests, every printable drawn through :func:`gaslight.outputs.pdf.draw_all`, the deck check's text
  measurements (``deck-fit``). The inputs are fingerprinted
  by :func:`gaslight.valuecodec.fingerprint` (a card's art by its bytes), the code is the calling module's (or
  the named modules') with every Gaslight module they import (:func:`code_digest`, with the versions of the
  libraries that draw: an edit elsewhere in Gaslight keeps the entry), the value carried by
  :mod:`gaslight.valuecodec` (never pickle: an entry can hold wrong figures, never run code).

Why the project's folder and not the output: every build replaces the output folder whole (see
:mod:`gaslight.publish`), ``--out`` may point anywhere, and deleting the output is how a designer asks for a
clean site, not for an hour of self-play; a hidden folder beside ``gaslight.yaml`` is left out of discovery
like every dot folder and is named in the ``.gitignore`` that ``gaslight init`` writes.

Safe without care: an entry is written to a temporary file and renamed into place (two builds at once each
write a whole entry, and the last one wins); an entry that does not parse, names another key or whose value
does not match its digest is computed again; a folder that cannot be written only means no caching. The
folder is bounded: past :data:`MAX_ENTRIES` entries or :data:`MAX_BYTES` bytes the least recently used go.

>>> import tempfile
>>> cache = ResultCache(Path(tempfile.mkdtemp()) / CACHE_FOLDER)
>>> calls = []
>>> cache.remember("demo", {"games": 3}, (), lambda: calls.append(1) or {"wins": 2})
{'wins': 2}
>>> cache.remember("demo", {"games": 3}, (), lambda: calls.append(1) or {"wins": 2}), len(calls)
({'wins': 2}, 1)
>>> NO_CACHE.remember("demo", {"games": 3}, (), lambda: "computed")
'computed'
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.metadata
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from gaslight import __version__
from gaslight.resources import PACKAGE_DIR, SITE_DIR
from gaslight.valuecodec import CorruptValue, Memo, Unencodable, fingerprint, from_data, to_data

CACHE_FOLDER = ".gaslight-cache"
FORMAT = "gaslight-cache/1"
#: A balance entry is ~10 kB, a drawn sheet up to a few MB: the showcase keeps ~300 entries, ~60 MB.
MAX_ENTRIES = 4000
MAX_BYTES = 512 * 1024 * 1024
#: An entry larger than this is not one of ours: never read into memory.
MAX_ENTRY_BYTES = 64 * 1024 * 1024
#: Libraries whose version can change a drawn or proven result's bytes.
LIBRARIES = ("reportlab", "pillow", "pypdfium2", "clingo", "shapely", "networkx", "numpy")
STALE_SECONDS = 3600
#: Marks the folder as a cache (https://bford.info/cachedir/): backup and archiving tools skip it.
CACHEDIR_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                "# This file is a cache directory tag created by Gaslight (gaslight build, check and serve).\n"
                "# For information about cache directory tags see https://bford.info/cachedir/\n")
_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*['"](\.{1,2}/[^'"]+)['"]""")

Value = TypeVar("Value")
#: Work begun (results being computed elsewhere): called, it waits for them and gives them in order.
Begun = Callable[[], Sequence[Any]]


def canonical(data: Any) -> bytes:
    """The one JSON text of ``data`` (sorted keys, no spaces): equal data, equal bytes.

    >>> canonical({"b": [1, 2.5], "a": "é"})
    b'{"a":"\\\\u00e9","b":[1,2.5]}'
    """
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False).encode("ascii")


def engine_code(script: str, *modules: str) -> tuple[Path, ...]:
    """The engine files ``script`` (under ``site/engine/``) imports, itself included, and Gaslight's own
    ``modules`` (paths under the package): the code whose bytes a cached result depends on.

    >>> [p.name for p in engine_code("walton/tableplay.mjs", "play/walton.py")][-1]
    'walton.py'
    """
    seen: dict[Path, None] = {}
    todo = [SITE_DIR / "engine" / script]
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen[path] = None
        todo += [Path(os.path.normpath(path.parent / found))  # not resolve(): links keep the names under SITE_DIR
                 for found in _IMPORT.findall(path.read_text(encoding="utf-8"))]
    return (*sorted(seen), *(PACKAGE_DIR / module for module in modules))


def _code_name(path: Path) -> str:
    """A code file's name in a key: its path under the engine or the package (the checkout's place is no input)."""
    for root in (SITE_DIR, PACKAGE_DIR):
        if path.is_relative_to(root):
            return path.relative_to(root).as_posix()
    return path.name


def _code_digests(code: Iterable[Path]) -> dict[str, str]:
    return {_code_name(path): hashlib.sha256(path.read_bytes()).hexdigest() for path in code}


def cache_key(kind: str, reads: Any, code: Iterable[Path]) -> str:
    """The key of a result: what it reads, the code that computes it and Gaslight's version, hashed."""
    return hashlib.sha256(canonical({"format": FORMAT, "kind": kind, "gaslight": __version__, "reads": reads,
                                     "code": _code_digests(code)})).hexdigest()


@dataclass(frozen=True)
class ResultCache:
    """Where results are kept between builds; ``folder`` None keeps nothing (``gaslight build --no-cache``)."""

    folder: Path | None

    def remember(self, kind: str, reads: Any, code: Sequence[Path], compute: Callable[[], Value]) -> Value:
        """The kept result for ``reads`` computed by ``code``, or ``compute()`` kept for next time.

        ``compute`` must give JSON data (lists, not tuples), so the kept copy reads back equal.
        """
        found = self.lookup(kind, reads, code)
        if found is not None:
            return found[0]
        value = compute()
        self.keep(kind, reads, code, value)
        return value

    def lookup(self, kind: str, reads: Any, code: Sequence[Path]) -> tuple[Any] | None:
        """The kept result for ``reads`` (in a 1-tuple, as a result may be None), or None: :meth:`remember` in two
        halves, for a result computed somewhere else (a page MkDocs converts between two of its events)."""
        if self.folder is None:
            return None
        key = cache_key(kind, reads, code)
        return _read(self.folder / f"{kind}-{key}.json", key)

    def keep(self, kind: str, reads: Any, code: Sequence[Path], value: Any) -> None:
        """Keep ``value`` (JSON data) as the result for ``reads`` (see :meth:`lookup`)."""
        if self.folder is not None:
            key = cache_key(kind, reads, code)
            self._keep(self.folder / f"{kind}-{key}.json", key, value)

    def holds(self, kind: str, reads: Any, code: Sequence[Path]) -> bool:
        """Whether :meth:`remember` would find a kept result (a build starts slow work early only when not)."""
        return self.lookup(kind, reads, code) is not None

    def remember_each(self, kind: str, reads: Sequence[Any], code: Sequence[Path],
                      compute: Callable[[list[int]], Sequence[Value]]) -> list[Value]:
        """A result for each of ``reads``: the kept ones, and ``compute(indexes)`` of the rest in one call
        (so the missing ones still share worker processes), kept for next time.

        >>> NO_CACHE.remember_each("demo", ["a", "b"], (), lambda todo: [f"computed {i}" for i in todo])
        ['computed 0', 'computed 1']
        """
        if self.folder is None:
            return list(compute(list(range(len(reads)))))
        keys = [cache_key(kind, one, code) for one in reads]
        paths = [self.folder / f"{kind}-{key}.json" for key in keys]
        found = [_read(path, key) for path, key in zip(paths, keys, strict=True)]
        todo = [i for i, kept in enumerate(found) if kept is None]
        computed = dict(zip(todo, compute(todo), strict=True)) if todo else {}
        for i, value in computed.items():
            self._keep(paths[i], keys[i], value)
        return [computed[i] if kept is None else kept[0] for i, kept in enumerate(found)]

    def _keep(self, path: Path, key: str, value: Any) -> None:
        """Write the entry whole (temporary file, then rename) and trim the folder; a write that fails is skipped."""
        assert self.folder is not None
        body = canonical(value)
        entry = json.dumps({"format": FORMAT, "key": key, "sha256": hashlib.sha256(body).hexdigest(),
                            "value": value}, separators=(",", ":")).encode("ascii")
        try:
            if self.folder.is_symlink():  # made a link since gaslight.yaml was checked: never written through
                return
            self.folder.mkdir(parents=True, exist_ok=True)
            if not (self.folder / "CACHEDIR.TAG").is_file():
                _write_whole(self.folder, self.folder / "CACHEDIR.TAG", CACHEDIR_TAG.encode("ascii"))
            _write_whole(self.folder, path, entry)
            _bound(self.folder, len(entry))
        except (OSError, ValueError):  # ValueError: a value JSON cannot carry (a NaN)
            return  # a read-only or full disk: the build goes on without keeping this result

    def remember_values(self, kind: str, inputs: Sequence[Any], compute: Callable[[list[int]], Sequence[Value]],
                        memo: Memo | None = None, code: Sequence[str] = ()) -> list[Value]:
        """Like :meth:`remember_each` for Gaslight's own values: ``inputs`` fingerprinted (``memo``: the models'
        hashes, kept while they are unchanged), results carried by :mod:`gaslight.valuecodec`, keyed also by
        :func:`code_digest` of the modules ``code`` (none: all of Gaslight). An input or result the codec cannot
        carry is computed every time.

        >>> import tempfile
        >>> cache = ResultCache(Path(tempfile.mkdtemp()) / CACHE_FOLDER)
        >>> cache.remember_values("demo", [(1, b"a")], lambda todo: [b"drawn"])
        [b'drawn']
        >>> cache.remember_values("demo", [(1, b"a")], lambda todo: [b"not called"])
        [b'drawn']
        """
        return self.begin_values(kind, inputs, lambda todo: _given(compute(todo)), memo, code)()

    def begin_values(self, kind: str, inputs: Sequence[Any], start: Callable[[list[int]], Begun],
                     memo: Memo | None = None, code: Sequence[str] = ()) -> Callable[[], list[Value]]:
        """:meth:`remember_values` in two halves: the kept results are read and ``start(indexes)`` begins the
        missing ones now; the function returned waits for them (the function ``start`` gave), keeps them and gives
        every result. The build draws printables so while MkDocs works (:meth:`BuildOutput.later`)."""
        if self.folder is None:
            begun = start(list(range(len(inputs))))
            return lambda: list(begun())
        folder = self.folder
        memo = {} if memo is None else memo
        keys: list[str | None] = []
        digest = code_digest(*sorted(set(code)))
        for item in inputs:
            try:
                keys.append(cache_key(kind, {"inputs": fingerprint(item, memo), "code": digest}, ()))
            except (Unencodable, RecursionError):
                keys.append(None)
        found: dict[int, Any] = {}
        for index, key in enumerate(keys):
            kept = None if key is None else _read(folder / f"{kind}-{key}.json", key)
            if kept is not None:
                with contextlib.suppress(CorruptValue, RecursionError):
                    found[index] = from_data(kept[0])
        todo = [index for index in range(len(inputs)) if index not in found]
        finish = start(todo) if todo else _given(())

        def finished() -> list[Value]:
            for index, value in zip(todo, finish(), strict=True):
                found[index] = value
                key = keys[index]
                if key is not None:
                    with contextlib.suppress(Unencodable, RecursionError):
                        self._keep(folder / f"{kind}-{key}.json", key, to_data(value))
            return [found[index] for index in range(len(inputs))]
        return finished


def _given(values: Sequence[Value]) -> Begun:
    """Values computed already, as a computation begun gives them."""
    return lambda: values


def _write_whole(folder: Path, path: Path, data: bytes) -> None:
    """``data`` at ``path``, written to a temporary file in ``folder`` and renamed into place."""
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; an entry is no secret
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


#: Entries this process found whole, by path: the key and the file's state after it was read (its size, times and
#: inode). An entry in the same state is not verified again (re-encoding a drawn sheet to hash it costs more than
#: reading it: the live preview reads the same entries on every save); any write, by anyone, changes the state.
_WHOLE: dict[Path, tuple[str, tuple[int, int, int, int]]] = {}


def _state(path: Path) -> tuple[int, int, int, int]:
    stat = path.stat()
    return stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino


def _read(path: Path, key: str) -> tuple[Any] | None:
    """The value kept at ``path`` (in a 1-tuple, as a value may be None), or None when missing or damaged."""
    try:
        state = _state(path)
        if state[0] > MAX_ENTRY_BYTES:  # not one of ours: never read it into memory
            return None
        entry = json.loads(path.read_bytes())
        value = entry["value"]
        whole = _WHOLE.get(path) == (key, state) or (
            entry["format"] == FORMAT and entry["key"] == key
            and entry["sha256"] == hashlib.sha256(canonical(value)).hexdigest())
    except (OSError, ValueError, KeyError, TypeError, RecursionError):  # RecursionError: nesting too deep
        return None
    if not whole:
        _WHOLE.pop(path, None)
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: trimmed last
        if len(_WHOLE) > 2 * MAX_ENTRIES:
            _WHOLE.clear()
        _WHOLE[path] = (key, _state(path))
    return (value,)


#: Per cache folder, the entries and bytes this process knows it holds: counted by the last :func:`trim`, added to
#: on each write. The folder is listed (12 ms for the showcase's 1,800 entries) only when a write would pass a bound,
#: not on every write; another build writing at once may take it past a bound until one of them lists it again.
_HELD: dict[Path, tuple[int, int]] = {}


def _bound(folder: Path, written: int) -> None:
    """Account for an entry of ``written`` bytes just written to ``folder``, trimming it when a bound is passed."""
    held = _HELD.get(folder)
    if held is None or held[0] + 1 > MAX_ENTRIES or held[1] + written > MAX_BYTES:
        _HELD[folder] = trim(folder)
    else:
        _HELD[folder] = (held[0] + 1, held[1] + written)


def trim(folder: Path, max_entries: int | None = None, max_bytes: int | None = None) -> tuple[int, int]:
    """Past ``max_entries`` or ``max_bytes`` (default :data:`MAX_ENTRIES`, :data:`MAX_BYTES`), remove the least
    recently used entries down to 7/8 of each, so the next writes have room; the entries and bytes left."""
    max_entries = MAX_ENTRIES if max_entries is None else max_entries
    max_bytes = MAX_BYTES if max_bytes is None else max_bytes
    entries = []
    for path in folder.glob(".tmp-*.part"):  # left by a build that was killed while writing
        with contextlib.suppress(OSError):
            if time.time() - path.stat().st_mtime > STALE_SECONDS:
                path.unlink()
    for path in folder.glob("*.json"):
        try:
            stat = path.stat()
        except OSError:
            continue  # removed by another build meanwhile
        entries.append((stat.st_mtime_ns, path.name, stat.st_size, path))
    entries.sort(reverse=True)
    if len(entries) > max_entries or sum(entry[2] for entry in entries) > max_bytes:
        max_entries, max_bytes = max_entries * 7 // 8, max_bytes * 7 // 8
    count = total = 0
    for _, _, size, path in entries:
        if count + 1 > max_entries or total + size > max_bytes:
            path.unlink(missing_ok=True)
        else:
            count, total = count + 1, total + size
    return count, total


#: Keeps nothing: every result is computed (``gaslight build --no-cache``, builds without a project folder, a
#: project whose ``gaslight.yaml`` says ``cache: false``). The live preview keeps results in the project's cache as
#: ``gaslight build`` does (:attr:`gaslight.serve.Preview.results`).
NO_CACHE = ResultCache(None)


#: ``from gaslight.x import y`` / ``import gaslight.x`` anywhere in a file (a lazy import inside a function counts
#: too). A module imported by a name in a text (a kind's loader, a build's contributors) is not followed: those
#: are run by the pipeline around a cached computation, not by it.
_OWN_IMPORT = re.compile(r"^[ \t]*from[ \t]+(?P<from>gaslight(?:\.\w+)*)[ \t]+import[ \t]+"
                         r"(?:\((?P<listed>[\w\s,#]*)\)|(?P<named>[\w \t,]*))"
                         r"|^[ \t]*import[ \t]+(?P<module>gaslight(?:\.\w+)*)", re.MULTILINE)


def _module_file(name: str) -> Path | None:
    """The package file of the module ``name`` (``gaslight.a.b``), or None when it names no module."""
    parts = name.split(".")[1:]
    for path in (PACKAGE_DIR.joinpath(*parts, "__init__.py"), PACKAGE_DIR.joinpath(*parts).with_suffix(".py")
                 if parts else PACKAGE_DIR / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imported(text: str) -> set[str]:
    """The modules of Gaslight a module's text imports, with their packages (importing ``gaslight.a.b`` runs
    ``gaslight/a/__init__.py``).

    >>> sorted(_imported("from gaslight.diagnostics import Report\\n    import gaslight.kinds"))
    ['gaslight', 'gaslight.diagnostics', 'gaslight.diagnostics.Report', 'gaslight.kinds']
    """
    found: set[str] = set()
    for match in _OWN_IMPORT.finditer(text):
        module = match["from"] or match["module"]
        found.add(module)
        names = match["listed"] or match["named"] or ""
        found.update(f"{module}.{item}" for item in re.findall(r"\w+", names))  # a submodule?
    return {".".join(m.split(".")[:n]) for m in found for n in range(1, m.count(".") + 2)}


@functools.cache
def module_closure(*roots: str) -> tuple[Path, ...]:
    """The package files the modules ``roots`` import, directly or not, themselves included, sorted: the
    Python code a result computed by them can depend on (an over-estimate: every lazy import counts).

    >>> [p.name for p in module_closure("gaslight.valuecodec")]
    ['__init__.py', 'valuecodec.py']
    """
    seen: dict[Path, None] = {}
    todo = [name for root in roots for name in _imported(f"import {root}")]
    while todo:
        path = _module_file(todo.pop())
        if path is None or path in seen:
            continue
        seen[path] = None
        todo += _imported(path.read_text(encoding="utf-8"))
    return tuple(sorted(seen, key=_code_name))


@functools.cache
def code_digest(*roots: str) -> str:
    """A digest of the code behind a result and of the libraries that draw and solve: a result computed by
    other code is computed again.

    With ``roots`` (module names), the code is what :func:`module_closure` finds for them, the package's data
    files (starters, theme, the solver's encoding) and, when they run the browser engine (the closure holds
    :mod:`gaslight.play.node`), the engine's files: an edit elsewhere keeps the entry. Without, or with a module
    that is not Gaslight's, it is all of Gaslight's package and engine files.

    >>> code_digest("gaslight.valuecodec") == code_digest("gaslight.valuecodec", "gaslight.valuecodec")
    True
    >>> code_digest("gaslight.valuecodec") != code_digest("gaslight.schema")
    True
    """
    digest = hashlib.sha256(__version__.encode())
    if roots and all(root == "gaslight" or root.startswith("gaslight.") for root in roots):
        sources = [*module_closure(*roots), *(p for p in _package_files() if p.suffix not in (".py", ".pyc"))]
        if PACKAGE_DIR / "play" / "node.py" in sources:
            sources += [p for p in (SITE_DIR / "engine").rglob("*") if p.is_file()]
    else:
        sources = list(_package_files())
        sources += [p for p in (SITE_DIR / "engine").rglob("*") if p.is_file()]
    for path in sorted(set(sources), key=_code_name):
        digest.update(_code_name(path).encode() + b"\0" + _file_digest(path))
    digest.update(_library_versions())
    return digest.hexdigest()


@functools.cache
def _package_files() -> tuple[Path, ...]:
    """Every file of the package outside its bundled data (listed once: a build keys some dozen kinds of result)."""
    return tuple(p for p in PACKAGE_DIR.rglob("*") if p.is_file() and _outside_data(p))


@functools.cache
def _file_digest(path: Path) -> bytes:
    """A code file's SHA-256, read once per process (the closures of the kinds of result share most files)."""
    return hashlib.sha256(path.read_bytes()).digest()


def forget_code() -> None:
    """Work the code digests out again from the files, as a new process would (after an edit to a code file)."""
    for memo in (code_digest, module_closure, _package_files, _file_digest):
        memo.cache_clear()


@functools.cache
def _library_versions() -> bytes:
    """The installed versions of :data:`LIBRARIES` (read once: each lookup scans the installed packages)."""
    versions = b""
    for name in LIBRARIES:
        with contextlib.suppress(importlib.metadata.PackageNotFoundError):
            versions += f"{name}={importlib.metadata.version(name)}\0".encode()
    return versions


def _outside_data(path: Path) -> bool:
    """Not a compiled file, nor the wheel's copy of ``site/`` and ``schemas/`` (``_data``)."""
    parts = path.relative_to(PACKAGE_DIR).parts
    return "__pycache__" not in parts and parts[0] != "_data"


_ACTIVE: ContextVar[tuple[ResultCache, Memo] | None] = ContextVar("gaslight_result_cache", default=None)


@contextlib.contextmanager
def using(cache: ResultCache, memo: Memo | None = None) -> Iterator[ResultCache]:
    """:func:`cached` and :func:`cached_each` inside the block read from and keep in ``cache``.

    The block's models are hashed once each (a deck drawn on three papers): edit no model inside it. ``memo``
    carries the hashes from block to block (the live preview's models that a save did not reload are the same
    objects, so they are not hashed again); a model must never change while a memo holds it.
    """
    token = _ACTIVE.set((cache, {} if memo is None else memo))
    try:
        yield cache
    finally:
        _ACTIVE.reset(token)


@contextlib.contextmanager
def unless_set(cache: ResultCache) -> Iterator[None]:
    """:func:`using` ``cache`` when no cache was chosen yet (a build that said ``--no-cache`` chose one):
    ``check`` and ``serve`` keep proofs and schema checks in the project's folder as a build does."""
    if _ACTIVE.get() is not None:
        yield
        return
    with using(cache):
        yield


def known_valid(schema: str, data: Any, check: Callable[[], bool]) -> bool:
    """``check()`` of ``data`` against the schema file ``schema``, or True when the running cache saw this data
    pass this schema (bytes of every schema, Gaslight's code and version in the key); errors are never kept,
    so they are reported every time.

    >>> known_valid("board.schema.json", {"id": "b"}, lambda: False)
    False
    """
    cache = (_ACTIVE.get() or (NO_CACHE, {}))[0]
    if cache.folder is None:
        return check()
    from gaslight.resources import SCHEMA_DIR

    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=lambda v: f"{type(v).__name__}:{v!r}")
    key = cache_key("valid", {"schema": schema, "schemas": _schemas_digest(SCHEMA_DIR),
                              "code": code_digest("gaslight.schema"),
                              "data": hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()}, ())
    path = cache.folder / f"valid-{key}.json"
    if _read(path, key) == (True,):
        return True
    valid = check()
    if valid:
        cache._keep(path, key, True)
    return valid


@functools.cache
def _schemas_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.json")):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def cached_each(kind: str, inputs: Sequence[Any], compute: Callable[[list[int]], Sequence[Value]],
                code: Sequence[str] | None = None) -> list[Value]:
    """The result for each of ``inputs`` from the running build's cache, ``compute(indexes)`` of the missing ones
    (in one call, so they still share the cores); outside :func:`using`, all computed.

    ``code``: the modules that compute it (with all they import, see :func:`code_digest`); by default the
    module that calls. An edit to any other part of Gaslight keeps the entries.

    >>> cached_each("demo", ["a", "b"], lambda todo: [f"computed {i}" for i in todo])
    ['computed 0', 'computed 1']
    """
    return begin_each(kind, inputs, lambda todo: _given(compute(todo)), code)()


def begin_each(kind: str, inputs: Sequence[Any], start: Callable[[list[int]], Begun],
               code: Sequence[str] | None = None) -> Callable[[], list[Value]]:
    """:func:`cached_each` in two halves (see :meth:`ResultCache.begin_values`): ``start(indexes)`` begins the missing
    results now; the function returned gives every result."""
    cache, memo = _ACTIVE.get() or (NO_CACHE, {})
    return cache.begin_values(kind, inputs, start, memo, _caller(code))


def cached(kind: str, inputs: Any, compute: Callable[[], Value], code: Sequence[str] | None = None) -> Value:
    """``compute()``, or the running build's kept result for ``inputs`` (see :func:`cached_each`)."""
    return cached_each(kind, [inputs], lambda _todo: [compute()], _caller(code))[0]


def _caller(code: Sequence[str] | None) -> Sequence[str]:
    """``code``, or the module of the first caller outside this one (all of Gaslight when it is not Gaslight's)."""
    if code is not None:
        return code
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back  # type: ignore[assignment]
    name = "" if frame is None else str(frame.f_globals.get("__name__", ""))
    return (name,) if name == "gaslight" or name.startswith("gaslight.") else ()
