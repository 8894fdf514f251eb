"""Time bounds on work an input file drives, with a clear message when a bound is reached.

A case proof is the one computation whose cost grows steeply with the input (clingo searches the answers a
case's cards allow), so each case gets a time budget. The default suits the bundled 70-card cases with a
wide margin; ``--timeout`` on ``check``, ``build`` and ``solve`` changes it for one run.

>>> with case_time_limit(5):
...     case_seconds()
5.0
>>> case_seconds()
30.0
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

DEFAULT_CASE_SECONDS = 30.0

_CASE_SECONDS: ContextVar[float] = ContextVar("case_seconds", default=DEFAULT_CASE_SECONDS)


class TimeLimitReached(Exception):
    """Work on one input ran past its time budget."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"ran past {seconds:g} s")
        self.seconds = seconds


def case_seconds() -> float:
    """The time budget of one case proof in this run."""
    return _CASE_SECONDS.get()


@contextmanager
def case_time_limit(seconds: float) -> Iterator[None]:
    """Run the body with a case proof budget of ``seconds``."""
    token = _CASE_SECONDS.set(float(seconds))
    try:
        yield
    finally:
        _CASE_SECONDS.reset(token)


class Deadline:
    """A point in time a piece of work must finish by."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._ends = time.monotonic() + seconds

    def remaining(self) -> float:
        """Seconds left; raises :class:`TimeLimitReached` once none are."""
        left = self._ends - time.monotonic()
        if left <= 0:
            raise TimeLimitReached(self.seconds)
        return left


def _stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@contextmanager
def progress(label: str, budget: float, *, after: float = 3.0, every: float = 10.0,
             say: Callable[[str], None] = _stderr) -> Iterator[None]:
    """Say that ``label`` is still being worked on, once it has taken ``after`` seconds, then every ``every``.

    Quick work says nothing; long work (a large case) shows it is alive and how much of its budget it used.
    """
    done = threading.Event()
    start = time.monotonic()

    def tell() -> None:
        if done.wait(after):
            return
        while True:
            say(f"{label}: still working ({time.monotonic() - start:.0f} s of {budget:g} s)")
            if done.wait(every):
                return

    teller = threading.Thread(target=tell, daemon=True)
    teller.start()
    try:
        yield
    finally:
        done.set()
        teller.join()
