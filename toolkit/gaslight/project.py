"""Load every scenario file into typed models, collecting all problems in one pass.

The pipeline for each file: parse YAML (positions kept) → check ``kind`` →
validate against the kind's schema → build the frozen model. Then, once all
files are in, each kind's project checker runs (cross-file references and the
deep checks: geometry, the case solver, deck composition).

>>> from gaslight.resources import BUNDLED_DIR
>>> project, report = load_project([BUNDLED_DIR])
>>> report.ok
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaslight import schema
from gaslight.diagnostics import Location, Report
from gaslight.kinds import KINDS
from gaslight.yamlio import Document, parse_file

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class Project:
    """Every valid model, by kind, in file order."""

    documents: tuple[Document, ...] = ()
    models: dict[str, tuple[Any, ...]] = field(default_factory=dict)

    def of_kind(self, kind: str) -> tuple[Any, ...]:
        return self.models.get(kind, ())

    def by_id(self, kind: str, model_id: str) -> Any | None:
        return next((m for m in self.of_kind(kind) if m.id == model_id), None)


def display_path(path: Path) -> str:
    """Paths as the designer typed them: relative to the working folder when possible."""
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - other drive on Windows
        return str(path)


def discover(paths: Iterable[Path], report: Report) -> list[Path]:
    """Every YAML file under ``paths``, sorted, each once."""
    found: set[Path] = set()
    for path in paths:
        if path.is_dir():
            found.update(p for p in path.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())
        elif path.is_file():
            found.add(path)
        else:
            report.error(Location(display_path(path)), "no such file or folder", fix="check the path")
    return sorted(found)


def load_document(doc: Document, report: Report) -> tuple[str, Any] | None:
    """Kind check, schema check and model building for one parsed file."""
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
    with guard(report, doc.loc(()), f"reading this {kind}"):
        model = spec.load(doc, report)
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
                     fix="this is a Gaslight bug; please report it with this file")


def _check_modeline(doc: Document, schema_name: str, report: Report) -> None:
    modeline = doc.modeline
    if modeline is None:
        report.warning(Location(doc.file, 1, 1, ""), "no schema modeline on the first line",
                       fix=f"start the file with '# yaml-language-server: $schema=…/schemas/{schema_name}'")
    elif not modeline.endswith(schema_name):
        report.warning(Location(doc.file, 1, 1, ""), f"the modeline names '{modeline}', not {schema_name}",
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


def load_project(paths: Sequence[Path], *, deep: bool = True) -> tuple[Project, Report]:
    """Load and check every scenario under ``paths``. ``deep=False`` skips project checkers."""
    report = Report()
    documents: list[Document] = []
    models: dict[str, list[Any]] = {}
    for path in discover(paths, report):
        doc, parse_report = parse_file(path, display_path(path))
        report.extend(parse_report)
        if doc is None:
            continue
        documents.append(doc)
        loaded = load_document(doc, report)
        if loaded is not None:
            models.setdefault(loaded[0], []).append(loaded[1])
    _check_unique_ids(models, report)
    project = Project(tuple(documents), {kind: tuple(items) for kind, items in models.items()})
    if deep:
        for kind in KINDS.values():
            with guard(report, Location("gaslight"), f"checking {kind.name} files"):
                kind.check(project, report)
    return project, report
