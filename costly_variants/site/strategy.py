"""A profile's strategy, worked out at build time: what the mog is worth and which cards to give (exact
values over every card that may come, on seeded random deals), and how much the best play gains over
greedy play (the search bot against the greedy one, seats swapped).

``.. costly-strategy:: ID`` on a profile's page; the deals and games are said beside the figures, and the
same numbers come from ``costly advise`` and ``costly compare`` (the skill section).
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Mapping

from docutils import nodes

from ..cards import FULL_DECK, Rank
from .. import stats
from ..game.advice import mog_choices
from ..profiles import Profile
from . import nodes as n
from .directive import CostlyDirective

DEALS = 150  # random deals whose mog is valued exactly (each over every card that may come)
SEED = 1


_MADE: dict[tuple[str, ...], Any] = {}  # one build's figures, by profile and what they are


def _mog_summary(profile: Profile) -> dict[str, Any]:
    key = ("mog", profile.id)
    if key not in _MADE:
        _MADE[key] = _mog_summary_of(profile)
    return _MADE[key]  # type: ignore[no-any-return]


def _mog_summary_of(profile: Profile) -> dict[str, Any]:
    rules = profile.rules
    rng = random.Random(SEED)
    gains: list[Fraction] = []
    given: dict[Rank, int] = {}
    mogged = 0
    for _ in range(DEALS):
        cards = rng.sample(FULL_DECK, rules.cards_each + 1)
        hand, deck = cards[:-1], cards[-1]
        choices = mog_choices(rules, hand, deck)
        keep = next(c for c in choices if c.give is None)
        best = choices[0]
        gains.append(max(Fraction(0), best.value - keep.value))
        if best.give is not None:
            mogged += 1
            given[best.give.rank] = given.get(best.give.rank, 0) + 1
    ranks = sorted(given.items(), key=lambda kv: (-kv[1], int(kv[0])))
    return {"gain": stats.mean_of_sums(len(gains), sum(gains), sum(g * g for g in gains)),
            "mogged": mogged, "given": ranks}


def _skill(directive: CostlyDirective, profile: Profile, strong: str, weak: str) -> Mapping[str, Any] | None:
    """The skill figure of the build's comparison (the games the comparing page shows), for this profile."""
    from .comparison import comparison

    data = comparison(directive.data, int(directive.config.costly_compare_games))
    row = next((f for f in data["figures"] if f["key"] == f"skill.{strong}-{weak}"), None)
    return None if row is None else row["estimates"].get(profile.id)


def _seeds(directive: CostlyDirective, strong: str) -> int:
    from .comparison import search_games, skill_games

    games = int(directive.config.costly_compare_games)
    return search_games(games) if strong == "search" else skill_games(games)


def _percent(e: Mapping[str, Any]) -> str:
    if e.get("low") is None or e.get("high") is None:
        return f"{e['value']:.0%}"
    return f"{e['value']:.0%} (95% interval {e['low']:.0%} to {e['high']:.0%})"


_RANK_WORDS = {Rank.ACE: "Aces", Rank.JACK: "Jacks", Rank.QUEEN: "Queens", Rank.KING: "Kings", Rank.TWO: "Deuces"}


def _rank_name(rank: Rank) -> str:
    return _RANK_WORDS.get(rank, f"{int(rank)}s")


class StrategyDirective(CostlyDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        profile = self.profile(self.arguments[0])
        if profile is None:
            return []
        return strategy(self, profile)


def strategy(directive: CostlyDirective, profile: Profile) -> list[nodes.Node]:
    """The strategy section's body for ``profile`` (its page, or ``.. costly-strategy::``)."""
    mog = _mog_summary(profile)
    body: list[nodes.Node] = []
    gain = mog["gain"]
    body.append(n.para(
        f"The mog: on {DEALS} random deals, the eldest does best to mog in {mog['mogged']} of them, and a good "
        f"mog is worth {gain.value:.2f} points a deal on average over keeping the hand (each choice valued "
        "exactly, over every card that may come, with what the mog itself pays; ", n.literal("costly advise"),
        " gives a hand's)."))
    if mog["given"]:
        shown = [f"{_rank_name(rank)} ({count})" for rank, count in mog["given"][:5]]
        body.append(n.para("The cards best given, most often first: " + ", ".join(shown) + "."))
    rows = []
    for strong, weak in (("search", "greedy"), ("expert", "greedy")):
        estimate = _skill(directive, profile, strong, weak)
        rows.append([f"the {strong} bot against the {weak}", f"{_seeds(directive, strong):,}",
                     _percent(estimate) if estimate else "not played"])
    body.append(n.para("The play: how often the better player wins, each seed played twice with the seats swapped "
                       "(the search bot searches every choice to the end of the deal over the hands the other may "
                       "hold; the expert looks one card ahead; the greedy bot takes the most points at once). "
                       "These are the skill games of the comparison (", n.xref("compare-section-skill", "skill"),
                       "):"))
    body.append(n.table(["bots", "seeds", "games won by the first"], rows))
    return [directive.located(node) for node in body]


__all__ = ["DEALS", "StrategyDirective", "strategy"]
