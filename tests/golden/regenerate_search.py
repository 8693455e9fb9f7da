"""Rewrite the record of the search bot's choices: python -m tests.golden.regenerate_search (only when a
change is meant to alter the search bot's games; review the diff).

``search_choices.json`` holds, for every bundled profile, a few seeds of search against expert and expert
against search, played by the Python engine: for each game its result and a digest of every deal's
actions and score events; and, for many more seeds played by the compiled kernel, a digest of each whole
game. ``tests/test_search.py`` plays the same seeds in the engine and in the kernel and checks them
against it, so that "the same choices" is checked against the past, not only between the two engines.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterable, Sequence

from costly_variants import profiles
from costly_variants.runs.runner import seeds_for
from costly_variants.game import kernel
from costly_variants.game.actions import CHANCE_ACTIONS, Kind
from costly_variants.game.kernel import action_code
from costly_variants.game.playout import play_game
from costly_variants.game.state import Game

HERE = Path(__file__).parent
RECORD = HERE / "search_choices.json"
# The search that plays for points: the record was made before "search" played the board, and names it
# "search" (tests/test_search.py reads that name as search-points).
PAIRINGS = (("search-points", "expert"), ("expert", "search-points"))
SEEDS = (11, 12)
KERNEL_SEEDS = seeds_for(26, 40)


def deal_digests(deals: int, actions: Iterable[tuple[int, int]], events: Iterable[tuple[Any, ...]]) -> list[str]:
    """One digest a deal (the cut before the first deal counts in the first): of its actions, as
    ``kernel.action_code`` writes them, each with the deal it was taken in, and of its score events
    (deal, player, points, rule, name)."""
    per_deal = [hashlib.sha256() for _ in range(max(deals, 1))]
    for deal, code in actions:
        per_deal[max(deal, 1) - 1].update(f"a{code};".encode())
    for deal, *rest in events:
        per_deal[deal - 1].update(("e" + ",".join(str(x) for x in rest) + ";").encode())
    return [h.hexdigest()[:16] for h in per_deal]


def engine_game(profile_id: str, bots: Sequence[str], seed: int) -> dict[str, Any]:
    """The engine's game of ``seed`` as the record holds it."""
    rules = profiles.load(profile_id).rules
    game = Game(rules, variant=profile_id)
    state = play_game(game, bots, seed)
    # The deal each action was taken in: replayed, as the state keeps no deal per action.
    replay, actions = game.new_initial_state(), []
    for action in state.history:
        actions.append((replay.deal_number, action_code(action)))
        replay.apply_trusted(action)
    events = [(e.deal, e.player, e.points, e.rule, e.name) for e in state.events]
    return {"profile": profile_id, "bots": list(bots), "seed": seed, "winner": state.winner,
            "scores": list(state.scores), "deals": state.deal_number, "actions": len(state.history),
            "digests": deal_digests(state.deal_number, actions, events)}


def kernel_actions(codes: Sequence[int]) -> list[tuple[int, int]]:
    """A kernel trace's action codes, each with the deal it was taken in: a deal begins at the first
    card dealt after any other action (the cut comes before the first)."""
    deal, previous, out = 0, -1, []
    dealt = action_code(CHANCE_ACTIONS[Kind.DEAL][0]) & 15  # the kind is the code's low four bits
    for code in codes:
        if code & 15 == dealt and previous != dealt:
            deal += 1
        previous = code & 15
        out.append((deal, code))
    return out


def kernel_digests(profile_id: str, bots: Sequence[str], seeds: Sequence[int]) -> list[str]:
    """One digest a whole game, as the kernel plays each seed."""
    rules = profiles.load(profile_id).rules
    kinds = kernel.compiled(rules).kinds
    digests = []
    for seed, game in zip(seeds, kernel.play(rules, bots, seeds, trace=True)):
        assert game is not None, f"{profile_id} {bots} {seed}: the kernel handed the game back"
        raw = game.events
        events = [(raw[i], raw[i + 1], raw[i + 2], kinds[raw[i + 3]].rule, kinds[raw[i + 3]].name)
                  for i in range(0, len(raw), 4)]
        digests.append(whole_game_digest(kernel_actions(game.actions), events, game.scores))
    return digests


def whole_game_digest(actions: Iterable[tuple[int, int]], events: Iterable[tuple[Any, ...]],
                      scores: Sequence[int]) -> str:
    digest = hashlib.sha256(repr(list(scores)).encode())
    for deal, code in actions:
        digest.update(f"a{deal},{code};".encode())
    for event in events:
        digest.update(("e" + ",".join(str(x) for x in event) + ";").encode())
    return digest.hexdigest()[:16]


def kernel_game(record: dict[str, Any], bots: Sequence[str]) -> dict[str, Any]:
    """A recorded engine game (``engine_game``'s) played again by the kernel, in the record's form."""
    from costly_variants.game import kernel

    rules = profiles.load(record["profile"]).rules
    (game,) = kernel.play(rules, bots, [record["seed"]], trace=True)
    assert game is not None
    kinds = kernel.compiled(rules).kinds
    raw = game.events
    events = [(raw[i], raw[i + 1], raw[i + 2], kinds[raw[i + 3]].rule, kinds[raw[i + 3]].name)
              for i in range(0, len(raw), 4)]
    return {**record, "digests": deal_digests(game.deals, kernel_actions(game.actions), events),
            "winner": game.winner, "scores": list(game.scores), "deals": game.deals,
            "actions": len(game.actions)}


def write(record: Path, about: str, pairings: Sequence[Sequence[str]], seeds: Sequence[int], seeds_text: str,
          kernel_seeds: Sequence[int]) -> None:
    """A record: engine games deal by deal, and the kernel's whole games on many seeds."""
    games = [engine_game(profile_id, bots, seed) for profile_id in profiles.bundled_ids() for bots in pairings
             for seed in seeds]
    many = [{"profile": profile_id, "bots": list(bots), "seeds": seeds_text,
             "digests": kernel_digests(profile_id, bots, kernel_seeds)}
            for profile_id in profiles.bundled_ids() for bots in pairings]
    record.write_text(json.dumps({"about": about, "games": games, "kernel_games": many}, indent=1) + "\n",
                      encoding="utf-8")
    for game in games:
        print(game["profile"], game["bots"], game["seed"], game["scores"], game["actions"])


def main() -> None:
    write(RECORD, __doc__.split("\n\n")[1].replace("\n", " "), PAIRINGS, SEEDS, "seeds_for(26, 40)", KERNEL_SEEDS)


if __name__ == "__main__":
    main()
