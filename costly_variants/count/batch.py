"""Batch scoring: lines of four cards (the fourth the deck card) in, one JSON object per line out.

Every line's output is exactly ``json.dumps(score_hand(...).as_dict())``, but built from fragments
cached by the sorted ranks (points, thirty-one, pairs) and by the suit pattern relative to the deck
card (Jacks, Deuces, colours), so that most of the work is done once per pattern, not per line.
"""
from __future__ import annotations

import gc
import io
import itertools
import multiprocessing as mp
import os
import shutil
import tempfile
import json
from typing import IO, Iterable

from ..cards import _PARSE_CACHE, FULL_DECK, Card, Rank, Suit
from ..errors import CardError, CostlyError
from ..profiles.rules import Category, Rules
from .hand import rank_part, suit_part

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


def _slots(rules: Rules, items: Iterable[tuple], offset: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Per category in declaration order: the JSON of its items, each followed by ", ", with ``%s``
    where a card's quoted name goes, and which card (n - offset) fills each ``%s`` in turn."""
    out: dict[Category, tuple[str, tuple[int, ...]]] = {}
    for category, name, positions, points, rule in items:
        text = json.dumps({"category": category.value, "name": name, "cards": "\x00", "points": points,
                           "rule": rule, "cite": list(rules.cite(rule))}, ensure_ascii=False)
        text = text.replace("%", "%%").replace('"\\u0000"', "[" + ", ".join("%s" for _ in positions) + "]")
        before, order = out.get(category, ("", ()))
        out[category] = (before + text + ", ", order + tuple(p + offset for p in positions))
    return tuple(out.get(category, ("", ())) for category in rules.declaration_order)


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
        aces = ", ".join("%%s: %d" % v for v in ace_values if v)
        ace_order = tuple(p for p, v in enumerate(ace_values) if v)
        entry = self._rank_cache[ranks] = (_slots(self.rules, items, 0), sum(i[3] for i in items), aces, ace_order)
        return entry

    def _suit_entry(self, key: tuple[int, ...], indices: tuple[int, ...]) -> tuple:
        items = suit_part(self.counting, tuple(FULL_DECK[i] for i in indices))
        entry = self._suit_cache[key] = (_slots(self.rules, items, 4), sum(i[3] for i in items))
        return entry

    def warm(self) -> None:
        """Fill both caches: every multiset of four ranks and every suit pattern."""
        for ranks in itertools.combinations_with_replacement(range(1, 14), 4):
            if ranks not in self._rank_cache:
                self._rank_entry(ranks)
        ranks_by_kind = {0: (5, 6, 7, 8), 1: (11,) * 4, 2: (2,) * 4}
        for codes in itertools.product(range(12), repeat=4):
            if codes[3] % 4:
                continue  # the deck card is always of the deck suit
            deck_suit = 2  # any suit serves: roles are relative to the deck card's
            role_row = _ROLE[deck_suit]
            indices = []
            for position, code in enumerate(codes):
                kind, role = divmod(code, 4)
                rank = ranks_by_kind[kind][position]
                index = next(i for i in range(52) if _RANK[i] == rank and role_row[i] % 4 == role)
                indices.append(index)
            if len(set(indices)) == 4 and role_row[indices[3]] == codes[3] and codes not in self._suit_cache:
                key = tuple(role_row[i] for i in indices)
                if key == codes:
                    self._suit_entry(codes, tuple(indices))

    def score_line(self, indices: tuple[int, ...]) -> str:
        """The JSON line for four card indices (three held, then the deck card)."""
        a, b, c, d = indices
        # rank * 4 + position sorts like (rank, position) but as one int
        w, x, y, z = sorted((_RANK4[a], _RANK4[b] + 1, _RANK4[c] + 2, _RANK4[d] + 3))
        ranks = (w >> 2, x >> 2, y >> 2, z >> 2)
        roles = _ROLE[_SUIT[d]]
        key = (roles[a], roles[b], roles[c], roles[d])
        rank_slots, rank_total, aces, ace_order = self._rank_cache.get(ranks) or self._rank_entry(ranks)
        suit_slots, suit_total = self._suit_cache.get(key) or self._suit_entry(key, indices)
        texts = []
        order: tuple[int, ...] = ()
        for r, s in zip(rank_slots, suit_slots):
            slot = r if r[0] else s
            if slot[0]:
                texts.append(slot[0])
                order += slot[1]
        q = _QUOTED
        names = (q[indices[w & 3]], q[indices[x & 3]], q[indices[y & 3]], q[indices[z & 3]], q[a], q[b], q[c], q[d])
        total = rank_total + suit_total
        body = "".join(texts)[:-2] % tuple([names[i] for i in order])
        ace_text = aces % tuple([names[i] for i in ace_order]) if aces else ""
        nest = "true" if self.nest and total == 0 else "false"
        return f'{{"total": {total}, "items": [{body}], "ace_values": {{{ace_text}}}, "cocks_nest": {nest}}}'


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
        found = tuple(_INDEX[t] if t in _INDEX else FULL_DECK.index(Card.from_str(t)) for t in tokens)
    except CardError as exc:
        raise BatchError(f"{source_name}:{number}: {exc}") from None
    if len(set(found)) != 4:
        repeated = next(FULL_DECK[i] for i in found if found.count(i) > 1)
        raise BatchError(f"{source_name}:{number}: card {repeated} appears twice in one deal")
    return found


def _write_scores(scorer: BatchScorer, deals: list[tuple[int, ...]], binary: IO[bytes], chunk: int) -> None:
    score_line = scorer.score_line
    for start in range(0, len(deals), chunk):
        binary.write(("\n".join([score_line(d) for d in deals[start:start + chunk]]) + "\n").encode("utf-8"))


def _score_part(scorer: BatchScorer, deals: list[tuple[int, ...]], path: str, chunk: int) -> None:
    """In a forked worker: score one contiguous part of the deals into a file."""
    gc.disable()
    with open(path, "wb") as handle:
        _write_scores(scorer, deals, handle, chunk)


# Below this many deals, starting workers costs more than it saves.
PARALLEL_FROM = 100_000


def score_batch(rules: Rules, lines: Iterable[str], out: IO[str], *, source_name: str = "<stdin>",
                chunk: int = 20_000, workers: int | None = None, parallel_from: int = PARALLEL_FROM) -> int:
    """Score every line and write one JSON object per line; write nothing unless every line is good.

    Every line is parsed before any is written, so a bad line stops the run with nothing written;
    the scores are then written in chunks rather than held in memory. A large batch is split into one
    contiguous part per core, scored by forked workers into temporary files that are then copied out
    in order. Returns the number of deals.
    """
    # Parsing makes only short-lived tuples, never cycles: the cyclic collector's passes over the
    # growing list would cost a fifth of the time for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        deals = [d for d in (parse_line(line, n, source_name) for n, line in enumerate(lines, 1)) if d is not None]
        scorer = BatchScorer(rules)
        workers = workers if workers is not None else len(os.sched_getaffinity(0))
        out.flush()
        binary = getattr(out, "buffer", None)
        if binary is None:
            sink = io.BytesIO()
            _write_scores(scorer, deals, sink, chunk)
            out.write(sink.getvalue().decode("utf-8"))
        elif workers > 1 and len(deals) >= parallel_from and "fork" in mp.get_all_start_methods():
            _score_in_parallel(scorer, deals, binary, chunk, workers)
        else:
            _write_scores(scorer, deals, binary, chunk)
            binary.flush()
    finally:
        if collecting:
            gc.enable()
    return len(deals)


def _score_in_parallel(scorer: BatchScorer, deals: list[tuple[int, ...]], binary: IO[bytes], chunk: int,
                       workers: int) -> None:
    scorer.warm()  # fill the caches once, before the workers inherit them
    size = -(-len(deals) // workers)
    context = mp.get_context("fork")
    with tempfile.TemporaryDirectory(prefix="costly-batch-") as folder:
        paths = [os.path.join(folder, f"part-{i}.jsonl") for i in range(workers)]
        procs = [context.Process(target=_score_part, args=(scorer, deals[i * size:(i + 1) * size], paths[i], chunk))
                 for i in range(workers)]
        for proc in procs:
            proc.start()
        for proc in procs:
            proc.join()
        failed = [p.exitcode for p in procs if p.exitcode != 0]
        if failed:
            raise CostlyError(f"a batch worker failed (exit codes {failed}); nothing was written")
        binary.flush()
        for path in paths:
            with open(path, "rb") as part:
                shutil.copyfileobj(part, binary, 1 << 20)
        binary.flush()
