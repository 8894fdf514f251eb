"""Scenario text is data everywhere in a built site: the probe set in every title, summary and rule text.

A project is written as `gaslight init` writes it, with the probes put into its titles, descriptions and
rule texts; it is checked, built, and every page of the site is scanned.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest

from tests.projects.conftest import Run, write_project

PROBE = "</title><script>alert(1)</script><img src=x onerror=alert(2)> {{ 7*7 }}"


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _probe_everything(root: Path, rule_text: str) -> None:
    for name in ("gaslight.yaml", "boards/first-quarter.yaml", "rules/foggy-nights.yaml", "decks/alibi-cards.yaml",
                 "rules/alibi-cards.yaml"):
        path = root / name
        text = re.sub(r"^title: .*$", f"title: {_quoted(PROBE)}", path.read_text(encoding="utf-8"), count=1,
                      flags=re.M)
        text = re.sub(r"^(\s+)description: .*$", lambda m: f"{m.group(1)}description: {_quoted(PROBE)}", text,
                      flags=re.M)
        path.write_text(text, encoding="utf-8")
    rules = root / "rules/foggy-nights.yaml"
    text = re.sub(r"^(\s+)text: Each night .*$", lambda m: f"{m.group(1)}text: {_quoted(rule_text)}",
                  rules.read_text(encoding="utf-8"), count=1, flags=re.M)
    rules.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from gaslight.build import build_project
    from gaslight.config import load_config

    root = write_project(tmp_path_factory.mktemp("probes") / "game")
    _probe_everything(root, f"{PROBE} [a page](/reference/authoring.md) and [mail](mailto:a@example.org).")
    config, report = load_config(root / "gaslight.yaml")
    assert config is not None, report.format_text()
    result = build_project(config, root / "build", lambda _m: None)
    assert result.published, result.report.format_text()
    return root / "build" / "site"


def test_a_rule_linking_to_script_is_a_located_error(project: Path, run: Run):
    _probe_everything(project, "Look [here](javascript:alert(1)), at ![x](data:image/png,AA) or [ok](https://a.b).")
    code, out, _ = run(project, "check")
    assert code == 1
    assert [line for line in out.splitlines() if "links to" in line] == [
        f"rules/foggy-nights.yaml:{n}:15: error: changes.add[0].rule.text: rule 'fog.lamps' links to '{target}', "
        "which the site will not link to (fix: link only to http(s) or mailto addresses, or to pages of the site)"
        for n, target in ((19, "data:image/png,AA"), (19, "javascript:alert(1)"))]


def test_a_rule_linking_from_its_own_page_is_a_located_error(project: Path, run: Run):
    _probe_everything(project, "See [the index](../index.md).")
    code, out, _ = run(project, "check")
    assert code == 1
    assert [line for line in out.splitlines() if "links to" in line] == [
        "rules/foggy-nights.yaml:19:15: error: changes.add[0].rule.text: rule 'fog.lamps' links to '../index.md', "
        "a path from the page it is on, but a rule is shown on several pages (fix: write the path from the "
        "site's root, e.g. '/index.md')"]


def test_a_rule_linking_a_missing_page_is_reported_at_the_rule_by_check(project: Path, run: Run):
    _probe_everything(project, "See [nowhere](/nowhere.md) and [the guide](/reference/authoring.md).")
    code, out, _ = run(project, "check")
    assert code == 1
    assert [line for line in out.splitlines() if "links to" in line] == [
        "rules/foggy-nights.yaml:19:15: error: changes.add[0].rule.text: rule 'fog.lamps' links to '/nowhere.md', "
        "which is not a page of the site (fix: correct the path (from the site's root, e.g. "
        "'/reference/rulings.md') or remove the link)"]


def test_a_rule_linking_a_missing_page_is_reported_at_the_rule_by_the_build(project: Path, run: Run):
    _probe_everything(project, "See [nowhere](/nowhere.md).")
    code, out, err = run(project, "build", "-q")
    assert code == 1, out + err
    assert "rules/foggy-nights.yaml:19:15: error: changes.add[0].rule.text: rule 'fog.lamps' links to "\
           "'/nowhere.md', which is not a page of the site (fix: correct the path (from the site's root, e.g. "\
           "'/reference/rulings.md') or remove the link)" in out.splitlines()


def test_no_probe_runs_in_any_page(site: Path):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "<script>alert" not in text, page
        assert not re.search(r"<img[^>]*onerror", text), page
        for title in re.findall(r"<title>(.*?)</title>", text, flags=re.S):
            assert "<" not in title, (page, title)


def test_titles_show_the_probe_as_text(site: Path):
    # Titles are text: {{ 7*7 }} stays as written (rule text, by contrast, is a template of parameters).
    board = (site / "boards" / "first-quarter.html").read_text(encoding="utf-8")
    escaped = "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; {{ 7*7 }}"
    assert f"<title>{escaped} - {escaped}</title>" in board


def test_rule_text_keeps_safe_links(site: Path):
    rules = (site / "foggy-nights" / "rules.html").read_text(encoding="utf-8") if (
        site / "foggy-nights" / "rules.html").exists() else next(
        p.read_text(encoding="utf-8") for p in site.rglob("rules.html") if "fog.lamps" in p.read_text("utf-8"))
    assert 'href="mailto:a@example.org"' in rules
    assert 'href="../../reference/authoring.html"' in rules


def test_the_site_asks_no_third_party_and_has_no_html_tooltips(site: Path):
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis.com" not in index and "fonts.gstatic.com" not in index
    assert "content.tooltips" not in index


def test_a_refused_link_that_reaches_a_page_is_plain_text():
    import markdown
    from gaslight.links import SafeLinks

    html = markdown.markdown("[x](javascript:alert(1)) [y]( JAVASCRIPT:alert(1)) [ok](https://a.b)",
                             extensions=[SafeLinks()])
    assert html == ('<p><span class="gaslight-refused-link">x</span> <span class="gaslight-refused-link">y</span> '
                    '<a href="https://a.b">ok</a></p>')


def test_no_probe_runs_in_chromium_even_on_hover(site: Path, browser):
    """Every page of the probe build opened in Chromium: no dialog opens, also when the menu, the glossary
    terms and the links are hovered (tooltips were where titles turned into markup)."""

    dialogs: list[str] = []
    context = browser.new_context()
    page = context.new_page()
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    with contextlib.closing(_Served(site)) as served:
        for html_page in sorted(site.rglob("*.html")):
            if "/assets/" in html_page.as_posix():
                continue
            page.goto(f"{served.url}/{html_page.relative_to(site).as_posix()}", wait_until="load")
            page.evaluate("""() => {
                for (const el of document.querySelectorAll('nav a, abbr, .md-content a, [title]')) {
                  for (const type of ['mouseenter', 'mouseover', 'focus']) el.dispatchEvent(new Event(type));
                }
            }""")
            page.mouse.move(5, 5)
            assert PROBE in page.evaluate("document.title"), "the project title shows as the text it is"
    context.close()
    assert dialogs == [], f"a probe ran: {dialogs}"


class _Served:
    """The built site on 127.0.0.1 for the length of a ``with closing(...)`` block."""

    def __init__(self, root: Path) -> None:
        from tests.conftest import serve

        self._serving = serve(root)
        self.url = next(self._serving)

    def close(self) -> None:
        with contextlib.suppress(StopIteration):
            next(self._serving)
