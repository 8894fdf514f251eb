"""The project's deck checks: composition rules, values and counts against the game's ruleset parameters,
and card text that quotes the rules (:mod:`gaslight.domain.decks.cardtext`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from gaslight.diagnostics import Diagnostic, Location, Report, Severity
from gaslight.domain.decks.cardtext import quotes_rules, with_rules_text
from gaslight.domain.decks.deck import (
    CompositionRule,
    Deck,
    composition_problems,
    format_values,
    load_deck,
    rule_mismatches,
    rule_selection,
)
from gaslight.domain.decks.looks import icon_problems, mark_problems
from gaslight.languages import check_project_translations, has_text_in
from gaslight.schema import suggest

__all__ = ["check_project", "game_ruleset", "linked_rule_problems", "localized_decks", "parameter_problems"]


def _parameter_text(value: Any) -> str:
    return format_values(value) if isinstance(value, tuple | list) else str(value)


def _unknown_parameter(where: Location, deck: Deck, ruleset_id: str, name: str,
                       parameters: Mapping[str, Any]) -> Diagnostic:
    return Diagnostic(Severity.ERROR, where, f"deck {deck.id}: ruleset '{ruleset_id}' has no parameter '{name}'",
                      suggest(name, list(parameters)))


def linked_rule_problems(deck: Deck, rule: CompositionRule, ruleset_id: str,
                         parameters: Mapping[str, Any]) -> list[Diagnostic]:
    """A rule's ``*_parameter`` requirements against the game's ruleset parameters."""
    found: list[Diagnostic] = []
    for what, name in rule.parameters:
        if name not in parameters:
            where = rule.location.at(f"{rule.location.path}.{what}_parameter")
            found.append(_unknown_parameter(where, deck, ruleset_id, name, parameters))
            continue
        value = parameters[name]
        if what == "values" and not isinstance(value, tuple | list):
            found.append(Diagnostic(Severity.ERROR, rule.location.at(f"{rule.location.path}.values_parameter"),
                                    f"deck {deck.id}: parameter '{name}' of ruleset '{ruleset_id}' is not a list",
                                    "name a list parameter, or use count_parameter or sum_parameter"))
            continue
        chosen, physical = rule_selection(deck, rule)
        count = value if what == "count" else None
        values = value if what == "values" else None
        total = value if what == "sum" else None
        for _, have, fix in rule_mismatches(chosen, physical, count, values, total):
            found.append(Diagnostic(Severity.ERROR, rule.location,
                                    f"deck {deck.id}: {rule.subject} {have}, ruleset '{ruleset_id}' sets {name} "
                                    f"to {_parameter_text(value)}", f"{fix}, or change the ruleset's parameter"))
    return found


def parameter_problems(deck: Deck, ruleset_id: str, parameters: Mapping[str, Any]) -> list[Diagnostic]:
    """Composition rules linked to ruleset parameters, and cards whose value differs from their type's
    ``value_parameter``; ``parameters`` are the game ruleset's defaults.
    """
    found: list[Diagnostic] = []
    for rule in deck.rules:
        found.extend(linked_rule_problems(deck, rule, ruleset_id, parameters))
    for card_type in deck.types:
        name = card_type.value_parameter
        if name is None:
            continue
        if name not in parameters:
            where = card_type.location.at(f"{card_type.location.path}.value_parameter")
            found.append(_unknown_parameter(where, deck, ruleset_id, name, parameters))
            continue
        wanted = parameters[name]
        for card in deck.cards:
            if card.type == card_type.id and card.value is not None and card.value != wanted:
                found.append(Diagnostic(
                    Severity.ERROR, card.location.at(f"{card.location.path}.value"),
                    f"deck {deck.id}: card '{card.id}' is worth {card.value}, ruleset '{ruleset_id}' sets "
                    f"{name} to {wanted}", f"write 'value: {wanted}' or change the ruleset's parameter"))
    return found


def game_ruleset(project: Any, deck: Deck) -> Any:
    """The ruleset a deck is played with: its own ``ruleset:``, else the project's ruleset of its game, or None."""
    if deck.ruleset:
        return project.by_id("ruleset", deck.ruleset)
    return next((r for r in project.of_kind("ruleset") if r.game == deck.game), None)


def check_project(project: Any, report: Report) -> None:
    """Count every deck against its composition rules; compare values and card text with the game's ruleset; warn
    about each text missing one of the project's languages."""
    check_project_translations(project, report, "deck")
    for deck in project.of_kind("deck"):
        for diagnostic in composition_problems(deck):
            report.add(diagnostic)
        game_rules = game_ruleset(project, deck)
        if deck.ruleset and game_rules is None:
            known = sorted(r.id for r in project.of_kind("ruleset"))
            report.error(deck.ruleset_location or deck.location,
                         f"deck {deck.id}: ruleset '{deck.ruleset}' does not exist",
                         fix=(suggest(deck.ruleset, known) if known else "")
                         or "name a ruleset of the project, or add its bundled game to gaslight.yaml")
        for diagnostic in ruleset_problems(deck, game_rules):
            report.add(diagnostic)
        game = game_rules.game if game_rules is not None and deck.game == "other" else deck.game
        for diagnostic in [*mark_problems(deck, game), *icon_problems(deck), *_fit_problems(deck),
                           *_translation_problems(project, deck, game_rules)]:
            report.add(diagnostic)


def localized_decks(project: Any, deck: Deck) -> list[tuple[str, Deck]]:
    """(language, the deck read in it) for each other language of the project the deck's file has text in."""
    languages = project.config.languages if project.config else ()
    doc = next((d for d in project.documents if d.file == deck.location.file), None)
    if doc is None:
        return []
    found = []
    for code in languages[1:]:
        if has_text_in(doc.data, code, "deck") and (localized := load_deck(doc, Report(), code)) is not None:
            found.append((code, localized))
    return found


def _translation_problems(project: Any, deck: Deck, game_rules: Any) -> list[Diagnostic]:
    """The cards whose words differ in another language, checked in it: placeholders the ruleset cannot fill, text
    that does not fit the face (each message names the language)."""
    found: list[Diagnostic] = []
    for code, localized in localized_decks(project, deck):
        written = set(deck.cards)
        changed = replace(localized, cards=tuple(card for card in localized.cards if card not in written))
        if not changed.cards:
            continue
        problems = [*_card_text_problems(changed, game_rules), *_fit_problems(changed)]
        found += [replace(problem, message=f"{problem.message} (in '{code}')") for problem in problems]
    return found


def _fit_problems(deck: Deck) -> list[Diagnostic]:
    """Card text that does not fit its face, measured by the faces' own layout (so the check and the printed card
    never disagree): the one check that needs font metrics, imported only when a deck is measured. A check keeps
    the findings of an unchanged deck (gaslight.cache), so saving another file measures nothing again."""
    from gaslight.cache import cached

    def measured() -> list[Diagnostic]:
        from gaslight.domain.decks.face_layout import fit_problems

        return list(fit_problems(deck))

    return cached("deck-fit", deck, measured, code=("gaslight.domain.decks.face_layout",))


def ruleset_problems(deck: Deck, game_rules: Any) -> list[Diagnostic]:
    """The deck against its game's ruleset (its default parameters): linked counts and values, and card text
    quoting parameters the ruleset cannot fill (or a deck with no ruleset to fill them)."""
    if game_rules is None:
        return _card_text_problems(deck, None)
    from gaslight.domain.rules.ruleset import resolve

    return [*parameter_problems(deck, game_rules.id, resolve(game_rules, None).parameters),
            *_card_text_problems(deck, game_rules)]


def _card_text_problems(deck: Deck, game_rules: Any) -> list[Diagnostic]:
    """Card text quoting parameters the game's ruleset cannot fill (or a deck with no ruleset to fill them)."""
    if game_rules is None:
        return [Diagnostic(Severity.ERROR, card.location.at(f"{card.location.path}.text"),
                           f"deck {deck.id}: card '{card.id}' quotes ruleset parameters but the deck has no ruleset",
                           "add the game's ruleset to the project (or its bundled game to gaslight.yaml), "
                           "or write the numbers out")
                for card in quotes_rules(deck)]
    from gaslight.domain.rules.ruleset import resolve

    return with_rules_text(deck, resolve(game_rules, None).parameters, game_rules.id)[1]


