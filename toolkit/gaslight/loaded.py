"""A loaded project: every valid model by kind (kept apart so kinds and checkers need not import the loader)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gaslight.config import ProjectConfig
    from gaslight.yamlio import Document


@dataclass(frozen=True)
class Project:
    """Every valid model, by kind, in file order; ``config`` when loaded from a ``gaslight.yaml``."""

    documents: tuple[Document, ...] = ()
    models: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    config: ProjectConfig | None = None

    def of_kind(self, kind: str) -> tuple[Any, ...]:
        return self.models.get(kind, ())

    def by_id(self, kind: str, model_id: str) -> Any | None:
        return next((m for m in self.of_kind(kind) if m.id == model_id), None)

    @property
    def title(self) -> str:
        return self.config.title if self.config else "Gaslight"

    def source(self, file: str) -> Path | None:
        """The file on disk behind a displayed file name (None when no document has it)."""
        return next((Path(d.path) for d in self.documents if d.file == file and d.path), None)

    def source_name(self, file: str) -> str:
        """A file as a page names it: relative to the project folder (the same from any working folder)."""
        path = self.source(file)
        if path is None:
            return Path(file).name
        if self.config and path.is_relative_to(self.config.root):
            return path.relative_to(self.config.root).as_posix()
        return file if file.startswith("<gaslight>/") else path.name
