"""The loader's semantic checks: rules that each pass the schema but cannot be played together.

Every cross-field rule of the profile format is here and only here. Each check reads the plain values
of a complete, schema-valid profile (``section.name`` -> value) and reports at the value that wins for
the key it names, so a house profile that breaks a rule set in the profile it extends is told which
file, line and key to change. A profile that passes these checks plays games in which every deal ends.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping

from ..errors import Problem
from .rules import Category
from .document import Document, PathKey

# Where to report a problem with a rule key (None: with the profile as a whole): the file, the path, and
# the profile the value was inherited from when the file itself does not set it.
Locate = Callable[[str | None], tuple[Document, PathKey, str | None]]
Values = Mapping[str, Any]

DECK_SIZE = 52
HIGHEST_NUMERAL = 10


def _declaration_order(v: Values) -> Iterator[tuple[str, str]]:
    lacking = sorted({c.value for c in Category} - set(v["count.declaration_order"]))
    if lacking:
        yield "count.declaration_order", f"declaration order must name every category; missing {', '.join(lacking)}"


def _players(v: Values) -> Iterator[tuple[str, str]]:
    four = v["players.count"] == 4
    if v["players.partnerships"] and not four:
        yield "players.partnerships", "partnerships need 4 players (players.count)"
    if four and not v["players.partnerships"]:
        yield "players.count", "4 players play only as two partnerships: set players.partnerships: true"
    if four and not v["mog.partners_exchange"]:
        yield "mog.partners_exchange", ("4 players mog only with their partners: set mog.partners_exchange: "
                                        "true (no other four-hand mog is defined)")
    if not four and v["mog.partners_exchange"]:
        yield "mog.partners_exchange", "partners mog only in the four-hand game (players.count: 4)"
    if not four and v["mog.dealer_mogs_stock"]:
        yield "mog.dealer_mogs_stock", "the dealer mogs the stock only in the four-hand game (players.count: 4)"
    if (four and v["mog.dealer_mogs_stock"] and v["mog.stock_when"] == "dealer-refused"
            and v["mog.partners_challenger"] != "eldest-and-dealer"):
        yield "mog.stock_when", ("dealer-refused needs mog.partners_challenger: eldest-and-dealer; where the "
                                 "elder hand challenges, the dealer never asks and so is never refused")


def _deck(v: Values) -> Iterator[tuple[str, str]]:
    needed = v["players.count"] * v["deal.cards_each"] + 1 + (1 if v["mog.dealer_mogs_stock"] else 0)
    if needed > DECK_SIZE:
        yield "deal.cards_each", (f"{v['players.count']} players with {v['deal.cards_each']} cards each, the "
                                  f"deck card and the stock need {needed} cards; the pack has {DECK_SIZE}")


def _play_limit(v: Values) -> Iterator[tuple[str, str]]:
    limit = v["play.limit"]
    # Every card must be playable on an empty count, or a series can end before any card is played and
    # the play never ends.
    cards = {"a Ten": HIGHEST_NUMERAL, "a court card (cards.court_value)": v["cards.court_value"],
             "an Ace at its lowest (cards.ace_values)": min(v["cards.ace_values"])}
    for name, value in cards.items():
        if value > limit:
            yield "play.limit", (f"{name} counts {value}, more than the limit {limit}: it could never be "
                                 f"played, and the play would never end")
    unreachable = [t for t in v["play.point_totals"] if t > limit]
    if unreachable:
        yield "play.point_totals", (f"{', '.join(map(str, unreachable))} can never be reached in play: the count "
                                    f"may not pass play.limit {limit}")


def _alike(v: Values) -> Iterator[tuple[str, str]]:
    # Pairs, prials and double prials score two, three and four alike; nothing scores five.
    if v["count.pair_match"] != "courts-alike":
        return
    if v["deal.cards_each"] + 1 > 4:
        yield "count.pair_match", (f"courts-alike with {v['deal.cards_each']} cards each lets five courts "
                                   f"meet in one count, and no rule scores five alike")
    elif v["play.pairs"] and 5 * v["cards.court_value"] <= v["play.limit"]:
        yield "count.pair_match", (f"courts-alike with play.pairs lets five courts be played in one series "
                                   f"(5 x {v['cards.court_value']} <= play.limit {v['play.limit']}), and "
                                   f"no rule scores five alike")


def _sums(values: set[int], most: int) -> list[set[int]]:
    """``out[k]``: every total of exactly ``k`` card values (k from 0 to ``most``)."""
    out = [{0}]
    for _ in range(most):
        out.append({t + v for t in out[-1] for v in values if t + v <= 1000})
    return out


def can_score(v: Values) -> list[str]:
    """The rules by which some deal can bring a point, whatever the players choose to say.

    The go and a refusal to mog are left out: players who never say go or never refuse would never
    score by them. A total counts only if some cards can make it; a combination only if a hand or a
    series can hold it.
    """
    held = v["deal.cards_each"] + 1  # a hand and the deck card
    in_play = v["players.count"] * v["deal.cards_each"]
    limit = v["play.limit"]
    card_values = set(range(2, 11)) | {v["cards.court_value"]} | set(v["cards.ace_values"])
    sums = _sums(card_values, max(held, in_play))
    in_hand = set().union(*sums[2:held + 1])
    played = {t for t in set().union(*sums[1:in_play + 1]) if t <= limit}
    found = []
    if v["turnup.heels_points"] and v["turnup.heels_ranks"]:
        found.append("turnup.heels_points")
    if v["play.latter_points"]:
        found.append("play.latter_points")
    if any(t in played for t in v["play.point_totals"]):
        found.append("play.point_totals")
    if any(t in in_hand for t in v["count.point_totals"]):
        found.append("count.point_totals")
    if (v["count.thirty_one"] == "per-card" and limit in in_hand) or (
            v["count.thirty_one"] == "flat-whole-hand" and v["count.thirty_one_flat_points"] and limit in sums[held]):
        found.append("count.thirty_one")
    for key in ("count.jack_points", "count.right_jack_points", "count.deuce_points", "count.right_deuce_points"):
        if v[key]:
            found.append(key)
    for key, alike in (("count.pair_points", 2), ("count.prial_points", 3), ("count.double_prial_points", 4)):
        if v[key] and (alike <= held or (v["play.pairs"] and alike <= in_play)):
            found.append(key)
    if any(e["points"] and max(e["in_colour"], e["in_suit"]) <= held for e in v["count.colours"]):
        found.append("count.colours")
    least_run = v["play.sequence_min"]
    if v["count.sequences"] and least_run <= held:
        found.append("count.sequences")
    if v["play.sequences"] and least_run <= in_play and min(card_values) * least_run <= limit:
        found.append("play.sequences")
    return found


def _something_scores(v: Values) -> Iterator[tuple[str | None, str]]:
    if not can_score(v):
        yield None, ("nothing in this profile scores unless a player chooses to say go or to refuse "
                              "a mog, so a game need never end: give points to heels, the latter, points, "
                              "Jacks, Deuces, pairs or colours")


def points_every_deal(v: Values) -> bool:
    """True when every deal pays at least one point, so a game to ``t`` ends within about 2t deals.

    The last series of every play ends either at the limit (the hitter, where the limit is a point
    total) or short of it (the latter; where a go was paid instead, the go).
    """
    return bool(v["play.latter_points"]) and v["play.limit"] in v["play.point_totals"]


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return str(value)


CHECKS: tuple[Callable[[Values], Iterator[tuple[str | None, str]]], ...] = (_declaration_order, _players, _deck, _play_limit, _alike, _something_scores)


def broken_together(values: Values) -> list[str]:
    """What makes a complete set of plain values unplayable, one message per broken rule (none: playable)."""
    return [message for check in CHECKS for _, message in check(values)]


def swapped_in(values: Values, key: str, value: Any, together: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with ``key`` read as ``value``, and the rules its reading goes with as ``together``."""
    return {**values, key: value, **together}


def described(key: str, value: Any, together: Mapping[str, Any]) -> str:
    """An alternative in a line: ``play.go_points: 0 (with play.latter_points: 1)``."""
    text = f"{key}: {_shown(value)}"
    if together:
        text += " (with " + ", ".join(f"{k}: {_shown(v)}" for k, v in together.items()) + ")"
    return text


# An alternative as the loader reads it: the rule it is of, its place in the rule's list, its value, and the
# rules it goes with.
Recorded = tuple[str, int, Any, Mapping[str, Any]]
# Where to report a problem with an alternative: the file, the path, and the profile that records it when
# that is not the file being checked.
LocateAlternative = Callable[[str, int], tuple[Document, PathKey, str | None]]


def alternative_problems(values: Values, recorded: list[Recorded], locate: LocateAlternative) -> list[Problem]:
    """Every recorded alternative must be a reading that can be played: the profile with it (and the
    values it goes with) swapped in passes the checks above, and it changes something. Each problem is
    reported at the alternative where the file checked records it, else at the file's rules, naming the
    profile it comes from."""
    problems = []
    for key, index, value, together in recorded:
        doc, path, inherited = locate(key, index)
        name = described(key, value, together)
        for message in unplayable(values, key, value, together):
            where = f" (from {inherited})" if inherited is not None else ""
            fix = f"; restate {key} in this file with the readings that fit it" if inherited is not None else ""
            problems.append(doc.problem(path, f"the alternative {name}{where} cannot be played with this "
                                              f"profile's rules: {message}{fix}"))
    return problems


def unplayable(values: Values, key: str, value: Any, together: Mapping[str, Any]) -> list[str]:
    """Why the reading ``key: value`` (with ``together``) cannot be played with ``values``; none: it can."""
    if key in together:
        return [f"its 'with' names {key} itself"]
    trial = swapped_in(values, key, value, together)
    return broken_together(trial) or (
        ["it is the value the profile has already: it changes nothing"] if trial == dict(values) else [])


def semantic_problems(values: Values, locate: Locate) -> list[Problem]:
    """Every broken cross-field rule, each located at the value of the key it names."""
    problems = []
    for check in CHECKS:
        for key, message in check(values):
            doc, path, inherited = locate(key)
            if inherited is not None and key is not None:
                message = f"{key} ({_shown(values[key])}, from {inherited}): {message}"
            problems.append(doc.problem(path, message))
    return problems
