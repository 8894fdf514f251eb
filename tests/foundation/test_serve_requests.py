"""``gaslight serve`` as a page of another site, a careless client or a stopped process would meet it: raw HTTP
requests to a running server (a fresh `gaslight init` project), each a reproduction of issue 32 §1."""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.foundation.helpers import free_port, new_project

BOARD = "boards/first-quarter.yaml"
HOST_REFUSED = "gaslight serve answers only its own address, not {!r}: open http://127.0.0.1:{}/ instead"
TOKEN_REFUSED = ("the board editor's requests need this run's token: reload the editor page (a page opened before "
                 "gaslight serve last started holds an old one)")


@dataclass
class Served:
    """A running `gaslight serve`: its port, project folder, scratch TMPDIR, process and the editor's token."""

    port: int
    root: Path
    tmp: Path
    process: subprocess.Popen[str]
    token: str | None = None

    def request(self, method: str, path: str, body: bytes | None = None, host: str | None = None,
                token: bool = True, **headers: str) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host if host is not None else f"127.0.0.1:{self.port}")
        if token and self.token is not None:
            connection.putheader("X-Gaslight-Token", self.token)
        for name, value in headers.items():
            connection.putheader(name.replace("_", "-"), value)
        if body is not None and "Content_Length" not in headers:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        try:
            return response.status, response.read()
        finally:
            connection.close()

    def api(self, method: str, action: str, payload: object = None, **kwargs: object) -> tuple[int, dict]:
        body = json.dumps(payload).encode() if payload is not None else None
        status, raw = self.request(method, f"/_gaslight/{action}", body, **kwargs)  # type: ignore[arg-type]
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, {"raw": raw.decode("utf-8", "replace")}


def start(root: Path, tmp: Path, dev_addr: str) -> subprocess.Popen[str]:
    tmp.mkdir(exist_ok=True)
    return subprocess.Popen([sys.executable, "-m", "gaslight", "serve", "--dev-addr", dev_addr], cwd=root,
                            env={**os.environ, "TMPDIR": str(tmp)}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def editor_token(port: int, host: str = "127.0.0.1") -> str | None:
    """This run's token, from the editor page the server sends (None when the page holds none)."""
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection(host, port, timeout=60)
            connection.request("GET", "/reference/board-editor.html")
            page = connection.getresponse().read().decode()
            if "gaslight-editor" in page:
                found = re.search(r'<meta name="gaslight-editor-token" content="([^"]+)">', page)
                return found[1] if found else None
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.3)
    raise AssertionError("the editor page never came")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("requests")
    root, port = new_project(folder), free_port()
    process = start(root, folder / "tmp", f"127.0.0.1:{port}")
    try:
        yield Served(port, root, folder / "tmp", process, editor_token(port))
    finally:
        process.terminate()
        process.wait(timeout=30)


def opened(served: Served, name: str = BOARD) -> dict:
    status, board = served.api("GET", f"board?file={name}")
    assert status == 200, board
    return board


def project_files_now(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_page_under_a_foreign_host_reads_and_writes_nothing(served: Served) -> None:
    """DNS rebinding: the attacker's name now points at 127.0.0.1, and its page sends its own Host and Origin."""
    before = project_files_now(served.root)
    host = f"attacker.example:{served.port}"
    refused = HOST_REFUSED.format(host, served.port)
    board = {"kind": "board", "id": "pwn", "title": "Pwned"}
    for method, action, payload in (("GET", "boards", None), ("GET", f"board?file={BOARD}", None),
                                    ("POST", "save", {"file": BOARD, "data": board}),
                                    ("POST", "save", {"file": "boards/new.yaml", "data": board})):
        assert served.api(method, action, payload, host=host, Origin=f"http://{host}") == (403, {"error": refused})
    for path in ("/", "/index.html", "/boards/first-quarter.html", "/livereload/0/0"):
        assert served.request("GET", path, host=host) == (403, refused.encode()), path
    assert project_files_now(served.root) == before


def test_every_editor_request_needs_the_token_of_this_run(served: Served) -> None:
    assert served.token is not None, "the editor page holds the token"
    for action in ("boards", f"board?file={BOARD}"):
        assert served.api("GET", action, token=False) == (403, {"error": TOKEN_REFUSED})
        assert served.api("GET", action, token=False, X_Gaslight_Token="x" * 43) == (403, {"error": TOKEN_REFUSED})
    assert served.api("POST", "save", {"file": "boards/t.yaml", "data": {}}, token=False) == (
        403, {"error": TOKEN_REFUSED})
    assert served.api("GET", "boards")[0] == 200
    other_page = served.request("GET", "/index.html")[1]
    assert b"gaslight-editor-token" not in other_page, "only the editor page holds the token"


def test_a_negative_content_length_does_not_get_past_the_size_bound(served: Served) -> None:
    board = opened(served)["data"]
    body = json.dumps({"file": "boards/huge.yaml", "data": {**board, "description": "x" * 6_000_000}}).encode()
    with socket.create_connection(("127.0.0.1", served.port), timeout=30) as sock:
        # the headers first: the answer must not wait for a body of unknown size (it used to read to the end)
        sock.sendall(f"POST /_gaslight/save HTTP/1.0\r\nHost: 127.0.0.1:{served.port}\r\nX-Gaslight-Token: "
                     f"{served.token}\r\nContent-Length: -1\r\n\r\n".encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        with contextlib.suppress(OSError):
            sock.sendall(body)
    assert answer.startswith(b"HTTP/1.0 400 "), answer[:200]
    assert answer.endswith(b'{"error": "send the request\'s size in bytes as its Content-Length (a whole number), '
                           b"not '-1'\"}")
    assert not (served.root / "boards" / "huge.yaml").exists()


@pytest.mark.parametrize(("body", "error"), [
    (b"[]", 'send the board as {"data": {...}}'),
    (b"null", 'send the board as {"data": {...}}'),
    (b"[" * 50_000 + b"]" * 50_000, "the request is nested more than 16 levels deep, which no board is"),
])
def test_a_body_that_is_not_a_board_gets_a_message_not_a_500(served: Served, body: bytes, error: str) -> None:
    for action in ("check", "save"):
        status, raw = served.request("POST", f"/_gaslight/{action}", body)
        assert (status, json.loads(raw)) == (400, {"error": error})


def test_a_new_board_whose_keys_hold_yaml_is_not_written(served: Served) -> None:
    """With `content: [.]` a key holding newlines wrote a workflow file; now nothing is written anywhere."""
    before = project_files_now(served.root)
    evil = {"kind": "board", "x\non: push\njobs: {pwn: {runs-on: x}}\n#": 1}
    for name in ("boards/evil.yaml", ".github/workflows/evil.yaml"):
        status, answer = served.api("POST", "save", {"file": name, "data": evil})
        assert status == 400, answer
    assert project_files_now(served.root) == before


def test_a_save_against_a_file_changed_on_disk_is_refused(served: Served) -> None:
    board = opened(served)
    path = served.root / BOARD
    on_disk = path.read_text(encoding="utf-8").replace("title: My board", "title: Edited by hand")
    path.write_text(on_disk, encoding="utf-8")
    status, answer = served.api("POST", "save", {"file": BOARD, "data": {**board["data"], "unit": "px"},
                                                 "version": board.get("version")})
    assert (status, answer["version"]) == (409, hashlib.sha256(on_disk.encode()).hexdigest())
    assert answer["error"].startswith("boards/first-quarter.yaml changed on disk after the editor opened it")
    assert path.read_text(encoding="utf-8") == on_disk, "the edit made on disk is still there"


def test_a_saved_board_keeps_its_permission_bits(served: Served) -> None:
    path = served.root / BOARD
    path.chmod(0o664)
    board = opened(served)
    status, answer = served.api("POST", "save", {"file": BOARD, "data": {**board["data"], "title": "Kept"},
                                                 "version": board.get("version")})
    assert status == 200, answer
    assert "title: Kept" in path.read_text(encoding="utf-8")
    assert stat.S_IMODE(path.stat().st_mode) == 0o664


def test_one_broken_board_leaves_the_list_working(served: Served) -> None:
    broken = served.root / "boards" / "half-written.yaml"
    broken.write_text("kind: board\nid: [unclosed\n", encoding="utf-8")
    try:
        status, found = served.api("GET", "boards")
        assert status == 200, found
        assert [b["file"] for b in found["boards"]] == ["boards/first-quarter.yaml", "boards/half-written.yaml"]
        assert found["boards"][1]["error"].startswith("half-written.yaml is not a board file: ")
    finally:
        broken.unlink()


def test_sigterm_removes_the_scratch_folder_as_ctrl_c_does(tmp_path: Path) -> None:
    root, port = new_project(tmp_path), free_port()
    process = start(root, tmp_path / "tmp", f"127.0.0.1:{port}")
    try:
        editor_token(port)  # built and serving
        assert [p.name[:15] for p in (tmp_path / "tmp").iterdir()] == ["gaslight-serve-"]
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert [p.name for p in (tmp_path / "tmp").iterdir() if p.name.startswith("gaslight-serve-")] == []


def test_a_dev_addr_other_machines_can_reach_warns_and_still_needs_the_token(tmp_path: Path) -> None:
    root, port = new_project(tmp_path), free_port()
    process = start(root, tmp_path / "tmp", f"0.0.0.0:{port}")
    try:
        token = editor_token(port)
        served = Served(port, root, tmp_path / "tmp", process, token)
        assert token is not None
        assert served.api("GET", "boards", token=False) == (403, {"error": TOKEN_REFUSED})
        assert served.api("GET", "boards")[0] == 200
        assert served.api("GET", "boards", host=f"attacker.example:{port}") == (
            403, {"error": HOST_REFUSED.format(f"attacker.example:{port}", port)})
    finally:
        process.terminate()
        output, _ = process.communicate(timeout=30)
    assert (f"WARNING -  gaslight serve listens on 0.0.0.0:{port}, where other machines can reach it: they can read "
            "the site, and the board editor still needs the token in its own page; use 127.0.0.1 to keep it to this "
            "machine") in output
