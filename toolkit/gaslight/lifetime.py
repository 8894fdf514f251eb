"""Values worked out from an object, kept while the object lives.

A build reads the same models for many pages: a ruleset's variants are resolved for the rules pages, the
engine's data, the balance pages and the card play pages alike. Keyed by the object's identity (models hold
mappings, so they do not hash) and forgotten when it goes, before its id can name another object; an edited file
loads a new model, which starts afresh.

>>> class Model:
...     pass
>>> model, calls = Model(), []
>>> kept(model, "title", lambda: calls.append(1) or "The Ropewalk")
'The Ropewalk'
>>> kept(model, "title", lambda: calls.append(1) or "not computed"), len(calls)
('The Ropewalk', 1)
>>> held = id(model)
>>> del model
>>> held in _KEPT
False
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

_KEPT: dict[int, dict[Hashable, Any]] = {}


def kept(owner: object, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()`` the first time ``key`` is asked of ``owner`` while it lives, the same value after that."""
    values = _KEPT.get(id(owner))
    if values is None:
        values = _KEPT[id(owner)] = {}
        weakref.finalize(owner, _KEPT.pop, id(owner), None)
    if key not in values:
        values[key] = compute()
    return values[key]  # type: ignore[no-any-return]
