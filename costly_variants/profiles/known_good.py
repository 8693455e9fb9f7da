"""Which bundled profiles have already passed every check, so that a run need not check them again.

Checking a profile against the JSON Schema means importing jsonschema and building a validator (a fifth
of a second on a busy machine), every run, for files that have not changed. So once a bundled profile
passes, a key is written to the user's cache folder: a hash of everything its checks depend on (the
package's version and its profile-checking code, the schema, the sources its citations name, the ids of
the bundled profiles, and every file in its ``extends`` chain), with the data of those files. The next
run that finds the same key trusts the profile without checking it, and without reading YAML; change
any byte of any of those and the key changes.

The cache is only ever a shortcut: a folder that cannot be read or written, or a damaged cache file,
means the profiles are checked as if there were no cache. ``COSTLY_CACHE_DIR`` names another folder;
``COSTLY_CACHE_DIR=off`` turns the cache off.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any, Iterable

from .. import __version__
from ..resources import data_dir, schema_path

_FILE = "known-good-profiles.json"


def cache_dir() -> Path | None:
    """The folder for the cache, or None if it is turned off."""
    chosen = os.environ.get("COSTLY_CACHE_DIR")
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "costly-variants"


@cache
def _common() -> bytes:
    """The digest of what every bundled profile's checks depend on besides its own files."""
    digest = hashlib.sha256(f"costly-variants {__version__}\n".encode())
    code = sorted(Path(__file__).parent.glob("*.py"))
    for path in [*code, schema_path(), *sorted(data_dir("sources").rglob("*")), *sorted(data_dir("variants").glob("*"))]:
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def key(chain: Iterable[Path]) -> str:
    """The key of a profile whose ``extends`` chain is these files (the profile's own first)."""
    digest = hashlib.sha256(_common())
    for path in chain:
        digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@cache
def _entries() -> dict[str, Any]:
    """What the cache file holds: for each bundled profile's file, its key and its chain's data."""
    folder = cache_dir()
    if folder is None:
        return {}
    try:
        entries = json.loads((folder / _FILE).read_text(encoding="utf-8"))["profiles"]
        return entries if isinstance(entries, dict) else {}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def lookup(top: Path) -> list[tuple[Path, Any]] | None:
    """The ``extends`` chain of the profile in ``top``, as (file, data) pairs, if it passed every check
    with every byte as it is now; else None."""
    entry = _entries().get(str(top))
    try:
        chain = [(Path(path), data) for path, data in entry["chain"]]  # type: ignore[index]
        # The files are as they were when checked, and the data is the data read from them then.
        if entry["key"] == key(path for path, _ in chain) and entry["data"] == _digest(entry["chain"]):  # type: ignore[index]
            return chain
    except (OSError, KeyError, TypeError, ValueError):
        pass
    return None


def _digest(chain: Any) -> str:
    return hashlib.sha256(json.dumps(chain, sort_keys=True).encode()).hexdigest()


def remember(top: Path, chain: list[tuple[Path, Any]]) -> None:
    """Record that the profile in ``top``, whose chain this is, passed every check (quietly doing
    nothing if it cannot)."""
    folder = cache_dir()
    if folder is None:
        return
    entries = _entries()
    stored = [[str(path), data] for path, data in chain]
    entries[str(top)] = {"key": key(path for path, _ in chain), "data": _digest(stored), "chain": stored}
    import tempfile  # here: only a run that checked a profile writes

    temporary = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # Written whole and then renamed over the old file, so that a reader never sees half of it.
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".known-good-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump({"profiles": entries}, out)
        os.replace(temporary, folder / _FILE)
    except OSError:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
