"""The Rulings page only names variants, options and rules that exist, and covers every game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gaslight.domain.rules.variants import rule_index

from tests.rulesets_content.conftest import GAMES

PAGE = Path(__file__).resolve().parents[2] / "site" / "reference" / "rulings.md"
TEXT = PAGE.read_text(encoding="utf-8")
GAME_PAGES = {"hunt": "whitechapel-hunt", "walton": "walton", "rummy": "ripper-rummy", "twentyfour": "twenty-four"}


def test_one_section_per_game() -> None:
    assert re.findall(r"^## (.+)$", TEXT, re.M) == ["Whitechapel hunt", "Walton case game", "Ripper rummy", "24"]


@pytest.mark.parametrize(("folder", "stem"), sorted(GAME_PAGES.items()))
def test_rule_anchors_exist(folder: str, stem: str, rulesets) -> None:
    anchors = re.findall(rf"\(\.\./{folder}/rules\.md#([^)]+)\)", TEXT)
    assert set(anchors) - set(rule_index(rulesets[stem].rules)) == set()


def test_the_page_links_every_rules_page() -> None:
    assert {f"../{folder}/rules.md" for folder in GAME_PAGES} <= set(re.findall(r"\]\(([^)#]+)", TEXT))


def test_every_named_variant_or_option_exists(rulesets) -> None:
    known = {v.id for r in rulesets.values() for v in r.variants}
    known |= {o.name for r in rulesets.values() for o in r.options}
    known |= {p.name for r in rulesets.values() for p in r.parameters}
    known |= {"districts", "places"}  # board keys the letters refer to
    named = {n for n in re.findall(r"(?<!\[)`([a-z0-9_.-]+)`(?!\])", TEXT) if "." not in n}
    assert named - known == set()


@pytest.mark.parametrize("variant", [
    "seed-003-hideout", "long-night", "wide-area-arrest", "letters", "false-clues", "all-optional-rules",
    "app-check", "two-players", "open-votes", "high-stakes", "seed-text-hidden-column",
    "draft-assists",
])
def test_variants_giving_another_reading_are_named(variant: str) -> None:
    assert f"`{variant}`" in TEXT


def test_every_game_ruleset_is_covered() -> None:
    assert set(GAME_PAGES.values()) == set(GAMES)
