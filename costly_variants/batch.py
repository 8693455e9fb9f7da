"""Batch scoring: lines of four cards (the fourth the deck card) in, one JSON object per line out.

Every line's output is exactly ``json.dumps(score_hand(...).as_dict())``, but built from fragments
cached by the sorted ranks (points, thirty-one, pairs) and by the suit pattern relative to the deck
card (Jacks, Deuces, colours), so that most of the work is done once per pattern, not per line.
"""
from __future__ import annotations

import gc
import json
from typing import IO, Iterable

from .cards import _PARSE_CACHE, FULL_DECK, Card, Rank, Suit
from .errors import CardError, CostlyError
from .rules import Category, Rules
from .scoring import rank_part, suit_part

class BatchError(CostlyError):
    """A bad input line; the message names the line number."""


# Every spelling of every card -> its index in FULL_DECK, and each index's canonical name in quotes.
_INDEX = {text: FULL_DECK.index(card) for text, card in _PARSE_CACHE.items()}
_QUOTED = tuple(f'"{card}"' for card in FULL_DECK)
_RANK = tuple(int(card.rank) for card in FULL_DECK)
_RANK4 = tuple(4 * r for r in _RANK)
_SUIT = tuple(list(Suit).index(card.suit) for card in FULL_DECK)


def _role_table() -> tuple[tuple[int, ...], ...]:
    """[deck suit][card index] -> a small code: (Jack, Deuce or neither) x (deck suit, its mate, other)."""
    suits = list(Suit)
    table = []
    for deck_suit in suits:
        row = []
        for card in FULL_DECK:
            kind = {Rank.JACK: 1, Rank.TWO: 2}.get(card.rank, 0)
            if card.suit is deck_suit:
                role = 0
            elif card.suit.colour is deck_suit.colour:
                role = 1
            else:
                role = 2 + [s for s in suits if s.colour is not deck_suit.colour].index(card.suit)
            row.append(kind * 4 + role)
        table.append(tuple(row))
    return tuple(table)


_ROLE = _role_table()


def _slots(rules: Rules, items: list, offset: int) -> tuple[str, ...]:
    """One string per category in declaration order: the JSON of its items, each followed by ", ",
    with ``{n}`` where the quoted name of card n - offset goes (braces of the JSON itself doubled)."""
    out: dict[Category, str] = {}
    for category, name, positions, points, rule in items:
        text = json.dumps({"category": category.value, "name": name, "cards": "\x00", "points": points,
                           "rule": rule, "cite": list(rules.cite(rule))}, ensure_ascii=False)
        text = text.replace("{", "{{").replace("}", "}}")
        cards = "[" + ", ".join("{%d}" % (p + offset) for p in positions) + "]"
        out[category] = out.get(category, "") + text.replace('"\\u0000"', cards) + ", "
    return tuple(out.get(category, "") for category in rules.declaration_order)


class BatchScorer:
    """Scores deals under one rule set.

    The rank part is rendered once per multiset of ranks (cards 0-3 sorted by rank) and the suit part
    once per suit pattern (cards 4-7 as given); a line merges the two by category and fills in names.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.counting = rules.counting
        self.nest = rules.cocks_nest
        self._rank_cache: dict[tuple[int, ...], tuple] = {}
        self._suit_cache: dict[tuple[int, ...], tuple] = {}

    def _rank_entry(self, ranks: tuple[int, ...]) -> tuple:
        items, ace_values = rank_part(self.counting, ranks)
        aces = ", ".join("{%d}: %d" % (p, v) for p, v in enumerate(ace_values) if v)
        entry = self._rank_cache[ranks] = (_slots(self.rules, items, 0), sum(i[3] for i in items), aces)
        return entry

    def _suit_entry(self, key: tuple[int, ...], indices: tuple[int, ...]) -> tuple:
        items = suit_part(self.counting, tuple(FULL_DECK[i] for i in indices))
        entry = self._suit_cache[key] = (_slots(self.rules, items, 4), sum(i[3] for i in items))
        return entry

    def score_line(self, indices: tuple[int, ...]) -> str:
        """The JSON line for four card indices (three held, then the deck card)."""
        a, b, c, d = indices
        # rank * 4 + position sorts like (rank, position) but as one int
        w, x, y, z = sorted((_RANK4[a], _RANK4[b] + 1, _RANK4[c] + 2, _RANK4[d] + 3))
        ranks = (w >> 2, x >> 2, y >> 2, z >> 2)
        roles = _ROLE[_SUIT[d]]
        key = (roles[a], roles[b], roles[c], roles[d])
        rank_slots, rank_total, aces = self._rank_cache.get(ranks) or self._rank_entry(ranks)
        suit_slots, suit_total = self._suit_cache.get(key) or self._suit_entry(key, indices)
        body = "".join([r or s for r, s in zip(rank_slots, suit_slots)])[:-2]
        total = rank_total + suit_total
        nest = "true" if self.nest and total == 0 else "false"
        template = ('{{"total": %d, "items": [%s], "ace_values": {{%s}}, "cocks_nest": %s}}'
                    % (total, body, aces, nest))
        q = _QUOTED
        return template.format(q[indices[w & 3]], q[indices[x & 3]], q[indices[y & 3]], q[indices[z & 3]],
                               q[a], q[b], q[c], q[d])


def parse_line(line: str, number: int, source_name: str) -> tuple[int, ...] | None:
    """Four card indices from one input line; None for a blank or ``#`` comment line."""
    tokens = line.split()
    if len(tokens) == 4:
        try:
            indices = (_INDEX[tokens[0]], _INDEX[tokens[1]], _INDEX[tokens[2]], _INDEX[tokens[3]])
        except KeyError:
            pass
        else:
            if len(set(indices)) == 4:
                return indices
    tokens = line.replace(",", " ").split()
    if not tokens or tokens[0].startswith("#"):
        return None
    if len(tokens) != 4:
        raise BatchError(f"{source_name}:{number}: expected four cards (three held, then the deck card), "
                         f"got {len(tokens)}: {line.strip()!r}")
    try:
        indices = tuple(_INDEX[t] if t in _INDEX else FULL_DECK.index(Card.from_str(t)) for t in tokens)
    except CardError as exc:
        raise BatchError(f"{source_name}:{number}: {exc}") from None
    if len(set(indices)) != 4:
        repeated = next(FULL_DECK[i] for i in indices if indices.count(i) > 1)
        raise BatchError(f"{source_name}:{number}: card {repeated} appears twice in one deal")
    return indices


def _score_lines(scorer: BatchScorer, lines: Iterable[str], first: int, source_name: str) -> str:
    """Score consecutive lines (the first numbered ``first``); raise BatchError on a bad one."""
    score_line = scorer.score_line
    results: list[str] = []
    append = results.append
    for number, line in enumerate(lines, first):
        parsed = parse_line(line, number, source_name)
        if parsed is not None:
            append(score_line(parsed))
    return "".join(r + "\n" for r in results)


def score_batch(rules: Rules, lines: Iterable[str], out: IO[str], *, source_name: str = "<stdin>") -> int:
    """Score every line and write one JSON object per line; write nothing unless every line is good.

    Returns the number of deals scored.
    """
    scorer = BatchScorer(rules)
    # The loop makes only short-lived tuples and strings, never cycles: the cyclic collector's passes
    # would cost a fifth of the time for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        data = _score_lines(scorer, lines, 1, source_name).encode("utf-8")
    finally:
        if collecting:
            gc.enable()
    binary = getattr(out, "buffer", None)
    if binary is not None:
        out.flush()
        binary.write(data)
        binary.flush()
    else:
        out.write(data.decode("utf-8"))
    return data.count(b"\n")
