"""Printables are drawn in forked workers unless a thread that forking could hang is running (the live preview's
server); the alarm thread that times Walton proofs is not one of them. Each case runs in a fresh interpreter: a
test process has whatever threads earlier tests left."""

from __future__ import annotations

import subprocess
import sys

SETUP = """
import os, threading
from gaslight.limits import alarm
from gaslight.outputs import pdf
pdf.os.cpu_count = lambda: 2
def process_id(_):
    return os.getpid()
"""


def drawn_here(scenario: str) -> str:
    """Run ``scenario`` after :data:`SETUP`; it prints whether the two jobs were drawn in this process."""
    done = subprocess.run([sys.executable, "-c", SETUP + scenario], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_with_the_alarm_thread_running_the_jobs_are_drawn_in_workers() -> None:
    assert drawn_here("""
cancel = alarm(60, lambda: None)  # what a proof leaves running
assert [t.name for t in threading.enumerate()] == ["MainThread", "gaslight-alarms"]
print(os.getpid() in pdf._begin_each(process_id, [(1,), (2,)])())
cancel()
""") == "False"


def test_with_another_thread_running_they_are_drawn_here() -> None:
    assert drawn_here("""
stop = threading.Event()
server = threading.Thread(target=stop.wait, name="a server")
server.start()
print(pdf._begin_each(process_id, [(1,), (2,)])() == [os.getpid()] * 2)
stop.set()
""") == "True"


def test_jobs_drawn_together_share_one_worker() -> None:
    """A case's three printables of a language are drawn by one process, which lays each card's text out once."""
    assert drawn_here("""
import time
def slow_id(_):
    time.sleep(0.05)  # long enough that both workers take jobs
    return os.getpid()
ids = pdf._begin_each(slow_id, [(n,) for n in range(6)], 3)()
print(ids[0] == ids[1] == ids[2], ids[3] == ids[4] == ids[5], os.getpid() not in ids)
""") == "True True True"
