"""Rewrite the golden game logs: python -m tests.golden.regenerate (only when a change is meant to
alter games; review the diff)."""
from __future__ import annotations

import json
from pathlib import Path

from costly_variants import profiles
from costly_variants.game.state import Game
from costly_variants.game.log import seat_bots
from costly_variants.game.playout import play_game

HERE = Path(__file__).parent
SEED = 1874
BOTS = ["greedy", "expert"]


def main() -> None:
    for profile in profiles.load_all():
        state = play_game(Game(profile.rules, variant=profile.id), BOTS, SEED)
        log = state.log(seed=SEED, bots=seat_bots(BOTS, state.n))
        (HERE / f"{profile.id}.json").write_text(json.dumps(log, indent=1) + "\n", encoding="utf-8")
        print(profile.id, state.scores, len(log["actions"]))


if __name__ == "__main__":
    main()
