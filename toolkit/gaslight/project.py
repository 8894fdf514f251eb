"""Load every scenario file into typed models, collecting all problems in one pass.

The pipeline for each file: parse YAML (positions kept) → check ``kind`` →
validate against the kind's schema → build the frozen model. Then, once all
files are in, each kind's linker runs (a ruleset that ``extends`` another)
and then each kind's project checker (cross-file references and the deep
checks: geometry, the case solver, deck composition).

A designer's project (:func:`load_configured`) is the files under the content
folders of its ``gaslight.yaml`` plus the bundled games it names;
:func:`load_scoped` loads only some of its files with what they need and what
uses them (``gaslight check FILE``, see :mod:`gaslight.scope`);
:func:`load_project` takes files and folders as given.

>>> from gaslight.resources import BUNDLED_DIR, INSTALLED
>>> project, report = load_project([BUNDLED_DIR])
>>> report.ok
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gaslight import schema
from gaslight.cache import ResultCache, unless_set
from gaslight.config import BUNDLED_GAMES, ProjectConfig
from gaslight.diagnostics import Location, Report
from gaslight.discover import NOT_SCENARIOS, Found, looks_like_scenario, read_header, walk
from gaslight.kinds import KINDS
from gaslight.loaded import Project
from gaslight.resources import BUNDLED_DIR, INSTALLED
from gaslight.scope import DATA_SUFFIXES, Scope, check_scope, readers_of
from gaslight.site_settings import report_mkdocs_file
from gaslight.yamlio import Document, parse_file

__all__ = ["Project", "Scope", "display_path", "load_configured", "load_project", "load_scoped"]

BUNDLED_PREFIX = "<gaslight>"


def display_path(path: Path) -> str:
    """Paths as the designer typed them: relative to the working folder; installed bundled files as ``<gaslight>/…``."""
    resolved = path.resolve()
    if INSTALLED and resolved.is_relative_to(BUNDLED_DIR):
        return f"{BUNDLED_PREFIX}/{resolved.relative_to(BUNDLED_DIR).as_posix()}"
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - other drive on Windows
        return str(path)


def discover(paths: Iterable[Path], report: Report) -> list[Path]:
    """Every scenario file under ``paths`` (files named directly are always taken), sorted, each once."""
    existing = []
    for path in paths:
        if path.exists():
            existing.append(path)
        else:
            report.error(Location(display_path(path)), "no such file or folder", fix="check the path")
    found = walk(existing)
    _warn_not_scenarios(found.not_scenarios, report)
    return list(found.scenarios)


def _warn_not_scenarios(paths: Iterable[Path], report: Report) -> None:
    for path in paths:
        report.warning(Location(display_path(path), 1, 1, ""), "not a scenario file (no top-level 'kind:'); left out",
                       fix="add 'kind: …' if it is one, or list it under 'exclude' in gaslight.yaml", code="project")


def bundled_files(config: ProjectConfig) -> list[Path]:
    """The files of the bundled games (and parts) the project uses."""
    roots = [BUNDLED_DIR / rel for use in config.games for part in use.parts for rel in BUNDLED_GAMES[use.name][part]]
    return list(walk(roots).scenarios)


def _walk_content(config: ProjectConfig) -> Found:
    return walk(config.content, ignore_root=config.root, exclude=config.exclude, prune=(config.output,))


def project_files(config: ProjectConfig, report: Report) -> list[Path]:
    """The project's own scenario files (content folders, minus ignores) and its bundled games' files."""
    found = _walk_content(config)
    _warn_not_scenarios(found.not_scenarios, report)
    report_mkdocs_file(config.root, display_path(config.file), report)
    own = [p for p in found.scenarios if p != config.file]
    if not own:
        where = ", ".join(display_path(p) for p in config.content)
        if config.games:
            report.warning(Location(display_path(config.file), 1, 1, ""),
                           f"no scenario files of the project's own under {where}; only bundled games are used",
                           fix="add one with `gaslight new board boards/first.yaml`")
        else:
            report.error(Location(display_path(config.file), 1, 1, ""), f"no scenario files under {where}",
                         fix="add one with `gaslight new board boards/first.yaml`, or name a bundled game "
                             "under 'games'")
    return sorted({*own, *bundled_files(config)})


def load_document(doc: Document, report: Report, language: str | None = None) -> tuple[str, Any] | None:
    """Kind check, schema check and model building for one parsed file (its texts in ``language``; None: each
    text's first language)."""
    data = doc.data
    if not isinstance(data, dict):
        report.error(doc.loc(()), "a scenario file must be a mapping of keys to values",
                     fix="start with 'kind: …' (see 'gaslight new')")
        return None
    kind = data.get("kind")
    if kind is None:
        report.error(doc.loc(()), "missing required key 'kind'",
                     fix="add 'kind:' with one of: " + ", ".join(KINDS))
        return None
    spec = KINDS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        report.error(doc.loc(("kind",)), f"unknown kind {schema.describe(kind)}",
                     fix=schema.suggest(str(kind), list(KINDS)))
        return None
    _check_modeline(doc, spec.schema, report)
    if not schema.validate(doc, spec.schema, report):
        return None
    errors_before = report.error_count
    with guard(report, doc.loc(()), f"reading this {kind}"), report.coded(kind):
        model = spec.load(doc, report, language)
        # A file with errors yields no model: deep checks never see half-built data.
        if model is None or report.error_count > errors_before:
            return None
        return kind, model
    return None


@contextmanager
def guard(report: Report, location: Location, doing: str) -> Iterator[None]:
    """Turn a bug in one kind's code into one located error, so other files still get checked."""
    try:
        yield
    except Exception as exc:
        if os.environ.get("GASLIGHT_DEBUG"):
            raise
        report.error(location, f"internal error while {doing}: {type(exc).__name__}: {exc}",
                     fix="this is a Gaslight bug; please report it with this file", code="internal")


def _check_modeline(doc: Document, schema_name: str, report: Report) -> None:
    modeline = doc.modeline
    if modeline is None:
        report.warning(Location(doc.file, 1, 1, ""), "no schema modeline on the first line", code="modeline",
                       fix=f"start the file with '# yaml-language-server: $schema=…/schemas/{schema_name}'")
    elif not modeline.endswith(schema_name):
        report.warning(Location(doc.file, 1, 1, ""), f"the modeline names '{modeline}', not {schema_name}",
                       code="modeline",
                       fix=f"point the modeline at schemas/{schema_name}")


def _check_unique_ids(models: dict[str, list[Any]], report: Report) -> None:
    for kind, items in models.items():
        seen: dict[str, Any] = {}
        for model in items:
            if model.id in seen:
                first = seen[model.id].location
                report.error(model.location.at("id"), f"{kind} id '{model.id}' is already used by {first}",
                             fix="give each file its own id")
            else:
                seen[model.id] = model


Parser = Callable[[Path, str], tuple[Document | None, Report]]


def load_files(files: Sequence[Path], report: Report, *, config: ProjectConfig | None = None,
               deep: bool = True, parse: Parser = parse_file) -> Project:
    """Parse, validate, link and (``deep``) check the given scenario files, adding every problem to ``report``.

    ``parse`` reads one file (the live preview passes a cached reader).
    """
    documents: list[Document] = []
    models: dict[str, list[Any]] = {}
    # A project whose main language is not English reads every text in it (Gaslight's own games write English
    # first); an English one reads each text's first language, as it always has.
    main = config.languages[0] if config is not None and config.languages else None
    language = main if main not in (None, "en") else None
    for path in files:
        doc, parse_report = parse(path, display_path(path))
        with report.coded("yaml"):
            report.extend(parse_report)
        if doc is None:
            continue
        documents.append(doc)
        loaded = load_document(doc, report, language)
        if loaded is not None:
            models.setdefault(loaded[0], []).append(loaded[1])
    _check_unique_ids(models, report)
    linked = {kind: tuple(items) for kind, items in models.items()}
    for kind in KINDS.values():
        if kind.name in linked:
            with guard(report, Location("gaslight"), f"linking {kind.name} files"), report.coded(kind.name):
                linked[kind.name] = kind.link(linked[kind.name], report)
    project = Project(tuple(documents), linked, config)
    if deep:
        for kind in KINDS.values():
            with guard(report, Location("gaslight"), f"checking {kind.name} files"), report.coded(kind.name):
                kind.check(project, report)
    return project


def load_project(paths: Sequence[Path], *, deep: bool = True) -> tuple[Project, Report]:
    """Load and check every scenario under ``paths`` (no project config). ``deep=False`` skips project checkers."""
    report = Report()
    with report.coded("project"):
        files = discover(paths, report)
    project = load_files(files, report, deep=deep)
    return project, report


def _named_files(config: ProjectConfig, extra: Sequence[Path], project: set[Path], report: Report) -> list[Path]:
    """Files named on the command line, as pre-commit names changed files.

    Inside the project only its scenario files count (a CI file or an excluded draft is left out, with a
    warning when it was named on purpose and looks like a scenario); outside it, any scenario file counts.
    """
    taken = []
    for path in extra:
        if not path.exists():
            report.error(Location(display_path(path)), "no such file or folder", fix="check the path")
            continue
        for found in walk([path]).scenarios if path.is_dir() else [path.resolve()]:
            if found in project:
                continue
            if not found.is_relative_to(config.root):
                if looks_like_scenario(found):
                    taken.append(found)
            elif looks_like_scenario(found) and found.name not in NOT_SCENARIOS:
                report.warning(Location(display_path(found), 1, 1, ""),
                               "left out: the project's 'content', 'exclude' or .gitignore keep it out",
                               fix="add its folder to 'content' in gaslight.yaml, or drop it from 'exclude'")
    return taken


def load_configured(config: ProjectConfig, *, deep: bool = True, extra: Sequence[Path] = (),
                    parse: Parser = parse_file) -> tuple[Project, Report]:
    """Load a designer's project: its content, its bundled games and any ``extra`` files named on the command line."""
    report = Report()
    with report.coded("project"):
        files = project_files(config, report)
        named = _named_files(config, extra, set(files), report)
    with unless_set(ResultCache(config.cache_folder)):  # proofs and schema checks kept (gaslight.cache)
        project = load_files(sorted({*files, *named}), report, config=config, deep=deep, parse=parse)
    return project, report


def _named_in_scope(config: ProjectConfig, paths: Sequence[Path], found: Found, project: set[Path],
                    report: Report) -> tuple[list[Path], list[Path]]:
    """The scenario files ``paths`` name (folders: the files under them), and the scenario files that read a
    named card table or picture; warnings for named files left out and YAML under named folders that is no
    scenario."""
    named: list[Path] = []
    readers: list[Path] = []
    for path in paths:
        resolved = path.resolve()
        if path.is_dir():
            named += [p for p in project if p.is_relative_to(resolved)]
            _warn_not_scenarios([p for p in found.not_scenarios if p.is_relative_to(resolved)], report)
        elif resolved.suffix.lower() in DATA_SUFFIXES and path.is_file():
            reading = readers_of(resolved, project)
            readers += reading
            if not reading:
                report.warning(Location(display_path(path), 1, 1, ""),
                               "no deck of the project reads this file ('cards_file' or 'art'), so nothing checks "
                               "it", fix="name it in a deck, or leave it out of the check", code="project")
        elif resolved in project:
            named.append(resolved)
        elif resolved in found.not_scenarios:
            _warn_not_scenarios([resolved], report)
    named += _named_files(config, [p for p in paths if not (p.is_file() and p.suffix.lower() in DATA_SUFFIXES)],
                          project, report)
    return named, readers


def load_scoped(config: ProjectConfig, paths: Sequence[Path], *, deep: bool = True,
                parse: Parser = parse_file) -> tuple[Project, Report, Scope]:
    """The files of a project that ``paths`` name, with the files they need and the files that use them.

    Each problem of those files is reported (a case's mansion, a deck's card table); no other file is read
    beyond a scan of its top-level keys (see :mod:`gaslight.scope`).
    """
    report = Report()
    with report.coded("project"):
        found = _walk_content(config)
        files = {*(p for p in found.scenarios if p != config.file), *bundled_files(config)}
        named, readers = _named_in_scope(config, paths, found, files, report)
    scope = check_scope([*named, *readers], [read_header(p) for p in sorted({*files, *named})])
    scope = Scope(tuple(sorted(set(named))), scope.needed, tuple(sorted({*scope.users, *readers} - set(named))))
    with unless_set(ResultCache(config.cache_folder)):
        project = load_files(scope.files, report, config=config, deep=deep, parse=parse)
    return project, report, scope
