"""Values as JSON and back, and a fingerprint of what a computation reads: the result cache's two halves.

:func:`dumps` / :func:`loads` carry a result (a proof, a playtest report, PDF bytes, Tabletop Simulator
sheets) through a cache entry: plain JSON with tagged containers, so a tuple stays a tuple, bytes stay bytes
and a frozen dataclass comes back as itself. Only Gaslight's own dataclasses and enums are rebuilt, field by
field, without running any code of theirs: a forged entry can at worst hold wrong figures, never run anything
(unlike pickle). :func:`fingerprint` hashes a computation's inputs the same way, with sets in a fixed order
(never in the process's hash order) and, for a dataclass that names file fields in ``__cache_reads__`` (a
card's art), the bytes of those files: what the computation reads, not when the file was touched. Fields named in
``__cache_paths__`` (a :class:`~gaslight.diagnostics.Location`'s file) hold paths relative to the working folder:
an entry holds them absolute and gives them back relative to the folder of the command that reads it.

>>> from gaslight.diagnostics import Location
>>> value = {"where": Location("a.yaml", 3, 5), "seen": frozenset({2, 1}), "raw": b"%PDF", "pair": (1.5, None)}
>>> loads(dumps(value)) == value
True
>>> fingerprint(frozenset({"b", "a"})) == fingerprint(frozenset({"a", "b"}))
True
>>> fingerprint((1, 2)) == fingerprint([1, 2])
False
"""

from __future__ import annotations

import base64
import dataclasses
import enum
import functools
import hashlib
import importlib
import json
import os
from collections.abc import Mapping
from pathlib import Path, PurePath
from types import MappingProxyType
from typing import Any

#: Only classes from these packages are rebuilt from an entry.
OWN_PACKAGE = "gaslight"


class Unencodable(TypeError):
    """A value of a kind the codec does not carry (the computation then runs without the cache)."""


class CorruptValue(ValueError):
    """An entry whose JSON does not describe a value (the cache then recomputes it)."""


def _class_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _file_digest(path: str) -> str:
    """The SHA-256 of a file the computation reads ('' when it cannot be read: the computation then fails alike)."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return ""
    return digest.hexdigest()


def _canonical(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=True)


Memo = dict[int, tuple[Any, str]]
_PLAIN = frozenset({bool, int, str})  # exactly these: a StrEnum or IntEnum is a str or int that must stay itself


def to_data(value: Any, *, key: bool = False, memo: Memo | None = None) -> Any:
    """``value`` as JSON data; ``key``: for a fingerprint (sets sorted, the bytes of files read hashed in).

    With ``memo`` (for a fingerprint) a dataclass stands for the hash of its fields, worked out once per object
    (the object is kept in the memo, so its id is not reused while the memo lives). Only the outermost dataclasses
    (the models a computation reads) are memoised: their parts are written out in full, one hash per model
    rather than one for each of its thousands of parts.
    """
    if value is None or type(value) in _PLAIN:  # the most common first: a model holds thousands
        return value
    dataclass_value = hasattr(type(value), "__dataclass_fields__") and not isinstance(value, type)
    if memo is not None and dataclass_value:
        seen = memo.get(id(value))
        if seen is None:
            data = _dataclass_data(value, key, None)
            seen = memo[id(value)] = (value, hashlib.sha256(_canonical(data).encode("utf-8")).hexdigest())
        return {"h": seen[1]}
    if isinstance(value, float):
        return {"f": repr(value)} if key else value
    if isinstance(value, bytes):
        return {"b": hashlib.sha256(value).hexdigest() if key else base64.b64encode(value).decode("ascii")}
    if isinstance(value, enum.Enum):
        return {"e": _class_name(type(value)), "v": value.name}
    if isinstance(value, tuple):
        return {"t": [to_data(item, key=key, memo=memo) for item in value]}
    if isinstance(value, list):
        return [to_data(item, key=key, memo=memo) for item in value]
    if isinstance(value, set | frozenset):
        items = [to_data(item, key=key, memo=memo) for item in value]
        return {"fs" if isinstance(value, frozenset) else "s": sorted(items, key=_canonical)}
    if isinstance(value, Mapping):
        pairs = [[to_data(k, key=key, memo=memo), to_data(v, key=key, memo=memo)] for k, v in value.items()]
        return {"m" if isinstance(value, MappingProxyType) else "d": pairs}
    if isinstance(value, PurePath):
        return {"p": str(value), **({"sha": _file_digest(str(value))} if key else {})}
    if dataclass_value:
        return _dataclass_data(value, key, memo)
    raise Unencodable(f"a {type(value).__name__} cannot be kept in the result cache")


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _dataclass_data(value: Any, key: bool, memo: Memo | None) -> dict[str, Any]:
    fields = {name: to_data(getattr(value, name), key=key, memo=memo) for name in _field_names(type(value))}
    for name in getattr(type(value), "__cache_paths__", ()):
        fields[name] = _anchored(fields[name])
    data: dict[str, Any] = {"c": _class_name(type(value)), "f": fields}
    if key:
        data["read"] = {name: _file_digest(str(getattr(value, name))) for name in getattr(value, "__cache_reads__", ())}
    return data


def _anchored(path: Any) -> Any:
    """A path as shown to the designer (relative to the working folder) made absolute, so a result kept by a
    command run in one folder serves one run in another (``gaslight build -f …`` from above the project, ``check``
    inside it); bundled files (``<gaslight>/…``) and absolute paths stay as they are."""
    if not isinstance(path, str) or not path or path.startswith("<") or os.path.isabs(path):
        return path
    return _joined(os.getcwd(), path)


@functools.lru_cache(maxsize=4096)
def _joined(folder: str, path: str) -> str:
    return os.path.normpath(os.path.join(folder, path))


def _shown(path: Any) -> Any:
    """An anchored path as shown again: relative to this process's working folder."""
    if not isinstance(path, str) or not os.path.isabs(path):
        return path
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return path


def _own_class(name: Any) -> type:
    if not isinstance(name, str) or ":" not in name:
        raise CorruptValue(f"not a class name: {name!r}")
    module, qualname = name.split(":", 1)
    if module != OWN_PACKAGE and not module.startswith(OWN_PACKAGE + "."):
        raise CorruptValue(f"not one of Gaslight's classes: {name}")
    try:
        found: Any = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as exc:
        raise CorruptValue(f"no class {name}") from exc
    if not isinstance(found, type):
        raise CorruptValue(f"not a class: {name}")
    return found


def _dataclass(name: Any, fields: Any) -> Any:
    cls = _own_class(name)
    if not dataclasses.is_dataclass(cls) or not isinstance(fields, dict):
        raise CorruptValue(f"not a dataclass: {name}")
    expected = {f.name for f in dataclasses.fields(cls)}
    if set(fields) != expected:
        raise CorruptValue(f"{name} has the fields {sorted(expected)}, the entry {sorted(fields)}")
    value = object.__new__(cls)  # field by field: no __init__ or __post_init__ runs
    paths = getattr(cls, "__cache_paths__", ())
    for field_name, data in fields.items():
        field = from_data(data)
        object.__setattr__(value, field_name, _shown(field) if field_name in paths else field)
    return value


def _pairs(pairs: Any) -> list[tuple[Any, Any]]:
    if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
        raise CorruptValue("a mapping's entry must be a list of pairs")
    return [(from_data(k), from_data(v)) for k, v in pairs]


def _items(items: Any) -> list[Any]:
    if not isinstance(items, list):
        raise CorruptValue("a sequence's entry must be a list")
    return [from_data(item) for item in items]


def from_data(data: Any) -> Any:
    """The value :func:`to_data` described (raises :class:`CorruptValue` for anything else)."""
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return _items(data)
    if not isinstance(data, dict) or not data:
        raise CorruptValue(f"unexpected {type(data).__name__} in an entry")
    tag = next(iter(data))
    body = data[tag]
    try:
        if tag == "t":
            return tuple(_items(body))
        if tag == "s":
            return set(_items(body))
        if tag == "fs":
            return frozenset(_items(body))
        if tag == "d":
            return dict(_pairs(body))
        if tag == "m":
            return MappingProxyType(dict(_pairs(body)))
        if tag == "b":
            return base64.b64decode(body, validate=True)
        if tag == "p":
            if not isinstance(body, str):
                raise CorruptValue("a path's entry must be text")
            return Path(body)
        if tag == "e":
            cls = _own_class(body)
            if not issubclass(cls, enum.Enum):
                raise CorruptValue(f"not an enum: {body}")
            return cls[data["v"]]
        if tag == "c":
            return _dataclass(body, data.get("f"))
    except (TypeError, KeyError, ValueError) as exc:  # a wrong type inside a tag, a bad base64 or enum name
        if isinstance(exc, CorruptValue):
            raise
        raise CorruptValue(f"a malformed '{tag}' value: {exc}") from exc
    raise CorruptValue(f"unknown tag {tag!r}")


def dumps(value: Any) -> bytes:
    """``value`` as the UTF-8 JSON of a cache entry (raises :class:`Unencodable`)."""
    return _canonical(to_data(value)).encode("utf-8")


def loads(raw: bytes) -> Any:
    """The value of an entry written by :func:`dumps` (raises :class:`CorruptValue`)."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise CorruptValue(f"not JSON: {exc}") from exc
    try:
        return from_data(data)
    except RecursionError as exc:
        raise CorruptValue("nested too deeply") from exc


def fingerprint(value: Any, memo: Memo | None = None) -> str:
    """The SHA-256 of everything ``value`` holds, and of the files its dataclasses say they read.

    ``memo`` (an empty dict to start) keeps each dataclass's hash for the next call: a model shared by many
    computations (a deck drawn on three papers) is hashed once. Use one memo only while the models are unchanged.
    """
    return hashlib.sha256(_canonical(to_data(value, key=True, memo=memo)).encode("utf-8")).hexdigest()
