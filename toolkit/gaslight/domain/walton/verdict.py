"""The solver's verdict on a case as located errors and warnings (``gaslight check``).

* contradictory → an error on the first card of a minimal conflicting set, naming all of them;
* ambiguous → an error on the case's cards, showing two answers and a world for each;
* unique but not the answer key → an error on the answer key;
* unique → warnings when one card names the culprit alone, when the answer is the first choice of every
  list the mansion gives, or when the measured difficulty is more than one level away from the declared one;
* two cases of a project with the same answer (culprit, motive, weapon, accomplice) → a warning at the later
  one's answer key: a table that has played one knows the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from gaslight.diagnostics import Report
from gaslight.domain.walton.case import Case, check_references, mansion_name, suggest_name
from gaslight.domain.walton.doctor import Remedy, needs_repair, repair
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import DIFFICULTY_TOLERANCE, Proof, difficulty_reasons, level_gap, prove
from gaslight.domain.walton.solver import World
from gaslight.limits import TimeLimitReached, case_seconds, progress


def describe_world(mansion: Mansion, world: World) -> str:
    """``started: Ann in the Hall, …; route: Hall → Study``."""

    def room(room_id: str) -> str:
        return mansion_name(mansion, "room", room_id, "")

    starts = ", ".join(f"{mansion.name_in_sentence(s)} in the {room(r)}" for s, r in world.starts)
    return f"started: {starts}; route: {' → '.join(room(r) for r in world.route)}"


def _doctor_says(remedies: tuple[Remedy, ...], otherwise: str) -> str:
    """The first verified repair as a fix, else ``otherwise``."""
    if not remedies:
        return otherwise
    more = " ('gaslight solve --fix' shows more)" if len(remedies) > 1 else ""
    paste = f", i.e. {remedies[0].yaml}" if remedies[0].yaml else ""
    return f"{remedies[0].line}{paste}{more}"


def report_proof(mansion: Mansion, case: Case, proof: Proof, report: Report,
                 remedies: tuple[Remedy, ...] = ()) -> None:
    """Turn a proof (and the case doctor's ``remedies``) into diagnostics on ``case``'s file."""
    result = proof.result
    if result.verdict == "contradictory":
        if not result.conflict:
            report.error(case.cards_location, "no answer meets the design guarantees: every motive needs two "
                         "testimonies and a circumstantial clue from truthful speakers",
                         fix="add motive_testimony and motive_clue cards for the murder motive")
            return
        numbers = ", ".join(str(n) for n in result.conflict)
        first = case.card(result.conflict[0])
        report.error(first.location, f"cards {numbers} cannot all hold: no culprit, motive, weapon and accomplice "
                     "fit them and the design guarantees together",
                     fix=_doctor_says(remedies, "correct or remove one of these cards"))
        return
    if result.verdict == "ambiguous":
        a, b = result.worlds
        report.error(case.cards_location, f"the cards allow {len(result.solutions)} answers, for example "
                     f"{a.answer.describe(mansion)} ({describe_world(mansion, a)}) and "
                     f"{b.answer.describe(mansion)} ({describe_world(mansion, b)})",
                     fix=_doctor_says(remedies, "add a card that rules out one of them ('gaslight solve' lists "
                                      "every answer)"))
        return
    answer = result.solutions[0]
    if answer != case.answer:
        report.error(case.answer_loc(""), f"the cards prove {answer.describe(mansion)}, but the answer key says "
                     f"{case.answer.describe(mansion)}", fix="correct the answer key, or the cards")
        return
    metrics = proof.metrics
    if metrics is None:  # pragma: no cover - a unique proof always has metrics
        return
    if metrics.guarantees_name_culprit:
        report.warning(case.cards_location, "the design guarantees alone identify the culprit: no other "
                       "suspect has a motive with two testimonies and a circumstantial clue",
                       fix="add testimonies and a clue for another suspect's motive")
    for number in metrics.culprit_alone:
        card = case.card(number)
        report.warning(card.location, f"card {number} alone identifies the culprit",
                       fix="spread the culprit's exposure over several cards")
    _warn_if_answer_listed_first(mansion, case, report)
    if level_gap(case.difficulty, metrics.measured_difficulty) > DIFFICULTY_TOLERANCE:
        report.warning(case.difficulty_location, f"declared difficulty {case.difficulty}, but the proof measures "
                       f"{metrics.measured_difficulty} (score {metrics.score:g}: {difficulty_reasons(metrics)})",
                       fix=_doctor_says(remedies, f"declare difficulty {metrics.measured_difficulty}, or rework "
                                        "the cards"))


def _warn_if_answer_listed_first(mansion: Mansion, case: Case, report: Report) -> None:
    """Answer forms list suspects, motives and weapons in the mansion's order: an answer that is the first of
    each is what a careless accusation, or a form that starts on its first choices, would name."""
    if mansion.listed_first() == (case.answer.culprit, case.answer.motive, case.answer.weapon):
        first = mansion.suspects[0]
        report.warning(case.answer_loc(""), f"the answer is the first suspect, motive and weapon the mansion lists "
                       f"({first.name}, {first.motives[0].name}, {mansion.weapons[0].name}): an accusation made "
                       "without a thought, in the mansion's order, would be right",
                       fix="list another suspect, motive or weapon first in the mansion, or choose another answer")


@lru_cache(maxsize=64)
def examine(mansion: Mansion, case: Case) -> tuple[Proof, tuple[Remedy, ...]]:
    """The proof of ``case`` and, when it needs them, the doctor's remedies.

    Kept for the models seen last: ``gaslight build`` checks every case and then writes its page from the same
    proof, and ``serve`` proves again only the cases whose files changed (an unchanged file loads an equal model).
    Raises :class:`TimeLimitReached` (never kept) when the case's time budget runs out.
    """
    from gaslight.cache import cached

    def work() -> tuple[Proof, tuple[Remedy, ...]]:
        proof = prove(mansion, case)
        return proof, repair(mansion, case, proof) if needs_repair(case, proof) else ()

    return cached("proof", (mansion, case), work)  # a build keeps its proofs on disk (gaslight.cache)


def report_verdict(mansion: Mansion, case: Case, report: Report) -> Proof | None:
    """Prove ``case`` and report the verdict; returns the proof (None when it ran out of time)."""
    try:
        with progress(f"proving case {case.id}", case_seconds()):
            proof, remedies = examine(mansion, case)
    except TimeLimitReached as reached:
        report.error(case.cards_location, too_large(reached), fix=TOO_LARGE_FIX)
        return None
    report_proof(mansion, case, proof, report, remedies)
    return proof


TOO_LARGE_FIX = "remove suspects or cards, or give it more time with --timeout SECONDS"


def too_large(reached: TimeLimitReached) -> str:
    return f"this case is too large to prove in {reached.seconds:g} s"


def _missing_mansion(project: Any, case: Case, report: Report) -> None:
    broken = [d.file for d in project.documents
              if isinstance(d.data, dict) and d.data.get("kind") == "mansion" and d.data.get("id") == case.mansion]
    if broken:
        report.error(case.mansion_location, f"mansion '{case.mansion}' in {broken[0]} has errors, so this case "
                     "cannot be proven", fix="fix the mansion's errors first")
        return
    known = [m.id for m in project.of_kind("mansion")]
    report.error(case.mansion_location, f"mansion '{case.mansion}' is not among the checked files",
                 fix=suggest_name(case.mansion, known) if known else "check the mansion file with the case")


def shared_answers(cases: Sequence[Case]) -> list[tuple[Case, Case]]:
    """``(earlier, later)`` for each case whose answer (culprit, motive, weapon and accomplice, in the same
    mansion) an earlier case of ``cases`` already has; the accomplice's motive does not tell two plots apart.

    >>> from gaslight.domain.walton.case import MINI_CASE, load_case
    >>> from gaslight.yamlio import parse_text
    >>> one = load_case(parse_text(MINI_CASE, "one.yaml")[0], Report())
    >>> two = load_case(parse_text(MINI_CASE.replace("id: mini-case", "id: twin"), "two.yaml")[0], Report())
    >>> [(a.id, b.id) for a, b in shared_answers([one, two])]
    [('mini-case', 'twin')]
    """
    first: dict[tuple[str, str, str, str, str | None], Case] = {}
    pairs = []
    for case in cases:
        key = case.answer
        plot = (case.mansion, key.culprit, key.motive, key.weapon, key.accomplice)
        if plot in first:
            pairs.append((first[plot], case))
        else:
            first[plot] = case
    return pairs


def warn_shared_answers(project: Any, report: Report) -> None:
    """A warning at the answer key of each case whose answer an earlier case of the project has."""
    for earlier, later in shared_answers(project.of_kind("case")):
        mansion = project.by_id("mansion", later.mansion)
        said = later.answer.describe(mansion) if mansion is not None else "the same culprit, motive and weapon"
        report.warning(later.answer_loc(""), f"case '{later.id}' has the same answer as case '{earlier.id}' "
                       f"({earlier.location.file}): {said}; a table that has played one knows the other",
                       fix="change the culprit, motive, weapon or accomplice (and the cards), or draft the case "
                       "again with `gaslight new case` and another --seed")


def check_project(project: Any, report: Report) -> None:
    """Resolve every case against its mansion, then prove it (the ``case`` kind's project check); warn when two
    cases share an answer; say which titles and descriptions lack one of the project's languages."""
    from gaslight.languages import check_project_translations

    for case in project.of_kind("case"):
        mansion = project.by_id("mansion", case.mansion)
        if mansion is None:
            _missing_mansion(project, case, report)
            continue
        if check_references(case, mansion, report):
            report_verdict(mansion, case, report)
    warn_shared_answers(project, report)
    check_project_translations(project, report, "case")
