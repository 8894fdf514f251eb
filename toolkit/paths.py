"""Where Gaslight's own files live (the repository root beside the package)."""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
ROOT = PACKAGE_DIR.parent
SCHEMA_DIR = ROOT / "schemas"
SCENARIO_DIR = ROOT / "scenarios"
SITE_DIR = ROOT / "site"
STARTER_DIR = PACKAGE_DIR / "starters"
MKDOCS_CONFIG = ROOT / "mkdocs.yml"
