"""A case's title and description in two languages: written as {en, ja} like a board's, read per language, warned
at its line when a language is missing, and shown in Japanese on the Japanese case page, the cases index, the menu,
the Walton play pages' case list and the Japanese case cards; every bundled case has both."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.diagnostics import Report
from gaslight.domain.walton.case import MINI_CASE, load_case
from gaslight.domain.walton.mansion import MINI_MANSION
from gaslight.languages import is_localized, text_fields
from gaslight.yamlio import parse_file, parse_text

from tests.japanese.conftest import CASE
from tests.walton_cases.helpers import CASE_FILES

KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_every_bundled_case_has_a_japanese_title_and_description(path: Path) -> None:
    doc, _ = parse_file(path, path.name)
    assert doc is not None
    fields = {".".join(map(str, place)): value for place, value in text_fields(doc.data, "case")}
    assert sorted(fields) == ["description", "title"]
    assert [place for place, value in fields.items()
            if not (is_localized(value) and KANA_OR_KANJI.search(value.get("ja", "")) and value.get("en"))] == []


def test_a_case_reads_in_either_language() -> None:
    written = MINI_CASE.replace("title: Mini case", "title: {en: Mini case, ja: 小さな事件}\n"
                                "description: {en: A short night., ja: 短い夜。}")
    doc, _ = parse_text(written, "mini-case.yaml")
    english, japanese = load_case(doc, Report()), load_case(doc, Report(), "ja")
    assert english is not None and japanese is not None
    assert (english.title, english.description) == ("Mini case", "A short night.")
    assert (japanese.title, japanese.description) == ("小さな事件", "短い夜。")
    assert english.in_language("ja") == japanese and japanese.in_language("en") == english
    assert english.in_language("fr").title == "Mini case"  # a language it lacks: its first
    plain = load_case(parse_text(MINI_CASE, "mini-case.yaml")[0], Report())
    assert plain is not None and plain.in_language("ja") is plain


def test_a_two_language_project_is_told_each_case_text_missing_a_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "gaslight.yaml").write_text("title: Mini\nlanguages: [en, ja]\n", encoding="utf-8")
    (tmp_path / "mansion.yaml").write_text(MINI_MANSION, encoding="utf-8")
    (tmp_path / "case.yaml").write_text(MINI_CASE.replace(
        "title: Mini case", "title: {en: Mini case, ja: 小さな事件}\ndescription: Only in English."), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    main(["check"])
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("case.yaml") and
             "translation" in line]
    assert lines == ["case.yaml:4:14: warning: description: no 'ja' translation of this text (fix: write it as a map "
                     "with every language: {en: …, ja: …})"]


def test_a_wrong_title_is_told_what_a_text_may_be(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "gaslight.yaml").write_text("title: Mini\nlanguages: [en, ja]\n", encoding="utf-8")
    (tmp_path / "mansion.yaml").write_text(MINI_MANSION, encoding="utf-8")
    (tmp_path / "case.yaml").write_text(MINI_CASE.replace("title: Mini case", "title: [Mini case]"),
                                        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["check"]) != 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("case.yaml") and
             "error" in line]
    assert lines == ["case.yaml:3:8: error: title: expected text or a mapping of keys to values, found a list of 1 "
                     "(fix: write text, or a map of language to text such as {en: …, ja: …})"]


def _html(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


def test_the_japanese_pages_show_the_japanese_title(every_game: Path) -> None:
    page = _html(every_game, f"ja/walton/cases/{CASE}.html")
    assert re.search(r"<h1[^>]*>苦い収穫", page)
    assert "庭師の物置は一晩じゅう開いていた。客の半分が恨みを抱き、そのうち二人には計画があった。" in page
    assert "A Bitter Harvest" not in page and "Half the guests had a grudge" not in page
    index = _html(every_game, "ja/walton/cases/index.html")
    assert f'href="{CASE}.html">苦い収穫</a>' in index and "A Bitter Harvest" not in index
    english = _html(every_game, f"walton/cases/{CASE}.html")
    assert re.search(r"<h1[^>]*>A Bitter Harvest", english) and "苦い収穫" not in english
    assert "Half the guests had a grudge, and two of them a plan." in english
    # the menu of a Japanese page names the case in Japanese
    assert re.search(r'class="md-nav__link[^"]*"[^>]*>\s*<span class="md-ellipsis">\s*苦い収穫', page)


def test_the_walton_play_pages_list_the_case_by_its_japanese_title(every_game: Path) -> None:
    data = every_game / "engine" / "data" / "walton"
    japanese, english = (json.loads((data / folder / "index.json").read_text(encoding="utf-8"))
                         for folder in ("ja", "."))
    assert [item["title"] for item in japanese["items"]] == ["苦い収穫"]
    assert [item["title"] for item in english["items"]] == ["A Bitter Harvest"]
    case = json.loads((data / "ja" / f"{CASE}.json").read_text(encoding="utf-8"))
    assert case["title"] == "苦い収穫"
    assert json.loads((data / f"{CASE}.json").read_text(encoding="utf-8"))["title"] == "A Bitter Harvest"
