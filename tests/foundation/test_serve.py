"""Live preview: regeneration syncs only what changed, so MkDocs' watcher does not loop."""

from __future__ import annotations

import os

from gaslight.serve import on_config, sync_tree

from tests.foundation.test_loading_errors import VALID_BOARD


def test_sync_touches_only_changed_files_and_removes_stale_ones(tmp_path):
    source, target = tmp_path / "src", tmp_path / "dst"
    (source / "sub").mkdir(parents=True)
    (source / "same.md").write_text("same", encoding="utf-8")
    (source / "sub" / "changed.md").write_text("new", encoding="utf-8")
    (target / "sub").mkdir(parents=True)
    (target / "same.md").write_text("same", encoding="utf-8")
    (target / "sub" / "changed.md").write_text("old", encoding="utf-8")
    (target / "stale.md").write_text("gone soon", encoding="utf-8")
    os.utime(target / "same.md", (1, 1))
    sync_tree(source, target)
    assert (target / "same.md").stat().st_mtime == 1, "an unchanged file must not be rewritten"
    assert (target / "sub" / "changed.md").read_text(encoding="utf-8") == "new"
    assert not (target / "stale.md").exists()


def test_hook_regenerates_pages_and_sets_the_menu(write_yaml, tmp_path, monkeypatch):
    scenarios = write_yaml("s/mini.yaml", VALID_BOARD).parent
    monkeypatch.setenv("GASLIGHT_SCENARIOS", str(scenarios))
    docs = tmp_path / "docs"
    config = on_config({"docs_dir": str(docs)})
    assert (docs / "index.md").exists()
    assert {"Home": "index.md"} in config["nav"]
