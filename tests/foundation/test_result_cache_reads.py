"""An entry read whole once is not hashed again while its file is unchanged (the live preview reads the same
entries on every save), and any later write to the file, even one that keeps its size and time, is verified."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from gaslight import cache as result_cache
from gaslight.cache import CACHE_FOLDER, ResultCache


def test_an_entry_read_whole_is_not_hashed_again_until_its_file_changes(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    cache = ResultCache(tmp_path / CACHE_FOLDER)
    computed: list[int] = []

    def remember() -> dict[str, int]:
        return cache.remember("demo", {"games": 1}, (), lambda: computed.append(1) or {"wins": 22})

    assert remember() == {"wins": 22} and computed == [1]
    hashed: list[int] = []
    real = result_cache.canonical
    monkeypatch.setattr(result_cache, "canonical",  # the key's text is made each time; the value's is counted
                        lambda data: (data == {"wins": 22} and hashed.append(1)) or real(data))
    assert remember() == {"wins": 22} and hashed == [1], "read and verified once"
    assert remember() == remember() == {"wins": 22} and hashed == [1], "the same file: not hashed again"
    (entry,) = (tmp_path / CACHE_FOLDER).glob("demo-*.json")
    before = entry.stat()
    entry.write_text(entry.read_text(encoding="utf-8").replace('"wins":22', '"wins":99'), encoding="utf-8")
    os.utime(entry, ns=(before.st_atime_ns, before.st_mtime_ns))  # the same size and time: only ctime tells
    assert remember() == {"wins": 22} and computed == [1, 1], "the damaged value was verified and computed again"
