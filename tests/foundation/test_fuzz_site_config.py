"""A seeded share of the site-settings fuzzer (``benchmarks/fuzz/site_config.py``, ``make fuzz``) in the suite: a
project whose ``site:`` block, files and templates are hostile gets located errors only — no exit 3, no error
without a file, line and column, no check that hangs."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from gaslight.config import load_config
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.fuzz import site_config


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_a_hostile_site_block_gets_located_errors_only(rng: random.Random):
    with tempfile.TemporaryDirectory() as scratch:
        outcome = site_config.one(rng, Path(scratch))
    assert not outcome.internal, outcome.sample
    assert outcome.unlocated == (), outcome.sample
    assert not outcome.hang, outcome.sample


def test_a_nul_byte_in_a_site_path_is_located_not_an_internal_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "boards").mkdir()
    (tmp_path / "gaslight.yaml").write_text('title: X\ncontent: [boards]\nsite: {extra_css: ["art/\\0x"]}\n',
                                            encoding="utf-8")
    config, report = load_config(tmp_path / "gaslight.yaml")
    assert config is None
    assert [d.format_text() for d in report.errors] == [
        "gaslight.yaml:3:20: error: site.extra_css[0]: 'art/\\x00x' is not a usable file name (fix: name a file "
        "inside the project folder; paths are relative to gaslight.yaml)"]
