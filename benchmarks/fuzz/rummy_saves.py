"""Ripper rummy saved games: a mutation fuzzer over real saves, loaded as a play page loads them.

Each input starts from a real save (a bot game on the bundled deck and ruleset, cut at a point; made by
``rummy_saves_driver.mjs``). Its record is changed structurally (a value's type confused, a huge number, deep
nesting, fan-out, unicode, actions swapped, duplicated, deleted, retyped or borrowed from elsewhere in the game,
fields added or removed) and sealed again with a valid seal; or the text itself is changed (characters,
cuts, its prefix, a length over the bound). One Node process per worker loads each text with ``load`` from
``site/engine/rummy/save.js``:

* internal error — anything but a clean load or an Error whose message starts "not a saved game: ";
* hang — a load that took longer than :data:`benchmarks.fuzz.HANG_SECONDS` (the process is then restarted).

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
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from gaslight.play.rummy import bundled_game

from benchmarks.fuzz import HANG_SECONDS, Outcome

NAME = "rummy_saves"
COUNT = 20_000
DRIVER = Path(__file__).with_name("rummy_saves_driver.mjs")
PREFIX = "gaslight-rummy-save/2"
LIMIT = 2_000_000  # MAX_SAVE_CHARS in site/engine/rummy/save.js
CORPUS_GAMES = 9

HOSTILE: tuple[Any, ...] = (
    2**31, 2**53 + 1, -1, 0, 1.5, 1e308, True, False, None, "", "0", "x" * 5000, [], {}, [1], {"type": "pass"},
    {"toString": 1}, {"valueOf": {}}, "__proto__", "constructor", "toString", "\u202e", "\ud800", "\U0001f52a",
    "\x00", "Ж" * 300, "crimson", "letters", "ripper-escape", "wild#1", "file", "yard",
)
ACTION_TYPES = ("vote", "ballot", "draw", "meld", "layoff", "gavel", "pick", "keep", "escape", "pass", "discard",
                "deal", "__proto__", "toString")
TEXT_PIECES = (".", "..", "=", "+", "/", "-", "_", "A", "0", " ", "\n", "%", "\u00e9", "\U0001f52a", "\x00",
               "gaslight-rummy-save/1.", "gaslight-save/2.")


class Driver:
    """One ``rummy_saves_driver.mjs`` process: a JSON request a line in, a JSON answer a line out."""

    def __init__(self, game: Path) -> None:
        self.game = game
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str] = queue.Queue()

    def start(self) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("node is not installed: the rummy saves fuzzer needs it")
        self.process = subprocess.Popen([node, str(DRIVER), str(self.game)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.process, self.lines), daemon=True).start()

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


def driver() -> tuple[Driver, list[dict[str, str]]]:
    """This process's driver and corpus of real saves (made once, the same in every process)."""
    if "driver" not in _STATE:
        folder = Path(tempfile.mkdtemp(prefix="gaslight-fuzz-rummy-"))
        game = folder / "ripper-rummy.game.json"
        game.write_text(json.dumps(bundled_game()), encoding="utf-8")
        made = Driver(game)
        atexit.register(lambda: (made.stop(), shutil.rmtree(folder, ignore_errors=True)))
        answer = made.ask({"op": "corpus", "seed": 1, "games": CORPUS_GAMES}, timeout=300)
        if answer is None or "saves" not in answer:
            raise RuntimeError(f"the rummy saves driver made no corpus: {answer}")
        _STATE["driver"], _STATE["corpus"] = made, answer["saves"]
    return _STATE["driver"], _STATE["corpus"]


def encode(plain: str) -> str:
    """A save text of the record ``plain`` under a valid seal (the driver seals it as ``save.js`` does)."""
    answer = driver()[0].ask({"op": "seal", "plain": plain}, timeout=60)
    if answer is None or "text" not in answer:  # a record the driver cannot even seal (say, a lone surrogate)
        return f"{PREFIX}.sealed.{base64.urlsafe_b64encode(plain.encode('utf-8', 'surrogatepass')).decode()}"
    text: str = answer["text"]
    return text


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


def _get(root: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        root = root[key]
    return root


def _set(root: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    _get(root, path[:-1])[path[-1]] = new
    return root


def _actions_mutation(rng: random.Random, record: Any) -> str:
    actions = record.get("actions") if isinstance(record, dict) else None
    if not isinstance(actions, list) or not actions:
        return "no actions"
    i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
    kind = rng.choice(("swap", "duplicate", "delete", "move", "retype", "borrow", "reseat", "many", "cut"))
    if kind == "swap":
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == "duplicate":
        actions.insert(j, json.loads(json.dumps(actions[i])))
    elif kind == "delete":
        del actions[i]
    elif kind == "move":
        actions.insert(j, actions.pop(i))
    elif kind == "retype" and isinstance(actions[i], dict):
        actions[i]["type"] = rng.choice(ACTION_TYPES)
    elif kind == "borrow" and isinstance(actions[i], dict) and isinstance(actions[j], dict):
        actions[i] = {**actions[j], "seat": actions[i].get("seat")}  # a real action of the game, at the wrong time
    elif kind == "reseat" and isinstance(actions[i], dict):
        actions[i]["seat"] = rng.choice((0, 1, 2, 3, 4, -1, "0", None))
    elif kind == "many":
        record["actions"] = actions * (rng.choice((2, 10, 100)) if len(actions) < 200 else 3)
    else:
        del actions[i:]
    return f"actions {kind} {i} {j}"


def mutate_record(rng: random.Random, record: dict[str, Any]) -> tuple[str, str]:
    """The record's JSON text after a few structural mutations, and what they were."""
    done: list[str] = []
    swaps: dict[str, str] = {}  # placeholders replaced in the text: JSON that Python will not write
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.5:
            done.append(_actions_mutation(rng, record))
            continue
        path = rng.choice(_paths(record))
        kind = rng.choice(("type", "number", "deep", "fanout", "delete", "add"))
        place = f"__swap{len(swaps)}__"
        if kind == "type":
            record = _set(record, path, json.loads(json.dumps(rng.choice(HOSTILE))))
        elif kind == "number":
            swaps[place] = rng.choice(("1e400", "-1e400", "1e-400", "-0", "1.0", "9007199254740993"))
            record = _set(record, path, place)
        elif kind == "deep":
            depth = rng.choice((3, 50, 1000, 60_000))
            opener, closer = rng.choice((("[", "]"), ('{"a":', "}")))
            swaps[place] = opener * depth + json.dumps(_get(record, path)) + closer * depth
            record = _set(record, path, place)
        elif kind == "fanout":
            old = _get(record, path)
            size = min(rng.choice((2, 100, 5_001, 20_000)), max(2, 1_500_000 // max(1, len(json.dumps(old)))))
            record = _set(record, path, [old] * size if rng.random() < 0.5 else {f"k{n}": old for n in range(size)})
            # Copies, not one object shared: a later fan-out inside it multiplied with this one to gigabytes of
            # text, more than Node's readline could hold in one line (the 20,000-input run ended on it).
            record = json.loads(json.dumps(record))
        elif kind == "delete" and path:
            del _get(record, path[:-1])[path[-1]]
        elif kind == "add" and isinstance(_get(record, path), dict):
            _get(record, path)[rng.choice(("suspect", "cards", "card", "from", "seat", "__proto__", "type"))] = \
                rng.choice(HOSTILE)
        done.append(f"{kind} at {list(path)[:6]}")
    text = json.dumps(record)
    for place, raw in reversed(swaps.items()):  # a later placeholder's text may hold an earlier one
        text = text.replace(json.dumps(place), raw, 1)  # once: a fan-out copied it, the first is enough
    return text[:2 * LIMIT], "; ".join(done)


def mutate_text(rng: random.Random, text: str) -> tuple[str, str]:
    """A few character-level edits of a save's text, and what they were."""
    done = []
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(text))
        kind = rng.choice(("insert", "delete", "replace", "cut", "double", "prefix", "oversize", "blank"))
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
        elif kind == "prefix":
            text = rng.choice(("gaslight-rummy-save/2", "gaslight-save/3", "", "GASLIGHT-RUMMY-SAVE/1")) + \
                text[len(PREFIX):]
        elif kind == "oversize":
            text = text + "A" * max(1, LIMIT - len(text) + rng.choice((1, 1000, LIMIT)))
        else:
            text = rng.choice((" ", "\n", "\ufeff")) + text + rng.choice((" ", "\n", "\u2028"))
        done.append(f"{kind} at {at}")
    return text, "; ".join(done)


def make_input(rng: random.Random, corpus: list[dict[str, str]]) -> tuple[str, str]:
    """(text, what was done) of one mutated save."""
    source = rng.choice(corpus)
    text, done = source["text"], []
    roll = rng.random()
    if roll < 0.75:
        plain, what = mutate_record(rng, json.loads(source["plain"]))
        text = encode(plain)
        done.append(what)
    if roll >= 0.6:
        text, what = mutate_text(rng, text)
        done.append(what)
    return text, f"[{' | '.join(done)}] {text[:200]}"


def one(rng: random.Random, workdir: Path) -> Outcome:
    """Mutate one real save and load it (``workdir`` is not needed: the driver keeps its own files)."""
    drive, corpus = driver()
    text, sample = make_input(rng, corpus)
    start = time.perf_counter()
    answer = drive.ask({"op": "load", "text": text}, timeout=HANG_SECONDS + 2)
    seconds = time.perf_counter() - start
    if answer is None:  # no answer in time, or the process died: a hang or an internal error
        return Outcome(NAME, "ripper-rummy", 3, seconds, (), seconds <= HANG_SECONDS, sample)
    code = {"loaded": 0, "refused": 1}.get(answer.get("outcome"), 3)
    found = sample if code != 3 else f"{answer.get('message', '')[:600]} ← {sample}"
    return Outcome(NAME, "ripper-rummy", code, seconds, (), code == 3, found)
