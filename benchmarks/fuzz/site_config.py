"""The ``site:`` block of gaslight.yaml and ``site_url``: hostile values, files and templates, run as a designer runs
them. Each input is a small project (one board) whose ``gaslight.yaml`` gets a ``site:`` block made of Material's
keys and the keys Gaslight owns, each given a plausible or a hostile value (wrong types, unknown colour names,
malformed ``#rrggbb``, paths that are missing, outside the project, absolute, a folder, a NUL byte, a link
leading out; icons that do not exist or climb out of the icon folder), then text-mutated a little. The project's
files are a logo, a stylesheet and an ``overrides`` folder whose ``main.html`` is a working override, a Jinja
syntax error, an include of a missing template or a failing expression. ``gaslight check`` runs on every input;
a share also builds the site (the home and hand-written pages: the stage that reads ``site:``) through
:func:`gaslight.build.build_project`, whose diagnostics are classified like the command's output.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import time
from pathlib import Path
from typing import Any

import yaml
from gaslight.cli import main as gaslight
from gaslight.resources import STARTER_DIR

from benchmarks.fuzz import Outcome, is_internal, unlocated_lines
from benchmarks.fuzz.scenarios import mutate_text

NAME = "site_config"
COUNT = 20_000
BUILD_SHARE = 0.08  # of the inputs also built (the MkDocs stage takes a few seconds)
HOME_ONLY = ("gaslight.outputs.home:contribute", "gaslight.outputs.home:link_sections")

PATHS = ("art/logo.svg", "css/site.css", "art", "art/missing.png", "../outside.svg", "/etc/passwd", "", "art/\0x",
         "link-out/x.svg", "https://example.org/logo.png", "a" * 300, "./art/../art/logo.svg", "ART/LOGO.SVG")
COLOURS = ("indigo", "deep purple", "blue grey", "white", "custom", "fuchsia", "#8b1e3f", "#8B1E3F", "#12345",
           "#zzzzzz", "8b1e3f", "", None, 7, ["red"], {"a": 1}, "#8b1e3f; }", "Indigo")
HOSTILE = (None, 0, -1, 1e309, True, "", "x" * 2000, [], {}, [[[]]], {"a": {"b": {"c": None}}}, "<script>x</script>",
           "{{ 7 * 7 }}", "{% raw %}", "\u202e", "\0")
ICONS = ("fontawesome/brands/github", "material/home", "fontawesome/brands/nope", "../../../etc/passwd", "x",
         "fontawesome/brands/github.svg", "", "FONTAWESOME/BRANDS/GITHUB")
OWNED = ("nav", "docs_dir", "site_dir", "plugins", "markdown_extensions", "theme", "custom_dir", "site_name",
         "site_url", "strict", "validation", "use_directory_urls")
TEMPLATES = (
    '{% extends "base.html" %}\n{% block announce %}Fuzz{% endblock %}\n',
    '{% extends "base.html" %}\n{% block content %}\n',
    '{% extends "base.html" %}\n{% block content %}{% include "nope.html" %}{% endblock %}\n',
    '{% extends "base.html" %}\n{% block content %}{{ 1 + "a" }}{{ nope.x }}{% endblock %}\n',
    '{% extends "nope.html" %}\n',
    "{{ config.extra | tojson }}\n",
    "",
)
URLS = ("https://user.github.io/repo/", "https://user.github.io/repo", "http://localhost:8000/", "ftp://x/",
        "https://x.org/a b/", "https://", 5, "")


def _value(rng: random.Random, choices: tuple[Any, ...]) -> Any:
    return rng.choice(HOSTILE) if rng.random() < 0.15 else rng.choice(choices)


def site_block(rng: random.Random) -> dict[str, Any]:
    """A ``site:`` block: Material's keys (and now and then one Gaslight owns), values plausible or hostile."""
    site: dict[str, Any] = {}
    if rng.random() < 0.7:
        site["palette"] = {key: _value(rng, COLOURS) for key in rng.sample(("primary", "accent", "scheme", "hue"),
                                                                            rng.randint(0, 3))}
    for key in ("logo", "favicon", "overrides"):
        if rng.random() < 0.5:
            site[key] = _value(rng, ("overrides",) if key == "overrides" and rng.random() < 0.6 else PATHS)
    if rng.random() < 0.4:
        site["extra_css"] = [_value(rng, PATHS) for _ in range(rng.randint(0, 3))]
    if rng.random() < 0.3:
        site["font"] = _value(rng, (False, {"text": "Roboto"}, {"code": "Roboto Mono", "text": ""}, {"size": 3}))
    if rng.random() < 0.5:
        social = [{"icon": _value(rng, ICONS), "link": _value(rng, ("https://x.org", ""))}
                  for _ in range(rng.randint(0, 2))]
        site["extra"] = {"social": social, "generator": _value(rng, (False, True)), "mine": _value(rng, ("x",)),
                         "alternate": _value(rng, ([{"name": "English", "link": "/en/"}],))}
    if rng.random() < 0.1:
        site[rng.choice(OWNED)] = _value(rng, ("x",))
    return site


def write_project(rng: random.Random, root: Path) -> str:
    """The project's files; returns the text of its gaslight.yaml."""
    for rel, text in {"art/logo.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>", "css/site.css": "a{}",
                      "overrides/main.html": rng.choice(TEMPLATES)}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    (root / "boards").mkdir(exist_ok=True)
    (root / "boards" / "first.yaml").write_text((STARTER_DIR / "board.yaml").read_text(encoding="utf-8"),
                                                encoding="utf-8")
    with contextlib.suppress(OSError):
        (root / "link-out").symlink_to(root.parent, target_is_directory=True)
    config: dict[str, Any] = {"title": "Fuzz", "content": ["boards"]}
    if rng.random() < 0.5:
        config["site_url"] = _value(rng, URLS)
    config["site"] = site_block(rng) if rng.random() < 0.95 else _value(rng, ("x",))
    text = yaml.safe_dump(config, sort_keys=False, allow_unicode=True)
    return mutate_text(rng, text) if rng.random() < 0.3 else text


def _built(root: Path) -> tuple[int, str]:
    """Build the site stage as ``gaslight build`` does; (exit code as the command gives it, its diagnostics)."""
    from gaslight.build import build_project
    from gaslight.config import load_config

    config, report = load_config(root / "gaslight.yaml")
    if config is None:
        return 1, "\n".join(d.format_text() for d in report.diagnostics)
    try:
        result = build_project(config, progress=lambda _line: None, contributors=HOME_ONLY, use_cache=False)
    except Exception as exc:  # any exception escaping the pipeline is the bug being hunted
        return 3, f"internal error: {type(exc).__name__}: {exc}"
    return (0 if result.published else 1), "\n".join(d.format_text() for d in result.report.diagnostics)


def one(rng: random.Random, workdir: Path) -> Outcome:
    """A project with a mutated ``site:`` block in ``workdir``: checked, and now and then built."""
    root = workdir / "game"
    root.mkdir(parents=True, exist_ok=True)
    text = write_project(rng, root)
    (root / "gaslight.yaml").write_text(text, encoding="utf-8")
    build = rng.random() < BUILD_SHARE
    started = time.perf_counter()
    out = io.StringIO()
    cwd = os.getcwd()
    try:
        os.chdir(root)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = int(gaslight(["check"]))
        seconds = time.perf_counter() - started  # the hang bound is the check's; MkDocs takes seconds to build
        output = out.getvalue()
        if build and code == 0:
            code, built = _built(root)
            output += "\n" + built
    finally:
        os.chdir(cwd)
    return Outcome(NAME, "build" if build else "check", code, seconds, unlocated_lines(output.splitlines()),
                   is_internal(code, output), text[:2000])
