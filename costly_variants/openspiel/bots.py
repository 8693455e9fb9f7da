"""The project's bots (``random``, ``greedy``, ``expert``) as OpenSpiel bots, for ``evaluate_bots`` and
for matches against OpenSpiel's own. Each chooses from its seat's view of the engine's state, as it does
in ``costly simulate``."""
from __future__ import annotations

import random
from typing import Any

import pyspiel

from ..game.bots import make_bot


class ProjectBot(pyspiel.Bot):  # type: ignore[misc]
    """One of the project's bots for one seat of a ``costly_colours`` game, seeded."""

    def __init__(self, name: str, player: int, seed: int) -> None:
        pyspiel.Bot.__init__(self)
        self.name = name
        self.player = player
        self._bot = make_bot(name, random.Random(seed))

    def step(self, state: Any) -> int:
        action = self._bot.choose(state.engine, state.current_player())
        return int(state._core.table.ids[action])

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass


__all__ = ["ProjectBot"]
