"""``gaslight cards DECK-OR-CASE [--out DIR] [--dpi N] [--bleed] [--tts] [--shop SHOP]``: a deck's (or a Walton
case's) faces.

Writes ``<card id>.png`` for every distinct card (``card-<number>.png`` for a case) and
``back.png`` at the deck's ``print.dpi`` (or ``--dpi``); with ``--bleed`` each picture includes
the bleed, as print-on-demand services ask; with ``--tts`` also a Tabletop Simulator saved object
(``<id>.tts.json``), its sheets (``<id>-tts-1.jpg`` …, ``<id>-tts-back.png``) and ``tts.txt``
saying how to load it. The object's pictures are the published site's when ``gaslight.yaml`` sets
``site_url``, else this folder's ``file://`` paths. With ``--shop`` (or the deck's ``print.shop``) a
deck's faces are written as that print shop takes them instead (see ``gaslight.outputs.print_shops``).
The folder (default ``<id>-cards``) is written whole or not at all, and only a folder Gaslight wrote
before is ever replaced.
"""

from __future__ import annotations

import argparse
import os
import shutil
from pathlib import Path

from gaslight.commands.build import refuse_unfit_out
from gaslight.commands.context import require_config
from gaslight.config import ProjectConfig
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import Deck
from gaslight.domain.walton.case import Case
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS, UsageError, UserError
from gaslight.outputs import tts
from gaslight.outputs.card_images import (
    CardImageError,
    TtsPictures,
    case_face_pngs,
    case_tts_sheets,
    face_pngs,
    tts_sheets,
)
from gaslight.outputs.deck_cards import printed_deck
from gaslight.outputs.labels import printed_language
from gaslight.outputs.print_shops import SHOPS, shop_files
from gaslight.project import Project, load_configured
from gaslight.publish import (
    NotABuild,
    UnfitOutput,
    build_lock,
    ensure_fit,
    ensure_replaceable,
    mark,
    prepare,
    staging_folder,
    swap_in,
)


def _find(project: Project, target: str) -> Deck | Case | None:
    """The deck or Walton case named by ``target`` (an id, or its file), or None."""
    by_file = Path(target).resolve() if Path(target).suffix in (".yaml", ".yml") else None
    for found in (*project.of_kind("deck"), *project.of_kind("case")):
        if found.id == target or (by_file is not None and project.source(found.location.file) == by_file):
            return found  # type: ignore[no-any-return]
    return None


def _tts_files(pictures: TtsPictures, names: tts.TtsNames, base_url: str, description: str,
               language: str) -> dict[str, bytes]:
    files = tts.picture_files(pictures, names)
    files[names.saved_object] = tts.saved_object(pictures, names, base_url, description).encode("utf-8")
    files["tts.txt"] = tts.tts_notes(pictures, names, base_url, language).encode("utf-8")
    return files


def _shop(found: Deck | Case, args: argparse.Namespace) -> str | None:
    """The print shop the faces are written for: ``--shop``, else the deck's ``print.shop`` (cases have none)."""
    if isinstance(found, Case):
        if args.shop:
            raise UsageError("--shop takes a deck: a Walton case's cards have no print-shop preset")
        return None
    return str(args.shop or found.print_spec.shop or "") or None


def _files(project: Project, config: ProjectConfig, found: Deck | Case, out: Path, args: argparse.Namespace
           ) -> dict[str, bytes]:
    names = tts.TtsNames(found.id)
    pictures: TtsPictures | None
    main = config.languages[0]  # the notes' words; the cards' as the build prints them
    printed = printed_language(main)
    if isinstance(found, Case):
        mansion = project.by_id("mansion", found.mansion)
        files = dict(case_face_pngs(found, mansion, args.dpi, args.bleed, printed))
        folder = tts.CASE_FOLDER
        pictures = case_tts_sheets(found, mansion, args.dpi, printed) if args.tts else None
        description = found.description
    else:
        deck = printed_deck(project, found)
        shop = _shop(found, args)
        files = shop_files(deck, shop, printed) if shop else dict(face_pngs(deck, args.dpi, args.bleed, printed))
        folder = tts.DECK_FOLDER
        pictures = tts_sheets(deck, args.dpi, printed) if args.tts else None
        description = deck.summary
    if pictures is not None:
        base = tts.site_base(config.site_url, folder) if config.site_url else tts.file_base(out)
        files.update(_tts_files(pictures, names, base, description, main))
    return files


def _write(out: Path, files: dict[str, bytes]) -> None:
    """Write ``files`` into a temporary folder beside ``out``, then swap it in."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with build_lock(out, print):
        prepare(out)
        tmp = staging_folder(out)
        try:
            for name, data in files.items():
                (tmp / name).write_bytes(data)
            mark(tmp)
            swap_in(tmp, out)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)


def run(args: argparse.Namespace) -> int:
    if args.dpi is not None and not 72 <= args.dpi <= 1200:
        raise UsageError("--dpi takes a whole number from 72 to 1200")
    config = require_config(args)
    if args.out:
        refuse_unfit_out(args.out, config.root)
    project, report = load_configured(config)
    found = _find(project, args.deck)
    if found is None:
        if report.errors:
            print(Report(diagnostics=report.errors).format_text())
            return EXIT_PROBLEMS
        decks = ", ".join(sorted(d.id for d in project.of_kind("deck"))) or "none"
        cases = ", ".join(sorted(c.id for c in project.of_kind("case"))) or "none"
        raise UsageError(f"no deck or Walton case '{args.deck}' in the project (decks: {decks}; cases: {cases})")
    mansion = project.by_id("mansion", found.mansion) if isinstance(found, Case) else None
    files_read = {found.location.file} | ({mansion.location.file} if mansion is not None else set())
    own = [d for d in report.errors if d.location.file in files_read]
    if own or (isinstance(found, Case) and mansion is None):
        print(Report(diagnostics=own or report.errors).format_text())
        return EXIT_PROBLEMS
    out = Path(os.path.normpath(args.out or f"{found.id}-cards"))
    try:
        ensure_fit(out, config.root)
        ensure_replaceable(out)  # before the pictures are drawn, which takes a while; again under the lock
        files = _files(project, config, found, out, args)
        _write(out, files)
    except CardImageError as exc:
        raise UserError(str(exc)) from None
    except NotABuild as exc:
        if exc.folder == out and not isinstance(exc, UnfitOutput) and not out.is_symlink():
            raise UserError(f"{out} exists and was not written by Gaslight, so it is left alone; "
                            "name another folder with --out") from None
        raise UserError(f"{exc} ({exc.fix})") from None
    shop = SHOPS.get(_shop(found, args) or "")
    picture = shop.picture_px(found.print_spec.size) if shop and isinstance(found, Deck) else (0, 0)
    made = f"for {shop.name} ({picture[0]} × {picture[1]} px)" if shop else "as PNG"
    tts_part = ", and a Tabletop Simulator saved object with its sheets" * args.tts
    print(f"wrote {len(found.cards)} card faces and the back {made}{tts_part}, into {out}")
    return EXIT_OK
