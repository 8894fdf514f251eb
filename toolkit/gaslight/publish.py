"""Putting a finished build in place without ever losing one, and never touching a folder that is not ours.

A build is written into ``.NAME.tmp-XXXX`` beside the output folder ``NAME`` and swapped in with two renames
(``NAME`` → ``.NAME.old``, temp → ``NAME``). Around that:

* one build at a time per output folder (a lock on the folder that holds it, so no lock file is left
  behind; a second build waits and says so);
* a build killed between the two renames leaves ``.NAME.old`` and no ``NAME``: the next run puts it back;
* a killed build's temp folders are removed by the next run (it holds the lock, so none is in use);
* a folder that is not a Gaslight build (no marker file inside) is never replaced.
"""

from __future__ import annotations

import fcntl
import os
import secrets
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from gaslight.discover import BUILD_MARKER

MARKER_TEXT = "A Gaslight build: `gaslight build` replaces this folder.\n"


class NotABuild(Exception):
    """The output folder holds something that is not a Gaslight build."""


def temp_prefix(out: Path) -> str:
    return f".{out.name}.tmp-"


def staging_folder(out: Path) -> Path:
    """A new empty folder beside ``out`` to build into, with the permissions a plain ``mkdir`` gives it.

    Not ``tempfile.mkdtemp``: its folder is private to its owner, and would stay so once swapped in, so a web
    server running as another user could not read the published site.
    """
    for _ in range(100):
        folder = out.parent / f"{temp_prefix(out)}{secrets.token_hex(4)}"
        try:
            folder.mkdir()
        except FileExistsError:
            continue
        return folder
    raise FileExistsError(f"no free name for a temporary folder beside {out}")


def old_copy(out: Path) -> Path:
    return out.with_name(f".{out.name}.old")


@contextmanager
def build_lock(out: Path, say: Callable[[str], None]) -> Iterator[None]:
    """Hold the output folder's lock; when another build holds it, say so and wait for it."""
    handle = os.open(out.parent, os.O_RDONLY)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say(f"another gaslight build is writing {out.name}; waiting for it to finish")
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing releases the lock


def recover(out: Path) -> list[str]:
    """Undo what an interrupted build left beside ``out`` (call with the lock held); says what it did."""
    done = []
    old = old_copy(out)
    if old.exists() and not out.exists():
        old.rename(out)
        done.append(f"put back the previous build of {out.name} (a build was stopped while publishing)")
    elif old.exists():
        shutil.rmtree(old, ignore_errors=True)
    stale = sorted(p for p in out.parent.glob(temp_prefix(out) + "*") if p.is_dir())
    for folder in stale:
        shutil.rmtree(folder, ignore_errors=True)
    if stale:
        done.append(f"removed {len(stale)} unfinished build folder{'s' * (len(stale) != 1)} beside {out.name}")
    return done


def ensure_replaceable(out: Path) -> None:
    """Refuse an output folder that exists, is not empty and carries no build marker."""
    if out.is_file() or (out.is_dir() and any(out.iterdir()) and not (out / BUILD_MARKER).is_file()):
        raise NotABuild(f"{out} is not a Gaslight build (it has no {BUILD_MARKER} file), so the build "
                        "will not replace it")


def mark(folder: Path) -> None:
    (folder / BUILD_MARKER).write_text(MARKER_TEXT, encoding="utf-8")


def swap_in(tmp: Path, out: Path) -> None:
    """Move the finished build ``tmp`` to ``out``; on failure the previous build is back in place."""
    old = old_copy(out)
    had_previous = out.exists()
    if had_previous:
        out.rename(old)
    try:
        tmp.rename(out)
    except OSError:
        if had_previous:
            old.rename(out)
        raise
    if had_previous:
        shutil.rmtree(old, ignore_errors=True)
