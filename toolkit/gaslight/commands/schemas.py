"""``gaslight schemas``: the project's own copy of the JSON Schemas, for editor completion offline.

Scenario files name their schema on the first line
(``# yaml-language-server: $schema=…``); in a project that path points at
``.gaslight/schemas/``, a copy kept in the project (commit it) so the
modelines resolve in any clone. This command writes or refreshes the copy;
``gaslight check`` warns when it falls behind the installed Gaslight.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from gaslight.commands.context import require_config
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS
from gaslight.resources import SCHEMA_DIR

LOCAL_SCHEMAS = ".gaslight/schemas"


def shipped() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(SCHEMA_DIR.glob("*.schema.json"))}


def stale_files(root: Path) -> list[str]:
    """Schema files missing from the project's copy or different from this Gaslight's."""
    folder = root / LOCAL_SCHEMAS
    stale = []
    for name, data in shipped().items():
        target = folder / name
        if not target.is_file() or target.read_bytes() != data:
            stale.append(name)
    return stale


def write_schemas(root: Path) -> list[str]:
    """Bring the project's copy up to date; the names written (atomically, file by file)."""
    folder = root / LOCAL_SCHEMAS
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in stale_files(root):
        target = folder / name
        partial = target.with_name(f".{name}.tmp")
        partial.write_bytes(shipped()[name])
        os.replace(partial, target)
        written.append(name)
    return written


def modeline(target: Path, schema_name: str, project_root: Path | None) -> str:
    """The first line of a scenario file at ``target``: its schema, relative to the file."""
    folder = project_root / LOCAL_SCHEMAS if project_root is not None else SCHEMA_DIR
    rel = os.path.relpath(folder / schema_name, target.resolve().parent)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}"


def run(args: argparse.Namespace) -> int:
    config = require_config(args)
    if args.check:
        stale = stale_files(config.root)
        if stale:
            print(f"{LOCAL_SCHEMAS} is out of date: {', '.join(stale)} (run `gaslight schemas`)")
            return EXIT_PROBLEMS
        print(f"{LOCAL_SCHEMAS} is up to date")
        return EXIT_OK
    written = write_schemas(config.root)
    print(f"{LOCAL_SCHEMAS}: " + (f"wrote {', '.join(written)}" if written else "already up to date"))
    return EXIT_OK
