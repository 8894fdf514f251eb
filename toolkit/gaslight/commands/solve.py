"""``gaslight solve CASE [--format json] [--hints [--lang ja]]``: the verdict on a Walton case and its proof.

CASE is a case file or the id of a case of the project (``gaslight.yaml``);
the project's mansions are loaded with it (with no project: the mansions in
the case's folder and the one above). Exit code 0 when the case is proven
unique and matches its answer key, 1 otherwise, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from gaslight.commands.context import project_config, require_config
from gaslight.diagnostics import Report
from gaslight.discover import files_of_kind, walk
from gaslight.domain.walton.case import Case, check_references, display_text
from gaslight.domain.walton.doctor import Remedy, repair
from gaslight.domain.walton.hints import ladder
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.proof import Proof, counted, difficulty_reasons, prove
from gaslight.domain.walton.step_words import ENGLISH, sentence_table
from gaslight.domain.walton.verdict import TOO_LARGE_FIX, describe_world, too_large
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS, UsageError, UserError
from gaslight.limits import TimeLimitReached
from gaslight.project import Project, display_path, load_project


def _candidates(args: argparse.Namespace, near: list[Path]) -> tuple[list[Path], str]:
    """The files a case may come from and what to call them: the project's, or the files around ``near``."""
    from gaslight.project import bundled_files

    config = project_config(args, near=near)
    if config is not None:
        found = walk(config.content, ignore_root=config.root, exclude=config.exclude, prune=(config.output,))
        return [*found.scenarios, *bundled_files(config)], f"the project {display_path(config.file)}"
    if not near:
        require_config(args)
    folder = near[0].resolve().parent
    return list(walk([folder, folder.parent]).scenarios), f"{display_path(folder.parent)} (no gaslight.yaml found)"


def find_case(args: argparse.Namespace) -> tuple[Project, Report, Case | None, str]:
    """Load the named case (a file, or an id of the project) with the mansions it may use."""
    target = args.case
    path = Path(target)
    if path.is_dir():
        raise UsageError(f"{target} is a folder; name a case file or a case id")
    if path.is_file():
        files, _ = _candidates(args, [path])
        resolved = path.resolve()
        mansions = [m for m in files_of_kind(files, "mansion") if m.resolve() != resolved]
        project, report = load_project([*mansions, path], deep=False)
        shown = display_path(resolved)
        cases = [c for c in project.of_kind("case") if project.source(c.location.file) == resolved]
        return project, report, (cases[0] if cases else None), shown
    if path.suffix in (".yaml", ".yml") or "/" in target:
        raise UsageError(f"no such case file: {target}")
    files, where = _candidates(args, [])
    project, report = load_project([*files_of_kind(files, "mansion"), *files_of_kind(files, "case", target)],
                                   deep=False)
    case = next((c for c in project.of_kind("case") if c.id == target), None)
    if case is None:
        known = ", ".join(sorted(p.stem for p in files_of_kind(files, "case"))) or "none"
        raise UsageError(f"no case file or case id '{target}' in {where} (cases: {known})")
    return project, report, case, case.location.file


def render_hints(mansion: Mansion, case: Case, proof: Proof, language: str = ENGLISH) -> str:
    """The hint ladder as plain lines in ``language``: ``3a`` says where to look, ``3b`` what it gives."""
    lines = [sentence_table(language)["solve.hints_head"]]
    for hint in ladder(mansion, case, proof, language):
        look, *given = hint.rungs
        lines.append(f"  {hint.step}a. {look.text}")
        lines += [f"  {number}b. {rung.text}" for number, rung in zip(hint.steps, given, strict=True)]
    return "\n".join(lines)


def render_text(mansion: Mansion, case: Case, proof: Proof, hints: bool = False, language: str = ENGLISH) -> str:
    """The proof as plain lines for the terminal (the steps as a hint ladder with ``hints``, in ``language``)."""
    result = proof.result
    lines = [f"Case {case.id} ({case.title}), declared difficulty {case.difficulty}: {result.verdict}"]
    if result.verdict == "contradictory":
        if result.conflict:
            lines.append("These cards cannot all hold under the design guarantees (drop any one and the rest can):")
            lines.extend(f"  {n}. {display_text(case.card(n), mansion)}" for n in result.conflict)
        else:
            lines.append("No answer meets the design guarantees, whatever the cards say.")
        return "\n".join(lines)
    if result.verdict == "ambiguous":
        lines.append(f"{len(result.solutions)} answers fit the cards:")
        lines.extend(f"  - {a.describe(mansion)}" for a in result.solutions)
        lines.append("Two of them, each with a world that supports it:")
        lines.extend(f"  - {w.answer.describe(mansion)}: {describe_world(mansion, w)}" for w in result.worlds)
        return "\n".join(lines)
    answer = result.solutions[0]
    verdict = "matches" if answer == case.answer else "does NOT match"
    lines.append(f"Answer: {answer.describe(mansion)} ({verdict} the answer key)")
    lines.append(f"World: {describe_world(mansion, result.worlds[0])}")
    if proof.steps and hints:
        lines.append(render_hints(mansion, case, proof, language))
    elif proof.steps:
        lines.append("Step by step:")
        for step in proof.steps:
            lines.append(f"  {step.number}. {step.sentence} {step.because}")
    lines.append("Every wrong value, with a minimal set of cards that rules it out:")
    lines.extend(f"  - {e.line}" for e in proof.eliminations)
    m = proof.metrics
    if m is not None:
        lines.append(f"Metrics: measured difficulty {m.measured_difficulty} (score {m.score:g}: "
                     f"{difficulty_reasons(m)})")
        lines.append(f"  largest minimal set {m.largest_set}; eliminations leaning on a suspect's word "
                     f"{m.lie_eliminations}")
        lines.append(f"  critical cards: {', '.join(map(str, m.critical_cards)) or 'none'}")
        lines.append(f"  red herrings: {', '.join(map(str, m.red_herrings)) or 'none'}")
        lines.append(f"  cards naming the culprit alone: {', '.join(map(str, m.culprit_alone)) or 'none'}")
        lines.append(f"  smallest whole-answer proof found: {len(m.whole_proof)} cards "
                     f"({', '.join(map(str, m.whole_proof))})")
        lines.append(f"  explanation: {m.steps.steps} steps, {m.steps.cards_used} of {len(case.cards)} cards read; "
                     f"the weapon rests on {counted(m.steps.weapon_cards, 'card')}, the culprit on "
                     f"{counted(m.steps.culprit_cards, 'card')}")
        if m.culprit_pairs:
            pairs = "; ".join(f"{a} and {b}" for a, b in m.culprit_pairs)
            lines.append(f"  pairs of cards naming the culprit: {pairs}")
        lines.extend(f"  falls short: {short}" for short in m.falls_short())
    return "\n".join(lines)


def render_fixes(remedies: tuple[Remedy, ...]) -> str:
    """The case doctor's proposals, each with the YAML to paste under ``cards:``."""
    if not remedies:
        return "Fixes: none needed (or none found with one card added or removed)."
    lines = ["Fixes, each verified by the solver (one is enough):"]
    for remedy in remedies:
        lines.append(f"  - {remedy.line}")
        if remedy.yaml:
            lines.append(f"      paste under cards:  {remedy.yaml}")
    return "\n".join(lines)


def case_in_mansion(args: argparse.Namespace) -> tuple[Mansion, Case] | None:
    """The case ``args.case`` names, with its mansion, both loaded clean; None (problems printed) otherwise."""
    project, report, case, shown = find_case(args)
    own = [d for d in report.errors if d.location.file == shown]
    if case is None or own:
        problems = Report(diagnostics=own or report.errors)
        print(problems.format_text() if own or report.errors else f"{shown} is not a case file")
        return None
    mansion = project.by_id("mansion", case.mansion)
    if mansion is None:
        raise UserError(f"case '{case.id}' names mansion '{case.mansion}', which is not in the project "
                        "(or, with no gaslight.yaml, beside the case)")
    refs = Report()
    if not check_references(case, mansion, refs):
        print(refs.format_text())
        return None
    return mansion, case


def run(args: argparse.Namespace) -> int:
    found = case_in_mansion(args)
    if found is None:
        return EXIT_PROBLEMS
    mansion, case = found
    language = getattr(args, "lang", None) or ENGLISH
    if language != ENGLISH and not getattr(args, "hints", False):
        raise UsageError("--lang tells the hint ladder in that language: add --hints")
    try:
        proof = prove(mansion, case)
        remedies = repair(mansion, case, proof) if args.fix else ()
    except TimeLimitReached as reached:
        stopped = Report()
        stopped.error(case.cards_location, too_large(reached), fix=TOO_LARGE_FIX)
        print(stopped.format_text())
        return EXIT_PROBLEMS
    if args.format == "json":
        payload = proof.to_json()
        if getattr(args, "hints", False):
            payload["hints"] = [{"step": h.step, "rungs": [r.text for r in h.rungs]}
                                for h in ladder(mansion, case, proof, language)]
        if args.fix:
            payload["fixes"] = [r.to_json() for r in remedies]
        print(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        print(render_text(mansion, case, proof, getattr(args, "hints", False), language))
        if args.fix:
            print(render_fixes(remedies))
    unique = proof.result.verdict == "unique" and proof.result.solutions[0] == case.answer
    return EXIT_OK if unique else EXIT_PROBLEMS
