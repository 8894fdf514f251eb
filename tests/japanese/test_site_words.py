"""The site's fixed words are data in every language, and a ruleset's parameter values may be written per language
(24's suits): read in each language, and a value written as a map without Japanese is reported at its line."""

from __future__ import annotations

import re
from pathlib import Path

from gaslight.diagnostics import Report
from gaslight.domain.rules.ruleset import load_ruleset, resolve
from gaslight.languages import check_translations, localize, nav_translations, site_table, site_word, text_fields
from gaslight.outputs.sink import SECTIONS, BuildOutput
from gaslight.outputs.site import SiteOptions, _configure_languages, base_config
from gaslight.resources import BUNDLED_DIR
from gaslight.yamlio import parse_text

PLACEHOLDER = re.compile(r"{(\w+)}")


def test_the_japanese_table_has_every_english_key_with_the_same_placeholders() -> None:
    english, japanese = site_table("en"), site_table("ja")
    assert sorted(japanese) == sorted(english)
    assert [key for key in english if sorted(PLACEHOLDER.findall(english[key]))
            != sorted(PLACEHOLDER.findall(japanese[key]))] == []


def test_the_menu_sections_are_the_tables_words() -> None:
    assert set(SECTIONS) <= set(site_table("en").values())
    assert [nav_translations("ja").get(section, section) for section in SECTIONS] == [
        "ホーム", "ホワイトチャペルの追跡", "ウォルトン事件簿", "リッパー・ラミー", "24", "遊ぶ", "資料"]


def test_an_unknown_word_names_the_table() -> None:
    try:
        site_word("nav.nothing")
    except KeyError as error:
        assert str(error).startswith("\"'nav.nothing' is not one of the site's words (none in ")
        assert str(error).endswith("site.en.yaml)\"")
    else:
        raise AssertionError("no error")


def test_scenario_labels_join_the_fixed_ones_escaped(tmp_path: Path) -> None:
    out = BuildOutput(tmp_path)
    out.translate_label("ja", "Long <nights>", "長い<夜>")
    out.translate_label("ja", "Same", "Same")  # nothing to translate
    config = base_config()
    assert _configure_languages(config, SiteOptions(languages=("en", "ja")), out.label_translations)
    i18n = next(plugin["i18n"] for plugin in config["plugins"] if isinstance(plugin, dict) and "i18n" in plugin)
    translations = i18n["languages"][1]["nav_translations"]
    assert translations["Long &lt;nights&gt;"] == "長い&lt;夜&gt;"
    assert translations["Case logic reference"] == "事件の論理リファレンス"
    assert "Same" not in translations


SUITS = """kind: ruleset
id: mini
title: Mini
game: mini
parameters:
  suits:
    type: list
    items: text
    default: [{en: Bombing, ja: 爆弾テロ}, {en: Siege}, Plain]
rules:
  - {id: mini.suits, title: Suits, text: "{{ suits | join(', ') }}"}
variants:
  - {id: two, title: Two, set: {suits: [{en: Outbreak, ja: バイオテロ}]}}
"""


def test_parameter_values_are_read_in_each_language() -> None:
    doc, _ = parse_text(SUITS, "mini.yaml")
    ruleset = load_ruleset(doc, Report(), "ja")
    assert ruleset is not None
    assert resolve(ruleset).rules[0].text == "爆弾テロ, Siege, Plain"
    assert resolve(ruleset, "two").rules[0].text == "バイオテロ"
    assert localize(doc.data, "en")["parameters"]["suits"]["default"] == ["Bombing", "Siege", "Plain"]
    assert doc.data["parameters"]["suits"]["default"][0] == {"en": "Bombing", "ja": "爆弾テロ"}  # left as written


def test_a_parameter_text_without_japanese_is_reported_at_its_line() -> None:
    doc, _ = parse_text(SUITS, "mini.yaml")
    assert [path for path, _ in text_fields(doc.data) if path[0] in ("parameters", "variants") and "title" not in path
            ] == [("parameters", "suits", "default", 0), ("parameters", "suits", "default", 1),
                  ("variants", 0, "set", "suits", 0)]
    report = Report()
    check_translations(doc, ("en", "ja"), report)
    located = [(d.location.line, d.message) for d in report.warnings if d.location.line == 9]
    assert located == [(9, "no 'ja' translation of this text")]


def test_the_24_suits_are_japanese_in_the_japanese_rules() -> None:
    path = BUNDLED_DIR / "rulesets" / "twenty-four.yaml"
    doc, _ = parse_text(path.read_text(encoding="utf-8"), str(path))
    ruleset = load_ruleset(doc, Report(), "ja")
    assert ruleset is not None
    components = next(rule for rule in resolve(ruleset).rules if rule.id == "twentyfour.components")
    assert "6スート（爆弾テロ、ハイジャック、バイオテロ、市街戦、立て籠もり、要人暗殺）" in components.text
