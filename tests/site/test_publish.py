"""The recipe to publish: the GitHub Pages workflow `gaslight init` writes."""

from __future__ import annotations

from pathlib import Path

import yaml
from gaslight.commands.init import project_files


def test_init_writes_a_pages_workflow_that_builds_and_deploys_the_site(tmp_path):
    files = {path.relative_to(tmp_path).as_posix(): text for path, text in project_files(tmp_path, "T").items()}
    workflow = yaml.safe_load(files[".github/workflows/pages.yml"])
    triggers = workflow[True]  # YAML 1.1 reads the key 'on' as true
    assert triggers == {"push": {"branches": ["main"]}, "workflow_dispatch": None}
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build, deploy = workflow["jobs"]["build"]["steps"], workflow["jobs"]["deploy"]
    assert [step.get("uses") or step["run"] for step in build] == [
        "actions/checkout@v4", "actions/setup-python@v5", 'pip install "gaslight-tabletop>=0.1,<0.2"',
        "gaslight build --strict", "actions/upload-pages-artifact@v3"]
    assert build[-1]["with"] == {"path": "build/site"}
    assert deploy["needs"] == "build" and deploy["environment"]["name"] == "github-pages"
    assert [step["uses"] for step in deploy["steps"]] == ["actions/deploy-pages@v4"]


def test_the_starter_config_shows_site_url_and_site_commented_out(tmp_path):
    text = project_files(tmp_path, "T")[Path(tmp_path / "gaslight.yaml")]
    assert "# site_url: https://USER.github.io/REPO/" in text and "# site:" in text
    assert "site_url" not in yaml.safe_load(text) and "site" not in yaml.safe_load(text)
