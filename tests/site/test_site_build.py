"""The built site of a project: sitemap, canonical links, meta description, its look, the 404 page under a sub-path."""

from __future__ import annotations

import html
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import yaml
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.site import SiteOptions, write_config
from gaslight.site_settings import SiteSettings

from tests.site.conftest import CSS, LOGO, build, make_project

SITE_URL = "https://user.github.io/repo/"
DESCRIPTION = """Cases <script>alert("x")</script> & 'quoted' "text" on two lines."""


class Tags(HTMLParser):
    """Every start tag of a page with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(page: Path) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.tags


def pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html")


def test_the_sitemap_lists_every_page_with_its_full_address(themed_site):
    names = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    listed = [loc.text for loc in ET.parse(themed_site / "sitemap.xml").getroot().findall("s:url/s:loc", names)]
    assert len(pages(themed_site)) >= 3
    assert sorted(listed) == sorted(SITE_URL + rel for rel in pages(themed_site))


def test_every_page_has_its_canonical_link(themed_site):
    for rel in pages(themed_site):
        canonical = [a["href"] for tag, a in tags(themed_site / rel) if tag == "link" and a.get("rel") == "canonical"]
        assert canonical == [SITE_URL + rel], rel


def test_every_page_is_described_by_the_projects_first_paragraph_escaped(themed_site):
    for rel in pages(themed_site):
        text = (themed_site / rel).read_text(encoding="utf-8")
        meta = [a["content"] for tag, a in tags(themed_site / rel) if tag == "meta" and a.get("name") == "description"]
        assert meta == [DESCRIPTION], rel  # the parser unescapes: the attribute holds the text exactly
        assert f'<meta name="description" content="{html.escape(DESCRIPTION)}">' in text
        assert "<script>alert" not in text and "Authoring toolkit" not in text


def test_the_projects_files_are_copied_and_named_by_the_theme(themed_site):
    assert (themed_site / "assets/project/art/logo.svg").read_text(encoding="utf-8") == LOGO
    assert (themed_site / "assets/project/css/site.css").read_text(encoding="utf-8") == CSS
    home = tags(themed_site / "index.html")
    assert ("link", {"rel": "icon", "href": "assets/project/art/logo.svg"}) in home
    assert [a["href"] for tag, a in home if tag == "link" and a.get("rel") == "stylesheet"][-3:] == [
        "assets/gaslight.css", "assets/project/palette.css", "assets/project/css/site.css"]
    palette = (themed_site / "assets/project/palette.css").read_text(encoding="utf-8")
    assert "--md-primary-fg-color: #8b1e3f;" in palette and "--md-primary-bg-color: #ffffff;" in palette
    assert [a["data-md-color-primary"] for tag, a in home if "data-md-color-primary" in a] == ["custom"]


def test_a_project_template_is_laid_over_gaslights_file_by_file(themed_site):
    text = (themed_site / "index.html").read_text(encoding="utf-8")
    assert 'id="project-copyright"' in text  # the project's partials/copyright.html
    # Gaslight's own main.html still escapes the title the project did not override.
    assert "<title>Fog &lt;b&gt;over&lt;/b&gt; Spitalfields</title>" in text
    assert not (themed_site.parent / ".theme").exists()


def test_a_project_main_template_wins_over_gaslights(tmp_path):
    override = '{% extends "base.html" %}\n{% block htmltitle %}<title>Project title block</title>{% endblock %}\n'
    config = make_project(tmp_path, "title: Mine\ncontent: [boards]\nsite: {overrides: theme}\n",
                          {"theme/main.html": override})
    site, _ = build(config)
    assert "<title>Project title block</title>" in (site / "index.html").read_text(encoding="utf-8")


def test_without_site_url_the_build_says_once_that_the_sitemap_needs_it(tmp_path):
    site, lines = build(make_project(tmp_path, "title: Mine\ncontent: [boards]\n"))
    note = ("  no site_url in gaslight.yaml: the sitemap lists no pages and pages have no canonical link "
            "(set site_url: to the published address, such as https://you.github.io/games/)")
    assert lines.count(note) == 1 and sum("site_url" in line for line in lines) == 1
    assert "<loc>" not in (site / "sitemap.xml").read_text(encoding="utf-8")
    home = tags(site / "index.html")
    assert not [a for tag, a in home if tag == "link" and a.get("rel") == "canonical"]
    assert [a["content"] for tag, a in home if tag == "meta" and a.get("name") == "description"] == ["Mine"]


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_the_404_page_works_under_a_sub_path(themed_url):
    missing = urljoin(themed_url, "no/such/page.html")
    status, body = fetch(missing)
    assert status == 404 and b"404" in body
    parser = Tags()
    parser.feed(body.decode("utf-8"))
    links = {urljoin(missing, a.get("href") or a.get("src") or "") for tag, a in parser.tags
             if tag in ("a", "link", "script", "img") and (a.get("href") or a.get("src"))}
    local = sorted(url.split("#")[0] for url in links if urlsplit(url).netloc == urlsplit(themed_url).netloc)
    assert len(local) >= 8  # stylesheets, scripts, the logo, the menu's pages
    assert any(url.endswith("/repo/assets/project/art/logo.svg") for url in local)
    assert {url: fetch(url)[0] for url in local} == dict.fromkeys(local, 200)


def test_named_colours_font_and_extra_reach_the_mkdocs_config(tmp_path):
    out = BuildOutput(tmp_path)
    look = SiteSettings(palette={"primary": "indigo", "scheme": "slate"}, font={"text": "Roboto"},
                        extra_json='{"social": [{"icon": "fontawesome/brands/github", "link": "https://x.org"}]}')
    config = yaml.safe_load(write_config(out, tmp_path / "site", SiteOptions("T", "D", None, look)).read_text())
    assert config["theme"]["palette"] == {"scheme": "slate", "primary": "indigo", "accent": "amber"}
    assert config["theme"]["font"] == {"text": "Roboto"}
    assert config["extra"] == {"social": [{"icon": "fontawesome/brands/github", "link": "https://x.org"}]}
    assert config["extra_css"] == ["assets/gaslight.css"] and "site_url" not in config
    assert not (tmp_path / "docs" / "assets" / "project").exists()
