"""Stage 6, openspiel: every profile an OpenSpiel game. ``import costly_variants.openspiel`` registers
the game ``costly_colours`` with OpenSpiel (the ``openspiel`` extra: ``pip install
'costly-variants[openspiel]'``), so that ``pyspiel.load_game("costly_colours", {"variant": ID_OR_PATH})``
plays that profile's exact rules on the project's engine, for OpenSpiel's algorithms (MCTS, ISMCTS, CFR
on small variants, reinforcement learning) and its tests.

``game`` is the game and its observations, ``core`` what each seat sees, ``resample`` the deals a seat
cannot tell apart (for information-set search), ``bots`` the project's bots as OpenSpiel bots, and
``match`` OpenSpiel's ISMCTS bot played against them.
"""
from __future__ import annotations

try:
    import pyspiel
except ImportError:  # pragma: no cover - the message is the point
    raise ImportError("costly_variants.openspiel needs OpenSpiel: pip install 'costly-variants[openspiel]'") from None

from .game import GAME_TYPE, SHORT_NAME, CostlyColoursGame, CostlyColoursState, ParameterError

if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, CostlyColoursGame)

__all__ = ["CostlyColoursGame", "CostlyColoursState", "GAME_TYPE", "ParameterError", "SHORT_NAME"]
