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
import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gaslight.cache import NO_CACHE, ResultCache, engine_code
from gaslight.domain.walton.case import DIFFICULTIES, Case, display_text
from gaslight.domain.walton.doctor import Remedy
from gaslight.domain.walton.export import case_json
from gaslight.domain.walton.hints import ladder
from gaslight.domain.walton.liars import DEFAULT_READING, READING, READINGS, Reading
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import Proof, difficulty_reasons
from gaslight.domain.walton.verdict import TOO_LARGE_FIX, examine, too_large
from gaslight.errors import UserError
from gaslight.languages import site_word
from gaslight.limits import TimeLimitReached
from gaslight.outputs.investigation_sheet import investigation_sheet
from gaslight.outputs.labels import printable_labels
from gaslight.outputs.sink import GAME_SITES, BuildOutput
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


def link(source: str, target: str) -> str:
    """The relative link from page ``source`` to site path ``target`` (both relative to the docs root).

    >>> link("walton/cases/a.md", "play/walton.md")
    '../../play/walton.md'
    """
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


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

    Each case's report is kept in ``cache``, so a build replays only the cases whose export changed.
    """
    from gaslight.play.node import node_available
    from gaslight.play.walton import play_cases

    playable = [p for p in proven if p.playable]
    if not playable or not node_available():
        return {}
    cases = [exports[p.case.id] for p in playable]
    reports = cache.remember_each(
        "playtest", [{"case": case, "seats": TABLE_SEATS, "games": TABLE_GAMES, "seed": 1} for case in cases],
        engine_code("walton/tableplay.mjs", "play/walton.py", "play/node.py"),
        lambda todo: play_cases([cases[i] for i in todo], TABLE_SEATS, TABLE_GAMES, 1, os.cpu_count() or 1))
    return {p.case.id: found for p, found in zip(playable, reports, strict=True)}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def table_section(case: Case, found: Mapping[str, Any] | None) -> list[str]:
    """What bots made of the case at the table: rounds, wrong answers, cards seen (or why nobody played)."""
    lines = ["## At the table", ""]
    if found is None:
        return [*lines, "Not played by bots: that needs a case with one answer, its own, and Node.js.", ""]
    games, solved = found["games"], found["solved"]
    said = [f"Bots played {_plural(games, 'game')} of this case at a table of {found['seats']} (seeds "
            f"{found['seed']}–{found['seed'] + games - 1}) and solved {solved} of them"]
    if solved:
        rounds = [int(r) for r in found["rounds"]]
        said.append(f", in {found['mean_rounds']:g} rounds on average (fewest {min(rounds)}, most {max(rounds)}). "
                    f"The first right solver had seen {found['cards_seen_at_solve']:g} of {len(case.cards)} cards")
    said.append(f"; {_plural(found['wrong_solves'], 'wrong answer')} on the way.")
    return [*lines, "".join(said), "",
            f"`gaslight playtest {case.id} --games 200` plays more, at any table from two to five.", ""]


def index_page(proven: Sequence[Proven], sheets: dict[str, list[tuple[str, str]]],
               played: Mapping[str, Mapping[str, Any]]) -> str:
    """The case list: one row per case, then the investigation sheets."""
    lines = ["# Walton cases", "",
             "Every case below is proven to have exactly one answer and explained step by step. *Measured* is "
             "the difficulty the steps measure, with its score: the *largest step*'s cards and facts + ¼ per "
             "step *split* on who may lie + ½ per step about a start room or the culprit's route + 1½ with an "
             "accomplice. *Read* counts the cards some step uses or could use instead; *whole proof* is the "
             "fewest cards found that prove the whole answer. *At the table* is the mean number of rounds "
             f"{TABLE_SEATS} bots took to a right answer over {TABLE_GAMES} games. Each case page keeps the answer "
             "and its proof behind a spoiler.", "",
             "A new case comes from the case generator: `gaslight new case cases/my-case.yaml --difficulty C "
             "--seed 3` (or `python -m gaslight.domain.walton.generate`, which also takes `--culprit`, "
             "`--motive`, `--weapon` and `--accomplice` to choose the plot); `gaslight check` proves a case "
             "again after any hand edit, and `gaslight solve` explains it step by step.", ""]
    if proven:
        lines += ["| Case | Declared | Measured | Largest step | Split | Read | Whole proof | At the table |",
                  "|---|:-:|:-:|--:|--:|--:|--:|--:|"]
        for item in proven:
            rounds = played.get(item.case.id, {}).get("mean_rounds")
            cells = [f"[{md_text(item.case.title)}]({link(INDEX, item.page)})", item.case.difficulty,
                     *_metrics_cells(item.proof), "–" if rounds is None else f"{rounds:g} rounds"]
            lines.append("| " + " | ".join(cells) + " |")
    else:
        lines.append("No cases yet: write one with `gaslight new case`.")
    lines += ["", "## Investigation sheet", "",
              "Print one per player. It lists suspects and motives, rooms and passages, weapons and traces, "
              "and has room for the answer.", ""]
    for title, files in sorted(sheets.items()):
        links = ", ".join(f"[{label}]({link(INDEX, path)})" for label, path in files)
        lines.append(f"- {md_text(title)}: {links}")
    if not sheets:
        lines.append("No mansion is loaded.")
    if proven:
        lines += ["", f"Print-and-play cards: [case cards]({link(INDEX, CASE_CARDS)}). "
                  f"How the cards are read: [case logic reference]({link(INDEX, CASE_LOGIC)})."]
    return "\n".join(lines) + "\n"


def _name(mansion: Mansion, ident: str) -> str:
    room = mansion.room(ident)
    return room.name if room else mansion.speaker_name(ident)


def cards_table(mansion: Mansion, case: Case) -> list[str]:
    """The cards as a Markdown table (every cell escaped). The text names its speaker, so no column does: the
    table stays narrow enough to read on a phone."""
    lines = ["| No. | Type | Value | References | Text |", "|--:|---|:-:|---|---|"]
    for card in sorted(case.cards, key=lambda c: c.number):
        refs = ", ".join(_name(mansion, r) for r in card.references)
        cells = [str(card.number), card.type, str(card.value), md_text(refs), md_text(display_text(card, mansion))]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def solution_block(proven: Proven) -> list[str]:
    """The spoiler: answer, proof lines and metrics, indented inside ``??? note``."""
    proof, mansion = proven.proof, proven.mansion
    body: list[str] = []
    if proof.result.verdict == "unique":
        body += [f"**Answer:** {md_text(proof.result.solutions[0].describe(mansion))}.", "",
                 "**Proof.** Every wrong value of every answer field, with a minimal set of cards that rules it "
                 "out:", ""]
        body += [f"- {md_text(e.line)}" for e in proof.eliminations]
    else:
        body.append(f"The solver's verdict is **{proof.result.verdict}**; run `gaslight solve {proven.case.id}`.")
    metrics = proof.metrics
    if metrics is not None:
        critical = ", ".join(str(n) for n in metrics.critical_cards) or "none"
        body += ["", f"**Measured difficulty:** {metrics.measured_difficulty} (score {metrics.score:g}; "
                 f"{md_text(difficulty_reasons(metrics))}). Critical cards: {critical}. Red herrings: "
                 f"{len(metrics.red_herrings)} cards."]
    if proven.remedies:
        body += ["", "**The case doctor suggests** (each edit verified by the solver; one is enough):", ""]
        body += [f"- {md_text(r.line)}" + (f" — `{r.yaml}`" if r.yaml else "") for r in proven.remedies]
    return ['??? note "Solution"', ""] + [f"    {line}" if line else "" for line in body]


WHO_MAY_LIE_MARK = "<!-- gaslight: who may lie -->"


def reading_section(reading: Reading) -> list[str]:
    """One reading of who may lie, for the case logic page: the rule in words, then claim by claim."""
    default = " (the default)" if reading.id == DEFAULT_READING else ""
    lines = [f"### `liars: {reading.id}` — {reading.title}{default}", ""]
    lines += [f"- {sentence}" for sentence in reading.rules]
    lines += ["", "| Whose claim | What must hold |", "|---|---|"]
    lines += [f"| {who} | {what} |" for who, what in reading.precise]
    return [*lines, ""]


def case_logic_page(template: str) -> str:
    """The hand-written case logic page with the readings of who may lie written in from their one source."""
    intro = ["A case says which reading it follows with `liars:` (or its mansion does, for all its cases); "
             f"without it, a case follows `{DEFAULT_READING}`, the source's reading. Each case page says which "
             "reading applies. The player rules page states the same rule in the same words.", ""]
    sections = [line for reading in READINGS for line in reading_section(READING[reading])]
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


def steps_block(proven: Proven) -> list[str]:
    """The hint ladder, one collapsed block per rung: for each step first where to look (no conclusion), then
    what it gives and why, so a stuck table takes one hint at a time and nothing is named before it is found."""
    if not proven.proof.steps:
        return []
    lines = ["## Hints, step by step { data-search-exclude }", "",
             "Stuck? Open one hint at a time. Each step has two: first where to look, then what it gives. "
             "No hint names the culprit, the motive, the weapon or the accomplice before the steps have found it.",
             ""]
    for hint in ladder(proven.mansion, proven.case, proven.proof):
        for number, rung in zip((hint.step, *hint.steps), hint.rungs, strict=True):
            label = f"Step {number} — {'what it gives' if rung.conclusion else 'where to look'}"
            text = md_text(rung.text[len(rung.lead):].lstrip())
            lines += [f'??? tip "{md_text(label)}"', "",
                      f"    **{md_text(rung.lead)}** {text}" if rung.lead else f"    {text}", ""]
    return lines


def case_page(proven: Proven, extra_links: Sequence[tuple[str, str]], played: Mapping[str, Any] | None = None,
              note: str = "") -> str:
    """The case's page; ``note``: a line under its links (how to load its Tabletop Simulator deck)."""
    case, mansion = proven.case, proven.mansion
    reading = case.reading(mansion)
    lines = [f"# {md_text(case.title)}", "",
             f"Difficulty **{case.difficulty}** · {len(case.cards)} cards · {md_text(mansion.title)}", "",
             f"**Who may lie:** {reading.title.lower()} (`liars: {reading.id}`): {reading.summary}. "
             f"See the [case logic reference]({link(proven.page, CASE_LOGIC)}).", ""]
    if case.description:
        lines += [md_text(case.description), ""]
    for label, target in extra_links:
        lines.append(f"- [{label}]({link(proven.page, target)})")
    if note:
        lines += ["", md_text(note)]
    # The wrapper lets a phone show each card as a block instead of a table wider than the screen.
    lines += ["", *table_section(case, played),
              "## Cards", "", '<div class="gaslight-cards" markdown>', "", *cards_table(mansion, case), "",
              "</div>", "",
              # The answer stays out of the search index: a search snippet must not spoil the case.
              *steps_block(proven), "## Solution { data-search-exclude }", "", *solution_block(proven)]
    return "\n".join(lines) + "\n"


def _sheets(mansions: Sequence[Mansion], out: BuildOutput, languages: Sequence[str] = ()
            ) -> dict[str, list[tuple[str, str]]]:
    """Each mansion's investigation sheet; also under ``walton/<code>/`` in each other language with printable
    words of its own (:mod:`gaslight.outputs.labels`)."""
    sheets: dict[str, list[tuple[str, str]]] = {}
    for mansion in mansions:
        files = []
        for page in PAGES:
            path = out.printable(f"walton/investigation-sheet-{mansion.id}-{page}.pdf",
                                 investigation_sheet(mansion, page))
            files.append(("A4" if page == "a4" else "Letter", path))
            for code in languages[1:]:
                if printable_labels(code).table:
                    out.printable(f"walton/{code}/investigation-sheet-{mansion.id}-{page}.pdf",
                                  investigation_sheet(mansion.in_language(code), page, code))
        sheets[mansion.title] = files
    return sheets


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
    if not mansions and not proven:
        return
    sheets = _sheets(mansions, out, project.config.languages if project.config else ())
    exports = {p.case.id: case_json(p.mansion, p.case) for p in proven}
    played = play_at_table(proven, exports, out.cache)
    out.page(INDEX, index_page(proven, sheets, played),
             nav=(SECTION, site_word("nav.cases"), site_word("nav.all_cases")))
    play = (out.docs / PLAY).exists()
    for item in proven:
        links = [("Play this case at the table, with people or bots", f"{TABLE}?case={item.case.id}"),
                 ("Play it solo", PLAY)] if play else []
        if (out.docs / RULES).exists():
            links.append(("Rules of Walton cases", RULES))
        links.append(("Print-and-play cards of every case", CASE_CARDS))
        links.append(("This case's cards for Tabletop Simulator (a deck, every card named with its text)",
                      case_object_path(item.case.id)))
        sheet = sheets.get(item.mansion.title, [])
        links += [(f"Investigation sheet ({label})", path) for label, path in sheet]
        out.page(item.page, case_page(item, links, played.get(item.case.id), load_note(project.config)),
                 nav=(SECTION, site_word("nav.cases"), item.case.title))
        out.export(f"walton/{item.case.id}.json", _json(exports[item.case.id]))
    index = [{"id": p.case.id, "title": p.case.title, "difficulty": p.case.difficulty,
              "file": f"{p.case.id}.json"} for p in proven]
    out.export("walton/index.json", _json({"format": "gaslight-walton-index/1", "cases": index}))
