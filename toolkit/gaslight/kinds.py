"""The kinds of scenario file. A file's ``kind`` picks its schema, model and checks.

Each kind names, by import path, the function that turns a schema-valid
:class:`~gaslight.yamlio.Document` into a frozen model, and optionally a
project-wide checker that runs once every file is loaded (references across
files, geometry, the case solver).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gaslight.diagnostics import Report
    from gaslight.loaded import Project
    from gaslight.yamlio import Document

ModelLoader = Callable[["Document", "Report", "str | None"], Any]
ProjectChecker = Callable[["Project", "Report"], None]
Linker = Callable[[tuple[Any, ...], "Report"], tuple[Any, ...]]


def resolve(target: str) -> Any:
    """``"package.module:name"`` → the object."""
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True)
class KindSpec:
    name: str
    summary: str
    loader: str
    checker: str | None = None
    linker: str | None = None  # runs once all files are loaded: models that build on others (``extends``)

    @property
    def schema(self) -> str:
        return f"{self.name}.schema.json"

    @property
    def starter(self) -> str:
        return f"{self.name}.yaml"

    def load(self, doc: Document, report: Report, language: str | None = None) -> Any:
        """The file's model, its texts in ``language`` (None: each text's first language)."""
        loader: ModelLoader = resolve(self.loader)
        return loader(doc, report, language)

    def link(self, models: tuple[Any, ...], report: Report) -> tuple[Any, ...]:
        if not self.linker:
            return models
        linker: Linker = resolve(self.linker)
        return linker(models, report)

    def check(self, project: Project, report: Report) -> None:
        """The project-wide checks of this kind; skipped (not even imported) when the project has none of it."""
        if self.checker and project.of_kind(self.name):
            checker: ProjectChecker = resolve(self.checker)
            checker(project, report)


KINDS: dict[str, KindSpec] = {
    spec.name: spec
    for spec in (
        KindSpec("board", "a Whitechapel hunt map", "gaslight.domain.board.model:load_board",
                 "gaslight.domain.board.checks:check_project"),
        KindSpec("ruleset", "a game's rules, parameters and variants", "gaslight.domain.rules.ruleset:load_ruleset",
                 "gaslight.domain.rules.ruleset:check_project", "gaslight.domain.rules.extends:link_rulesets"),
        KindSpec("mansion", "the house of a Walton case", "gaslight.domain.walton.mansion:load_mansion",
                 "gaslight.domain.walton.mansion:check_project"),
        KindSpec("case", "a Walton case: answer key and clue cards", "gaslight.domain.walton.case:load_case",
                 "gaslight.domain.walton.verdict:check_project"),
        KindSpec("deck", "a deck of cards with its composition rules", "gaslight.domain.decks.deck:load_deck",
                 "gaslight.domain.decks.checks:check_project"),
    )
}
