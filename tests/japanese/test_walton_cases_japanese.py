"""Walton case pages and case cards in a two-language project: the Japanese case page, cases index and printed case
cards hold the cards' Japanese text, the mansion's Japanese names and the site's Japanese words (none of the English
fixed words they translate); the answer stays folded and out of the search index as in English; the English pages
and cards are the same bytes as in an English-only project."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from gaslight.config import load_config
from gaslight.domain.decks.print_spec import PrintSpec
from gaslight.domain.walton.case_language import card_texts
from gaslight.domain.walton.liars import PLAYER_RULES_JA, READING
from gaslight.languages import site_table, site_word
from gaslight.outputs import case_cards
from gaslight.outputs.card_faces import case_card_sheet
from gaslight.outputs.cardsheet import CardSheetSettings
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.walton import WHO_MAY_LIE_MARK, contribute
from gaslight.project import Project, load_configured
from pypdf import PdfReader

from tests.walton_cases.helpers import CASE_FILES, MANSION_FILE

CASE_FILE = CASE_FILES[0]  # a-bitter-harvest: an accomplice, 70 cards
CASE_ID = CASE_FILE.stem
# Fixed words of the English case page that the Japanese page says in Japanese.
ENGLISH_WORDS = ("## At the table", "## Cards", "| No. | Type | Value | References | Text |", "Hints, step by step",
                 "Stuck? Open one hint", "Step 1 — where to look", '??? note "Solution"', "**Answer:**",
                 "**Proof.**", "Difficulty **", "**Who may lie:**", "Play it solo", "Investigation sheet (A4)",
                 "Bots played")


def _project(root: Path, languages: str) -> Project:
    (root / "walton" / "cases").mkdir(parents=True)
    shutil.copy(MANSION_FILE, root / "walton" / "mansion.yaml")
    shutil.copy(CASE_FILE, root / "walton" / "cases" / CASE_FILE.name)
    (root / "gaslight.yaml").write_text(f"title: Cases\ncontent: [walton]\nlanguages: {languages}\n",
                                        encoding="utf-8")
    config, report = load_config(root / "gaslight.yaml")
    assert config is not None, [d.format_text() for d in report.diagnostics]
    project, report = load_configured(config)
    assert report.ok, [d.format_text() for d in report.diagnostics]
    return project


def _contribute(root: Path, project: Project) -> BuildOutput:
    out = BuildOutput(root)
    for page in ("walton/case-logic.md", "play/walton.md"):  # written by the site and the engine contributors
        (out.docs / page).parent.mkdir(parents=True, exist_ok=True)
        (out.docs / page).write_text("# page\n", encoding="utf-8")
    contribute(project, out)
    case_cards.contribute(project, out)  # the cards' sheets in each language
    return out


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> tuple[BuildOutput, BuildOutput, Project]:
    """(two-language output, English-only output, the two-language project)."""
    two = _project(tmp_path_factory.mktemp("two-project"), "[en, ja]")
    one = _project(tmp_path_factory.mktemp("one-project"), "[en]")
    return (_contribute(tmp_path_factory.mktemp("two"), two), _contribute(tmp_path_factory.mktemp("one"), one), two)


def _read(out: BuildOutput, page: str) -> str:
    return (out.docs / page).read_text(encoding="utf-8")


def test_the_japanese_case_page_holds_the_japanese_cards_and_words(both: tuple[BuildOutput, BuildOutput, Project]
                                                                   ) -> None:
    two, _, project = both
    page = _read(two, f"walton/cases/{CASE_ID}.ja.md")
    case = next(iter(project.of_kind("case")))
    texts = card_texts(case, project.by_id("mansion", case.mansion), "ja")
    assert texts[1] == "アンジェリカ・アルビンソン「私はクローデット・ケイズラーさんとずっと一緒にいました。」"
    assert "| 1 | アリバイ | 2 | アンジェリカ・アルビンソン、クローデット・ケイズラー | " + texts[1] + " |" in page
    assert "| 3 | 手段 | 1 | 書庫 | クロウザー警部「ペーパーナイフは調べ済みで、凶器ではなかった。」 |" in page
    assert all(f" {text} |" in page for text in texts.values())
    assert "難易度 **E**・カード70枚・ウォルトン邸" in page
    for heading in ("## 卓で", "## カード", "## ヒント（一歩ずつ） { data-search-exclude }",
                    "## 解答 { data-search-exclude }", '??? note "解答"', '??? tip "ステップ1：どこを見るか"'):
        assert heading in page, heading
    assert [word for word in ENGLISH_WORDS if word in page] == []
    assert f"- [この事件の日本語カード（A4）](../../print/walton/ja/{CASE_ID}-cards-a4.pdf)" in page
    assert "- [捜査シート（A4）](../../print/walton/ja/investigation-sheet-walton-house-a4.pdf)" in page


def test_the_japanese_answer_is_folded_like_the_english_one(both: tuple[BuildOutput, BuildOutput, Project]) -> None:
    two, _, _ = both
    page = _read(two, f"walton/cases/{CASE_ID}.ja.md")
    answer = ("    **答え：** アンジェリカ・アルビンソン（動機：彼女を相続から外した遺言）、凶器は除草剤、"
              "共犯者はクローデット・ケイズラー（動機：解約された賃貸契約）。")
    assert answer in page.splitlines()
    # the answer is only inside the last folded hint and the spoiler, each under a heading left out of the search
    # index (the hints are told in Japanese: the last one states the whole answer, as in English)
    hints = page.index("## ヒント（一歩ずつ） { data-search-exclude }")
    solution = page.index("## 解答 { data-search-exclude }")
    first = page.index("アンジェリカ・アルビンソン（動機")
    assert page.count("アンジェリカ・アルビンソン（動機") == 2 and hints < first < solution < page.index(answer)
    assert page.rindex("\n", 0, first) < page.rindex("これで答え全体が決まる", 0, first)  # the last step's own line
    english = _read(two, f"walton/cases/{CASE_ID}.md")
    assert english.index("## Solution { data-search-exclude }") < english.index("**Answer:**")


def test_the_japanese_cases_index(both: tuple[BuildOutput, BuildOutput, Project]) -> None:
    two, _, _ = both
    index = _read(two, "walton/cases/index.ja.md")
    assert index.startswith("# ウォルトン事件簿\n")
    assert "| 事件 | 宣言 | 実測 | 最大のステップ | 分岐 | 読む | 全体の証明 | 卓で |" in index
    assert "- ウォルトン邸: [A4](../../print/walton/ja/investigation-sheet-walton-house-a4.pdf), [レター](" in index
    assert "# Walton cases" not in index and "## Investigation sheet" not in index


def test_english_pages_and_cards_are_unchanged_by_a_second_language(both: tuple[BuildOutput, BuildOutput, Project]
                                                                    ) -> None:
    two, one, _ = both
    for page in (f"walton/cases/{CASE_ID}.md", "walton/cases/index.md"):
        assert _read(two, page) == _read(one, page)
    ours = sorted(p.relative_to(one.root).as_posix() for p in (one.root / "print").rglob("*.pdf"))
    assert ours == [f"print/walton/{CASE_ID}-cards-a4.pdf", f"print/walton/{CASE_ID}-cards-letter.pdf",
                    "print/walton/investigation-sheet-walton-house-a4.pdf",
                    "print/walton/investigation-sheet-walton-house-letter.pdf"]
    assert all((two.root / p).read_bytes() == (one.root / p).read_bytes() for p in ours)
    assert not (one.docs / f"walton/cases/{CASE_ID}.ja.md").exists()


def test_the_japanese_case_cards_print_the_japanese_text_in_an_embedded_font(
        both: tuple[BuildOutput, BuildOutput, Project]) -> None:
    two, _, project = both
    pdf = two.root / "print" / "walton" / "ja" / f"{CASE_ID}-cards-a4.pdf"
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    first = "".join(reader.pages[0].extract_text().split())
    for words in ("アンジェリカ・アルビンソン「私はクローデット・ケイズラーさんとずっと一緒にいました。」",
                  "関わる人と部屋：書庫", "アリバイ", "手段", "苦い収穫・カード1・情報値2"):
        assert words in first, words
    assert "Refers to" not in first and "information value" not in first and "ALIBI" not in first
    back = "".join(reader.pages[1].extract_text().split())
    assert "ウォルトン事件" in back and "Walton case" not in back
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert [line.split()[-5] for line in fonts.splitlines() if "IPAexGothic" in line] == ["yes", "yes"]
    assert (two.root / "print" / "walton" / "ja" / f"{CASE_ID}-cards-letter.pdf").exists()
    case = next(iter(project.of_kind("case")))
    english = CardSheetSettings.for_print(PrintSpec(), "a4")
    assert case_card_sheet(case, project.by_id("mansion", case.mansion), english) != pdf.read_bytes()


def test_the_japanese_case_logic_page_writes_the_readings_in_japanese(
        both: tuple[BuildOutput, BuildOutput, Project]) -> None:
    two, one, _ = both
    page = _read(two, "walton/case-logic.ja.md")
    assert page.startswith("# 事件の論理リファレンス\n")
    assert "### `liars: alibi-only` — 元資料の読み方（既定）" in page and "### `liars: free` — 自由な読み方\n" in page
    assert f"- {PLAYER_RULES_JA['free'][1]}" in page
    assert "| 誰の主張か | 何が成り立たなければならないか |" in page
    assert "| 共犯者：それ以外の主張 | 成り立つ |" in page
    assert WHO_MAY_LIE_MARK not in page and "Whose claim" not in page and "(the default)" not in page
    assert not (one.docs / "walton/case-logic.ja.md").exists()


def test_the_case_page_says_who_may_lie_in_japanese(both: tuple[BuildOutput, BuildOutput, Project]) -> None:
    page = _read(both[0], f"walton/cases/{CASE_ID}.ja.md")
    said = ("**誰が嘘をつけるか：** 元資料の読み方（`liars: alibi-only`）：犯人は自分のはじめの部屋のこと以外なら何でも"
            "嘘をつける。共犯者は犯人のアリバイをかばうだけ。[事件の論理リファレンス](../case-logic.md)を参照。")
    assert said in page


@pytest.mark.parametrize("reading", sorted(READING))
def test_the_english_word_table_says_each_reading_as_liars_does(reading: str) -> None:
    """The English table's copy of a reading (what another language translates) is liars.py's, word for word."""
    found = READING[reading]
    assert site_word(f"walton.reading.{reading}.title") == found.title
    assert site_word(f"walton.reading.{reading}.summary") == found.summary
    rows = [site_word(f"walton.reading.{reading}.row.{n}") for n in range(1, len(found.precise) + 1)]
    assert rows == [f"| {who} | {what} |" for who, what in found.precise]
    assert f"walton.reading.{reading}.row.{len(found.precise) + 1}" not in site_table("en")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_case_s_cards_laid_out_once_print_the_same_on_every_paper(
        both: tuple[BuildOutput, BuildOutput, Project], language: str) -> None:
    """A card's text is laid out once for the A4 sheet, the Letter sheet and the TTS picture of a case: the sheet
    drawn after the others (from laid-out paragraphs) has the bytes of one drawn alone."""
    from dataclasses import replace

    from gaslight.outputs.card_faces import _case_paragraph
    from gaslight.outputs.card_images import case_tts_sheets

    project = both[2]
    case = next(iter(project.of_kind("case")))
    mansion = project.by_id("mansion", case.mansion)
    a4, letter = (replace(CardSheetSettings.for_print(PrintSpec(), paper), language=language)
                  for paper in ("a4", "letter"))
    _case_paragraph.cache_clear()
    alone = case_card_sheet(case, mansion, a4)
    case_card_sheet(case, mansion, letter)
    case_tts_sheets(case, mansion, language=language)
    hits = _case_paragraph.cache_info().hits
    assert case_card_sheet(case, mansion, a4) == alone
    assert _case_paragraph.cache_info().hits - hits >= len(case.cards), "every card's text was laid out before"
