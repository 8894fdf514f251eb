"""Putting a finished build in place without ever losing one, and never touching a folder that is not ours.

A build is written into ``.NAME.tmp-XXXX`` beside the output folder ``NAME`` and swapped in with two renames
(``NAME`` → ``.NAME.old``, temp → ``NAME``). Around that:

* an output folder that could never be replaced whole is refused before anything is done (the filesystem root,
  the home folder, the project's folder, the working folder, a folder holding one of them, a file);
* one build at a time per output folder (a lock on the folder that holds it, so no lock file is left
  behind; a second build waits and says so);
* a folder that is not a Gaslight build (no marker file inside) is never replaced, and that is checked
  before anything beside it is touched;
* a build killed between the two renames leaves ``.NAME.old`` and no ``NAME``: the next run puts it back;
* a killed build's temp folders are removed by the next run (it holds the lock, so none is in use);
* only what Gaslight marked as its own is put back or removed: a ``.NAME.old`` holding the build marker, a
  ``.NAME.tmp-*`` holding the staging marker (written into it first thing) or the build marker. A designer's
  own folders of those names are left alone.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from gaslight.discover import BUILD_MARKER

MARKER_TEXT = "A Gaslight build: `gaslight build` replaces this folder.\n"
STAGING_MARKER = ".gaslight-staging"
STAGING_TEXT = "An unfinished Gaslight build: the next build beside it removes this folder.\n"
OWN_FOLDER = "it must be a folder of its own that Gaslight can replace whole"


class NotABuild(Exception):
    """The output folder holds something that is not a Gaslight build (or such a thing is in the way)."""

    def __init__(self, message: str, folder: Path, fix: str = "choose another output folder (--out, or 'output' in "
                                                                 "gaslight.yaml), or empty this one") -> None:
        super().__init__(message)
        self.folder = folder  # the folder that is not Gaslight's: the output folder, or one beside it
        self.fix = fix


class UnfitOutput(NotABuild):
    """The output folder could never be replaced whole (the filesystem root, the project's folder, …)."""

    def __init__(self, message: str, folder: Path) -> None:
        super().__init__(message, folder, fix="name a new folder, such as 'build'")


def _home() -> Path | None:
    try:
        return Path.home().resolve()
    except (RuntimeError, KeyError, OSError):  # no HOME and no password entry
        return None


def unfit_reason(out: Path, project_root: Path | None = None) -> str | None:
    """What ``out`` is when it could never be an output folder, else None (folders are compared resolved).

    >>> unfit_reason(Path("/")), unfit_reason(Path.cwd()), unfit_reason(Path.cwd() / "build")
    ('the filesystem root', 'the working folder', None)
    >>> unfit_reason(Path("/srv/game/.."), Path("/srv/game"))
    'a folder holding the project'
    """
    real = out.resolve()
    if real.is_file():
        return "a file"
    if real == Path(real.anchor):
        return "the filesystem root"
    kept = [(_home(), "your home folder"), (project_root.resolve() if project_root else None, "the project"),
            (Path.cwd().resolve(), "the working folder")]
    for folder, name in kept:
        if folder is None:
            continue
        if real == folder:
            return "the project's folder" if name == "the project" else name
        if real in folder.parents:
            return f"a folder holding {name}"
    return None


def ensure_fit(out: Path, project_root: Path | None = None, written: str | None = None) -> None:
    """Refuse an output folder that could never be replaced whole; ``written``: the path as the designer gave it.

    >>> ensure_fit(Path("/"), written="--out /")
    Traceback (most recent call last):
    ...
    gaslight.publish.UnfitOutput: --out / is the filesystem root, which cannot be the output folder: \
it must be a folder of its own that Gaslight can replace whole
    """
    reason = unfit_reason(out, project_root)
    if reason is not None:
        raise UnfitOutput(f"{written or out} is {reason}, which cannot be the output folder: {OWN_FOLDER}", out)


def temp_prefix(out: Path) -> str:
    return f".{out.name}.tmp-"


def staging_folder(out: Path) -> Path:
    """A new folder beside ``out`` to build into, marked as Gaslight's, with the permissions ``mkdir`` gives it.

    Not ``tempfile.mkdtemp``: its folder is private to its owner, and would stay so once swapped in, so a web
    server running as another user could not read the published site. The staging marker is written first
    thing, so a later run removes the folder if this one is killed, and never a folder of the designer's.
    """
    for _ in range(100):
        folder = out.parent / f"{temp_prefix(out)}{secrets.token_hex(4)}"
        try:
            folder.mkdir()
        except FileExistsError:
            continue
        (folder / STAGING_MARKER).write_text(STAGING_TEXT, encoding="utf-8")
        return folder
    raise FileExistsError(f"no free name for a temporary folder beside {out}")


def lock_file(out: Path) -> Path:
    """The file beside ``out`` that builds writing it lock (:func:`build_lock`)."""
    return out.with_name(f".{out.name}.lock")


def old_copy(out: Path) -> Path:
    return out.with_name(f".{out.name}.old")


def _holds(folder: Path, *markers: str) -> bool:
    """A real folder (not a link to one) holding one of ``markers``: Gaslight's own."""
    return folder.is_dir() and not folder.is_symlink() and any((folder / m).is_file() for m in markers)


def is_build(folder: Path) -> bool:
    """A finished Gaslight build (it holds the build marker)."""
    return _holds(folder, BUILD_MARKER)


@contextmanager
def build_lock(out: Path, say: Callable[[str], None]) -> Iterator[None]:
    """Hold the output folder's lock; when another build holds it, say so and wait for it.

    The lock is a file beside the folder (:func:`lock_file`), there while a build holds it, as its staging folder
    is: builds into two folders of one parent go on side by side (a lock on the parent made each wait for the
    other), and two builds of one folder take turns. The holder removes the file before it lets go, so a build
    that waited on it checks, once it holds it, that it is still the file of that name, and else starts again.
    """
    path, told = lock_file(out), False
    while True:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if not told:
                    say(f"another gaslight build is writing {out.name}; waiting for it to finish")
                    told = True
                fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                held = os.fstat(handle).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                held = False
        except BaseException:
            os.close(handle)
            raise
        if held:
            break
        os.close(handle)  # the last holder removed it: lock the file of that name now
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
        os.close(handle)  # closing releases the lock


def recover(out: Path) -> list[str]:
    """Undo what an interrupted build left beside ``out`` (call with the lock held, after
    :func:`ensure_replaceable`); says what it did. Only folders Gaslight marked as its own are touched."""
    done = []
    old = old_copy(out)
    if is_build(old) and not out.exists():
        old.rename(out)
        done.append(f"put back the previous build of {out.name} (a build was stopped while publishing)")
    elif is_build(old):
        shutil.rmtree(old, ignore_errors=True)
    stale = sorted(p for p in out.parent.glob(temp_prefix(out) + "*") if _holds(p, STAGING_MARKER, BUILD_MARKER))
    for folder in stale:
        shutil.rmtree(folder, ignore_errors=True)
    if stale:
        done.append(f"removed {len(stale)} unfinished build folder{'s' * (len(stale) != 1)} beside {out.name}")
    return done


def _empty_folder(out: Path) -> bool:
    return out.is_dir() and not out.is_symlink() and not any(out.iterdir())


def ensure_replaceable(out: Path) -> None:
    """Refuse an output folder that exists, is not empty and carries no build marker, or one whose previous build
    could not be set aside while publishing (a ``.NAME.old`` of the designer's is in the way)."""
    if out.is_symlink():
        raise NotABuild(f"{out} is a link to {os.readlink(out)}, so the build will not replace it", out,
                        fix="name the folder the link points to, or another output folder")
    if out.is_file() or (out.exists() and not _empty_folder(out) and not is_build(out)):
        raise NotABuild(f"{out} is not a Gaslight build (it has no {BUILD_MARKER} file), so the build "
                        "will not replace it", out)
    old = old_copy(out)
    if is_build(out) and (old.exists() or old.is_symlink()) and not is_build(old):
        raise NotABuild(f"{old} is not a Gaslight build (it has no {BUILD_MARKER} file), and publishing needs "
                        f"its name to set the previous build of {out.name} aside", old,
                        fix=f"rename or move {old.name}, or choose another output folder")


def prepare(out: Path) -> list[str]:
    """Refuse what is not ours, then undo what an interrupted build of ours left (lock held); says what it did."""
    ensure_replaceable(out)
    return recover(out)


def mark(folder: Path) -> None:
    """Mark a finished staging folder as a build (the build marker first: the folder is always marked)."""
    (folder / BUILD_MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    (folder / STAGING_MARKER).unlink(missing_ok=True)


def swap_in(tmp: Path, out: Path) -> None:
    """Move the finished build ``tmp`` to ``out``; on failure the previous build is back in place.

    An empty folder at ``out`` is removed rather than set aside: it holds nothing to lose, and set aside it
    would carry no marker to recover it by.
    """
    old = old_copy(out)
    if _empty_folder(out):
        out.rmdir()
        try:
            tmp.rename(out)
        except OSError:
            out.mkdir(exist_ok=True)
            raise
        return
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
