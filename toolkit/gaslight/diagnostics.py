"""Located errors and warnings, collected across a whole run.

Every problem Gaslight finds in a designer's files is a :class:`Diagnostic`
that names the file, line and column, the YAML path, what is wrong and how to
fix it. A :class:`Report` collects them all (like mkdocs' config validation)
so a single run shows every mistake at once.

>>> report = Report()
>>> report.error(Location("a.yaml", 3, 5, "circles[0].number"), "expected an integer", fix="write a whole number")
>>> print(report.format_text())
a.yaml:3:5: error: circles[0].number: expected an integer (fix: write a whole number)
1 error, 0 warnings
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Location:
    """Where something stands in a scenario file (1-based line and column)."""

    file: str
    line: int = 0
    column: int = 0
    path: str = ""

    def at(self, path: str) -> Location:
        """The same place with another YAML path (for derived findings)."""
        return Location(self.file, self.line, self.column, path)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    """One located finding. ``point`` optionally marks board coordinates for overlays."""

    severity: Severity
    location: Location
    message: str
    fix: str = ""
    point: tuple[float, float] | None = None
    code: str = ""  # what kind of problem: yaml, schema.<keyword>, project, or the file's kind

    @property
    def sort_key(self) -> tuple[str, int, int, str, str]:
        loc = self.location
        return (loc.file, loc.line, loc.column, loc.path, self.message)

    def format_text(self) -> str:
        loc = self.location
        path = f"{loc.path}: " if loc.path else ""
        fix = f" (fix: {self.fix})" if self.fix else ""
        return f"{loc}: {self.severity.value}: {path}{self.message}{fix}"

    def to_json(self) -> dict[str, object]:
        loc = self.location
        return {"severity": self.severity.value, "code": self.code or "gaslight", "message": self.message,
                "fix": self.fix, "file": loc.file, "line": loc.line, "column": loc.column, "path": loc.path}


@dataclass
class Report:
    """Collects diagnostics; never raises on the designer's mistakes."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: set[str] = field(default_factory=set)
    _seen: set[Diagnostic] = field(default_factory=set, repr=False, compare=False)
    _code: str = field(default="", repr=False, compare=False)

    def __post_init__(self) -> None:
        self._seen = set(self.diagnostics)

    @contextmanager
    def coded(self, code: str) -> Iterator[None]:
        """Diagnostics added inside without a code of their own get ``code``.

        >>> report = Report()
        >>> with report.coded("board"):
        ...     report.error(Location("a.yaml", 1, 1), "too close")
        >>> report.diagnostics[0].code
        'board'
        """
        outer, self._code = self._code, self._code or code
        try:
            yield
        finally:
            self._code = outer

    def add(self, diagnostic: Diagnostic) -> None:
        if self._code and not diagnostic.code:
            diagnostic = replace(diagnostic, code=self._code)
        if diagnostic not in self._seen:
            self._seen.add(diagnostic)
            self.diagnostics.append(diagnostic)

    def error(self, location: Location, message: str, *, fix: str = "", point: tuple[float, float] | None = None,
              code: str = "") -> None:
        self.add(Diagnostic(Severity.ERROR, location, message, fix, point, code))

    def warning(self, location: Location, message: str, *, fix: str = "", point: tuple[float, float] | None = None,
                code: str = "") -> None:
        self.add(Diagnostic(Severity.WARNING, location, message, fix, point, code))

    def extend(self, other: Report) -> None:
        for diagnostic in other.diagnostics:
            self.add(diagnostic)
        self.files |= other.files

    @property
    def errors(self) -> list[Diagnostic]:
        return sorted((d for d in self.diagnostics if d.severity is Severity.ERROR), key=lambda d: d.sort_key)

    @property
    def warnings(self) -> list[Diagnostic]:
        return sorted((d for d in self.diagnostics if d.severity is Severity.WARNING), key=lambda d: d.sort_key)

    @property
    def error_count(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def ok(self) -> bool:
        return self.error_count == 0

    def for_file(self, file: str) -> list[Diagnostic]:
        return sorted((d for d in self.diagnostics if d.location.file == file), key=lambda d: d.sort_key)

    def format_text(self) -> str:
        ordered = sorted(self.diagnostics, key=lambda d: d.sort_key)
        lines = [d.format_text() for d in ordered]
        n_err, n_warn = len(self.errors), len(self.warnings)
        lines.append(f"{n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)}")
        return "\n".join(lines)

    def to_json(self) -> str:
        payload = {
            "files": len(self.files),
            "errors": [d.to_json() for d in self.errors],
            "warnings": [d.to_json() for d in self.warnings],
        }
        return json.dumps(payload, indent=2, sort_keys=False)
