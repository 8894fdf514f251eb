"""``gaslight cards DECK [--out DIR] [--dpi N] [--bleed] [--tts] [--shop SHOP]``: a deck's faces as pictures.

Writes ``<card id>.png`` for every distinct card and ``back.png`` at the deck's ``print.dpi``
(or ``--dpi``); with ``--bleed`` each picture includes the bleed, as print-on-demand services
ask; with ``--tts`` also Tabletop Simulator deck sheets (``tts-1.jpg`` …, ``tts-back.png``) and
``tts.txt`` with the numbers TTS asks for. With ``--shop`` (or the deck's ``print.shop``) the
faces are written as that print shop takes them instead (see ``gaslight.outputs.print_shops``).
The folder (default ``<deck id>-cards``) is written whole or not at all, and only a folder
Gaslight wrote before is ever replaced.
"""

from __future__ import annotations

import argparse
import os
import shutil
from pathlib import Path

from gaslight.commands.build import refuse_unfit_out
from gaslight.commands.context import require_config
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import Deck
from gaslight.errors import EXIT_OK, EXIT_PROBLEMS, UsageError, UserError
from gaslight.outputs.card_images import CardImageError, TtsSheet, face_pngs, tts_sheets
from gaslight.outputs.decks import printed_deck
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


def tts_notes(deck: Deck, sheets: list[TtsSheet]) -> str:
    """How to make the deck in Tabletop Simulator from the written sheets."""
    lines = [f"{deck.title}: Tabletop Simulator deck sheets",
             "In Tabletop Simulator: Objects > Components > Cards > Custom Deck, then for each sheet:"]
    for number, sheet in enumerate(sheets, start=1):
        lines.append(f"  tts-{number}.jpg: Face = this file, Back = tts-back.png, Width {sheet.columns}, "
                     f"Height {sheet.rows}, Number {sheet.cards}")
    lines.append("The bottom-right picture of each sheet is the back, shown for a card hidden in a hand.")
    return "\n".join(lines) + "\n"


def _find_deck(project: Project, target: str) -> Deck | None:
    by_file = Path(target).resolve() if Path(target).suffix in (".yaml", ".yml") else None
    for deck in project.of_kind("deck"):
        if deck.id == target or (by_file is not None and project.source(deck.location.file) == by_file):
            return deck
    return None


def _files(deck: Deck, args: argparse.Namespace) -> dict[str, bytes]:
    shop = getattr(args, "shop", None) or deck.print_spec.shop
    files = shop_files(deck, shop) if shop else dict(face_pngs(deck, args.dpi, args.bleed))
    if args.tts:
        sheets, back = tts_sheets(deck, args.dpi)
        files.update({f"tts-{n}.jpg": sheet.image for n, sheet in enumerate(sheets, start=1)})
        files["tts-back.png"] = back
        files["tts.txt"] = tts_notes(deck, sheets).encode("utf-8")
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
    deck = _find_deck(project, args.deck)
    if deck is None:
        known = ", ".join(sorted(d.id for d in project.of_kind("deck"))) or "none"
        if report.errors:
            print(Report(diagnostics=report.errors).format_text())
            return EXIT_PROBLEMS
        raise UsageError(f"no deck file or deck id '{args.deck}' in the project (decks: {known})")
    own = [d for d in report.errors if d.location.file == deck.location.file]
    if own:
        print(Report(diagnostics=own).format_text())
        return EXIT_PROBLEMS
    out = Path(os.path.normpath(args.out or f"{deck.id}-cards"))
    try:
        ensure_fit(out, config.root)
        ensure_replaceable(out)  # before the pictures are drawn, which takes a while; again under the lock
        files = _files(printed_deck(project, deck), args)
        _write(out, files)
    except CardImageError as exc:
        raise UserError(str(exc)) from None
    except NotABuild as exc:
        if exc.folder == out and not isinstance(exc, UnfitOutput) and not out.is_symlink():
            raise UserError(f"{out} exists and was not written by Gaslight, so it is left alone; "
                            "name another folder with --out") from None
        raise UserError(f"{exc} ({exc.fix})") from None
    shop = SHOPS.get(getattr(args, "shop", None) or deck.print_spec.shop or "")
    made = f"for {shop.name} ({shop.picture_px[0]} × {shop.picture_px[1]} px)" if shop else "as PNG"
    print(f"wrote {len(deck.cards)} card faces and the back {made}" + (", and Tabletop Simulator sheets" * args.tts)
          + f", into {out}")
    return EXIT_OK
