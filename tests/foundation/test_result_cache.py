"""Slow pure results are kept between builds in the project's ``.gaslight-cache/`` (issue 39, first bullet).

The self-play runner is counted through monkeypatch: a result is reused while nothing it reads changes, and
computed again when a byte of its input, an option, the Gaslight version or the engine's code changes, or when
its entry is damaged; ``--no-cache`` computes everything and keeps nothing; builds are the same bytes either way.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from gaslight import cache as result_cache
from gaslight.build import build_project
from gaslight.cache import CACHE_FOLDER, NO_CACHE, ResultCache, cache_key, engine_code, trim
from gaslight.cli import main
from gaslight.config import load_config
from gaslight.discover import walk
from gaslight.outputs import balance as balance_pages
from gaslight.play import hunt
from gaslight.play import walton as table

from tests.conftest import REPO

BOARD = {"id": "b", "circles": [1, 2, 3]}
CASE = "case first-case"  # the case gaslight init writes


class Counted:
    """A computation that counts its calls and answers with what it was asked."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, reads: Any) -> Callable[[], Any]:
        def compute() -> Any:
            self.calls += 1
            return {"played": reads, "summary": [{"games": 4, "byNight": [{"night": 1}]}]}
        return compute


def remember(cache: ResultCache, counted: Counted, reads: Any, code: tuple[Path, ...] = ()) -> Any:
    return cache.remember("balance", reads, code, counted(reads))


def test_a_result_is_reused_while_nothing_it_reads_changes(tmp_path: Path) -> None:
    cache, counted = ResultCache(tmp_path / CACHE_FOLDER), Counted()
    first = remember(cache, counted, {"board": BOARD, "games": 200, "seed": 1})
    again = remember(cache, counted, {"seed": 1, "games": 200, "board": dict(BOARD)})  # same data, other order
    assert counted.calls == 1
    assert again == first == {"played": {"board": BOARD, "games": 200, "seed": 1},
                              "summary": [{"games": 4, "byNight": [{"night": 1}]}]}
    assert [p.name for p in (tmp_path / CACHE_FOLDER).glob("*.json")] == [
        f"balance-{cache_key('balance', {'board': BOARD, 'games': 200, 'seed': 1}, ())}.json"]


@pytest.mark.parametrize("changed", [
    {"board": {"id": "b", "circles": [1, 2, 4]}, "games": 200, "seed": 1},  # one input byte
    {"board": BOARD, "games": 201, "seed": 1},  # an option
    {"board": BOARD, "games": 200, "seed": 2},
])
def test_a_changed_input_or_option_is_computed_again(tmp_path: Path, changed: dict[str, Any]) -> None:
    cache, counted = ResultCache(tmp_path / CACHE_FOLDER), Counted()
    remember(cache, counted, {"board": BOARD, "games": 200, "seed": 1})
    assert remember(cache, counted, changed)["played"] == changed
    assert counted.calls == 2


def test_another_gaslight_version_computes_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache, counted = ResultCache(tmp_path / CACHE_FOLDER), Counted()
    remember(cache, counted, {"games": 1})
    monkeypatch.setattr(result_cache, "__version__", "99.0.0")
    remember(cache, counted, {"games": 1})
    assert counted.calls == 2


def test_a_changed_byte_of_the_engine_code_computes_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(result_cache, "SITE_DIR", tmp_path)
    code = tmp_path / "engine.js"
    code.write_text("export const bots = 1;\n", encoding="utf-8")
    cache, counted = ResultCache(tmp_path / CACHE_FOLDER), Counted()
    remember(cache, counted, {"games": 1}, (code,))
    remember(cache, counted, {"games": 1}, (code,))
    code.write_text("export const bots = 2;\n", encoding="utf-8")
    remember(cache, counted, {"games": 1}, (code,))
    assert counted.calls == 2


def test_the_engine_code_is_what_the_script_imports() -> None:
    names = [p.relative_to(REPO).as_posix() for p in engine_code("hunt/selfplay.mjs", "play/hunt.py")]
    assert names[-1] == "toolkit/gaslight/play/hunt.py"
    assert {"site/engine/hunt/selfplay.mjs", "site/engine/hunt/bots.js", "site/engine/hunt/letters.js",
            "site/engine/common/rng.js"} <= set(names), "imports of imports, across folders"
    assert not any("walton" in name or name.endswith("ui.js") for name in names), "nothing it does not import"


@pytest.mark.parametrize("damage", [
    lambda text: text[: len(text) // 2],  # truncated by a crash
    lambda text: "\x00garbage",
    lambda text: text.replace('"games":4', '"games":5'),  # a value that no longer matches its digest
    lambda text: text.replace('"key":"', '"key":"0'),  # another key's entry
    lambda text: "[]",
])
def test_a_damaged_entry_is_computed_again(tmp_path: Path, damage: Callable[[str], str]) -> None:
    cache, counted = ResultCache(tmp_path / CACHE_FOLDER), Counted()
    first = remember(cache, counted, {"games": 1})
    (entry,) = (tmp_path / CACHE_FOLDER).glob("*.json")
    entry.write_text(damage(entry.read_text(encoding="utf-8")), encoding="utf-8")
    assert remember(cache, counted, {"games": 1}) == first
    assert counted.calls == 2
    assert remember(cache, counted, {"games": 1}) == first
    assert counted.calls == 2, "the recomputed entry replaced the damaged one"


def test_no_cache_keeps_nothing_and_an_unwritable_folder_only_means_no_caching(tmp_path: Path) -> None:
    counted = Counted()
    remember(NO_CACHE, counted, {"games": 1})
    remember(NO_CACHE, counted, {"games": 1})
    (tmp_path / "taken").write_text("a file where the folder would be", encoding="utf-8")
    remember(ResultCache(tmp_path / "taken"), counted, {"games": 1})
    assert counted.calls == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def test_the_folder_keeps_the_most_recently_used_entries(tmp_path: Path) -> None:
    cache, counted = ResultCache(tmp_path / CACHE_FOLDER), Counted()
    for seed in range(5):
        remember(cache, counted, {"seed": seed})
        entry = tmp_path / CACHE_FOLDER / f"balance-{cache_key('balance', {'seed': seed}, ())}.json"
        os.utime(entry, ns=(seed * 10**9, seed * 10**9))
    stale = tmp_path / CACHE_FOLDER / ".tmp-killed.part"
    stale.write_text("half an entry", encoding="utf-8")
    os.utime(stale, (0, 0))
    remember(cache, counted, {"seed": 0})  # reused: now the most recent
    assert trim(tmp_path / CACHE_FOLDER, max_entries=4)[0] == 3  # past 4: down to 7/8 of it, room for the next
    kept = {json.loads(p.read_text(encoding="utf-8"))["value"]["played"]["seed"]
            for p in (tmp_path / CACHE_FOLDER).glob("*.json")}
    assert kept == {0, 3, 4}
    assert (tmp_path / CACHE_FOLDER / "CACHEDIR.TAG").is_file(), "the tag is no entry: never trimmed"
    assert counted.calls == 5


def test_the_hook_and_discovery_leave_the_cache_folder_out(tmp_path: Path) -> None:
    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    staged = [".gaslight-cache/balance-0a.json", "game/.gaslight-cache/x.yaml", "boards/a.yaml"]
    fires = [p for p in staged if re.search(hook["files"], p) and not re.search(hook["exclude"], p)]
    assert fires == ["boards/a.yaml"]
    (tmp_path / CACHE_FOLDER).mkdir()
    (tmp_path / CACHE_FOLDER / "board.yaml").write_text("kind: board\n", encoding="utf-8")
    (tmp_path / "board.yaml").write_text("kind: board\n", encoding="utf-8")
    found = walk([tmp_path], ignore_root=tmp_path)
    assert (found.scenarios, found.not_scenarios) == ((tmp_path / "board.yaml",), ())


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[str]]:
    """A ``gaslight init`` project whose balance pages play 6 games; the list names each self-play run
    (``balance``: the board under every variant; ``case <id>``: a case's table playtest)."""
    subprocess.run([sys.executable, "-m", "gaslight", "init", "game"], cwd=tmp_path, check=True, capture_output=True)
    monkeypatch.setattr(balance_pages, "BUILD_GAMES", 6)
    runs: list[str] = []
    start_many, play_cases = hunt.start_many, table.play_cases

    def balance(*args: Any, **kwargs: Any) -> hunt.SelfPlay:
        runs.append("balance")
        return start_many(*args, **kwargs)

    def playtest(cases: list[dict[str, Any]], *args: Any) -> list[dict[str, Any]]:
        runs.extend(f"case {case['id']}" for case in cases)
        return play_cases(cases, *args)

    monkeypatch.setattr(hunt, "start_many", balance)
    monkeypatch.setattr(table, "play_cases", playtest)
    monkeypatch.setattr(table, "_PLAYED", {})  # the process's own memo would hide the replays
    return tmp_path / "game", runs


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_build_reuses_the_self_play_and_gives_the_same_bytes(project: tuple[Path, list[str]]) -> None:
    root, runs = project
    config, report = load_config(root / "gaslight.yaml")
    assert report.ok
    quiet: Callable[[str], None] = lambda _message: None  # noqa: E731
    assert build_project(config, root / "clean", quiet, use_cache=False).published
    assert (runs, (root / CACHE_FOLDER).exists()) == (["balance", CASE], False)
    assert build_project(config, root / "first", quiet).published
    assert build_project(config, root / "warm", quiet).published
    assert runs == ["balance", CASE] * 2, "the warm build replayed nothing"
    assert sorted({p.name.split("-")[0] for p in (root / CACHE_FOLDER).glob("*.json")}) == [
        "balance", "board", "deck", "drawn", "hint", "investigation", "playtest", "tts", "valid"]
    # "deck": deck-fit, the text measurements; "hint": the case pages' hint ladders; "investigation": the mansion's
    # sheets; "tts": the Tabletop Simulator objects; the proof: remembered by the process since the clean build
    assert tree(root / "clean") == tree(root / "first") == tree(root / "warm")
    assert any((root / CACHE_FOLDER / "templates").iterdir()), "Jinja's compiled templates, kept for the next build"
    assert any((root / CACHE_FOLDER / "pages").glob("page-*.json")), "the pages MkDocs converted, kept likewise"
    board = root / "boards" / "first-quarter.yaml"
    before = board.read_text(encoding="utf-8")
    board.write_text(before.replace("{number: 2, at: [30, 10]}", "{number: 2, at: [31, 10]}"), encoding="utf-8")
    assert board.read_text(encoding="utf-8") != before, "the edit changed the board"
    assert build_project(config, root / "board-moved", quiet).published
    assert runs[4:] == [], "no rule and no bot reads where a circle is drawn: moving one replays no games"
    drawing = "site/boards/first-quarter.html"
    assert tree(root / "board-moved")[drawing] != tree(root / "warm")[drawing], "the board is drawn anew"
    moved = board.read_text(encoding="utf-8")
    board.write_text(moved.replace("{number: 1, at: [10, 10], flags: [red]}", "{number: 1, at: [10, 10]}").replace(
        "{number: 2, at: [31, 10]}", "{number: 2, at: [31, 10], flags: [red]}"), encoding="utf-8")
    assert build_project(config, root / "board-edited", quiet).published
    assert runs[4:] == ["balance"], "a women start moved is read by the rules: only the edited board is played again"
    case = root / "walton" / "cases" / "first-case.yaml"
    case.write_text(case.read_text(encoding="utf-8").replace('title: "The', 'title: "Edited: The'), encoding="utf-8")
    assert build_project(config, root / "case-words-edited", quiet).published
    assert runs[5:] == [], "the bots read no words: a title edited replays no games"
    assert "Edited: The Flour" in (root / "case-words-edited" / "site" / "walton" / "cases" / "first-case.html"
                                   ).read_text(encoding="utf-8")
    case.write_text(case.read_text(encoding="utf-8").replace("    value: 1\n    references: [hall]",
                                                             "    value: 2\n    references: [hall]"), encoding="utf-8")
    assert build_project(config, root / "case-edited", quiet).published
    assert runs[5:] == [CASE], "a card's value is read by the bots: only the edited case is played again"


def test_build_no_cache_writes_no_cache_folder(project: tuple[Path, list[str]],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    root, runs = project
    assert main(["build", "-q", "--no-cache", "-f", str(root / "gaslight.yaml")]) == 0
    assert "built " in capsys.readouterr().out
    assert runs == ["balance", CASE]
    assert sorted(p.name for p in root.iterdir() if p.name.startswith(".gaslight")) == [".gaslight"]
    assert CACHE_FOLDER + "/" in (root / ".gitignore").read_text(encoding="utf-8").splitlines()
