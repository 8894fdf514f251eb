"""The board editor's requests from pages that are not `gaslight serve`'s own, in Debian's Chromium with its
private-network checks switched off (as in a browser that has none): a page of another origin, and a page
under a foreign name that resolves to this machine (DNS rebinding, made with ``--host-resolver-rules``), can
neither list, read nor write boards through ``/_gaslight/``, nor read the site."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.foundation.test_serve_requests import editor_token, free_port, new_project, project_files_now, start

pytestmark = pytest.mark.browser

# Chromium 156's private and local network checks, off: the server itself must refuse.
NO_NETWORK_CHECKS = ("--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,"
                     "PrivateNetworkAccessRespectPreflightResults,LocalNetworkAccessChecks")
ATTACK = """async ([base]) => {
    const tries = [
        ['list', `${base}/_gaslight/boards`, {}],
        ['read', `${base}/_gaslight/board?file=boards/first-quarter.yaml`, {}],
        ['editor page', `${base}/reference/board-editor.html`, {}],
        ['save', `${base}/_gaslight/save`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ file: 'boards/first-quarter.yaml', data: { kind: 'board', id: 'pwned' } }) }],
        ['new file', `${base}/_gaslight/save`, { method: 'POST', headers: { 'Content-Type': 'text/plain' },
            body: JSON.stringify({ file: 'boards/pwned.yaml', data: { kind: 'board', id: 'pwned' } }) }],
        ['blind save', `${base}/_gaslight/save`, { method: 'POST', mode: 'no-cors',
            headers: { 'Content-Type': 'text/plain' },
            body: JSON.stringify({ file: 'boards/pwned2.yaml', data: { kind: 'board', id: 'pwned' } }) }],
    ];
    const seen = {};
    for (const [name, url, options] of tries) {
        try {
            const response = await fetch(url, options);
            seen[name] = `${response.status} ${await response.text()}`;
        } catch (error) {
            seen[name] = `failed: ${error.name}`;
        }
    }
    return seen;
}"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    folder = tmp_path_factory.mktemp("rebinding")
    root, port = new_project(folder), free_port()
    process = start(root, folder / "tmp", f"127.0.0.1:{port}")
    try:
        editor_token(port)  # built and serving
        yield port, root
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def open_browser(browser: Any) -> Iterator[Any]:
    """Chromium resolving attacker.example and elsewhere.example to 127.0.0.1, private-network checks off."""
    chromium = browser.browser_type.launch(executable_path=CHROMIUM, args=[
        *CHROMIUM_ARGS, NO_NETWORK_CHECKS,
        "--host-resolver-rules=MAP attacker.example 127.0.0.1, MAP elsewhere.example 127.0.0.1"])
    yield chromium
    chromium.close()


def attack_from(open_browser: Any, page_url: str, base: str) -> dict[str, str]:
    """Load the attacker's page at ``page_url`` (as its own server sends it) and run its requests to ``base``."""
    context = open_browser.new_context()
    try:
        tab = context.new_page()
        tab.route(page_url, lambda route: route.fulfill(status=200, content_type="text/html",
                                                        body="<!doctype html><title>Cats</title><p>Cute cats"))
        tab.goto(page_url)
        return tab.evaluate(ATTACK, [base])
    finally:
        context.close()


def test_a_rebound_page_under_a_foreign_host_cannot_list_read_or_write(open_browser: Any,
                                                                      served: tuple[int, Path]) -> None:
    port, root = served
    before = project_files_now(root)
    base = f"http://attacker.example:{port}"  # the attacker's name, now resolving to 127.0.0.1: same origin
    seen = attack_from(open_browser, f"{base}/cats.html", base)
    refused = f"403 {{\"error\": \"gaslight serve answers only its own address, not 'attacker.example:{port}': " \
              f"open http://127.0.0.1:{port}/ instead\"}}"
    assert seen == {"list": refused, "read": refused, "save": refused, "new file": refused, "blind save": refused,
                    "editor page": f"403 gaslight serve answers only its own address, not 'attacker.example:{port}'"
                                   f": open http://127.0.0.1:{port}/ instead"}
    assert project_files_now(root) == before


def test_a_page_of_another_origin_cannot_list_read_or_write(open_browser: Any, served: tuple[int, Path]) -> None:
    port, root = served
    before = project_files_now(root)
    seen = attack_from(open_browser, "http://elsewhere.example:8080/cats.html", f"http://127.0.0.1:{port}")
    assert {name: result for name, result in seen.items() if name != "blind save"} == {
        name: "failed: TypeError" for name in ("list", "read", "editor page", "save", "new file")}
    assert seen["blind save"] == "0 ", "an opaque answer: nothing to read"
    assert project_files_now(root) == before
