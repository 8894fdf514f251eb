"""Write a generated case's card texts again through today's phrasings, leaving every other byte alone.

Generated cases store each card's display text (``text:``). When the
phrasings change, the texts are rendered again from the cards' own speakers and
claims, through :func:`~gaslight.domain.walton.phrasing.deck_texts`, with a
seed of the case's id: the same case and phrasings give the same bytes. Only
the one-line ``text:`` values a generator writes are replaced; a card whose
text spans lines (written by hand) is kept and named. A case whose texts are all
Japanese is rendered again in Japanese (the mansion's Japanese names).

    python -m gaslight.domain.walton.retext --mansion scenarios/walton/mansion.yaml scenarios/walton/cases/*.yaml

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> case = '''cards:
...   - number: 1
...     speaker: maid
...     claims:
...       - {type: in_room, suspect: bob, room: den}
...     text: "Maid: “Old words.”"
... '''
>>> print(retext(house, case, "c")[0], end="")
cards:
  - number: 1
    speaker: maid
    claims:
      - {type: in_room, suspect: bob, room: den}
    text: "Maid: “I passed the Den just as it began; Bob was inside.”"
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from gaslight.domain.walton.claims import CLAIM_TYPES
from gaslight.domain.walton.mansion import Mansion
from gaslight.domain.walton.phrasing import deck_texts, text_random
from gaslight.domain.walton.phrasing_ja import written_in

_NUMBER = re.compile(r"^  - number: (\d+)\s*$")
_TEXT = re.compile(r"^    text: (\".*\")\s*$")


class RetextError(Exception):
    """A case file this tool cannot read (the message says which and why)."""


def retext(mansion: Mansion, text: str, case_id: str) -> tuple[str, list[int]]:
    """``text`` (a case file) with every one-line card text rendered again; and the numbers of the cards whose
    text was kept because it is not one line.

    Raises :class:`RetextError` when the file has no readable cards.
    """
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as problem:
        raise RetextError(f"not readable YAML: {str(problem).splitlines()[0]}") from problem
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list) or not all(isinstance(c, dict) and isinstance(c.get("number"), int)
                                              and isinstance(c.get("claims"), list) for c in cards):
        raise RetextError("no cards with a number, a speaker and claims")
    for card in cards:
        _check_card(card)
    ordered = sorted(cards, key=lambda card: card["number"])
    # a case drafted in Japanese (gaslight new case --lang ja) is rendered again in Japanese, not in English
    written = {written_in(card["text"]) for card in cards if isinstance(card.get("text"), str)}
    said = deck_texts(mansion.in_language("ja") if written == {"ja"} else mansion,
                      [(str(card.get("speaker", "")), card["claims"]) for card in ordered], text_random(case_id))
    fresh = {card["number"]: line for card, line in zip(ordered, said, strict=True)}
    lines = text.splitlines(keepends=True)
    number: int | None = None
    replaced: set[int] = set()
    for i, line in enumerate(lines):
        if found := _NUMBER.match(line):
            number = int(found.group(1))
        elif (found := _TEXT.match(line)) and number in fresh and _one_string(found.group(1)):
            lines[i] = f"    text: {json.dumps(fresh[number], ensure_ascii=False)}\n"
            replaced.add(number)
    kept = sorted(card["number"] for card in cards if card.get("text") and card["number"] not in replaced)
    return "".join(lines), kept


def _check_card(card: dict[str, Any]) -> None:
    """Raise :class:`RetextError` for a card whose speaker or claims the phrasings cannot read (run
    ``gaslight check`` on a case to see every problem located)."""
    where = f"card {card['number']}"
    if not isinstance(card.get("speaker"), str):
        raise RetextError(f"{where}: no speaker id (run gaslight check for the details)")
    for claim in card["claims"]:
        kind = claim.get("type") if isinstance(claim, dict) else None
        cls = CLAIM_TYPES.get(kind) if isinstance(kind, str) else None
        if cls is None or set(claim) != {"type", *cls.field_names()} or not all(
                isinstance(v, str) or (k == "suspects" and isinstance(v, list) and v
                                       and all(isinstance(x, str) for x in v))
                for k, v in claim.items()):
            raise RetextError(f"{where}: a claim the cards cannot say (run gaslight check for the details)")


def _one_string(value: str) -> bool:
    try:
        return isinstance(json.loads(value), str)
    except ValueError:
        return False


def main(argv: Sequence[str] | None = None) -> int:
    """Render the named case files' texts again; exit 1 when a file cannot be read (the others are still done)."""
    from gaslight.files import write_whole
    from gaslight.project import load_document
    from gaslight.yamlio import parse_file

    parser = argparse.ArgumentParser(prog="python -m gaslight.domain.walton.retext", description=__doc__.split(
        "\n")[0])
    parser.add_argument("--mansion", type=Path, required=True, help="the mansion file the cases are set in")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when a text would change")
    parser.add_argument("cases", type=Path, nargs="+", help="case files to render again")
    args = parser.parse_args(argv)
    doc, report = parse_file(args.mansion, str(args.mansion))
    loaded = load_document(doc, report) if doc is not None else None
    if loaded is None or not isinstance(loaded[1], Mansion) or not report.ok:
        print(report.format_text() or f"{args.mansion}: not a mansion", file=sys.stderr)
        return 1
    mansion, failed, stale = loaded[1], False, False
    for path in args.cases:
        try:
            old = path.read_text(encoding="utf-8")
            new, kept = retext(mansion, old, path.stem)
        except (OSError, UnicodeDecodeError, RetextError) as problem:
            print(f"{path}: {problem}", file=sys.stderr)
            failed = True
            continue
        for number in kept:
            print(f"{path}: card {number}: text kept as written (not one quoted line)")
        if new != old:
            stale = True
            if not args.check:
                write_whole(path, new)
            print(f"{path}: {'would change' if args.check else 'texts rendered again'}")
    return 1 if failed or (args.check and stale) else 0


if __name__ == "__main__":
    raise SystemExit(main())
