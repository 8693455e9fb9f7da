"""Many seeded games of one profile, bot against bot, summarised; every game's invariants checked."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from ..game.playout import play_game
from ..game.state import Game, State


@dataclass
class Summary:
    variant: str
    games: int
    seed: int
    bots: list[str]
    wins_by_team: list[int]
    wins_by_first_dealer_team: int
    mean_deals: float
    mean_winning_margin: float
    points_by_name: dict[str, float]

    def as_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "games": self.games, "seed": self.seed, "bots": self.bots,
                "wins_by_team": self.wins_by_team, "first_dealer_side_won": self.wins_by_first_dealer_team,
                "mean_deals": round(self.mean_deals, 4), "mean_winning_margin": round(self.mean_winning_margin, 4),
                "mean_points_per_game_by_score": {k: round(v, 4) for k, v in sorted(self.points_by_name.items())},
                "invariants": "checked on every game"}


def simulate(game: Game, games: int, seed: int, bot_names: Sequence[str]) -> Summary:
    master = random.Random(seed)
    wins = [0] * game.num_teams
    first_dealer_side = 0
    deals = 0
    margin = 0
    points: Counter[str] = Counter()
    for _ in range(games):
        state = play_game(game, bot_names, master.getrandbits(64))  # invariants watched as it runs
        assert state.winner is not None
        wins[state.winner] += 1
        first_dealer_side += state.winner == game.team_of(_first_dealer(state))
        deals += state.deal_number
        margin += state.scores[state.winner] - max(s for t, s in enumerate(state.scores) if t != state.winner)
        for event in state.events:
            points[event.name] += event.points
    return Summary(game.variant, games, seed, list(bot_names), wins, first_dealer_side, deals / games,
                   margin / games, {k: v / games for k, v in points.items()})


def _first_dealer(state: State) -> int:
    """Who dealt first: the dealer of the last deal, counted back."""
    return (state.dealer - (state.deal_number - 1)) % state.n
