"""Site pages, printables and engine exports for Walton cases.

* ``walton/cases/index.md`` — every case with its declared and measured difficulty and proof metrics,
  and the mansion's investigation sheet (A4 and Letter);
* ``walton/cases/<id>.md`` — the cards (escaped), then the answer and its proof behind a spoiler;
* ``walton/case-logic.md`` (hand-written) with the readings of who may lie written in from
  :mod:`gaslight.domain.walton.liars`, placed when the project has anything of Walton's;
* printables: the investigation sheet of each mansion, A4 and Letter (the decks contributor prints the
  cards of every case on ``walton/case-cards.md``; the case pages link there);
* exports: ``export/walton/<id>.json`` (see :func:`gaslight.domain.walton.export.case_json`) and an index.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gaslight.cache import NO_CACHE, ResultCache, cached, engine_code
from gaslight.domain.walton.case import DIFFICULTIES, Answer, Case
from gaslight.domain.walton.case_language import card_texts
from gaslight.domain.walton.doctor import Remedy, remedy_lines
from gaslight.domain.walton.export import case_json
from gaslight.domain.walton.hints import ladder
from gaslight.domain.walton.liars import DEFAULT_READING, PLAYER_RULES_JA, READING, READINGS, Reading
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import Proof, difficulty_reasons
from gaslight.domain.walton.step_words import Words
from gaslight.domain.walton.verdict import TOO_LARGE_FIX, examine, too_large
from gaslight.errors import UserError
from gaslight.languages import ENGLISH, site_word, translated_page
from gaslight.limits import TimeLimitReached
from gaslight.outputs.case_cards import sheet_file
from gaslight.outputs.investigation_sheet import investigation_sheet
from gaslight.outputs.labels import printable_labels, printed_language
from gaslight.outputs.sink import GAME_SITES, BuildOutput
from gaslight.outputs.sink import page_link as link
from gaslight.outputs.text import md_text
from gaslight.outputs.tts_links import case_object_path, load_note
from gaslight.project import Project
from gaslight.resources import SITE_DIR

SECTION = GAME_SITES["walton"].section
INDEX = "walton/cases/index.md"
CASE_LOGIC = "walton/case-logic.md"
PLAY = "play/walton.md"
TABLE = "play/walton-table.md"  # written by the engine contributor beside PLAY
RULES = "walton/rules.md"  # written by the rules contributor when the Walton ruleset is loaded
CASE_CARDS = "walton/case-cards.md"  # written by the decks contributor (gaslight.outputs.decks) for every case
PAGES = ("a4", "letter")
TABLE_SEATS = 4
TABLE_GAMES = 10  # bot games per case for its page (``gaslight playtest`` plays as many as asked)


@dataclass(frozen=True)
class Proven:
    """A case with its mansion and proof."""

    case: Case
    mansion: Mansion
    proof: Proof
    remedies: tuple[Remedy, ...] = ()  # the case doctor's verified edits, when the case needs any

    @property
    def page(self) -> str:
        return f"walton/cases/{self.case.id}.md"

    @property
    def playable(self) -> bool:
        """Proven to have one answer, its own: bots can play it."""
        result = self.proof.result
        return result.verdict == "unique" and result.solutions[0] == self.case.answer


def _order(proven: Proven) -> tuple[int, str]:
    return (DIFFICULTIES.index(proven.case.difficulty), proven.case.id)


def prove_all(project: Project) -> list[Proven]:
    """Every case whose mansion is loaded, proven, in difficulty order."""
    found = []
    for case in project.of_kind("case"):
        mansion = project.by_id("mansion", case.mansion)
        if mansion is None:
            continue
        try:
            proof, remedies = examine(mansion, case)
            found.append(Proven(case, mansion, proof, remedies))
        except TimeLimitReached as reached:  # the check before the build proved it: a loaded machine
            raise UserError(f"{case.cards_location.file}: {too_large(reached)} (fix: {TOO_LARGE_FIX})") from None
    return sorted(found, key=_order)


def _metrics_cells(proof: Proof) -> list[str]:
    metrics = proof.metrics
    if metrics is None:
        return [proof.result.verdict, "–", "–", "–", "–"]
    shape = metrics.steps
    return [f"{metrics.measured_difficulty} ({metrics.score:g})", str(shape.largest_step), str(shape.split_steps),
            f"{shape.cards_used}/{metrics.deck_size}", str(len(metrics.whole_proof))]


def play_at_table(proven: Sequence[Proven], exports: Mapping[str, dict[str, Any]],
                  cache: ResultCache = NO_CACHE) -> dict[str, dict[str, Any]]:
    """Bot games of every playable case (with Node.js; none without it): the playtest report by case id.

    Each case's report is kept in ``cache`` by what the bots read of its export, so a build replays only the cases
    whose cards, claims or mansion changed (not their words).
    """
    from gaslight.play.node import node_available
    from gaslight.play.walton import play_cases, table_reads

    playable = [p for p in proven if p.playable]
    if not playable or not node_available():
        return {}
    cases = [exports[p.case.id] for p in playable]
    reports = cache.remember_each(
        "playtest", [{"case": table_reads(case), "seats": TABLE_SEATS, "games": TABLE_GAMES, "seed": 1}
                     for case in cases],
        engine_code("walton/tableplay.mjs", "play/walton.py", "play/node.py"),
        lambda todo: play_cases([cases[i] for i in todo], TABLE_SEATS, TABLE_GAMES, 1, os.cpu_count() or 1))
    return {p.case.id: found for p, found in zip(playable, reports, strict=True)}


def _plural(count: int, key: str, language: str) -> str:
    """``count`` things by the site's words ``<key>.one`` and ``<key>.other``.

    >>> _plural(1, "walton.game", "en"), _plural(3, "walton.game", "en"), _plural(3, "walton.game", "ja")
    ('1 game', '3 games', '3ゲーム')
    """
    return site_word(f"{key}.{'one' if count == 1 else 'other'}", language, count=count)


def table_section(case: Case, found: Mapping[str, Any] | None, language: str = ENGLISH) -> list[str]:
    """What bots made of the case at the table: rounds, wrong answers, cards seen (or why nobody played)."""
    lines = [f"## {site_word('walton.at_table', language)}", ""]
    if found is None:
        return [*lines, site_word("walton.not_played", language), ""]
    games, solved = found["games"], found["solved"]
    said = [site_word("walton.bots_played", language, games=_plural(games, "walton.game", language),
                      seats=found["seats"], first=found["seed"], last=found["seed"] + games - 1, solved=solved)]
    if solved:
        rounds = [int(r) for r in found["rounds"]]
        said.append(site_word("walton.bots_rounds", language, mean=f"{found['mean_rounds']:g}", fewest=min(rounds),
                              most=max(rounds), seen=f"{found['cards_seen_at_solve']:g}", cards=len(case.cards)))
    said.append(site_word("walton.bots_wrong", language,
                          wrong=_plural(found["wrong_solves"], "walton.wrong", language)))
    return [*lines, "".join(said), "", site_word("walton.playtest_more", language, case=case.id), ""]


def index_page(proven: Sequence[Proven], sheets: dict[str, list[tuple[str, str]]],
               played: Mapping[str, Mapping[str, Any]], language: str = ENGLISH) -> str:
    """The case list: one row per case, then the investigation sheets (``sheets``: (paper, path) by mansion
    title, in ``language``)."""
    def words(key: str, **values: object) -> str:
        return site_word(key, language, **values)

    lines = [f"# {words('page.cases_title')}", "", words("walton.index_intro", seats=TABLE_SEATS, games=TABLE_GAMES),
             "", words("walton.index_new_case"), ""]
    if proven:
        lines += [words("walton.index_head"), "|---|:-:|:-:|--:|--:|--:|--:|--:|"]
        for item in proven:
            rounds = played.get(item.case.id, {}).get("mean_rounds")
            cells = [f"[{md_text(shown_case(item.case, language).title)}]({link(INDEX, item.page)})",
                     item.case.difficulty,
                     *_metrics_cells(item.proof), "–" if rounds is None else words("walton.rounds",
                                                                                   rounds=f"{rounds:g}")]
            lines.append("| " + " | ".join(cells) + " |")
    else:
        lines.append(words("walton.no_cases"))
    lines += ["", f"## {words('walton.sheet_heading')}", "", words("walton.sheet_intro"), ""]
    for title, files in sorted(sheets.items()):
        links = ", ".join(f"[{words(f'walton.paper.{paper}')}]({link(INDEX, path)})" for paper, path in files)
        lines.append(f"- {md_text(title)}: {links}")
    if not sheets:
        lines.append(words("walton.no_mansion"))
    if proven:
        lines += ["", words("walton.index_links", cards=link(INDEX, CASE_CARDS), logic=link(INDEX, CASE_LOGIC))]
    return "\n".join(lines) + "\n"


def shown_case(case: Case, language: str) -> Case:
    """``case`` with its title and description in ``language`` (English: as loaded, the main pages' text)."""
    return case if language == ENGLISH else case.in_language(language)


def _name(mansion: Mansion, ident: str) -> str:
    room = mansion.room(ident)
    return room.name if room else mansion.speaker_name(ident)


def cards_table(mansion: Mansion, case: Case, language: str = ENGLISH) -> list[str]:
    """The cards as a Markdown table (every cell escaped), in ``language``: its words, the mansion's names in it
    and the cards' texts rendered in it (:mod:`gaslight.domain.walton.case_language`). The text names its
    speaker, so no column does: the table stays narrow enough to read on a phone."""
    named = mansion if language == ENGLISH else mansion.in_language(language)
    texts = card_texts(case, mansion, language)
    lines = [site_word("walton.cards_head", language), "|--:|---|:-:|---|---|"]
    for card in sorted(case.cards, key=lambda c: c.number):
        refs = site_word("walton.list_joiner", language).join(_name(named, r) for r in card.references)
        cells = [str(card.number), site_word(f"walton.type.{card.type}", language), str(card.value), md_text(refs),
                 md_text(texts[card.number])]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def answer_text(answer: Answer, mansion: Mansion, language: str) -> str:
    """The answer in words: English as :meth:`Answer.describe` says it, another language from the site's words
    with the mansion's names in it."""
    if language == ENGLISH:
        return answer.describe(mansion)
    named = mansion.in_language(language)

    def motive(who: str, motive_id: str | None) -> str:
        suspect = named.suspect(who)
        found = suspect.motive(motive_id or "") if suspect else None
        return found.name if found else str(motive_id)

    def name(who: str) -> str:
        suspect = named.suspect(who)
        return suspect.name if suspect else who

    weapon = named.weapon(answer.weapon)
    values = {"culprit": name(answer.culprit), "motive": motive(answer.culprit, answer.motive),
              "weapon": weapon.name if weapon else answer.weapon}
    if answer.accomplice is None:
        return site_word("walton.answer_alone", language, **values)
    return site_word("walton.answer_helped", language, helper=name(answer.accomplice),
                     helper_motive=motive(answer.accomplice, answer.accomplice_motive), **values)


def solution_block(proven: Proven, language: str = ENGLISH) -> list[str]:
    """The spoiler: answer, proof lines and metrics, indented inside ``??? note``. The proof's lines and the reasons
    of the difficulty are told in ``language`` (:mod:`gaslight.domain.walton.step_words`), and so are the doctor's
    edits, their cards as the page's table prints them (:func:`~gaslight.domain.walton.doctor.remedy_lines`)."""
    proof, mansion = proven.proof, proven.mansion
    said = Words(mansion, proven.case, language)

    def words(key: str, **values: object) -> str:
        return site_word(key, language, **values)

    body: list[str] = []
    if proof.result.verdict == "unique":
        body += [words("walton.answer", answer=md_text(answer_text(proof.result.solutions[0], mansion, language))),
                 "", words("walton.proof_intro"), ""]
        body += [f"- {md_text(said.text(e.said) if e.said else e.line)}" for e in proof.eliminations]
    else:
        body.append(words("walton.verdict", verdict=proof.result.verdict, case=proven.case.id))
    metrics = proof.metrics
    if metrics is not None:
        critical = ", ".join(str(n) for n in metrics.critical_cards) or words("walton.none")
        body += ["", words("walton.measured", level=metrics.measured_difficulty, score=f"{metrics.score:g}",
                           reasons=md_text(difficulty_reasons(metrics, language)), critical=critical,
                           herrings=len(metrics.red_herrings))]
    if proven.remedies:
        body += ["", words("walton.doctor"), ""]
        lines = remedy_lines(proven.remedies, mansion, proven.case, language)
        body += [f"- {md_text(line)}" + (f" — `{r.yaml}`" if r.yaml else "")
                 for r, line in zip(proven.remedies, lines, strict=True)]
    return [f'??? note "{md_text(words("walton.solution"))}"', ""] + [f"    {line}" if line else "" for line in body]


WHO_MAY_LIE_MARK = "<!-- gaslight: who may lie -->"


def reading_words(reading: Reading, language: str = ENGLISH) -> tuple[str, str]:
    """A reading's title and summary in ``language``: English from :mod:`gaslight.domain.walton.liars`, another
    language from the site's words (``walton.reading.<id>.*``).

    >>> reading_words(READING["free"], "ja")[0], reading_words(READING["free"])[0]
    ('自由な読み方', 'Free reading')
    """
    if language == ENGLISH:
        return reading.title, reading.summary
    return (site_word(f"walton.reading.{reading.id}.title", language),
            site_word(f"walton.reading.{reading.id}.summary", language))


def reading_section(reading: Reading, language: str = ENGLISH) -> list[str]:
    """One reading of who may lie, for the case logic page: the rule in words, then claim by claim (in
    ``language``: the player rules' sentences of :data:`~gaslight.domain.walton.liars.PLAYER_RULES_JA` and the
    site's words)."""
    title, _ = reading_words(reading, language)
    default = site_word("walton.logic_default", language) if reading.id == DEFAULT_READING else ""
    lines = [f"### `liars: {reading.id}` — {title}{default}", ""]
    rules = reading.rules if language != "ja" else PLAYER_RULES_JA[reading.id]
    lines += [f"- {sentence}" for sentence in rules]
    lines += ["", site_word("walton.logic_head", language), "|---|---|"]
    if language == ENGLISH:
        lines += [f"| {who} | {what} |" for who, what in reading.precise]
    else:
        rows = range(1, len(reading.precise) + 1)
        lines += [site_word(f"walton.reading.{reading.id}.row.{n}", language) for n in rows]
    return [*lines, ""]


def case_logic_page(template: str, language: str = ENGLISH) -> str:
    """The hand-written case logic page (in ``language``) with the readings of who may lie written in from their
    one source."""
    intro = [site_word("walton.logic_intro", language, default=DEFAULT_READING), ""]
    sections = [line for reading in READINGS for line in reading_section(READING[reading], language)]
    return template.replace(WHO_MAY_LIE_MARK, "\n".join(intro + sections).rstrip())


def _numbered(word: str, numbers: Sequence[int]) -> str:
    """``card 4``, ``cards 4 and 9``, ``steps 1, 2 and 5`` ('' for none).

    >>> _numbered("step", (1, 2, 5)), _numbered("card", (4,)), _numbered("card", ())
    ('steps 1, 2 and 5', 'card 4', '')
    """
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"{word} {numbers[0]}"
    return f"{word}s {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"


def steps_block(proven: Proven, language: str = ENGLISH) -> list[str]:
    """The hint ladder, one collapsed block per rung: for each step first where to look (no conclusion), then
    what it gives and why, so a stuck table takes one hint at a time and nothing is named before it is found.
    The hints are told in ``language`` (:mod:`gaslight.domain.walton.step_words`), English where it has no
    sentences of its own."""
    if not proven.proof.steps:
        return []
    lines = [f"## {site_word('walton.hints_title', language)} {{ data-search-exclude }}", "",
             site_word("walton.hints_intro", language), ""]
    joiner = Words(None, language=language).table["join.lead"]  # " " in English, none in Japanese
    for number, conclusion, lead, rest in hint_rungs(proven, language):
        label = site_word("walton.step_gives" if conclusion else "walton.step_look", language, number=number)
        text = md_text(rest)
        lines += [f'??? tip "{md_text(label)}"', "",
                  f"    **{md_text(lead)}**{joiner}{text}" if lead else f"    {text}", ""]
    return lines


def hint_rungs(proven: Proven, language: str = ENGLISH) -> list[tuple[int, bool, str, str]]:
    """(step number, a conclusion?, its bold lead, the rest) of each rung of the case's hint ladder in
    ``language``; a build keeps them on disk by the mansion and the case (gaslight.cache), as it keeps the proof:
    a save of another case does not tell this one's hints again."""
    def told() -> list[tuple[int, bool, str, str]]:
        return [(number, rung.conclusion, rung.lead, rung.text[len(rung.lead):].lstrip())
                for hint in ladder(proven.mansion, proven.case, proven.proof, language)
                for number, rung in zip((hint.step, *hint.steps), hint.rungs, strict=True)]
    return cached("hint-ladder", (proven.mansion, proven.case, language), told)


def case_page(proven: Proven, extra_links: Sequence[tuple[str, str]], played: Mapping[str, Any] | None = None,
              note: str = "", language: str = ENGLISH) -> str:
    """The case's page in ``language``; ``note``: a line under its links (how to load its Tabletop Simulator
    deck). The reading of who may lie keeps its English title and summary (:mod:`gaslight.domain.walton.liars`)."""
    case, mansion = proven.case, proven.mansion
    reading = case.reading(mansion)
    title, summary = reading_words(reading, language)
    named = mansion if language == ENGLISH else mansion.in_language(language)
    shown = shown_case(case, language)
    lines = [f"# {md_text(shown.title)}", "",
             site_word("walton.case_line", language, level=case.difficulty, cards=len(case.cards),
                       mansion=md_text(named.title)), "",
             site_word("walton.who_may_lie", language, title=title.lower(), reading=reading.id, summary=summary,
                       logic=link(proven.page, CASE_LOGIC)), ""]
    if shown.description:
        lines += [md_text(shown.description), ""]
    for label, target in extra_links:
        lines.append(f"- [{label}]({link(proven.page, target)})")
    if note:
        lines += ["", md_text(note)]
    # The wrapper lets a phone show each card as a block instead of a table wider than the screen.
    lines += ["", *table_section(case, played, language),
              f"## {site_word('walton.cards', language)}", "", '<div class="gaslight-cards" markdown>', "",
              *cards_table(mansion, case, language), "", "</div>", "",
              # The answer stays out of the search index: a search snippet must not spoil the case.
              *steps_block(proven, language), f"## {site_word('walton.solution', language)} {{ data-search-exclude }}",
              "", *solution_block(proven, language)]
    return "\n".join(lines) + "\n"


def _sheets(mansions: Sequence[Mansion], out: BuildOutput, languages: Sequence[str] = ()
            ) -> dict[str, dict[str, list[tuple[str, str]]]]:
    """Each mansion's investigation sheet; also under ``walton/<code>/`` in each other language with printable
    words of its own (:mod:`gaslight.outputs.labels`). By language (English for the main one), then by the
    mansion's title in it: (paper, path)."""
    sheets: dict[str, dict[str, list[tuple[str, str]]]] = {ENGLISH: {}}
    main = printed_language(languages[0]) if languages else ENGLISH
    for mansion in mansions:
        files = []
        for page in PAGES:
            path = out.printable(f"walton/investigation-sheet-{mansion.id}-{page}.pdf",
                                 investigation_sheet(mansion, page, main))
            files.append((page, path))
            for code in languages[1:]:
                if printable_labels(code).table:
                    translated = out.printable(f"walton/{code}/investigation-sheet-{mansion.id}-{page}.pdf",
                                               investigation_sheet(mansion.in_language(code), page, code))
                    own = sheets.setdefault(code, {}).setdefault(mansion.in_language(code).title, [])
                    own.append((page, translated))
        sheets[ENGLISH][mansion.title] = files
    return sheets


def _case_cards(proven: Sequence[Proven], code: str) -> dict[str, list[tuple[str, str]]]:
    """Where each case's clue cards in language ``code`` are, A4 and Letter (``print/walton/<code>/``, drawn by
    :mod:`gaslight.outputs.case_cards`, which a saved case's page does not wait for): (paper, path) by case id;
    none for a language with no printable words of its own."""
    if not printable_labels(code).table:
        return {}
    return {p.case.id: [(page, BuildOutput.printable_path(sheet_file(p.case.id, page, code))) for page in PAGES]
            for p in proven}


def _json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def contribute(project: Project, out: BuildOutput) -> None:
    mansions = list(project.of_kind("mansion"))
    proven = prove_all(project)
    walton_rules = any(r.family == "walton" for r in project.of_kind("ruleset"))
    if not mansions and not proven and not walton_rules:
        return
    template = (SITE_DIR / CASE_LOGIC).read_text(encoding="utf-8")
    out.page(CASE_LOGIC, case_logic_page(template), nav=(SECTION, site_word("nav.case_logic")))
    for code in project.config.languages[1:] if project.config else ():
        translated = SITE_DIR / translated_page(CASE_LOGIC, code)  # the hand-written page in that language
        if translated.is_file():
            out.page(translated_page(CASE_LOGIC, code), case_logic_page(translated.read_text(encoding="utf-8"), code))
    if not mansions and not proven:
        return
    languages = tuple(project.config.languages) if project.config else ()
    main = languages[0] if languages else ENGLISH  # the main pages' words (a Japanese project's are Japanese)
    sheets = _sheets(mansions, out, languages)
    exports = {p.case.id: case_json(p.mansion, p.case) for p in proven}
    played = play_at_table(proven, exports, out.cache)
    out.page(INDEX, index_page(proven, sheets[ENGLISH], played, main),
             nav=(SECTION, site_word("nav.cases"), site_word("nav.all_cases")))
    play, rules = (out.docs / PLAY).exists(), (out.docs / RULES).exists()
    note = load_note(project.config, main)
    for item in proven:
        out.page(item.page, case_page(item, _case_links(item, play, rules, sheets, main), played.get(item.case.id),
                                      note, main), nav=(SECTION, site_word("nav.cases"), item.case.title))
        out.export(f"walton/{item.case.id}.json", _json(exports[item.case.id]))
    for code in languages[1:]:  # the pages of each other language, beside the main ones (mkdocs-static-i18n)
        cards = _case_cards(proven, code)
        out.page(translated_page(INDEX, code), index_page(proven, sheets.get(code, {}), played, code))
        for item in proven:
            links = _case_links(item, play, rules, sheets, code, cards.get(item.case.id, []))
            out.page(translated_page(item.page, code), case_page(item, links, played.get(item.case.id),
                                                                 load_note(project.config, code), code))
            out.translate_label(code, item.case.title, item.case.in_language(code).title)
    index = [{"id": p.case.id, "title": p.case.title, "difficulty": p.case.difficulty,
              "file": f"{p.case.id}.json"} for p in proven]
    out.export("walton/index.json", _json({"format": "gaslight-walton-index/1", "cases": index}))


def _case_links(item: Proven, play: bool, rules: bool, sheets: Mapping[str, Mapping[str, list[tuple[str, str]]]],
                language: str,
                cards: Sequence[tuple[str, str]] = ()) -> list[tuple[str, str]]:
    """A case page's links in ``language``: play, rules, its cards (``cards``: (paper, path) in that language),
    the Tabletop Simulator deck and the investigation sheets (that language's where it has them)."""
    def words(key: str, **values: object) -> str:
        return site_word(key, language, **values)

    links = [(words("walton.link_table"), f"{TABLE}?case={item.case.id}"),
             (words("walton.link_solo"), PLAY)] if play else []
    if rules:
        links.append((words("walton.link_rules"), RULES))
    links += [(words("walton.link_case_cards", paper=words(f"walton.paper.{paper}")), path) for paper, path in cards]
    links.append((words("walton.link_all_cards"), CASE_CARDS))
    # the deck in this language where its cards print in it (as ``cards``), else the main language's
    links.append((words("walton.link_tts"), case_object_path(item.case.id, language if cards else None)))
    title = item.mansion.title if language == ENGLISH else item.mansion.in_language(language).title
    sheet = sheets.get(language, {}).get(title) or sheets[ENGLISH].get(item.mansion.title, [])
    links += [(words("walton.link_sheet", paper=words(f"walton.paper.{paper}")), path) for paper, path in sheet]
    return links
