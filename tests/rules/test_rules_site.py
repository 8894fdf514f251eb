"""The rules site: pages, anchors, tooltips, variants, change pages, printable links, escaping."""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from gaslight.outputs.rules import contribute_ruleset, safe_markdown
from gaslight.outputs.sink import BuildOutput
from gaslight.outputs.site import build_site
from pypdf import PdfReader

from tests.rules.rulesfix import fixture, scenario


@pytest.fixture(scope="module")
def hunt_site(tmp_path_factory) -> BuildOutput:
    out = BuildOutput(tmp_path_factory.mktemp("hunt-site"))
    contribute_ruleset(fixture("hunt-mini"), out)
    return out


def page(out: BuildOutput, rel: str) -> str:
    return (out.docs / rel).read_text(encoding="utf-8")


def pdf_text(path: Path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(path.read_bytes())).pages)


def test_rules_page_has_numbered_headings_with_stable_anchors(hunt_site):
    text = page(hunt_site, "hunt/rules.md")
    headings = re.findall(r"^#+ .*$", text, flags=re.MULTILINE)
    assert headings == [
        "# Mini hunt: rules",
        "## Printables", "## Variants", "## Parameters", "## Optional rules",
        "## 1 Setup {#hunt.setup}",
        "## 2 Jack {#hunt.jack}",
        "### 2.1 Moving {#hunt.jack.move}",
        "### 2.2 Coach {#hunt.jack.coach}",
        "### 2.3 Hideout {#hunt.jack.hideout}",
        "## 3 Police {#hunt.police}",
        "### 3.1 Moving {#hunt.police.move}",
        "### 3.2 Letters {#hunt.police.letters}",
    ]


def test_rules_page_renders_parameters_options_and_tooltips(hunt_site):
    text = page(hunt_site, "hunt/rules.md")
    assert "Jack has 15 moves each night." in text
    row = "| moves\\_per\\_night | `moves_per_night` | 15 | Move spaces after the time\\-of\\-crime spaces\\. |"
    assert row in text
    assert "*Optional rule: Letters from Jack (not in use in these rules).*" in text
    assert "*[Coach]: Two normal steps in one turn that may pass police." in text
    assert "- Jack's movement sheet: [A4](../print/hunt/movement-sheet-a4.pdf), " \
           "[Letter](../print/hunt/movement-sheet-letter.pdf)" in text
    assert "| [Long nights](variants/long-nights.md) |  | [what it changes](variants/long-nights-changes.md) |" in text


def test_variant_pages_and_nav(hunt_site):
    assert ((("Whitechapel hunt", "Rules"), "hunt/rules.md") in hunt_site.nav)
    assert ((("Whitechapel hunt", "Variants", "Long nights", "What it changes"), "hunt/variants/long-nights-changes.md")
            in hunt_site.nav)
    bundle = page(hunt_site, "hunt/variants/bundle.md")
    assert "### 2.3 Rest {#hunt.jack.rest}" in bundle and "{#hunt.police.move}" not in bundle
    assert "*Optional rule: Letters from Jack (in use in these rules).*" in bundle


def test_changes_page_lists_parameters_and_rules(hunt_site):
    text = page(hunt_site, "hunt/variants/bundle-changes.md")
    assert "This variant includes: [Long nights](long-nights.md)." in text
    assert "| moves\\_per\\_night (`moves_per_night`) | 15 | **17** |" in text
    assert "| Letters from Jack | off | **on** |" in text
    assert "### [3.1 Moving](../rules.md#hunt.police.move) — removed" in text
    assert "### [2.3 Rest](bundle.md#hunt.jack.rest) — added\n\nJack may rest." in text
    assert "### [2.1 Moving](bundle.md#hunt.jack.move) — reworded by parameters" in text
    assert '=== "Default"\n\n    Jack has 15 moves each night.\n\n=== "With this variant"\n\n' \
           '    Jack has 17 moves each night.' in text


def test_one_parameter_changes_sheet_aid_and_rules_text_together(hunt_site):
    rules = page(hunt_site, "hunt/variants/long-nights.md")
    assert "Jack has 17 moves each night." in rules
    assert "| **17** (default 15) |" in rules
    assert "[A4](../../print/hunt/long-nights/movement-sheet-a4.pdf)" in rules
    sheet = pdf_text(hunt_site.root / "print/hunt/long-nights/movement-sheet-a4.pdf")
    default_sheet = pdf_text(hunt_site.root / "print/hunt/movement-sheet-a4.pdf")
    assert "17" in sheet.split() and "17" not in default_sheet.split()
    aid = pdf_text(hunt_site.root / "print/hunt/long-nights/jack-aid-a4.pdf")
    assert "then moves 1–17: 22 spaces" in aid
    assert "then moves 1–15: 20 spaces" in pdf_text(hunt_site.root / "print/hunt/jack-aid-a4.pdf")


def test_variant_without_sheet_changes_links_the_default_sheet(hunt_site):
    text = page(hunt_site, "hunt/variants/seed-003-hideout.md")
    assert "[A4](../../print/hunt/movement-sheet-a4.pdf)" in text


@pytest.mark.parametrize(("raw", "safe"), [
    ("<script>alert(1)</script>", "&lt;script>alert(1)&lt;/script>"),
    ("para\n{: onclick=x }", "para\n\\{: onclick=x \\}"),
    ("`<b>` and ```\n<i>\n```", "`<b>` and ```\n<i>\n```"),
    ("**bold** [link](x.md)", "**bold** [link](x.md)"),
])
def test_safe_markdown(raw, safe):
    assert safe_markdown(raw) == safe


class Tags(HTMLParser):
    """Every start tag with its attribute names, and the text of every script element."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, tuple[str, ...]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, tuple(name for name, _ in attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts.append(data)


def test_hostile_text_is_shown_as_text_in_the_built_site(tmp_path):
    out = BuildOutput(tmp_path)
    contribute_ruleset(fixture("hostile"), out)
    build_site(out)  # MkDocs --strict: every link resolves
    for rel in ("rummy/rules.html", "rummy/variants/evil.html", "rummy/variants/evil-changes.html"):
        html = (tmp_path / "site" / rel).read_text(encoding="utf-8")
        tags = Tags()
        tags.feed(html)
        assert not [t for t in tags.found if t[0] in ("img", "u", "b") or any(a.startswith("on") for a in t[1])]
        assert "alert(" not in "".join(tags.scripts)
        assert "&lt;script&gt;alert(" in html
    rules = (tmp_path / "site/rummy/rules.html").read_text(encoding="utf-8")
    assert '<h2 id="rummy.scoring">1 Scoring &lt;em&gt;now&lt;/em&gt;' in rules
    assert "<strong>bold</strong>" in rules and "<code>&lt;code&gt;</code>" in rules
    assert '<abbr title="A set of cards &lt;script&gt;alert(\'abbr\')&lt;/script&gt;">meld</abbr>' in rules


def test_the_site_builds_strictly(hunt_site):
    build_site(hunt_site)
    html = (hunt_site.root / "site/hunt/rules.html").read_text(encoding="utf-8")
    tip = '<abbr title="Two normal steps in one turn that may pass police.">Coach</abbr>'
    assert f'<h3 id="hunt.jack.coach">2.2 {tip}' in html
    assert 'href="#hunt.jack.coach"' in html  # the permalink: a heading's link can be copied


def test_resolved_parameters_are_exported_for_the_engine(hunt_site):
    data = json.loads((hunt_site.root / "export/rulesets/hunt-mini/long-nights.json").read_text(encoding="utf-8"))
    assert data["format"] == "gaslight-ruleset/1" and data["variant"] == "long-nights"
    assert data["parameters"]["moves_per_night"] == 17
    assert data["parameters"]["coaches_per_night"] == [3, 2, 2, 1]
    assert data["options"] == {"letters": False, "no_special_move_onto_hideout": False}
    assert list(data["parameters"]) == sorted(data["parameters"])
    default = json.loads((hunt_site.root / "export/rulesets/hunt-mini/default.json").read_text(encoding="utf-8"))
    assert default["variant"] is None and default["parameters"]["moves_per_night"] == 15


def test_rules_page_links_the_rulings_page_when_the_site_has_one(tmp_path):
    out = BuildOutput(tmp_path)
    (out.docs / "reference").mkdir(parents=True)
    (out.docs / "reference/rulings.md").write_text("# Rulings\n", encoding="utf-8")
    contribute_ruleset(fixture("hunt-mini"), out)
    assert "these rules follow the [rulings](../reference/rulings.md)" in page(out, "hunt/rules.md")


def test_no_rulings_link_without_the_page(hunt_site):
    assert "rulings" not in page(hunt_site, "hunt/rules.md")


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_project_rulesets_build_strictly_and_the_same_twice(tmp_path):
    first, second = BuildOutput(tmp_path / "one"), BuildOutput(tmp_path / "two")
    for game in ("hunt", "walton", "rummy", "twentyfour"):
        contribute_ruleset(scenario(game), first)
        contribute_ruleset(scenario(game), second)
    assert tree(first.root) == tree(second.root)
    assert {rel for _, rel in first.nav} >= {"hunt/rules.md", "walton/rules.md", "rummy/rules.md",
                                            "twentyfour/rules.md", "hunt/variants/seed-003-hideout-changes.md"}
    assert {"print/hunt/movement-sheet-a4.pdf", "print/hunt/movement-sheet-letter.pdf",
            "print/hunt/jack-aid-a4.pdf", "print/hunt/police-aid-letter.pdf",
            "print/walton/quick-reference-a4.pdf", "print/rummy/scoring-card-letter.pdf",
            "print/twentyfour/phase-card-a4.pdf"} <= set(tree(first.root))
    build_site(first)  # --strict: every link to a page, anchor file or printable resolves
    assert (first.root / "site/twentyfour/rules.html").is_file()
