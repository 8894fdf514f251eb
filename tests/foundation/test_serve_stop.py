"""A stop of ``gaslight serve`` that cannot finish still removes the scratch folder and ends the process
(issue 32 §1: once, a SIGTERM logged "Shutting down..." and hung, leaving its 45 MB folder behind)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

# What `serve` does with the signals, around a stop that hangs the way a thread stuck in a build would.
STUCK_STOP = """
import sys, threading
from pathlib import Path
from gaslight.serve import Stopper
work = Path(sys.argv[1])
work.mkdir()
(work / "index.html").write_text("built", encoding="utf-8")
stopper = Stopper(work, grace=float(sys.argv[2]))
stopper.install()
try:
    print("serving", flush=True)
    threading.Event().wait()
except KeyboardInterrupt:
    print("tidying up", flush=True)
    threading.Event().wait()
"""


def stuck_server(work: Path, grace: float) -> subprocess.Popen[str]:
    process = subprocess.Popen([sys.executable, "-c", STUCK_STOP, str(work), str(grace)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline() == "serving\n"
    return process


def finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    try:
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    return process.returncode, err


def test_a_stop_that_hangs_is_ended_after_the_grace_time_and_the_folder_removed(tmp_path: Path) -> None:
    work = tmp_path / "gaslight-serve-x"
    process = stuck_server(work, 1.0)
    process.send_signal(signal.SIGTERM)
    assert finish(process) == (1, f"gaslight serve: the stop did not finish within 1 s; removing {work} and exiting\n")
    assert not work.exists()


def test_a_second_signal_while_tidying_up_ends_at_once_and_removes_the_folder(tmp_path: Path) -> None:
    work = tmp_path / "gaslight-serve-x"
    process = stuck_server(work, 600.0)
    process.send_signal(signal.SIGTERM)
    assert process.stdout is not None and process.stdout.readline() == "tidying up\n"
    process.send_signal(signal.SIGINT)
    assert finish(process) == (1, f"gaslight serve: stopped again while tidying up; removing {work} and exiting\n")
    assert not work.exists()


def test_an_orderly_stop_cancels_the_clock_and_gives_the_handlers_back(tmp_path: Path) -> None:
    from gaslight.serve import Stopper

    work = tmp_path / "gaslight-serve-x"
    work.mkdir()
    before = signal.getsignal(signal.SIGTERM)
    stopper = Stopper(work, grace=0.2)
    stopper.install()
    assert signal.getsignal(signal.SIGTERM) == stopper._interrupt
    try:
        signal.raise_signal(signal.SIGTERM)
        raise AssertionError("the signal did not interrupt")
    except KeyboardInterrupt:
        pass
    finally:
        stopper.release()
    assert stopper.clock is not None
    stopper.clock.join(timeout=2)  # a clock left running would end this very process 0.2 s after the signal
    assert stopper.clock.finished.is_set() and not stopper.clock.is_alive()
    assert signal.getsignal(signal.SIGTERM) == before
    assert work.exists(), "an orderly stop leaves the folder to serve()'s own clean-up"
