"""The compiled self-play kernel: whole seeded games bot against bot in C, the same games as the engine's.

The Python engine (``state``, its phases, ``bots``, ``playout``) stays the statement of the rules and
the engine of everything that shows or checks a game: ``play``, ``replay``, ``hint``, the logs. The
kernel (``_kernel.c`` and its units ``_kernel_*.c``, one a module of the Python they mirror, built at
install where a C compiler is there) only plays games fast, for
``simulate`` and ``compare``. So that the rules are not written twice, a ``Rules`` is compiled here,
once, into one flat array of ints that the kernel walks the game over:

- the count of every hand, by its two parts as ``count.hand`` splits it: the rank part of every
  multiset of ranks (its total, and its items in declaration order) read from the ``HandCounter``, and
  the suit part from what ``jack_deuce_value`` gives each suit role beside the deck card and what
  ``suit_part`` gives each shape of suits (the most cards of one suit and of one colour);
- each score the game can make as a numbered *kind* (its rule, its name, and for a total of the play
  whether it is the hitter), which the kernel reports, game by game, with its points;
- the values of the cards, and the play's scoring parameters (the kernel scores a card played as
  ``play.score_play`` does, over the series' ranks, the count and the deck card).

``tests/test_kernel.py`` plays the same seeds both ways and compares the games themselves, action by
action and score by score, on every bundled profile, every pairing of bots and random house profiles.
A game the kernel cannot play as the engine would (one the engine refuses) comes back as None, and
the engine plays it. ``COSTLY_PURE_PYTHON=1`` rules the kernel out.
"""
from __future__ import annotations

import itertools
import os
import sys
from array import array
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, Sequence

from ..cards import FULL_DECK, Rank
from ..count.hand import POINT_NAMES, ROLE_BESIDE, hand_counter, jack_deuce_value, suit_part
from ..profiles.rules import (AceInSequence, Category, CutAce, FirstDealer, LateClaimWhen, LatterWhen, MogProcedure,
                              PairMatch, PartnersChallenger, PerRules, Rules, StockWhen)
from .actions import Action, Kind as ActionKind
from .play import card_value

# Must equal CK_FORMAT in costly_kernel.h: a kernel built from other sources is not used.
KERNEL_FORMAT = 3
BOT_CODES = {"random": 0, "greedy": 1, "expert": 2, "search-points": 3, "search": 4}


def ruled_out() -> bool:
    """Whether the user asked for pure Python (``COSTLY_PURE_PYTHON=1``)."""
    return os.environ.get("COSTLY_PURE_PYTHON", "") not in ("", "0")


def _load() -> Any:
    if ruled_out():
        return None
    if sys.platform == "emscripten":  # in the browser: the page's WebAssembly kernel (kernel_js.py)
        from .kernel_js import JsKernel

        return JsKernel()
    try:
        from . import _kernel  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _kernel if getattr(_kernel, "FORMAT", None) == KERNEL_FORMAT else None


# The native module, or in the browser the page's WebAssembly kernel (ready once the page has loaded it).
KERNEL = _load()


def available() -> bool:
    """Whether the compiled kernel was built (or, in the browser, loaded by the page) and may be used here."""
    ready = getattr(KERNEL, "ready", None)  # the page's kernel: once the page has loaded it
    return KERNEL is not None and (ready is None or ready()) and KERNEL.FORMAT == KERNEL_FORMAT


# The names of a game's whole-number measures, in the kernel's order (runs.tally.MEASURES is the same).
MEASURES: tuple[str, ...] = KERNEL.measures() if available() else ()


def _layout() -> tuple[str, ...]:
    return tuple(KERNEL.layout()) if available() else ()



class ScoreKind(NamedTuple):
    """A score the game can make, as the kernel numbers it: the Event's rule and name, and, for a total
    of the play, whether its cards can make the play's limit (what ``compare`` counts as the hitter)."""

    rule: str
    name: str
    hitter: bool = False


@dataclass(frozen=True)
class CompiledRules:
    """A ``Rules`` as the kernel reads it: the flat array and the kinds of score it numbers."""

    table: array  # type: ignore[type-arg]
    kinds: tuple[ScoreKind, ...]


class KernelGame(NamedTuple):
    """What the kernel reports of one game: what ``runs.measures`` reads of a finished game."""

    winner: int
    first_dealer_won: bool
    deals: int
    scores: tuple[int, int]
    dealer_edge: int
    decided_by: int  # the kind of the score that took the winner to the target; -1 if none
    lead_changes: int
    drama: int
    decisive_deal: int
    gaps: tuple[int, ...]
    kinds: tuple[int, ...]  # (kind, points, events) for every kind that scored, flattened
    eldest_counts: tuple[int, ...]
    actions: tuple[int, ...] = ()  # with trace: every action as ``action_code`` makes it
    events: tuple[int, ...] = ()  # with trace: (deal, player, points, kind) for every event, flattened


_ACTION_KINDS = (ActionKind.CUT, ActionKind.DEAL, ActionKind.TURN, ActionKind.STOCK_CARD, ActionKind.ASK,
                 ActionKind.DECLINE, ActionKind.GIVE, ActionKind.STOCK, ActionKind.NO_STOCK, ActionKind.DISCARD,
                 ActionKind.PLAY, ActionKind.GO)
_ACTION_CODE = {kind: code for code, kind in enumerate(_ACTION_KINDS)}


def action_code(action: Action) -> int:
    """An engine Action as the kernel's trace writes it: kind, card + 1, value + 1, peg, in bit fields."""
    card = action.card.index + 1 if action.card is not None else 0
    value = action.value + 1 if action.value is not None else 0
    return _ACTION_CODE[action.kind] | card << 4 | value << 10 | int(action.peg) << 16


def _rank_code(ranks: Sequence[int]) -> int:
    """A multiset of ranks as the kernel indexes it: the sorted ranks as base-13 digits, lowest first."""
    return sum((rank - 1) * 13 ** i for i, rank in enumerate(sorted(ranks)))


def _multisets(size: int) -> list[tuple[int, ...]]:
    return [ranks for ranks in itertools.combinations_with_replacement(range(1, 14), size)
            if all(ranks.count(r) <= 4 for r in set(ranks))]


def _representatives() -> dict[int, Any]:
    """A card of each suit role beside a deck card of clubs (the kernel's role numbering, ``ROLE_BESIDE``)."""
    found: dict[int, Any] = {}
    for card in FULL_DECK:
        found.setdefault(ROLE_BESIDE[0][card.index], card)
    return found


def _suit_shapes(size: int) -> list[tuple[int, ...]]:
    return [counts for counts in itertools.product(range(size + 1), repeat=4) if sum(counts) == size]


_PLAIN_RANKS = (Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN)  # neither Jacks nor Deuces


# The most values an Ace may have for the kernel to play the rules: a hand's cards, and four Aces once a
# value each, fit the kernel's list of a seat's moves (64, ``_kernel.h``'s ACE_VALUES_MAX). More (the
# schema allows 20) are the Python engine's to play: the same games, only slower.
ACE_VALUES_MAX = 15


def compile_rules(rules: Rules) -> CompiledRules:
    """The kernel's array for ``rules`` (see the module's docstring); the same for equal rules."""
    if len(rules.ace_values) > ACE_VALUES_MAX:
        raise ValueError(f"an Ace of {len(rules.ace_values)} values: the kernel plays {ACE_VALUES_MAX} at most")
    kinds: dict[ScoreKind, int] = {}

    def kind(rule: str, name: str, hitter: bool = False) -> int:
        return kinds.setdefault(ScoreKind(rule, name, hitter), len(kinds))

    counter = hand_counter(rules)
    place = {category: i for i, category in enumerate(rules.declaration_order)}
    each = rules.cards_each
    header: dict[str, int] = {
        "players": rules.players, "partnerships": int(rules.partnerships), "target": rules.target,
        "peg_out": int(rules.peg_out_ends_game), "first_lowest": int(rules.first_dealer is FirstDealer.CUT_LOWEST),
        "cut_ace_high": int(rules.cut_ace is CutAce.HIGH), "cards_each": each, "in_ones": int(rules.deal_in_ones),
        "heels_mask": sum(1 << int(rank) for rank in rules.heels_ranks), "heels_points": rules.heels_points,
        "heels_before_play": int(rules.heels_before_play),
        "kind_heels_jack": kind("turnup.heels_points", "for his heels"),
        "kind_heels_other": kind("turnup.heels_points", "for the deuce turned"),
        "procedure": (MogProcedure.ELDEST_CHOOSES, MogProcedure.ELDER_ASKS_DEALER,
                      MogProcedure.BOTH_PASS).index(rules.mog_procedure),
        "refusal_points": rules.mog_refusal_points,
        "kind_refusal": kind("mog.refusal_points", "for a refusal to mog"),
        "not_asking_pays": int(rules.mog_not_asking_pays), "given_away_scores": int(rules.mog_given_away_scores),
        "late_claim": int(rules.mog_late_claim),
        "claim_own_count": int(rules.mog_late_claim_when is LateClaimWhen.CLAIMANT_COUNT),
        "challenger_elder": int(rules.mog_partners_challenger is PartnersChallenger.ELDER_HAND),
        "dealer_stock": int(rules.mog_dealer_stock), "stock_when_refused": int(rules.mog_stock_when is StockWhen.DEALER_REFUSED),
        "limit": rules.play_limit, "go_points": rules.go_points, "kind_go": kind("play.go_points", "for the go"),
        "latter_points": rules.latter_points, "kind_latter": kind("play.latter_points", "for the latter"),
        "latter_each": int(rules.latter_when is LatterWhen.EACH_SERIES), "go_and_latter": int(rules.go_and_latter),
        "new_series": int(rules.new_series), "play_pairs": int(rules.play_pairs),
        "courts_alike": int(rules.pair_match is PairMatch.COURTS_ALIKE), "pair_points": rules.pair_points,
        "prial_points": rules.prial_points, "dprial_points": rules.double_prial_points,
        "kind_pair2": kind("play.pairs", "pair"), "kind_pair3": kind("play.pairs", "prial"),
        "kind_pair4": kind("play.pairs", "double prial"), "play_sequences": int(rules.play_sequences),
        "seq_min": rules.sequence_min, "ace_high_or_low": int(rules.ace_in_sequence is AceInSequence.HIGH_OR_LOW),
        "kind_sequence": kind("play.sequences", "sequence"), "play_jd": int(rules.play_jacks_deuces),
        "deck_scores_jd": int(rules.deck_card_scores_as_jack_deuce), "cocks_nest": int(rules.cocks_nest),
        "kind_cocks": kind("count.cocks_nest", "a cock's nest"), "n_ace": len(rules.ace_values),
    }
    sections: dict[str, list[int]] = {"ace_values": list(rules.ace_values),
                                      "card_value": [card_value(rules, card) for card in FULL_DECK]}
    # The totals of the play: one kind for a lesser total, one for a series that can make the limit.
    totals, hitters = [-1] * 101, [-1] * 101
    for total in rules.play_point_totals:
        name = POINT_NAMES.get(total, str(total)) + (" (the hitter)" if total == rules.play_limit else "")
        totals[total] = kind("play.point_totals", name)
        hitters[total] = kind("play.point_totals", name, True)
    sections["play_total_kind"], sections["play_hitter_kind"] = totals, hitters
    # Jacks and Deuces by suit role beside a deck card of clubs, whatever role the kernel finds a card in.
    deck = FULL_DECK[2]  # the three of clubs
    jd = {name: [0] * 12 for name in ("jd_points", "jd_kind_play", "jd_kind_give", "jd_kind_claim", "jd_place",
                                      "jd_kind_count")}
    for role, card in _representatives().items():
        value = jack_deuce_value(rules, card, deck)
        if value is None:
            continue
        points, name, rule = value
        jd["jd_points"][role] = points
        jd["jd_kind_play"][role] = kind("play.jacks_deuces", f"{name} in play")
        jd["jd_kind_give"][role] = kind("mog.given_away_scores", f"{name} given in the mog")
        jd["jd_kind_claim"][role] = kind("mog.late_claim", f"{name} given in the mog, claimed")
        jd["jd_place"][role] = place[Category.JACKS if card.rank == Rank.JACK else Category.DEUCES]
        jd["jd_kind_count"][role] = kind(rule, name)
    sections.update(jd)
    # The colours by the most cards of a suit and of a colour, for every shape a hand and deck card have.
    colour_items: dict[int, tuple[tuple[int, int, int], ...]] = {}
    for size in {each, each + 1}:
        for counts in _suit_shapes(size):
            cards = [FULL_DECK[suit * 13 + int(rank) - 1] for suit, n in enumerate(counts) for rank in _PLAIN_RANKS[:n]]
            items = tuple((place[cat], kind(rule, name), points) for cat, name, _, points, rule
                          in suit_part(rules.counting, cards))
            red, black = counts[1] + counts[2], counts[0] + counts[3]
            key = max(counts) * 8 + max(red, black)
            if colour_items.setdefault(key, items) != items:
                raise AssertionError(f"the colours of {counts} are not those of their shape {key}")
    starts, lengths, flat = [0] * 64, [0] * 64, list[int]()
    for key, items in sorted(colour_items.items()):
        starts[key], lengths[key] = len(flat) // 3, len(items)
        flat += [x for item in items for x in item]
    sections["colour_start"], sections["colour_count"], sections["colour_items"] = starts, lengths, flat
    # The rank part: totals for a hand and deck card of each size the bots weigh, items for the count's.
    for size, name in ((each, "small_totals"), (each + 1, "full_totals")):
        table = [0] * 13 ** size
        for ranks in _multisets(size):
            table[_rank_code(ranks)] = sum(item[3] for item in counter._rank_part(ranks)[0])
        sections[name] = table
    starts, lengths, flat = [0] * 13 ** (each + 1), [0] * 13 ** (each + 1), []
    for ranks in _multisets(each + 1):
        code = _rank_code(ranks)
        ranked = counter._rank_part(ranks)[0]
        starts[code], lengths[code] = len(flat) // 3, len(ranked)
        flat += [x for item_place, name, _, points, rule in ranked for x in (item_place, kind(rule, name), points)]
    sections["rank_start"], sections["rank_count"], sections["rank_items"] = starts, lengths, flat
    header["max_rank_items"] = max(lengths)
    header["max_colour_items"] = max([len(items) for items in colour_items.values()] + [0])
    header["n_kinds"] = len(kinds)
    return CompiledRules(_pack(header, sections), tuple(kinds))


def _pack(header: dict[str, int], sections: dict[str, list[int]]) -> array:  # type: ignore[type-arg]
    """The header in the kernel's order (``_kernel.layout()``), each section's offset in it, then the sections."""
    layout = _layout()
    body: list[int] = []
    for name, values in sections.items():
        header[f"off_{name}"] = len(layout) + len(body)
        body += values
    header["size"] = len(layout) + len(body)
    missing = [name for name in layout if name not in header]
    if missing:
        raise AssertionError(f"the kernel's rules array needs {missing}")
    return array("i", [header[name] for name in layout] + body)


def _compiled(rules: Rules) -> CompiledRules:
    """``compile_rules(rules)``, or the same tables from the user's cache folder (``stored_tables``)."""
    from .stored_tables import compiled as stored

    return stored(rules, _layout(), compile_rules)


compiled: PerRules[CompiledRules] = PerRules(_compiled)


def _with_board(rules: Rules) -> array:  # type: ignore[type-arg]
    """The rules array with the board search's win table after it (``wintable.Board.flat``)."""
    from .wintable import board_of

    board = board_of(rules)  # none where no table can be sampled: the search then plays as search-points (_seats)
    return compiled(rules).table + (array("i", board.flat()) if board is not None else array("i"))


with_board: PerRules[array] = PerRules(_with_board)  # type: ignore[type-arg]


def _rules_array(rules: Rules, bots: Sequence[str]) -> array:  # type: ignore[type-arg]
    """What the kernel reads the rules from: with the win table where a seat plays the board search
    (``search.SearchBot``)."""
    return with_board(rules) if "search" in bots else compiled(rules).table


def play(rules: Rules, bots: Sequence[str], seeds: Sequence[int], *, eldest_counts: bool = False,
         trace: bool = False) -> list[KernelGame | None]:
    """Play one game per seed under ``rules`` in the kernel, each seat's bot as ``bots`` names it in
    turn: for each, what it reports, or None where the engine must play that seed. Seeds outside
    0..2**64-1 are the engine's to play too."""
    if not available():
        raise RuntimeError("the compiled kernel is not available")
    table = _rules_array(rules, bots)
    seats = _seats(rules, bots)
    inside = array("Q", [seed for seed in seeds if 0 <= seed < 1 << 64])
    games = iter(read_games(KERNEL.play(table, seats, inside, eldest_counts, trace), len(inside), trace=trace))
    return [next(games) if 0 <= seed < 1 << 64 else None for seed in seeds]


def _seats(rules: Rules, bots: Sequence[str]) -> bytes:
    codes = [BOT_CODES[bots[p % len(bots)]] for p in range(rules.players)]
    if BOT_CODES["search"] in codes and not _boarded(rules):
        # No table can be sampled under these rules: the board search values points (search.SearchBot),
        # which is the point search's play.
        codes = [BOT_CODES["search-points"] if code == BOT_CODES["search"] else code for code in codes]
    return bytes(codes)


def _boarded(rules: Rules) -> bool:
    from .wintable import board_of

    return board_of(rules) is not None


class Slots(Protocol):
    """Where a tally puts each kind of score's points (``runs.tally.KernelLayout``)."""

    keys: list[str]
    names: list[str]

    def slots(self, kinds: Sequence[ScoreKind]) -> array: ...  # type: ignore[type-arg]


def tally(rules: Rules, bots: Sequence[str], seeds: Sequence[int], layout: Slots, *, eldest_counts: bool = False,
          base: bytes | None = None, keep: bool = False) -> dict[str, Any] | None:
    """Play one game per seed (each in 0..2**64-1) and return their sums as ``layout`` places them (see
    ``_kernel_tally.c``), with the cross sums against ``base`` (the first rule set's games of the same seeds, as
    a tally with ``keep`` returned them under ``"vectors"``); None where any game is the engine's to play."""
    if not available():
        raise RuntimeError("the compiled kernel is not available")
    made = compiled(rules)
    measures = tuple(KERNEL.measures())
    if tuple(layout.keys[:len(measures)]) != measures:
        raise AssertionError("the layout's measures are not the kernel's")
    raw = KERNEL.tally(_rules_array(rules, bots), _seats(rules, bots), array("Q", seeds), eldest_counts,
                       layout.slots(made.kinds), len(layout.keys), len(layout.names), base, keep)
    return None if raw is None else read_tally(raw, len(seeds), len(layout.keys), len(layout.names), keep=keep)


def winners(rules: Rules, bots: Sequence[str], seeds: Sequence[int]) -> bytes | None:
    """Each game's winning side, one seed (in 0..2**64-1) each; None where any is the engine's to play."""
    if not available():
        raise RuntimeError("the compiled kernel is not available")
    won = bytes(KERNEL.winners(_rules_array(rules, bots), _seats(rules, bots), array("Q", seeds)))
    return None if 255 in won else won


def win_table(deals: Sequence[int], target: int, *, peg_out: bool, mirrored: bool
              ) -> tuple[list[float], tuple[float, float]]:
    """The win table's dynamic programme in the kernel (``_kernel_wintable.c``; ``chances.table.solve`` is
    the reference): ``deals`` flat, as ``costly_kernel.h``'s ``ck_win_table`` reads them (each deal's
    dealing side, its number of runs, then its runs as (side, points), sides relative to the dealer).
    Side A's chance at every position in ``wintable`` layout, and from equal scores past the target by
    who deals next."""
    if not available():
        raise RuntimeError("the compiled kernel is not available")
    values = array("d")
    values.frombytes(bytes(KERNEL.win_table(array("i", deals), target, peg_out, mirrored)))
    chances = values.tolist()
    return chances[:-2], (chances[-2], chances[-1])


def _int64s(raw: bytes) -> list[int]:
    values = array("q")
    values.frombytes(raw)
    return values.tolist()


def read_games(raw: bytes, n: int, *, trace: bool = False) -> list[KernelGame | None]:
    """``ck_play``'s records (``costly_kernel.h``: int64 in the machine's order) as games: None where the
    engine must play the seed. The one reader of the native kernel's output and the WebAssembly kernel's."""
    values, at, games = _int64s(raw), 0, list[KernelGame | None]()

    def ints() -> tuple[int, ...]:
        nonlocal at
        count = values[at]
        at += count + 1
        return tuple(values[at - count:at])

    for _ in range(n):
        at += 1
        if not values[at - 1]:
            games.append(None)
            continue
        winner, first, deals, score0, score1, edge, decided, changes, drama, decisive = values[at:at + 10]
        at += 10
        gaps, kinds, eldest = ints(), ints(), ints()
        extra = (ints(), ints()) if trace else ()
        games.append(KernelGame(winner, bool(first), deals, (score0, score1), edge, decided, changes, drama, decisive,
                                gaps, kinds, eldest, *extra))
    if at != len(values):
        raise AssertionError("the kernel's records do not fit its games")
    return games


# ck_tally's sums, in their order, and each one's length (n_slots or n_names where None).
_TALLY_SUMS = (("total", None), ("squares", None), ("by_deals", None), ("cross_ab", None), ("cross_ad", None),
               ("cross_da", None), ("eldest_pair", 3), ("lead", 11), ("wins", 2))


def read_tally(raw: bytes, n_seeds: int, n_slots: int, n_names: int, *, keep: bool = False) -> dict[str, Any]:
    """``ck_tally``'s record (``costly_kernel.h``) as the sums ``runs.tally`` adds: each a list, the
    histograms as tuples (their keys' parts, then the count), the kept games as bytes (or None)."""
    values = _int64s(raw)
    out: dict[str, Any] = {"games": values[0]}
    at = 1
    for name, length in _TALLY_SUMS + (("names", n_names), ("named", n_names)):
        size = n_slots if length is None else length
        out[name], at = values[at:at + size], at + size
    for name, parts in (("deals", 1), ("decisive", 2), ("decisive_cross", 4)):
        count, at = values[at], at + 1
        out[name] = [tuple(values[at + i * (parts + 1):at + (i + 1) * (parts + 1)]) for i in range(count)]
        at += count * (parts + 1)
    width = (n_slots + 1) * n_seeds if keep else 0
    out["vectors"] = raw[8 * at:8 * (at + width)] if keep else None
    if at + width != len(values):
        raise AssertionError("the kernel's tally does not fit its sums")
    return out


def plays(bots: Sequence[str]) -> bool:
    """Whether the kernel plays games between these bots (every bot it knows; not yet any other)."""
    return available() and all(bot in BOT_CODES for bot in bots)


def cannot_play(rules: Rules) -> str | None:
    """Why the kernel cannot play ``rules`` (its tables cannot be compiled from them), or None. Such rules
    are played by the Python engine: the same games, only slower."""
    if not available():
        return "the compiled kernel is not built here"
    try:
        compiled(rules)
    except (AssertionError, ValueError, KeyError, IndexError, OverflowError) as exc:
        return f"its tables cannot be compiled from these rules ({exc})"
    return None


__all__ = ["BOT_CODES", "CompiledRules", "KERNEL_FORMAT", "KernelGame", "MEASURES", "ScoreKind", "Slots",
           "action_code", "available", "cannot_play", "compile_rules", "compiled", "play", "plays", "read_games",
           "read_tally", "ruled_out", "tally", "win_table", "winners"]
