"""Stage 3, game: the one engine every profile plays on, after OpenSpiel's Python games; the bots; whole
seeded games with their invariants checked.

The phases live in modules named after the profile sections they honour: ``deal`` (the cut and the
deal), ``turnup``, ``mog``, ``play`` and ``count``; ``state`` joins them into ``State``.
"""
from __future__ import annotations

from .actions import Action, Kind
from .base import CHANCE, TERMINAL, Event, Phase
from .playout import InvariantError, check_invariants, play_game
from .state import Game, State, replay

__all__ = ["Action", "CHANCE", "Event", "Game", "InvariantError", "Kind", "Phase", "State", "TERMINAL",
           "check_invariants", "play_game", "replay"]
