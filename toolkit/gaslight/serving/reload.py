"""A save in ``gaslight serve`` reloads the saved files and what depends on them, not the whole project.

The first load is whole (with every check); after it, the files whose size or time changed are loaded with the
files they need and the files that use them (:func:`gaslight.project.load_scoped`, the scope of
``gaslight check FILE``), and their models and problems replace those of the last load. A file outside that
scope neither needs nor uses a saved file, so its model and problems are the same as before. A file added or
removed (or a first load, or a quick one without the deep checks) loads the whole project again.

>>> from gaslight.diagnostics import Location, Report
>>> kept = Report()
>>> kept.error(Location("a.yaml", 1, 1), "wrong in a"); kept.error(Location("b.yaml", 2, 1), "wrong in b")
>>> [d.location.file for d in problems_outside(kept, {"a.yaml"}).diagnostics]
['b.yaml']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaslight.config import ProjectConfig
from gaslight.diagnostics import Report
from gaslight.loaded import Project
from gaslight.project import Parser, load_files, load_scoped, project_files
from gaslight.scope import DATA_SUFFIXES

Stamp = tuple[int, int] | None


def stamp_of(path: Path) -> Stamp:
    """A file's modification time and size (None when it cannot be read): a save changes it."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


def problems_outside(report: Report, files: set[str]) -> Report:
    """The problems of ``report`` located in none of ``files`` (display names)."""
    return Report([d for d in report.diagnostics if d.location.file not in files])


@dataclass(frozen=True)
class Loaded:
    """One load of the project: the project, its problems, and which files it found changed (None: all)."""

    project: Project
    report: Report
    changed: frozenset[Path] | None


def model_file(model: Any, paths: dict[str, Path]) -> Path | None:
    """The file on disk a model was read from (through its location's displayed name)."""
    location = getattr(model, "location", None)
    return paths.get(getattr(location, "file", ""))


def merged(old: Project, new: Project, scope: set[Path], order: Sequence[Path]) -> Project:
    """``old`` with the documents and models of the files in ``scope`` taken from ``new``, in file order."""
    place = {path: i for i, path in enumerate(order)}
    documents = [d for d in old.documents if Path(d.path) not in scope]
    documents += [d for d in new.documents if Path(d.path) in scope]
    documents.sort(key=lambda d: place.get(Path(d.path), len(place)))
    old_paths = {d.file: Path(d.path) for d in old.documents}
    new_paths = {d.file: Path(d.path) for d in new.documents}
    models: dict[str, tuple[Any, ...]] = {}
    for kind in dict.fromkeys([*old.models, *new.models]):
        kept = [(model_file(m, old_paths), m) for m in old.of_kind(kind)]
        mixed = [(p, m) for p, m in kept if p not in scope]
        mixed += [(model_file(m, new_paths), m) for m in new.of_kind(kind)]
        mixed.sort(key=lambda pair: place.get(pair[0], len(place)) if pair[0] is not None else len(place))
        if mixed:
            models[kind] = tuple(m for _, m in mixed)
    return Project(tuple(documents), models, old.config)


@dataclass
class Reloader:
    """The last whole (or merged) load of a project, brought up to date file by file."""

    config: ProjectConfig
    parse: Parser
    project: Project | None = None
    files_report: Report = field(default_factory=Report)  # the files' problems (not the folder walk's)
    files: tuple[Path, ...] = ()
    stamps: dict[Path, Stamp] = field(default_factory=dict)
    deep: bool = False  # the last load ran the deep checks

    def load(self, deep: bool = True, beside: Callable[[Project], Iterable[Path]] = lambda project: ()) -> Loaded:
        """The project now; ``beside``: the files a project reads besides scenarios (a deck's card table and
        pictures), whose saves count as saves of the scenarios that read them."""
        first = self.project is None
        walk_report = Report()
        with walk_report.coded("project"):
            files = tuple(sorted(project_files(self.config, walk_report)))
        extra = () if self.project is None else tuple(beside(self.project))
        stamps = {path: stamp_of(path) for path in (*files, *extra)}
        changed = frozenset(p for p in stamps.keys() | self.stamps.keys() if stamps.get(p) != self.stamps.get(p))
        known = set(files)
        readable = all(p in known or (p.suffix.lower() in DATA_SUFFIXES and p.is_file()) for p in changed)
        if self.project is None or not deep or not self.deep or files != self.files or not readable:
            files_report = Report()
            project = load_files(files, files_report, config=self.config, deep=deep, parse=self.parse)
        elif not changed:
            project, files_report = self.project, self.files_report
        else:
            project, files_report = self._load_scoped(self.project, changed, files)
        stamps.update({path: stamp_of(path) for path in beside(project) if path not in stamps})
        self.project, self.files_report, self.files, self.stamps, self.deep = project, files_report, files, stamps, deep
        report = Report()
        report.extend(walk_report)
        report.extend(files_report)
        return Loaded(project, report, None if first else changed)

    def _load_scoped(self, last: Project, changed: frozenset[Path], files: tuple[Path, ...],
                     ) -> tuple[Project, Report]:
        """``last`` with the changed files, what they need and what uses them loaded again."""
        sub, sub_report, scope = load_scoped(self.config, sorted(changed), deep=True, parse=self.parse)
        in_scope = set(scope.files)
        shown = {d.file for d in last.documents if Path(d.path) in in_scope} | {d.file for d in sub.documents}
        files_report = problems_outside(self.files_report, shown)
        files_report.extend(_own_problems(sub_report, shown))
        return merged(last, sub, in_scope, files), files_report


def _own_problems(report: Report, shown: set[str]) -> Report:
    """A scoped load's problems without its notes about named files (all are the project's here)."""
    return Report([d for d in report.diagnostics if d.location.file in shown or d.code != "project"])
