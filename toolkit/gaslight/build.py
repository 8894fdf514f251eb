"""``gaslight build``: a straight pipeline of named stages, published atomically.

check → generate (each contributor) → site (MkDocs) → publish. Everything is
written into a temporary folder beside the output; only a complete build is
moved into place, so a failed build leaves the last good one untouched.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gaslight.cache import NO_CACHE, ResultCache, using
from gaslight.config import ProjectConfig
from gaslight.diagnostics import Location, Report
from gaslight.kinds import resolve
from gaslight.outputs import CONTRIBUTORS, STARTS
from gaslight.outputs.pdf import abandon_drawing
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.site import SiteBuildError, SiteOptions, build_site, copy_sources
from gaslight.project import Project, load_configured, load_project
from gaslight.publish import NotABuild, build_lock, ensure_fit, mark, prepare, staging_folder, swap_in

Progress = Callable[[str], None]


def stderr_progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass(frozen=True)
class BuildResult:
    report: Report
    out: Path
    published: bool


def generate(project: Project, out: BuildOutput, progress: Progress,
             contributors: Sequence[str] = CONTRIBUTORS) -> None:
    copy_sources(out)
    try:
        for target in contributors:
            if target in STARTS:
                resolve(STARTS[target])(project, out)
        for target in contributors:
            progress(f"  generating: {target.split(':')[0].rsplit('.', 1)[-1]}")
            resolve(target)(project, out)
    finally:  # a contributor failed: end what was started for the ones after it
        for work in out.started.values():
            work.stop()
        out.started.clear()


def run_build(scenarios: Sequence[Path], out: Path, progress: Progress = stderr_progress,
              contributors: Sequence[str] = CONTRIBUTORS) -> BuildResult:
    """Build the scenario files under ``scenarios`` (no project config) into ``out``."""
    return build(lambda: load_project(scenarios), out, progress, contributors)


def build_project(config: ProjectConfig, out: Path | None = None, progress: Progress = stderr_progress,
                  contributors: Sequence[str] = CONTRIBUTORS, *, strict: bool = False,
                  use_cache: bool = True) -> BuildResult:
    """Build a designer's project into its output folder (or ``out``).

    Slow results are kept in the project's ``.gaslight-cache/`` unless ``use_cache`` is False (``--no-cache``).
    """
    cache = ResultCache(config.cache_folder) if use_cache else NO_CACHE
    return build(lambda: load_configured(config), out or config.output, progress, contributors, strict=strict,
                 project_root=config.root, cache=cache)


def build(load: Callable[[], tuple[Project, Report]], out: Path, progress: Progress = stderr_progress,
          contributors: Sequence[str] = CONTRIBUTORS, *, strict: bool = False,
          project_root: Path | None = None, cache: ResultCache = NO_CACHE) -> BuildResult:
    """check → generate → site → publish; the previous build stays until a complete one replaces it.

    ``out`` is refused before anything beside it is touched when it could never be replaced whole (see
    :func:`gaslight.publish.ensure_fit`; ``project_root``: the project's folder) or is not a build.
    """
    with using(cache):  # proofs (checked), drawings and playtests (generated) are kept in it
        return _build(load, out, progress, contributors, strict, project_root, cache)


def _build(load: Callable[[], tuple[Project, Report]], out: Path, progress: Progress, contributors: Sequence[str],
           strict: bool, project_root: Path | None, cache: ResultCache) -> BuildResult:
    progress("[1/4] checking scenarios")
    project, report = load()
    if not report.ok or (strict and report.warnings):
        return BuildResult(report, out, False)
    try:
        ensure_fit(out, project_root)
        target = Path(os.path.normpath(out))  # 'site/..' names its folder by name, as the renames need
        target.parent.mkdir(parents=True, exist_ok=True)
        with build_lock(target, progress):
            for note in prepare(target):
                progress(f"  {note}")
            _write(project, report, target, progress, contributors, cache)
    except NotABuild as exc:
        report.error(Location(str(out), 0, 0, ""), str(exc), fix=exc.fix, code="project")
    except OSError as exc:
        _disk_error(report, out, exc)
    return BuildResult(report, out, report.ok)


def _disk_error(report: Report, out: Path, exc: OSError) -> None:
    """A full or read-only disk: the designer's to fix, not a Gaslight bug."""
    where = exc.filename or out
    report.error(Location(str(out), 0, 0, ""), f"cannot write the build ({where}): {exc.strerror or exc}",
                 fix="free some disk space or check the output folder's permissions", code="project")


def _report_broken_rule_links(project: Project, message: str, report: Report) -> bool:
    """Place MkDocs' "contains a link … not found" at the rule texts that hold the link; True when placed."""
    from gaslight.domain.rules.variants import written_texts
    from gaslight.links import link_targets, report_missing_page

    missing = set(re.findall(r"contains a link '([^']+)', but the target", message))
    placed = False
    for ruleset in project.of_kind("ruleset"):
        for rule_id, text, where in written_texts(ruleset):
            for target in sorted(missing & set(link_targets(text))):
                report_missing_page(report, rule_id, target, where)
                placed = True
    return placed


def _write(project: Project, report: Report, out: Path, progress: Progress, contributors: Sequence[str],
           cache: ResultCache) -> None:
    """generate → site → publish, in a temporary folder beside ``out`` (removed whatever happens)."""
    tmp = staging_folder(out)
    try:
        build_out = BuildOutput(tmp, cache=cache, finish_late=True)  # printables drawn while MkDocs works
        progress("[2/4] generating pages, printables and exports")
        generate(project, build_out, progress, contributors)
        progress("[3/4] building the site with MkDocs")
        options = SiteOptions.of(project)
        if options.url is None:
            progress("  no site_url in gaslight.yaml: the sitemap lists no pages and pages have no canonical link "
                     "(set site_url: to the published address, such as https://you.github.io/games/)")
        build_site(build_out, options, cache.folder)
        build_out.finish(tmp / "site")
        (tmp / "docs").rename(tmp / ".docs")  # keep the generated sources, out of the way
        (tmp / "mkdocs.generated.yml").unlink()  # it names the temporary folder
        mark(tmp)
        progress("[4/4] publishing")
        swap_in(tmp, out)
    except SiteBuildError as exc:
        if exc.template is not None:
            report.error(Location(os.path.relpath(exc.template), exc.line, 1, ""), str(exc),
                         fix="correct the template; it is laid over Gaslight's own (site.overrides in gaslight.yaml)")
        elif not _report_broken_rule_links(project, str(exc), report):
            report.error(Location("mkdocs.yml", 1, 1, ""), str(exc), fix="fix the page MkDocs names")
    except OSError as exc:
        _disk_error(report, out, exc)
    except Exception as exc:  # a bug in a stage: say so plainly, keep the last good build
        if os.environ.get("GASLIGHT_DEBUG"):
            raise
        report.error(Location("gaslight", 0, 0, ""), f"internal error while building: {type(exc).__name__}: {exc}",
                     fix="this is a Gaslight bug; please report it with the scenario that triggers it")
    finally:
        abandon_drawing()  # a stage failed: what was still being drawn is not wanted
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
