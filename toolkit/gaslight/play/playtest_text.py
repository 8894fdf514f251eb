"""The card playtest report as terminal lines and as Markdown tables: one column per variant, side by side.

:func:`sections` turns a ``gaslight-card-playtest/1`` report into titled rows of cells, in a language of the site
(its words are the ``playtest.*`` site words); :func:`format_text` aligns them for a terminal (in English) and
:func:`format_markdown` writes them as tables for a deck's page, in the page's language.

>>> percent(0.2604), interval([0.184, 0.3537]), signed(-0.0733)
('26.0 %', '18.4–35.4 %', '−7.3')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gaslight.languages import ENGLISH, site_table, site_word
from gaslight.outputs.text import md_text

Row = tuple[str, list[str]]
Section = tuple[str, list[Row]]


def percent(rate: float) -> str:
    return f"{100 * rate:.1f} %"


def interval(ci: Sequence[float]) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f} %"


def signed(value: float) -> str:
    """Percentage points with a true minus sign."""
    return f"{100 * value:+.1f}".replace("-", "−")


def _spread(found: Mapping[str, Any] | None) -> str:
    if found is None:
        return "—"
    return (f"{found['mean']:g} ({found['min']} / {found['q1']:g} / {found['median']:g} / {found['q3']:g} / "
            f"{found['max']})").replace("-", "−")


def _per_game(count: int, games: int) -> str:
    return f"{count / games:.2f}" if games else "—"


Words = Callable[..., str]


def words_in(language: str) -> Words:
    """The report's words in ``language``: ``word(key, **values)`` is the site word ``playtest.<key>``.

    >>> words_in("ja")("seat_wins", n=2)
    '席2の勝ち'
    """
    return lambda key, **values: site_word(f"playtest.{key}", language, **values)


def _unit(found: Mapping[str, Any]) -> str:
    """What rules and cards are counted by: a rummy game is a few hands of varying number, so by the hand."""
    return "hands" if found["game"] == "rummy" else "games"


def _union(variants: Sequence[Mapping[str, Any]], key: str, name: str) -> list[str]:
    seen: dict[str, None] = {}
    for variant in variants:
        for row in variant[key]:
            seen.setdefault(row[name], None)
    return list(seen)


def _lookup(variant: Mapping[str, Any], key: str, name: str, wanted: str) -> Mapping[str, Any] | None:
    return next((row for row in variant[key] if row[name] == wanted), None)


def _who_wins(found: Mapping[str, Any], word: Words) -> list[Row]:
    variants = found["variants"]
    rows: list[Row] = [(word("games_finished"), [word("finished_of", finished=v["finished"], games=v["games"])
                                                 for v in variants])]
    if found["game"] == "twentyfour":
        rows.append((word("games_drawn"), [str(v["draws"]) for v in variants]))
    if any(v["illegal"] or v["stalled"] or v["unfinished"] for v in variants):
        rows.append((word("games_stopped"), [f"{v['illegal']}, {v['stalled']}, {v['unfinished']}" for v in variants]))
    for n in range(found["players"]):
        label = word("seat_wins_first" if n == 0 and found["game"] == "rummy" else "seat_wins", n=n + 1)
        rows.append((label, [word("rate_cell", rate=percent(v["by_seat"][n]["rate"]),
                                  ci=interval(v["by_seat"][n]["ci95"])) for v in variants]))
    rows.append((word("edge"), [word("edge_cell", edge=signed(v["first_player"]["advantage"]),
                                     low=signed(v["first_player"]["ci95"][0]),
                                     high=signed(v["first_player"]["ci95"][1])) for v in variants]))
    if found["game"] == "twentyfour":
        for detective in _union(variants, "by_detective", "detective"):
            cells = []
            for v in variants:
                row = _lookup(v, "by_detective", "detective", detective)
                cells.append(word("rate_cell", rate=percent(row["rate"]), ci=interval(row["ci95"])) if row else "—")
            rows.append((word("detective_wins", detective=detective), cells))
    return rows


POINTS = ("cards", "assists", "sets", "death", "lone_hunter")  # 24's kinds of points, in the report's keys


def _scores(found: Mapping[str, Any], word: Words) -> list[Row]:
    variants = found["variants"]
    rows: list[Row] = [(word("final_every_seat"), [_spread(v["scores"]["all_seats"]) for v in variants]),
                       (word("final_winner"), [_spread(v["scores"]["winner"]) for v in variants])]
    rows += [(word("seat_mean", n=n + 1), [f"{v['by_seat'][n]['mean_score']}" for v in variants])
             for n in range(found["players"])]
    if found["game"] == "twentyfour":
        for part in POINTS:
            rows.append((word("points_from", kind=word(f"points.{part}")),
                         [f"{v['points'].get(part, 0) / max(1, v['finished'] * found['players']):.2f}"
                          for v in variants]))
    return rows


def _length(found: Mapping[str, Any], word: Words) -> list[Row]:
    variants = found["variants"]
    if found["game"] == "rummy":
        return [(word("hands_a_game"), [_spread(v["length"]["hands"]) for v in variants]),
                (word("turns_a_game"), [_spread(v["length"]["turns"]) for v in variants])]
    return [(word("seasons_a_game"), [str(v["length"]["seasons"]) for v in variants]),
            (word("actions_a_game"), [_spread(v["length"]["actions"]) for v in variants])]


def rule_name(rule: str, language: str) -> str:
    """The name of a rule the engine counts, in ``language`` (``playtest.rule.*`` site words; "gavel: strike" is its
    prefix's words with the kind, an ending's in its own words); a name no table lists shows as it is.

    >>> rule_name("votes called", "ja"), rule_name("hands ended: deck", "ja"), rule_name("gavel: strike", "ja")
    ('投票の呼びかけ', 'ハンドの終わり：捜査ファイル切れ', 'ギャベルカード：strike')
    >>> rule_name("a rule of tomorrow", "ja")
    'a rule of tomorrow'
    """
    table = site_table(language)
    prefix, _, kind = rule.partition(": ")
    if kind and f"playtest.rule.{prefix}" in table:
        return table[f"playtest.rule.{prefix}"].format(kind=table.get(f"playtest.rule.end.{kind}", kind))
    return table.get(f"playtest.rule.{rule}", rule)


def _rules(found: Mapping[str, Any], language: str) -> list[Row]:
    variants = found["variants"]
    by = _unit(found)
    rows = []
    for rule in sorted(_union(variants, "rules", "rule")):
        rows.append((rule_name(rule, language), [_per_game(row["count"], v[by])
                                                 if (row := _lookup(v, "rules", "rule", rule)) else "0"
                                                 for v in variants]))
    return rows


def _cards(found: Mapping[str, Any], word: Words) -> list[Section]:
    variants = found["variants"]
    if found["game"] == "rummy":
        rows = []
        for card in _union(variants, "cards", "card"):
            cells = []
            for v in variants:
                row = _lookup(v, "cards", "card", card)
                cells.append(" / ".join(_per_game(row[k], v["hands"]) for k in ("played", "discarded", "dead"))
                             if row else "—")
            rows.append((card, cells))
        return [(word("cards_title"), rows)]
    incidents = []
    for card in _union(variants, "incidents", "card"):
        cells = []
        for v in variants:
            row = _lookup(v, "incidents", "card", card)
            cells.append(" / ".join(_per_game(row[k], v["games"]) for k in ("dealt", "taken", "kept")) if row else "—")
        incidents.append((card, cells))
    actions = []
    for card in _union(variants, "action_cards", "card"):
        cells = []
        for v in variants:
            row = _lookup(v, "action_cards", "card", card)
            cells.append(f"{_per_game(row['played'], v['games'])} / {percent(row['placed'] / row['played'])}"
                         if row and row["played"] else "—")
        actions.append((card, cells))
    return [(word("incidents_title"), incidents), (word("actions_title"), actions)]


def sections(found: Mapping[str, Any], language: str = ENGLISH) -> list[Section]:
    """The report's titled rows in ``language``: who wins, scores, length, rules fired, cards (the rules' and the
    cards' ids are the deck's and the ruleset's, in every language)."""
    word = words_in(language)
    return [(word("who_wins"), _who_wins(found, word)), (word("scores_title"), _scores(found, word)),
            (word("length_title"), _length(found, word)),
            (word(f"rules_title.{found['game']}"), _rules(found, language)), *_cards(found, word)]


def headline(found: Mapping[str, Any]) -> str:
    names = {"rummy": "Ripper rummy", "twentyfour": "24"}
    return (f"{names[found['game']]}: deck {found['deck']}, ruleset {found['ruleset']}; {found['players']} "
            f"players, {found['games']} games a variant from seed {found['seed']} ({found['bots']} bots; "
            f"{found['first_player']})")


def format_text(found: Mapping[str, Any]) -> str:
    """The report as aligned columns for a terminal, one column per variant."""
    heads = [v["variant"] for v in found["variants"]]
    every = [row for _, rows in sections(found) for row in rows]
    label_width = max(len(label) for label, _ in every)
    widths = [max([len(heads[i])] + [len(cells[i]) for _, cells in every]) for i in range(len(heads))]
    lines = [headline(found)]
    lines += [f"  variant {v['variant']}: {v['title']}" for v in found["variants"] if v["variant"] != "default"]
    for title, rows in sections(found):
        lines += ["", f"{title}", "  " + " " * label_width + "  " + "  ".join(
            h.rjust(w) for h, w in zip(heads, widths, strict=True))]
        lines += ["  " + label.ljust(label_width) + "  " + "  ".join(
            c.rjust(w) for c, w in zip(cells, widths, strict=True)) for label, cells in rows]
    return "\n".join(lines)


def format_markdown(found: Mapping[str, Any], heading: str = "###", language: str = ENGLISH) -> str:
    """The report as Markdown tables in ``language`` (scenario text escaped), one column per variant."""
    heads = [md_text(v["variant"]) for v in found["variants"]]
    out = []
    for title, rows in sections(found, language):
        out += [f"{heading} {md_text(title)}", "", f"| {words_in(language)('figure')} | " + " | ".join(heads) + " |",
                "|---|" + "---:|" * len(heads)]
        out += [f"| {md_text(label)} | " + " | ".join(md_text(c) for c in cells) + " |" for label, cells in rows]
        out.append("")
    return "\n".join(out)
