"""The printables' fixed words come from a table per language (gaslight/labels/printables.<code>.yaml): the
Japanese table has every key (and every aid title and heading) with the same {names} as English; a key a table
lacks prints in English with a warning naming it; and the Japanese hunt aids, movement sheet, one-page cards
and investigation sheet show Japanese headings (pdftotext) in an embedded Japanese font (pdffonts)."""

from __future__ import annotations

import re
import string
import subprocess
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.rules.aids import AIDS
from gaslight.domain.rules.ruleset import load_ruleset, resolve
from gaslight.domain.walton.mansion import load_mansion
from gaslight.outputs import sheets
from gaslight.outputs.investigation_sheet import investigation_sheet
from gaslight.outputs.labels import (
    ENGLISH,
    Labels,
    MissingLabelWarning,
    missing_labels,
    printable_labels,
    required_keys,
)
from gaslight.resources import BUNDLED_DIR, label_table
from gaslight.yamlio import parse_file

ENGLISH_WORDS = re.compile(r"Night by night|Hideout|Your answer|Parameter|Numbers|Jack's|Variant|Coach used|step 1")


def names(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_japanese_table_has_every_key_with_the_same_names() -> None:
    assert missing_labels("ja") == []
    assert missing_labels(ENGLISH) == []
    japanese, english = printable_labels("ja").table, printable_labels(ENGLISH).english
    assert set(japanese) == set(required_keys())  # and nothing the code never asks for
    for key, text in english.items():
        assert names(japanese[key]) == names(text), key


def test_every_aid_title_and_heading_is_japanese_in_the_japanese_table() -> None:
    words = printable_labels("ja")
    for aid in (aid for plans in AIDS.values() for aid in plans):
        assert re.search(r"[ぁ-んァ-ン一-龯]", words.aid_title(aid.slug, aid.title)), aid.slug
        for section in aid.sections:
            assert words.heading(section.heading) != section.heading, section.heading


def test_a_missing_label_prints_english_and_warns_naming_the_key() -> None:
    english = printable_labels(ENGLISH).english
    file = label_table("printables", "ja")
    words = Labels("ja", {"night": "夜"}, english, file)
    assert words("night") == "夜"
    with pytest.warns(MissingLabelWarning) as caught:
        assert words("hideout") == "Hideout"
    assert [str(w.message) for w in caught] == [
        f"the printable label 'hideout' is missing from the 'ja' table (printables.ja.yaml): printed in English "
        f"('Hideout'); add 'hideout:' to {file}"]
    with pytest.warns(MissingLabelWarning, match="'heading.your-moves' is missing from the 'ja' table"):
        assert words.heading("Your moves") == "Your moves"


def test_an_unknown_key_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match="'hidout' is not a printable label"):
        printable_labels("ja")("hidout")


def test_a_language_without_a_table_prints_english_without_warnings(recwarn: pytest.WarningsRecorder) -> None:
    assert printable_labels("fr")("hideout") == "Hideout"
    assert printable_labels("fr").heading("Your moves") == "Your moves"
    assert not [w for w in recwarn if issubclass(w.category, MissingLabelWarning)]


def bundled(name: str, language: str | None = None):
    doc, _ = parse_file(BUNDLED_DIR / "rulesets" / f"{name}.yaml", f"{name}.yaml")
    return load_ruleset(doc, Report(), language)


def pdf_text_and_fonts(tmp_path: Path, data: bytes) -> tuple[str, list[list[str]]]:
    pdf = tmp_path / "printable.pdf"
    pdf.write_bytes(data)
    text = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True, timeout=60).stdout
    listing = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True, timeout=60).stdout
    return text, [row.split() for row in listing.splitlines()[2:] if row.strip()]


def assert_japanese_font_embedded(fonts: list[list[str]]) -> None:
    assert "IPAexGothic" in {row[0].split("+")[-1] for row in fonts}
    assert all(row[-5] == "yes" for row in fonts), fonts


@pytest.mark.parametrize(("slug", "headings"), [
    ("movement-sheet", ["ジャックの移動記録シート", "隠れ家", "第1夜", "第4夜", "使った馬車：", "二重の犯行",
                        "犠牲者："]),
    ("jack-aid", ["ジャックのプレイエイド", "夜の流れ（順番どおり）", "ジャックの移動", "夜の終わり方", "夜ごとの数",
                  "図で見る", "1歩目", "使用中のオプションルール"]),
    ("police-aid", ["捜査員のプレイエイド", "移動と行動", "巡回警官トークン", "黄色い枠の交差点", "交差点2つ"]),
])
def test_the_japanese_hunt_printables_show_japanese_headings(tmp_path: Path, slug: str, headings: list[str]) -> None:
    ruleset = bundled("whitechapel-hunt", "ja")
    plan = next(p for p in sheets.plans_for(resolve(ruleset), sheets.titles_for(ruleset), language="ja")
                if p.slug == slug)
    text, fonts = pdf_text_and_fonts(tmp_path, sheets.render(plan.spec, "a4", "バリアント：長い夜"))
    assert_japanese_font_embedded(fonts)
    flat = text.replace("\n", "")
    assert [h for h in headings if h not in flat] == []
    assert ENGLISH_WORDS.findall(text) == []


@pytest.mark.parametrize(("ruleset", "headings"), [
    ("walton", ["ウォルトン館 早見表", "1ラウンドの流れ（順番どおり）", "嘘をついてよい者", "数値", "パラメーター"]),
    ("ripper-rummy", ["リッパー・ラミー 得点カード", "自分の手番", "カードを出す", "ハンドの終わりと得点"]),
    ("twenty-four", ["24 フェイズ・得点カード", "1シーズンの流れ（フェイズごと）", "判定", "ダイス", "最終得点"]),
])
def test_the_japanese_cards_show_japanese_headings(tmp_path: Path, ruleset: str, headings: list[str]) -> None:
    loaded = bundled(ruleset)
    (plan,) = sheets.plans_for(resolve(loaded), sheets.titles_for(loaded), language="ja")
    text, fonts = pdf_text_and_fonts(tmp_path, sheets.render(plan.spec, "a4"))
    assert_japanese_font_embedded(fonts)
    assert [h for h in headings if h not in text.replace("\n", "")] == []


def test_the_japanese_investigation_sheet_shows_japanese_headings(tmp_path: Path) -> None:
    doc, _ = parse_file(BUNDLED_DIR / "walton" / "mansion.yaml", "mansion.yaml")
    mansion = load_mansion(doc, Report())
    text, fonts = pdf_text_and_fonts(tmp_path, investigation_sheet(mansion, "a4", "ja"))
    assert_japanese_font_embedded(fonts)
    for heading in ("捜査シート", "容疑者、動機、最初にいた部屋", "部屋と一方通行の通路", "凶器とその痕跡",
                    "あなたの答え", "共犯者：", "行き先："):
        assert heading in text, heading
    assert "Your answer" not in text and "Suspects, motives" not in text
    english, _ = pdf_text_and_fonts(tmp_path, investigation_sheet(mansion, "a4"))
    assert "Your answer" in english and "あなたの答え" not in english


def test_a_japanese_table_keeps_its_headings_whole_and_the_police_aid_on_one_page(tmp_path: Path) -> None:
    ruleset = bundled("whitechapel-hunt", "ja")
    plan = next(p for p in sheets.plans_for(resolve(ruleset), sheets.titles_for(ruleset), language="ja")
                if p.slug == "police-aid")
    pdf = tmp_path / "police.pdf"
    pdf.write_bytes(sheets.render(plan.spec, "a4"))
    layout = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True,
                            timeout=60).stdout
    head = next(line for line in layout.splitlines() if line.strip().startswith("夜 "))
    assert head.split() == ["夜", "婦人トークン", "印つき", "犠牲者", "ジャックの馬車", "ジャックの小路",
                            "巡回警官トークン"]
    assert layout.count("\f") == 1  # one page


def test_column_widths_give_short_columns_their_text_and_the_rest_to_the_long_one() -> None:
    style = sheets.styles()["body"]
    rows = (("夜", "婦人トークン", "巡回警官トークン"),
            ("1", "8", "5枚を警官コマがいた交差点に、2枚を黄色い枠の交差点に"))
    widths = sheets.column_widths(rows, style, 300)
    assert sum(widths) == pytest.approx(300)
    assert widths[1] >= 6 * 9 + sheets.CELL_PADDING  # 婦人トークン on one line
    assert widths[2] == pytest.approx(300 - widths[0] - widths[1])
    assert sheets.column_widths((("x", "x"),), style, 300) == [150.0, 150.0]  # room to spare: shared evenly
