"""What every MkDocs dirty pass of ``gaslight serve`` would otherwise work out again (see
:func:`gaslight.serving.site.every_language_dirty`, which installs these for the length of a pass).

A dirty pass renders one or two pages, yet MkDocs and its plugins go over every file each time: the theme's
static files are picked out of Material's thousands of templates, and mkdocs-static-i18n makes a localized copy
of every file of the site once per language. Both come out the same while their inputs are the same, so a pass
reuses them: the theme's picks while the theme folders list the same files, each localized file while its source
path, destination, inclusion, language and site settings are the same. A pass still gets objects of its own
(plugins set a file's page and alternates on them), never ones another pass handed out.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Iterator
from typing import Any

#: Themes whose picks are kept (each language's build has its own: mkdocs-static-i18n adds a folder to the theme's).
MAX_THEMES = 8
#: Localized files kept between passes (the site's files times its languages, and a few more as pages come and go).
MAX_LOCALIZED = 50_000

_THEME_PICKS: dict[Any, list[tuple[str, str]]] = {}
_LOCALIZED: dict[tuple[Any, ...], Any] = {}


@contextlib.contextmanager
def replaced(owner: Any, name: str, value: Any) -> Iterator[None]:
    """``owner.name`` is ``value`` inside the block, and what it was before once the block ends, however it ends.

    >>> import types
    >>> box = types.SimpleNamespace(flag=False)
    >>> with replaced(box, "flag", True):
    ...     box.flag
    True
    >>> box.flag
    False
    """
    before = getattr(owner, name)
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, before)


@contextlib.contextmanager
def theme_files_picked_once(listing: Callable[[str], list[str]]) -> Iterator[None]:
    """Inside the block, MkDocs' ``Files.add_files_from_theme`` picks the theme's static files (by its own rules)
    once for the same theme folders listing the same files (``listing``: a folder's templates); each pass then adds
    those a page of the site does not replace, as MkDocs does."""
    from mkdocs.structure.files import File, Files

    every_time = Files.add_files_from_theme

    def add_files_from_theme(files: Files, env: Any, config: Any) -> None:
        dirs = tuple(config.theme.dirs)
        key = (tuple((folder, tuple(listing(folder))) for folder in dirs), tuple(config.theme.static_templates),
               config.site_dir, config.use_directory_urls, _markdown_extensions())
        if key not in _THEME_PICKS:
            probe = Files([])
            every_time(probe, env, config)
            if len(_THEME_PICKS) >= MAX_THEMES:
                _THEME_PICKS.clear()
            _THEME_PICKS[key] = [(file.src_uri, file.src_dir) for file in probe]
        for path, folder in _THEME_PICKS[key]:
            if files.get_file_from_path(path) is None:  # a page of the site's own wins over the theme's file
                files.append(File(path, folder, config.site_dir, config.use_directory_urls))

    with replaced(Files, "add_files_from_theme", add_files_from_theme):
        yield


def _markdown_extensions() -> tuple[str, ...]:
    from mkdocs import utils

    return tuple(utils.markdown_extensions)


@contextlib.contextmanager
def localized_files_kept() -> Iterator[None]:
    """Inside the block, mkdocs-static-i18n's localized copy of a file (``create_i18n_file``, the largest part of a
    dirty pass) is made once for the same inputs; each call gets a copy of its own with its own alternates."""
    try:
        from mkdocs_static_i18n import folder, suffix
    except ImportError:  # no second language plugin: nothing to keep
        yield
        return
    with contextlib.ExitStack() as replacing:
        for module in (folder, suffix):
            replacing.enter_context(replaced(module, "create_i18n_file", _kept(module.create_i18n_file)))
        yield


def _kept(make: Callable[..., Any]) -> Callable[..., Any]:
    def create_i18n_file(file: Any, current_language: str, default_language: str, all_languages: list[str],
                         config: Any) -> Any:
        # Everything the plugin's function reads (besides the module it is in, part of the key).
        key = (make.__module__, file.src_uri, file.dest_uri, file.inclusion, current_language, default_language,
               tuple(all_languages), config.docs_dir, config.site_dir, config.use_directory_urls)
        kept = _LOCALIZED.get(key)
        if kept is None:
            made = make(file, current_language, default_language, all_languages, config)
            if len(_LOCALIZED) >= MAX_LOCALIZED:
                _LOCALIZED.clear()
            _LOCALIZED[key] = _fresh(made, current_language)  # a copy no pass holds
            return made
        return _fresh(kept, current_language)

    return create_i18n_file


def _fresh(made: Any, language: str) -> Any:
    """A copy of a localized file that shares nothing a plugin changes later: alternates list it alone, as
    ``create_i18n_file`` leaves them, and it has no page yet."""
    fresh = copy.copy(made)
    fresh.alternates = {language: fresh}
    fresh.__dict__.pop("page", None)
    return fresh
