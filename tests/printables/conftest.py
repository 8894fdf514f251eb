"""The showcase's printables, generated once per session for the tests that read every PDF (no MkDocs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gaslight.build import generate
from gaslight.config import load_config
from gaslight.outputs.sink import BuildOutput
from gaslight.project import load_configured

from tests.conftest import REPO


@pytest.fixture(scope="session")
def showcase_print(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``print/`` of the showcase project, as ``gaslight build`` writes it."""
    config, report = load_config(REPO / "scenarios" / "gaslight.yaml")
    assert config is not None, report.format_text()
    project, report = load_configured(config)
    assert report.ok, report.format_text()
    out = BuildOutput(tmp_path_factory.mktemp("showcase-print"))
    makers = [f"gaslight.outputs.{name}:contribute" for name in ("boards", "rules", "walton", "decks", "deck_cards",
                                                                  "case_cards")]
    generate(project, out, lambda _: None, makers)
    return out.root / "print"
