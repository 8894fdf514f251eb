"""What the board editor asks of ``gaslight serve``: checks as ``gaslight check`` makes them, saving that keeps a
file's comments and untouched lines, and requests only from the server's own pages, only for the project's boards."""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import time
from pathlib import Path

import pytest
from gaslight.boardedit import MODELINE, check_data, read_board, saved_text
from gaslight.commands.init import project_files
from gaslight.config import load_config
from gaslight.editor_api import EditorAccess, ServerAddress, editor_api
from gaslight.resources import BUNDLED_DIR

TUTORIAL = BUNDLED_DIR / "boards" / "tutorial.yaml"


def test_saving_an_unchanged_board_gives_back_the_same_bytes() -> None:
    for path in sorted((BUNDLED_DIR / "boards").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert saved_text(text, read_board(path)) == text


def test_a_change_edits_the_file_in_place_and_keeps_every_comment() -> None:
    text = TUTORIAL.read_text(encoding="utf-8")
    data = read_board(TUTORIAL)
    data["circles"] = [{**c, "at": [64.0, 33.0]} if c["number"] == 1 else c for c in data["circles"]]
    data["circles"].append({"number": 39, "at": [300.0, 230.0]})
    data["segments"] = [s for s in data["segments"] if s not in (["k1", 7], [7, "k7"])]
    after = saved_text(text, data)
    removed = [line for line in text.splitlines() if line not in after.splitlines()]
    added = [line for line in after.splitlines() if line not in text.splitlines()]
    assert removed == ["  - {number: 1, at: [63.3, 32.0], flags: [red]}", "  - [k1, 7]", "  - [7, k7]"]
    assert added == ["  - {number: 1, at: [64.0, 33.0], flags: [red]}", "  - {number: 39, at: [300.0, 230.0]}"]
    assert [line for line in after.splitlines() if line.startswith("#")] == [
        line for line in text.splitlines() if line.startswith("#")]


def test_the_editor_checks_are_gaslight_checks() -> None:
    data = read_board(TUTORIAL)
    assert check_data(data) == []
    moved = {**data, "circles": [{**c, "at": [93.0, 26.0]} if c["number"] == 2 else c for c in data["circles"]]}
    assert [p["message"] for p in check_data(moved)] == [
        "segments 1–k2 and 2–3 cross at (95.75, 26.39)", "segments 2–3 and k2–8 cross at (98.11, 26.73)"]
    assert [[round(v, 2) for v in p["point"]] for p in check_data(moved)] == [[95.75, 26.39], [98.11, 26.73]]


@pytest.fixture
def config(tmp_path: Path):  # type: ignore[no-untyped-def]
    root = tmp_path / "game"
    for path, text in project_files(root, "Editing").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    found, report = load_config(root / "gaslight.yaml")
    assert found is not None, report.format_text()
    return found


ACCESS = EditorAccess(ServerAddress("127.0.0.1", 8000), "the-token")
BOARD = "boards/first-quarter.yaml"


def ask(config, method: str, action: str, body: object = None, origin: str | None = None,  # type: ignore[no-untyped-def]
        query: str = "", host: str = "127.0.0.1:8000", token: str | None = "the-token",
        raw: bytes | None = None, length: str | None = None) -> tuple[str, dict]:
    """One editor request through the WSGI function, as the editor page sends it (the right Host and token)."""
    raw = raw if raw is not None else json.dumps(body).encode() if body is not None else b""
    environ = {"PATH_INFO": f"/_gaslight/{action}", "REQUEST_METHOD": method, "QUERY_STRING": query,
               "HTTP_HOST": host, "CONTENT_LENGTH": str(len(raw)) if length is None else length,
               "wsgi.input": io.BytesIO(raw)}
    if origin is not None:
        environ["HTTP_ORIGIN"] = origin
    if token is not None:
        environ["HTTP_X_GASLIGHT_TOKEN"] = token
    status: list[str] = []
    answer = editor_api(config, environ, lambda code, headers: status.append(code), ACCESS)
    return status[0], json.loads(b"".join(answer))


def opened(config) -> dict:  # type: ignore[no-untyped-def]
    status, board = ask(config, "GET", "board", query=f"file={BOARD}")
    assert status == "200 OK", board
    return board


def test_the_api_lists_opens_checks_and_saves_the_projects_boards(config) -> None:  # type: ignore[no-untyped-def]
    status, found = ask(config, "GET", "boards")
    assert (status, found) == ("200 OK", {"boards": [{"file": BOARD, "id": "first-quarter", "title": "My board"}]})
    board = opened(config)
    raw = (config.root / BOARD).read_bytes()
    assert board["data"]["kind"] == "board" and board["version"] == hashlib.sha256(raw).hexdigest()
    assert ask(config, "POST", "check", {"data": board["data"]}) == ("200 OK", {"problems": []})
    data = {**board["data"], "title": "Renamed"}
    status, saved = ask(config, "POST", "save", {"file": BOARD, "data": data, "version": board["version"]},
                        origin="http://127.0.0.1:8000")
    assert (status, saved["saved"], saved["problems"]) == ("200 OK", BOARD, [])
    text = (config.root / BOARD).read_bytes()
    assert b"title: Renamed\n" in text and saved["version"] == hashlib.sha256(text).hexdigest()


def test_the_api_refuses_other_sites_other_files_and_places_outside_the_project(config) -> None:  # type: ignore[no-untyped-def]
    board = opened(config)
    assert ask(config, "POST", "save", {"file": BOARD, "data": board["data"], "version": board["version"]},
               origin="https://elsewhere.example") == (
        "403 Forbidden", {"error": "the board editor only answers pages of this server"})
    assert ask(config, "GET", "board", query="file=gaslight.yaml") == (
        "404 Not Found", {"error": "'gaslight.yaml' is not a board file of this project"})
    where = ("a new board goes in a folder that holds the project's boards (boards/), as a NAME.yaml file (up to 100 "
             "letters, digits, - and _), not {!r}")
    for name in ("../outside.yaml", "/etc/board.yaml", "boards/notes.txt", "rules/foggy-nights.yaml",
                 ".github/workflows/board.yaml", "boards/.hidden.yaml", "boards/deeper/x.yaml", "board.yaml",
                 "boards/" + "x" * 300 + ".yaml"):
        assert ask(config, "POST", "save", {"file": name, "data": board["data"]}) == (
            "400 Bad Request", {"error": where.format(name)}), name
    assert not (config.root.parent / "outside.yaml").exists()
    assert not (config.root / ".github" / "workflows" / "board.yaml").exists()
    assert ask(config, "POST", "check", {"data": "not a board"}) == (
        "400 Bad Request", {"error": 'send the board as {"data": {...}}'})


HOST_REFUSED = "gaslight serve answers only its own address, not {!r}: open http://127.0.0.1:8000/ instead"
TOKEN_REFUSED = ("the board editor's requests need this run's token: reload the editor page (a page opened before "
                 "gaslight serve last started holds an old one)")


def test_a_foreign_host_or_a_missing_token_is_refused_before_anything_is_read(config) -> None:  # type: ignore[no-untyped-def]
    board = opened(config)
    before = (config.root / BOARD).read_bytes()
    save = {"file": BOARD, "data": {**board["data"], "title": "Pwned"}, "version": board["version"]}
    for host in ("attacker.example:8000", "127.0.0.1.attacker.example:8000", "localhost:8001", "127.0.0.1", ""):
        refused = ("403 Forbidden", {"error": HOST_REFUSED.format(host)})
        origin = f"http://{host}"  # the rebound page's own origin: it matches the Host it sends
        assert ask(config, "GET", "boards", host=host, origin=origin) == refused
        assert ask(config, "GET", "board", query=f"file={BOARD}", host=host, origin=origin) == refused
        assert ask(config, "POST", "save", save, host=host, origin=origin) == refused
    for token in (None, "", "the-token ", "THE-TOKEN"):
        assert ask(config, "GET", "boards", token=token) == ("403 Forbidden", {"error": TOKEN_REFUSED})
        assert ask(config, "POST", "save", save, token=token) == ("403 Forbidden", {"error": TOKEN_REFUSED})
    assert (config.root / BOARD).read_bytes() == before
    for host in ("localhost:8000", "[::1]:8000", "LOCALHOST:8000"):
        assert ask(config, "GET", "boards", host=host)[0] == "200 OK", host


def test_the_request_size_is_read_as_announced_and_bounded(config) -> None:  # type: ignore[no-untyped-def]
    board = opened(config)
    body = json.dumps({"file": "boards/big.yaml", "data": {**board["data"], "description": "x" * 100}}).encode()
    for length in ("-1", "+12", "1e3", " 12", "١٢"):
        assert ask(config, "POST", "save", raw=body, length=length) == ("400 Bad Request", {
            "error": f"send the request's size in bytes as its Content-Length (a whole number), not {length!r}"})
    assert ask(config, "POST", "save", raw=body, length="") == ("411 Length Required", {
        "error": "send the request's size in bytes as its Content-Length (a whole number), not ''"})
    assert ask(config, "POST", "save", raw=body, length=str(4 * 2**20 + 1)) == ("413 Payload Too Large", {
        "error": "the board is larger than the editor takes (4 MB)"})
    assert ask(config, "POST", "save", raw=body, length=str(len(body) + 5)) == ("400 Bad Request", {
        "error": f"the request ended after {len(body)} of the {len(body) + 5} bytes its Content-Length announced"})
    assert not (config.root / "boards" / "big.yaml").exists()


@pytest.mark.parametrize(("raw", "status", "error"), [
    (b"[]", "400 Bad Request", 'send the board as {"data": {...}}'),
    (b"null", "400 Bad Request", 'send the board as {"data": {...}}'),
    (b'"data"', "400 Bad Request", 'send the board as {"data": {...}}'),
    (b"[" * 100_000 + b"]" * 100_000, "400 Bad Request",
     "the request is nested more than 16 levels deep, which no board is"),
    (b'{"data": ' + b'{"a": ' * 30 + b"1" + b"}" * 31, "400 Bad Request",
     "the request is nested more than 16 levels deep, which no board is"),
    (b'{"data": {"kind": "board", "canvas": {"width": NaN}}}', "400 Bad Request",
     "the request holds NaN, which is not a number a board can hold"),
    (b'{"data": ', "400 Bad Request", "the request is not JSON: Expecting value (line 1 column 10)"),
    (b'{"data": {"id": "\xff"}}', "400 Bad Request", "the request is not UTF-8 text (invalid start byte)"),
    (b'{"data": {"id": "\\ud800"}}', "400 Bad Request",
     "the request holds '\\ud800', half of a UTF-16 pair, which is not text"),
])
def test_a_body_that_is_not_a_board_gets_a_message_not_a_traceback(config, raw: bytes, status: str,  # type: ignore[no-untyped-def]
                                                                    error: str) -> None:
    for action in ("check", "save"):
        assert ask(config, "POST", action, raw=raw) == (status, {"error": error}), action


def test_a_new_board_is_written_only_when_it_loads_and_by_the_same_writer_as_an_edit(config) -> None:  # type: ignore[no-untyped-def]
    board = opened(config)["data"]
    evil = {**board, "x\non: push\njobs: {}\n#": 1}
    status, answer = ask(config, "POST", "save", {"file": "boards/evil.yaml", "data": evil})
    assert (status, answer["error"]) == ("400 Bad Request", "nothing written: boards/evil.yaml would not be a board "
                                         "file gaslight check loads (1 error); fix it first")
    assert [(p["path"], p["message"]) for p in answer["problems"]] == [
        ("x\non: push\njobs: {}\n#", "'x\\non: push\\njobs: {}\\n#' cannot be a key of a board file")]
    off_canvas = {**board, "circles": [{"number": 1, "at": [500, 20]}, *board["circles"][1:]]}
    status, answer = ask(config, "POST", "save", {"file": "boards/off.yaml", "data": off_canvas})
    assert (status, answer["error"]) == ("400 Bad Request", "nothing written: boards/off.yaml would not be a board "
                                         "file gaslight check loads (1 error); fix it first")
    assert not (config.root / "boards" / "evil.yaml").exists() and not (config.root / "boards" / "off.yaml").exists()
    fresh = {**board, "id": "riverside", "title": "Riverside: the \"docks\"\n# not a comment"}
    status, answer = ask(config, "POST", "save", {"file": "boards/riverside.yaml", "data": fresh})
    assert (status, answer["saved"]) == ("200 OK", "boards/riverside.yaml"), answer
    written = (config.root / "boards" / "riverside.yaml").read_text(encoding="utf-8")
    assert written.startswith("# yaml-language-server: $schema=../.gaslight/schemas/board.schema.json\n"
                              "# Drawn in Gaslight's board editor.")
    assert written == saved_text(None, fresh).replace(MODELINE, written.splitlines()[0])
    assert read_board(config.root / "boards" / "riverside.yaml") == fresh
    assert ask(config, "POST", "save", {"file": "boards/riverside.yaml", "data": fresh}) == (
        "400 Bad Request", {"error": 'send the version of boards/riverside.yaml the editor opened ("version" from '
                                     "the board request), so that a file changed on disk is never overwritten unseen"})


def test_an_edit_made_on_disk_after_the_editor_opened_the_board_is_not_overwritten(config) -> None:  # type: ignore[no-untyped-def]
    board = opened(config)
    path = config.root / BOARD
    on_disk = path.read_text(encoding="utf-8").replace("title: My board", "title: Edited in my text editor")
    path.write_text(on_disk, encoding="utf-8")
    mine = {**board["data"], "unit": "px"}
    status, answer = ask(config, "POST", "save", {"file": BOARD, "data": mine, "version": board["version"]})
    assert (status, answer) == ("409 Conflict", {
        "error": "boards/first-quarter.yaml changed on disk after the editor opened it, so your board was not saved "
                 "(it is still in the page): reload it from disk to see the file as it is now, or overwrite the "
                 "file with your board", "version": hashlib.sha256(on_disk.encode()).hexdigest()})
    assert path.read_text(encoding="utf-8") == on_disk
    status, answer = ask(config, "POST", "save", {"file": BOARD, "data": mine, "version": answer["version"]})
    assert status == "200 OK", answer  # overwritten deliberately, with the version the refusal named
    assert "unit: px" in path.read_text(encoding="utf-8")


def test_a_saved_board_keeps_its_permission_bits(config) -> None:  # type: ignore[no-untyped-def]
    path = config.root / BOARD
    path.chmod(0o664)
    board = opened(config)
    status, _ = ask(config, "POST", "save", {"file": BOARD, "data": {**board["data"], "title": "T"},
                                             "version": board["version"]})
    assert status == "200 OK" and stat.S_IMODE(path.stat().st_mode) == 0o664
    umask = os.umask(0o022)
    try:
        ask(config, "POST", "save", {"file": "boards/second.yaml", "data": {**board["data"], "id": "second"}})
    finally:
        os.umask(umask)
    assert stat.S_IMODE((config.root / "boards" / "second.yaml").stat().st_mode) == 0o644


def test_one_broken_board_leaves_the_others_listed(config) -> None:  # type: ignore[no-untyped-def]
    (config.root / "boards" / "broken.yaml").write_text("kind: board\nid: [unclosed\n", encoding="utf-8")
    status, found = ask(config, "GET", "boards")
    assert status == "200 OK"
    assert [(b["file"], b.get("title"), b.get("error", "")[:40]) for b in found["boards"]] == [
        ("boards/broken.yaml", None, "broken.yaml is not a board file: broken."),
        (BOARD, "My board", "")]


def test_a_check_that_runs_too_long_stops_at_its_bound_with_a_message(config, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import random

    from gaslight import editor_api as api
    from gaslight.domain.board.generate import generate_board

    board = generate_board(1200, 3)
    rng = random.Random(3)
    width, height = board["canvas"]["width"], board["canvas"]["height"]
    for circle in board["circles"][:600]:  # streets tangled across the whole map: hundreds of thousands of crossings
        circle["at"] = [round(rng.uniform(0, width), 1), round(rng.uniform(0, height), 1)]
    monkeypatch.setattr(api, "CHECK_SECONDS", 2.0)
    started = time.monotonic()
    status, answer = ask(config, "POST", "check", {"data": board})
    assert time.monotonic() - started < 6
    assert (status, answer["stopped"]) == ("200 OK", "the toolkit's check of this board stopped after 2 s (a board "
                                           "this large or this tangled takes longer); the problems listed are the "
                                           "page's own checks: run `gaslight check` for every one")


def designers_board() -> str:
    """A board using every key the checks read: tokens, min_distance, a poster scale, blocks, thin blocks."""
    from gaslight.domain.board.generate import board_yaml, generate_board

    data = generate_board(30, 5)
    data |= {"description": "A small map for the first game.", "min_distance": 3.0,
             "tokens": {"women": 3, "patrols": 2}, "poster": {"circle": 9.0}, "thin_blocks": [["k1", "k2", "k3"]]}
    return board_yaml(data)


@pytest.mark.parametrize("name", ["tutorial", "whitechapel", "designers"])
def test_the_yaml_the_published_editor_hands_over_is_the_same_board(name: str) -> None:
    """The site gives the editor each board as its file holds it, and the YAML to copy reads back the same."""
    import subprocess

    from gaslight.diagnostics import Report
    from gaslight.domain.board.export import board_source
    from gaslight.domain.board.model import load_board
    from gaslight.yamlio import parse_text

    text = designers_board() if name == "designers" else (BUNDLED_DIR / "boards" / f"{name}.yaml").read_text("utf-8")
    doc, _ = parse_text(text, f"{name}.yaml")
    board = load_board(doc, Report())
    assert board is not None
    runner = Path(__file__).resolve().parents[1] / "engine" / "editor_yaml.mjs"
    text = subprocess.run(["node", str(runner)], input=json.dumps(board_source(board)), capture_output=True,
                          text=True, check=True).stdout
    again, report = parse_text(text, "edited.yaml")
    assert again is not None and report.ok, report.format_text()
    assert again.data == doc.data
    assert check_data(again.data) == check_data(doc.data)
