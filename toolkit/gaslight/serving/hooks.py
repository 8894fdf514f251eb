"""MkDocs hooks of ``gaslight serve``'s builds and of ``gaslight build`` with its result cache (their generated
MkDocs configs name this file).

Every save (and every build) builds with a new MkDocs environment, which compiled every template again (about
a second of each save): the compiled templates are kept in ``compiled-templates`` beside the generated config,
and Jinja compiles again only a template whose source changed (it keys them by name, source checksum and Jinja's
version, and writes each whole). :func:`keep_compiled` makes that folder a link to the project's result cache, so
a restart of the server compiles nothing either; a folder past :data:`MAX_COMPILED` files (a designer's templates
edited many times) is emptied.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemBytecodeCache

COMPILED = "compiled-templates"
KEPT = "templates"  # under the project's result cache
MAX_COMPILED = 1000


def keep_compiled(work: Path, cache: Path | None) -> None:
    """The compiled templates of the server whose scratch folder is ``work`` kept in the result cache ``cache``
    (None: ``cache: false``, then in ``work``); a cache folder that is a link, or cannot be written, is not used.

    >>> import tempfile
    >>> work, cache = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp()) / ".gaslight-cache"
    >>> keep_compiled(work, cache)
    >>> (work / COMPILED).resolve() == (cache / KEPT).resolve()
    True
    """
    def trimmed(kept: Path) -> None:
        if sum(1 for _ in kept.iterdir()) > MAX_COMPILED:
            FileSystemBytecodeCache(str(kept)).clear()

    link_to_cache(work / COMPILED, cache, KEPT, trimmed)


def link_to_cache(link: Path, cache: Path | None, kept: str, prepare: Callable[[Path], None] = lambda _: None) -> None:
    """``link`` made a link to the folder ``kept`` of the result cache ``cache`` (made, then ``prepare``-d); nothing
    when there is no cache, it is a link (never written through) or it cannot be written."""
    if cache is None or cache.is_symlink():
        return
    try:
        (cache / kept).mkdir(parents=True, exist_ok=True)
        prepare(cache / kept)
        link.symlink_to((cache / kept).resolve(), target_is_directory=True)
    except OSError:
        return


def on_env(env: Environment, config: Any, files: Any) -> Environment:
    """MkDocs' ``on_env`` event: the environment keeps compiled templates in the scratch folder."""
    folder = Path(config.config_file_path).parent / COMPILED
    if not folder.is_dir():  # no link to the result cache
        folder.mkdir()
    env.bytecode_cache = FileSystemBytecodeCache(str(folder))
    return env
