"""Generated blocks wrapped in ``verbatim`` reach the finished page byte for byte, unread by Markdown and search."""

from __future__ import annotations

import json
from pathlib import Path

from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.site import build_site
from gaslight.site_hooks import verbatim

# Markdown would turn the blank line and the asterisks into paragraphs and emphasis; search would index the text.
BLOCK = '<svg viewBox="0 0 10 10"><text>block *b1*: circles 1, 7</text>\n\n<title>zanzibar</title></svg>'


def built(tmp_path: Path, markdown: str) -> tuple[str, str]:
    out = BuildOutput(tmp_path)
    out.page("heat.md", markdown, nav=("Reference", "Heat"))
    build_site(out)
    site = tmp_path / "site"
    return (site / "heat.html").read_text(encoding="utf-8"), (site / "search/search_index.json").read_text("utf-8")


def test_a_verbatim_block_is_on_the_page_as_written_and_not_in_the_search_index(tmp_path: Path) -> None:
    page, index = built(tmp_path, f"# Heat\n\nAround the map.\n\n<div>\n{verbatim(BLOCK)}\n</div>\n\nBelow it.\n")
    assert f"<div>\n{BLOCK}\n</div>" in page
    assert "gaslight:verbatim" not in page
    texts = " ".join(doc["text"] for doc in json.loads(index)["docs"])
    assert "Below it." in texts and "zanzibar" not in texts and "circles 1, 7" not in texts


def test_a_placeholder_written_by_hand_names_no_block_and_stays_a_comment(tmp_path: Path) -> None:
    page, _ = built(tmp_path, "# Heat\n\n<!-- gaslight:verbatim 0123456789ab -->\n\nText.\n")
    assert "<!-- gaslight:verbatim 0123456789ab -->" in page


def test_the_live_previews_own_hooks_join_the_sites(tmp_path: Path) -> None:
    import yaml
    from gaslight.outputs.site import write_config
    from gaslight.resources import SITE_HOOKS

    config = write_config(BuildOutput(tmp_path), tmp_path / "site", extra={"hooks": ["preview.py"], "strict": False})
    written = yaml.safe_load(config.read_text(encoding="utf-8").replace("!!python/name:", ""))
    assert (written["hooks"], written["strict"]) == ([str(SITE_HOOKS), "preview.py"], False)
