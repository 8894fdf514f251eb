"""Shared test helpers: write scenario text to a file and check it like the CLI does."""

from __future__ import annotations

import functools
import http.server
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from gaslight.diagnostics import Report
from gaslight.project import Project, load_project

REPO = Path(__file__).resolve().parent.parent

# Debian's chromium, as root, on a closed network: no sandbox, no background traffic.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        return None


def serve(root: Path) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 (ES modules need http://); yields the base URL."""
    handler = functools.partial(QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def open_page(browser: Any, **context: Any) -> Iterator[Any]:
    """A page in a fresh browser context (``context``: playwright's options); uncaught script errors fail the
    test when it ends."""
    opened = browser.new_context(**context)
    tab = opened.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    opened.close()
    assert errors == []


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium driven by playwright (never a downloaded browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def write_yaml(tmp_path: Path) -> Callable[[str, str], Path]:
    """``write_yaml("name.yaml", text)`` → the file's path (text is dedented)."""

    def write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write


@pytest.fixture
def check() -> Callable[..., tuple[Project, Report]]:
    """``check(path, …)`` → (project, report), exactly as ``gaslight check`` loads them."""

    def run(*paths: Path, deep: bool = True) -> tuple[Project, Report]:
        return load_project(list(paths), deep=deep)

    return run


def messages(report: Report) -> list[str]:
    """Every diagnostic as its one-line text, file names reduced to their base name."""
    lines = []
    for d in sorted(report.diagnostics, key=lambda d: d.sort_key):
        text = d.format_text()
        lines.append(text.replace(d.location.file, Path(d.location.file).name, 1))
    return lines
