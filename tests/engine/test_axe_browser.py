"""Every page of the built showcase site, checked by axe-core in Debian's Chromium: no serious or critical
accessibility violation on any page (a failure lists each rule, its impact and the nodes it found)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
NOT_INSTALLED = f"axe-core is not installed ({AXE} is missing): run `npm ci` in the checkout (`make test` does)"
BLOCKING = ("serious", "critical")
#: Pages that mount an app are checked once it has drawn itself.
SETTLE_MS = 400


def site_pages(site: Path) -> list[str]:
    """Every HTML page of the built site, as paths from its root, in a stable order."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def axe_violations(page: Any, url: str, axe_source: str) -> list[dict[str, Any]]:
    """The violations axe-core finds on ``url``: [{id, impact, help, nodes: [target, …]}]."""
    page.goto(url, wait_until="load")
    page.wait_for_timeout(SETTLE_MS)
    page.add_script_tag(content=axe_source)
    return page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(' ')) }));
    }""")


def describe(found: dict[str, list[dict[str, Any]]]) -> str:
    lines = []
    for path, violations in found.items():
        for v in violations:
            lines.append(f"{path}: {v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
            lines.extend(f"    {node}" for node in v["nodes"][:8])
    return "\n".join(lines)


@pytest.fixture(scope="module")
def axe_source() -> str:
    assert AXE.is_file(), NOT_INSTALLED
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def axe_page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


def test_the_site_has_pages_to_check(built_site: Path) -> None:
    pages = site_pages(built_site)
    assert len(pages) > 60, pages
    assert {"index.html", "reference/board-editor.html", "play/whitechapel.html"} <= set(pages)


def test_no_page_has_a_serious_or_critical_accessibility_violation(axe_page: Any, site_url: str,
                                                                    built_site: Path, axe_source: str) -> None:
    found = {}
    for path in site_pages(built_site):
        blocking = [v for v in axe_violations(axe_page, f"{site_url}/{path}", axe_source) if v["impact"] in BLOCKING]
        if blocking:
            found[path] = blocking
    assert not found, f"axe-core found serious or critical violations on {len(found)} pages:\n{describe(found)}"
