"""Who speaks on a Walton card and which phrasing a deck takes: shared by the phrasings of every language.

>>> from gaslight.domain.walton.mansion import MINI_MANSION, load_mansion
>>> from gaslight.yamlio import parse_text
>>> from gaslight.diagnostics import Report
>>> house = load_mansion(parse_text(MINI_MANSION, "m.yaml")[0], Report())
>>> voice_of(house, "maid"), voice_of(house, "bob"), voice_of(house, "police")
('servant', 'suspect', 'police')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from gaslight.domain.walton.mansion import Mansion

# Kinds of speaker: a source's role (the housekeeper speaks as a servant), or "suspect".
VOICES = ("coroner", "police", "servant", "suspect")


def voice_of(mansion: Mansion, speaker: str) -> str:
    """The kind of speaker: a suspect, or a source's role (the housekeeper speaks as a servant)."""
    if mansion.suspect(speaker) is not None:
        return "suspect"
    source = next((s for s in mansion.sources if s.id == speaker), None)
    role = source.role if source else "police"
    return "servant" if role in ("servant", "housekeeper") else role if role in VOICES else "police"


def pick_least_used(choices: list[tuple[str, str]], rng: random.Random, avoid: Collection[str],
          used: Mapping[str, int]) -> tuple[str, str]:
    """A seeded pick among (phrasing, sentence) pairs: not a sentence in ``avoid`` while another is left, and
    among those, a phrasing the deck has ``used`` least."""
    fresh = [pair for pair in choices if pair[1] not in avoid] or choices
    fewest = min(used.get(template, 0) for template, _ in fresh)
    return rng.choice([pair for pair in fresh if used.get(pair[0], 0) == fewest])




def told_by_deck(cards: Iterable[tuple[str, Sequence[dict[str, Any]]]], rng: random.Random,
                 sentences_of: Callable[[dict[str, Any], str], list[tuple[str, str]]],
                 card_text: Callable[[str, list[str]], str]) -> list[str]:
    """A deck's card texts, given as (speaker, claims), in order: each claim's phrasing by :func:`pick_least_used`
    among ``sentences_of(claim, speaker)`` (a fact told again takes another phrasing while one is left; each card
    the phrasing the deck has used least), the card by ``card_text(speaker, sentences)`` (one per language)."""
    said: set[str] = set()
    used: Counter[str] = Counter()
    texts = []
    for speaker, claims in cards:
        picked = [pick_least_used(sentences_of(claim, speaker), rng, said, used) for claim in claims]
        sentences = [sentence for _, sentence in picked]
        said.update(sentences)
        used.update(template for template, _ in picked)
        texts.append(card_text(speaker, sentences))
    return texts
