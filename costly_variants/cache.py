"""The user's cache folder: what is worth keeping from one run to the next, and only ever a shortcut.

Each file here can be worked out again from the package and its data, and is keyed so that any change
to what it depends on gives a new key. So a folder that cannot be read or written, a damaged file or a
file of another version just means working it out again: every failure is quiet. ``COSTLY_CACHE_DIR``
names another folder; ``COSTLY_CACHE_DIR=off`` turns the cache off.
"""
from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any


def cache_dir() -> Path | None:
    """The folder for the cache, or None if it is turned off."""
    chosen = os.environ.get("COSTLY_CACHE_DIR")
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "costly-variants"


def read_bytes(name: str) -> bytes | None:
    """The bytes of the cache file ``name`` (a path inside the cache folder), or None if there is none
    that can be read."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        return (folder / name).read_bytes()
    except OSError:
        return None


def read_json(name: str) -> Any:
    """The data in the cache file ``name``, or None if there is none that can be read."""
    data = read_bytes(name)
    try:
        return None if data is None else json.loads(data.decode("utf-8"))
    except ValueError:
        return None


def write_bytes(name: str, data: bytes) -> Path | None:
    """Write ``data`` to the cache file ``name``, whole and then renamed over the old one so that a reader
    never sees half of it; the file's path, or None if it could not be written."""
    folder = cache_dir()
    if folder is None:
        return None
    import tempfile  # here: most runs only read the cache

    target = folder / name
    temporary = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".costly-", suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, target)
        return target
    except OSError:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        return None


def write_json(name: str, data: Any) -> Path | None:
    """Write ``data`` as JSON to the cache file ``name`` (as ``write_bytes``)."""
    try:
        text = json.dumps(data)
    except (TypeError, ValueError):
        return None
    return write_bytes(name, text.encode("utf-8"))


def keep_newest(folder_name: str, keep: int, *, pattern: str = "*.json") -> None:
    """Remove all but the ``keep`` newest files (those ``pattern`` names) of the cache's ``folder_name``
    (quietly, as ever)."""
    folder = cache_dir()
    if folder is None:
        return
    with contextlib.suppress(OSError):
        files = sorted((folder / folder_name).glob(pattern), key=lambda p: p.stat().st_mtime)
        for path in files[:-keep]:
            path.unlink(missing_ok=True)


def _seal(key: str, data: Any) -> str:
    import hashlib  # here: a run that reads no sealed file needs no hashing

    return hashlib.sha256((key + json.dumps(data, sort_keys=True)).encode()).hexdigest()


def read_sealed(name: str, key: str) -> Any:
    """The data ``write_sealed`` kept in the cache file ``name`` under ``key``, or None where there is none,
    or it was kept under another key, or its seal does not fit it (a damaged or hand-edited file)."""
    stored = read_json(name)
    try:
        if stored["key"] == key and stored["seal"] == _seal(key, stored["data"]):
            return stored["data"]
    except (KeyError, TypeError, ValueError):
        pass
    return None


def write_sealed(name: str, key: str, data: Any, *, keep: int) -> None:
    """Keep ``data`` in the cache file ``name`` under ``key``, sealed with a digest of both; only the ``keep``
    newest files of its folder stay."""
    if write_json(name, {"key": key, "data": data, "seal": _seal(key, data)}) is not None:
        keep_newest(name.rpartition("/")[0], keep)
