"""How ``gaslight check`` prints a report: text, JSON, GitHub workflow annotations or SARIF.

>>> from gaslight.diagnostics import Location, Report
>>> report = Report(files={"a.yaml"})
>>> report.error(Location("a.yaml", 3, 5, "circles[0]"), "100% wrong, here", fix="fix it", code="board")
>>> print(format_report(report, "github"))
::error file=a.yaml,line=3,col=5,title=gaslight board::circles[0]: 100%25 wrong, here (fix: fix it)
"""

from __future__ import annotations

import json
from typing import Any

from gaslight import __version__
from gaslight.diagnostics import Diagnostic, Report, Severity, capped, visible

FORMATS = ("text", "json", "github", "sarif")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _ordered(report: Report, quiet: bool) -> list[Diagnostic]:
    """The diagnostics to print, in order, repeats past :data:`~gaslight.diagnostics.MAX_REPEATS` left out."""
    found = sorted(report.diagnostics, key=lambda d: d.sort_key)
    return capped(d for d in found if d.severity is Severity.ERROR or not quiet)


def format_text(report: Report, *, quiet: bool = False) -> str:
    """One line per problem and a count; ``quiet``: errors only, no count when clean."""
    lines = [d.format_text() for d in _ordered(report, quiet)]
    n_err, n_warn = len(report.errors), len(report.warnings)
    if not quiet or n_err:
        lines.append(f"{n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)}")
    return "\n".join(lines)


def _escape_data(text: str) -> str:
    return visible(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def format_github(report: Report, *, quiet: bool = False) -> str:
    """GitHub Actions workflow commands: each problem shows on the file's line in a pull request."""
    lines = []
    for d in _ordered(report, quiet):
        loc = d.location
        props = [f"file={_escape_property(loc.file)}"]
        if loc.line:
            props += [f"line={loc.line}", f"col={loc.column}"]
        props.append(f"title={_escape_property('gaslight ' + (d.code or 'check'))}")
        text = (f"{loc.path}: " if loc.path else "") + d.message + (f" (fix: {d.fix})" if d.fix else "")
        lines.append(f"::{d.severity.value} {','.join(props)}::{_escape_data(text)}")
    return "\n".join(lines)


def sarif(report: Report, *, quiet: bool = False) -> dict[str, Any]:
    """SARIF 2.1.0, for code-scanning tools; the YAML path and the fix ride in each result's properties."""
    found = _ordered(report, quiet)
    rules = sorted({d.code or "gaslight" for d in found})
    results = []
    for d in found:
        loc = d.location
        region = {"startLine": loc.line, "startColumn": max(loc.column, 1)} if loc.line else {}
        physical: dict[str, Any] = {"artifactLocation": {"uri": loc.file}}
        if region:
            physical["region"] = region
        results.append({
            "ruleId": d.code or "gaslight",
            "level": "error" if d.severity is Severity.ERROR else "warning",
            "message": {"text": d.message + (f" (fix: {d.fix})" if d.fix else "")},
            "locations": [{"physicalLocation": physical}],
            "properties": {"yamlPath": loc.path, "fix": d.fix},
        })
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "gaslight", "version": __version__,
                                "informationUri": "https://github.com/gaslight-tabletop/gaslight",
                                "rules": [{"id": rule} for rule in rules]}},
            "results": results,
        }],
    }


def format_report(report: Report, fmt: str, *, quiet: bool = False) -> str:
    if fmt == "json":
        return report.to_json()
    if fmt == "github":
        return format_github(report, quiet=quiet)
    if fmt == "sarif":
        return json.dumps(sarif(report, quiet=quiet), indent=2)
    return format_text(report, quiet=quiet)
