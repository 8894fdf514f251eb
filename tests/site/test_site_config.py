"""The ``site:`` block of gaslight.yaml: located errors for what cannot be used, a mkdocs.yml reported, template
errors placed in the project's template."""

from __future__ import annotations

import pytest
from gaslight.build import build_project
from gaslight.config import load_config
from gaslight.project import load_configured

from tests.site.conftest import HOME_ONLY, make_project

ICON_HINT = "(see squidfunk.github.io/mkdocs-material/reference/icons-emojis/)"
COLOURS = ("red, pink, purple, deep purple, indigo, blue, light blue, cyan, teal, green, light green, lime, yellow, "
           "amber, orange, deep orange")


@pytest.mark.parametrize(("site", "expected"), [
    ("site: {nav: [a.md]}",
     ["gaslight.yaml:3:8: error: site.nav: Gaslight sets 'nav' itself: Gaslight writes the menu from the project's "
      "scenario files and pages (fix: remove 'site.nav')"]),
    ("site: {plugins: [search], theme: {name: mkdocs}}",
     ["gaslight.yaml:3:8: error: site.plugins: Gaslight sets 'plugins' itself: Gaslight's pages need exactly its own "
      "MkDocs plugins (fix: remove 'site.plugins')",
      "gaslight.yaml:3:27: error: site.theme: Gaslight sets 'theme' itself: theme settings go straight under 'site:' "
      "(palette, logo, favicon, font), templates in 'overrides' (fix: remove 'site.theme')"]),
    ("site:\n  palette: {primary: fuchsia}",
     [f"gaslight.yaml:4:22: error: site.palette.primary: the text 'fuchsia' is not allowed here (fix: a Material "
      f"colour name ({COLOURS}, brown, grey, blue grey, black, white) or '#rrggbb' in quotes)"]),
    ('site:\n  palette: {primary: "#12345", accent: brown}',
     ["gaslight.yaml:4:22: error: site.palette.primary: the text '#12345' does not have the expected form "
      "(^#[0-9a-fA-F]{6}$) (fix: write six hex digits after '#', such as '#8b1e3f' (quoted: YAML reads # as a "
      "comment))",
      f"gaslight.yaml:4:40: error: site.palette.accent: the text 'brown' is not allowed here (fix: a Material accent "
      f"colour name ({COLOURS}) or '#rrggbb' in quotes)"]),
    ("site: {logo: art/missing.svg}",
     ["gaslight.yaml:3:14: error: site.logo: the file 'art/missing.svg' does not exist (looked in <tmp>) (fix: create "
      "the file or correct the name; paths are relative to gaslight.yaml)"]),
    ("site: {logo: ../logo.svg}",
     ["gaslight.yaml:3:14: error: site.logo: '../logo.svg' is outside the project (fix: name a file inside the "
      "project folder; paths are relative to gaslight.yaml)"]),
    ("site: {favicon: art}",
     ["gaslight.yaml:3:17: error: site.favicon: the file 'art' does not exist (looked in <tmp>) (fix: create the file "
      "or correct the name; paths are relative to gaslight.yaml)"]),
    ("site: {overrides: art/logo.svg, extra_css: [a.css]}",
     ["gaslight.yaml:3:45: error: site.extra_css[0]: the file 'a.css' does not exist (looked in <tmp>) (fix: create "
      "the file or correct the name; paths are relative to gaslight.yaml)",
      "gaslight.yaml:3:19: error: site.overrides: the folder 'art/logo.svg' does not exist (looked in <tmp>) (fix: "
      "create the folder or correct the name; paths are relative to gaslight.yaml)"]),
    ("site: {font: true}",
     ["gaslight.yaml:3:14: error: site.font: 'true' is not allowed here (fix: false (the reader's own fonts; the "
      "default) or {text: Roboto, code: Roboto Mono})"]),
    ("site: {font: {text: Roboto, size: 3}}",
     ["gaslight.yaml:3:29: error: site.font.size: unknown key 'size' (fix: name Google Fonts families, e.g. "
      "{text: Roboto, code: Roboto Mono})"]),
    ("site: {colour: red}",
     ["gaslight.yaml:3:8: error: site.colour: unknown key 'colour' (fix: the site takes: palette, logo, favicon, font, "
      "extra_css, extra, overrides)"]),
    ("site: {extra: {social: 5}}",
     ["gaslight.yaml:3:24: error: site.extra.social: expected a list, found the number 5"]),
    ("site: {extra: {social: [{icon: fontawesome/brands/gitlub, link: 'https://x.org'}]}}",
     ["gaslight.yaml:3:32: error: site.extra.social[0].icon: Material has no icon 'fontawesome/brands/gitlub' (fix: "
      f"name one of Material's icons, such as fontawesome/brands/github {ICON_HINT})"]),
    ("site: {extra: {alternate: 5}}",
     ["gaslight.yaml:3:27: error: site.extra.alternate: expected a list, found the number 5"]),
])
def test_a_bad_site_block_gets_located_errors(tmp_path, monkeypatch, site, expected):
    monkeypatch.chdir(tmp_path)
    config_file = make_project(tmp_path, f"title: X\ncontent: [boards]\n{site}\n", {"art/logo.svg": "<svg/>"})
    config, report = load_config(config_file)
    assert config is None
    assert sorted(d.format_text().replace(str(tmp_path), "<tmp>") for d in report.errors) == sorted(expected)


def test_a_good_site_block_is_read(tmp_path):
    config_file = make_project(tmp_path, "title: X\ncontent: [boards]\nsite:\n  palette: {primary: '#AbCdEf', "
                               "scheme: slate}\n  font: false\n  extra: {social: [{icon: fontawesome/brands/github, "
                               "link: 'https://github.com/x'}]}\n")
    config, report = load_config(config_file)
    assert report.ok and config is not None
    assert dict(config.site.palette) == {"primary": "#abcdef", "scheme": "slate"}
    assert config.site.font is False
    assert config.site.extra == {"social": [{"icon": "fontawesome/brands/github", "link": "https://github.com/x"}]}


def test_a_mkdocs_yml_beside_gaslight_yaml_is_reported_not_ignored(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config_file = make_project(tmp_path, "title: X\ncontent: [boards]\n", {"mkdocs.yml": "site_name: x\n"})
    config, _ = load_config(config_file)
    assert config is not None
    _, report = load_configured(config)
    assert [d.format_text() for d in report.diagnostics] == [
        "mkdocs.yml:1:1: warning: Gaslight does not read this file; the site's settings are gaslight.yaml's 'site:' "
        "block (fix: move palette, logo, favicon, font, extra_css, extra and custom_dir (as 'overrides') under "
        "'site:' in gaslight.yaml, then delete this file)"]


@pytest.mark.parametrize(("template", "expected"), [
    ('{% block content %}\n{{ 1 + "a" }}{% endblock %}',
     "theme/main.html:3:1: error: the template main.html failed: TypeError: unsupported operand type(s) for +: 'int' "
     "and 'str' (fix: correct the template; it is laid over Gaslight's own (site.overrides in gaslight.yaml))"),
    ("{% block content %}",
     "theme/main.html:2:1: error: the template main.html failed: TemplateSyntaxError: Unexpected end of template. "
     "Jinja was looking for the following tags: 'endblock'. The innermost block that needs to be closed is 'block'. "
     "(fix: correct the template; it is laid over Gaslight's own (site.overrides in gaslight.yaml))"),
    ('{% block content %}\n\n{% include "nope.html" %}{% endblock %}',
     "theme/main.html:4:1: error: the template main.html failed: it includes 'nope.html', which is neither in the "
     "overrides folder nor among Material's templates (fix: correct the template; it is laid over Gaslight's own "
     "(site.overrides in gaslight.yaml))"),
])
def test_a_failing_project_template_is_placed_in_it_and_the_last_build_stays(tmp_path, monkeypatch, template,
                                                                               expected):
    monkeypatch.chdir(tmp_path)
    config_file = make_project(tmp_path, "title: X\ncontent: [boards]\nsite: {overrides: theme}\n",
                               {"theme/main.html": '{% extends "base.html" %}\n' + template + "\n"})
    (tmp_path / "build").mkdir()
    config, _ = load_config(config_file)
    assert config is not None
    result = build_project(config, progress=lambda _line: None, contributors=HOME_ONLY, use_cache=False)
    assert not result.published
    assert [d.format_text() for d in result.report.diagnostics] == [expected]
    assert list((tmp_path / "build").iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["boards", "build", "gaslight.yaml", "theme"]
