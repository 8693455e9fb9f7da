"""``costly score``, ``examples`` and ``analyse``: counting hands under the profiles."""
from __future__ import annotations

import argparse
import io
import sys
from typing import TYPE_CHECKING, Any, Sequence

from .helptext import CardsAction, add_progress_options, command, progress_mode
from .profiles import add_json

if TYPE_CHECKING:
    from rich.console import Console

    from ..count.hand import HandScore
    from ..profiles import Profile
    from ..worked_examples.replay import Example, Outcome

EXIT_OK, EXIT_INVALID = 0, 1


def register(sub: argparse._SubParsersAction) -> None:
    p = command(sub, "score", "count a hand (three cards, or as many as the profile deals) and the deck card, "
                              "item by item, with the rule behind each point",
                examples=["costly score 5H 5D 10H --deck KH", "costly score AH 4C 10S --deck 5D --variant cotton-1674",
                          "costly score --batch --variant parlett-121 < deals.txt"],
                details="Cards are a rank (A or 1, 2-10, J, Q, K; T for ten) and a suit (S, H, D, C, or the symbols), in "
                        "either case. "
                        "The deck card is the card turned up from the stock, which counts with every hand.")
    p.add_argument("cards", nargs="*", metavar="CARD", action=CardsAction,
                   help="the cards held (as many as the profile deals: three in every bundled one), e.g. 5H 5D 10H "
                        "(or 5h,5d,10h)")
    p.add_argument("--deck", metavar="CARD", help="the deck card (the turn-up), e.g. KH")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--variant", metavar="ID|PATH", help="one profile (default: every bundled profile)")
    group.add_argument("--all", action="store_true", help="every bundled profile side by side (the default)")
    p.add_argument("--batch", action="store_true",
                   help="read lines of the cards held, then the deck card (four cards a line; five for a "
                        "profile that deals four) from stdin; write one JSON object "
                        "per deal, whose \"line\" is its input line number (counting \\n only) and whose "
                        "\"hand\" and \"deck\" are the cards as read; blank and # comment lines give no "
                        "output; any bad line stops the run before anything is written")
    p.add_argument("--workers", type=_workers, metavar="N",
                   help="with --batch: processes scoring at once (default: one per core for large inputs)")
    add_json(p)
    add_progress_options(p)
    p.set_defaults(handler=cmd_score)

    p = command(sub, "examples", "replay the sources' worked examples: the source's count beside the engine's",
                examples=["costly examples", "costly examples --variant cotton-1674 --json"],
                details="Each example shows its cards, what the source says it scores, and what the engine "
                        "counts under each profile; every difference has its reason.")
    p.add_argument("--variant", metavar="ID|PATH", action="append",
                   help="replay under this profile only (repeatable; default: every bundled profile)")
    add_json(p)
    p.set_defaults(handler=cmd_examples)

    p = command(sub, "analyse", "exact analysis of every possible deal under a profile",
                aliases=["analyze"], examples=["costly analyse hands --variant parlett-121", "costly analyse hands --all --json"])
    what = p.add_subparsers(dest="what", metavar="WHAT", parser_class=type(p))
    what.required = True
    h = command(what, "hands", "the count of every deal of a hand and a deck card (1,082,900 for three cards, "
                               "12,994,800 for four): mean, spread, and what scores how often",
                examples=["costly analyse hands --variant parlett-121", "costly analyse hands --all"],
                prog="costly analyse hands")
    group = h.add_mutually_exclusive_group(required=True)
    group.add_argument("--variant", metavar="ID|PATH", help="the profile to analyse")
    group.add_argument("--all", action="store_true", help="every bundled profile")
    add_json(h)
    h.set_defaults(handler=cmd_analyse_hands)


def _workers(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 256:
        raise argparse.ArgumentTypeError(f"not a number of workers from 1 to 256: {text!r}")
    return int(text)


def _chosen(args: argparse.Namespace) -> list[Profile]:
    from .. import profiles

    return [profiles.load(args.variant)] if getattr(args, "variant", None) else profiles.load_all()


def _hand_size(chosen: Sequence[Profile], given: int | None = None) -> int:
    """The size of hand the profiles deal (``deal.cards_each``): one size for all of them, else a usage
    error naming which deals what."""
    from ..errors import UsageError

    sizes = {p.rules.cards_each for p in chosen}
    if len(sizes) > 1:
        dealt = "; ".join(f"{p.id} {p.rules.cards_each}" for p in chosen)
        raise UsageError(f"costly score: these profiles deal hands of different sizes ({dealt}); score one "
                         "with --variant ID|PATH")
    (size,) = sizes
    if given is not None and given != size:
        which = chosen[0].id if len(chosen) == 1 else "the bundled profiles"
        example = " ".join(["5H", "5D", "10H", "4C"][:size]) if size <= 4 else "..."
        raise UsageError(f"costly score: {which} deal{'s' * (len(chosen) == 1)} {_cards(size)}; give {size} and "
                         f"--deck CARD, e.g. costly score {example} --deck KH"
                         + ("" if len(chosen) == 1 else f" (for a profile that deals {given}: --variant ID|PATH)"))
    return size


def _cards(n: int) -> str:
    return f"{NUMBER_WORDS.get(n, n)} card{'s' * (n != 1)}"


NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def cmd_score(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..errors import UsageError

    if args.batch:
        from ..count.batch import score_batch
        from .signals import stop_signals_raising

        if args.cards or args.deck or args.json:
            raise UsageError("costly score --batch reads its cards from stdin and always writes JSON lines; "
                             "give no cards, --deck or --json")
        if not args.variant:
            raise UsageError("costly score --batch needs --variant ID|PATH")
        profile = profiles.load(args.variant)
        rules = profile.rules
        if sys.stdin.isatty() and not args.quiet:
            held = rules.cards_each
            print(f"costly score --batch: reading lines of {NUMBER_WORDS.get(held + 1, held + 1)} cards from "
                  f"standard input (the last the deck card); end with Ctrl-D", file=sys.stderr)
        stdin = sys.stdin
        source = stdin.buffer if hasattr(stdin, "buffer") else io.BytesIO(stdin.read().encode("utf-8"))
        with stop_signals_raising():
            score_batch(rules, source, sys.stdout, workers=args.workers, progress=progress_mode(args) == "auto" and sys.stderr.isatty())
        return EXIT_OK
    if args.workers is not None:
        raise UsageError("costly score: --workers goes with --batch")
    chosen = _chosen(args)
    _hand_size(chosen, len(args.cards))
    if not args.deck:
        raise UsageError("costly score: give the deck card too, e.g. --deck KH")
    from ..count.hand import parse_deal, score_hand
    from ..profiles.display import dumps

    hand, deck = parse_deal(args.cards, args.deck)
    scores = [(p, score_hand(p.rules, hand, deck)) for p in chosen]
    if args.json:
        payload = [{"profile": p.id, **s.as_dict()} for p, s in scores]
        print(dumps(payload[0] if args.variant else {"hand": [str(c) for c in hand], "deck": str(deck),
                                                     "profiles": payload}))
        return EXIT_OK
    from rich.text import Text

    from .render import console

    out = console()
    out.print(Text(f"Hand {' '.join(c.pretty() for c in hand)}, deck card {deck.pretty()}", style="bold"))
    if len(scores) > 1:
        out.print()
        _side_by_side(out, scores)
    shown: dict[tuple, str] = {}
    for profile, score in scores:
        out.print()
        same = shown.get(score.items)
        if same:
            out.print(Text(f"{profile.id}: {score.total}, item for item as {same}", style="bold"))
            continue
        shown[score.items] = profile.id
        _itemised(out, profile, score)
    return EXIT_OK


def _side_by_side(out: Console, scores: list[tuple[Profile, HandScore]]) -> None:
    """A line per profile, a column per category that scores under any of them; ≠ marks a difference."""
    from rich.text import Text

    from ..profiles.rules import Category
    from .render import Column, Grid

    sums = {c: [sum(i.points for i in s.items if i.category is c) for _, s in scores] for c in Category}
    scoring = [c for c in Category if any(sums[c])]
    totals = [s.total for _, s in scores]

    def header(name: str, values: list[int]) -> Column:
        return Column(name + (" ≠" if len(set(values)) > 1 else ""), justify="right")

    grid = Grid("profile", *(header(c.value, sums[c]) for c in scoring), header("total", totals))
    for n, (profile, _) in enumerate(scores):
        grid.add_row(profile.id, *(str(sums[c][n]) for c in scoring), Text(str(totals[n]), style="bold"))
    grid.render(out)
    silent = [c.value for c in Category if c not in scoring]
    if silent:
        out.print(Text(f"Nothing for {', '.join(silent)} under any profile."))


def _itemised(out: Console, profile: Profile, score: HandScore) -> None:
    from rich.text import Text

    from .render import Column, Grid

    title = f"{profile.id}: {score.total}"
    if score.ace_values:
        title += " (" + ", ".join(f"{c} counted {v}" for c, v in score.ace_values) + ")"
    if score.cocks_nest:
        title += " - a cock's nest"
    out.print(Text(title, style="bold"))
    grid = Grid(Column("points", justify="right"), Column("item", prose=True, readable=14),
                Column("cards", whole=True), "rule and passages")
    for item in score.items:
        grid.add_row(str(item.points), _item_name(item), " ".join(str(c) for c in item.cards),
                     f"{item.rule}: {', '.join(item.cite) or '-'}")
    if not score.items:
        grid.add_row("0", "nothing scores", "", "")
    grid.render(out)


def _item_name(item: Any) -> str:
    from ..count.hand import hand_total_label
    from ..profiles.rules import Category

    if item.category is Category.THIRTY_ONE and item.name.isdigit():
        return hand_total_label(int(item.name))
    return str(item.name)


def _cards_of(example: Example) -> str:
    """The example's cards as the source gives them."""
    if example.kind == "play":
        plays = ", ".join(f"{p.player} {p.card}" + (f" ({p.count})" if p.count is not None else "")
                          for p in example.plays)
        return f"{plays}; deck card {example.deck}"
    if example.kind == "reconstruct":
        from ..cards import Rank

        ranks = " ".join(str(Rank(r)) for r in example.ranks) if example.ranks else "not stated"
        return f"ranks {ranks}" + (f" ({', '.join(sorted(example.requires))})" if example.requires else "") + \
            "; the source gives no suits, so every deal that fits is searched"
    return f"{' '.join(map(str, example.hand))}, deck card {example.deck}"


def _source_says(example: Example) -> str:
    """What the source says the example scores, item by item in its own terms."""
    total = "?" if example.stated_total is None else str(example.stated_total)
    if example.stated_items:
        return f"{total}: " + ", ".join(f"{i.label.replace('|', ' or ')} {i.points}" for i in example.stated_items)
    if example.kind == "play" and any(p.points for p in example.plays):
        return f"{total}: " + ", ".join(f"{p.card} by {p.player} scores {p.points}" for p in example.plays if p.points)
    return total


def _words(example: Example) -> tuple[str, str] | None:
    """The first cited passage as the source puts it: its text where transcribed, else our summary."""
    from ..profiles.sources import library

    for ref in example.cite:
        passage = library().passage(ref)
        if passage is None:
            continue
        if passage.text:
            return "words", f"\u201c{' '.join(passage.text.split())}\u201d ({ref})"
        if passage.summary:
            return "summary", f"{' '.join(passage.summary.split())} ({ref}, in this project's words)"
    return None


def cmd_examples(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..profiles.display import dumps
    from ..worked_examples.replay import load_examples, replay_all

    chosen = [profiles.load(v) for v in args.variant] if args.variant else profiles.load_all()
    outcomes = replay_all(chosen, load_examples())
    if args.json:
        print(dumps([o.as_dict() for o in outcomes]))
        return EXIT_OK
    from rich.text import Text

    from .render import console, labelled

    out = console()
    by_example: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_example.setdefault(o.example.id, []).append(o)
    for n, group in enumerate(by_example.values()):
        example = group[0].example
        if n:
            out.print()
        out.print(Text.assemble((example.id, "bold"), f"  {example.title}"))
        home = next((o for o in group if o.profile_id == example.profile), None)
        lines: list[tuple[str, str | Text]] = [
            ("cards", _cards_of(example)),
            ("source", f"{_source_says(example)}  ({', '.join(example.cite)})")]
        words = _words(example)
        if words:
            lines.append(words)
        if home is not None and home.details:
            lines.append(("engine", f"{home.engine} under {home.profile_id}: " + "; ".join(home.details)))
        out.print(labelled(lines, out.width))
        _outcomes(out, group, example)
    agree = sum(o.agrees for o in outcomes if o.profile_id == o.example.profile)
    homes = sum(1 for o in outcomes if o.profile_id == o.example.profile)
    out.print()
    out.print(Text(f"* the example's own profile. Under their own profiles {agree} of {homes} examples agree with "
                   f"the engine; every difference has its reason."))
    return EXIT_OK


def _outcomes(out: Console, group: list[Outcome], example: Example) -> None:
    from rich.text import Text

    from .render import Column, Grid

    grid = Grid("profile", Column("source", justify="right"), Column("engine", justify="right"),
                Column("reason for the difference", prose=True))
    for o in group:
        home = o.profile_id == example.profile
        grid.add_row(Text(("*" if home else " ") + o.profile_id, style="bold" if home else ""),
                     "-" if o.stated is None else str(o.stated), "-" if o.engine is None else str(o.engine),
                     o.reason or ("agrees" if o.agrees else ""))
    grid.render(out, indent=2)


def cmd_analyse_hands(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..count.analysis import deals_described
    from ..count.hand import hand_total_label
    from ..count.stored import analysis
    from ..profiles.display import dumps

    chosen = _chosen(args) if not args.all else profiles.load_all()
    results = [(p, analysis(p.rules)) for p in chosen]
    if args.json:
        payload = [{"profile": p.id, **a.as_dict()} for p, a in results]
        print(dumps(payload[0] if args.variant else payload))
        return EXIT_OK
    from .plain import Output
    from .render import Column, Grid

    out = Output()  # rich is loaded only if the output is a terminal or needs wrapping
    bar_room = max(10, min(40, out.width - 20))
    for n, (profile, a) in enumerate(results):
        if n:
            out.line()
        out.line(f"{profile.id}: {deals_described(profile.rules.cards_each)}", style="bold")
        out.line(f"  mean {a.mean:.3f}, maximum {a.maximum}, no deal counts: "
                 f"{', '.join(map(str, a.impossible)) or 'none'}")
        out.line(f"  scoring nothing (cock's nest): {a.zero_share:.2%}")
        grid = Grid("category", Column("deals scoring it", justify="right"), Column("share", justify="right"),
                    Column("mean points", justify="right"))
        limit = profile.rules.play_limit
        for category, count in a.category_deals.items():
            # the hand's "thirty-one" is the play's limit: say so where a house profile moves it
            label = hand_total_label(limit) if category == "thirty-one" else category
            grid.add_row(label, f"{count:,}", f"{count / a.deals:.1%}",
                         f"{a.category_points[category] / a.deals:.3f}")
        out.grid(grid, indent=2)
        out.line("  how many deals count each total:")
        peak = max(a.distribution.values())
        for total, count in a.distribution.items():
            bar = "#" * max(1, round(bar_room * count / peak))
            out.line(f"  {total:3d} {count:9,d} {bar}")
    return EXIT_OK
