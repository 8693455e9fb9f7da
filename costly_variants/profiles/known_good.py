"""Which bundled profiles have already passed every check, so that a run need not check them again.

Checking a profile against the JSON Schema means importing jsonschema and building a validator (a fifth
of a second on a busy machine), every run, for files that have not changed. So once a bundled profile
passes, a key is written to the user's cache folder: a hash of everything its checks depend on (the
package's version and its profile-checking code, the schema, the sources its citations name, the ids of
the bundled profiles, and every file in its ``extends`` chain). The next run that finds the same key
trusts the profile without checking; change any byte of any of those and the key changes.

The cache is only ever a shortcut: a folder that cannot be read or written, or a damaged cache file,
means the profiles are checked as if there were no cache. ``COSTLY_CACHE_DIR`` names another folder;
``COSTLY_CACHE_DIR=off`` turns the cache off.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Iterable

from .. import __version__
from ..resources import data_dir, schema_path

_FILE = "known-good-profiles.json"
_MAX_KEYS = 256  # enough for every bundled profile across many versions; the oldest are dropped


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
def _known() -> list[str]:
    folder = cache_dir()
    if folder is None:
        return []
    try:
        data = json.loads((folder / _FILE).read_text(encoding="utf-8"))
        keys = data["keys"]
        return [k for k in keys if isinstance(k, str)] if isinstance(keys, list) else []
    except (OSError, ValueError, KeyError, TypeError):
        return []


def is_known(profile_key: str) -> bool:
    return profile_key in _known()


def remember(profile_key: str) -> None:
    """Record that the profile with this key passed every check (quietly doing nothing if it cannot)."""
    folder = cache_dir()
    known = _known()
    if folder is None or profile_key in known:
        return
    known.append(profile_key)
    del known[:-_MAX_KEYS]
    temporary = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # Written whole and then renamed over the old file, so that a reader never sees half of it.
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".known-good-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump({"keys": known}, out)
        os.replace(temporary, folder / _FILE)
    except OSError:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
