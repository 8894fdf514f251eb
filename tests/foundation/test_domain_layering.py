"""The domain never imports the outputs (architecture: domain → outputs, never back), not even inside a function:
the card-text fit check measures with :mod:`gaslight.domain.decks.face_layout`, which the faces draw from."""

from __future__ import annotations

import ast
from pathlib import Path

import gaslight


def _output_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                 else [alias.name for alias in node.names] if isinstance(node, ast.Import) else [])
        found += [f"{path.name}:{node.lineno}: {name}" for name in names if name.startswith("gaslight.outputs")]
    return found


def test_no_domain_module_imports_an_output_module() -> None:
    domain = Path(gaslight.__file__).parent / "domain"
    modules = sorted(domain.rglob("*.py"))
    assert len(modules) > 20  # the scan found the domain
    assert [line for module in modules for line in _output_imports(module)] == []


def test_the_fit_check_and_the_faces_share_one_layout() -> None:
    from gaslight.domain.decks import face_layout
    from gaslight.outputs import card_faces

    assert card_faces.fit_body is face_layout.fit_body and card_faces.text_box is face_layout.text_box
