"""Stage 4, worked examples: the sources' own examples, replayed through the count and the game, the
source's figures set against the engine's with the reason for every disagreement."""
from __future__ import annotations

from .replay import load_examples, replay, replay_all

__all__ = ["load_examples", "replay", "replay_all"]
