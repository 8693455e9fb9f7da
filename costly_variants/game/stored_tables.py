"""The kernel's compiled tables kept in the user's cache folder, so that a run does not compile them again.

Compiling a rule set's tables (``kernel.compile_rules``) counts the rank part of every hand of three
and four cards in Python: some 0.05 to 0.1 CPU-s, half the fixed cost of a ``costly simulate`` that plays
a few games. The tables are the same for the same rules and the same code, so they are filed under a key of
everything they depend on: the package's version, the code that makes them (``game/``, ``count/``, the
typed rules and the cards), the kernel's layout of the array, and every rule value. A changed rule, an
edited module or another kernel gives a new key and freshly compiled tables. A file holds a line of JSON
(its key, the kinds of score, a digest of the rest) and then the array's bytes; a damaged, cut or
hand-edited file fails the digest and is compiled again. Everything else is ``costly_variants.cache``'s:
``COSTLY_CACHE_DIR`` (``off`` turns it off), quiet failures, files written whole.
"""
from __future__ import annotations

import hashlib
import json
import sys
from array import array
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .._version import __version__
from ..cache import cache_dir, keep_newest, read_bytes, write_bytes
from ..profiles.rules import Rules

if TYPE_CHECKING:
    from .kernel import CompiledRules

FOLDER = "tables"
KEEP = 64  # tables kept; the oldest go first (a house-rule writer's every edit makes a new one)


@cache
def _code() -> bytes:
    """The digest of the code the tables depend on, and of how this machine stores an array's ints."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"costly-variants {__version__}\n{sys.byteorder} {array('i').itemsize}\n".encode())
    paths = [*sorted((package / "game").glob("*.py")), *sorted((package / "count").glob("*.py")),
             package / "profiles" / "rules.py", package / "cards.py"]
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def _value(value: Any) -> str:
    """A rule value as text that is the same in every process (a set's order is not)."""
    if isinstance(value, (set, frozenset)):
        return repr(sorted(value, key=repr))
    return repr(value)


def key(rules: Rules, layout: Sequence[str]) -> str:
    """The key of ``rules``' tables as a kernel with this ``layout`` reads them."""
    digest = hashlib.sha256(_code())
    digest.update("\0".join(layout).encode() + b"\0")
    for field in fields(rules):
        if "key" in field.metadata:  # the rules, not their citations
            digest.update(f"{field.name}={_value(getattr(rules, field.name))}\0".encode())
    return digest.hexdigest()


def _entry(rules_key: str, made: CompiledRules) -> bytes:
    body = made.table.tobytes()
    kinds = [list(kind) for kind in made.kinds]
    head = {"key": rules_key, "kinds": kinds, "digest": _digest(rules_key, kinds, body)}
    return json.dumps(head).encode() + b"\n" + body


def _digest(rules_key: str, kinds: Any, body: bytes) -> str:
    return hashlib.sha256(rules_key.encode() + json.dumps(kinds).encode() + body).hexdigest()


def _unpacked(stored: bytes | None, rules_key: str) -> CompiledRules | None:
    """The tables in a stored entry, if it is this key's and whole; else None."""
    from .kernel import CompiledRules, ScoreKind

    if stored is None:
        return None
    line, _, body = stored.partition(b"\n")
    try:
        head = json.loads(line)
        if head["key"] != rules_key or head["digest"] != _digest(rules_key, head["kinds"], body):
            return None
        table = array("i")
        table.frombytes(body)
        return CompiledRules(table, tuple(ScoreKind(str(rule), str(name), bool(hitter))
                                          for rule, name, hitter in head["kinds"]))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _storable() -> bool:
    """Whether compiled tables are what a file here holds, the array and the kinds, and nothing more (tables
    that grew another part are compiled every time until this module stores that part too)."""
    from .kernel import CompiledRules

    return tuple(field.name for field in fields(CompiledRules)) == ("table", "kinds")


def compiled(rules: Rules, layout: Sequence[str], make: Callable[[Rules], CompiledRules]) -> CompiledRules:
    """``make(rules)``, from the cache when it holds these tables, else made and kept there."""
    if cache_dir() is None or not _storable():
        return make(rules)
    try:
        rules_key = key(rules, layout)
    except OSError:  # the package's code cannot be read (a zip, say): no key, so no cache
        return make(rules)
    name = f"{FOLDER}/{rules_key[:32]}.bin"
    found = _unpacked(read_bytes(name), rules_key)
    if found is not None:
        return found
    made = make(rules)
    if write_bytes(name, _entry(rules_key, made)) is not None:
        keep_newest(FOLDER, KEEP, pattern="*.bin")
    return made


__all__ = ["compiled", "key"]
