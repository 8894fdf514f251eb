"""Languages as data: ``languages`` in gaslight.yaml, localized text in rulesets, translation warnings."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.config import load_config
from gaslight.diagnostics import Report
from gaslight.domain.rules.ruleset import load_ruleset
from gaslight.yamlio import parse_file

PROJECT = "title: {en: Fog games, ja: 霧のゲーム}\nlanguages: [en, ja]\n"
RULESET = """\
# yaml-language-server: $schema=../schemas/ruleset.schema.json
kind: ruleset
id: fog-hunt
title: {en: Fog hunt, ja: 霧の追跡}
game: fog
glossary:
  coach: {term: {en: coach, ja: 馬車}, definition: {en: Two steps in one move., ja: 一手で二歩。}}
rules:
  - id: fog.move
    title: {en: Moving, ja: 移動}
    text: {en: "Jack moves one step, or takes a coach.", ja: "ジャックは一歩進むか、馬車を使う。"}
  - id: fog.search
    title: Searching
    text: {ja: "警官は円を調べる。"}
"""


def write(folder: Path, project: str = PROJECT, ruleset: str = RULESET) -> Path:
    (folder / "gaslight.yaml").write_text(project, encoding="utf-8")
    (folder / "hunt.yaml").write_text(ruleset, encoding="utf-8")
    return folder


def check(folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          *argv: str) -> tuple[int, list[str]]:
    monkeypatch.chdir(folder)
    capsys.readouterr()
    code = main(["check", *argv])
    out = capsys.readouterr().out
    return int(code), [line for line in out.splitlines() if "modeline" not in line]


def test_a_missing_translation_is_a_warning_at_its_line(tmp_path, monkeypatch, capsys):
    code, lines = check(write(tmp_path), monkeypatch, capsys)
    assert code == 0
    assert lines == [
        "hunt.yaml:13:12: warning: rules[1].title: no 'ja' translation of this text "
        "(fix: write it as a map with every language: {en: …, ja: …})",
        "hunt.yaml:14:11: warning: rules[1].text: no 'en' translation of this text "
        "(fix: write it as a map with every language: {en: …, ja: …})",
        "0 errors, 2 warnings",
    ]


def test_strict_makes_a_missing_translation_fail(tmp_path, monkeypatch, capsys):
    code, lines = check(write(tmp_path), monkeypatch, capsys, "--strict")
    assert code == 1 and lines[-1] == "0 errors, 2 warnings"


def test_with_the_default_languages_a_plain_file_gets_no_warning(tmp_path, monkeypatch, capsys):
    plain = RULESET.replace("{en: Fog hunt, ja: 霧の追跡}", "Fog hunt")
    code, lines = check(write(tmp_path, "title: Fog games\n", plain), monkeypatch, capsys, "--strict")
    assert (code, lines[-1]) == (1, "0 errors, 1 warning")  # a map with no English where English is main
    assert [line for line in lines if "'ja'" in line] == []
    assert [line for line in lines if "'en'" in line] == [
        "hunt.yaml:14:11: warning: rules[1].text: no 'en' translation of this text "
        "(fix: write it as a map with every language: {en: …})"]


def test_a_file_with_no_text_in_a_language_gets_one_warning(tmp_path, monkeypatch, capsys):
    english = RULESET.split("glossary:")[0].replace("{en: Fog hunt, ja: 霧の追跡}", "Fog hunt") + (
        "rules:\n  - {id: fog.move, title: Moving, text: Jack moves.}\n")
    code, lines = check(write(tmp_path, ruleset=english), monkeypatch, capsys)
    assert code == 0
    assert lines == ["hunt.yaml:2:1: warning: no text of this file is in 'ja' (3 texts): its pages show the "
                     "text of 'en' (fix: write each text as a map, e.g. title: {en: …, ja: …})",
                     "0 errors, 1 warning"]


def test_a_ruleset_reads_in_each_language(tmp_path):
    doc, _ = parse_file(write(tmp_path) / "hunt.yaml", "hunt.yaml")
    english, japanese = load_ruleset(doc, Report()), load_ruleset(doc, Report(), "ja")
    assert (english.title, japanese.title) == ("Fog hunt", "霧の追跡")
    assert [r.title for r in japanese.rules] == ["移動", "Searching"]  # no Japanese title: the one written
    assert [r.text for r in english.rules][1] == "警官は円を調べる。"  # no English text: the first written
    assert japanese.glossary[0].term == "馬車"


def test_languages_default_to_english_and_the_title_is_localized(tmp_path):
    config, report = load_config(write(tmp_path) / "gaslight.yaml")
    assert (config.languages, config.title, config.title_in("ja"), config.description_in("ja")) == (
        ("en", "ja"), "Fog games", "霧のゲーム", "")
    (tmp_path / "gaslight.yaml").write_text("title: Fog\nlanguages: [en, jp, en]\n", encoding="utf-8")
    config, report = load_config(tmp_path / "gaslight.yaml")
    assert config is None
    assert [(d.location.line, d.location.path, d.message) for d in report.errors] == [
        (2, "languages", "items must not repeat")]


def test_a_bundled_games_untranslated_texts_are_not_the_designers_warnings(tmp_path, monkeypatch, capsys):
    project = PROJECT + "games:\n  - whitechapel-hunt: [rules]\n"
    code, lines = check(write(tmp_path, project), monkeypatch, capsys)
    assert code == 0 and not [line for line in lines if line.startswith("<gaslight>")], lines
    assert lines[-1] == "0 errors, 2 warnings"  # the project's own two, as without the bundled game
