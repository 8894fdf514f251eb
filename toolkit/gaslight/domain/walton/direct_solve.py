"""One clingo solve made through the C functions clingo's Python API wraps.

A proof asks clingo hundreds of small questions. Through the Python API every
solve builds an event handler, a solve handle and a ``Model`` wrapper per
model, and copies the assumptions one by one: a quarter of a small solve's
time. :class:`DirectSolver` makes the same solve with the functions of
clingo's C API (``clingo.h``) that the Python API itself calls, in yield mode
(``clingo_control_solve``, then ``resume``, ``model``, ``get``, ``core`` and
``close`` on the handle), reading each model's shown symbols into one reused
buffer as clingo's symbol handles (what ``Symbol._rep`` holds).

It reaches the C functions through ``clingo._internal`` (clingo is pinned
below 6; every solver test fails at once if that module moves).

>>> import clingo
>>> control = clingo.Control(["--warn=none"])
>>> control.add("base", [], "{a; b}. :- a, b.")
>>> control.ground([("base", [])])
>>> a = control.symbolic_atoms[clingo.Function("a")].literal
>>> b = control.symbolic_atoms[clingo.Function("b")].literal
>>> solver = DirectSolver(control)
>>> seen = []
>>> outcome = solver.solve([a], lambda keys, add_clause: seen.append(len(keys)) or False)
>>> outcome.satisfiable, outcome.core, seen  # one model, a alone shown; the search is stopped after it
(True, None, [1])
>>> outcome = solver.solve([a, b], lambda keys, add_clause: True)
>>> outcome.satisfiable, sorted(outcome.core or ()) == sorted([a, b])
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import clingo
from clingo._internal import _ffi, _lib  # type: ignore[attr-defined]

# Called with each model's shown symbol handles and a function that adds a clause to the search; returns
# whether to go on to the next model.
OnModel = Callable[[Sequence[int], Callable[[Sequence[int]], None]], bool]


@dataclass(frozen=True)
class Outcome:
    """How a solve ended: ``core`` holds the assumptions an unsatisfiable solve rests on (None otherwise)."""

    satisfiable: bool
    interrupted: bool
    core: tuple[int, ...] | None


class DirectSolver:
    """Solves ``control``'s program under assumptions, one model at a time, without Python API objects."""

    def __init__(self, control: clingo.Control) -> None:
        self._control = control._rep  # type: ignore[attr-defined]
        self._handle = _ffi.new("clingo_solve_handle_t**")
        self._model = _ffi.new("clingo_model_t**")
        self._context = _ffi.new("clingo_solve_control_t**")
        self._size = _ffi.new("size_t*")
        self._result = _ffi.new("clingo_solve_result_bitset_t*")
        self._core = _ffi.new("clingo_literal_t**")
        self._symbols = _ffi.new("clingo_symbol_t[]", 256)
        self._capacity = 256

    def solve(self, assumptions: Sequence[int], on_model: OnModel) -> Outcome:
        """Solve under ``assumptions`` (program literals), handing each model to ``on_model`` until it returns
        False or no model is left (the control's ``solve.models`` setting still applies)."""
        literals = _ffi.new("clingo_literal_t[]", list(assumptions)) if assumptions else _ffi.NULL
        _check(_lib.clingo_control_solve(self._control, _lib.clingo_solve_mode_yield, literals, len(assumptions),
                                         _ffi.NULL, _ffi.NULL, self._handle))
        handle = self._handle[0]
        try:
            while True:
                _check(_lib.clingo_solve_handle_resume(handle))
                _check(_lib.clingo_solve_handle_model(handle, self._model))
                model = self._model[0]
                if model == _ffi.NULL or not on_model(self._shown(model), self._clause_adder(model)):
                    break
            _check(_lib.clingo_solve_handle_get(handle, self._result))
            result = self._result[0]
            core = None
            if result & _lib.clingo_solve_result_unsatisfiable:
                _check(_lib.clingo_solve_handle_core(handle, self._core, self._size))
                core = tuple(self._core[0][0:self._size[0]])
            return Outcome(bool(result & _lib.clingo_solve_result_satisfiable),
                           bool(result & _lib.clingo_solve_result_interrupted), core)
        finally:
            _lib.clingo_solve_handle_close(handle)

    def _shown(self, model: Any) -> Sequence[int]:
        show = _lib.clingo_show_type_shown
        _check(_lib.clingo_model_symbols_size(model, show, self._size))
        size = self._size[0]
        if size > self._capacity:
            self._symbols = _ffi.new("clingo_symbol_t[]", size)
            self._capacity = size
        _check(_lib.clingo_model_symbols(model, show, self._symbols, size))
        return self._symbols[0:size]  # type: ignore[no-any-return]

    def _clause_adder(self, model: Any) -> Callable[[Sequence[int]], None]:
        def add_clause(literals: Sequence[int]) -> None:
            _check(_lib.clingo_model_context(model, self._context))
            clause = _ffi.new("clingo_literal_t[]", list(literals))
            _check(_lib.clingo_solve_control_add_clause(self._context[0], clause, len(literals)))
        return add_clause


def _check(done: bool) -> None:
    """Raise clingo's own error when a C call fails (as its Python API does)."""
    if not done:
        raise RuntimeError(_ffi.string(_lib.clingo_error_message()).decode())
