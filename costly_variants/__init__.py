"""costly-variants: the historical rule variants of Costly Colours, from cited profiles to full play.

The package reads as a pipeline, one subpackage a stage, and imports run only from a later stage to an
earlier one: ``profiles`` (YAML, schema, typed rules, sources) -> ``count`` (a hand's count, exact
analysis, batches) -> ``game`` (the engine and bots) -> ``worked_examples`` and ``chances`` (the win table) -> ``runs`` (many
seeded games, summarised) -> ``questions`` (compare, by rule, readings, design) -> ``api`` (this Python interface) and ``openspiel`` (every profile an OpenSpiel game) ->
``cli`` and ``site`` (the terminal and the reference site). ``cards``, ``errors``, ``resources``, ``outputs``, ``cache``, ``stats`` and
``_version`` are the ground floor every stage stands on.
"""
from __future__ import annotations

# typing.TYPE_CHECKING without importing typing, which costs ``costly --version`` a few milliseconds.
TYPE_CHECKING = False

from ._version import __version__

if TYPE_CHECKING:
    from typing import Any

    from .cards import Card, Rank, Suit
    from .api import Analysis, ByRule, Comparison, Odds, Simulation, analyse, odds
    from .count.hand import score_hand
    from .errors import CardError, CostlyError, IllegalActionError, ProfileError, UnknownVariantError
    from .game.state import Game
    from .profiles.loader import Profile, load

# Everything loads on first use, so that ``costly --version`` imports nothing but this file and the
# command line's own.
_LAZY = {"Card": ("cards", "Card"), "Rank": ("cards", "Rank"), "Suit": ("cards", "Suit"),
         **{name: ("errors", name) for name in ("CardError", "CostlyError", "IllegalActionError", "ProfileError",
                                                "UnknownVariantError")},
         "score_hand": ("count.hand", "score_hand"), "load": ("profiles.loader", "load"),
         "Profile": ("profiles.loader", "Profile"), "Game": ("game.state", "Game"),
         # The Python API (costly_variants.api): what the command line does, for notebooks and scripts.
         **{name: ("api", name) for name in ("Analysis", "ByRule", "Comparison", "Simulation", "analyse", "Odds", "odds")}}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        return getattr(importlib.import_module(f".{module}", __name__), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Analysis", "ByRule", "Card", "Comparison", "Odds", "Rank", "Simulation", "Suit", "CardError", "CostlyError",
           "IllegalActionError", "ProfileError", "UnknownVariantError", "Game", "Profile", "analyse", "load", "odds",
           "score_hand", "__version__"]
