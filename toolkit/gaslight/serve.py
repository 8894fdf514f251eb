"""``gaslight serve``: MkDocs' live server, regenerating our pages on every rebuild.

A MkDocs hook (``on_config``) re-runs the check and generate stages, syncs only
changed files into the served docs folder (so the watcher does not loop) and
sets the menu. Scenario, schema and site folders are watched.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

from gaslight.build import generate
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.site import base_config, nav_tree
from gaslight.project import load_project
from gaslight.resources import SCHEMA_DIR, SITE_DIR

SERVE_ROOT = Path(".gaslight-serve")


def sync_tree(source: Path, target: Path) -> None:
    """Make ``target`` equal ``source``, touching only files whose bytes differ."""
    target.mkdir(parents=True, exist_ok=True)
    for path in source.rglob("*"):
        dest = target / path.relative_to(source)
        if path.is_dir():
            dest.mkdir(parents=True, exist_ok=True)
        elif not dest.exists() or not filecmp.cmp(path, dest, shallow=False):
            shutil.copy2(path, dest)
    for path in sorted(target.rglob("*"), reverse=True):
        if not (source / path.relative_to(target)).exists():
            shutil.rmtree(path) if path.is_dir() else path.unlink()


def regenerate(scenarios: list[Path], docs: Path) -> list[Any]:
    """Check and generate into a scratch folder, sync into ``docs``; return the menu."""
    project, report = load_project(scenarios)
    if report.diagnostics:
        print(report.format_text(), file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="gaslight-serve-") as scratch:
        out = BuildOutput(Path(scratch))
        generate(project, out, lambda message: None)
        sync_tree(out.docs, docs)
        return nav_tree(out.nav)


def on_config(config: Any) -> Any:  # MkDocs hook
    scenarios = [Path(p) for p in os.environ["GASLIGHT_SCENARIOS"].split(os.pathsep)]
    config["nav"] = regenerate(scenarios, Path(config["docs_dir"]))
    return config


def serve(scenarios: list[Path], dev_addr: str) -> int:
    from mkdocs.commands.serve import serve as mkdocs_serve

    SERVE_ROOT.mkdir(exist_ok=True)
    docs = (SERVE_ROOT / "docs").resolve()
    config = base_config()
    config["docs_dir"] = str(docs)
    config["hooks"] = [__file__]
    config["watch"] = [str(p.resolve()) for p in scenarios] + [str(SITE_DIR), str(SCHEMA_DIR)]
    regenerate(scenarios, docs)
    config_path = SERVE_ROOT / "mkdocs.serve.yml"
    config_path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    os.environ["GASLIGHT_SCENARIOS"] = os.pathsep.join(str(p.resolve()) for p in scenarios)
    mkdocs_serve(config_file=str(config_path), dev_addr=dev_addr, livereload=True)
    return 0
