"""``gaslight init [DIR]``: a project a designer can build at once.

Writes ``gaslight.yaml``, a board, a variant of the bundled hunt (a ruleset
that ``extends`` it), a mansion of the project's own with a case set in it, a
card game of its own with its deck, the schemas for editor completion
(``.gaslight/schemas``), a ``.gitignore``, a pre-commit config, a CI
workflow example and a GitHub Pages workflow that publishes the site. It
never overwrites a file: it refuses when any of them exists.

``--lang ja`` writes a Japanese project (``languages: [ja]``): the same files
with every text a designer reads, and the comments, in Japanese
(``starters/ja/``, laid out as the project is); the ids stay the same.
"""

from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path

from gaslight.commands.new import SCHEMAS, headline, with_header
from gaslight.commands.schemas import modeline, write_schemas
from gaslight.config import CONFIG_NAME
from gaslight.errors import EXIT_OK, UserError
from gaslight.resources import STARTER_DIR

TEMPLATE = STARTER_DIR / "project"
JAPANESE = STARTER_DIR / "ja"  # the Japanese starters, each at the path init writes it to

# Written file → (where its text comes from, its kind for the modeline, its id).
SCENARIOS: dict[str, tuple[Path, str, str | None]] = {
    "boards/first-quarter.yaml": (STARTER_DIR / "board.yaml", "board", "first-quarter"),
    "rules/foggy-nights.yaml": (TEMPLATE / "rules/foggy-nights.yaml", "ruleset", None),
    "rules/alibi-cards.yaml": (TEMPLATE / "rules/alibi-cards.yaml", "ruleset", None),
    "walton/mansion.yaml": (STARTER_DIR / "mansion.yaml", "mansion", None),
    "walton/cases/first-case.yaml": (TEMPLATE / "walton/cases/first-case.yaml", "case", None),
    "decks/alibi-cards.yaml": (TEMPLATE / "decks/alibi-cards.yaml", "deck", None),
}
OTHER_FILES: dict[str, Path] = {
    ".gitignore": TEMPLATE / "gitignore",
    ".pre-commit-config.yaml": TEMPLATE / "pre-commit-config.yaml",
    ".github/workflows/gaslight.yml": TEMPLATE / "github-workflow.yml",
    ".github/workflows/pages.yml": TEMPLATE / "github-pages.yml",
}


def project_files(root: Path, title: str, lang: str = "en") -> dict[Path, str]:
    """Every file ``init`` writes, with its text, in ``lang`` (en or ja)."""
    config = (TEMPLATE / CONFIG_NAME if lang == "en" else JAPANESE / CONFIG_NAME).read_text(encoding="utf-8")
    files = {root / CONFIG_NAME: config.replace("title: TITLE", f"title: {json.dumps(title, ensure_ascii=False)}")}
    for rel, (source, kind, new_id) in SCENARIOS.items():
        target = root / rel
        source = source if lang == "en" else JAPANESE / rel
        files[target] = with_header(source.read_text(encoding="utf-8"), modeline(target, SCHEMAS[kind], root), new_id)
    for rel, source in OTHER_FILES.items():
        files[root / rel] = source.read_text(encoding="utf-8")
    return files


def run(args: argparse.Namespace) -> int:
    root = Path(args.folder).resolve()
    if root.exists() and not root.is_dir():
        raise UserError(f"{args.folder} is a file, not a folder")
    title = args.title or headline(root.name) or "My games"
    files = project_files(root, title, args.lang)
    existing = sorted(str(p.relative_to(root)) for p in files if p.exists())
    if existing:
        raise UserError(f"{args.folder} already has {', '.join(existing)}; init writes only into a fresh folder "
                        "(move those away, or start elsewhere)")
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    write_schemas(root)
    # quoted, so the line can be pasted into a shell as it is ("cd 'Fog Street'")
    where = "" if root == Path.cwd().resolve() else f"cd {shlex.quote(args.folder)} && "
    print(f"started the project '{title}' in {args.folder}: {len(files)} files and the schemas in .gaslight/schemas\n"
          f"next: {where}gaslight check && gaslight build (then open build/site/index.html), or gaslight serve")
    return EXIT_OK
