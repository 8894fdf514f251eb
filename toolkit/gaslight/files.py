"""Writing a designer's file whole or not at all."""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

NEW_FILE_MODE = 0o666  # as any editor creates a file: the user's umask takes off what it takes off


def write_whole(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` through a temporary file beside it, so the file is whole or untouched.

    A file that exists keeps its permission bits (a group-writable or executable file stays so); a new file
    gets what the user's umask allows, as a text editor would give it.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_whole(folder / "a" / "b.yaml", "kind: board\\n")
    >>> sorted(p.name for p in (folder / "a").iterdir())
    ['b.yaml']
    >>> (folder / "a" / "b.yaml").chmod(0o664)
    >>> write_whole(folder / "a" / "b.yaml", "kind: deck\\n")
    >>> oct((folder / "a" / "b.yaml").stat().st_mode & 0o777)
    '0o664'
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        kept: int | None = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        kept = None
    temporary = target.parent / f".{target.name}.{secrets.token_hex(6)}"
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, NEW_FILE_MODE)  # the umask applies
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        if kept is not None:
            os.chmod(temporary, kept)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
