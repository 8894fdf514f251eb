"""Site pages for decks: gallery pages, scoring calculators, the card games' play pages.

For every deck: a gallery page with every card face, the composition table and the download links of its card
sheet PDFs (A4 and Letter, fronts followed by duplex backs, plus one card per page for print shops), its Tabletop
Simulator saved object with its sheets (as every Walton case gets too; :mod:`gaslight.outputs.tts`) and its data.
The printables are named here and drawn after the pages by :mod:`gaslight.outputs.deck_cards` (a saved deck's page
does not wait for them). For Ripper rummy and 24: a scoring page with the calculator
(``site/assets/calculators/*.js``) fed by the deck and the game's ruleset parameters.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gaslight.domain.decks.checks import localized_decks
from gaslight.domain.decks.deck import Card, Deck
from gaslight.domain.decks.export import composition_table, deck_json
from gaslight.domain.decks.looks import split_icons
from gaslight.domain.decks.svg_art import cleaned_bytes
from gaslight.domain.scoring import rummy, twentyfour
from gaslight.languages import ENGLISH, main_language, nav_translations, site_table, site_word, translated_page
from gaslight.outputs import cardplay, tts
from gaslight.outputs.card_faces import (
    field_lines,
    readable_band,
    suit_line,
    text_colour,
)
from gaslight.outputs.card_images import deck_tts_layout
from gaslight.outputs.deck_cards import (
    PAPER_SHEETS,
    calibration_file,
    printed_deck,
    printed_sheets,
    printed_translations,
    sheet_file,
)
from gaslight.outputs.deck_translations import DeckTranslation, contribute_translations, sheet_download
from gaslight.outputs.download_rows import Download, said
from gaslight.outputs.labels import printable_labels
from gaslight.outputs.playtest_pages import deck_playtest
from gaslight.outputs.print_shops import shop_downloads
from gaslight.outputs.sink import GAME_SITES, BuildOutput, GameSite, game_sites, page_link
from gaslight.outputs.site import one_folder_deeper
from gaslight.outputs.text import html_text, md_text
from gaslight.project import Project

# A deck of no game of ours is listed under Reference.
SECTIONS: dict[str, GameSite] = {**GAME_SITES, "other": GameSite("Reference", "decks")}


# ---- gallery page ----

CARD_CSS = """<style>
.gl-cards { display: flex; flex-wrap: wrap; gap: 0.8rem; }
.gl-card { width: 9.4rem; min-height: 13.2rem; border: 1px solid #bbb; border-radius: 0.5rem; overflow: hidden;
  background: #fbf8f1; color: #1c1c1c; font-size: 0.62rem; line-height: 1.3; display: flex; flex-direction: column; }
.gl-card-band { background: var(--gl-band); color: var(--gl-on-band); padding: 0.4rem 2.4rem 0.4rem 0.5rem;
  min-height: 2.6rem; position: relative; }
.gl-card-type { font-weight: 700; letter-spacing: 0.05em; text-transform: uppercase; }
.gl-card-suit { display: block; }
.gl-card-value { position: absolute; right: 0.4rem; top: 0.35rem; background: #fbf8f1; color: #1c1c1c;
  border-radius: 50%; min-width: 1.7rem; height: 1.7rem; line-height: 1.7rem; text-align: center; font-weight: 700; }
.gl-card-art { display: block; width: calc(100% - 1rem); height: 4.4rem; object-fit: contain; margin: 0.3rem 0.5rem 0; }
.gl-card-name { font-weight: 700; font-size: 0.72rem; padding: 0.4rem 0.5rem 0.1rem; }
.gl-card-field, .gl-card-text, .gl-card-flavour { padding: 0.15rem 0.5rem; }
.gl-card-flavour { font-style: italic; color: #555; }
/* .md-typeset: over the theme's img { height: auto } */
.md-typeset .gl-card-icon, .gl-card-icon { height: 1.2em; width: auto; vertical-align: middle; }
.gl-card-foot { margin-top: auto; padding: 0.3rem 0.5rem; color: #595959; font-size: 0.55rem; }
</style>"""

CALC_CSS = """<style>
.gl-calc input[type=text], .gl-calc input[type=number], .gl-calc select { border: 1px solid #999;
  border-radius: 0.2rem; padding: 0.15rem 0.3rem; background: #fff; color: #1c1c1c; font: inherit; }
.gl-calc input[type=number] { width: 4em; }
.gl-calc td, .gl-calc th { padding: 0.2rem 0.4rem; text-align: left; }
.gl-calc .md-button { margin: 0.6rem 0; }
</style>"""


def _text_html(deck: Deck, text: str, icon_srcs: Mapping[str, str]) -> str:
    """Card text as HTML: escaped, line breaks kept, ``:icon:`` as the deck's picture (alt: its name)."""
    parts = []
    for part in split_icons(text, icon_srcs):
        if isinstance(part, tuple):
            parts.append(f'<img class="gl-card-icon" src="{html_text(icon_srcs[part[0]])}" alt="{html_text(part[0])}">')
        else:
            parts.append(html_text(part).replace("\n", "<br>"))
    return "".join(parts)


def card_html(deck: Deck, card: Card, art_src: str = "", icon_srcs: Mapping[str, str] | None = None,
              language: str = ENGLISH) -> str:
    """One card face as a single line of HTML (every scenario text escaped); ``art_src``: its picture's URL;
    ``icon_srcs``: the URL of each of the deck's icons by name; its fixed words (rank, playtest value) in
    ``language`` as the printed card says them."""
    icon_srcs = icon_srcs or {}
    words = printable_labels(language)
    band = readable_band(deck.colour_of(card))  # the band's small print reads on screen
    parts = [f'<div class="gl-card" style="--gl-band: {html_text(band)}; --gl-on-band: {text_colour(band)}">',
             '<div class="gl-card-band">',
             f'<span class="gl-card-type">{html_text(deck.type_of(card).name)}</span>']
    if card.suit is not None:
        parts.append(f'<span class="gl-card-suit">{html_text(suit_line(deck, card, words("card_rank", rank="{rank}")))}'
                     '</span>')
    if card.shown_value is not None:
        parts.append(f'<span class="gl-card-value">{html_text(card.shown_value)}</span>')
    parts.append("</div>")
    if art_src:
        parts.append(f'<img class="gl-card-art" src="{html_text(art_src)}" alt="">')
    parts.append(f'<div class="gl-card-name">{html_text(card.name)}</div>')
    parts += [f'<div class="gl-card-field">{html_text(line)}</div>' for line in field_lines(deck, card)]
    if card.text:
        parts.append(f'<div class="gl-card-text">{_text_html(deck, card.text, icon_srcs)}</div>')
    if card.flavour:
        parts.append(f'<div class="gl-card-flavour">{_text_html(deck, card.flavour, icon_srcs)}</div>')
    foot = f"×{card.copies} · {card.id}" + (f" · {words('card_playtest')}" if card.playtest else "")
    parts.append(f'<div class="gl-card-foot">{html_text(foot)}</div></div>')
    return "".join(parts).replace("\n", " ")


def _values_text(values: tuple[int | None, ...], language: str = ENGLISH) -> str:
    """The values of a row or rule, the cards without one counted after them.

    >>> _values_text((1, 2, None)), _values_text((1, None), "ja"), _values_text(())
    ('1, 2 (+1 without a value)', '1（値なし+1）', '—')
    """
    shown = [str(v) for v in values if v is not None]
    blank = sum(1 for v in values if v is None)
    text = site_word("deck.value_separator", language).join(shown)
    return text + (site_word("deck.without_value", language, count=blank) if blank else "") if text or blank else "—"


def composition_markdown(deck: Deck, language: str = "en") -> str:
    rows = [site_word("deck.table_head", language), "|---|---|---:|---|"]
    for row in composition_table(deck):
        suit = md_text(deck.suit(row.suit).name) if row.suit else "—"
        rows.append(f"| {md_text(deck.card_type(row.type).name)} | {suit} | {row.count} | "
                    f"{md_text(_values_text(row.values, language))} |")
    rows.append(f"| **{site_word('deck.all_cards', language)}** | | **{deck.size}** | |")
    return "\n".join(rows)


def rules_markdown(deck: Deck, language: str = ENGLISH) -> str:
    """The composition rules ``gaslight check`` enforces, one line each, in ``language``."""
    def word(key: str, **values: object) -> str:
        return site_word(f"deck.rule.{key}", language, **values)

    lines = [f"- {word('total', count=deck.total)}"] if deck.total is not None else []
    for rule in deck.rules:
        wants = []
        if rule.count is not None:
            wants.append(word("count_one" if rule.count == 1 else "count", count=rule.count))
        if rule.values is not None:
            ordered = tuple(sorted(rule.values, key=lambda v: (v is None, v or 0)))
            wants.append(word("values", values=_values_text(ordered, language)))
        if rule.sum is not None:
            wants.append(word("sum", sum=rule.sum))
        wants += [word("parameter", what=word(f"of.{what}"), name=name) for what, name in rule.parameters]
        lines.append(f"- {md_text(_rule_subject(deck, rule, language))}: {md_text(word('separator').join(wants))}")
    return "\n".join(lines) or f"- {word('none')}"


def _rule_subject(deck: Deck, rule: Any, language: str) -> str:
    """What a composition rule counts, in ``language``: its group, and the deck's names of its type and suit."""
    def word(key: str, **values: object) -> str:
        return site_word(f"deck.rule.{key}", language, **values)

    parts = [word("group", name=rule.group)] if rule.group else []
    parts += [word("type", name=deck.card_type(rule.type).name)] if rule.type else []
    parts += [word("suit", name=deck.suit(rule.suit).name)] if rule.suit else []
    return word("separator").join(parts) or word("whole")


def components_markdown(deck: Deck, language: str = ENGLISH) -> str:
    lines = []
    for part in deck.components:
        faces = site_word("deck.faces", language, faces=part.faces) if part.faces else ""
        note = site_word("deck.part_note", language, note=md_text(part.description)) if part.description else ""
        kind = site_word("deck.part_kind", language, kind=site_word(f"deck.kind.{part.kind}", language), faces=faces)
        lines.append(f"- **{md_text(part.name)}** × {part.copies}{kind}{note}")
    return "\n".join(lines)


def gallery_markdown(deck: Deck, page: str, downloads: Sequence[Download], source_file: str = "",
                     art_files: Mapping[str, str] | None = None, play_page: str = "", language: str = "en") -> str:
    """The deck's page: summary, play link, downloads, composition, components, every card face (the words around
    the deck's own in ``language``)."""
    def word(key: str, **values: object) -> str:
        return site_word(f"deck.{key}", language, **values)

    out = [f"# {md_text(deck.title)}", ""]
    if deck.summary:
        out += [md_text(deck.summary), ""]
    if play_page:
        out += [word("play", link=page_link(page, play_page)), ""]
    out += [f"## {word('print_and_play')}", ""]
    out += [f"- [{md_text(row.label_in(language))}]({page_link(page, row.path)}) — {md_text(row.note_in(language))}"
            for row in downloads]
    spec = deck.print_spec
    width, height = spec.trim_mm
    size = printable_labels(language)(f"sheet_size.{spec.size}")
    out += ["", word("print_note", width=f"{width:g}", height=f"{height:g}", size=size, bleed=f"{spec.bleed_mm:g}",
                     safe=f"{spec.safe_mm:g}", deck=deck.id), ""]
    if deck.playtest:
        out += [f'!!! note "{word("playtest_values")}"', "", f"    {md_text(deck.playtest)}", ""]
    source = md_text(source_file or Path(deck.location.file).name)
    out += [f"## {word('composition')}", "", composition_markdown(deck, language), "",
            word("kept_in", source=source), "", rules_markdown(deck, language), ""]
    if deck.components:
        out += [f"## {word('other_components')}", "", components_markdown(deck, language), ""]
    out += [f"## {word('every_card')}", "", CARD_CSS, "", '<div class="gl-cards">']
    art_files = art_files or {}
    icons = {name: page_link(page, art_files[art.path]) for name, art in deck.icons.items() if art.path in art_files}
    out += [card_html(deck, card, page_link(page, art_files[art.path]) if (art := deck.art_of(card)) else "", icons,
                      language) for card in deck.cards]
    out += ["</div>", ""]
    return "\n".join(out)


def deck_page(deck: Deck, first_of_game: bool, site: GameSite | None = None) -> tuple[str, tuple[str, ...]]:
    """(page path, menu path) of a deck's gallery page; ``site``: the section of the deck's ruleset."""
    if site is not None:
        if first_of_game:
            return f"{site.folder}/deck.md", (site.section, site_word("nav.deck"))
        return f"{site.folder}/decks/{deck.id}.md", (site.section, site_word("nav.decks"), deck.title)
    section = SECTIONS[deck.game]
    if first_of_game and deck.game != "other":
        return f"{section.folder}/deck.md", (section.section, site_word("nav.deck"))
    folder = "decks" if deck.game == "other" else f"{section.folder}/decks"
    return f"{folder}/{deck.id}.md", (section.section, site_word("nav.decks"), deck.title)


# ---- scoring pages ----

RUMMY_PARAMETERS = {"vote_points": "vote_bonus", "ripper_escape_points": "escape_points",
                    "jack_multiplier": "jack_multiplier", "escape_penalty_per_victim": "escape_in_hand_per_victim",
                    "target_score": "game_target"}
TWENTYFOUR_PARAMETERS = {"assist_points": "assist_points", "coop_set_size": "set_size",
                         "coop_bonus_per_card": "set_bonus_per_card", "incidents_per_season": "incidents_per_season",
                         "death_bonus_base": "death_bonus_base"}


def game_parameters(project: Project, game: str, names: Mapping[str, str]) -> dict[str, Any]:
    """The scoring rules' overrides from the game's ruleset (its defaults), renamed to the scoring fields."""
    ruleset = next((r for r in project.of_kind("ruleset") if r.game == game), None)
    if ruleset is None:
        return {}
    from gaslight.domain.rules.ruleset import resolve

    parameters = resolve(ruleset, None).parameters
    return {ours: parameters[theirs] for theirs, ours in names.items() if isinstance(parameters.get(theirs), int)}


def _points_by_kind(deck: Deck) -> dict[str, int]:
    """The value of each card type (its first card with a value): the calculator's default points."""
    points: dict[str, int] = {}
    for card in deck.cards:
        if card.value is not None:
            points.setdefault(card.type, card.value)
    return points


def _attribute(data: Any) -> str:
    return html_text(json.dumps(data, sort_keys=True, ensure_ascii=False))


def _calculator(page: str, name: str, data: Mapping[str, Any], language: str) -> str:
    """The calculator's element: its data and its labels (``calc.<name>.*`` of the site's words) as attributes."""
    prefix = f"calc.{'24' if name == 'twentyfour' else name}."
    shown = site_table(language)  # templates the calculator fills ({n}, {jack}): not formatted here
    words = {key.removeprefix(prefix): shown.get(key, english)
             for key, english in site_table(ENGLISH).items() if key.startswith(prefix)}
    attributes = " ".join(f'data-{key}="{_attribute(value)}"'
                          for key, value in sorted({**data, "words": words}.items()))
    script = page_link(page, f"assets/calculators/{name}.js")
    return (f'{CALC_CSS}\n\n<div class="gl-calc" data-gl-calc="{name}" {attributes}>'
            f"<p><em>{html_text(site_word('scoring.needs_javascript', language))}</em></p></div>\n\n"
            f'<script type="module" src="{script}"></script>')


def rummy_scoring_markdown(deck: Deck | None, rules: rummy.RummyRules, page: str, deck_link: str | None,
                           language: str = "en") -> str:
    """Ripper rummy's scoring page in ``language``: the two ways a hand is scored, a worked example, the calculator."""
    def word(key: str, **values: object) -> str:
        return site_word(f"scoring.{key}", language, **values)

    suspects = [{"id": s.id, "name": s.name, "rank": s.rank}
                for s in (deck.suits if deck else ()) if s.group == "suspect"]
    example = rummy.score_hand(rummy.RummyHand(
        (rummy.RummyPlayer("Ann", (rummy.RummyCard("evidence", 5, "crimson"),) * 3
                           + (rummy.RummyCard("suspect", 10, "crimson"),), went_out=True, vote="crimson"),
         rummy.RummyPlayer("Bob", (rummy.RummyCard("letter", 3),) * 3, (rummy.RummyCard("victim", 5),))),
        {"crimson": 1}), rules)
    ann, bob = example.totals()["Ann"], example.totals()["Bob"]
    listed = ", ".join(f"`{md_text(s['id'])}` ({md_text(s['name'])})" for s in suspects)
    out = [f"# {word('rummy.title')}", "", word("rummy.intro"), "",
           f"## {word('rummy.arrest')}", "", word("rummy.arrest_text"), "",
           f"- {word('rummy.jack_colour', multiplier=rules.jack_multiplier)}",
           f"- {word('rummy.printed_value')}",
           f"- {word('rummy.left_in_hand', per_victim=rules.escape_in_hand_per_victim)}",
           f"- {word('rummy.vote', vote=rules.vote_bonus)}", "",
           f'!!! note "{word("rummy.ruling_title")}"', "",
           f"    {word('rummy.ruling')}", "",
           f"## {word('rummy.escape')}", "",
           word("rummy.escape_text", escape=rules.escape_points), "",
           word("rummy.game_end", target=rules.game_target), "",
           f"## {word('worked_example')}", "",
           word("rummy.example", multiplier=rules.jack_multiplier, vote=rules.vote_bonus, ann=ann, bob=bob), "",
           f"## {word('calculator')}", "",
           word("rummy.codes", suspects=listed), "",
           _calculator(page, "rummy", {"rules": _rules_json(rules), "suspects": suspects,
                                       "points": _points_by_kind(deck) if deck else {}}, language), ""]
    if deck_link:
        out += ["", word("rummy.values_from", deck=deck_link)]
    return "\n".join(out) + "\n"


def twentyfour_scoring_markdown(deck: Deck | None, rules: twentyfour.TwentyFourRules, page: str,
                                deck_link: str | None, language: str = "en") -> str:
    """24's scoring page in ``language``: what a detective adds up, a worked example, the calculator."""
    def word(key: str, **values: object) -> str:
        return site_word(f"scoring.{key}", language, **values)

    detectives = [{"name": c.name, "skill": str(c.get("skill_id", ""))}
                  for c in (deck.cards if deck else ()) if c.type == "detective"]
    incident_suits = [s for s in (deck.suits if deck else ()) if s.group == "incident"]
    example = twentyfour.score_detective(twentyfour.Detective(
        "Ann", stand=(twentyfour.Incident("bombing", 4),),
        coop=(twentyfour.Incident("siege", 2), twentyfour.Incident("siege", 3)), assists=1), rules)
    out = [f"# {word('24.title')}", "", word("24.intro"), "",
           f"- {word('24.cards')}",
           f"- {word('24.assists', points=rules.assist_points)}",
           f"- {word('24.sets', size=rules.set_size, bonus=rules.set_bonus_per_card)}",
           f"- {word('24.death', base=rules.death_bonus_base)}",
           f"- {word('24.lone_hunter')}", "",
           word("24.winner"), "",
           f'!!! note "{word("24.ruling_title")}"', "",
           f"    {word('24.ruling')}", "",
           f"## {word('worked_example')}", "",
           word("24.example", total=example.total), "",
           f"## {word('calculator')}", "",
           word("24.codes", suits=", ".join(f"`{md_text(s.id)}` ({md_text(s.name)})" for s in incident_suits)), "",
           _calculator(page, "twentyfour", {"rules": _rules_json(rules), "detectives": detectives}, language), ""]
    if deck_link:
        out += ["", word("24.values_from", deck=deck_link)]
    return "\n".join(out) + "\n"


def _rules_json(rules: Any) -> dict[str, Any]:
    return dict(sorted(vars(rules).items()))


# ---- the contributor ----


def _downloads(out: BuildOutput, deck: Deck, language: str) -> list[Download]:
    """The download row of each of the deck's card sheets, calibration pages, Tabletop Simulator files and print
    shop files (drawn later, by :mod:`gaslight.outputs.deck_cards`); its JSON export, written here."""
    downloads = []
    for key, note, settings in printed_sheets(deck, language, main=True):
        downloads.append(sheet_download(key, note, settings, BuildOutput.printable_path(sheet_file(deck.id, key))))
        if key in PAPER_SHEETS:  # the duplex sheets' calibration page
            downloads.append(Download(said(f"download.calibration.{key}"), (said("download.calibration_note"),),
                                      BuildOutput.printable_path(calibration_file(deck.id, key))))
    downloads += tts.download_rows(tts.DECK_FOLDER, deck.id, deck_tts_layout(deck))
    downloads += shop_downloads(deck)  # the files of the print shop the deck's print: block names
    data = json.dumps(deck_json(deck), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    downloads.append(Download(said("download.deck_data"), (said("download.deck_data_note"),),
                              out.export(f"decks/{deck.id}.json", data)))
    return downloads


def _art_files(out: BuildOutput, deck: Deck) -> dict[str, str]:
    """Copy each picture the deck's cards show into the site, named by its content; art path → site path."""
    files: dict[str, str] = {}
    for art in [deck.art_of(card) for card in deck.cards] + list(deck.icons.values()):  # icons drawn in text too
        if art is not None and art.path not in files:
            # an SVG as cleaned at check (nothing outside it, no script), never the file as written
            data = cleaned_bytes(art.path) if art.suffix == "svg" else Path(art.path).read_bytes()
            files[art.path] = f"assets/art/{hashlib.sha256(data).hexdigest()[:16]}.{art.suffix}"
            out.asset(files[art.path], data)
    return files


def _scoring(project: Project, out: BuildOutput, game: str, deck_pages: Mapping[str, tuple[Deck, str]]) -> None:
    """The game's scoring page, and the same page in each other language of the project (``scoring.<code>.md``),
    naming the deck's suspects or suits in that language."""
    section = SECTIONS[game]
    page = f"{section.folder}/scoring.md"
    deck, deck_page_path = deck_pages.get(game, (None, None))
    link = page_link(page, deck_page_path) if deck_page_path else None
    if game == "rummy":
        rules: Any = rummy.RummyRules(**game_parameters(project, "rummy", RUMMY_PARAMETERS))
        markdown: Any = rummy_scoring_markdown
    else:
        rules = twentyfour.TwentyFourRules(**game_parameters(project, "twentyfour", TWENTYFOUR_PARAMETERS))
        markdown = twentyfour_scoring_markdown
    main = main_language(project.config)
    out.page(page, markdown(deck, rules, page, link, main), nav=(section.section, site_word("nav.scoring")))
    localized = dict(localized_decks(project, deck)) if deck else {}
    languages = project.config.languages if project.config else ()
    for code in languages[1:]:
        out.page(translated_page(page, code),  # served under /<code>/: its script one folder deeper
                 one_folder_deeper(markdown(localized.get(code, deck), rules, page, link, code)))


def _translate_menu(out: BuildOutput, code: str, game: str, deck: Deck, localized: Deck) -> None:
    """The deck's menu entries (its gallery under Decks, its play page) in ``code``, from its title in it."""
    out.translate_label(code, deck.title, localized.title)
    if game in cardplay.GAMES:
        menu = cardplay.menu_title(game, deck)
        game_title = cardplay.GAMES[game][1]
        game_shown = nav_translations(code).get(game_title, game_title)
        out.translate_label(code, menu, localized.title if menu == deck.title else f"{game_shown}: {localized.title}")


def contribute(project: Project, out: BuildOutput) -> None:
    """Every deck's gallery page (naming its printables, which :mod:`gaslight.outputs.deck_cards` draws), the two
    scoring pages and the card games' play pages."""
    seen_games: set[str] = set()
    deck_pages: dict[str, tuple[Deck, str]] = {}
    gallery_pages: dict[str, str] = {}
    translations: list[DeckTranslation] = []
    sites = game_sites(project.of_kind("ruleset"))
    printed = [printed_deck(project, written) for written in project.of_kind("deck")]
    main = main_language(project.config)
    for deck in printed:
        ruleset = project.by_id("ruleset", deck.ruleset) if deck.ruleset else None
        game = ruleset.game if ruleset else deck.game
        site = sites[ruleset.id] if ruleset else None
        if site is not None:
            out.add_section(site.section)
        page, nav = deck_page(deck, game not in seen_games, site)
        if game not in seen_games:
            deck_pages[game] = (deck, page)
        seen_games.add(game)
        downloads = _downloads(out, deck, main)
        card_game = cardplay.card_game(project, deck)
        play = cardplay.play_page(card_game, deck.id) if card_game else ""
        gallery_pages[deck.id] = page
        art = _art_files(out, deck)

        def render(shown: Deck, listed: Sequence[Download], language: str = main, page: str = page,
                   art: dict[str, str] = art, play: str = play, played: Deck = deck) -> str:
            """The gallery of ``shown`` (the deck read in ``language``) and the playtest of the deck's games."""
            return (gallery_markdown(shown, page, listed, project.source_name(shown.location.file), art, play,
                                     language) + deck_playtest(project, played, language))

        out.page(page, render(deck, downloads), nav=nav)
        in_other_languages = printed_translations(project, deck)
        translations += [DeckTranslation(code, localized, page, downloads, render,
                                         printed_sheets(localized, code, main=False))
                         for code, localized in in_other_languages]
        for code, localized in in_other_languages:
            _translate_menu(out, code, game, deck, localized)
    played = {r.game for r in project.of_kind("ruleset")} | set(deck_pages)
    for game in ("rummy", "twentyfour"):
        if game in played:  # a scoring page only for a game the project has
            _scoring(project, out, game, deck_pages)
    contribute_translations(out, translations)
    read_in: dict[str, dict[str, Deck]] = {}
    for translation in translations:  # the play pages show each language's faces
        read_in.setdefault(translation.deck.id, {})[translation.language] = translation.deck
    cardplay.contribute(project, out, printed, gallery_pages, read_in)
