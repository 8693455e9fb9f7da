"""The sources' worked examples, replayed under any profile, with the reason for every disagreement."""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..count.analysis import DECK_SUIT, DealClass, iter_classes
from ..cards import FULL_DECK, Card, Rank, parse_cards
from ..game.actions import Action, Kind
from ..game.play import card_value
from ..game.state import Game, Phase, State
from ..profiles import Profile
from ..resources import data_dir
from ..profiles.rules import CountRules, Rules
from ..count.hand import HandScore, score_hand
from ..errors import CostlyError
from ..profiles.yamldoc import load_file


@dataclass(frozen=True)
class StatedItem:
    """One item of a source's stated count; ``label`` may offer readings ("fifteen|twenty-five")."""

    label: str
    points: int


@dataclass(frozen=True)
class RecordedPlay:
    """One card of a recorded play, with what the source says it made and scored."""

    player: str
    card: Card
    count: int | None = None
    points: int | None = None
    ace: int | None = None


@dataclass(frozen=True)
class Example:
    """A worked example from a source, as data."""

    id: str
    title: str
    kind: str  # count, play, deal or reconstruct
    profile: str
    cite: tuple[str, ...]
    stated_total: int | None
    stated_items: tuple[StatedItem, ...] = ()
    hand: tuple[Card, ...] = ()
    deck: Card | None = None
    plays: tuple[RecordedPlay, ...] = ()
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()  # a play: each player's whole hand, where given
    play_ref: str | None = None  # a deal example: the play example it includes
    player: str | None = None    # a deal example: whose total it is
    ranks: tuple[int, ...] | None = None  # a reconstruction: the ranks the source names
    requires: frozenset[str] = frozenset()  # a reconstruction: "right jack", "ace"
    discrepancy: str | None = None
    found: str | None = None


KINDS = ("count", "play", "deal", "reconstruct")


def _example(raw: dict[str, Any], where: str) -> Example:
    """A typed Example from one entry of a worked-examples file."""
    try:
        kind = raw["kind"]
        if kind not in KINDS:
            raise ValueError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
        plays = tuple(RecordedPlay(p["player"], Card.from_str(p["card"]), p.get("count"), p.get("points"), p.get("ace"))
                      for p in raw.get("plays", ()))
        stated = raw.get("stated")
        items = tuple(StatedItem(str(i["label"]), int(i["points"])) for i in (stated or {}).get("items", ()))
        total = stated["total"] if stated else (sum(p.points or 0 for p in plays) if kind == "play" else None)
        cards = parse_cards(raw.get("hand", []) + ([raw["deck"]] if "deck" in raw else []))
        hands = tuple((str(name), parse_cards(held)) for name, held in (raw.get("hands") or {}).items())
        deck = Card.from_str(raw["deck"]) if "deck" in raw else None
        return Example(
            id=raw["id"], title=raw["title"], kind=kind, profile=raw["profile"], cite=tuple(raw["cite"]),
            stated_total=total, stated_items=items, hand=cards[:-1] if deck else cards, deck=deck, plays=plays, hands=hands,
            play_ref=raw.get("play"), player=raw.get("player"),
            ranks=tuple(sorted(int(Rank.from_str(str(r))) for r in raw["ranks"])) if "ranks" in raw else None,
            requires=frozenset(raw.get("requires", ())),
            discrepancy=" ".join(raw["discrepancy"].split()) if raw.get("discrepancy") else None,
            found=" ".join(raw["found"].split()) if raw.get("found") else None)
    except KeyError as exc:
        raise CostlyError(f"{where}: example {raw.get('id', '?')!r} lacks {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        raise CostlyError(f"{where}: example {raw.get('id', '?')!r}: {exc}") from None


@dataclass(frozen=True)
class Outcome:
    """An example replayed under one profile."""

    example: Example
    profile_id: str
    stated: int | None
    engine: int | None
    reason: str | None
    details: tuple[str, ...] = ()

    @property
    def agrees(self) -> bool:
        return self.stated == self.engine

    def as_dict(self) -> dict[str, Any]:
        return {"example": self.example.id, "profile": self.profile_id, "home": self.profile_id == self.example.profile,
                "source_total": self.stated, "engine_total": self.engine, "agrees": self.agrees,
                "reason": self.reason, "details": list(self.details)}


def load_examples(folder: Path | None = None) -> list[Example]:
    folder = folder or data_dir("sources") / "worked-examples"
    out: list[Example] = []
    for path in sorted(folder.glob("*.yaml")):
        data = load_file(path).data
        if not isinstance(data, dict) or not isinstance(data.get("examples"), list):
            raise CostlyError(f"{path}: not a worked-examples file (needs a list of examples)")
        out.extend(_example(raw, str(path)) for raw in data["examples"])
    return out


@lru_cache(maxsize=1)
def _bundled_examples() -> tuple[Example, ...]:
    return tuple(load_examples())


def _stated_counter(items: Iterable[StatedItem]) -> list[Counter[tuple[str, int]]]:
    """Every reading of the stated items ("fifteen|twenty-five" gives two)."""
    options = [[(label, item.points) for label in item.label.split("|")] for item in items]
    return [Counter(choice) for choice in itertools.product(*options)]


def _label(category: str, name: str) -> str:
    return name if category in ("points", "thirty-one") else category


def _score_counter(score: HandScore) -> Counter[tuple[str, int]]:
    return Counter((_label(i.category.value, i.name), i.points) for i in score.items)


def _by_label(counter: Counter[tuple[str, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for (label, points), n in counter.items():
        out[label] = out.get(label, 0) + points * n
    return out


def _item_reason(stated: Counter[tuple[str, int]], engine: Counter[tuple[str, int]]) -> str:
    s, e = _by_label(stated), _by_label(engine)
    parts = [f"{label} {s.get(label, 0)} in the source, {e.get(label, 0)} here"
             for label in sorted(set(s) | set(e)) if s.get(label, 0) != e.get(label, 0)]
    return "; ".join(parts)


def differing_labels(example: Example, profile: Profile) -> tuple[str, ...]:
    """The items (``fifteen``, ``colours``) where a count example's stated figures and the engine's differ
    under ``profile``; none for another kind of example."""
    if example.kind != "count" or example.deck is None:
        return ()
    stated = _by_label(_stated_counter(example.stated_items)[0])
    engine = _by_label(_score_counter(score_hand(profile.rules, example.hand, example.deck)))
    return tuple(label for label in sorted(set(stated) | set(engine)) if stated.get(label, 0) != engine.get(label, 0))


def _reason(example: Example, profile: Profile, auto: str) -> str | None:
    if not auto:
        return None
    if profile.id == example.profile and example.discrepancy:
        return example.discrepancy
    return auto


def replay(example: Example, profile: Profile) -> Outcome:
    handler = {"count": _replay_count, "play": _replay_play, "deal": _replay_deal,
               "reconstruct": _replay_reconstruct}[example.kind]
    return handler(example, profile)


def _replay_count(example: Example, profile: Profile) -> Outcome:
    assert example.deck is not None
    score = score_hand(profile.rules, example.hand, example.deck)
    stated = _stated_counter(example.stated_items)[0]
    total = example.stated_total
    auto = "" if score.total == total else _item_reason(stated, _score_counter(score))
    return Outcome(example, profile.id, total, score.total, _reason(example, profile, auto),
                   tuple(f"{i.name} {i.points} ({' '.join(map(str, i.cards))})" for i in score.items))


class ReplayError(CostlyError):
    """A recorded play that cannot be played through the engine under a profile."""


def _set_up(rules: Rules, plays: Sequence[RecordedPlay], deck: Card,
            hands: Sequence[tuple[str, Sequence[Card]]]) -> tuple[State, dict[str, int]]:
    """A two-hand game dealt the recorded hands (the first to play as eldest), turned, mogs declined."""
    names = list(dict.fromkeys(p.player for p in plays))
    if rules.players != 2:
        raise ReplayError(f"a two-hand play; this profile seats {rules.players} players")
    if len(names) != 2:
        raise ReplayError(f"a play needs two players; the record names {len(names)}")
    held = {n: [p.card for p in plays if p.player == n] for n in names}
    held.update({n: list(cs) for n, cs in hands})
    for name, cards in held.items():
        if len(cards) > rules.cards_each:
            raise ReplayError(f"{name} holds {len(cards)} cards; this profile deals {rules.cards_each}")
    # Cards the record does not name: the highest, which are the last to be playable, so that a go the
    # record implies is still forced.
    used = {c for cards in held.values() for c in cards} | {deck}
    spare = iter(sorted((c for c in FULL_DECK if c not in used), key=lambda c: (-card_value(rules, c), str(c))))
    for cards in held.values():
        cards.extend(next(spare) for _ in range(rules.cards_each - len(cards)))
    state = Game(rules).new_initial_state()
    for cut in ("2C", "KC"):  # never a tie; whoever deals, the first player is seated eldest
        state.apply_action(Action(Kind.CUT, Card.from_str(cut)))
    seat = {names[0]: state.eldest, names[1]: state.dealer}
    name_of = {s: n for n, s in seat.items()}
    while state.phase is Phase.DEAL:
        receiver = state.next_receiver()
        state.apply_action(Action(Kind.DEAL, held[name_of[receiver]][len(state.hands[receiver])]))
    state.apply_action(Action(Kind.TURN, deck))
    while state.phase is Phase.MOG:
        state.apply_action(Action(Kind.DECLINE) if Action(Kind.DECLINE) in state.legal_actions()
                           else state.legal_actions()[-1])
    if state.phase is not Phase.PLAY:
        raise ReplayError("the game ended before the play")
    return state, seat


def play_points(rules: Rules, plays: Sequence[RecordedPlay], deck: Card,
                hands: Sequence[tuple[str, Sequence[Card]]] = ()) -> list[tuple[str, int, list[str]]]:
    """Play a recorded play through the engine; per card: who played it, what it scored, and why.

    The other player says go wherever the record has one player play twice. A score goes with the
    scorer's latest card: a go or a latter with the card that made the count the other could not pass.
    Raises ReplayError where the engine will not play the record (a go while a card could be played).
    """
    state, seat = _set_up(rules, plays, deck, hands)
    name_of = {s: n for n, s in seat.items()}
    points = [0] * len(plays)
    notes: list[list[str]] = [[] for _ in plays]
    latest: dict[int, int] = {}

    def credit(since: int) -> None:
        for event in state.events[since:]:
            if event.phase == "play" and event.player in latest:
                i = latest[event.player]
                points[i] += event.points
                notes[i].append(f"{event.name} {event.points}")

    go = Action(Kind.GO)
    for i, play in enumerate(plays):
        since = len(state.events)
        mover = seat[play.player]
        while state.phase is Phase.PLAY and state.current_player() != mover:
            if state.legal_actions() != [go]:
                raise ReplayError(f"{name_of[state.current_player()]} could still play at {state.count}, "
                                  f"before {play.card}")
            state.apply_action(go)
        value = play.ace if play.ace is not None else (rules.ace_values[0] if play.card.rank == Rank.ACE else None)
        action = Action(Kind.PLAY, play.card, value)
        if state.phase is not Phase.PLAY or action not in state.legal_actions():
            raise ReplayError(f"{play.card} cannot be played at {state.count}")
        credit(since)  # the goes before this card, paid to cards already played
        since = len(state.events)
        latest[mover] = i
        state.apply_action(action)
        if play.count is not None and state.series and state.count != play.count:
            notes[i].append(f"count {state.count}, not {play.count}")
        credit(since)
    # The end of the last series, where the record stops before the goes that end it.
    since = len(state.events)
    while state.phase is Phase.PLAY and state.series and state.legal_actions() == [go]:
        state.apply_action(go)
    credit(since)
    return [(play.player, points[i], notes[i]) for i, play in enumerate(plays)]


def _replay_play(example: Example, profile: Profile) -> Outcome:
    assert example.deck is not None
    try:
        scored = play_points(profile.rules, example.plays, example.deck, example.hands)
    except ReplayError as exc:
        return Outcome(example, profile.id, example.stated_total, None,
                       f"not played under this profile: {exc}")
    # The source's total is of the cards it gives points for; the engine's likewise.
    engine = sum(p for play, (_, p, _) in zip(example.plays, scored) if play.points is not None)
    differences = []
    for play, (player, points, notes) in zip(example.plays, scored):
        if play.points is not None and play.points != points:
            differences.append(f"{play.card} by {player}: {play.points} in the source, {points} here "
                               f"({', '.join(notes) or 'nothing'})")
    stated = example.stated_total
    auto = "; ".join(differences)
    details = tuple(f"{play.card} ({player}): {points}" + (f" = {', '.join(notes)}" if notes else "")
                    for play, (player, points, notes) in zip(example.plays, scored))
    return Outcome(example, profile.id, stated, engine, _reason(example, profile, auto), details)


def _replay_deal(example: Example, profile: Profile, examples: Sequence[Example] | None = None) -> Outcome:
    rules = profile.rules
    deck = example.deck
    assert deck is not None
    heels = rules.heels_points if deck.rank in rules.heels_ranks else 0
    play_example = next(e for e in (examples or _bundled_examples()) if e.id == example.play_ref)
    try:
        played = play_points(rules, play_example.plays, deck, play_example.hands)
    except ReplayError as exc:
        return Outcome(example, profile.id, example.stated_total, None, f"not played under this profile: {exc}")
    play = sum(p for who, p, _ in played if who == example.player)
    count = score_hand(rules, example.hand, deck).total
    engine = heels + play + count
    stated = {i.label: i.points for i in example.stated_items}
    mine = {"heels": heels, "play": play, "count": count}
    auto = "" if engine == example.stated_total else "; ".join(
        f"{k} {stated.get(k, 0)} in the source, {v} here" for k, v in mine.items() if stated.get(k, 0) != v)
    return Outcome(example, profile.id, example.stated_total, engine, _reason(example, profile, auto),
                   (f"heels {heels}, play {play}, count {count}",))


@dataclass
class _Group:
    """Deal classes that count item for item alike: one signature, one total."""

    signature: Counter
    total: int
    classes: list[DealClass] = field(default_factory=list)


@lru_cache(maxsize=8)
def _groups(rules: CountRules) -> tuple[_Group, ...]:
    groups: dict[tuple, _Group] = {}
    for cls in iter_classes(rules):
        key = (cls.rank_summary, cls.suit_summary)
        group = groups.get(key)
        if group is None:
            signature = Counter((_label(cat, label), pts) for cat, label, pts in key[0] + key[1])
            group = groups[key] = _Group(signature, cls.total)
        group.classes.append(cls)
    return tuple(groups.values())


def _constraint(example: Example):
    """A test of a deal class for the example's stated cards, or None where it states none."""
    want = example.ranks
    requires = example.requires
    right_jack = Card(Rank.JACK, DECK_SUIT)
    if want is None and not requires:
        return None

    def fits(cls: DealClass) -> bool:
        if want is not None and cls.ranks != want:
            return False
        if "right jack" in requires and right_jack not in cls.hand and cls.deck != right_jack:
            return False
        return "ace" not in requires or cls.ranks[0] == Rank.ACE

    return fits


def _distance(a: Counter, b: Counter) -> int:
    return sum(((a - b) + (b - a)).values())


def _show(cls: DealClass) -> str:
    return f"{' '.join(map(str, cls.hand))} with deck card {cls.deck}"


def _replay_reconstruct(example: Example, profile: Profile) -> Outcome:
    stated_items = example.stated_items
    total = example.stated_total
    groups = _groups(profile.rules.counting)
    fits = _constraint(example)
    if fits is not None:
        fitting = [(g, [c for c in g.classes if fits(c)]) for g in groups]
        fitting = [(g, cs) for g, cs in fitting if cs]
    else:
        fitting = [(g, g.classes) for g in groups]
    deals = sum(c.count for _, cs in fitting for c in cs)
    if not stated_items:
        totals: Counter[int] = Counter()
        for g, cs in fitting:
            totals[g.total] += sum(c.count for c in cs)
        found = ", ".join(f"{t} ({n} deals)" for t, n in sorted(totals.items(), reverse=True))
        top_total = max(totals) if totals else None
        exact_deals = totals.get(total, 0) if total is not None else 0
        details = (f"{deals} deals fit; totals: {found}",)
        auto = "" if exact_deals else f"no deal with these cards counts {total}; they count {found}"
        engine = total if exact_deals else top_total
        return Outcome(example, profile.id, total, engine, _reason(example, profile, auto), details)
    readings = _stated_counter(stated_items)
    distance = {id(g): min(_distance(g.signature, r) for r in readings) for g, _ in fitting}
    exact_classes = [c for g, cs in fitting if distance[id(g)] == 0 for c in cs]
    if exact_classes:
        n = sum(c.count for c in exact_classes)
        details = (f"{n} of {deals} deals count exactly so (deck cards of every suit), e.g. "
                   + "; ".join(_show(c) for c in exact_classes[:3]),)
        return Outcome(example, profile.id, total, total, None, details)
    nearest_d = min(distance.values())
    nearest = [(g, cs) for g, cs in fitting if distance[id(g)] == nearest_d]
    best_group, best_classes = nearest[0]
    example_class = best_classes[0]
    reading = min(readings, key=lambda r: _distance(best_group.signature, r))
    n = sum(c.count for _, cs in nearest for c in cs)
    auto = (f"no deal counts exactly so; the nearest ({n} deals, e.g. {_show(example_class)}, total {best_group.total}) "
            f"differ: {_item_reason(reading, best_group.signature)}")
    details = (f"nearest totals {sorted({g.total for g, _ in nearest})}; e.g. "
               + "; ".join(_show(cs[0]) for _, cs in nearest[:3]),)
    return Outcome(example, profile.id, total, best_group.total, _reason(example, profile, auto), details)


def replay_all(profiles: Sequence[Profile], examples: Sequence[Example] | None = None) -> list[Outcome]:
    """Every example under its own profile first, then under each of the others."""
    examples = examples or load_examples()
    out = []
    for example in examples:
        ordered = sorted(profiles, key=lambda p: p.id != example.profile)
        for profile in ordered:
            out.append(replay(example, profile))
    return out
