"""Every file Gaslight reads at run time, reached through the package.

An installed wheel carries the schemas, the site sources (pages, assets, the
browser engine), the MkDocs base config and the bundled games under
``gaslight/_data/`` (see ``[tool.hatch.build.targets.wheel.force-include]``
in ``pyproject.toml``). A development checkout has no ``_data`` folder: the
same names map to the repository's top-level folders, which are the sources.
Nothing else in Gaslight builds a path to its own files.

>>> (SCHEMA_DIR / "board.schema.json").is_file()
True
>>> (STARTER_DIR / "board.yaml").is_file()
True
>>> japanese_font().name
'ipaexg.ttf'
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, distribution
from importlib.resources import files
from pathlib import Path

PACKAGE_DIR = Path(str(files("gaslight")))


def _data_root() -> Path:
    packaged = PACKAGE_DIR / "_data"
    if packaged.is_dir():
        return packaged
    checkout = PACKAGE_DIR.parent.parent  # toolkit/gaslight → the repository
    if (checkout / "schemas").is_dir() and (checkout / "pyproject.toml").is_file():
        return checkout
    raise RuntimeError(f"Gaslight's data files are missing from {PACKAGE_DIR}; reinstall the package")


DATA_ROOT = _data_root()
INSTALLED = DATA_ROOT.name == "_data"  # from a wheel; False in a development checkout
SCHEMA_DIR = DATA_ROOT / "schemas"
SITE_DIR = DATA_ROOT / "site"
BUNDLED_DIR = DATA_ROOT / "scenarios"
MKDOCS_CONFIG = DATA_ROOT / "mkdocs.yml"
STARTER_DIR = PACKAGE_DIR / "starters"
THEME_OVERRIDES = PACKAGE_DIR / "theme"  # Material templates Gaslight overrides (MkDocs ``custom_dir``)
SITE_HOOKS = PACKAGE_DIR / "site_hooks.py"  # MkDocs ``hooks`` of every site
COMPILED_TEMPLATES_HOOK = PACKAGE_DIR / "serving" / "hooks.py"  # builds and the live preview keep compiled templates
RENDERED_PAGES_HOOK = PACKAGE_DIR / "rendered_pages.py"  # builds with a result cache keep converted pages


JAPANESE_FONT_PACKAGE = "matplotlib-fontja"
JAPANESE_FONT_FILE = "matplotlib_fontja/fonts/ipaexg.ttf"


def japanese_font() -> Path:
    """IPAexGothic, the TrueType font Japanese text in PDFs is set in, from the package that ships it.

    The IPA Font License lets a document embed the font and lets the font be redistributed unchanged;
    ``matplotlib-fontja`` (a dependency, pinned in ``pyproject.toml``) carries version 004.01 with its
    licence. Found through the package's installed-files record, so matplotlib is never imported.
    """
    try:
        path = Path(str(distribution(JAPANESE_FONT_PACKAGE).locate_file(JAPANESE_FONT_FILE)))
    except PackageNotFoundError:
        path = None
    if path is None or not path.is_file():
        raise RuntimeError(f"the Japanese font is missing: install {JAPANESE_FONT_PACKAGE} (a dependency of Gaslight)")
    return path


LABELS_DIR = PACKAGE_DIR / "labels"  # the fixed words of printables, a table per language


def label_table(name: str, language: str) -> Path:
    """The file of ``name``'s fixed words in ``language`` (``labels/<name>.<code>.yaml``; it may not exist).

    >>> label_table("printables", "ja").name
    'printables.ja.yaml'
    """
    return LABELS_DIR / f"{name}.{language}.yaml"
