"""``costly odds``: the chance of winning from every score under a profile, and how decisive its game is."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from .helptext import add_progress_options, command

if TYPE_CHECKING:
    from ..api.chances import Odds

EXIT_OK = 0


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 100:
        raise argparse.ArgumentTypeError(f"{value}: at least 100")
    return value


def register(sub: argparse._SubParsersAction) -> None:
    p = command(sub, "odds", "the chance of winning from every score, and how decisive the game is",
                examples=["costly odds parlett-121", "costly odds cotton-1674 --score 40-52 --dealer them",
                          "costly odds my-house.yaml --bots expert --csv odds.csv --plot odds.svg"],
                details="The win table: for every position (your score, theirs, each below the target, and who "
                        "deals next) your chance of winning, worked out by dynamic programming from the target back "
                        "over sampled deals, the points of each deal falling in the order they are scored (pegging "
                        "out ends the game). It assumes a deal's outcome does not depend on the score, as with bots "
                        "that play for points: the search bot plays the board, so its deals are those of the same "
                        "search playing for points (search-points). Each chance has a 95% interval (batch means over "
                        "ten batches of deals). Worked out once (some seconds with the search bot, its progress on "
                        "standard error) and kept in the cache folder.")
    p.add_argument("profile", metavar="ID|PATH", help="the profile")
    p.add_argument("--score", metavar="MINE-THEIRS", help="one position, e.g. 40-52: your chance from there")
    p.add_argument("--dealer", choices=("me", "them"), help="who deals next at --score (default: both)")
    p.add_argument("--bots", metavar="NAME[,NAME]", default="search",
                   help="your bot and theirs, or one for both (default: %(default)s, the strongest)")
    p.add_argument("--deals", type=_count, default=None, metavar="N", help="deals sampled (default: 8000)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="the deals' seed (default: %(default)s)")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true",
                      help="print JSON: the figures and the whole table; with --score, that position instead of the table")
    form.add_argument("--csv", metavar="FILE", help="write every position (or --score's) as CSV")
    p.add_argument("--plot", metavar="FILE", help="draw the table as a heatmap (.svg or .png; needs [plot])")
    add_progress_options(p, lines=True)
    p.set_defaults(handler=cmd_odds)


def _position(args: argparse.Namespace, target: int) -> tuple[int, int] | None:
    from ..errors import UsageError
    from ..game.wintable import ScoreError, parse_score

    if args.score is None:
        if args.dealer is not None:
            raise UsageError("costly odds: --dealer goes with --score (see --help)")
        return None
    try:
        return parse_score(args.score, target)
    except ScoreError as exc:
        raise UsageError(f"costly odds: --{exc}") from None


def _interval(figure: dict[str, Any], percent: bool = True) -> str:
    scale, unit = (100, "%") if percent else (1, "")
    value, half = figure["value"] * scale, (figure["high"] - figure["low"]) / 2 * scale
    return f"{value:.1f}{unit} ±{half:.1f}" if percent else f"{value:.2f} ±{half:.2f}"


def decisive_lines(odds: Odds) -> list[str]:
    f = odds.figures
    lines = [f"  the first dealer wins        {_interval(f['first_dealer'])}"]
    for behind in (10, 20):
        key = f"behind_{behind}"
        if key in f:
            lines.append(f"  from {behind} behind at half-way   {_interval(f[key])}"
                         f"  (at {f[key]['trailer']}-{f[key]['leader']})")
    lines.append(f"  lead changes in a game       {_interval(f['lead_changes'], percent=False)}")
    return lines


def _grid(odds: Odds, dealer: str) -> list[str]:
    t = odds.target
    step = max(1, -(-t // 8) // 5 * 5 or 5)
    marks = list(range(0, t, step))
    lines = [f"Your chance (%) with {'you' if dealer == 'me' else 'them'} to deal next: your score down, theirs across",
             "      " + "".join(f"{b:>6}" for b in marks)]
    for a in marks:
        lines.append(f"{a:>6}" + "".join(f"{100 * odds.chance(a, b, dealer):6.1f}" for b in marks))
    return lines


def cmd_odds(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..api.chances import heat_title, odds
    from ..errors import UsageError
    from ..game.bots import BOTS

    bots = [b.strip() for b in args.bots.split(",")]
    unknown = [b for b in bots if b not in BOTS]
    if unknown or not 1 <= len(bots) <= 2:
        raise UsageError(f"costly odds: --bots {args.bots!r}: one or two of {', '.join(BOTS)}, parted by a comma")
    profile = profiles.load(args.profile)
    where = _position(args, profile.rules.target)
    if args.plot:
        from ..outputs import check_plot_target

        check_plot_target(args.plot)
    if args.csv:
        from ..outputs import check_target

        check_target(args.csv, what="CSV file")
    from .comparison import progress_display

    from ..game.wintable import NoTableError

    try:
        with progress_display(args, "deals") as progress:
            result = odds(profile, bots=bots, deals=args.deals, seed=args.seed, progress=progress)
    except NoTableError as exc:
        raise NoTableError(f"{args.profile}: no win table: {exc}") from None
    dealers = [args.dealer] if args.dealer else ["me", "them"]
    chosen = [result.position(where[0], where[1], d) for d in dealers] if where else None
    if args.json:
        from ..profiles.display import dumps

        whole = result.to_dict()
        if chosen is not None:  # the position asked for, and the table's identity, without its 2 x target^2 rows
            del whole["table"]
        print(dumps({**whole, "position": chosen}))
    elif args.csv:
        _write_csv(args.csv, chosen if chosen is not None else result.rows())
    if args.plot:
        from ..chances.plot import write_heatmap

        write_heatmap(args.plot, result.table, heat_title(result))
    if not args.json and not args.csv:
        import textwrap

        from .render import output_width

        t, width = result.table, max(40, output_width())
        settings = (f"game to {t.target}; bots {' (you) / '.join(t.bots)} (them); {t.deals:,} deals sampled, "
                    f"seed {t.seed}; 95% intervals")
        lines = [*textwrap.wrap(f"{result.profile}: {result.title}", width, subsequent_indent="  ",
                                break_long_words=False, break_on_hyphens=False),
                 *textwrap.wrap(settings, width, initial_indent="  ", subsequent_indent="  ",
                                break_long_words=False, break_on_hyphens=False),
                 "", "How decisive the game is:", *decisive_lines(result), ""]
        if chosen is not None:
            for row in chosen:
                who = "you" if row["dealer"] == "me" else "they"
                lines.append(f"At {row['me']}-{row['them']}, {who} to deal: you win {100 * row['chance']:.1f}% "
                             f"[{100 * row['low']:.1f}, {100 * row['high']:.1f}], they {100 * row['their_chance']:.1f}%")
        else:
            lines += _grid(result, "me")
            lines += ["", "Every position: --csv FILE, --json; one: --score MINE-THEIRS"]
        print("\n".join(lines))
    return EXIT_OK


def _write_csv(path: str, rows: list[dict[str, Any]]) -> None:
    import csv
    import io

    from ..api.chances import COLUMNS
    from ..outputs import write_text

    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(COLUMNS), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    write_text(path, out.getvalue(), what="CSV file")


__all__ = ["cmd_odds", "decisive_lines", "register"]
