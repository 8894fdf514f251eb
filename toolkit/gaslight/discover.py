"""Which files are scenario files: walk folders, skip what is not content.

Left out: hidden folders (``.git``, ``.github``, ``.venv``…), virtual
environments, ``node_modules``, the build output, whatever ``.gitignore``
files and the project's ``exclude`` patterns name (gitignore syntax, through
pathspec), and YAML files that are not scenarios (``gaslight.yaml``,
``mkdocs.yml``, CI files; any YAML without a top-level ``kind:`` or a Gaslight
schema modeline, which gets a warning so a forgotten ``kind:`` is never a
silent pass).

>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> for name, text in {"boards/a.yaml": "kind: board\\n", "mkdocs.yml": "site_name: x\\n",
...                    ".github/ci.yml": "on: push\\n", "notes/todo.yaml": "- write\\n",
...                    "drafts/b.yaml": "kind: board\\n"}.items():
...     (root / name).parent.mkdir(parents=True, exist_ok=True)
...     _ = (root / name).write_text(text)
>>> found = walk([root], ignore_root=root, exclude=("drafts/",))
>>> [p.relative_to(root).as_posix() for p in found.scenarios], [p.name for p in found.not_scenarios]
(['boards/a.yaml'], ['todo.yaml'])
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from pathspec import GitIgnoreSpec

YAML_SUFFIXES = (".yaml", ".yml")
# YAML that is never a scenario: configuration of Gaslight and of the tools around it.
NOT_SCENARIOS = frozenset({"gaslight.yaml", "mkdocs.yml", "mkdocs.yaml", ".pre-commit-config.yaml",
                           ".pre-commit-hooks.yaml", "pnpm-lock.yaml", ".yamllint.yaml", ".yamllint.yml"})
SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__", "site-packages"})
BUILD_MARKER = ".gaslight-build"  # written into every build folder: never content

_KIND_LINE = re.compile(r"^kind\s*:", re.MULTILINE)
_MODELINE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=\S*(board|ruleset|mansion|case|deck)\.schema\.json")


@dataclass(frozen=True)
class Found:
    """Scenario files, and YAML files left out because they are not scenarios (both sorted)."""

    scenarios: tuple[Path, ...]
    not_scenarios: tuple[Path, ...]


def looks_like_scenario(path: Path) -> bool:
    """A top-level ``kind:`` key or a Gaslight schema modeline (a file that cannot be read counts: its error shows)."""
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            head = handle.read(1 << 16)
    except OSError:
        return True
    return bool(_KIND_LINE.search(head) or _MODELINE.match(head))


def _skip_folder(folder: Path, name: str, prune: frozenset[Path]) -> bool:
    if name.startswith(".") or name in SKIPPED_FOLDERS or folder in prune:
        return True
    return (folder / "pyvenv.cfg").is_file() or (folder / BUILD_MARKER).exists()


class _Ignores:
    """``.gitignore`` files met on the way down plus the project's exclude patterns."""

    def __init__(self, root: Path | None, exclude: Sequence[str]) -> None:
        self.specs: list[tuple[Path, GitIgnoreSpec]] = []
        if root is not None and exclude:
            self.specs.append((root, GitIgnoreSpec.from_lines(exclude)))

    def read(self, folder: Path) -> None:
        ignore = folder / ".gitignore"
        if ignore.is_file():
            try:
                lines = ignore.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                return
            self.specs.append((folder, GitIgnoreSpec.from_lines(lines)))

    def ignored(self, path: Path, is_dir: bool) -> bool:
        for base, spec in self.specs:
            if base == path or base in path.parents:
                rel = path.relative_to(base).as_posix() + ("/" if is_dir else "")
                if spec.match_file(rel):
                    return True
        return False


def walk(roots: Iterable[Path], *, ignore_root: Path | None = None, exclude: Sequence[str] = (),
         prune: Iterable[Path] = ()) -> Found:
    """Scenario files under ``roots`` (folders or files), each once; files named directly are always taken."""
    ignores = _Ignores(ignore_root, exclude)
    pruned = frozenset(p.resolve() for p in prune)
    if ignore_root is not None:
        ignores.read(ignore_root)
    scenarios: set[Path] = set()
    others: set[Path] = set()
    for root in roots:
        root = root.resolve()
        if root.is_file():
            scenarios.add(root)
            continue
        for folder, dirs, files in os.walk(root):
            here = Path(folder)
            if here != ignore_root:
                ignores.read(here)
            dirs[:] = sorted(d for d in dirs if not _skip_folder(here / d, d, pruned)
                             and not ignores.ignored(here / d, True))
            for name in files:
                path = here / name
                if not name.endswith(YAML_SUFFIXES) or name in NOT_SCENARIOS or ignores.ignored(path, False):
                    continue
                (scenarios if looks_like_scenario(path) else others).add(path)
    return Found(tuple(sorted(scenarios)), tuple(sorted(others - scenarios)))


def _top_level(key: str, value: str) -> re.Pattern[str]:
    return re.compile(rf"^{key}:\s*['\"]?{re.escape(value)}['\"]?\s*(#.*)?$", re.MULTILINE)


def files_of_kind(files: Iterable[Path], kind: str, ident: str | None = None) -> list[Path]:
    """The files whose top level says ``kind: KIND`` (and ``id: IDENT``): a text scan, no parsing.

    Commands that need a few files of a project (``solve`` needs a case and mansions) load just those.
    """
    patterns = [_top_level("kind", kind)] + ([_top_level("id", ident)] if ident else [])
    found = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if all(p.search(text) for p in patterns):
            found.append(path)
    return found


# The top-level keys by which scenario files name each other (see gaslight.scope).
HEADER_KEYS = ("kind", "id", "game", "extends", "mansion", "ruleset")
UNREADABLE = "\0?"  # a header value the text scan cannot read (quoted oddly, a block, an alias): matches any id
_KEYS = "|".join(HEADER_KEYS)
_FLOW_START = re.compile(r"\A(?:\ufeff)?(?:[ \t]*(?:#[^\n]*)?\r?\n|%[^\n]*\n|---[ \t]*\r?\n)*[ \t]*(?:---[ \t]+)?[\[{]")
_HEADER_LINE = re.compile(rf"^(['\"]?)({_KEYS})\1[ \t]*:(?:[ \t]+([^\n]*?))?[ \t]*\r?$", re.MULTILINE)


@dataclass(frozen=True)
class Header:
    """The top-level keys that tie a scenario file to others, read without parsing the file.

    A key the file does not have is absent; one whose value the scan cannot read is :data:`UNREADABLE`.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "case.yaml"
    >>> _ = path.write_text("# a case\\nkind: case\\nid: 'first'  # the id\\nmansion: my-house\\ncards: [{id: x}]\\n")
    >>> header = read_header(path)
    >>> header.kind, header.id, header.get("mansion"), header.get("ruleset")
    ('case', 'first', 'my-house', None)
    """

    path: Path
    values: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def kind(self) -> str | None:
        return self.get("kind")

    @property
    def id(self) -> str | None:
        return self.get("id")

    def get(self, key: str) -> str | None:
        return self.values.get(key)


def _scalar(raw: str | None) -> str:
    """A one-line YAML scalar as written after ``key:`` (:data:`UNREADABLE` for anything else)."""
    text = re.split(r"\s#", raw or "", maxsplit=1)[0].rstrip()  # a comment starts at ' #'
    if not text:
        return UNREADABLE  # the value is on the next lines, or null
    if text[0] in "'\"":
        inner = text[1:-1]
        return inner if len(text) > 1 and text[-1] == text[0] and text[0] not in inner and "\\" not in inner \
            else UNREADABLE
    return UNREADABLE if text[0] in "|>&*!%@`?-" or ": " in text or any(c in text for c in ",[]{}") else text


def read_header(path: Path) -> Header:
    """The :data:`HEADER_KEYS` of a scenario file by a text scan (first occurrence of each top-level key).

    A file whose ``kind:`` the scan does not find (one written in flow style) is parsed instead.
    """
    try:
        text = path.read_text(encoding="utf-8", errors="replace").removeprefix("\ufeff")
    except OSError:
        return Header(path)
    values: dict[str, str] = {}
    if _FLOW_START.search(text):  # a file written as one flow mapping: its lines are no top-level keys
        values = _parsed_header(path)
    else:
        for match in _HEADER_LINE.finditer(text):
            values.setdefault(match.group(2), _scalar(match.group(3)))
        if "kind" not in values and "kind" in text:
            values = _parsed_header(path)
    return Header(path, MappingProxyType(values))


def _parsed_header(path: Path) -> dict[str, str]:
    from gaslight.yamlio import parse_file

    doc, _ = parse_file(path, str(path))
    data = doc.data if doc is not None else None
    if not isinstance(data, dict):
        return {}
    return {key: value if isinstance(value, str) else UNREADABLE for key, value in data.items() if key in HEADER_KEYS}
