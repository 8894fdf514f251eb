"""Which files ``gaslight check FILE`` loads: FILE, what it needs, and what uses it.

A scenario file cannot be right while a file it needs is wrong, so a check of
named files loads the files they need, file after file (a case its mansion, a
deck its ruleset, a ruleset the one it ``extends``, a board the hunt rulesets
that say how many red circles and yellow crossings it must have), and reports
their problems too. A file that others use (a mansion, a ruleset) brings in
those users as well, with what they need: renaming a motive in a mansion
breaks the cases set in it, and that is what a designer editing the mansion
wants to hear. Files sharing a kind and an id come along too (a repeated id is
an error of both), and rulesets sharing a ``game`` (one ruleset per game).

Links are read from each file's :class:`~gaslight.discover.Header` (a text
scan, no parsing). A reference the scan cannot read, or one that names no
file, matches every file of the kind it names: a scope may be larger than
needed, never smaller, and a misspelt id gets the same "did you mean" as in the
whole check.

>>> from gaslight.discover import Header
>>> def header(name, **values):
...     return Header(Path(name), values)
>>> headers = [header("house.yaml", kind="mansion", id="house"), header("villa.yaml", kind="mansion", id="villa"),
...            header("first.yaml", kind="case", mansion="house"), header("other.yaml", kind="case", mansion="villa"),
...            header("board.yaml", kind="board", id="b")]
>>> scope = check_scope([Path("first.yaml")], headers)
>>> [p.name for p in scope.needed], [p.name for p in scope.users]
(['house.yaml'], [])
>>> scope = check_scope([Path("house.yaml")], headers)
>>> [p.name for p in scope.needed], [p.name for p in scope.users]
([], ['first.yaml'])
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gaslight.discover import UNREADABLE, Header

HUNT = "hunt"  # the ruleset family whose parameters a board is checked against
KIND_NAMES = ("board", "ruleset", "mansion", "case", "deck")  # gaslight.kinds.KINDS, without importing the loaders
# Files a deck reads beside it: its card table and its pictures (schemas/deck.schema.json).
DATA_SUFFIXES = frozenset({".csv", ".tsv", ".xlsx", ".png", ".jpg", ".jpeg", ".webp", ".gif"})
_NAMES_FILE = re.compile(r"(?:^|[\s{,])(?:cards_file|art)[ \t]*:[ \t]*(['\"]?)([^'\"\n#,}]+?)\1[ \t]*(?=[,}\n#]|$)",
                         re.MULTILINE)


@dataclass(frozen=True)
class Scope:
    """The files of one check: those named, those they need, and those that use them (each sorted, apart)."""

    named: tuple[Path, ...]
    needed: tuple[Path, ...]
    users: tuple[Path, ...]

    @property
    def files(self) -> tuple[Path, ...]:
        return tuple(sorted({*self.named, *self.needed, *self.users}))


class _Index:
    """Headers by kind and by kind and id, and what each file needs."""

    def __init__(self, headers: Iterable[Header]) -> None:
        self.by_kind: dict[str, list[Header]] = defaultdict(list)
        self.by_id: dict[tuple[str, str], list[Header]] = defaultdict(list)
        self._hunts: list[Header] | None = None
        for header in headers:
            for kind in _kinds(header):
                self.by_kind[kind].append(header)
                if header.id:
                    self.by_id[kind, header.id].append(header)

    def named(self, kind: str, ident: str | None) -> list[Header]:
        """The files of ``kind`` with id ``ident``; all of the kind when the reference is unreadable or names no
        file (the error then suggests the closest id, as the whole check does)."""
        if ident is None:
            return []
        found = self.by_id[kind, ident] + self.by_id[kind, UNREADABLE] if ident != UNREADABLE else []
        return found or self.by_kind[kind]

    def root_game(self, ruleset: Header) -> str:
        """The ``game`` of the ruleset at the bottom of its ``extends`` chain (its family); unreadable: any."""
        seen = set()
        while (base := ruleset.get("extends")) is not None and ruleset.path not in seen:
            seen.add(ruleset.path)
            bases = self.named("ruleset", base)
            if len(bases) != 1:
                return UNREADABLE if bases or base == UNREADABLE else ""
            ruleset = bases[0]
        return ruleset.get("game") or ""

    def hunts(self) -> list[Header]:
        """The rulesets that may be of the hunt family: a board is checked against them."""
        if self._hunts is None:
            self._hunts = [r for r in self.by_kind["ruleset"] if self.root_game(r) in (HUNT, UNREADABLE)]
        return self._hunts

    def twins(self, header: Header, kind: str) -> list[Header]:
        """The other files of ``kind`` that may have ``header``'s id (a repeated id is an error of both)."""
        if not header.id:
            return []
        same = (self.by_kind[kind] if header.id == UNREADABLE
                else self.by_id[kind, header.id] + self.by_id[kind, UNREADABLE])
        return [h for h in same if h.path != header.path]

    def needs(self, header: Header) -> list[Header]:
        """The files ``header``'s file is checked against (one step)."""
        return [needed for kind in _kinds(header) for needed in self._needs(header, kind)]

    def _needs(self, header: Header, kind: str) -> list[Header]:
        found = self.twins(header, kind)
        if kind == "case":
            found += self.named("mansion", header.get("mansion"))
        elif kind == "deck":
            if header.get("ruleset") is not None:
                found += self.named("ruleset", header.get("ruleset"))
            else:  # played with the project's ruleset of its game
                game = header.get("game") or "other"
                found += [r for r in self.by_kind["ruleset"] if _game(r) in (game, UNREADABLE) or game == UNREADABLE]
        elif kind == "ruleset":
            found += self.named("ruleset", header.get("extends"))
            game = _game(header)  # one ruleset per game
            found += [r for r in self.by_kind["ruleset"] if r.path != header.path
                      and (_game(r) == game or UNREADABLE in (_game(r), game))]
        elif kind == "board":
            found += self.hunts()
        return found


def _kinds(header: Header) -> tuple[str, ...]:
    """The kinds a file may be: its own, or every kind when the scan cannot read it."""
    if header.kind == UNREADABLE:
        return KIND_NAMES
    return (header.kind,) if header.kind in KIND_NAMES else ()


def _game(ruleset: Header) -> str:
    """A ruleset's game: its ``game``, else its id."""
    return ruleset.get("game") or ruleset.id or ""


def _reach(start: Iterable[Path], edges: dict[Path, set[Path]]) -> set[Path]:
    reached = set(start)
    todo = list(reached)
    while todo:
        for nxt in edges.get(todo.pop(), ()):
            if nxt not in reached:
                reached.add(nxt)
                todo.append(nxt)
    return reached


def check_scope(named: Sequence[Path], headers: Iterable[Header]) -> Scope:
    """The files a check of ``named`` loads: ``headers`` are the project's files and the named ones."""
    headers = list(headers)
    index = _Index(headers)
    needs: dict[Path, set[Path]] = {}
    used_by: dict[Path, set[Path]] = defaultdict(set)
    for header in headers:
        needs[header.path] = {h.path for h in index.needs(header)}
        for needed in needs[header.path]:
            used_by[needed].add(header.path)
    users = _reach(named, used_by) - set(named)
    needed = _reach({*named, *users}, needs) - set(named) - users
    return Scope(tuple(sorted(set(named))), tuple(sorted(needed)), tuple(sorted(users)))


def readers_of(data_file: Path, scenarios: Iterable[Path]) -> list[Path]:
    """The scenario files that name ``data_file`` (resolved) as their ``cards_file`` or an ``art``, by a text scan."""
    readers = []
    for scenario in sorted(scenarios):
        try:
            text = scenario.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if data_file.name not in text:
            continue
        text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
        if any((scenario.parent / m.group(2).strip()).resolve() == data_file for m in _NAMES_FILE.finditer(text)):
            readers.append(scenario)
    return readers
