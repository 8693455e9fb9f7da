"""What one finished game measures: who won and how, where the points came from, how the lead moved.

Everything is read from the State's public record (its events, its history and the final scores).
Points are keyed by the Event's ``rule`` (``play.go_points``, ``count.point_totals``...), which is
stable, never by its display name, which may change.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..cards import Card, Rank
from ..count.hand import count_total
from ..game.actions import Kind
from ..game.base import Event
from ..game.kernel import KernelGame, ScoreKind
from ..game.play import card_value
from ..game.state import State
from ..profiles.rules import Rules

# The hitter (the card that makes the play limit) is scored under ``play.point_totals`` like a
# fifteen; it gets a source of its own so that the two can be told apart.
HITTER = "play.point_totals/hitter"

# Where points come from, by rule: the label shown and the group it belongs to.
SOURCES: dict[str, tuple[str, str]] = {
    "turnup.heels_points": ("heels (J or 2 turned)", "turn-up"),
    "mog.refusal_points": ("refusals to mog", "mog"),
    "mog.given_away_scores": ("J/2 pegged in the mog", "mog"),
    "mog.late_claim": ("J/2 claimed at count", "mog"),
    "play.point_totals": ("fifteens, twenty-fives", "play"),
    HITTER: ("the hitter (at the limit)", "play"),
    "play.pairs": ("pairs in play", "play"),
    "play.sequences": ("sequences in play", "play"),
    "play.jacks_deuces": ("J and 2 in play", "play"),
    "play.go_points": ("the go", "play"),
    "play.latter_points": ("the latter", "play"),
    "count.point_totals": ("points (15, 25...)", "count"),
    "count.thirty_one": ("thirty-one", "count"),
    "count.thirty_one_flat_points": ("thirty-one (flat)", "count"),
    "count.pair_points": ("pairs", "count"),
    "count.prial_points": ("prials", "count"),
    "count.double_prial_points": ("double prials", "count"),
    "count.jack_points": ("Jacks", "count"),
    "count.right_jack_points": ("right Jacks", "count"),
    "count.deuce_points": ("Deuces", "count"),
    "count.right_deuce_points": ("right Deuces", "count"),
    "count.colours": ("colours", "count"),
    "count.sequences": ("sequences", "count"),
}


def source_label(source: str) -> str:
    return SOURCES.get(source, (source, ""))[0]


def source_group(source: str) -> str:
    """``turn-up``, ``mog``, ``play`` or ``count``: from the table, else the rule's section."""
    return SOURCES.get(source, ("", source.split(".")[0]))[1]


@dataclass(frozen=True)
class GameRecord:
    """The measures of one game, plain numbers only (cheap to send between processes)."""

    seed: int
    winner: int
    first_dealer_won: bool
    deals: int
    scores: tuple[int, ...]
    dealer_edge: int  # Σ over deals of (the dealer's side's points − the other side's)
    points_by_source: tuple[tuple[str, int], ...]
    points_by_name: tuple[tuple[str, int], ...]
    decided_in: str  # the group (turn-up, mog, play, count) of the score that took the winner to the target
    lead_changes: int
    drama: int  # the most points the eventual winner was ever behind
    decisive_share: float  # the deal from which the winner led for good, as a share of the game's deals
    gaps: tuple[int, ...]  # the winner's lead over the loser at the end of each deal
    eldest_counts: tuple[int, ...] = ()  # the eldest's hand as dealt, counted with the deck card, per deal
    decisive_deal: int = 0  # the deal from which the winner led for good (decisive_share's numerator)

    @property
    def points(self) -> Mapping[str, int]:
        return dict(self.points_by_source)

    @property
    def margin(self) -> int:
        return self.scores[self.winner] - max(s for t, s in enumerate(self.scores) if t != self.winner)

    def as_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "winner": self.winner, "first_dealer_won": self.first_dealer_won,
                "deals": self.deals, "scores": list(self.scores), "dealer_edge": self.dealer_edge,
                "points_by_source": dict(self.points_by_source), "decided_in": self.decided_in,
                "lead_changes": self.lead_changes, "drama": self.drama,
                "decisive_share": round(self.decisive_share, 6), "gaps": list(self.gaps)}


def first_dealer(state: State) -> int:
    """Who dealt first: the dealer rotates one seat a deal, and the last deal's dealer is kept."""
    return (state.dealer - (state.deal_number - 1)) % state.n


def dealer_of(state: State, deal: int) -> int:
    return (first_dealer(state) + deal - 1) % state.n


def source_of(rules: Rules, event: Event) -> str:
    """The event's rule, with the hitter told apart from the other point totals of the play."""
    if event.rule == "play.point_totals" and _reaches(rules, event.cards, rules.play_limit):
        return HITTER
    return event.rule


def _reaches(rules: Rules, cards: tuple[str, ...], total: int) -> bool:
    """Whether the series of cards can add up to ``total`` (an Ace may count any of its values)."""
    parsed = [Card.from_str(c) for c in cards]
    fixed = sum(card_value(rules, c) for c in parsed if c.rank != Rank.ACE)
    aces = sum(1 for c in parsed if c.rank == Rank.ACE)
    return any(fixed + sum(v) == total for v in itertools.combinations_with_replacement(rules.ace_values, aces))


def measure(state: State, seed: int, *, eldest_counts: bool = False, names: bool = True) -> GameRecord:
    """The measures of a finished game; ``eldest_counts`` also replays it to count each dealt hand;
    ``names`` keeps the points by the events' names too (for ``simulate``; a comparison goes by rule)."""
    if state.winner is None:
        raise ValueError("the game has not finished")
    rules = state.rules
    winner = state.winner
    teams = len(state.scores)
    by_source: dict[str, int] = {}
    by_name: dict[str, int] = {}
    per_deal = [[0] * teams for _ in range(state.deal_number)]
    running = [0] * teams
    leader: int | None = None
    lead_changes = 0
    drama = 0
    decided_in = ""
    ahead_since: int | None = None  # the deal in which the winner last went ahead, if ahead now
    for event in state.events:
        source = source_of(rules, event)
        by_source[source] = by_source.get(source, 0) + event.points
        by_name[event.name] = by_name.get(event.name, 0) + event.points
        if not event.points:
            continue
        per_deal[event.deal - 1][event.team] += event.points
        running[event.team] += event.points
        best = max(running)
        ahead = [t for t, s in enumerate(running) if s == best]
        if len(ahead) == 1 and ahead[0] != leader:
            lead_changes += leader is not None
            leader = ahead[0]
        others = max(s for t, s in enumerate(running) if t != winner)
        drama = max(drama, others - running[winner])
        if running[winner] <= others:
            ahead_since = None
        elif ahead_since is None:
            ahead_since = event.deal
        if not decided_in and event.team == winner and running[winner] >= rules.target:
            decided_in = source_group(source)
    edge = 0
    gaps = []
    totals = [0] * teams
    for deal, points in enumerate(per_deal, start=1):
        side = state.team_of(dealer_of(state, deal))
        edge += points[side] - sum(p for t, p in enumerate(points) if t != side)
        totals = [a + b for a, b in zip(totals, points)]
        gaps.append(totals[winner] - max(s for t, s in enumerate(totals) if t != winner))
    decisive = ahead_since or state.deal_number
    return GameRecord(
        seed=seed, winner=winner, first_dealer_won=state.team_of(first_dealer(state)) == winner,
        deals=state.deal_number, scores=tuple(state.scores), dealer_edge=edge,
        points_by_source=tuple(sorted(by_source.items())),
        points_by_name=tuple(sorted(by_name.items())) if names else (),
        decided_in=decided_in, lead_changes=lead_changes, drama=drama,
        decisive_share=decisive / state.deal_number, gaps=tuple(gaps),
        eldest_counts=dealt_eldest_counts(state) if eldest_counts else (), decisive_deal=decisive)


def record_from_kernel(game: KernelGame, seed: int, kinds: Sequence[ScoreKind], *, names: bool = True) -> GameRecord:
    """What ``measure`` gives of the same game played by the Python engine, from what the kernel reports
    of it: its kinds of score become sources (the hitter told apart) and names, as the events' do."""
    by_source: dict[str, int] = {}
    by_name: dict[str, int] = {}
    raw = game.kinds
    for i in range(0, len(raw), 3):
        kind, points = kinds[raw[i]], raw[i + 1]
        source = HITTER if kind.hitter else kind.rule
        by_source[source] = by_source.get(source, 0) + points
        by_name[kind.name] = by_name.get(kind.name, 0) + points
    decided = game.decided_by
    if decided >= 0:
        kind = kinds[decided]
        decided_in = source_group(HITTER if kind.hitter else kind.rule)
    else:
        decided_in = ""
    return GameRecord(
        seed=seed, winner=game.winner, first_dealer_won=game.first_dealer_won, deals=game.deals, scores=game.scores,
        dealer_edge=game.dealer_edge, points_by_source=tuple(sorted(by_source.items())),
        points_by_name=tuple(sorted(by_name.items())) if names else (), decided_in=decided_in,
        lead_changes=game.lead_changes, drama=game.drama, decisive_share=game.decisive_deal / game.deals,
        gaps=game.gaps, eldest_counts=game.eldest_counts, decisive_deal=game.decisive_deal)


def dealt_eldest_counts(state: State) -> tuple[int, ...]:
    """Replay the game and count the eldest's hand as dealt (before any mog), with the deck card, in
    every deal: each is a uniformly random deal, so their mean estimates the exact mean hand."""
    replayed = state.game.new_initial_state()
    counts = []
    for action in state.history:
        replayed.apply_action(action)
        if action.kind is Kind.TURN and replayed.deck_card is not None:
            hand = replayed.hands[replayed.eldest]
            if len(hand) == state.rules.cards_each:
                counts.append(count_total(state.rules, hand, replayed.deck_card))
    return tuple(counts)


__all__ = ["GameRecord", "HITTER", "SOURCES", "dealer_of", "dealt_eldest_counts", "first_dealer", "measure",
           "record_from_kernel", "source_group", "source_label", "source_of"]
