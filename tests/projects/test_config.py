"""gaslight.yaml: found from the working folder up, checked like any scenario file."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.config import find_config, load_config


def config_errors(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "gaslight.yaml"
    path.write_text(text, encoding="utf-8")
    (tmp_path / "boards").mkdir(exist_ok=True)
    config, report = load_config(path)
    assert config is None
    return [d.format_text().replace(str(tmp_path), "<tmp>") for d in report.errors]


def test_found_from_a_nested_folder_and_not_above_the_root(tmp_path):
    (tmp_path / "game" / "boards" / "deep").mkdir(parents=True)
    (tmp_path / "game" / "gaslight.yaml").write_text("title: X\n", encoding="utf-8")
    assert find_config(tmp_path / "game" / "boards" / "deep") == tmp_path / "game" / "gaslight.yaml"
    assert find_config(tmp_path) is None


@pytest.mark.parametrize(("text", "expected"), [
    ("title: X\ncolour: red\n",
     "gaslight.yaml:2:1: error: colour: unknown key 'colour' (fix: allowed: cache, content, description, exclude, "
     "games, languages, output, site, site_url, title)"),
    ("title: X\nsite_url: ftp://example.org/games\n",
     "gaslight.yaml:2:11: error: site_url: the text 'ftp://example.org/games' does not have the expected form "
     "(^https?://[^\\s/?#]+(/[^\\s?#]*)?$) (fix: a full http(s) address of the published site, such as "
     "https://example.github.io/my-games/)"),
    ("content: [boards]\n", "gaslight.yaml:1:1: error: missing required key 'title' (fix: add 'title:' here)"),
    ("title: X\ngames: [whitechapel]\n",
     "gaslight.yaml:2:9: error: games[0]: the text 'whitechapel' is not allowed here "
     "(fix: one of: whitechapel-hunt, walton, ripper-rummy, twenty-four)"),
    ("title: X\ngames: [{walton: [rules], ripper-rummy: [deck]}]\n",
     "gaslight.yaml:2:9: error: games[0]: takes at most 1 key, has 2 (fix: write one game per entry, "
     "e.g. '- walton: [rules, mansion]')"),
    ("title: X\ngames: [{walton: [boards]}]\n",
     "gaslight.yaml:2:19: error: games[0].walton[0]: the bundled game 'walton' has no part 'boards' "
     "(fix: use one of: rules, mansion, cases)"),
    ("title: X\ncontent: [boards, maps]\n",
     "gaslight.yaml:2:19: error: content[1]: 'maps' does not exist (looked in <tmp>) (fix: create the folder or "
     "correct the name; paths are relative to gaslight.yaml)"),
    ("title: X\noutput: .\n",
     "gaslight.yaml:2:9: error: output: the output folder '.' holds the whole project (fix: name a folder of its "
     "own, such as 'build')"),
    ("title: X\ncontent: [boards]\noutput: boards\n",
     "gaslight.yaml:3:9: error: output: the output folder holds content folders; every build replaces it "
     "(fix: name a folder of its own, such as 'build')"),
])
def test_a_broken_config_gets_located_errors(tmp_path, monkeypatch, text, expected):
    monkeypatch.chdir(tmp_path)
    assert config_errors(tmp_path, text) == [expected]


def test_site_url_gets_one_trailing_slash(tmp_path):
    (tmp_path / "gaslight.yaml").write_text("title: Mine\nsite_url: https://ex.github.io/games\n", encoding="utf-8")
    config, report = load_config(tmp_path / "gaslight.yaml")
    assert report.ok and config is not None and config.site_url == "https://ex.github.io/games/"


def test_defaults(tmp_path):
    (tmp_path / "gaslight.yaml").write_text("title: Mine\n", encoding="utf-8")
    config, report = load_config(tmp_path / "gaslight.yaml")
    assert report.ok and config is not None
    assert (config.content, config.output, config.games, config.exclude) == (
        (tmp_path.resolve(),), tmp_path.resolve() / "build", (), ())
