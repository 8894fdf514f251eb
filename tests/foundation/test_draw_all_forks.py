"""Printables are drawn in forked workers unless a thread that forking could hang is running (the live preview's
server); the alarm thread that times Walton proofs is not one of them."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import pytest
from gaslight.limits import alarm
from gaslight.outputs import pdf


def process_id(_: int) -> int:
    return os.getpid()


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf.os, "cpu_count", lambda: 2)


def test_with_the_alarm_thread_running_the_jobs_are_drawn_in_workers(two_cores: None) -> None:
    cancel = alarm(60, lambda: None)  # what a proof leaves running
    try:
        assert [t.name for t in threading.enumerate()].count("gaslight-alarms") == 1
        assert os.getpid() not in pdf._draw_each(process_id, [(1,), (2,)])
    finally:
        cancel()


@pytest.fixture
def server_thread() -> Iterator[None]:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, name="a server")
    thread.start()
    yield
    stop.set()
    thread.join()


def test_with_another_thread_running_they_are_drawn_here(two_cores: None, server_thread: None) -> None:
    assert pdf._draw_each(process_id, [(1,), (2,)]) == [os.getpid()] * 2
