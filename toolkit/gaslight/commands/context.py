"""Which project a command works on: ``-f/--config``, or ``gaslight.yaml`` found from the working folder.

Commands never fall back to Gaslight's bundled content: with no project they
work on the files they are given, or stop with a clear message.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from gaslight.config import CONFIG_NAME, NoProjectError, ProjectConfig, find_config, load_config, locate
from gaslight.diagnostics import Report
from gaslight.errors import ConfigProblems, UserError
from gaslight.loaded import Project

if TYPE_CHECKING:
    from gaslight.scope import Scope


def _common_folder(paths: Sequence[Path]) -> Path | None:
    existing = [p.resolve() for p in paths if p.exists()]
    if not existing:
        return None
    folders = [p if p.is_dir() else p.parent for p in existing]
    return Path(os.path.commonpath([str(f) for f in folders]))


def project_config(args: argparse.Namespace, *, near: Sequence[Path] = ()) -> ProjectConfig | None:
    """The project's config, or None when there is none (and none was asked for).

    Looks from the working folder up, then from the files named on the command line up, so
    ``gaslight check game/boards/a.yaml`` run at a repository's root finds ``game/gaslight.yaml``.
    """
    option = getattr(args, "config", None)
    if option:
        path = locate(option)
        if not path.is_file():
            raise UserError(f"no {CONFIG_NAME} at {option}")
    else:
        found = find_config(Path.cwd())
        folder = _common_folder(near) if found is None else None
        found = found or (find_config(folder) if folder else None)
        if found is None:
            return None
        path = found
    config, report = load_config(path)
    if config is None:
        raise ConfigProblems(report)
    return config


def require_config(args: argparse.Namespace) -> ProjectConfig:
    """The project's config; a clear stop when there is none."""
    config = project_config(args)
    if config is None:
        try:
            locate(None)
        except NoProjectError as exc:
            raise UserError(str(exc)) from None
    assert config is not None
    return config


def load_for(args: argparse.Namespace, paths: Sequence[Path], *, deep: bool = True,
             whole: bool = False) -> tuple[Project, Report, Scope | None]:
    """What a command named ``paths`` works on, loaded and checked, with the scope it took (None: all of it).

    In a project: ``paths`` with what they need and what uses them (the whole project, ``paths`` added, when
    none are named or ``whole``); with no project: just ``paths``; with neither: a clear stop.
    """
    from gaslight.project import load_configured, load_project, load_scoped

    config = project_config(args, near=paths)
    if config is not None:
        if paths and not whole:
            return load_scoped(config, paths, deep=deep)
        return (*load_configured(config, deep=deep, extra=paths), None)
    if not paths:
        require_config(args)
    return (*load_project(paths, deep=deep), None)
