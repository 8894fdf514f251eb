"""Every ruleset file passes ``gaslight check`` cleanly and follows the file conventions."""

from __future__ import annotations

import re

import pytest
from gaslight.project import load_project

from tests.rulesets_content.conftest import GAMES, RULESET_DIR, load_ruleset_file

STEMS = sorted(GAMES)


@pytest.mark.parametrize("stem", STEMS)
def test_file_has_no_errors_or_warnings(stem: str) -> None:
    _, report = load_project([RULESET_DIR / f"{stem}.yaml"])
    assert [d.format_text() for d in report.diagnostics] == []


@pytest.mark.parametrize("stem", STEMS)
def test_ruleset_checks_are_clean(stem: str) -> None:
    _, report = load_ruleset_file(stem)
    assert [d.format_text() for d in report.diagnostics] == []


@pytest.mark.parametrize("stem", STEMS)
def test_modeline_points_at_the_ruleset_schema(stem: str) -> None:
    first = (RULESET_DIR / f"{stem}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../schemas/ruleset.schema.json"


@pytest.mark.parametrize(("stem", "expected"), sorted(GAMES.items()))
def test_id_and_game_match_the_file(stem: str, expected: tuple[str, str], rulesets) -> None:
    ruleset = rulesets[stem]
    assert (ruleset.id, ruleset.game) == expected


def test_the_folder_holds_exactly_the_four_games() -> None:
    assert sorted(p.stem for p in RULESET_DIR.glob("*.yaml")) == STEMS


@pytest.mark.parametrize("stem", STEMS)
def test_rule_ids_are_namespaced_by_game(stem: str, rulesets) -> None:
    from gaslight.domain.rules.variants import rule_index

    prefix = {"hunt": "hunt.", "walton": "walton.", "rummy": "rummy.", "twentyfour": "twentyfour."}
    ruleset = rulesets[stem]
    ids = list(rule_index(ruleset.rules))
    ids += [a.rule.id for v in ruleset.variants for a in v.additions]
    bad = [i for i in ids if not i.startswith(prefix[ruleset.game])]
    assert bad == []
    assert all(re.fullmatch(r"[a-z0-9.-]+", i) for i in ids)
