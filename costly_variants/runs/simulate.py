"""Many seeded games of one profile, bot against bot, summarised; every game's invariants checked."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..game.playout import play_game
from ..game.state import Game
from .measures import measure
from .runner import seeds_for
from .tally import Sums, Tally


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
    games_asked: int | None = None  # None: as many as were played
    complete: bool = True  # False: stopped early (Ctrl-C, SIGTERM, SIGHUP), with ``games`` of ``games_asked``

    def as_dict(self) -> dict[str, Any]:
        asked = self.games if self.games_asked is None else self.games_asked
        return {"variant": self.variant, "games": self.games, "games_asked": asked, "complete": self.complete,
                "seed": self.seed, "bots": self.bots,
                "wins_by_team": self.wins_by_team, "first_dealer_side_won": self.wins_by_first_dealer_team,
                "mean_deals": round(self.mean_deals, 4), "mean_winning_margin": round(self.mean_winning_margin, 4),
                "mean_points_per_game_by_score": {k: round(v, 4) for k, v in sorted(self.points_by_name.items())},
                "invariants": "checked on every game"}


def summarise_games(variant: str, teams: int, seed: int, bot_names: Sequence[str], sums: Sums, *,
                    asked: int | None = None) -> Summary:
    """The summary of the games played (all of them, or those finished before an interrupt), from their
    sums (a plan with ``names``); ``asked``: the games asked for, where a stop may have cut them short."""
    games = sums.games
    share = 1 / games if games else 0.0
    return Summary(variant, games, seed, list(bot_names), list(sums.wins[:teams]), sums.total["first_dealer_won"],
                   sums.total["deals"] * share, sums.total["margin"] * share,
                   {name: sums.names[name] * share for name in sorted(sums.named)},
                   games if asked is None else asked, asked is None or games == asked)


def simulate(game: Game, games: int, seed: int, bot_names: Sequence[str]) -> Summary:
    """``games`` games in this process by the Python engine; ``runner.run_plans`` plays the same seeds
    in many, in the kernel where it was built. Every game's invariants are watched as it runs
    (``play_game``'s default check)."""
    tally = Tally.empty(1)
    for game_seed in seeds_for(seed, games):
        tally.add_seed([measure(play_game(game, bot_names, game_seed), game_seed)], names=True)
    return summarise_games(game.variant, game.num_teams, seed, bot_names, tally.sums[0])
