"""The board editor's requests (``/_gaslight/…``): structure-aware mutations, sent to ``gaslight serve``'s WSGI
function directly (no sockets) against a scratch project as ``gaslight init`` writes it.

Each input is one request as the editor page sends it, changed a little: its path, method and query; its headers
(``Host``, ``Origin``, the token, ``Content-Length``); its body (type confusion, huge and non-finite numbers, deep
nesting, unicode, keys holding YAML, broken JSON, a file name outside the boards, a stale or odd version), the
board data being a bundled board with values mutated as the scenario fuzzer mutates them. Classified:

* internal error: a 5xx answer, an answer that is not JSON, or a traceback in the log;
* a file written anywhere but a board folder (or a board written that does not read back) counts as internal too:
  the sample names it;
* hang: an answer slower than the package's bound.
"""

from __future__ import annotations

import copy
import io
import json
import logging
import random
import time
from pathlib import Path
from typing import Any

from gaslight.boardedit import read_board
from gaslight.commands.init import project_files
from gaslight.config import load_config
from gaslight.editor_api import EditorAccess, ServerAddress, editor_api
from gaslight.resources import BUNDLED_DIR

from benchmarks.fuzz import Outcome
from benchmarks.fuzz.scenarios import HOSTILE_VALUES, PROBES

NAME = "requests"
COUNT = 20_000  # 5,000 took 35 s on 2 processes: the whole class fits a run
PORT = 8000
TOKEN = "fuzz-token-0123456789"
ACCESS = EditorAccess(ServerAddress("127.0.0.1", PORT), TOKEN)
BOARD = "boards/first-quarter.yaml"
BOARDS = (BUNDLED_DIR / "boards" / "tutorial.yaml",)

HOSTS = (f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}", f"attacker.example:{PORT}", "127.0.0.1",
         f"127.0.0.1:{PORT + 1}", "", f"127.0.0.1.attacker.example:{PORT}", f"[::1:{PORT}", f"LOCALHOST:{PORT}",
         f"127.0.0.1:{PORT}\r\nX: y", f"ℓocalhost:{PORT}", f"127.0.0.1:0{PORT}", f"127.0.0.1:{PORT}:1")
ORIGINS = (None, "http://127.0.0.1:8000", "null", "https://elsewhere.example", "http://attacker.example:8000", "")
TOKENS = (TOKEN, None, "", TOKEN + " ", TOKEN.upper(), "x" * 10_000, "tökén", TOKEN[:-1])
LENGTHS = ("-1", "", "+5", "1e3", "0", "99999999999999999999", " 3", "0x10", "١٢", str(4 * 2**20 + 1))
FILES = (BOARD, "boards/new.yaml", "boards/Ünïcode.yaml", "../outside.yaml", "/etc/passwd", ".github/workflows/x.yaml",
         "boards/.hidden.yaml", "boards/a/b.yaml", "boards/new.yml", "boards/" + "x" * 300 + ".yaml", "", "boards/",
         "rules/foggy-nights.yaml", "gaslight.yaml", "boards/new.yaml\x00.txt", "boards\\new.yaml", "boards/con.yaml",
         "boards/ new.yaml", 7, None, ["boards/new.yaml"], {"file": BOARD})
ODD_KEYS = ("x\non: push\njobs: {}\n#", "a: b", "1", "", "kind", "<<", "? x", "- y", "ünï", "#c", "x" * 2000, "&a",
            "!!python/object:os.system", "circles\n", "id ")
EXTRA_VALUES: tuple[object, ...] = (10**300, -(10**30), 2**63, 1e-320, -0.0, "NaN", "\u202e\u0000", "\ud800", [None],
                                    {"": None}, "é" * 3000, [[1.5, 2.5]] * 2000)
RAW_BODIES = (b"", b"[]", b"null", b"0", b'"data"', b"{", b'{"data": NaN}', b'{"data": Infinity}',
              b'{"data": {"a": -Infinity}}', b'{"data": 1e999}', b"[" * 5000 + b"]" * 5000, b'{"data": {}}',
              b'{"data": {"kind": "board"}}', b"\xff\xfe{}", b'{"data": {"id": "\xff"}}', b'{"data": 1' + b"0" * 5000
              + b"}", b'{"data": {}, "data": []}', b"\x00" * 100)


def _paths(value: Any, limit: int = 12) -> list[tuple[Any, ...]]:
    """Every path into ``value`` down to ``limit`` levels (a deep value put in by one mutation is not walked)."""
    found: list[tuple[Any, ...]] = []
    stack: list[tuple[Any, tuple[Any, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        found.append(path)
        if len(path) >= limit:
            continue
        if isinstance(item, dict):
            stack.extend((child, (*path, key)) for key, child in item.items())
        elif isinstance(item, list):
            stack.extend((child, (*path, index)) for index, child in enumerate(item))
    return found


def _deep(rng: random.Random) -> object:
    value: object = 1
    for _ in range(rng.choice((10, 17, 30, 200))):  # deeper still: RAW_BODIES
        value = [value] if rng.random() < 0.5 else {"a": value}
    return value


def mutate_data(rng: random.Random, data: dict[str, Any]) -> object:
    """Board data with a few values, keys or types changed."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(0, 3)):
        paths = [p for p in _paths(data) if p]
        path = rng.choice(paths)
        parent: Any = data
        for part in path[:-1]:
            parent = parent[part]
        action = rng.random()
        if action < 0.15 and isinstance(parent, dict):
            del parent[path[-1]]
        elif action < 0.3 and isinstance(parent, dict):
            parent[rng.choice(ODD_KEYS)] = parent.pop(path[-1])
        elif action < 0.4:
            parent[path[-1]] = _deep(rng)
        elif action < 0.5 and isinstance(parent, list):
            parent.extend(copy.deepcopy(parent[: rng.randint(0, len(parent))]))  # duplicates
        else:
            # A copy: the shared list or dict itself, once edited by a later mutation, could come to hold itself.
            parent[path[-1]] = copy.deepcopy(rng.choice((*HOSTILE_VALUES, *EXTRA_VALUES, *PROBES)))
    roll = rng.random()
    if roll < 0.04:
        return rng.choice(([], None, "board", 3, [data], True))
    return data


def mutate_text(rng: random.Random, text: str) -> str:
    """Broken JSON: cut, a character in or out."""
    at = rng.randint(0, len(text))
    return rng.choice((text[:at], text[:at] + rng.choice("{}[]\",:\\\x00é") + text[at:], text[:at] + text[at + 1:]))


def request(rng: random.Random, data: dict[str, Any], version: str) -> tuple[dict[str, Any], str]:
    """One editor request, mutated; (its WSGI environ, a sample to reproduce it)."""
    kind = rng.choice(("boards", "board", "check", "check", "save", "save", "save", "other"))
    method = "GET" if kind in ("boards", "board") else "POST"
    path, query, body = f"/_gaslight/{kind}", "", b""
    if kind == "board":
        named = [f for f in FILES if isinstance(f, str)]
        query = f"file={rng.choice(named)}" if rng.random() < 0.5 else f"file={BOARD}"
    elif kind == "other":
        path = rng.choice(("/_gaslight/", "/_gaslight/save/../boards", "/_gaslight/%00", "/_gaslight/boards/x",
                           "/_gaslight/" + "é" * 50, "/_gaslight/check?x=1"))
        method = rng.choice(("GET", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", ""))
    if method == "POST" or rng.random() < 0.1:
        payload: dict[str, Any] = {"data": mutate_data(rng, data) if rng.random() < 0.8 else data}
        if kind == "save":
            payload["file"] = rng.choice(FILES) if rng.random() < 0.5 else rng.choice((BOARD, "boards/new.yaml"))
            payload["version"] = rng.choice((version, version, None, "0" * 64, 5, [version], ""))
        if rng.random() < 0.05:
            payload[rng.choice(ODD_KEYS)] = copy.deepcopy(rng.choice(HOSTILE_VALUES))
        text = json.dumps(payload, ensure_ascii=rng.random() < 0.5, allow_nan=True)
        roll = rng.random()
        text = mutate_text(rng, text) if 0.06 <= roll < 0.16 else text
        body = rng.choice(RAW_BODIES) if roll < 0.06 else text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.04:
        method = rng.choice(("GET", "POST"))
    environ: dict[str, Any] = {
        "PATH_INFO": path, "REQUEST_METHOD": method, "QUERY_STRING": query,
        "HTTP_HOST": HOSTS[0] if rng.random() < 0.93 else rng.choice(HOSTS),
        "CONTENT_LENGTH": str(len(body)) if rng.random() < 0.9 else rng.choice(
            (*LENGTHS, str(len(body) + 7), str(max(0, len(body) - 3)))),
        "wsgi.input": io.BytesIO(body)}
    origin = rng.choice(ORIGINS) if rng.random() < 0.15 else None
    if origin is not None:
        environ["HTTP_ORIGIN"] = origin
    token = TOKEN if rng.random() < 0.93 else rng.choice(TOKENS)
    if token is not None:
        environ["HTTP_X_GASLIGHT_TOKEN"] = token
    sample = (f"{method} {path}?{query} Host={environ['HTTP_HOST']!r} Origin={origin!r} token={str(token)[:20]!r} "
              f"Content-Length={environ['CONTENT_LENGTH']!r} body={body[:240]!r}")
    return environ, sample


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def written_outside_boards(before: dict[str, bytes], after: dict[str, bytes]) -> list[str]:
    """Files created or changed anywhere but ``boards/`` (or a board that does not read back as a board)."""
    changed = [name for name in after if before.get(name) != after[name]] + [n for n in before if n not in after]
    return [name for name in changed if not (name.startswith("boards/") and name.count("/") == 1
                                             and name.endswith(".yaml"))]


class _Captured(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


def send(root: Path, environ: dict[str, Any]) -> tuple[int, bytes, str, float]:
    """Send one request to the editor's WSGI function for the project at ``root``: (status, body, log, seconds)."""
    config, report = load_config(root / "gaslight.yaml")
    assert config is not None, report.format_text()
    status: list[str] = []
    captured = _Captured()
    logger = logging.getLogger("gaslight.serve")
    logger.addHandler(captured)
    start = time.perf_counter()
    try:
        body = b"".join(editor_api(config, environ, lambda code, headers: status.append(code), ACCESS))
    except Exception as error:  # the fuzzer classifies it
        import traceback

        return 500, b"", "Traceback (most recent call last):\n" + "".join(traceback.format_exception(error)), 0.0
    finally:
        logger.removeHandler(captured)
    return int(status[0].split()[0]), body, "\n".join(captured.lines), time.perf_counter() - start


def new_project(workdir: Path) -> Path:
    root = workdir / "game"
    for path, text in project_files(root, "Fuzz").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def one(rng: random.Random, workdir: Path) -> Outcome:
    """One mutated editor request against a fresh scratch project in ``workdir``."""
    import hashlib

    root = new_project(workdir)
    source = rng.choice((root / BOARD, *BOARDS))
    data = read_board(source)
    version = hashlib.sha256((root / BOARD).read_bytes()).hexdigest()
    environ, sample = request(rng, data, version)
    before = snapshot(root)
    code, body, logged, seconds = send(root, environ)
    after = snapshot(root)
    outside = written_outside_boards(before, after)
    try:
        json.loads(body)
        not_json = False
    except ValueError:
        not_json = True
    internal = code >= 500 or not_json or "Traceback (most recent call last)" in logged or bool(outside)
    if outside:
        sample = f"wrote outside the boards: {outside}; {sample}"
    return Outcome(NAME, environ["PATH_INFO"], code, seconds, (), internal, sample + f" → {code} {body[:200]!r}")
