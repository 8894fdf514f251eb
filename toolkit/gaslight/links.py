"""Which links designers' Markdown may hold: http(s), mailto and pages of the site, nothing that runs.

One Python-Markdown extension serves both sides: ``gaslight check`` renders each rule text with it to find
refused links (and report them at the rule's line), and the site build runs it on every page, so a link
that slipped past the check is still shown as plain text, never as a live ``javascript:`` or ``data:`` link.

>>> refused_links("[ok](https://example.org) [page](../hunt/rules.md) [x](JaVaScript:alert(1))")
['JaVaScript:alert(1)']
>>> import markdown
>>> markdown.markdown("[x](data:text/html,hi)", extensions=[SafeLinks()])
'<p><span class="gaslight-refused-link">x</span></p>'
"""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import urlsplit
from xml.etree.ElementTree import Element

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

from gaslight.diagnostics import Location, Report

SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
_INVISIBLE = re.compile(r"[\x00-\x20\x7f-\x9f]+")


def is_safe_target(target: str) -> bool:
    """True for http(s), mailto and scheme-less (relative or #anchor) targets.

    Browsers ignore whitespace and control characters inside a scheme and decode entities first, so the
    scheme is read the way a browser would read it.
    """
    cleaned = _INVISIBLE.sub("", html.unescape(target))
    scheme = urlsplit(cleaned).scheme.lower() if ":" in cleaned else ""
    return not scheme or scheme in SAFE_SCHEMES


def is_page_relative(target: str) -> bool:
    """A path relative to the page it is written on (``../x.md``), not to the site root (``/x.md``)."""
    cleaned = _INVISIBLE.sub("", html.unescape(target))
    return bool(cleaned) and is_safe_target(cleaned) and not urlsplit(cleaned).scheme \
        and not cleaned.startswith(("/", "#"))


class _Neutralise(Treeprocessor):
    def __init__(self, md: Markdown, refused: list[str], targets: list[str]) -> None:
        super().__init__(md)
        self.refused = refused
        self.targets = targets

    def run(self, root: Element) -> None:
        for element in root.iter():
            for attribute in ("href", "src"):
                target = element.get(attribute)
                if target is None:
                    continue
                self.targets.append(target)
                if not is_safe_target(target):
                    self.refused.append(target)
                    _as_text(element)


def _as_text(element: Element) -> None:
    """Turn a refused link or image into a plain span holding its text."""
    alt = element.get("alt", "") if element.tag == "img" else ""
    for name in list(element.attrib):
        del element.attrib[name]
    element.tag = "span"
    element.set("class", "gaslight-refused-link")
    if alt:
        element.text = alt


class SafeLinks(Extension):
    """Neutralise every link and image whose target is not http(s), mailto or a page of the site."""

    def __init__(self, **kwargs: Any) -> None:
        self.refused: list[str] = []
        self.targets: list[str] = []
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        # After inline links exist (priority 20) and before anything serialises them.
        md.treeprocessors.register(_Neutralise(md, self.refused, self.targets), "gaslight_safe_links", 1)


def makeExtension(**kwargs: Any) -> SafeLinks:
    return SafeLinks(**kwargs)


def link_targets(text: str) -> list[str]:
    """Every link and image target in ``text``, in order, as Markdown reads them."""
    if "](" not in text and "]:" not in text and "<" not in text:
        return []
    extension = SafeLinks()
    Markdown(extensions=[extension]).convert(text)
    return list(extension.targets)


def refused_links(text: str) -> list[str]:
    """The link and image targets in ``text`` that the site will refuse, in order."""
    return [target for target in link_targets(text) if not is_safe_target(target)]


def report_missing_page(report: Report, rule_id: str, target: str, where: Location) -> None:
    """The error for a rule text linking a page the site does not have (said alike by check and build)."""
    report.error(where, f"rule '{rule_id}' links to '{target}', which is not a page of the site",
                 fix="correct the path (from the site's root, e.g. '/reference/rulings.md') or remove the link")
