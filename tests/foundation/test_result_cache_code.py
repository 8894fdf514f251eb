"""A cached result is keyed by the code that computes it, not by all of Gaslight (issue 39).

An entry names the modules that compute it (by default the module that calls :func:`gaslight.cache.cached`);
its key holds the bytes of those modules and of every module they import, lazily or not. An edit to any of
them computes the result again; an edit anywhere else in Gaslight keeps it. The package here is a small copy
standing in for Gaslight's, so the edits touch nothing of the checkout.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight import cache as result_cache
from gaslight.cache import ResultCache, cached, code_digest, forget_code, module_closure, using

PACKAGE = {
    "__init__.py": "__version__ = '0'\n",
    "outputs/__init__.py": "CONTRIBUTORS = ('gaslight.outputs.rules:contribute',)\n",
    "outputs/poster.py": "from gaslight.outputs.shapes import RADIUS\n\n\ndef draw():\n"
                         "    from gaslight.domain import (\n        colours,  # lazily\n    )\n",
    "outputs/shapes.py": "RADIUS = 1\n",
    "outputs/rules.py": "PAGES = 1\n",
    "domain/__init__.py": "",
    "domain/colours.py": "RED = 1\n",
    "play/node.py": "NODE = 'node'\n",
}


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "package"
    for name, text in PACKAGE.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (tmp_path / "site" / "engine").mkdir(parents=True)
    (tmp_path / "site" / "engine" / "hunt.mjs").write_text("export const a = 1;\n", encoding="utf-8")
    monkeypatch.setattr(result_cache, "PACKAGE_DIR", root)
    monkeypatch.setattr(result_cache, "SITE_DIR", tmp_path / "site")
    forget()
    yield root
    forget()


def forget() -> None:
    """A new process: the digests are worked out again from the files."""
    forget_code()


def test_the_closure_follows_imports_lazy_ones_and_packages_but_not_names_in_texts(package: Path) -> None:
    assert [p.relative_to(package).as_posix() for p in module_closure("gaslight.outputs.poster")] == [
        "__init__.py", "domain/__init__.py", "domain/colours.py", "outputs/__init__.py", "outputs/poster.py",
        "outputs/shapes.py"]


def test_an_edit_to_the_code_a_result_depends_on_computes_it_again_and_any_other_edit_keeps_it(
        package: Path, tmp_path: Path) -> None:
    calls: list[str] = []

    def poster() -> bytes:
        forget()
        with using(ResultCache(tmp_path / "cache")):
            return cached("drawn", ("poster", 7), lambda: calls.append("drawn") or b"%PDF",
                          code=("gaslight.outputs.poster",))

    assert poster() == poster() == b"%PDF" and calls == ["drawn"]
    for unrelated in ("outputs/rules.py", "play/node.py"):
        (package / unrelated).write_text("CHANGED = 2\n", encoding="utf-8")
        assert poster() == b"%PDF" and calls == ["drawn"], f"{unrelated} is not the poster's code"
    (tmp_path / "site" / "engine" / "hunt.mjs").write_text("export const a = 2;\n", encoding="utf-8")
    assert poster() == b"%PDF" and calls == ["drawn"], "the poster runs no engine"
    for count, name in enumerate(("outputs/poster.py", "outputs/shapes.py", "domain/colours.py", "__init__.py",
                                  "outputs/__init__.py", "domain/__init__.py"), start=2):
        with (package / name).open("a", encoding="utf-8") as edited:
            edited.write("# edited\n")
        assert poster() == b"%PDF" and calls == ["drawn"] * count, f"{name} is the poster's code"


def test_a_result_computed_with_the_engine_is_computed_again_when_the_engine_changes(package: Path,
                                                                                       tmp_path: Path) -> None:
    (package / "outputs" / "playtest.py").write_text("def play():\n    from gaslight.play.node import NODE\n",
                                                      encoding="utf-8")
    before = code_digest("gaslight.outputs.playtest")
    forget()
    (tmp_path / "site" / "engine" / "hunt.mjs").write_text("export const a = 2;\n", encoding="utf-8")
    assert code_digest("gaslight.outputs.playtest") != before


def test_the_calling_module_is_the_code_by_default_and_a_module_not_gaslights_means_all_of_it(
        package: Path) -> None:
    whole = code_digest()
    assert code_digest("gaslight.outputs.poster") != whole
    assert code_digest("gaslight.outputs.poster", "tests.drawing") == whole
    assert result_cache._caller(None) == (), "a test module is not Gaslight's: all of Gaslight is the code"
    assert result_cache._caller(("gaslight.outputs.poster",)) == ("gaslight.outputs.poster",)
