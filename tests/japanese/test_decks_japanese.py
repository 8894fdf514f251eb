"""Decks in two languages: every text of a deck may be a map {en: …, ja: …}; a deck is read in one language; a
two-language project is warned about a text missing a language; the bundled decks are whole in Japanese."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from gaslight.cli import main
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import load_deck
from gaslight.languages import is_localized, text_fields
from gaslight.project import load_project
from gaslight.yamlio import parse_file

from tests.conftest import messages

ROOT = Path(__file__).resolve().parents[2]
DECKS = sorted((ROOT / "scenarios" / "decks").glob("*.yaml"))
RULESETS = ROOT / "scenarios" / "rulesets"
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
TEMPLATE_NAME = re.compile(r"{{\s*([A-Za-z_]\w*)")

# A deck as a designer writes it for two languages: card text, a card's printed field and a type's label per language.
TWO_LANGUAGE_DECK = """\
kind: deck
id: lamps
title: {en: Lamp deck, ja: ランプのデッキ}
game: other
back: {title: Lamps}
types:
  - id: lamp
    name: {en: Lamp, ja: ランプ}
    fields:
      colour_name: {type: text, label: {en: Colour, ja: 色}}
cards:
  - id: red-lamp
    type: lamp
    name: {en: Red lamp, ja: 赤いランプ}
    text: {en: Light it twice., ja: 2回ともす。}
    fields: {colour_name: {en: red, ja: 赤}}
  - {id: oil, type: lamp, name: Oil, text: {en: Refill a lamp.}}
"""


def _fields(path: Path) -> list[tuple[tuple[Any, ...], Any]]:
    return list(text_fields(yaml.safe_load(path.read_text(encoding="utf-8")), "deck"))


def test_the_bundled_decks_are_checked() -> None:
    assert [p.name for p in DECKS] == ["ripper-rummy.yaml", "twenty-four.yaml"]


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_every_text_of_a_bundled_deck_is_in_japanese(path: Path) -> None:
    missing = [".".join(map(str, place)) for place, value in _fields(path) if not (is_localized(value) and
                                                                                  value.get("ja"))]
    assert missing == []
    wrong = [".".join(map(str, place)) for place, value in _fields(path)
             if (not KANA_OR_KANJI.search(value["ja"]) and value["ja"] != value["en"])  # "24" is 24 in both
             or sorted(TEMPLATE_NAME.findall(value["en"])) != sorted(TEMPLATE_NAME.findall(value["ja"]))]
    assert wrong == []


def test_a_bundled_deck_reads_in_either_language() -> None:
    doc, _ = parse_file(ROOT / "scenarios" / "decks" / "twenty-four.yaml", "twenty-four.yaml")
    assert doc is not None
    english, japanese = load_deck(doc, Report()), load_deck(doc, Report(), "ja")
    assert english is not None and japanese is not None
    anvil = [next(c for c in deck.cards if c.id == "detective-anvil") for deck in (english, japanese)]
    assert (anvil[0].name, anvil[1].name) == ("Anvil", "アンヴィル")
    assert (anvil[0].get("skill"), anvil[1].get("skill")) == ("Toughness", "タフさ")
    assert anvil[1].get("skill_id") == "toughness", "an id the scoring reads stays as written"
    assert (english.title, japanese.title) == ("24 deck", "24のデッキ")
    assert [c.id for c in english.cards] == [c.id for c in japanese.cards]


def _check(tmp_path: Path, languages: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
           deck: str = TWO_LANGUAGE_DECK) -> tuple[int, list[str]]:
    (tmp_path / "gaslight.yaml").write_text(f"title: Lamps\nlanguages: {languages}\n", encoding="utf-8")
    (tmp_path / "lamps.yaml").write_text(deck, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    code = main(["check"])
    return int(code), [line for line in capsys.readouterr().out.splitlines() if "modeline" not in line]


def test_a_two_language_project_is_told_each_deck_text_missing_a_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = _check(tmp_path, "[en, ja]", monkeypatch, capsys)
    assert code == 0
    assert lines == [
        "lamps.yaml:5:15: warning: back.title: no 'ja' translation of this text (fix: write it as a map with every "
        "language: {en: …, ja: …})",
        "lamps.yaml:17:33: warning: cards[1].name: no 'ja' translation of this text (fix: write it as a map with "
        "every language: {en: …, ja: …})",
        "lamps.yaml:17:44: warning: cards[1].text: no 'ja' translation of this text (fix: write it as a map with "
        "every language: {en: …, ja: …})",
        "0 errors, 4 warnings",
    ]


def test_a_one_language_project_reads_the_maps_without_a_warning(tmp_path: Path) -> None:

    (tmp_path / "gaslight.yaml").write_text("title: Lamps\n", encoding="utf-8")
    (tmp_path / "lamps.yaml").write_text(TWO_LANGUAGE_DECK, encoding="utf-8")
    project, report = load_project([tmp_path / "lamps.yaml"])
    assert [m for m in messages(report) if "warning" in m and "modeline" not in m] == []
    (deck,) = project.of_kind("deck")
    assert [(c.name, c.text) for c in deck.cards] == [("Red lamp", "Light it twice."), ("Oil", "Refill a lamp.")]
    assert deck.cards[0].get("colour_name") == "red"


def test_a_deck_text_that_is_neither_text_nor_a_language_map_is_located(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    deck = TWO_LANGUAGE_DECK.replace("text: {en: Refill a lamp.}", "text: {english: Refill a lamp.}")
    code, lines = _check(tmp_path, "[en, ja]", monkeypatch, capsys, deck)
    assert code == 1
    assert lines == [
        "lamps.yaml:17:44: error: cards[1].text: the text 'english' does not have the expected form (^[a-z]{2}$) "
        "(fix: a two-letter language code from the project's 'languages', such as en or ja)",
        "1 error, 1 warning",
    ]


def _fonts(pdf: Path) -> set[str]:
    from pypdf import PdfReader

    found = set()
    for page in PdfReader(pdf).pages:
        for font in page["/Resources"].get("/Font", {}).values():
            found.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
        for form in page["/Resources"].get("/XObject", {}).values():
            for font in form.get_object().get("/Resources", {}).get("/Font", {}).values():
                found.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return found


def test_a_two_language_build_prints_and_shows_the_deck_in_japanese(bilingual_build: Path) -> None:
    from pypdf import PdfReader

    english_page = (bilingual_build / "site" / "rummy" / "deck.html").read_text(encoding="utf-8")
    japanese_page = (bilingual_build / "site" / "ja" / "rummy" / "deck.html").read_text(encoding="utf-8")
    assert "Dr Ambrose Vell" in english_page and "アンブローズ・ヴェル医師" not in english_page
    assert "アンブローズ・ヴェル医師" in japanese_page and "Dr Ambrose Vell" not in japanese_page
    assert "印刷して遊ぶ" in japanese_page and "全カード" in japanese_page and "Print and play" not in japanese_page
    assert "Print and play" in english_page and "印刷して遊ぶ" not in english_page
    assert 'href="../../print/decks/ja/ripper-rummy-a4.pdf"' in japanese_page  # its own sheets
    assert 'href="../../export/decks/ripper-rummy.json"' in japanese_page  # the data: one file for both
    japanese = bilingual_build / "print" / "decks" / "ja" / "ripper-rummy-a4.pdf"
    first = PdfReader(japanese).pages[0].extract_text()
    assert "施療院の門で目撃" in first and "点" in first and "試遊値" in first and "points" not in first
    assert "IPAexGothic" in _fonts(japanese)
    english = bilingual_build / "print" / "decks" / "ripper-rummy-a4.pdf"
    assert "IPAexGothic" not in _fonts(english) and "points" in PdfReader(english).pages[0].extract_text()


def test_a_two_language_build_has_a_tabletop_simulator_deck_in_japanese(bilingual_build: Path) -> None:
    """The Japanese deck page links a TTS deck of the cards as the Japanese sheets print them, beside those sheets;
    the English page the English one."""
    import json

    from tests.decks.test_tts_object import _check

    folder = bilingual_build / "print" / "decks" / "ja"
    save = json.loads((folder / "ripper-rummy.tts.json").read_text(encoding="utf-8"))
    cards = _check(save, folder, folder)  # the TTS format, its pictures beside it under decks/ja/
    state = save["ObjectStates"][0]
    assert state["Nickname"] == "リッパー・ラミーのデッキ" and state["Description"].startswith("6人の容疑者に、")
    assert cards[0] == ("施療院の門で目撃",
                        "証拠／アンブローズ・ヴェル医師／順位1／5点\n解剖室の明かりが2時過ぎまで灯っていた。")
    assert [text for _, text in cards if "points" in text or "rank" in text] == []
    japanese_page = (bilingual_build / "site" / "ja" / "rummy" / "deck.html").read_text(encoding="utf-8")
    english_page = (bilingual_build / "site" / "rummy" / "deck.html").read_text(encoding="utf-8")
    linked = re.compile(r'href="([^"]*(?:\.tts\.json|-tts-[^"]*))"')
    assert linked.findall(japanese_page) == ["../../print/decks/ja/ripper-rummy.tts.json",
                                             "../../print/decks/ja/ripper-rummy-tts-1.jpg",
                                             "../../print/decks/ja/ripper-rummy-tts-back.png"]
    assert linked.findall(english_page) == ["../print/decks/ripper-rummy.tts.json",
                                            "../print/decks/ripper-rummy-tts-1.jpg",
                                            "../print/decks/ripper-rummy-tts-back.png"]
    english = json.loads((bilingual_build / "print" / "decks" / "ripper-rummy.tts.json").read_text(encoding="utf-8"))
    assert english["ObjectStates"][0]["ContainedObjects"][0]["Description"].startswith(
        "Evidence · Dr Ambrose Vell · rank 1 · 5 points\n")


def test_card_text_in_another_language_is_checked_in_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A placeholder or a length only the Japanese text has is found, and the message names the language."""
    deck = TWO_LANGUAGE_DECK.replace("ja: 2回ともす。}", "ja: '2回ともす。{{ moves }}'}").replace(
        "text: {en: Refill a lamp.}", "text: {en: Refill a lamp., ja: " + "長い文。" * 180 + "}")
    code, lines = _check(tmp_path, "[en, ja]", monkeypatch, capsys, deck)
    assert code == 1
    assert [line for line in lines if "(in 'ja')" in line] == [
        "lamps.yaml:12:5: error: cards[0].text: deck lamps: card 'red-lamp' quotes ruleset parameters but the deck "
        "has no ruleset (in 'ja') (fix: add the game's ruleset to the project (or its bundled game to gaslight.yaml), "
        "or write the numbers out)",
        "lamps.yaml:17:44: warning: cards[1].text: deck lamps: card 'oil''s text does not fit its face: at 6.0 pt, the "
        "smallest size it is printed at, it needs about 132% of its text box, and what does not fit is cut off (in "
        "'ja') (fix: shorten the text (move rules detail to the rules), or print larger cards (print: size))",
    ]


def test_a_two_language_build_writes_the_scoring_page_in_japanese(bilingual_build: Path) -> None:
    """Ripper rummy's scoring page under /ja/: its prose, the deck's suspects and the calculator's labels in
    Japanese; the English page keeps its own."""
    english = (bilingual_build / "site" / "rummy" / "scoring.html").read_text(encoding="utf-8")
    japanese = (bilingual_build / "site" / "ja" / "rummy" / "scoring.html").read_text(encoding="utf-8")
    assert "リッパー・ラミーの得点" in japanese and "裁定：アリバイの例外" in japanese and "計算例" in japanese
    assert "`crimson` (アンブローズ・ヴェル医師)" in japanese.replace("<code>crimson</code>", "`crimson`")
    assert "このハンドを計算する" in japanese and "得点計算機を使うには JavaScript が必要です。" in japanese
    for sentence in ("A hand ends in one of two ways", "Ruling: the alibi exception", "Score the hand",
                     "Dr Ambrose Vell", "The calculator needs JavaScript."):
        assert sentence not in japanese
        assert sentence in english
    assert "リッパー・ラミーの得点" not in english and "このハンドを計算する" not in english
    # served under /ja/, the page reaches the calculator at the site's root (static files are only there)
    assert 'src="../../assets/calculators/rummy.js"' in japanese and 'src="../assets/calculators/rummy.js"' in english


def test_the_scoring_pages_have_their_numbers_in_either_language() -> None:
    from gaslight.domain.scoring import rummy, twentyfour
    from gaslight.outputs.decks import rummy_scoring_markdown, twentyfour_scoring_markdown

    rules = twentyfour.TwentyFourRules(assist_points=2, set_size=4, set_bonus_per_card=3, death_bonus_base=6)
    page = twentyfour_scoring_markdown(None, rules, "twentyfour/scoring.md", "deck.md", "ja")
    assert page.startswith("# 24の得点\n")
    assert "- アシストカード1枚につき2点。" in page
    assert "- コープのセットボーナス：コープに同じスートが4枚以上あれば、1枚につき3点を加える。" in page
    assert "（1位の事件カードの値 + 6 − 事件番号）" in page and "[デッキ](deck.md)" in page
    rummy_page = rummy_scoring_markdown(None, rummy.RummyRules(jack_multiplier=3, vote_bonus=7), "rummy/scoring.md",
                                        None, "ja")
    assert "ジャックの色の証拠カードと容疑カードは得点が×3になる。" in rummy_page
    assert "(15 + 10) × 3 + 7 = 82点" in rummy_page


def _download_list(page: str) -> list[str]:
    """The deck page's download rows as text: '<label> — <note>' each (the list under its first heading)."""
    section = page.split('id="print-and-play"' if 'id="print-and-play"' in page else "<h2", 1)[1]
    items = re.findall(r"<li>(.*?)</li>", section.split("</ul>", 1)[0], flags=re.S)
    return [re.sub(r"<[^>]+>", "", item).strip() for item in items]


def test_the_download_list_of_a_deck_page_is_in_its_language(bilingual_build: Path) -> None:
    english = _download_list((bilingual_build / "site" / "rummy" / "deck.html").read_text(encoding="utf-8"))
    japanese = _download_list((bilingual_build / "site" / "ja" / "rummy" / "deck.html").read_text(encoding="utf-8"))
    assert len(english) == len(japanese) >= 8
    assert english[0] == ("Card sheet, A4 — fronts then backs (duplex, long-edge flip); poker 63 × 88 mm, bleed 2 mm, "
                          "A4")
    assert japanese[0] == ("カードシート（A4） — 表面のあとに裏面（両面印刷・長辺とじ）。"
                           "ポーカー 63×88 mm、塗り足し2 mm、A4")
    assert "Deck data — every card as JSON (gaslight-deck/1)" in english
    assert "デッキのデータ — 全カードのJSON（gaslight-deck/1）" in japanese
    # every Japanese row names its file in Japanese (the product names Tabletop Simulator and TTS stay as written)
    leftover = [row for row in japanese if re.search(r"[A-Za-z]{3,}", re.sub(
        r"Tabletop Simulator|TTS|Saved Objects|Custom Deck|Width|Height|Number|JSON|gaslight-deck|back_offset_mm|PDF"
        r"|print", "", row))]
    assert leftover == []


def test_a_field_line_in_japanese_takes_a_full_width_colon(tmp_path: Path) -> None:
    from gaslight.domain.decks.face_layout import field_lines
    from gaslight.yamlio import parse_text

    text = TWO_LANGUAGE_DECK.replace("fields:\n      colour_name: {type: text, label: {en: Colour, ja: 色}}",
                                     "fields:\n      colour_name: {type: text, label: {en: Colour, ja: 色}}\n"
                                     "      lit: {type: boolean, label: {en: Lit, ja: 点灯}}\n"
                                     "    show: [colour_name, lit]")
    text = text.replace("fields: {colour_name: {en: red, ja: 赤}}",
                        "fields: {colour_name: {en: red, ja: 赤}, lit: true}")
    doc, report = parse_text(text, "lamps.yaml")
    english, japanese = load_deck(doc, Report()), load_deck(doc, Report(), "ja")
    assert english is not None and japanese is not None, report.diagnostics
    assert field_lines(english, english.cards[0]) == ["Colour: red", "Lit: yes"]
    assert field_lines(japanese, japanese.cards[0]) == ["色：赤", "点灯：はい"]


def test_the_japanese_deck_page_tells_its_size_composition_and_components_in_japanese(every_game: Path) -> None:
    page = (every_game / "ja" / "twentyfour" / "deck.html").read_text(encoding="utf-8")
    english = (every_game / "twentyfour" / "deck.html").read_text(encoding="utf-8")
    assert "mm（ポーカー）" in page and "mm (poker)" in english
    assert "デッキは全105枚" in page and "the deck holds 105 cards" in english
    assert "<strong>緑のチャレンジダイス</strong> × 1（ダイス、8面）：事件番号より大きい目なら" in page
    assert "(die, d8)" in english
    leftovers = [words for words in ("(poker)", "the deck holds", "without a value", "ruleset parameter",
                                     "values summing", "type '", "suit '", "(die", "(sheet", "(marker")
                 if words in page]
    assert leftovers == []
