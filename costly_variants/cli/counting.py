"""``costly score``, ``examples`` and ``analyse``: counting hands under the profiles."""
from __future__ import annotations

import argparse
import sys

from rich.table import Table
from rich.text import Text

from .. import profiles
from ..count.analysis import analyse_hands, require_hand_size
from ..count.batch import BatchError, score_batch
from .profiles import console
from ..profiles.display import dumps
from ..errors import UsageError
from ..worked_examples.replay import load_examples, replay_all
from ..profiles import Profile
from ..profiles.rules import Category
from ..count.hand import HandScore, parse_deal, score_hand

EXIT_OK, EXIT_INVALID = 0, 1


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("score", help="count a hand: three cards and the deck card, itemised with citations")
    p.add_argument("cards", nargs="*", metavar="CARD", help="the three cards held, e.g. 5H 5D 10H")
    p.add_argument("--deck", metavar="CARD", help="the deck card (turn-up)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--variant", metavar="ID|PATH", help="one profile (default: every bundled profile)")
    group.add_argument("--all", action="store_true", help="every bundled profile side by side (the default)")
    p.add_argument("--batch", action="store_true",
                   help="read lines of four cards (the fourth the deck card) from stdin; one JSON object per line")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=cmd_score)

    p = sub.add_parser("examples", help="replay the sources' worked examples under every profile")
    p.add_argument("--variant", metavar="ID|PATH", action="append",
                   help="replay under this profile only (repeatable; default: every bundled profile)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=cmd_examples)

    p = sub.add_parser("analyse", aliases=["analyze"], help="exact analysis")
    what = p.add_subparsers(dest="what", metavar="WHAT", parser_class=type(p))
    what.required = True
    h = what.add_parser("hands", help="every one of the 1,082,900 deals of three cards and a deck card")
    group = h.add_mutually_exclusive_group(required=True)
    group.add_argument("--variant", metavar="ID|PATH", help="the profile to analyse")
    group.add_argument("--all", action="store_true", help="every bundled profile")
    h.add_argument("--json", action="store_true", help="print JSON")
    h.set_defaults(handler=cmd_analyse_hands)


def read_text_lines(data: bytes, name: str) -> list[str]:
    """Lines of UTF-8 text; bytes that are not UTF-8 are an error naming their line."""
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise BatchError(f"{name}:{line}: not UTF-8: byte 0x{data[exc.start]:02x} cannot be decoded") from None


def _chosen(args: argparse.Namespace) -> list[Profile]:
    return [profiles.load(args.variant)] if getattr(args, "variant", None) else profiles.load_all()


def cmd_score(args: argparse.Namespace) -> int:
    if args.batch:
        if args.cards or args.deck:
            raise UsageError("costly score --batch reads its cards from stdin; give no cards on the command line")
        if not args.variant:
            raise UsageError("costly score --batch needs --variant ID|PATH")
        profile = profiles.load(args.variant)
        require_hand_size(profile.rules, profile.id)
        rules = profile.rules
        stdin = sys.stdin
        raw = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read().encode("utf-8")
        score_batch(rules, read_text_lines(raw, "<stdin>"), sys.stdout)
        return EXIT_OK
    if len(args.cards) != 3 or not args.deck:
        raise UsageError("costly score: give three cards and --deck CARD, e.g. costly score 5H 5D 10H --deck KH")
    hand, deck = parse_deal(args.cards, args.deck)
    chosen = _chosen(args)
    for profile in chosen:
        require_hand_size(profile.rules, profile.id)
    scores = [(p, score_hand(p.rules, hand, deck)) for p in chosen]
    if args.json:
        payload = [{"profile": p.id, **s.as_dict()} for p, s in scores]
        print(dumps(payload[0] if args.variant else {"hand": [str(c) for c in hand], "deck": str(deck),
                                                     "profiles": payload}))
        return EXIT_OK
    out = console(40 + 24 * len(scores))
    out.print(Text(f"Hand {' '.join(c.pretty() for c in hand)}, deck card {deck.pretty()}", style="bold"))
    if len(scores) > 1:
        out.print(_side_by_side(scores))
    shown: dict[tuple, str] = {}
    for profile, score in scores:
        same = shown.get(score.items)
        if same:
            out.print(Text(f"{profile.id}: {score.total}, item for item as {same}", style="bold"))
            continue
        shown[score.items] = profile.id
        out.print(_itemised(profile, score))
    return EXIT_OK


def _side_by_side(scores: list[tuple[Profile, HandScore]]) -> Table:
    table = Table(" ", "category", *(p.id for p, _ in scores), box=None, pad_edge=False)
    for category in Category:
        cells = []
        for _, score in scores:
            items = [i for i in score.items if i.category is category]
            cells.append("\n".join(f"{i.name} {i.points}" for i in items) or "-")
        sums = [sum(i.points for i in s.items if i.category is category) for _, s in scores]
        table.add_row("≠" if len(set(sums)) > 1 else "", category.value, *(Text(c) for c in cells))
    totals = [s.total for _, s in scores]
    table.add_row("≠" if len(set(totals)) > 1 else "", Text("total", style="bold"),
                  *(Text(str(t), style="bold") for t in totals))
    return table


def _itemised(profile: Profile, score: HandScore) -> Table:
    title = f"{profile.id}: {score.total}"
    if score.ace_values:
        title += " (" + ", ".join(f"{c} counted {v}" for c, v in score.ace_values) + ")"
    if score.cocks_nest:
        title += " - a cock's nest"
    table = Table("item", "cards", "points", "rule", "passages", title=title, title_justify="left",
                  box=None, pad_edge=False)
    for item in score.items:
        table.add_row(item.name, " ".join(str(c) for c in item.cards), str(item.points), item.rule,
                      Text(", ".join(item.cite) or "-", overflow="fold"))
    if not score.items:
        table.add_row("nothing scores", "", "0", "", "")
    return table


def cmd_examples(args: argparse.Namespace) -> int:
    chosen = [profiles.load(v) for v in args.variant] if args.variant else profiles.load_all()
    outcomes = replay_all(chosen, load_examples())
    if args.json:
        print(dumps([o.as_dict() for o in outcomes]))
        return EXIT_OK
    out = console(140)
    table = Table("example", "profile", "source", "engine", "reason for the difference", box=None, pad_edge=False)
    last = None
    for o in outcomes:
        first = o.example.id != last
        last = o.example.id
        home = "*" if o.profile_id == o.example.profile else " "
        table.add_row(Text(o.example.id if first else ""), f"{home}{o.profile_id}", str(o.stated), "-" if o.engine is None else str(o.engine),
                      Text(o.reason or ("agrees" if o.agrees else ""), overflow="fold"),
                      end_section=False)
    out.print(table)
    agree = sum(o.agrees for o in outcomes if o.profile_id == o.example.profile)
    homes = sum(1 for o in outcomes if o.profile_id == o.example.profile)
    out.print(f"* the example's own profile. Under their own profiles {agree} of {homes} examples agree with "
              f"the engine; every difference has its reason.")
    return EXIT_OK


def cmd_analyse_hands(args: argparse.Namespace) -> int:
    chosen = _chosen(args) if not args.all else profiles.load_all()
    for profile in chosen:
        require_hand_size(profile.rules, profile.id)
    results = [(p, analyse_hands(p.rules)) for p in chosen]
    if args.json:
        payload = [{"profile": p.id, **a.as_dict()} for p, a in results]
        print(dumps(payload[0] if args.variant else payload))
        return EXIT_OK
    out = console(100)
    for profile, a in results:
        out.print(Text(f"{profile.id}: {a.deals:,} deals of three cards and a deck card", style="bold"))
        out.print(f"  mean {a.mean:.3f}, maximum {a.maximum}, no deal counts: "
                  f"{', '.join(map(str, a.impossible)) or 'none'}")
        out.print(f"  scoring nothing (cock's nest): {a.zero_share:.2%}")
        table = Table("category", "deals scoring it", "share", "mean points", box=None, pad_edge=False)
        for category, n in a.category_deals.items():
            table.add_row(category, f"{n:,}", f"{n / a.deals:.1%}", f"{a.category_points[category] / a.deals:.3f}")
        out.print(table)
        peak = max(a.distribution.values())
        for total, n in a.distribution.items():
            bar = "#" * max(1, round(40 * n / peak))
            out.print(f"  {total:3d} {n:9,d} {bar}")
    return EXIT_OK
