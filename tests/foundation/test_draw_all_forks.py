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
print(os.getpid() in pdf._draw_each(process_id, [(1,), (2,)]))
cancel()
""") == "False"


def test_with_another_thread_running_they_are_drawn_here() -> None:
    assert drawn_here("""
stop = threading.Event()
server = threading.Thread(target=stop.wait, name="a server")
server.start()
print(pdf._draw_each(process_id, [(1,), (2,)]) == [os.getpid()] * 2)
stop.set()
""") == "True"
