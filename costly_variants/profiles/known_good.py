"""Which bundled profiles have already passed every check, so that a run need not check them again.

Checking a profile against the JSON Schema means importing jsonschema and building a validator (a fifth
of a second on a busy machine), every run, for files that have not changed. So once a bundled profile
passes, a key is written to the user's cache folder (see ``costly_variants.cache``): a hash of
everything its checks depend on (the package's version and its profile-checking code, the schema, the
sources its citations name, the ids of the bundled profiles, and every file in its ``extends`` chain),
with the data of those files. The next run that finds the same key trusts the profile without checking
it, and without reading YAML; change any byte of any of those and the key changes.

Each installed copy of the package has a file of its own, named after its profiles' folder, so that a
run reads only its own few entries however many copies (virtual environments, clones) share the cache;
a file whose folder is gone is removed when another is written.

The cache is only ever a shortcut: a folder that cannot be read or written, or a damaged cache file,
means the profiles are checked as if there were no cache.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any, Iterable

from .._version import __version__
from ..cache import cache_dir, keep_newest, read_json, write_json
from ..resources import data_dir, schema_path

_FOLDER = "known-good"
_OLD_FILE = "known-good-profiles.json"  # the one file all copies once shared: removed when seen


def _file_name(folder: Path) -> str:
    """The cache file of the copy of the package whose bundled profiles are in ``folder``."""
    return f"{_FOLDER}/{hashlib.sha256(str(folder).encode()).hexdigest()[:16]}.json"


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
    """What this copy's cache file holds: for each bundled profile's file, its key and its chain's data."""
    stored = read_json(_file_name(data_dir("variants")))
    entries = stored.get("profiles") if isinstance(stored, dict) else None
    return entries if isinstance(entries, dict) else {}


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
    if cache_dir() is None:
        return
    entries = _entries()
    stored = [[str(path), data] for path, data in chain]
    entries[str(top)] = {"key": key(path for path, _ in chain), "data": _digest(stored), "chain": stored}
    folder = data_dir("variants")
    if write_json(_file_name(folder), {"folder": str(folder), "profiles": entries}) is not None:
        _forget_removed_copies()


# -- the bundled sources -------------------------------------------------------------------------------------
# Citing a passage (``costly compare``'s table of the rules that differ, ``costly show``) needs the
# sources' library, whose full check imports PyYAML and jsonschema (a tenth of a second and more). The
# bundled sources that passed it are kept as the profiles are, under a key of the same files and code and
# of the sources' own schema.

_SOURCES_FOLDER = "known-good-sources"


def _sources_file() -> str:
    return f"{_SOURCES_FOLDER}/{hashlib.sha256(str(data_dir('sources')).encode()).hexdigest()[:16]}.json"


def _sources_key() -> str:
    schema = schema_path().parent / "source.schema.json"
    return hashlib.sha256(_common() + schema.read_bytes()).hexdigest()


def checked_sources() -> dict[str, Any] | None:
    """The data of every bundled source file (by its name's stem) as read when it passed every check,
    if no byte they depend on has changed since; else None."""
    stored = read_json(_sources_file())
    try:
        if stored["key"] == _sources_key() and stored["digest"] == _digest(stored["sources"]):
            return stored["sources"]  # type: ignore[no-any-return]
    except (OSError, KeyError, TypeError, ValueError):
        pass
    return None


def remember_sources(sources: dict[str, Any]) -> None:
    """Record that the bundled sources, whose data this is, passed every check (quietly doing nothing if
    it cannot, or if their data would not come back from JSON as it is)."""
    try:
        if cache_dir() is None or json.loads(json.dumps(sources)) != sources:
            return
        entry = {"key": _sources_key(), "digest": _digest(sources), "sources": sources}
    except (OSError, TypeError, ValueError):
        return
    if write_json(_sources_file(), entry) is not None:
        keep_newest(_SOURCES_FOLDER, 16)


def _forget_removed_copies() -> None:
    """Remove the files of copies of the package that are gone (a deleted clone or environment), so that
    the cache does not grow with every copy ever installed."""
    folder = cache_dir()
    if folder is None:
        return
    with contextlib.suppress(OSError):
        (folder / _OLD_FILE).unlink(missing_ok=True)
    for path in (folder / _FOLDER).glob("*.json"):
        stored = read_json(f"{_FOLDER}/{path.name}")
        copy = stored.get("folder") if isinstance(stored, dict) else None
        if not isinstance(copy, str) or not Path(copy).is_dir():
            with contextlib.suppress(OSError):
                path.unlink()
