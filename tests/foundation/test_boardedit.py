"""What the board editor asks of ``gaslight serve``: checks as ``gaslight check`` makes them, saving that keeps a
file's comments and untouched lines, and requests only from the server's own pages, only for the project's boards."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from gaslight.boardedit import check_data, read_board, saved_text
from gaslight.commands.init import project_files
from gaslight.config import load_config
from gaslight.resources import BUNDLED_DIR
from gaslight.serve import editor_api

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


def ask(config, method: str, action: str, body: object = None, origin: str | None = None,  # type: ignore[no-untyped-def]
        query: str = "") -> tuple[str, dict]:
    raw = json.dumps(body).encode() if body is not None else b""
    environ = {"PATH_INFO": f"/_gaslight/{action}", "REQUEST_METHOD": method, "QUERY_STRING": query,
               "HTTP_HOST": "127.0.0.1:8000", "CONTENT_LENGTH": str(len(raw)), "wsgi.input": io.BytesIO(raw)}
    if origin is not None:
        environ["HTTP_ORIGIN"] = origin
    status: list[str] = []
    answer = editor_api(config, environ, lambda code, headers: status.append(code))
    return status[0], json.loads(b"".join(answer))


def test_the_api_lists_opens_checks_and_saves_the_projects_boards(config) -> None:  # type: ignore[no-untyped-def]
    status, found = ask(config, "GET", "boards")
    assert (status, found) == ("200 OK", {"boards": [{"file": "boards/first-quarter.yaml", "id": "first-quarter",
                                                      "title": "My board"}]})
    status, board = ask(config, "GET", "board", query="file=boards/first-quarter.yaml")
    assert status == "200 OK" and board["data"]["kind"] == "board"
    assert ask(config, "POST", "check", {"data": board["data"]}) == ("200 OK", {"problems": []})
    data = {**board["data"], "title": "Renamed"}
    status, saved = ask(config, "POST", "save", {"file": "boards/first-quarter.yaml", "data": data},
                        origin="http://127.0.0.1:8000")
    assert (status, saved["saved"], saved["problems"]) == ("200 OK", "boards/first-quarter.yaml", [])
    assert "title: Renamed\n" in (config.root / "boards" / "first-quarter.yaml").read_text(encoding="utf-8")


def test_the_api_refuses_other_sites_other_files_and_places_outside_the_project(config) -> None:  # type: ignore[no-untyped-def]
    board = ask(config, "GET", "board", query="file=boards/first-quarter.yaml")[1]["data"]
    assert ask(config, "POST", "save", {"file": "boards/first-quarter.yaml", "data": board},
               origin="https://elsewhere.example") == (
        "403 Forbidden", {"error": "the board editor only answers pages of this server"})
    assert ask(config, "GET", "board", query="file=gaslight.yaml") == (
        "404 Not Found", {"error": "'gaslight.yaml' is not a board file of this project"})
    for name in ("../outside.yaml", "/etc/board.yaml", "boards/notes.txt", "rules/foggy-nights.yaml"):
        assert ask(config, "POST", "save", {"file": name, "data": board})[0] == "400 Bad Request", name
    assert ask(config, "POST", "save", {"file": "rules/foggy-nights.yaml", "data": board})[1] == {
        "error": "rules/foggy-nights.yaml already exists; open it to edit it"}
    assert not (config.root.parent / "outside.yaml").exists()
    assert ask(config, "POST", "check", {"data": "not a board"}) == (
        "400 Bad Request", {"error": 'send the board as {"data": {...}}'})


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
