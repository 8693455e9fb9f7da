"""Typed, immutable rules: what the engine sees once a profile is loaded and resolved."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from functools import cached_property
from types import MappingProxyType
from typing import Any, Callable, Generic, Mapping, TypeVar

from ..cards import Rank


class Status(enum.Enum):
    STATED = "stated"
    INFERRED = "inferred"
    EDITORIAL = "editorial"
    SILENT = "silent"
    DISPUTED = "disputed"
    UNAVAILABLE = "unavailable"


class FirstDealer(enum.Enum):
    CUT_LOWEST = "cut-lowest"
    CUT_HIGHEST = "cut-highest"


class SourceStatus(enum.Enum):
    """How a whole profile stands to its sources (its ``source_status``), beside each rule's own status."""

    PRIMARY = "primary"          # read from the source's own text
    SECONDARY = "secondary"      # the source itself is not available: read through later reports of it
    UNAVAILABLE = "unavailable"  # the source's text has not been read at all


class CutAce(enum.Enum):
    LOW = "low"
    HIGH = "high"


class MogProcedure(enum.Enum):
    ELDEST_CHOOSES = "eldest-chooses"
    ELDER_ASKS_DEALER = "elder-asks-dealer"
    BOTH_PASS = "both-pass"


class PartnersChallenger(enum.Enum):
    ELDER_HAND = "elder-hand"                # in each partnership the elder hand asks his partner
    ELDEST_AND_DEALER = "eldest-and-dealer"  # the eldest and the dealer each ask their partners


class StockWhen(enum.Enum):
    SIDE_NOT_MOGGED = "side-not-mogged"  # whenever the dealer's partnership has not mogged
    DEALER_REFUSED = "dealer-refused"    # only when the dealer asked his partner and was refused


class LateClaimWhen(enum.Enum):
    BEFORE_COUNT = "before-count"        # every claim before the first hand is counted
    CLAIMANT_COUNT = "claimant-count"    # each claim with its claimant's own count


class AceInSequence(enum.Enum):
    LOW = "low"                  # A-2-3 only
    HIGH_OR_LOW = "high-or-low"  # A-2-3 or Q-K-A, never K-A-2


class LatterWhen(enum.Enum):
    EACH_SERIES = "each-series"
    LAST_CARD_ONLY = "last-card-only"


class ThirtyOne(enum.Enum):
    PER_CARD = "per-card"
    FLAT_WHOLE_HAND = "flat-whole-hand"
    NONE = "none"


class Match(enum.Enum):
    """What makes a Jack or Deuce "right": the deck card's suit, or only its colour."""

    SUIT = "suit"
    COLOUR = "colour"



class PairMatch(enum.Enum):
    RANK = "rank"
    COURTS_ALIKE = "courts-alike"


class Category(enum.Enum):
    """Scoring categories of the count, in no particular order (profiles set the order)."""

    POINTS = "points"
    THIRTY_ONE = "thirty-one"
    JACKS = "jacks"
    DEUCES = "deuces"
    PAIRS = "pairs"
    COLOURS = "colours"
    SEQUENCES = "sequences"


@dataclass(frozen=True)
class ColourEntry:
    """One line of a colours table: at least ``in_colour`` of a colour and ``in_suit`` of a suit."""

    name: str
    in_colour: int
    in_suit: int
    points: int


@dataclass(frozen=True)
class Alternative:
    """Another reading of a rule's passages: its value, in words, and the passages behind it; ``together``
    holds the other rule values the reading goes with (``section.name``, value), played with it."""

    value: Any
    reading: str
    cite: tuple[str, ...] = ()
    together: tuple[tuple[str, Any], ...] = ()


class EvidenceKind(enum.Enum):
    """How a piece of evidence gives its passage's words."""

    QUOTATION = "quotation"      # the transcribed passage's own words, exactly
    PARAPHRASE = "paraphrase"    # a modern text: what it says at its locator, in this project's words
    TRANSLATION = "translation"  # a text read in translation: the words read, and this project's English


@dataclass(frozen=True)
class Evidence:
    """The words that state a value, in one passage (``source-id#passage-id``). ``words`` are the passage's
    own (a quotation), ours (a paraphrase of a modern text) or the words read in ``language`` (a text read
    in translation), then with ``translation``, ours."""

    passage: str
    words: str
    kind: EvidenceKind
    language: str | None = None
    translation: str | None = None

    @property
    def source_id(self) -> str:
        return self.passage.partition("#")[0]


@dataclass(frozen=True)
class Provenance:
    """Where a rule value comes from, and which profile set it."""

    status: Status
    cite: tuple[str, ...]
    note: str | None
    alternatives: tuple[Alternative, ...]
    defined_in: str
    # A value a profile takes from the profile it extends has the status its own sources give it (silent
    # where they do not give it; unavailable where its own text is unavailable); this keeps the status it
    # has where it was set (``stated`` in Cotton for Holme's game), when the two differ.
    taken_as: Status | None = None
    # The words that state the value (every stated value has some; others may).
    evidence: tuple[Evidence, ...] = ()


def _rule(key: str) -> Any:
    return field(metadata={"key": key})


@dataclass(frozen=True)
class Rules:
    """A complete rule set. Each field's metadata names its profile key (``section.name``)."""

    players: int = _rule("players.count")
    partnerships: bool = _rule("players.partnerships")
    target: int = _rule("game.target")
    peg_out_ends_game: bool = _rule("game.peg_out_ends_game")
    first_dealer: FirstDealer = _rule("deal.first_dealer")
    cut_ace: CutAce = _rule("deal.cut_ace")
    cards_each: int = _rule("deal.cards_each")
    deal_in_ones: bool = _rule("deal.in_ones")
    deal_passes: str = _rule("deal.passes")
    heels_ranks: frozenset[Rank] = _rule("turnup.heels_ranks")
    heels_points: int = _rule("turnup.heels_points")
    heels_before_play: bool = _rule("turnup.heels_before_play")
    mog_procedure: MogProcedure = _rule("mog.procedure")
    mog_refusal_points: int = _rule("mog.refusal_points")
    mog_not_asking_pays: bool = _rule("mog.not_asking_pays")
    mog_given_away_scores: bool = _rule("mog.given_away_scores")
    mog_late_claim: bool = _rule("mog.late_claim")
    mog_late_claim_when: LateClaimWhen = _rule("mog.late_claim_when")
    mog_partners_exchange: bool = _rule("mog.partners_exchange")
    mog_partners_challenger: PartnersChallenger = _rule("mog.partners_challenger")
    mog_dealer_stock: bool = _rule("mog.dealer_mogs_stock")
    mog_stock_when: StockWhen = _rule("mog.stock_when")
    court_value: int = _rule("cards.court_value")
    ace_values: tuple[int, ...] = _rule("cards.ace_values")
    ace_chooser: str = _rule("cards.ace_chooser")
    ace_in_sequence: AceInSequence = _rule("cards.ace_in_sequence")
    play_leader: str = _rule("play.leader")
    play_limit: int = _rule("play.limit")
    play_point_totals: tuple[int, ...] = _rule("play.point_totals")
    go_points: int = _rule("play.go_points")
    latter_points: int = _rule("play.latter_points")
    latter_when: LatterWhen = _rule("play.latter_when")
    go_and_latter: bool = _rule("play.go_and_latter")
    new_series: bool = _rule("play.new_series")
    play_pairs: bool = _rule("play.pairs")
    play_sequences: bool = _rule("play.sequences")
    sequence_min: int = _rule("play.sequence_min")
    play_jacks_deuces: bool = _rule("play.jacks_deuces")
    count_order: str = _rule("count.order")
    count_hand: str = _rule("count.hand")
    declaration_order: tuple[Category, ...] = _rule("count.declaration_order")
    count_point_totals: tuple[int, ...] = _rule("count.point_totals")
    thirty_one: ThirtyOne = _rule("count.thirty_one")
    thirty_one_flat_points: int = _rule("count.thirty_one_flat_points")
    jack_points: int = _rule("count.jack_points")
    right_jack_points: int = _rule("count.right_jack_points")
    right_jack_match: Match = _rule("count.right_jack_match")
    deuce_points: int = _rule("count.deuce_points")
    right_deuce_points: int = _rule("count.right_deuce_points")
    right_deuce_match: Match = _rule("count.right_deuce_match")
    deck_card_scores_as_jack_deuce: bool = _rule("count.deck_card_scores_as_jack_deuce")
    pair_match: PairMatch = _rule("count.pair_match")
    pair_points: int = _rule("count.pair_points")
    prial_points: int = _rule("count.prial_points")
    double_prial_points: int = _rule("count.double_prial_points")
    colours: tuple[ColourEntry, ...] = _rule("count.colours")
    count_sequences: bool = _rule("count.sequences")
    contained_not_counted: bool = _rule("count.contained_not_counted")
    one_value_per_ace: bool = _rule("count.one_value_per_ace")
    cocks_nest: bool = _rule("count.cocks_nest")
    # The passages behind each rule, so that every score can say what it rests on. Not a rule itself:
    # two profiles with the same values but different citations play the same game.
    citations: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    def cite(self, key: str) -> tuple[str, ...]:
        return self.citations.get(key, ())

    @cached_property
    def counting(self) -> "CountRules":
        """Only the rules a count depends on, so that caches are shared by profiles that count alike.
        Built once per Rules (the engine asks for it at every count)."""
        return CountRules(**{f.name: getattr(self, f.name) for f in fields(CountRules)})


@dataclass(frozen=True)
class CountRules:
    """The projection of Rules that the count of a hand depends on."""

    court_value: int
    ace_values: tuple[int, ...]
    one_value_per_ace: bool
    count_point_totals: tuple[int, ...]
    thirty_one: ThirtyOne
    thirty_one_flat_points: int
    pair_match: PairMatch
    pair_points: int
    prial_points: int
    double_prial_points: int
    contained_not_counted: bool
    jack_points: int
    right_jack_points: int
    right_jack_match: Match
    deuce_points: int
    right_deuce_points: int
    right_deuce_match: Match
    deck_card_scores_as_jack_deuce: bool
    colours: tuple[ColourEntry, ...]
    count_sequences: bool
    sequence_min: int
    ace_in_sequence: AceInSequence
    play_limit: int  # the hand's "thirty-one" is the play's limit

    # Counting caches are keyed by these rules, and hashing two dozen fields (enums among them) costs more
    # than a look-up: the hash is worked out once. It is left out of a pickle, because a string's hash,
    # and so an enum's, differs from one process to the next.
    def __hash__(self) -> int:
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, f.name) for f in fields(self)))
            object.__setattr__(self, "_hash", cached)
        return cached  # type: ignore[no-any-return]

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}


_RULE_FIELDS = tuple(f for f in fields(Rules) if "key" in f.metadata)
RULE_KEYS: tuple[str, ...] = tuple(f.metadata["key"] for f in _RULE_FIELDS)
_FIELD_BY_KEY = {f.metadata["key"]: f for f in _RULE_FIELDS}


def _convert(key: str, value: Any) -> Any:
    kind = str(_FIELD_BY_KEY[key].type)  # a string: this module uses postponed annotations
    if kind == "frozenset[Rank]":
        return frozenset(Rank.from_str(str(v)) for v in value)
    if kind == "tuple[Category, ...]":
        return tuple(Category(v) for v in value)
    if kind == "tuple[ColourEntry, ...]":
        return tuple(ColourEntry(**entry) for entry in value)
    if kind == "tuple[int, ...]":
        return tuple(value)
    enum_type = globals().get(kind)
    if isinstance(enum_type, type) and issubclass(enum_type, enum.Enum):
        return enum_type(value)
    return value


def build_rules(values: Mapping[str, Any], citations: Mapping[str, tuple[str, ...]] | None = None) -> Rules:
    """Typed Rules from a complete map of ``section.name`` to plain values (validated already)."""
    typed = {f.name: _convert(f.metadata["key"], values[f.metadata["key"]]) for f in _RULE_FIELDS}
    return Rules(**typed, citations=MappingProxyType(dict(citations or {})))



Made = TypeVar("Made")


class PerRules(Generic[Made]):
    """One object made from each rule set (the counting tables, the play's score table), found by identity
    first (hashing Rules, sixty fields, costs more than what the object saves on a look-up), and on a
    miss by value, so that a new Rules object equal to one seen is not made again."""

    KEEP = 256  # many short-lived rule sets (tests, house rules, the fuzzer): past this, start afresh

    def __init__(self, make: Callable[[Rules], Made]) -> None:
        self._make = make
        self._made: dict[int, tuple[Rules, Made]] = {}
        self._by_value: dict[Rules, Made] = {}  # a new Rules object equal to one seen: hashed once, not remade

    def __call__(self, rules: Rules) -> Made:
        entry = self._made.get(id(rules))
        if entry is None or entry[0] is not rules:  # an id may be reused once its Rules is gone
            if len(self._made) > self.KEEP:
                self._made.clear()
                self._by_value.clear()
            made = self._by_value.get(rules)
            if made is None:
                made = self._by_value[rules] = self._make(rules)
            entry = self._made[id(rules)] = (rules, made)
        return entry[1]
