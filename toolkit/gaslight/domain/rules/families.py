"""What a bundled game family gives its rule text besides the ruleset's parameters.

A Walton ruleset may write ``{{ who_may_lie }}`` (and ``{{ who_may_lie_free }}``, and both with ``_ja`` in
Japanese text): the words come from
:mod:`gaslight.domain.walton.liars`, which the case solver follows, so the player rules page, the case
logic page and the solver cannot disagree. A parameter of the same name wins.

>>> sorted(family_texts("walton"))
['who_may_lie', 'who_may_lie_free', 'who_may_lie_free_ja', 'who_may_lie_ja']
>>> family_texts(None)
{}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from gaslight.domain.walton.liars import rule_text_values

_TEXTS: Mapping[str, Callable[[], dict[str, str]]] = {"walton": rule_text_values}


def family_texts(family: str | None) -> dict[str, str]:
    """Names the rule text of a ``family`` ruleset may use, with their words."""
    make = _TEXTS.get(family or "")
    return make() if make else {}
