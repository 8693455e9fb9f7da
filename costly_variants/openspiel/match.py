"""OpenSpiel's information-set MCTS (``ISMCTSBot``) against one of the project's bots, seats swapped.

Each seed is played twice, ISMCTS in each seat in turn, with the same chance draws (so the first deal is
the same both times); the seed's result is ISMCTS's mean return over its two games, and the figure is
the mean over seeds with Student's t interval (``stats``). By default each game is one deal
(``max_deals=1``) and the return is its points, ISMCTS's side's less the other's: a measure of who plays
a deal better that a few seconds can estimate. Whole games (``max_deals=200, returns="win_loss"``) take
a few seconds each.

ISMCTS draws the deals it searches from its seat's view (``CostlyColoursState.resample_from_infostate``)
and values a position by one random playout to the game's end (OpenSpiel's ``RandomRolloutEvaluator``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from .. import stats
from .bots import ProjectBot
from .game import SHORT_NAME


@dataclass(frozen=True)
class Match:
    """The games played and what they show."""

    variant: str
    opponent: str
    simulations: int
    max_deals: int
    returns: str
    seed: int
    results: tuple[tuple[int, int, float], ...]  # (seed, ISMCTS's seat, ISMCTS's return) per game

    @property
    def per_seed(self) -> list[float]:
        """ISMCTS's mean return over the two games of each seed."""
        by_seed: dict[int, list[float]] = {}
        for seed, _, value in self.results:
            by_seed.setdefault(seed, []).append(value)
        return [sum(values) / len(values) for values in by_seed.values()]

    @property
    def estimate(self) -> stats.Estimate:
        """The mean return a game of ISMCTS against the opponent, with its 95% t interval over seeds."""
        return stats.mean(self.per_seed)

    def as_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "opponent": self.opponent, "simulations": self.simulations,
                "max_deals": self.max_deals, "returns": self.returns, "seed": self.seed,
                "seeds": len(self.per_seed), "games": len(self.results), "ismcts_return": self.estimate.as_dict()}

    def __str__(self) -> str:
        e = self.estimate
        unit = "points a deal" if self.returns == "points" and self.max_deals == 1 else \
            "points a game" if self.returns == "points" else "a game (+1 a win, -1 a loss)"
        interval = f", 95% interval [{e.low:+.2f}, {e.high:+.2f}]" if e.has_interval else \
            f" (too few seeds for an interval: {stats.MIN_GAMES} at least)"
        return (f"ISMCTS ({self.simulations} simulations) v {self.opponent} under {self.variant}, "
                f"{len(self.per_seed)} seeds x 2 seatings: {e.value:+.2f} {unit}{interval}")


def play_match(opponent: str = "expert", *, variant: str = "parlett-121", seeds: int = 10, seed: int = 0,
               simulations: int = 20, max_deals: int = 1, returns: str = "points",
               uct_c: float | None = None) -> Match:
    """Play ``seeds`` seeds, each twice with the seats swapped: OpenSpiel's ISMCTS against the project's
    ``opponent`` bot. ``uct_c``, ISMCTS's exploration constant, is by default about the size of the
    returns: 2 for win/loss, 10 for points. The same arguments give the same games."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(SHORT_NAME, {"variant": variant, "returns": returns, "max_deals": max_deals})
    if game.num_players() != 2:
        raise ValueError(f"play_match seats one bot against another: {variant} has {game.num_players()} players")
    exploration = uct_c if uct_c is not None else (10.0 if returns == "points" else 2.0)
    master = random.Random(seed)
    results: list[tuple[int, int, float]] = []
    for number in range(seeds):
        game_seed = master.getrandbits(32)
        for seat in (0, 1):
            searcher_rng = np.random.RandomState(game_seed)
            searcher = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, searcher_rng), exploration,
                                        simulations, random_state=searcher_rng)
            sampler = random.Random(game_seed)
            searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler.random))
            bots: list[Any] = [None, None]
            bots[seat], bots[1 - seat] = searcher, ProjectBot(opponent, 1 - seat, game_seed)
            chance = random.Random(game_seed)  # the same draws in both seatings
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[chance.randrange(len(outcomes))][0])
                else:
                    state.apply_action(int(bots[state.current_player()].step(state)))
            results.append((number, seat, float(state.returns()[seat])))
    return Match(variant, opponent, simulations, max_deals, returns, seed, tuple(results))


__all__ = ["Match", "play_match"]
