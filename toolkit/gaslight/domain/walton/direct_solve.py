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
from typing import Any, NamedTuple

import clingo
from clingo._internal import _ffi, _lib  # type: ignore[attr-defined]

# Called with each model's shown symbol handles and a function that adds a clause to the search; returns
# whether to go on to the next model.
OnModel = Callable[[Sequence[int], Callable[[Sequence[int]], None]], bool]


class Outcome(NamedTuple):
    """How a solve ended: ``core`` holds the assumptions an unsatisfiable solve rests on (None otherwise). A
    named tuple: one is made per solve, hundreds per proof."""

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
        self._zeros = bytes(_ffi.sizeof("clingo_symbol_t") * 256)  # to clear the buffer before a read
        self._current: Any = _ffi.NULL  # the model being handed to ``on_model``

    def solve(self, assumptions: Sequence[int], on_model: OnModel) -> Outcome:
        """Solve under ``assumptions`` (program literals), handing each model to ``on_model`` until it returns
        False or no model is left (the control's ``solve.models`` setting still applies)."""
        lib = _lib  # every name below is looked up once: a proof makes hundreds of these calls
        literals = _ffi.new("clingo_literal_t[]", list(assumptions)) if assumptions else _ffi.NULL
        if not lib.clingo_control_solve(self._control, lib.clingo_solve_mode_yield, literals, len(assumptions),
                                        _ffi.NULL, _ffi.NULL, self._handle):
            _raise()
        handle, model_out, add_clause = self._handle[0], self._model, self._add_clause
        try:
            while True:
                if not (lib.clingo_solve_handle_resume(handle) and lib.clingo_solve_handle_model(handle, model_out)):
                    _raise()
                model = self._current = model_out[0]
                if model == _ffi.NULL or not on_model(self._shown(model), add_clause):
                    break
            if not lib.clingo_solve_handle_get(handle, self._result):
                _raise()
            result = self._result[0]
            core = None
            if result & lib.clingo_solve_result_unsatisfiable:
                if not lib.clingo_solve_handle_core(handle, self._core, self._size):
                    _raise()
                core = tuple(self._core[0][0:self._size[0]])
            return Outcome(bool(result & lib.clingo_solve_result_satisfiable),
                           bool(result & lib.clingo_solve_result_interrupted), core)
        finally:
            lib.clingo_solve_handle_close(handle)

    def setter(self, group: clingo.Configuration, name: str) -> Callable[[str], None]:
        """A function that sets option ``name`` of configuration ``group`` (e.g. ``control.configuration.solve``)
        in one C call, its key looked up once (the Python API looks it up again on every assignment)."""
        key = group._get_subkey(name)  # type: ignore[attr-defined]
        assert key is not None, name
        rep, value_set = group._rep, _lib.clingo_configuration_value_set  # type: ignore[attr-defined]

        def set_value(value: str) -> None:
            _check(value_set(rep, key, value.encode()))

        return set_value

    def _shown(self, model: Any) -> Sequence[int]:
        """The model's shown symbols, read in one call into the reused buffer: clingo collects them again for every
        call, so their count is not asked first (only when they overflow the buffer). Every handle of a shown
        atom is non-zero, so the symbols written are the buffer's non-zero prefix (zeroed before each read)."""
        show, symbols, capacity = _lib.clingo_show_type_shown, self._symbols, self._capacity
        _ffi.memmove(symbols, self._zeros, len(self._zeros))
        if not _lib.clingo_model_symbols(model, show, symbols, capacity):
            if not _lib.clingo_model_symbols_size(model, show, self._size):
                _raise()
            size = self._size[0]
            self._symbols = _ffi.new("clingo_symbol_t[]", size)
            self._capacity, self._zeros = size, bytes(_ffi.sizeof("clingo_symbol_t") * size)
            if not _lib.clingo_model_symbols(model, show, self._symbols, size):
                _raise()
            return self._symbols[0:size]  # type: ignore[no-any-return]
        low, high = 0, capacity  # the end of the non-zero prefix, by bisection
        while low < high:
            middle = (low + high) // 2
            if symbols[middle]:
                low = middle + 1
            else:
                high = middle
        return symbols[0:low]  # type: ignore[no-any-return]

    def _add_clause(self, literals: Sequence[int]) -> None:
        """Add a clause to the search of the model being handed over (``on_model``'s second argument)."""
        _check(_lib.clingo_model_context(self._current, self._context))
        clause = _ffi.new("clingo_literal_t[]", list(literals))
        _check(_lib.clingo_solve_control_add_clause(self._context[0], clause, len(literals)))


def signature_atoms(control: clingo.Control, name: str, arity: int) -> list[tuple[int, int]]:
    """Every ground atom ``name/arity`` of ``control`` as (symbol handle, program literal), in the grounder's order:
    what ``control.symbolic_atoms.by_signature`` gives, without a Python object per atom (a case program has
    hundreds, read once per proof).

    >>> control = clingo.Control(["--warn=none"])
    >>> control.add("base", [], "card(1..3). {active(N)} :- card(N).")
    >>> control.ground([("base", [])])
    >>> [(symbol_number(symbol), literal > 0) for symbol, literal in signature_atoms(control, "active", 1)]
    [(1, True), (2, True), (3, True)]
    """
    atoms = _ffi.new("clingo_symbolic_atoms_t**")
    _check(_lib.clingo_control_symbolic_atoms(control._rep, atoms))  # type: ignore[attr-defined]
    signature = _ffi.new("clingo_signature_t*")
    _check(_lib.clingo_signature_create(name.encode(), arity, True, signature))
    at, valid = _ffi.new("clingo_symbolic_atom_iterator_t*"), _ffi.new("bool*")
    symbol, literal = _ffi.new("clingo_symbol_t*"), _ffi.new("clingo_literal_t*")
    _check(_lib.clingo_symbolic_atoms_begin(atoms[0], signature, at))
    # the loop's functions and the table looked up once, the calls' results checked together: the generator reads
    # thousands of atoms per case
    table, is_valid, symbol_of, literal_of, step = (atoms[0], _lib.clingo_symbolic_atoms_is_valid,
                                                    _lib.clingo_symbolic_atoms_symbol,
                                                    _lib.clingo_symbolic_atoms_literal, _lib.clingo_symbolic_atoms_next)
    found = []
    while True:
        here = at[0]
        if not is_valid(table, here, valid):
            _raise()
        if not valid[0]:
            return found
        if not (symbol_of(table, here, symbol) and literal_of(table, here, literal) and step(table, here, at)):
            _raise()
        found.append((symbol[0], literal[0]))


_HANDLES: dict[tuple[str, ...], int] = {}  # an atom (name, string arguments) -> its symbol's handle


def atom_handle(atom: tuple[str, ...]) -> int:
    """The handle of the symbol of ``atom`` (name, then string arguments), as :func:`signature_atoms` and a model's
    shown symbols give it: clingo keeps a symbol for the life of the process, so it is worked out once per process.

    >>> atom_handle(("culprit", "ann")) == clingo.Function("culprit", [clingo.String("ann")])._rep
    True
    """
    found = _HANDLES.get(atom)
    if found is None:
        name, *args = atom
        symbol = clingo.Function(name, [clingo.String(a) for a in args])
        found = _HANDLES[atom] = symbol._rep  # type: ignore[attr-defined]
    return found


def symbol_number(symbol: int) -> int:
    """The number that is the first argument of the symbol with handle ``symbol`` (``active(3)``: 3)."""
    return symbol_numbers([symbol])[0]


_NUMBERS: dict[int, int] = {}  # a symbol's handle -> the number that is its first argument (see _HANDLES)


def symbol_numbers(symbols: Sequence[int]) -> list[int]:
    """:func:`symbol_number` of each of ``symbols``, each read once per process (a case program has a hundred or
    more, the generator's search programs hundreds, and every program numbers its cards from 1)."""
    numbers = _NUMBERS
    if any(symbol not in numbers for symbol in symbols):
        arguments, size, number = _ffi.new("clingo_symbol_t**"), _ffi.new("size_t*"), _ffi.new("int*")
        for symbol in symbols:
            if symbol not in numbers:
                _check(_lib.clingo_symbol_arguments(symbol, arguments, size))
                _check(_lib.clingo_symbol_number(arguments[0][0], number))
                numbers[symbol] = number[0]
    return [numbers[symbol] for symbol in symbols]


def _check(done: bool) -> None:
    """Raise clingo's own error when a C call fails (as its Python API does)."""
    if not done:
        _raise()


def _raise() -> None:
    raise RuntimeError(_ffi.string(_lib.clingo_error_message()).decode())
