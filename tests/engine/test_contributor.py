"""The engine contributor: data files, exports and play pages, with correct paths and escaped text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gaslight.domain.board.export import board_json
from gaslight.outputs.engine import board_play_page, contribute, hunt, plain, relative_to_page, walton_play_page
from gaslight.outputs.sink import BuildOutput
from gaslight.project import Project, load_project
from gaslight.resources import BUNDLED_DIR


@pytest.fixture(scope="module")
def project() -> Project:
    loaded, report = load_project([BUNDLED_DIR])
    assert report.ok, [d.format_text() for d in report.diagnostics]
    return loaded


def built(project: Project, root: Path) -> BuildOutput:
    out = BuildOutput(root)
    hunt(project, out)
    contribute(project, out)
    return out


@pytest.mark.parametrize(("page", "target", "link"), [
    ("play/tutorial.md", "engine/data/boards/tutorial.json", "../engine/data/boards/tutorial.json"),
    ("play/walton.md", "engine/walton/walton.js", "../engine/walton/walton.js"),
    ("index.md", "engine/hunt/ui.js", "engine/hunt/ui.js"),
    ("walton/cases/x.md", "play/walton.md", "../../play/walton.md"),
])
def test_relative_links(page: str, target: str, link: str) -> None:
    assert relative_to_page(page, target) == link


def test_every_board_gets_data_exports_and_a_play_page(project: Project, tmp_path: Path) -> None:
    out = built(project, tmp_path)
    boards = project.of_kind("board")
    assert boards
    for board in boards:
        data = json.loads((out.docs / "engine" / "data" / "boards" / f"{board.id}.json").read_text(encoding="utf-8"))
        assert data == json.loads(json.dumps(board_json(board)))
        assert (tmp_path / "export" / "boards" / f"{board.id}.json").read_text(encoding="utf-8") == (
            out.docs / "engine" / "data" / "boards" / f"{board.id}.json").read_text(encoding="utf-8")
        vectors = json.loads((tmp_path / "export" / "boards" / f"{board.id}.vectors.json").read_text(encoding="utf-8"))
        assert (vectors["format"], vectors["board"], len(vectors["vectors"])) == ("gaslight-vectors/1", board.id, 200)
        page = (out.docs / "play" / f"{board.id}.md").read_text(encoding="utf-8")
        assert f'data-board="../engine/data/boards/{board.id}.json"' in page
        assert 'data-rules-index="../engine/data/rules/index.json"' in page
        assert '<script type="module" src="../engine/hunt/ui.js"></script>' in page
    assert [(nav, rel) for nav, rel in out.nav if nav[0] == "Play"] == [
        *((("Play", b.title), f"play/{b.id}.md") for b in boards), (("Play", "Walton case (solo)"), "play/walton.md"),
        (("Play", "Walton case at the table"), "play/walton-table.md"),
        (("Play", "How the engine works"), "engine/index.md")]
    table = (out.docs / "play" / "walton-table.md").read_text(encoding="utf-8")
    assert 'data-index="../engine/data/walton/index.json"' in table
    assert '<script type="module" src="../engine/walton/tableui.js"></script>' in table


def test_each_hunt_variant_gets_its_resolved_rules(project: Project, tmp_path: Path) -> None:
    out = built(project, tmp_path)
    folder = out.docs / "engine" / "data" / "rules"
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    hunt = next(r for r in project.of_kind("ruleset") if r.game == "hunt")
    assert [item["id"] for item in index["items"]] == ["default", *(v.id for v in hunt.variants)]
    default = json.loads((folder / "default.json").read_text(encoding="utf-8"))
    assert default["format"] == "gaslight-rules/1"
    assert default["variant"] is None
    assert default["parameters"]["moves_per_night"] == 15
    assert default["parameters"]["coaches_per_night"] == [3, 2, 2, 1]
    assert default["options"]["no_special_move_onto_hideout"] is False
    seed003 = json.loads((folder / "seed-003-hideout.json").read_text(encoding="utf-8"))
    assert seed003["options"]["no_special_move_onto_hideout"] is True
    assert "hunt.night.patrol-peek" in default["rules"]
    assert default["rules"] == sorted(default["rules"])
    learning = json.loads((folder / "learning-game.json").read_text(encoding="utf-8"))
    assert "hunt.night.patrol-peek" not in learning["rules"]


def test_each_walton_case_is_exported_without_its_answer(project: Project, tmp_path: Path) -> None:
    out = built(project, tmp_path)
    folder = out.docs / "engine" / "data" / "walton"
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    assert sorted(item["id"] for item in index["items"]) == sorted(c.id for c in project.of_kind("case"))
    for item in index["items"]:
        data = json.loads((folder / item["file"]).read_text(encoding="utf-8"))
        assert data["format"] == "gaslight-walton/1"
        assert "answer" not in data and set(data["answer_check"]) == {"salt", "sha256"}
    page = (out.docs / "play" / "walton.md").read_text(encoding="utf-8")
    assert 'data-index="../engine/data/walton/index.json"' in page


def test_each_proven_case_has_its_solution_apart_for_the_end_screen(project: Project, tmp_path: Path) -> None:
    """Issue 35: a losing table learns who did it. The answer is a file of its own, named by the index and
    fetched by the table page only when the game is over; the case file the game plays still holds none."""
    from gaslight.domain.walton.verdict import examine

    out = built(project, tmp_path)
    folder = out.docs / "engine" / "data" / "walton"
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    cases = {c.id: c for c in project.of_kind("case")}
    for item in index["items"]:
        assert item["solution"] == f"{item['id']}.solution.json"
        found = json.loads((folder / item["solution"]).read_text(encoding="utf-8"))
        case = cases[item["id"]]
        mansion = project.by_id("mansion", case.mansion)
        proof, _ = examine(mansion, case)
        assert found["text"] == case.answer.describe(mansion)
        assert found["proving_cards"] == sorted(proof.metrics.whole_proof) and found["proving_cards"]
        assert found["page"] == f"../../../walton/cases/{item['id']}.html"
        assert "solution" not in json.loads((folder / item["file"]).read_text(encoding="utf-8"))


def test_same_project_same_bytes(project: Project, tmp_path: Path) -> None:
    first = built(project, tmp_path / "a").root
    second = built(project, tmp_path / "b").root
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    for rel in files:
        assert (first / rel).read_bytes() == (second / rel).read_bytes(), rel


def test_scenario_text_is_escaped_on_play_pages() -> None:
    page = board_play_page("play/x.md", "x", "<script>alert(1)</script>", 'A "quoted" <b>map</b>', None)
    front = "---\nhide:\n  - navigation\n  - toc\n---\n\n"
    assert page.startswith(f"{front}# Play: &lt;script&gt;alert\\(1\\)&lt;/script&gt;\n")
    assert "A &quot;quoted&quot; &lt;b&gt;map&lt;/b&gt;" not in page  # Markdown text, not attribute escaping
    assert "A \"quoted\" &lt;b&gt;map&lt;/b&gt;" in page
    assert "<script>" not in page.replace('<script type="module"', "")
    assert "data-rules-index" not in page


def test_the_play_page_links_the_rules_and_the_board_and_guides_a_first_game() -> None:
    page = board_play_page("play/x.md", "x", "X", "", "engine/data/rules/index.json", "hunt/rules.md")
    assert ("See also [the rules](../hunt/rules.md), [the board and its checks](../boards/x.md) and "
            "[how the engine works](../engine/index.md).") in page
    assert '??? info "First game? How a night goes"' in page
    assert 'data-rules-index="../engine/data/rules/index.json"' in page


def test_walton_page_loads_its_module() -> None:
    page = walton_play_page("play/walton.md", "engine/data/walton/index.json")
    assert '<script type="module" src="../engine/walton/walton.js"></script>' in page
    assert '<link rel="stylesheet" href="../engine/common/engine.css">' in page
    assert "([how the engine works](../engine/index.md))" in page


def test_plain_turns_frozen_values_into_json() -> None:
    from types import MappingProxyType

    assert plain(MappingProxyType({"a": (1, MappingProxyType({"b": (2,)}))})) == {"a": [1, {"b": [2]}]}
