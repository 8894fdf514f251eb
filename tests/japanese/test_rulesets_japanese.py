"""Every bundled ruleset has a Japanese text for every English one, in the terminology table's terms."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from gaslight.languages import is_localized, text_fields

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((ROOT / "scenarios" / "rulesets").glob("*.yaml"))
HUNT = ROOT / "scenarios" / "rulesets" / "whitechapel-hunt.yaml"
TERMINOLOGY = ROOT / "site" / "reference" / "terminology.ja.md"
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
TEMPLATE = re.compile(r"{{.*?}}")
TEMPLATE_NAME = re.compile(r"{{\s*([A-Za-z_]\w*)")


def _fields(path: Path) -> list[tuple[tuple[Any, ...], Any]]:
    return list(text_fields(yaml.safe_load(path.read_text(encoding="utf-8"))))


def _where(path: Path, place: tuple[Any, ...]) -> str:
    return f"{path.name}: {'.'.join(map(str, place))}"


def test_the_four_bundled_rulesets_are_checked() -> None:
    assert [p.name for p in RULESETS] == ["ripper-rummy.yaml", "twenty-four.yaml", "walton.yaml",
                                          "whitechapel-hunt.yaml"]


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
def test_every_english_text_has_a_japanese_text(path: Path) -> None:
    missing = [_where(path, place) for place, value in _fields(path)
               if not (is_localized(value) and value.get("ja"))]
    assert missing == []


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
def test_japanese_texts_are_japanese_and_keep_the_templates(path: Path) -> None:
    wrong = []
    for place, value in _fields(path):
        if not is_localized(value) or "ja" not in value:
            continue
        en, ja = value["en"], value["ja"]
        # join separators may differ; a family text may be named in its Japanese form (who_may_lie_ja)
        if sorted(TEMPLATE_NAME.findall(en)) != sorted(name.removesuffix("_ja") for name in TEMPLATE_NAME.findall(ja)):
            wrong.append((_where(path, place), "templates differ"))
        prose = TEMPLATE.sub("", ja)
        untranslated = not KANA_OR_KANJI.search(prose) and prose.strip() != TEMPLATE.sub("", en).strip()
        if re.search(r"[A-Za-z]{4,}", prose) or untranslated:
            wrong.append((_where(path, place), "English left in the Japanese text"))
    assert wrong == []


def _rejected_alternatives() -> list[str]:
    """The terminology table's third column: words a search finds but the texts do not use."""
    rejected = []
    for line in TERMINOLOGY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("用語", "語") and not set(cells[0]) <= {"-"}:
            rejected += [word.strip() for word in cells[2].split(",") if word.strip()]
    # ラウンド is listed for 夜 (a seed calls a night a round), but the hunt's own rounds inside a night are a
    # different thing and keep that word.
    return [word for word in rejected if word != "ラウンド"]


def test_the_terminology_table_lists_rejected_alternatives() -> None:
    assert {"丸地点", "赤丸", "犯行時間", "女性トークン", "調査本部長", "裏道", "刑事"} <= set(_rejected_alternatives())


def test_the_hunt_never_uses_a_rejected_alternative() -> None:
    # 犯人 and 刑事 are right in Walton and 24 (the culprit, the detectives): only the hunt keeps to this table.
    found = [(_where(HUNT, place), word) for place, value in _fields(HUNT) if is_localized(value)
             for word in _rejected_alternatives() if word in value.get("ja", "")]
    assert found == []


def test_the_hunt_uses_the_chosen_terms() -> None:
    japanese = "\n".join(value["ja"] for _, value in _fields(HUNT) if is_localized(value))
    for term in ("円", "交差点", "赤い円", "黄色い枠の交差点", "隠れ家", "移動記録シート", "移動トラック", "犯行時刻",
                 "婦人トークン", "巡回警官トークン", "捜査主任", "犯行現場", "手がかり", "馬車", "小路", "二重の犯行",
                 "手紙", "偽の手がかり", "警官コマ", "特別移動"):
        assert term in japanese, term


def test_the_hunt_pages_fixed_words_keep_to_the_terminology_table() -> None:
    """The board pages' and the hunt's Tabletop Simulator lines' Japanese words (gaslight/labels) use the chosen
    terms: 婦人 (not 女性), 小路 (not 路地), 区域 (not 街区 or ブロック)."""
    import yaml
    from gaslight.resources import PACKAGE_DIR

    words = yaml.safe_load((PACKAGE_DIR / "labels" / "site-pages.ja.yaml").read_text(encoding="utf-8"))
    hunt = {key: text for key, text in words.items() if key.split(".")[0] in ("board", "boards", "tts")}
    assert len(hunt) >= 10 and "婦人" in hunt["board.legend"] and "小路" in hunt["board.legend"]
    found = [(key, word) for key, text in hunt.items()
             for word in (*_rejected_alternatives(), "女性", "路地", "街区") if word in str(text)]
    assert found == []
