"""Result cache entries (``.gaslight-cache/``): a kept entry damaged the ways a disk, a crash or a hand can.

Each input keeps a result with :class:`gaslight.cache.ResultCache`, then mutates its entry file: truncated,
bytes flipped, inserted or dropped, replaced by other JSON (a list, wrong types, another key, a value that no
longer matches its digest, nesting thousands deep), empty, a folder, a file over the size bound. The cache is
asked again: it must answer with the computed value, never raise, and leave an entry that reads back. An
exception, a wrong answer or an entry that does not read back is counted as an internal error.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from pathlib import Path
from typing import Any

from gaslight.cache import ResultCache, cache_key

from benchmarks.fuzz import Outcome

NAME = "cache_entries"
COUNT = 20_000
KIND = "balance"


def _value(rng: random.Random) -> Any:
    """A result shaped like a self-play summary: nested dicts, lists, numbers, text, None."""
    return [{"games": rng.randint(0, 500), "byNight": [{"night": n, "escapes": rng.randint(0, 9)} for n in
                                                        range(rng.randint(0, 4))],
             "rate": rng.random(), "why": rng.choice(["", "stuck", "é\u2028\"\\"]), "mean": None}
            for _ in range(rng.randint(1, 3))]


def _damage(rng: random.Random, raw: bytes, key: str) -> bytes | None:
    """The entry's new bytes (None: make it a folder)."""
    entry = json.loads(raw)
    choice = rng.randrange(12)
    if choice == 0:
        return raw[: rng.randrange(len(raw))]
    if choice == 1:
        data = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if choice == 2:
        at = rng.randrange(len(raw))
        return raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 6))) + raw[at:]
    if choice == 3:
        at = rng.randrange(len(raw))
        return raw[:at] + raw[at + rng.randint(1, 20):]
    if choice == 4:
        deep = rng.choice([10, 1000, 100_000])
        return (b'{"format":"gaslight-cache/1","key":"' + key.encode() + b'","sha256":"0","value":'
                + b"[" * deep + b"]" * deep + b"}") if rng.random() < 0.5 else b"[" * deep
    if choice == 5:
        entry[rng.choice(["format", "key", "sha256", "value"])] = rng.choice([None, 1, [], {}, "x", key, 1e308])
    elif choice == 6:
        del entry[rng.choice(["format", "key", "sha256", "value"])]
    elif choice == 7:
        entry["value"] = _value(rng)  # another value under the old digest
    elif choice == 8:
        return rng.choice([b"", b"null", b"[]", b"0", b'"entry"', b"NaN", b"\xff\xfe", b"{}" * 3])
    elif choice == 9:
        return None
    elif choice == 10:
        return b" " * (64 * 1024 * 1024 + 1) if rng.random() < 0.02 else raw + b"\n" * rng.randint(1, 3)
    else:
        return json.dumps(entry, indent=rng.choice([None, 1])).encode() + rng.choice([b"", b"x", b"}"])
    return json.dumps(entry).encode()


def one(rng: random.Random, workdir: Path) -> Outcome:
    """One kept entry, damaged, then asked for again."""
    cache = ResultCache(workdir / ".gaslight-cache")
    reads = {"seed": rng.randrange(10**6)}
    value = _value(rng)
    cache.remember(KIND, reads, (), lambda: value)
    path = workdir / ".gaslight-cache" / f"{KIND}-{cache_key(KIND, reads, ())}.json"
    damaged = _damage(rng, path.read_bytes(), cache_key(KIND, reads, ()))
    if damaged is None:
        path.unlink()
        path.mkdir()
    else:
        path.write_bytes(damaged)
    sample = "folder" if damaged is None else repr(damaged[:160])
    start = time.perf_counter()
    try:
        again = cache.remember(KIND, reads, (), lambda: value)
        kept = cache.remember(KIND, reads, (), lambda: "computed a third time")
        wrong = again != value or (damaged is not None and kept != value)
    except Exception:  # the point of the surface: anything raised is a finding
        return Outcome(NAME, "entry", 3, time.perf_counter() - start, (), True,
                       f"{sample}\n{traceback.format_exc(limit=3)}")
    return Outcome(NAME, "entry", 3 if wrong else 0, time.perf_counter() - start, (), wrong, sample)
