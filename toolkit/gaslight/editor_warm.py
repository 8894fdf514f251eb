"""Imported once by the process the board editor's checks are forked from (see :mod:`gaslight.editor_api`): it
checks a small board, so every check forked after starts warm."""

from gaslight.editor_worker import _warm

_warm()
