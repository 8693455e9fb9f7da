"""Exact analyses kept in the user's cache folder, so that a count that has not changed is not analysed
again: ``costly analyse hands`` and ``costly compare`` show the exact figures of every profile they name,
and most runs name profiles whose count is the same as last time.

An analysis is filed under a key of everything it depends on: the package's version, the code that
counts (this folder, the typed rules and the cards) and the rules that a count depends on
(``Rules.counting``, the declaration order and the hand size). So a changed rule, a house profile or an edited counting
module gives a new key and a fresh analysis; only the tallies are stored, with a digest that a damaged or
hand-edited file fails. Everything else about the cache is ``costly_variants.cache``'s: ``COSTLY_CACHE_DIR``,
quiet failures, files written whole.
"""
from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from .._version import __version__
from ..cache import cache_dir, keep_newest, read_json, write_json
from ..profiles.rules import Rules
from .analysis import HandAnalysis, analyse_hands, from_tallies

FOLDER = "analysis"
KEEP = 256  # analyses kept; the oldest go first (a house-rule writer's every edit makes a new one)


@cache
def _code() -> bytes:
    """The digest of the code an analysis depends on."""
    here = Path(__file__).resolve().parent
    package = here.parent
    digest = hashlib.sha256(f"costly-variants {__version__}\n".encode())
    for path in [*sorted(here.glob("*.py")), package / "profiles" / "rules.py", package / "cards.py"]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def key(rules: Rules) -> str:
    """The key of the analysis of ``rules``: rules that count alike, hands of the same size, share it."""
    text = f"{rules.counting!r}\n{rules.declaration_order!r}\ncards {rules.cards_each}".encode()
    return hashlib.sha256(_code() + text).hexdigest()


def _seal(key_text: str, tallies: Any) -> str:
    return hashlib.sha256((key_text + json.dumps(tallies, sort_keys=True)).encode()).hexdigest()


def analysis(rules: Rules) -> HandAnalysis:
    """``analyse_hands(rules)``, from the cache when it holds this count's analysis, else worked out and
    kept there."""
    if cache_dir() is None:
        return analyse_hands(rules)
    try:
        rules_key = key(rules)
    except OSError:  # the package's code cannot be read (a zip, say): no key, so no cache
        return analyse_hands(rules)
    name = f"{FOLDER}/{rules_key[:32]}.json"
    stored = read_json(name)
    found = _unsealed(stored, rules_key)
    if found is not None:
        return found
    result = analyse_hands(rules)
    tallies = {"distribution": [[total, n] for total, n in result.distribution.items()],
               "category_deals": dict(result.category_deals), "category_points": dict(result.category_points)}
    if write_json(name, {"key": rules_key, "tallies": tallies, "seal": _seal(rules_key, tallies)}) is not None:
        _keep_the_newest()
    return result


def _unsealed(stored: Any, rules_key: str) -> HandAnalysis | None:
    """The analysis in a stored entry, if it is this key's and whole; else None."""
    try:
        tallies = stored["tallies"]
        if stored["key"] != rules_key or stored["seal"] != _seal(rules_key, tallies):
            return None
        distribution = {int(total): int(n) for total, n in tallies["distribution"]}
        deals = {str(c): int(n) for c, n in tallies["category_deals"].items()}
        points = {str(c): int(n) for c, n in tallies["category_points"].items()}
        return from_tallies(distribution, deals, points)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _keep_the_newest() -> None:
    keep_newest(FOLDER, KEEP)
