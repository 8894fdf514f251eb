"""Every player-facing text of the four bundled rulesets has a Japanese version, in the terminology table's terms."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((ROOT / "scenarios" / "rulesets").glob("*.yaml"))
TEXT_KEYS = {"title", "description", "aid", "summary", "text", "term", "definition"}


def english_only(node: Any, path: str = "") -> list[str]:
    """YAML paths of texts written as a plain string or as a map without 'ja'."""
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            where = f"{path}.{key}" if path else str(key)
            if key in TEXT_KEYS and isinstance(value, str):
                found.append(where)
            elif key in TEXT_KEYS and isinstance(value, dict) and set(value) <= {"en", "ja"}:
                if not value.get("ja", "").strip():
                    found.append(where)
            else:
                found += english_only(value, where)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            found += english_only(item, f"{path}[{index}]")
    return found


def test_there_are_four_bundled_rulesets() -> None:
    assert [path.stem for path in RULESETS] == ["ripper-rummy", "twenty-four", "walton", "whitechapel-hunt"]


@pytest.mark.parametrize("path", RULESETS, ids=lambda path: path.stem)
def test_every_text_of_a_bundled_ruleset_has_japanese(path: Path) -> None:
    assert english_only(yaml.safe_load(path.read_text(encoding="utf-8"))) == []


def test_the_walker_finds_an_english_only_text() -> None:
    ruleset = {"title": {"en": "A", "ja": "エー"}, "rules": [{"id": "x", "title": "B", "text": {"en": "C"}}]}
    assert english_only(ruleset) == ["rules[0].title", "rules[0].text"]


def synonyms() -> list[str]:
    """The other words the terminology table lists for each chosen hunt term (the third column)."""
    table = (ROOT / "site" / "reference" / "terminology.ja.md").read_text(encoding="utf-8")
    words: list[str] = []
    for row in re.findall(r"^\|([^|\n]*)\|([^|\n]*)\|([^|\n]*)\|$", table, flags=re.MULTILINE):
        words += [word.strip() for word in row[2].split(",") if word.strip() and not word.strip().startswith("-")]
    # ラウンド is listed as seed 003's word for a night; the rules use it for a round of the hunt ("round").
    return [word for word in words if word not in {"別名（検索で見つかる語）", "別名", "ラウンド"}]


def japanese_texts(node: Any) -> list[str]:
    if isinstance(node, dict):
        return ([node["ja"]] if isinstance(node.get("ja"), str) else []) + [
            text for value in node.values() for text in japanese_texts(value)]
    if isinstance(node, list):
        return [text for item in node for text in japanese_texts(item)]
    return []


def test_the_hunt_in_japanese_uses_the_chosen_terms_not_their_synonyms() -> None:
    words = synonyms()
    assert {"丸地点", "赤丸", "女性トークン", "調査本部長", "裏道"} <= set(words)
    texts = japanese_texts(yaml.safe_load((ROOT / "scenarios" / "rulesets" / "whitechapel-hunt.yaml").read_text(
        encoding="utf-8")))
    assert len(texts) > 200
    assert [(word, text[:40]) for text in texts for word in words if word in text] == []
