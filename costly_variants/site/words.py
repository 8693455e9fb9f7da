"""Rule values and profiles as a reader says them: "the eldest chooses whether to mog", not
``eldest-chooses``; "61 points", not ``61``; "Cotton 1674", not ``cotton-1674``.

The words for each coded value restate the schema's description of that value (``profile.schema.json``,
``description``) in a player's words; a test holds this table to the schema, so a value the schema adds
without words here fails the tests rather than showing as a code on the site.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..profiles import Profile
from ..profiles.display import plain, short_title

# Every coded (enum) value of every rule, in words.
VALUE_WORDS: Mapping[str, Mapping[str, str]] = {
    "deal.first_dealer": {"cut-lowest": "the lowest cut deals", "cut-highest": "the highest cut deals"},
    "deal.cut_ace": {"low": "an Ace cuts low", "high": "an Ace cuts high"},
    "deal.passes": {"next-player": "to the next player"},
    "mog.procedure": {
        "eldest-chooses": "the eldest chooses whether to mog; the dealer agrees or refuses",
        "elder-asks-dealer": "the eldest asks, the dealer agrees or refuses; the eldest may still withdraw, paying as for a refusal",
        "both-pass": "each says whether he will pass a card; they exchange if both will"},
    "mog.late_claim_when": {"before-count": "before the first hand is counted",
                            "claimant-count": "with the claimant's own count"},
    "mog.partners_challenger": {"elder-hand": "the elder hand of each side asks his partner",
                                "eldest-and-dealer": "the eldest and the dealer each ask their partners"},
    "mog.stock_when": {"side-not-mogged": "when the dealer's side has not mogged",
                       "dealer-refused": "only when the dealer's partner refused him"},
    "cards.ace_chooser": {"holder": "its holder"},
    "cards.ace_in_sequence": {"low": "low only (A-2-3)", "high-or-low": "low or high (A-2-3 or Q-K-A)"},
    "play.leader": {"eldest": "the eldest"},
    "play.latter_when": {"each-series": "at the end of each series", "last-card-only": "for the play's last card only"},
    "count.order": {"eldest-first": "the eldest first"},
    "count.hand": {"three-and-deck-card": "the three cards and the deck card"},
    "count.declaration_order": {"points": "points", "thirty-one": "thirty-one", "jacks": "Jacks", "deuces": "Deuces",
                                "pairs": "pairs", "colours": "colours", "sequences": "sequences"},
    "count.thirty_one": {"per-card": "one point a card, for any cards making 31",
                         "flat-whole-hand": "a set score for a whole hand making 31", "none": "nothing"},
    "count.right_jack_match": {"suit": "of the deck card's suit", "colour": "of the deck card's colour"},
    "count.right_deuce_match": {"suit": "of the deck card's suit", "colour": "of the deck card's colour"},
    "count.pair_match": {"rank": "cards of a rank", "courts-alike": "cards of a rank, or any court cards"},
    "turnup.heels_ranks": {"A": "Ace", "2": "Deuce", "3": "Three", "4": "Four", "5": "Five", "6": "Six",
                           "7": "Seven", "8": "Eight", "9": "Nine", "10": "Ten", "J": "Jack", "Q": "Queen",
                           "K": "King"},
}

# Whole-number rules that count points, and the rest's units.
_UNITS = {"game.target": "points", "deal.cards_each": "cards", "cards.court_value": "pips", "play.limit": "",
          "play.sequence_min": "cards", "players.count": "players", "cards.ace_values": "", "play.point_totals": "",
          "count.point_totals": ""}


def _points(number: int, unit: str = "points") -> str:
    if not unit:
        return str(number)
    return f"{number} {unit[:-1] if number == 1 and unit.endswith('s') else unit}"


def _listed(items: list[str], last: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items) or "none"
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def words(key: str, value: Any) -> str:
    """A rule's value as a reader says it."""
    value = plain(value)
    coded = VALUE_WORDS.get(key, {})
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if value and isinstance(value[0], Mapping):  # the colours table
            return "; ".join(f"{e['name']}, {_points(int(e['points']))}" for e in value)
        if key == "count.declaration_order":
            return ", then ".join(coded.get(str(v), str(v)) for v in value)
        if key == "cards.ace_values":
            return _listed([str(v) for v in value], "or")
        return _listed([coded.get(str(v), str(v)) for v in value])
    if isinstance(value, str):
        return coded.get(value, value)
    if isinstance(value, int):
        return _points(value, _UNITS.get(key, "points"))
    return str(value)


def value_words(profile: Profile, key: str) -> str:
    return words(key, profile.values[key])


_SMALL = ("no", "one", "two", "three", "four", "five", "six", "seven")


def colour_shape(in_colour: int, in_suit: int) -> str:
    """A colours table entry's shape as a player says it: "four cards of one suit", "three cards of one
    colour, in any suits" (never "1 of a suit": a least that any such hand meets is no condition)."""
    def said(number: int) -> str:
        return _SMALL[number] if 0 <= number < len(_SMALL) else str(number)

    cards = f"{said(in_colour)} card{'s' if in_colour != 1 else ''}"
    if in_suit >= in_colour:
        return f"{cards} of one suit"
    if in_suit <= (in_colour + 1) // 2:  # a colour has two suits: so many cards hold this many of one
        return f"{cards} of one colour, in any suits"
    return f"{cards} of one colour, {said(in_suit)} of them of one suit"


__all__ = ["VALUE_WORDS", "colour_shape", "short_title", "value_words", "words"]
