"""Why a reading changes no game: the rule does nothing under the profile's other values (when the latter
is worth no points, when it is scored does not matter), or the bots never meet it (the greedy bot always
asks to mog and always agrees, so no mog is refused), or these games never came where the two readings part."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

Values = Mapping[str, Any]

FOUR_HAND = ("mog.partners_exchange", "mog.partners_challenger", "mog.dealer_mogs_stock", "mog.stock_when")


def _four_hand(v: Values) -> str | None:
    return None if v["players.count"] == 4 else f"a rule of the four-hand game, and {v['players.count']} play here"


def _one_ace_value(v: Values) -> str | None:
    return "cards.ace_values has one value here: an Ace never chooses" if len(v["cards.ace_values"]) < 2 else None


# Each rule that can do nothing under other values, and when: the words say which value and why.
INERT: dict[str, Callable[[Values], str | None]] = {
    "play.latter_when": lambda v: "play.latter_points is 0 here: no latter is scored, so when does not matter"
    if v["play.latter_points"] == 0 else None,
    "play.go_and_latter": lambda v: "play.go_points or play.latter_points is 0 here: a series never pays both"
    if v["play.go_points"] == 0 or v["play.latter_points"] == 0 else None,
    "play.sequence_min": lambda v: "no sequence scores here (play.sequences and count.sequences are off)"
    if not v["play.sequences"] and not v["count.sequences"] else None,
    "count.thirty_one_flat_points": lambda v: "count.thirty_one is not flat here: the flat points are never paid"
    if v["count.thirty_one"] != "flat-whole-hand" else None,
    "mog.not_asking_pays": lambda v: "mog.refusal_points is 0 here: a refusal pays nothing"
    if v["mog.refusal_points"] == 0 else None,
    "mog.late_claim_when": lambda v: "mog.late_claim is off here: no claim is made, so when does not matter"
    if not v["mog.late_claim"] else None,
    "turnup.heels_before_play": lambda v: "turnup.heels_points is 0 here: heels pay nothing"
    if v["turnup.heels_points"] == 0 else None,
    "cards.ace_chooser": _one_ace_value,
    "count.one_value_per_ace": _one_ace_value,
    **{key: _four_hand for key in FOUR_HAND},
}

# Rules a bot meets only in a decision the named bots never make differently.
SEATS = ("deal.first_dealer", "deal.cut_ace")
# Rules met only where a mog is refused (or not asked for): the greedy bot always asks and always agrees.
REFUSALS = ("mog.procedure", "mog.refusal_points", "mog.not_asking_pays")
# Rules met only where a Jack or Deuce given in the mog is not pegged at once, which only the random bot does:
# the greedy and expert bots (and the search bot, which mogs as the expert) peg it first.
CLAIMS = ("mog.late_claim", "mog.late_claim_when")
PEGGING_BOTS = {"greedy", "expert", "search"}


def why_unchanged(key: str, values: Values, read: Values, bots: Sequence[str], games: int) -> str:
    """Why reading ``key`` as in ``read`` (the profile's ``values`` with the reading swapped in) changed none
    of ``games`` games played by ``bots``."""
    test = INERT.get(key)
    if test is not None:
        why = test(values)
        if why is not None and test(read) is not None:
            return why
    if key in REFUSALS and set(bots) == {"greedy"}:
        return "the greedy bot always asks to mog and always agrees, so no mog is refused (try --bot expert)"
    if key in CLAIMS and set(bots) <= PEGGING_BOTS:
        return ("every bot here pegs a Jack or Deuce it gives in the mog at once, so none is left to claim late "
                "(try --bot random)")
    if key in SEATS and len(set(bots)) == 1:
        return "with the same bot in every seat, who deals first changes nothing (try --bot greedy --bot expert)"
    return f"in these {games} games no deal came where the two readings part (try more --games)"


def never_met(keys: Sequence[str], values: Values, read: Values, bots: Sequence[str], games: int
              ) -> list[dict[str, str]]:
    """Where two rule sets that differ in ``keys`` played the same games, game for game: each rule with why
    the games never met it (``why_unchanged``), for a report to say in words beside the rule instead of a
    row of zeros."""
    return [{"rule": key, "why": why_unchanged(key, values, read, bots, games)} for key in keys]


def same_games(difference: Mapping[str, Any]) -> bool:
    """A paired difference of games that were the same, game for game: zero, and no spread."""
    return difference.get("value") == 0 and difference.get("low") == 0 and difference.get("high") == 0


__all__ = ["INERT", "never_met", "same_games", "why_unchanged"]
