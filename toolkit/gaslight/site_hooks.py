"""MkDocs hooks of every Gaslight site: large generated markup kept out of Markdown and the search index.

A balance page's heat maps are two board drawings of some 4,500 elements each. Markdown would parse them as raw
HTML and Material's search would parse them again, only to index circle numbers: 0.2 s a page, most of a
build's MkDocs time. A generator wraps such a block in :func:`verbatim`; before Markdown sees the page, the block
is swapped for a comment naming it (:func:`on_page_markdown`), and the finished page gets it back
(:func:`on_post_page`), byte for byte.

The printables and exports are hard-linked into the site rather than copied (:func:`on_files`): a showcase's
are some 75 MB.

The 404 page is the main language's, and its language switcher goes to each language's home
(:func:`on_template_context`, :func:`on_post_template`).

Only generated markup is wrapped: scenario text reaches Markdown escaped (:func:`gaslight.outputs.text.md_text`),
so it can never spell the markers. A placeholder that names no block of its page is left alone.

>>> page = type("Page", (), {})()
>>> text = on_page_markdown("# Map\\n\\n" + verbatim("<svg><circle/></svg>") + "\\n", page)
>>> text
'# Map\\n\\n<!-- gaslight:verbatim c7f609a9d337 -->\\n'
>>> on_post_page("<h1>Map</h1>\\n<!-- gaslight:verbatim c7f609a9d337 -->", page)
'<h1>Map</h1>\\n<svg><circle/></svg>'
"""

from __future__ import annotations

import hashlib
import os
import re
from copy import deepcopy
from pathlib import Path
from typing import Any

from gaslight.yaml12 import CJK

_BLOCK = re.compile(r"^<!-- gaslight:verbatim -->\n(.*?)\n<!-- /gaslight:verbatim -->$", re.S | re.M)
_PLACEHOLDER = re.compile(r"<!-- gaslight:verbatim ([0-9a-f]{12}) -->")
_KEPT = "gaslight_verbatim"  # the page's blocks by name, from its Markdown to its finished HTML
_MAIN_404: dict[str, str] = {}  # a site folder -> its 404 page as the main language's pass wrote it


def verbatim(block: str) -> str:
    """``block`` (generated HTML, a line of its own in the page's Markdown) passed to the page as it is, unseen by
    Markdown and search."""
    return f"<!-- gaslight:verbatim -->\n{block}\n<!-- /gaslight:verbatim -->"


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    kept: dict[str, str] = {}

    def keep(match: re.Match[str]) -> str:
        name = hashlib.sha256(match.group(1).encode()).hexdigest()[:12]
        kept[name] = match.group(1)
        return f"<!-- gaslight:verbatim {name} -->"

    shortened = _BLOCK.sub(keep, markdown)
    setattr(page, _KEPT, kept)
    return shortened


def on_post_page(output: str, page: Any, **_: Any) -> str:
    output = join_east_asian_lines(output)
    kept: dict[str, str] = getattr(page, _KEPT, None) or {}
    if not kept:
        return output
    return _PLACEHOLDER.sub(lambda match: kept.get(match.group(1), match.group(0)), output)


_JAPANESE_LETTER = re.compile(f"[{CJK}]")  # the letters Japanese writes without spaces (gaslight.yaml12.CJK)
_BREAK_BEFORE_JAPANESE = re.compile(f"\n[ \t]*(?=[{CJK}])")  # found fast: it starts with a line break
_LINES_KEPT = re.compile(r"<(pre|script|style|textarea)\b.*?</\1>", re.S | re.I)


def join_east_asian_lines(html: str) -> str:
    """``html`` without the line breaks between two Japanese letters outside ``<pre>``, scripts and styles.

    A Japanese sentence wrapped over two lines of Markdown (or of a YAML text) keeps the line break in the page.
    CSS removes such a break between two East Asian wide letters, but Chromium and WebKit show it as a space in
    the middle of the sentence; English text, where the break is a space between words, is left alone.

    >>> join_east_asian_lines("<p>誰が\\n本当のことを言うか。\\nGaslight は\\nそれを。</p><pre>一行\\n二行</pre>")
    '<p>誰が本当のことを言うか。\\nGaslight はそれを。</p><pre>一行\\n二行</pre>'
    """
    def between_letters(found: re.Match[str]) -> bool:
        return found.start() > 0 and _JAPANESE_LETTER.match(found.string, found.start() - 1) is not None

    if not any(between_letters(found) for found in _BREAK_BEFORE_JAPANESE.finditer(html)):  # most pages: nothing to do
        return html

    def joined(text: str) -> str:
        return _BREAK_BEFORE_JAPANESE.sub(lambda found: "" if between_letters(found) else found.group(0), text)

    parts, start = [], 0
    for kept in _LINES_KEPT.finditer(html):
        parts += [joined(html[start:kept.start()]), kept.group(0)]
        start = kept.end()
    parts.append(joined(html[start:]))
    return "".join(parts)


LINKED = ("print/", "export/")  # generated into the docs folder, which Gaslight owns: never a designer's own file


def on_files(files: Any, config: Any, **_: Any) -> Any:
    """Each printable and export of the docs folder made the same file at its place in the site before MkDocs copies
    the files: MkDocs finds it there and leaves it."""
    from gaslight.outputs.sink import same_file

    docs = os.path.realpath(config.docs_dir)
    for file in files:
        source = file.abs_src_path
        if (file.src_uri.startswith(LINKED) and not file.is_documentation_page() and source is not None
                and os.path.realpath(source).startswith(docs + os.sep)):
            same_file(Path(source), Path(file.abs_dest_path))
    return files


def on_template_context(context: dict[str, Any], template_name: str, config: Any, **_: Any) -> dict[str, Any]:
    """mkdocs-static-i18n points the language switcher at the page's own copy in each language, page by page. The
    404 page is no page of the site, so it kept the links of whichever page was drawn last: here they are set back
    to the languages' homes the plugin worked out (nothing changes in a site of one language)."""
    homes = getattr(config.plugins.get("i18n"), "extra_alternate", None)
    if template_name == "404.html" and homes:
        config.extra.alternate = deepcopy(homes)  # as the plugin sets it: an attribute, which Jinja reads first
    return context


def on_post_template(output_content: str, template_name: str, config: Any, **_: Any) -> str:
    """mkdocs-static-i18n builds each other language into the same folder after the main one, and MkDocs writes the
    404 page on every pass: the last language's would be the site's one 404 page. The main language's is kept and
    written again on the later passes."""
    i18n = config.plugins.get("i18n")
    if template_name != "404.html" or i18n is None:
        return output_content
    if i18n.current_language == i18n.default_language:
        _MAIN_404[config.site_dir] = output_content
        return output_content
    return _MAIN_404.get(config.site_dir, output_content)
