"""A small project built with its site settings (the home page and the hand-written pages only, for speed)."""

from __future__ import annotations

import functools
import http.server
import io
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from gaslight.build import build_project
from gaslight.config import load_config
from gaslight.resources import STARTER_DIR

from tests.conftest import QuietHandler

HOME_ONLY = ("gaslight.outputs.home:contribute", "gaslight.outputs.home:link_sections")
LOGO = ('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">'
        '<circle cx="24" cy="24" r="20" fill="#ffd54f"/></svg>\n')
OVERRIDE = ('{% extends "base.html" %}\n'
            '{% block announce %}<p id="project-override">Printed by the project\'s template</p>{% endblock %}\n')


def make_project(root: Path, config: str, files: dict[str, str] | None = None) -> Path:
    """A project folder with one board, ``gaslight.yaml`` = ``config`` and ``files``; returns gaslight.yaml."""
    (root / "boards").mkdir(parents=True, exist_ok=True)
    shutil.copy(STARTER_DIR / "board.yaml", root / "boards" / "first.yaml")
    for rel, text in (files or {}).items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    (root / "gaslight.yaml").write_text(config, encoding="utf-8")
    return root / "gaslight.yaml"


def build(config_file: Path) -> tuple[Path, list[str]]:
    """Build the project (home and hand-written pages); its site folder and the progress lines."""
    config, report = load_config(config_file)
    assert config is not None, [d.format_text() for d in report.diagnostics]
    lines: list[str] = []
    result = build_project(config, progress=lines.append, contributors=HOME_ONLY, use_cache=False)
    assert result.published, [d.format_text() for d in result.report.diagnostics]
    return config.output / "site", lines


THEMED = """title: Fog <b>over</b> Spitalfields
description: |
  Cases <script>alert("x")</script> & 'quoted' "text"
  on two lines.

  A second paragraph, not in the meta description.
content: [boards]
site_url: https://user.github.io/repo
site:
  palette: {primary: "#8B1E3F", accent: amber}
  logo: art/logo.svg
  favicon: art/logo.svg
  extra_css: [css/site.css]
  extra: {generator: false}
  overrides: overrides
"""
CSS = ".md-typeset h1 { letter-spacing: 1px }\n"
COPYRIGHT = '<div class="md-copyright" id="project-copyright">Printed by the project\'s partial</div>\n'



@pytest.fixture(scope="session")
def themed_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project with site_url, a hex primary colour, a logo, a stylesheet and an override template, built."""
    root = tmp_path_factory.mktemp("themed")
    config = make_project(root, THEMED, {"art/logo.svg": LOGO, "css/site.css": CSS,
                                         "overrides/partials/copyright.html": COPYRIGHT})
    return build(config)[0]


class SubPathHandler(QuietHandler):
    """A static host serving the site under ``/repo/`` only, answering 404.html for any missing page
    (as GitHub Pages does for a project site)."""

    PREFIX = "/repo/"

    def send_head(self):  # type: ignore[no-untyped-def]
        if not self.path.startswith(self.PREFIX):
            return self._not_found()
        self.path = "/" + self.path[len(self.PREFIX):]
        target = Path(self.translate_path(self.path))
        if not (target.is_file() or (target.is_dir() and (target / "index.html").is_file())):
            return self._not_found()
        return super().send_head()

    def _not_found(self):  # type: ignore[no-untyped-def]
        body = (Path(self.directory) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def serve_under_repo(root: Path) -> Iterator[str]:
    """Serve ``root`` at ``http://127.0.0.1:PORT/repo/``; yields that address."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SubPathHandler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/repo/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def themed_url(themed_site: Path) -> Iterator[str]:
    yield from serve_under_repo(themed_site)

