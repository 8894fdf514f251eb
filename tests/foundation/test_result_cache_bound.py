"""The result cache stays within its bounds, listing its folder only when a write would pass one (issue 39)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from gaslight import cache as result_cache
from gaslight.cache import ResultCache


@pytest.fixture
def listed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The bound at 40 entries; each listing of the folder (a trim) counted."""
    calls: list[int] = []
    trim = result_cache.trim

    def counted(folder: Path, *bounds: int) -> tuple[int, int]:
        calls.append(1)
        return trim(folder, *bounds)

    monkeypatch.setattr(result_cache, "MAX_ENTRIES", 40)
    monkeypatch.setattr(result_cache, "trim", counted)
    monkeypatch.setattr(result_cache, "_HELD", {})
    return calls


def entries(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.glob("*.json"))


def test_a_hundred_writes_keep_at_most_the_bound_and_list_the_folder_a_few_times(tmp_path: Path,
                                                                               listed: list[int]) -> None:
    cache = ResultCache(tmp_path / ".gaslight-cache")
    for number in range(100):
        cache.keep("demo", {"n": number}, (), {"value": number})
        written = cache.folder / f"demo-{result_cache.cache_key('demo', {'n': number}, ())}.json"
        os.utime(written, ns=(number * 10**9, number * 10**9))  # used in turn, whatever the clock's grain
        assert len(entries(cache.folder)) <= 40
    # at the first write to count the folder (1), then at each write past 40 entries (41, 47 … 95): cut back to 35,
    # five writes of room
    assert len(listed) == 11
    kept = [result_cache._read(path, path.stem.split("-", 1)[1]) for path in cache.folder.glob("*.json")]
    assert sorted(value[0]["value"] for value in kept if value) == list(range(100 - len(kept), 100))


def test_a_folder_past_its_bound_from_an_earlier_build_is_trimmed_at_the_first_write(tmp_path: Path,
                                                                                    listed: list[int]) -> None:
    folder = tmp_path / ".gaslight-cache"
    cache = ResultCache(folder)
    folder.mkdir()
    for number in range(50):
        (folder / f"old-{number:02d}.json").write_bytes(b"{}")
    cache.keep("demo", {"n": "new"}, (), "value")
    assert len(listed) == 1 and len(entries(folder)) == 35
    assert any(name.startswith("demo-") for name in entries(folder))


def test_the_byte_bound_holds_too(tmp_path: Path, listed: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(result_cache, "MAX_BYTES", 4_000)
    cache = ResultCache(tmp_path / ".gaslight-cache")
    for number in range(30):
        cache.keep("demo", {"n": number}, (), "x" * 300)
        assert sum(path.stat().st_size for path in cache.folder.glob("*.json")) <= 4_000
    assert len(listed) < 30
