"""The designer's loop (issue 39): today's Gaslight against the baseline commit, side by side, in one run.

Run: ``.venv/bin/python -m benchmarks bench_loop`` (``BENCH_LOOP_RUNS=N``: rounds, default 3;
``BENCH_LOOP_SKIP=serve``: leave out the serve rows; ``builds`` and
``checks`` likewise, comma-separated). Works in a temporary folder: a copy of today's showcase
(``scenarios/``, its result cache beside it) and of the baseline commit :data:`BASELINE` (``git archive``, run
from the same virtual environment; its package was ``toolkit``, its showcase had no ``gaslight.yaml``).

Each round, in turn, so every row sees the same machine:

- builds: today's clean build (``--no-cache``), both builds with nothing edited (today's from its result cache,
  the baseline's has none), and after editing one rules text (a sentence added to the hunt's overview), one
  board (circle 1 of the tutorial board moved a tenth of a millimetre: its drawings and posters; no rule and no bot
  reads where a circle is drawn, so its games are kept), one board's women start moved to another circle (its
  self-play is played again) and one Walton case (a card's text: its proof, its games at the table, its cards);
  each round's edit is new;
- ``check FILE`` for a board, a case and a deck of the showcase, and the whole ``check``;
- ``serve``: a rules text, a board title, a case card and a deck summary saved, then the page polled every
  20 ms until it shows the saved words; each save waits until the server has finished the one before (its
  processes used no processor time for half a second); the anchor is plain ``mkdocs serve`` of a one-page site, a
  page saved.

Whole processes, wall clock and processor time (the process and its children); medians over the rounds, each
row beside its baseline and the issue's aim. On a shared machine wall time swings with the load (the load
average is printed); processor time is the steadier figure for builds and checks.
"""

from __future__ import annotations

import math
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BASELINE = "8c81fad"
RUNS = int(os.environ.get("BENCH_LOOP_RUNS", "3"))
SKIP = set(os.environ.get("BENCH_LOOP_SKIP", "").split(","))
POLL = 0.02
SERVE_TIMEOUT = 120.0
#: The page each serve edit is watched on (see :func:`page_showing`): the rules, a board, a case, a deck.
PAGES = ("rules", "boards/tutorial.html", "a-bitter-harvest.html", "decks/twenty-four.html")
CHECKED = {"board": "boards/whitechapel.yaml", "case": "walton/cases/a-bitter-harvest.yaml",
           "deck": "decks/twenty-four.yaml"}

Timing = tuple[float, float]


def timed(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> Timing:
    """(wall seconds, processor seconds of the child and what it waited for) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1) or "Traceback" in done.stderr:
        raise RuntimeError(f"{' '.join(argv)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def append_to(path: Path, pattern: str, addition: str) -> None:
    """Add ``addition`` at the end of the first match of ``pattern``."""
    text = path.read_text(encoding="utf-8")
    match = re.search(pattern, text, re.MULTILINE)
    if match is None:
        raise RuntimeError(f"{path}: nothing matches {pattern!r}")
    path.write_text(text[:match.end()] + addition + text[match.end():], encoding="utf-8")


def move_circle(path: Path, n: int) -> None:
    """Move the tutorial board's circle 1 a tenth of a millimetre further each round (its games change)."""
    text = path.read_text(encoding="utf-8")
    moved = re.sub(r"\{number: 1, at: \[63\.3, [0-9.]+\]", f"{{number: 1, at: [63.3, {32 + (n + 1) / 10:.1f}]",
                   text, count=1)
    if moved == text:
        raise RuntimeError(f"{path}: circle 1 is not where the benchmark expects it")
    path.write_text(moved, encoding="utf-8")


def swap_women_start(path: Path, n: int) -> None:
    """Move the tutorial board's women start from circle 1 to circle 2 (even rounds) or back (odd rounds): a board edit
    the rules read, so its self-play is played again."""
    text = path.read_text(encoding="utf-8")
    one, two = "{number: 1, at: [63.3, ", "{number: 2, at: [121.8, 24.7]"
    red, plain = (one, two) if n % 2 == 0 else (two, one)
    start = text.index(red)
    end = text.index("}", start)
    if "flags: [red]" not in text[start:end + 1]:
        raise RuntimeError(f"{path}: the women start is not where the benchmark expects it")
    text = text[:start] + text[start:end + 1].replace(", flags: [red]}", "}") + text[end + 1:]
    start = text.index(plain)
    end = text.index("}", start)
    path.write_text(text[:end] + ", flags: [red]" + text[end:], encoding="utf-8")


RULES = ("rulesets/whitechapel-hunt.yaml", r"^ +clues and trying to arrest him\.")  # any indent: {en, ja}
BOARD_TITLE = r"^title: (?:\{en: )?Tutorial [^,\n]*"  # the English title, written alone or beside the Japanese
CASE = ("walton/cases/a-bitter-harvest.yaml", r'^    text: "[^"\n]*(?=”")')  # the first card's words, as spoken


def build_edits(showcase: Path) -> dict[str, Callable[[int], None]]:
    return {"rules text": lambda n: append_to(showcase / RULES[0], RULES[1], f" Round {n}."),
            "board": lambda n: move_circle(showcase / "boards" / "tutorial.yaml", n),
            "board's women start": lambda n: swap_women_start(showcase / "boards" / "tutorial.yaml", n),
            "case": lambda n: append_to(showcase / CASE[0], CASE[1], f" Round {n}.")}


def serve_edits(showcase: Path) -> dict[str, tuple[Callable[[str], None], str]]:
    """What a designer saves, and a text of the page that shows it (to find the page's address)."""
    return {"rules text": (lambda word: append_to(showcase / RULES[0], RULES[1], f" {word}."),
                           "and trying to arrest him"),
            "board": (lambda word: append_to(showcase / "boards" / "tutorial.yaml", BOARD_TITLE, f" {word}"),
                      "Tutorial (Ropewalk quarter)"),
            "case": (lambda word: append_to(showcase / CASE[0], CASE[1], f" {word}."),
                     "Half the guests had a grudge"),
            "deck": (lambda word: append_to(showcase / "decks" / "twenty-four.yaml",
                                            r"^ +A day of coordinated attacks on a harbour city\.", f" {word}."),
                     "A day of coordinated attacks on a harbour city")}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return str(answer.read().decode("utf-8", "replace"))
    except OSError:
        return ""


def wait_for(url: str, text: str, timeout: float = SERVE_TIMEOUT) -> float:
    """Seconds until the page at ``url`` shows ``text`` (polling)."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if text in fetch(url):
            return time.perf_counter() - start
        time.sleep(POLL)
    raise RuntimeError(f"{url} never showed {text!r} in {timeout:g} s")


def page_showing(site: Path, text: str, hint: str = "") -> str:
    """The address (under the site) of the first built page that shows ``text``, preferring the page ``hint``
    names (its path ends so), then one whose path holds it: the nav of every page shows a board's title, and
    the live preview brings only the edited page's own text up to date at once (MkDocs's dirty reload)."""
    pages = sorted(p for p in site.rglob("*.html") if text in p.read_text(encoding="utf-8", errors="replace"))
    pages.sort(key=lambda p: (not p.as_posix().endswith(hint), hint not in p.as_posix(), len(p.parts)))
    if not pages:
        raise RuntimeError(f"no page of {site} shows {text!r}")
    return "/" + pages[0].relative_to(site).as_posix().removesuffix("index.html")


def session_ticks(session: int) -> int:
    """Processor time (clock ticks) of every process of ``session``, with the children they have waited for."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[3]) == session:  # after ')': state, ppid, pgrp, session, …, utime, stime, cutime, cstime
            total += sum(int(value) for value in fields[11:15])
    return total


def wait_until_idle(session: int, quiet: float = 0.5, busy: float = 0.05, timeout: float = SERVE_TIMEOUT) -> None:
    """Until the server and its workers have used less than ``busy`` of a core for ``quiet`` seconds (the file
    watcher's polling only): the previous save's work done (its other pages, printables, playtests), so a row times
    only its own save, as a designer's save after looking at the page."""
    tick = os.sysconf("SC_CLK_TCK")
    start = time.perf_counter()
    samples = [(start, session_ticks(session))]
    while time.perf_counter() - start < timeout:
        time.sleep(0.1)
        now = time.perf_counter()
        samples.append((now, session_ticks(session)))
        window = [sample for sample in samples if now - sample[0] <= quiet + 0.05]
        if now - window[0][0] >= quiet and window[-1][1] - window[0][1] <= busy * quiet * tick:
            return


class Served:
    """A serving process, stopped on exit."""

    def __init__(self, argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def serve_latencies(argv: Callable[[int], list[str]], cwd: Path, showcase: Path, site: Path,
                    env: dict[str, str] | None, samples: dict[str, list[float]], label: str, round_: int) -> float:
    """Save each of :func:`serve_edits` once in a running server; returns seconds until the first page answered."""
    port = free_port()
    edits = serve_edits(showcase)
    addresses = {what: page_showing(site, text, hint) for (what, (_, text)), hint in
                 zip(edits.items(), PAGES, strict=True)}
    with Served(argv(port), cwd, env) as server:
        first = wait_for(f"http://127.0.0.1:{port}/", "</html>")
        wait_for(f"http://127.0.0.1:{port}{addresses['deck']}", "harbour city")  # the whole site built
        for what, (edit, _) in edits.items():
            word = f"Saved{label.split()[0].capitalize()}{round_}{what.split()[0]}"
            time.sleep(1.1)  # a new modification time, as a designer's next save
            wait_until_idle(server.process.pid)  # the previous save finished (start_new_session: its session id)
            saved = time.perf_counter()
            edit(word)
            try:
                wait_for(f"http://127.0.0.1:{port}{addresses[what]}", word)
            except RuntimeError as never:  # a row that never shows is a finding: reported, the run goes on
                print(f"  {label}: {never}", file=sys.stderr)
                saved = -math.inf
            samples.setdefault(f"serve: save a {what} → page, {label}", []).append(time.perf_counter() - saved)
    return first


def mkdocs_anchor(work: Path, samples: dict[str, list[float]], round_: int) -> None:
    """Plain ``mkdocs serve`` of a one-page site: a page saved, polled until it shows the saved word."""
    site = work / "plain-mkdocs"
    (site / "docs").mkdir(parents=True, exist_ok=True)
    (site / "mkdocs.yml").write_text("site_name: Anchor\n", encoding="utf-8")
    page = site / "docs" / "index.md"
    page.write_text("# A page\n\nSome words.\n", encoding="utf-8")
    port = free_port()
    with Served([sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"], site):
        wait_for(f"http://127.0.0.1:{port}/", "Some words")
        time.sleep(1.1)
        saved = time.perf_counter()
        page.write_text(f"# A page\n\nSome words. Anchor{round_}.\n", encoding="utf-8")
        wait_for(f"http://127.0.0.1:{port}/", f"Anchor{round_}")
        samples.setdefault("serve: plain mkdocs serve, save → page", []).append(time.perf_counter() - saved)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> None:
    # A designer's installed Gaslight runs from compiled files; a shell that says not to write them would
    # time every module's compilation on every run (~0.1 s of each check).
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory(prefix="gaslight-bench-loop-") as folder:
        work = Path(folder)
        today = work / "today"
        today.mkdir()
        shutil.copytree(REPO / "scenarios", today / "scenarios", ignore=shutil.ignore_patterns(".gaslight-cache"))
        config = today / "scenarios" / "gaslight.yaml"
        base = work / "base"
        base.mkdir()
        archive = subprocess.run(["git", "-C", str(REPO), "archive", BASELINE], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
        base_env = {**os.environ, "PYTHONPATH": str(base)}
        now = [sys.executable, "-m", "gaslight"]
        then = [sys.executable, "-m", "toolkit"]
        build_now = [*now, "build", "-q", "-f", str(config)]
        build_then = [*then, "build", "scenarios", "--out", str(work / "base-build")]
        builds: dict[str, list[Timing]] = {}
        checks: dict[str, list[Timing]] = {}
        serve: dict[str, list[float]] = {}
        first_page: list[float] = []
        timed(build_now, today)  # fills the cache: the first round's warm builds find it
        timed(build_then, base, base_env)
        edits_now, edits_then = build_edits(today / "scenarios"), build_edits(base / "scenarios")
        for round_ in range(RUNS):
            if "builds" not in SKIP:
                run_builds(builds, build_now, build_then, today, base, base_env, edits_now, edits_then, round_)
            if "checks" not in SKIP:
                run_checks(checks, now, then, today, base, base_env)
            report(builds, checks, serve, first_page)  # so far: a round's figures are kept if serve fails
            if "serve" not in SKIP:
                mkdocs_anchor(work, serve, round_)
                first_page.append(serve_latencies(lambda port: [*now, "serve", "--dev-addr", f"127.0.0.1:{port}"],
                                                  today / "scenarios", today / "scenarios", today / "build" / "site",
                                                  None, serve, "today", round_))
                serve_latencies(lambda port: [*then, "serve", "--dev-addr", f"127.0.0.1:{port}"], base,
                                base / "scenarios", work / "base-build" / "site", base_env, serve, "baseline",
                                round_)
    report(builds, checks, serve, first_page)


def run_builds(builds: dict[str, list[Timing]], build_now: list[str], build_then: list[str], today: Path, base: Path,
               base_env: dict[str, str], edits_now: dict[str, Callable[[int], None]],
               edits_then: dict[str, Callable[[int], None]], round_: int) -> None:
    """One round of the build rows."""
    builds.setdefault("clean build, today (--no-cache)", []).append(timed([*build_now, "--no-cache"], today))
    builds.setdefault("nothing edited, today", []).append(timed(build_now, today))
    builds.setdefault("nothing edited, baseline", []).append(timed(build_then, base, base_env))
    for what in edits_now:
        edits_now[what](round_)
        builds.setdefault(f"one {what} edited, today", []).append(timed(build_now, today))
        edits_then[what](round_)
        builds.setdefault(f"one {what} edited, baseline", []).append(timed(build_then, base, base_env))


def run_checks(checks: dict[str, list[Timing]], now: list[str], then: list[str], today: Path, base: Path,
               base_env: dict[str, str]) -> None:
    """One round of the check rows."""
    for what, path in CHECKED.items():
        checks.setdefault(f"check FILE ({what}), today", []).append(timed([*now, "check", path], today / "scenarios"))
        checks.setdefault(f"check FILE ({what}), baseline", []).append(
            timed([*then, "check", f"scenarios/{path}"], base, base_env))
    checks.setdefault("check, whole showcase, today", []).append(timed([*now, "check"], today / "scenarios"))
    checks.setdefault("check, whole showcase, baseline", []).append(timed([*then, "check"], base, base_env))


def report(builds: dict[str, list[Timing]], checks: dict[str, list[Timing]], serve: dict[str, list[float]],
           first_page: list[float]) -> None:
    print(f"  showcase, whole processes, medians of {RUNS} rounds; load average at the end "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores; baseline {BASELINE}")
    if builds:
        report_builds(builds)
    if checks:
        report_checks(checks)
    if serve:
        report_serve(serve, first_page)


def report_builds(builds: dict[str, list[Timing]]) -> None:
    clean_wall, clean_cpu = (median([t[i] for t in builds["clean build, today (--no-cache)"]]) for i in (0, 1))
    base_wall = median([t[0] for t in builds["nothing edited, baseline"]])
    print(f"  {'build':<42} {'wall s':>8} {'cpu s':>8}  {'cpu/clean':>9}  {'wall/baseline':>13}")
    for label, runs in builds.items():
        wall, cpu = median([t[0] for t in runs]), median([t[1] for t in runs])
        twin = builds.get(label.replace("today", "baseline"))
        against = f"{wall / median([t[0] for t in twin]):12.2f}×" if twin and "today" in label else ""
        print(f"  {label:<42} {wall:8.2f} {cpu:8.2f}  {cpu / clean_cpu:8.1%}  {against:>13}")
    worst = max(median([t[1] for t in runs]) for label, runs in builds.items()
                if label.startswith("one") and "today" in label)
    print(f"  aim: after one edit <= 20 % of a clean build: worst {worst / clean_cpu:.1%} (cpu); clean build <= "
          f"1.5 × the baseline's: {clean_wall / base_wall:.2f}× (wall)")


def report_checks(checks: dict[str, list[Timing]]) -> None:
    print(f"  {'check':<42} {'wall s':>8} {'cpu s':>8}  {'aim s':>9}  {'cpu/baseline':>13}")
    for label, runs in checks.items():
        wall, cpu = median([t[0] for t in runs]), median([t[1] for t in runs])
        twin = checks.get(label.replace("today", "baseline"))
        against = f"{cpu / median([t[1] for t in twin]):12.2f}×" if twin and "today" in label else ""
        aim = ("0.6" if "FILE" in label else "1.2") if "today" in label else ""
        print(f"  {label:<42} {wall:8.2f} {cpu:8.2f}  {aim:>9}  {against:>13}")


def report_serve(serve: dict[str, list[float]], first_page: list[float]) -> None:
    anchor = median(serve["serve: plain mkdocs serve, save → page"])
    print(f"  {'serve (save → page shows it)':<42} {'wall s':>8} {'/mkdocs':>8}  (aim <= 2× plain mkdocs serve)")
    for label, samples in serve.items():
        print(f"  {label:<42} {median(samples):8.2f} {median(samples) / anchor:7.1f}×")
    print(f"  serve, today: the first page answered after {median(first_page):.2f} s (aim <= 3 s)")


if __name__ == "__main__":
    main()
