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

import heapq
import itertools
import os
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


class _Alarms:
    """One daemon thread that calls each callback set by :func:`alarm` when its time comes, unless cancelled.

    A thread per alarm cost more than a short proof's first solve (the generator proves hundreds of decks);
    a cancelled alarm drops its callback at once, so it keeps nothing alive while it waits in the queue.
    """

    def __init__(self) -> None:
        self._queue: list[list] = []  # [when (monotonic), order, callback or None once cancelled]
        self._order = itertools.count()
        self._live = 0
        self._changed = threading.Condition()
        self.thread: threading.Thread | None = None

    def set(self, seconds: float, callback: Callable[[], object]) -> Callable[[], None]:
        entry = [time.monotonic() + seconds, next(self._order), callback]
        with self._changed:
            if len(self._queue) > 2 * self._live + 64:  # mostly cancelled: drop those
                self._queue = [e for e in self._queue if e[2] is not None]
                heapq.heapify(self._queue)
            heapq.heappush(self._queue, entry)
            self._live += 1
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="gaslight-alarms", daemon=True)
                self.thread.start()
            elif self._queue[0] is entry:
                self._changed.notify()  # sooner than the one the thread waits for
        return lambda: self._cancel(entry)

    def _cancel(self, entry: list) -> None:
        with self._changed:
            if entry[2] is not None:
                entry[2] = None
                self._live -= 1

    def _run(self) -> None:
        while True:
            with self._changed:
                while self._queue and self._queue[0][2] is None:
                    heapq.heappop(self._queue)
                if not self._queue:
                    self._changed.wait()
                    continue
                left = self._queue[0][0] - time.monotonic()
                if left > 0:
                    self._changed.wait(left)
                    continue
                entry = heapq.heappop(self._queue)
                callback, entry[2] = entry[2], None
                self._live -= 1
            callback()


_ALARMS = _Alarms()


def forks_safely() -> bool:
    """Whether this process may fork (a process pool of workers): no thread runs but the calling one and the alarm
    thread, which a forked child replaces with its own (:func:`_after_fork`) and whose lock it never takes."""
    current = threading.current_thread()
    return all(thread is current or thread is _ALARMS.thread for thread in threading.enumerate())


def _after_fork() -> None:
    """A forked child (a worker of a process pool) has no alarm thread: it starts its own."""
    global _ALARMS
    _ALARMS = _Alarms()


os.register_at_fork(after_in_child=_after_fork)


def alarm(seconds: float, callback: Callable[[], object]) -> Callable[[], None]:
    """Call ``callback`` (from another thread) in ``seconds``; returns a function that cancels it.

    >>> rang = threading.Event()
    >>> cancel = alarm(0.01, rang.set)
    >>> rang.wait(5), alarm(60, rang.clear)() is None
    (True, True)
    """
    return _ALARMS.set(seconds, callback)


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
