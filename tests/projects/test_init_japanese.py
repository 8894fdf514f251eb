"""``gaslight init --lang ja``: a Japanese designer's first project, in Japanese from the start (issue 38).

The Japanese starters (``starters/ja/``) are the English ones with every text a designer reads and every comment
written in Japanese: the same files, ids, numbers and shapes, so the same checks pass; the project checks clean
(its case proven to have one answer) and its site greets the designer in Japanese."""

from __future__ import annotations

import html
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from gaslight.build import build_project
from gaslight.commands.init import JAPANESE, SCENARIOS, TEMPLATE, project_files
from gaslight.commands.schemas import write_schemas
from gaslight.config import CONFIG_NAME, load_config
from gaslight.domain.walton.generate import main as generate
from gaslight.yamlio import parse_text

JAPANESE_CHARACTER = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
# Every key whose value a designer or a player reads (the rest are ids, numbers, flags and references).
TEXT_KEYS = {"title", "summary", "description", "text", "name", "aid", "playtest", "persons", "called",
             "pawn"}  # the pawn letter names its place by the place's name


def _data(path: Path) -> Any:
    doc, _ = parse_text(path.read_text(encoding="utf-8"), str(path))
    assert doc is not None
    return doc.data


def _shape(value: Any) -> Any:
    """``value`` with every text replaced by a mark: what must be the same in both languages."""
    if isinstance(value, dict):
        return {key: "TEXT" if key in TEXT_KEYS else _shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_shape(item) for item in value]
    return value


def _texts(value: Any, key: str = "") -> list[str]:
    if isinstance(value, dict):
        return [text for k, item in value.items() for text in _texts(item, k)]
    if isinstance(value, list):
        return [text for item in value for text in _texts(item, key)]
    return [str(value)] if key in TEXT_KEYS and isinstance(value, str) else []


def _english(rel: str) -> Path:
    return SCENARIOS[rel][0]


@pytest.mark.parametrize("rel", sorted(SCENARIOS))
def test_each_japanese_starter_is_the_english_one_in_japanese(rel: str) -> None:
    english, japanese = _data(_english(rel)), _data(JAPANESE / rel)
    if rel.startswith("walton/cases/"):  # a case drafted in Japanese: its own cards, the same plot
        english = {key: value for key, value in english.items() if key != "cards"}
        japanese = {key: value for key, value in japanese.items() if key != "cards"}
    if rel.startswith("boards/"):  # init gives the English board starter (`gaslight new board`'s) its id
        english.pop("id"), japanese.pop("id")
    assert _shape(japanese) == _shape(english)
    texts = _texts(japanese)
    assert texts and [text for text in texts if not JAPANESE_CHARACTER.search(text)] == []


@pytest.mark.parametrize("rel", [*sorted(SCENARIOS), CONFIG_NAME])
def test_every_comment_of_a_japanese_starter_is_japanese(rel: str) -> None:
    for number, line in enumerate((JAPANESE / rel).read_text(encoding="utf-8").splitlines(), 1):
        comment = line.split("#", 1)[1] if line.lstrip().startswith("#") else line.partition(" # ")[2]
        if comment and not comment.startswith((" yaml-language-server:", "   python -m gaslight")):
            assert JAPANESE_CHARACTER.search(comment), f"{rel}:{number}: {line}"


def test_init_lang_ja_writes_a_japanese_project_that_checks_clean(run, tmp_path: Path) -> None:
    code, out, err = run(tmp_path, "init", "霧の街", "--lang", "ja")
    assert (code, err) == (0, "") and "started the project '霧の街' in 霧の街" in out
    root = tmp_path / "霧の街"
    config = (root / CONFIG_NAME).read_text(encoding="utf-8")
    assert 'title: "霧の街"\n' in config and "\nlanguages: [ja]" in config
    english = tmp_path / "english"
    assert run(tmp_path, "init", "english")[0] == 0
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()) == sorted(
        p.relative_to(english).as_posix() for p in english.rglob("*") if p.is_file())
    assert "{{ hand_size }}枚ずつ配る" in (root / "rules" / "alibi-cards.yaml").read_text(encoding="utf-8")
    # no missing translation, no glossary slip, and the case proven to have exactly one answer
    assert run(root, "check", "--strict") == (0, "0 errors, 0 warnings\n", "")
    code, out, _ = run(root, "solve", "first-case")
    assert code == 0 and out.startswith("Case first-case (袖の小麦粉), declared difficulty A: unique\n")


def test_init_with_a_language_it_has_no_starters_in_is_a_usage_error(run, tmp_path: Path) -> None:
    code, out, err = run(tmp_path, "init", "game", "--lang", "fr")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == ("gaslight init: error: argument --lang: invalid choice: 'fr' "
                                    "(choose from 'en', 'ja')")
    assert not (tmp_path / "game").exists()


def test_the_english_starters_are_unchanged_by_the_japanese_ones(tmp_path: Path) -> None:
    config = project_files(tmp_path, "Fog")[tmp_path / CONFIG_NAME]
    assert config == (TEMPLATE / CONFIG_NAME).read_text(encoding="utf-8").replace("title: TITLE", 'title: "Fog"')
    assert "languages:" not in config


@pytest.fixture(scope="module")
def japanese_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site ``gaslight init --lang ja`` builds, as it is written (one build for this module)."""
    root = tmp_path_factory.mktemp("init-ja")
    for path, text in project_files(root, "霧の街", "ja").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    write_schemas(root)
    config, report = load_config(root / CONFIG_NAME)
    assert config is not None, [d.format_text() for d in report.diagnostics]
    result = build_project(config, progress=lambda _: None, use_cache=False)
    assert result.published and result.report.diagnostics == [], [d.format_text() for d in result.report.diagnostics]
    return result.out / "site"


def _words(page: str) -> str:
    """The page's article as text, one space between words."""
    article = re.search(r"<article.*?</article>", page, re.S)
    assert article is not None
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", article.group(0))).split())


def test_the_home_page_greets_the_designer_in_japanese(japanese_site: Path) -> None:
    home = (japanese_site / "index.html").read_text(encoding="utf-8")
    menu = [" ".join(label.split()) for label in re.findall(r'<span class="md-ellipsis">\s*([^<]+?)\s*</span>', home)]
    assert "はじめての地区：バランス" in menu and [label for label in menu if re.search("[A-Za-z]{4}", label)] == []
    words = _words(home)
    assert words.startswith("霧の街 ¶ はじめてのプロジェクトです。霧の夜のルールで遊ぶホワイトチャペルの小さなマップ、"
                            "独自の屋敷を舞台にしたウォルトン事件、")
    assert "自分のシナリオを書くには、 シナリオを書く から始めてください。 セクション" in words
    for entry in ("ボード › はじめての地区", "事件 › 袖の小麦粉", "アリバイ・カード : ルール · デッキ",
                  "霧のホワイトチャペル : ルール"):
        assert entry in words, entry
    assert "Writing scenarios" not in words and "Sections" not in words and "All boards" not in words


def test_the_case_page_shows_the_japanese_case(japanese_site: Path) -> None:
    words = _words((japanese_site / "walton" / "cases" / "first-case.html").read_text(encoding="utf-8"))
    assert words.startswith("袖の小麦粉 ¶ 難易度 A ・カード30枚・アシュコム館")
    assert "検視官「遺体には小麦粉が認められた。」" in words
    assert "料理番のハッチ夫人「エイダ・アシュコム様が『新しい遺言』のことで大佐を恨んでおいでだったのは、" in words
    rules = _words((japanese_site / "games" / "foggy-nights" / "rules.html").read_text(encoding="utf-8"))
    assert "霧の中の街灯" in rules and "ジャックの手元に残っている馬車トークンの数を数えてよい。" in rules


def test_the_japanese_starter_case_is_what_its_header_makes(tmp_path: Path) -> None:
    starter = JAPANESE / "walton" / "cases" / "first-case.yaml"
    lines = starter.read_text(encoding="utf-8").splitlines()
    command = shlex.split(lines[2].lstrip("# "))
    assert command[:3] == ["python", "-m", "gaslight.domain.walton.generate"] and "--attempt" in command
    out = tmp_path / "first-case.yaml"
    assert generate([*command[3:], "--out", str(out), "--mansion", str(JAPANESE / "walton" / "mansion.yaml")]) == 0
    made = out.read_text(encoding="utf-8").splitlines()
    # the generator's own line, with where the mansion is and where the case goes in the project
    assert f"{made[2]} --mansion walton/mansion.yaml --out walton/cases/first-case.yaml" == lines[2]
    assert made[made.index("kind: case"):] == lines[lines.index("kind: case"):]
