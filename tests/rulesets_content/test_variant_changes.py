"""What each variant changes: its declared differences, as the differ reports them (renumbering aside)."""

from __future__ import annotations

import pytest
from gaslight.domain.rules.ruleset import diff

from tests.rulesets_content.conftest import load_ruleset_file

LETTER_RULES = {("rule", f"hunt.optional.letters{part}", "now applies")
                for part in ("", ".first", ".second", ".third", ".pawn")}
LETTER_RULES |= {("rule", "hunt.jack.letter-pawn", "now applies")}

CASES = [
    ("whitechapel-hunt", "seed-003-hideout", {
        ("option", "no_special_move_onto_hideout", "switched on"),
        ("rule", "hunt.jack.no-special-arrival", "now applies"),
        ("rule", "hunt.jack.special-arrival", "removed")}),
    ("whitechapel-hunt", "long-night", {
        ("parameter", "moves_per_night", "changed"),
        ("rule", "hunt.track", "reworded by parameters"),
        ("rule", "hunt.end-of-game", "reworded by parameters")}),
    ("whitechapel-hunt", "letters", {("option", "letters", "switched on")} | LETTER_RULES),
    ("whitechapel-hunt", "all-optional-rules", {
        ("option", "letters", "switched on"), ("option", "false_clues", "switched on"),
        ("option", "wide_area_arrest", "switched on"),
        ("rule", "hunt.optional.false-clues", "now applies"),
        ("rule", "hunt.police.wide-area-arrest", "now applies")} | LETTER_RULES),
    ("whitechapel-hunt", "learning-game", {
        ("rule", "hunt.night.patrol-peek", "removed"),
        ("rule", "hunt.night.wait", "replaced")}),
    ("walton", "two-players", {
        ("option", "two_player_discards", "switched on"),
        ("parameter", "draw_if_no_offer", "changed"),
        ("parameter", "references_per_turn", "changed"),
        ("rule", "walton.turn.investigate", "reworded by parameters"),
        ("rule", "walton.turn.no-offer", "reworded by parameters"),
        ("rule", "walton.turn.two-player-discard", "now applies")}),
    ("walton", "app-check", {
        ("option", "app_check", "switched on"),
        ("rule", "walton.solve.app", "now applies"),
        ("rule", "walton.solve.wrong", "removed")}),
    ("ripper-rummy", "open-votes", {("rule", "rummy.scoring.escapes", "replaced")}),
    ("twenty-four", "seed-text-hidden-column", {
        ("parameter", "hidden_column", "changed"),
        ("rule", "twentyfour.season.placement", "reworded by parameters")}),
]


@pytest.mark.parametrize(("stem", "variant", "expected"), CASES)
def test_variant_changes_exactly_what_it_declares(stem: str, variant: str, expected: set[tuple[str, str, str]]) -> None:
    ruleset, _ = load_ruleset_file(stem)
    changes = {(c.kind, c.key, c.action) for c in diff(ruleset, variant) if c.action != "renumbered"}
    assert changes == expected


@pytest.mark.parametrize("stem", ["whitechapel-hunt", "walton", "ripper-rummy", "twenty-four"])
def test_every_variant_changes_something(stem: str) -> None:
    ruleset, _ = load_ruleset_file(stem)
    assert [v.id for v in ruleset.variants if not diff(ruleset, v.id)] == []
