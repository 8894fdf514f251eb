"""Which contributors a save in ``gaslight serve`` feeds, file by file.

A contributor reads files of some kinds (:data:`gaslight.outputs.READS`); of the rulesets, some read only the
families they play (:data:`gaslight.outputs.RULESET_FAMILIES`: the Walton pages read the Walton ruleset, the
board pages the hunt's), and every one reads each ruleset's id, game, family and title (the games' sections,
the menu). So a save of the hunt's rules text re-runs the rules, board and engine pages, and leaves the Walton
and deck pages as they are.

>>> from pathlib import Path
>>> saved = Changes(frozenset({"ruleset"}), frozenset({"hunt"}), named=False)
>>> saved.feeds("gaslight.outputs.walton:contribute", None), saved.feeds("gaslight.outputs.rules:contribute", None)
(False, True)
>>> Changes(frozenset({"ruleset"}), frozenset({"hunt"}), named=True).feeds("gaslight.outputs.walton:contribute", None)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaslight.loaded import Project
from gaslight.outputs import READS, RULESET_FAMILIES

RULESET = "ruleset"


@dataclass(frozen=True)
class Changes:
    """What a save changed: the kinds of the files saved, the families of the rulesets saved (None: unknown, a
    ruleset that did not load), and whether a ruleset's id, game, family or title changed (``named``)."""

    kinds: frozenset[str | None]
    families: frozenset[str | None]
    named: bool

    def feeds(self, target: str, project: Project | None) -> bool:
        """Whether ``target`` reads something this save changed."""
        reads = READS.get(target)
        if reads is None:
            return True
        if (self.kinds - {RULESET}) & reads:
            return True
        if RULESET not in self.kinds or RULESET not in reads:
            return False
        if self.named or None in self.families:
            return True
        families = RULESET_FAMILIES.get(target)
        if families is None:
            return True
        read = families if isinstance(families, frozenset) else families(project)
        return bool(self.families & read)


def _kind(data: Any) -> str | None:
    return data.get("kind") if isinstance(data, dict) else None


def _ruleset_names(project: Project) -> dict[Path, tuple[Any, ...]]:
    """Each ruleset file's id, game, base, title (every language) and family: what every reader of rulesets sees."""
    families = {model.location.file: model.family or model.game for model in project.of_kind(RULESET)}
    return {Path(d.path): (repr(d.data.get("id")), repr(d.data.get("game")), repr(d.data.get("extends")),
                           repr(d.data.get("title")), families.get(d.file))
            for d in project.documents if _kind(d.data) == RULESET}


def changes(before: Project, after: Project, saved: frozenset[Path], beside: Mapping[Path, str]) -> Changes:
    """What the files ``saved`` changed between two loads; ``beside``: files read beside scenarios (card tables,
    pictures) with the kind of the file that reads them."""
    kinds_before = {Path(d.path): _kind(d.data) for d in before.documents}
    kinds_after = {Path(d.path): _kind(d.data) for d in after.documents}
    kinds = frozenset({*(kinds_before.get(p, beside.get(p)) for p in saved),
                       *(kinds_after.get(p, beside.get(p)) for p in saved)})
    names_before, names_after = _ruleset_names(before), _ruleset_names(after)
    families = frozenset(names[p][4] for names in (names_before, names_after) for p in saved if p in names)
    return Changes(kinds, families, names_before != names_after)
