"""Saved games: a mutation fuzzer over real saves, loaded as the play page loads them.

Each input starts from a real save: a bot game on a bundled board and variant, taken at a random move
(``saves_driver.mjs`` plays them). Its record is changed structurally (a value's type confused, a huge or
non-finite number, deep nesting, fan-out, unicode, moves swapped, duplicated or deleted, fields added or
removed) and sealed again with a valid seal, or put in the text with none, or as an old ``gaslight-save/2``
text; or the sealed text itself is changed (characters, cuts, its prefix or kind, a length over the bound).
One Node process per worker (``saves_driver.mjs``) loads each text with ``load`` from ``site/engine/hunt/save.js``:

* internal error — anything but a clean load or a ``SaveError`` whose message starts "not a saved game: ";
* hang — a load that took longer than :data:`benchmarks.fuzz.HANG_SECONDS` (the process is restarted when it
  gives no answer). A time is what ``load`` took in Node, not the pipe's time to carry the text to it.

A save names no file, line or column: its errors name the move instead, so none counts as unlocated.
"""

from __future__ import annotations

import atexit
import base64
import json
import queue
import random
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from gaslight.domain.board.export import board_json
from gaslight.outputs.engine import hunt_rulesets, rules_json
from gaslight.project import load_project
from gaslight.resources import BUNDLED_DIR

from benchmarks.fuzz import HANG_SECONDS, Outcome

NAME = "saves"
COUNT = 20_000
DRIVER = Path(__file__).with_name("saves_driver.mjs")
PREFIX = "gaslight-save/3"
CORPUS_GAMES = 16
LIMIT = 262_144  # LIMITS.characters in site/engine/hunt/save.js
BUILD_LIMIT = 2_000_000  # JSON characters a structural mutation may grow a record to (8 times the bound)
MAX_TEXT = 41 * 2**20  # the 40 MB paste, and no more: each input crosses a pipe

UNICODE = ("\u202e", "\ud800", "\udfff", "\U0001f52a", "\x00", "e\u0301", "\ufeff", "\u2028", "Ж" * 300, "\uffff")
HOSTILE: tuple[Any, ...] = (
    2**31, 2**32, 2**53 + 1, -1, 0, -0.0, 1.5, 1e308, -1e308, 5e-324, True, False, None, "", "4", "k1",
    "x" * 5000, [], {}, [1], [[1]], {"type": "pass"}, {"__proto__": {"type": "pass"}}, "constructor",
    "__proto__", *UNICODE,
)
NON_FINITE = ("1e400", "-1e400", "NaN", "Infinity", "1e-400", "00", "0x10", "+1", "1.", ".5")
ACTIONS = ("hideout", "women", "patrols", "letter", "skip", "relocate", "wait", "kill", "moveWoman", "revealPatrol",
           "move", "coach", "alley", "goulston", "policeMove", "falseClue", "search", "arrest", "pass", "teleport")
TEXT_PIECES = (".", "..", "=", "+", "/", "-", "_", "A", "0", " ", "\n", "\t", "%", "\u00e9", "\U0001f52a", "\x00",
               "gaslight-save/3.", "sealed", "locked", "gaslight-save/2.")
# Character edits of a save's text and how often each is made (a text over the bound is refused at once:
# a few suffice).
TEXT_EDITS = ("insert", "delete", "replace", "cut", "double", "kind", "prefix", "oversize", "blank")
TEXT_EDIT_WEIGHTS = (6, 6, 6, 3, 1, 2, 2, 1, 2)


class Driver:
    """One ``saves_driver.mjs`` process: a JSON request a line in, a JSON answer a line out."""

    def __init__(self, setup: dict[str, Any]) -> None:
        self.setup = setup  # sent first to every process started: no file to leave behind
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str] = queue.Queue()

    def start(self) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("node is not installed: the saves fuzzer needs it")
        self.process = subprocess.Popen([node, str(DRIVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        encoding="utf-8", bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.process, self.lines), daemon=True).start()
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"op": "setup", **self.setup}) + "\n")
        self.process.stdin.flush()
        if self.lines.get(timeout=60) != '{"ready":true}\n':
            raise RuntimeError("the saves driver did not start")

    @staticmethod
    def _read(process: subprocess.Popen[str], lines: queue.Queue[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put("")  # the process ended

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any] | None:
        """The answer, or None when none came within ``timeout`` seconds or the process died (then restarted)."""
        if self.process is None or self.process.poll() is not None:
            self.start()
        assert self.process is not None and self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            line = self.lines.get(timeout=timeout)
        except (queue.Empty, BrokenPipeError, OSError):
            line = ""
        if not line:
            self.stop()
            return None
        answer: dict[str, Any] = json.loads(line)
        return answer


_STATE: dict[str, Any] = {}


def _setup() -> dict[str, Any]:
    """The bundled boards and every variant of the bundled hunt, as the engine reads them."""
    project, _ = load_project([BUNDLED_DIR / "boards", BUNDLED_DIR / "rulesets"], deep=False)
    boards = {board.id: board_json(board) for board in project.of_kind("board")}
    rules = {}
    for hunt in hunt_rulesets(project):
        for variant in (None, *(v.id for v in hunt.variants)):
            name = f"{hunt.id}.{variant or 'default'}.json"
            rules[name] = rules_json(hunt, variant, name)
    return {"boards": boards, "rules": rules}


def driver() -> tuple[Driver, list[dict[str, str]]]:
    """This process's driver and corpus of real saves (made once, the same in every process)."""
    if "driver" not in _STATE:
        made = Driver(_setup())
        atexit.register(made.stop)
        answer = made.ask({"op": "corpus", "seed": 1, "games": CORPUS_GAMES}, timeout=600)
        if answer is None or "saves" not in answer:
            raise RuntimeError(f"the saves driver made no corpus: {answer}")
        _STATE["driver"], _STATE["corpus"] = made, answer["saves"]
    return _STATE["driver"], _STATE["corpus"]


# ---------------------------------------------------------------- structural mutations of the record


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    stack = [(value, path)]
    while stack:
        node, where = stack.pop()
        children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in children:
            out.append((*where, key))
            stack.append((child, (*where, key)))
    return out


def _replace(root: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    parent = root
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return root


def _get(root: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        root = root[key]
    return root


def _action_of(step: Any) -> dict[str, Any] | None:
    return step[0] if isinstance(step, list) and step and isinstance(step[0], dict) else None


def _steps_mutation(rng: random.Random, record: Any) -> str:
    steps = record.get("steps") if isinstance(record, dict) else None
    if not isinstance(steps, list) or not steps:
        return "no steps"
    i, j = rng.randrange(len(steps)), rng.randrange(len(steps))
    action, other = _action_of(steps[i]), _action_of(steps[j])
    kind = rng.choice(("swap", "duplicate", "delete", "move", "draws", "retype", "borrow", "many", "cut"))
    if kind == "swap":
        steps[i], steps[j] = steps[j], steps[i]
    elif kind == "duplicate":
        steps.insert(j, json.loads(json.dumps(steps[i])))
    elif kind == "delete":
        del steps[i]
    elif kind == "move":
        steps.insert(j, steps.pop(i))
    elif kind == "draws":
        draws = rng.choice((-1, 0, 1, 10_001, 2**53, 1.5, "3", None, [], 10_000))
        steps[i] = [action, draws]
    elif kind == "retype" and action is not None:
        action["type"] = rng.choice(ACTIONS)
    elif kind == "borrow" and other is not None:
        steps[i] = [json.loads(json.dumps(other))]  # a real action of the game, at the wrong time
    elif kind == "many":  # past the bound on moves, within the bound on JSON this fuzzer builds
        piece = json.dumps(steps)
        times = min(rng.choice((2, 10, 100)) if len(steps) < 100 else 6, max(1, BUILD_LIMIT // len(piece)))
        record["steps"] = [step for _ in range(times) for step in json.loads(piece)]
    else:
        del steps[i:]
    return f"steps {kind} {i} {j}"


def mutate_record(rng: random.Random, record: Any) -> tuple[str, str]:
    """The record's JSON text after a few structural mutations, and what they were."""
    done: list[str] = []
    swaps: dict[str, str] = {}  # placeholders replaced in the text: JSON that Python cannot write
    for _ in range(rng.randint(1, 3)):
        if len(json.dumps(record)) > BUILD_LIMIT:
            break
        if rng.random() < 0.35:
            done.append(_steps_mutation(rng, record))
            continue
        path = rng.choice(_paths(record))
        kind = rng.choice(("type", "nonfinite", "deep", "fanout", "unicode", "delete", "add"))
        place = f"__swap{len(swaps)}__"
        if kind == "type":
            record = _replace(record, path, json.loads(json.dumps(rng.choice(HOSTILE))))
        elif kind == "nonfinite":
            swaps[place] = rng.choice(NON_FINITE)
            record = _replace(record, path, place)
        elif kind == "deep":
            depth = rng.choice((3, 6, 50, 1000, 60_000))
            opener, closer = rng.choice((("[", "]"), ('{"a":', "}")))
            swaps[place] = opener * depth + json.dumps(_get(record, path)) + closer * depth
            record = _replace(record, path, place)
        elif kind == "fanout":
            old = _get(record, path)
            # Past the size bound, without building gigabytes to get there.
            size = min(rng.choice((2, 100, 5_001, 20_000)), max(2, BUILD_LIMIT // len(json.dumps(old))))
            piece = json.dumps(old)  # copies, not one object shared: a later edit of one must not edit them all
            copies = [json.loads(piece) for _ in range(size)]
            wide = copies if rng.random() < 0.5 else {f"k{n}": c for n, c in enumerate(copies)}
            record = _replace(record, path, wide)
        elif kind == "unicode":
            text = rng.choice(UNICODE)
            if path and isinstance(path[-1], str) and rng.random() < 0.3:
                parent = _get(record, path[:-1])
                parent[text] = parent.pop(path[-1])
            else:
                record = _replace(record, path, text)
        elif kind == "delete" and path:
            parent = _get(record, path[:-1])
            del parent[path[-1]]
        elif kind == "add" and isinstance(_get(record, path), dict):
            key = rng.choice(("night", "state", "to", "circle", "__proto__", "type"))
            _get(record, path)[key] = rng.choice(HOSTILE)
        done.append(f"{kind} at {list(path)[:6]}")
    text = json.dumps(record)
    for place, raw in reversed(swaps.items()):  # a later placeholder's text may hold an earlier one
        text = text.replace(json.dumps(place), raw, 1)  # once: fan-out may have copied it
    return text, "; ".join(done)


# ---------------------------------------------------------------- encodings and text mutations


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def old_save(plain: str) -> str:
    """A ``gaslight-save/2`` text of ``plain``, with its valid FNV-1a checksum."""
    body = _b64(plain.encode("utf-8", "surrogatepass"))
    digest = 0x811C9DC5
    for char in body:
        digest = ((digest ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    return f"gaslight-save/2.{body}.{digest:08x}"


def mutate_text(rng: random.Random, text: str) -> tuple[str, str]:
    """A few character-level edits of a save's text, and what they were."""
    done = []
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(text))
        kind = rng.choices(TEXT_EDITS, TEXT_EDIT_WEIGHTS)[0]
        if kind == "insert":
            text = text[:at] + rng.choice(TEXT_PIECES) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + rng.randint(1, 8):]
        elif kind == "replace":
            piece = rng.choice(TEXT_PIECES)
            text = text[:at] + piece + text[at + len(piece):]
        elif kind == "cut":
            text = text[:at]
        elif kind == "double":
            text = text + text[rng.randint(0, len(text)):]
        elif kind == "kind":
            text = text.replace(".sealed.", f".{rng.choice(('locked', 'opened', '', 'SEALED'))}.", 1)
        elif kind == "prefix":
            text = rng.choice(("gaslight-save/2", "gaslight-save/4", "", "GASLIGHT-SAVE/3")) + text[len(PREFIX):]
        elif kind == "oversize":
            size = rng.choice((LIMIT - len(text) + 1, 2 * LIMIT, 40 * 2**20 if rng.random() < 0.05 else 3 * LIMIT))
            text = text + "A" * max(size, 1)
        else:
            text = rng.choice((" ", "\n", "\u00a0", "\ufeff")) + text + rng.choice((" ", "\n", "\u2028"))
        done.append(f"{kind} at {at}")
    return text[:MAX_TEXT], "; ".join(done)


def make_input(rng: random.Random, drive: Driver, corpus: list[dict[str, str]]) -> tuple[str, str, str, str]:
    """(board, text, passphrase, what was done) of one mutated save."""
    source = rng.choice(corpus)
    board, text, passphrase, done = source["board"], source["text"], "", []
    roll = rng.random()
    if roll < 0.7:
        plain, what = mutate_record(rng, json.loads(source["plain"]))
        done.append(what)
        how = rng.random()
        if how < 0.003:
            passphrase = "gin and fog"
            answer = drive.ask({"op": "seal", "plain": plain, "passphrase": passphrase}, timeout=60)
            text = answer.get("text", text) if answer else text
            passphrase = rng.choice((passphrase, "", "gin and tonic"))
            done.append(f"locked, loaded with {passphrase!r}")
        elif how < 0.8:
            answer = drive.ask({"op": "seal", "plain": plain}, timeout=60)
            text = answer.get("text", text) if answer else text
            done.append("sealed")
        elif how < 0.92:
            text = f"{PREFIX}.sealed.{_b64(plain.encode('utf-8', 'surrogatepass'))}"
            done.append("unsealed")
        else:
            text = old_save(plain)
            done.append("old format")
    if roll >= 0.55:
        text, what = mutate_text(rng, text)
        done.append(what)
    if rng.random() < 0.02:
        board = rng.choice(("tutorial", "whitechapel"))
    return board, text, passphrase, f"[{' | '.join(done)}] {text[:200]}"


def load_one(drive: Driver, board: str, text: str, passphrase: str, sample: str) -> Outcome:
    """Load one text in the driver and classify what came back."""
    start = time.perf_counter()
    answer = drive.ask({"op": "load", "board": board, "text": text, "passphrase": passphrase}, timeout=HANG_SECONDS + 2)
    seconds = time.perf_counter() - start
    if answer is None:  # no answer in time, or the process died: a hang or an internal error
        return Outcome(NAME, board, 3, seconds, (), seconds <= HANG_SECONDS, sample)
    # The time `load` took, as the page would spend it (not the pipe's time to carry a 40 MB text).
    seconds = answer.get("ms", 1000 * seconds) / 1000
    outcome = answer.get("outcome")
    code = {"loaded": 0, "refused": 1}.get(outcome, 3)
    found = sample if code != 3 else f"{answer.get('message', '')[:600]} ← {sample}"
    return Outcome(NAME, board, code, seconds, (), code == 3, found)


def one(rng: random.Random, workdir: Path) -> Outcome:
    """Mutate one real save and load it (``workdir`` is not needed: the driver keeps its own files)."""
    drive, corpus = driver()
    board, text, passphrase, sample = make_input(rng, drive, corpus)
    return load_one(drive, board, text, passphrase, sample)
