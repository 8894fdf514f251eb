"""The board editor's requests to ``gaslight serve`` (``/_gaslight/…``), and who may send them.

A request is answered only when

1. its ``Host`` names this server: a loopback name (``localhost``, ``127.0.0.1``, ``[::1]``) or the address it
   was started on, with its port (a page of another site whose name was rebound to this machine's address
   sends its own name, and is refused); a server bound to every address (``0.0.0.0``) also answers any IP
   address, which no other site's name can stand for;
2. its ``Origin``, when it has one, is this server;
3. it carries this run's token (``X-Gaslight-Token``), which only the editor page the server itself sends
   holds (in ``<meta name="gaslight-editor-token">``); a new token is made each time the server starts.

Requests: ``boards`` (GET, every board file of the project), ``board?file=`` (GET, one board with its
``version``, a hash of its bytes), ``check`` and ``save`` (POST JSON). A save names the version it loaded and
is refused (409) when the file changed on disk since; a new board is written only after it passes the board
schema and loader, and only right in a folder that holds the project's boards. Checks and saves run in a
process of their own (:mod:`gaslight.editor_worker`), stopped at a time bound.

>>> address = ServerAddress("127.0.0.1", 8000)
>>> [address.answers(host) for host in ("localhost:8000", "[::1]:8000", "attacker.example:8000", "127.0.0.1:80")]
[True, True, False, False]
>>> ServerAddress("0.0.0.0", 8000).answers("192.168.1.20:8000"), ServerAddress("0.0.0.0", 8000).answers("a.b:8000")
(True, False)
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import logging
import multiprocessing
import re
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from gaslight import boardedit
from gaslight.config import ProjectConfig
from gaslight.editor_worker import Task, work
from gaslight.errors import UserError
from gaslight.files import write_whole
from gaslight.limits import Deadline, TimeLimitReached

log = logging.getLogger("gaslight.serve")

EDITOR_API = "/_gaslight/"
TOKEN_HEADER = "X-Gaslight-Token"
TOKEN_META = "gaslight-editor-token"
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]"})
WILDCARDS = frozenset({"", "0.0.0.0", "::", "[::]"})
#: The toolkit's check of a board while it is edited stops here (the page's own checks go on).
CHECK_SECONDS = 8.0
#: Writing a board file (an edit keeps every comment, which is slow on a large file) stops here.
SAVE_SECONDS = 60.0
#: A board is a few levels deep (districts → area → point → number); deeper JSON is not a board.
MAX_DEPTH = 16

HOST_REFUSED = "gaslight serve answers only its own address, not {host!r}: open {url} instead"
ORIGIN_REFUSED = "the board editor only answers pages of this server"
TOKEN_REFUSED = ("the board editor's requests need this run's token: reload the editor page (a page opened before "
                 "gaslight serve last started holds an old one)")
LENGTH_REFUSED = "send the request's size in bytes as its Content-Length (a whole number), not {length!r}"
TOO_LARGE = f"the board is larger than the editor takes ({boardedit.MAX_BOARD_BYTES // 2**20} MB)"
SHORT_BODY = "the request ended after {got} of the {size} bytes its Content-Length announced"
NOT_A_BOARD = 'send the board as {"data": {...}}'
TOO_DEEP = f"the request is nested more than {MAX_DEPTH} levels deep, which no board is"
CONFLICT = ("{name} changed on disk after the editor opened it, so your board was not saved (it is still in the "
            "page): reload it from disk to see the file as it is now, or overwrite the file with your board")
NO_VERSION = ('send the version of {name} the editor opened ("version" from the board request), so that a file '
              "changed on disk is never overwritten unseen")
NOT_WRITTEN = ("nothing written: {name} would not be a board file gaslight check loads ({count} error{s}); "
               "fix {them} first")
NOT_SHAPED = "nothing written: {name} would not be a board file ({count} error{s}); fix {them} first"
SAVE_STOPPED = "nothing written: writing {name} took longer than {seconds:g} s; edit a board this large as text"
CHECK_STOPPED = ("the toolkit's check of this board stopped after {seconds:g} s (a board this large or this tangled "
                 "takes longer); the problems listed are the page's own checks: run `gaslight check` for every one")


@dataclass(frozen=True)
class ServerAddress:
    """The address ``gaslight serve`` listens on: its host as given (``127.0.0.1``, ``::1``, ``0.0.0.0``,
    a name) and its port."""

    host: str
    port: int

    @property
    def loopback(self) -> bool:
        """True when only this machine can reach the server."""
        if self.host.strip("[]") == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host.strip("[]")).is_loopback
        except ValueError:
            return False

    @property
    def url(self) -> str:
        """The address to open in a browser."""
        bound = self.host.strip("[]")
        if self.loopback or bound in WILDCARDS:
            return f"http://127.0.0.1:{self.port}/"
        return f"http://[{bound}]:{self.port}/" if ":" in bound else f"http://{bound}:{self.port}/"

    def answers(self, host: str) -> bool:
        """True when a request with this ``Host`` header is for this server (see the module's description)."""
        found = re.fullmatch(r"(?P<name>\[[0-9A-Fa-f:.]+\]|[^:\[\]]+)(?::(?P<port>\d{1,5}))?", host.strip())
        if found is None or int(found["port"] or 80) != self.port:
            return False
        name = found["name"].lower()
        bound = self.host.strip("[]").lower()
        if name in LOOPBACK_NAMES or name.strip("[]") == bound:
            return True
        if bound in WILDCARDS:
            try:
                ipaddress.ip_address(name.strip("[]"))
            except ValueError:
                return False
            return True
        return False

    def refusal(self, environ: dict[str, Any]) -> str | None:
        """Why a request is not for this server (None: it is)."""
        host = str(environ.get("HTTP_HOST", ""))
        return None if self.answers(host) else HOST_REFUSED.format(host=host, url=self.url)


@dataclass(frozen=True)
class EditorAccess:
    """Who may use the editor's requests in one run of the server: requests for its address, with its token."""

    address: ServerAddress
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32), repr=False)

    def page(self, content: bytes) -> bytes:
        """The editor page as this server sends it: with the token in a ``<meta>`` of its head.

        >>> EditorAccess(ServerAddress("127.0.0.1", 8000), "abc").page(b"<html><head><title>x</title>")
        b'<html><head><meta name="gaslight-editor-token" content="abc"><title>x</title>'
        """
        meta = f'<meta name="{TOKEN_META}" content="{self.token}">'.encode()
        head = re.search(rb"<head[^>]*>", content)
        at = head.end() if head else 0
        return content[:at] + meta + content[at:]

    def refusal(self, environ: dict[str, Any]) -> tuple[str, str] | None:
        """The status and message refusing an editor request, or None when it may be answered."""
        host_refused = self.address.refusal(environ)
        if host_refused is not None:
            return "403 Forbidden", host_refused
        origin = environ.get("HTTP_ORIGIN")
        if origin is not None and origin != f"http://{environ.get('HTTP_HOST', '')}":
            return "403 Forbidden", ORIGIN_REFUSED
        sent = str(environ.get("HTTP_X_GASLIGHT_TOKEN", ""))
        if not hmac.compare_digest(sent.encode("utf-8", "surrogateescape"), self.token.encode()):
            return "403 Forbidden", TOKEN_REFUSED
        return None


def is_editor_page(content: bytes) -> bool:
    """True for the page that mounts the board editor."""
    return b'id="gaslight-editor"' in content


class Refused(Exception):
    """A request answered with an error status and a message (and more for the page, such as problems)."""

    def __init__(self, status: str, message: str, **more: Any) -> None:
        super().__init__(message)
        self.status, self.message, self.more = status, message, more


def _depth_within(value: Any, limit: int) -> bool:
    """True when ``value`` is nested at most ``limit`` levels deep (no recursion: the value may be hostile)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return False
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return True


def _refuse_constant(name: str) -> float:
    raise Refused("400 Bad Request", f"the request holds {name}, which is not a number a board can hold")


def read_json(environ: dict[str, Any]) -> dict[str, Any]:
    """The JSON object a POST request sends, read within the size the editor takes; :class:`Refused` otherwise."""
    length = str(environ.get("CONTENT_LENGTH") or "")
    if not (length.isascii() and length.isdigit()):
        raise Refused("411 Length Required" if not length else "400 Bad Request", LENGTH_REFUSED.format(length=length))
    size = int(length)
    if size > boardedit.MAX_BOARD_BYTES:
        raise Refused("413 Payload Too Large", TOO_LARGE)
    body = environ["wsgi.input"].read(size) if size else b""
    if len(body) != size:
        raise Refused("400 Bad Request", SHORT_BODY.format(got=len(body), size=size))
    try:
        request = json.loads(body or b"{}", parse_constant=_refuse_constant)
    except RecursionError:
        raise Refused("400 Bad Request", TOO_DEEP) from None
    except UnicodeDecodeError as error:
        raise Refused("400 Bad Request", f"the request is not UTF-8 text ({error.reason})") from None
    except json.JSONDecodeError as error:
        raise Refused("400 Bad Request", f"the request is not JSON: {error.msg} (line {error.lineno} column "
                                         f"{error.colno})") from None
    except ValueError as error:  # an integer of thousands of digits
        raise Refused("400 Bad Request", f"the request could not be read: {error}") from None
    if not _depth_within(request, MAX_DEPTH):
        raise Refused("400 Bad Request", TOO_DEEP)
    try:  # JSON may escape half a surrogate pair ("\ud800"), which no file can hold
        json.dumps(request, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as error:
        raise Refused("400 Bad Request", f"the request holds {error.object[error.start:error.end]!r}, half of a "
                                         "UTF-16 pair, which is not text") from None
    if not isinstance(request, dict) or not isinstance(request.get("data"), dict):
        raise Refused("400 Bad Request", NOT_A_BOARD)
    return request


_CONTEXT: list[Any] = []
_SAVING = threading.Lock()  # one save at a time: the version is compared and the file written as one step


def _context() -> Any:
    """Where checks are forked from: a clean, warm process (forkserver) where the system has one."""
    if not _CONTEXT:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if "forkserver" in methods:
            context.set_forkserver_preload(["gaslight.editor_warm"])
        _CONTEXT.append(context)
    return _CONTEXT[0]


def run_bounded(task: Task, seconds: float) -> Iterator[tuple[Any, ...]]:
    """The steps of ``task`` (see :mod:`gaslight.editor_worker`) as its process sends them; raises
    :class:`TimeLimitReached` when the next step does not come within ``seconds`` of the start."""
    deadline = Deadline(seconds)
    context = _context()
    mine, theirs = context.Pipe(duplex=False)
    process = context.Process(target=work, args=(theirs, task), daemon=True)
    process.start()
    theirs.close()
    try:
        while True:
            if not mine.poll(deadline.remaining()):
                raise TimeLimitReached(seconds)
            try:
                step = mine.recv()
            except EOFError:
                return
            if step[0] == "failed":
                raise RuntimeError(f"the editor's worker failed:\n{step[1]}")
            yield step
    finally:
        mine.close()
        if process.is_alive():
            process.kill()
        process.join()


def _plural(count: int) -> dict[str, Any]:
    return {"count": count, "s": "s" * (count != 1), "them": "it" if count == 1 else "them"}


def check(data: dict[str, Any], name: str = "board.yaml") -> dict[str, Any]:
    """The answer to a check: ``problems``, and ``stopped`` (a message) when the check ran out of time."""
    problems: list[dict[str, Any]] = []
    try:
        with closing(run_bounded(Task(data, name), CHECK_SECONDS)) as steps:
            for step in steps:
                problems = step[-1]
                if step[0] == "board":
                    return {"problems": problems}
    except TimeLimitReached:
        pass
    return {"problems": problems, "stopped": CHECK_STOPPED.format(seconds=CHECK_SECONDS)}


def save(config: ProjectConfig, request: dict[str, Any]) -> dict[str, Any]:
    """Save the board a request sends (see the module's description); :class:`Refused` when it is not saved."""
    data, name, version = request["data"], request.get("file"), request.get("version")
    if not isinstance(name, str) or data.get("kind") != "board":
        raise Refused("400 Bad Request", 'the editor saves boards: send {"file": "boards/NAME.yaml", "data": '
                                         '{"kind": "board", ...}, "version": ...}')
    with _SAVING:
        boards = boardedit.project_boards(config)
        target = boards.get(name)
        original: str | None = None
        if target is not None:
            if not isinstance(version, str):
                raise Refused("400 Bad Request", NO_VERSION.format(name=name))
            raw = boardedit.board_bytes(target)
            if boardedit.board_version(raw) != version:
                raise Refused("409 Conflict", CONFLICT.format(name=name), version=boardedit.board_version(raw))
            original = raw.decode("utf-8", "replace")
        else:
            target = boardedit.new_board_path(config, name, boards)
        task = Task(data, name, save=True, original=original,
                    first_line=boardedit.modeline(target, config.root) if original is None else "")
        return _write(target, name, task, version)


def _write(target: Path, name: str, task: Task, version: str | None) -> dict[str, Any]:
    """Run a save's task; write its text once it comes (the file unchanged since ``version``)."""
    problems: list[dict[str, Any]] = []
    written: str | None = None
    try:
        with closing(run_bounded(task, SAVE_SECONDS)) as steps:
            for step in steps:
                if step[0] == "load":
                    problems = step[-1]
                    errors = sum(p["severity"] == "error" for p in problems)
                    if task.original is None and not step[2]:
                        raise Refused("400 Bad Request", NOT_WRITTEN.format(name=name, **_plural(errors)),
                                      problems=problems)
                    if task.original is not None and not step[1]:
                        raise Refused("400 Bad Request", NOT_SHAPED.format(name=name, **_plural(errors)),
                                      problems=problems)
                elif step[0] == "text":
                    now = _bytes_or_none(target) if task.original is not None else None
                    if task.original is not None and (now is None or boardedit.board_version(now) != version):
                        raise Refused("409 Conflict", CONFLICT.format(name=name),
                                      version=boardedit.board_version(now) if now is not None else None)
                    if task.original is None and target.exists():
                        raise UserError(f"{name} already exists; open it to edit it")
                    write_whole(target, step[1])
                    written = boardedit.board_version(step[1].encode("utf-8"))
                else:
                    return {"saved": name, "version": written, "problems": step[1]}
    except TimeLimitReached:
        if written is None:
            raise Refused("413 Payload Too Large", SAVE_STOPPED.format(name=name, seconds=SAVE_SECONDS)) from None
    return {"saved": name, "version": written, "problems": problems,
            "stopped": CHECK_STOPPED.format(seconds=SAVE_SECONDS)}


def _bytes_or_none(path: Path) -> bytes | None:
    try:
        return boardedit.board_bytes(path)
    except FileNotFoundError:
        return None


def list_boards(config: ProjectConfig) -> list[dict[str, Any]]:
    """Every board file of the project, with its id and title; a file that cannot be opened says why."""
    listed = []
    for name, path in sorted(boardedit.project_boards(config).items()):
        try:
            data = boardedit.read_board(path)
        except (UserError, OSError) as error:
            listed.append({"file": name, "error": str(error)})
            continue
        listed.append({"file": name, **{k: str(v) for k, v in data.items() if k in ("id", "title")}})
    return listed


def open_board(config: ProjectConfig, name: str) -> dict[str, Any]:
    """One board file's data and version; :class:`Refused` when it is not one of the project's boards."""
    boards = boardedit.project_boards(config)
    if name not in boards:
        raise Refused("404 Not Found", f"{name!r} is not a board file of this project")
    raw = boardedit.board_bytes(boards[name])
    return {"file": name, "data": boardedit.board_data(raw, name), "version": boardedit.board_version(raw)}


Answer = Callable[[str, object], list[bytes]]


def editor_api(config: ProjectConfig, environ: dict[str, Any], start_response: Any,
               access: EditorAccess) -> list[bytes]:
    """Answer one of the board editor's requests (a WSGI application for the paths under :data:`EDITOR_API`)."""

    def answer(status: str, payload: object) -> list[bytes]:
        start_response(status, [("Content-Type", "application/json"), ("Cache-Control", "no-store")])
        return [json.dumps(payload, ensure_ascii=False, default=str).encode()]

    refused = access.refusal(environ)
    if refused is not None:
        return answer(refused[0], {"error": refused[1]})
    action = str(environ.get("PATH_INFO", ""))[len(EDITOR_API):]
    method = environ.get("REQUEST_METHOD", "GET")
    try:
        if action == "boards" and method == "GET":
            return answer("200 OK", {"boards": list_boards(config)})
        if action == "board" and method == "GET":
            name = parse_qs(str(environ.get("QUERY_STRING", ""))).get("file", [""])[0]
            return answer("200 OK", open_board(config, name))
        if action == "check" and method == "POST":
            request = read_json(environ)
            return answer("200 OK", check(request["data"]))
        if action == "save" and method == "POST":
            return answer("200 OK", save(config, read_json(environ)))
        return answer("404 Not Found", {"error": f"no editor request {method} {action}"})
    except Refused as refusal:
        return answer(refusal.status, {"error": refusal.message, **refusal.more})
    except UserError as error:
        return answer("400 Bad Request", {"error": str(error)})
    except FileNotFoundError as error:
        return answer("404 Not Found", {"error": f"{error.filename} is gone: it was moved or deleted"})
    except OSError as error:
        return answer("500 Internal Server Error", {"error": f"the board file could not be read or written: {error}"})
    except RuntimeError as error:  # a bug in a check or save: logged with its traceback
        log.error("%s", error)
        return answer("500 Internal Server Error", {"error": "internal error: the check or save failed (the "
                                                             "terminal running gaslight serve shows why)"})
