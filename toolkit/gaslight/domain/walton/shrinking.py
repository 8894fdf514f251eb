"""Subset-minimal parts: the shrinking step of every minimal set a proof finds (ruling-out sets, a step's cards
and facts, the whole-answer proof)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def shrink(items: Sequence[T], enough: Callable[[list[T]], bool]) -> list[T]:
    """A subset-minimal part of ``items`` (which are ``enough``) that is still ``enough``; ``enough`` must hold
    for every superset of a part it holds for.

    Halves are dropped first, then quarters, down to single items, so a large set with a small core costs a
    few checks rather than one per item; the last pass tries every item left on its own, so none can go.

    >>> shrink(list(range(10)), lambda part: {3, 7} <= set(part))
    [3, 7]
    """
    kept = list(items)
    chunk = max(1, len(kept) // 2)
    while True:
        start = 0
        while start < len(kept):
            trial = kept[:start] + kept[start + chunk:]
            if enough(trial):
                kept = trial
            else:
                start += chunk
        if chunk == 1:
            return kept
        chunk //= 2
