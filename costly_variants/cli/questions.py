"""``costly readings`` and ``costly design``: does a reading matter, and which house rules give the game I
want. Both play their games as ``compare`` does (``--jobs``, ``--scheduler``, progress, and a stop that keeps
the games finished), through the same runner.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..api import running as _running
from .comparison import DEFAULT_SEED, _add_run_options, _interrupted, _positive, _scheduler, progress_display
from .helptext import command

if TYPE_CHECKING:
    from ..profiles import Profile

EXIT_OK = 0

# `costly readings` with no arguments: every bundled profile with each of its recorded alternatives, some
# sixty rule sets of DEFAULT_READINGS_GAMES games (Holme's shares Cotton's games); about a minute on two
# cores with the compiled kernel.
DEFAULT_READINGS_GAMES = 10_000
# `costly design`: every single change on DEFAULT_SCREEN_GAMES games, the combinations too, then halving rounds
# up to DEFAULT_DESIGN_GAMES; about a minute on two cores with the compiled kernel (benchmarks/bench_design.py).
DEFAULT_DESIGN_GAMES = 20_000
DEFAULT_SCREEN_GAMES = 500
Vary_MOST = 9  # as questions.targets.Vary.MOST, which this module does not import until a command runs


def _add_play_options(p: argparse.ArgumentParser, games: int, what: str) -> None:
    p.add_argument("--games", type=_positive, default=games, metavar="N", help=f"games {what}")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="S",
                   help="the same seed gives the same report (default: %(default)s)")
    _add_run_options(p)
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", type=_scheduler,
                   help="run the games on this dask.distributed scheduler (needs the [dask] extra)")


def register(sub: argparse._SubParsersAction) -> None:
    p = command(sub, "readings", "what each recorded alternative reading does to the game, with 95% intervals",
                examples=["costly readings",
                          "costly readings cotton-1674 --json",
                          "costly readings eddowes-burne-1874 --bot expert --games 2000",
                          "costly readings my-house.yaml --csv readings.csv"],
                details="For every rule value with recorded alternatives, the profile with that one alternative "
                        "(and the values it goes with) swapped in is played on the profile's own seeds, and its "
                        "effect on every figure is given with a 95% paired interval; the readings are ranked by "
                        "how far their clearest effect on a headline figure stands from zero, each shown with "
                        "both readings, their passages and the value's status. Then the values read with doubt "
                        "(inferred, disputed, silent) that record no other reading. Ctrl-C, SIGTERM or SIGHUP "
                        "stops within a second and reports the games finished (exit 130, 143, 129).")
    p.add_argument("profiles", nargs="*", metavar="ID|PATH",
                   help="bundled profile ids or house profile files (default: every bundled profile)")
    _add_play_options(p, DEFAULT_READINGS_GAMES, "per rule set, the profile's and each reading's")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print JSON (byte-identical for a seed)")
    form.add_argument("--markdown", action="store_true", help="print Markdown tables, for a wiki or a forum")
    p.add_argument("--csv", metavar="FILE", help="also write every effect to this CSV file (stopped early, it "
                   "holds the games finished, and its column interrupted says True)")
    p.set_defaults(handler=cmd_readings)


    p = command(sub, "design", "house rules that give the game you want, searched among the bundled rules",
                examples=["costly design --base parlett-121 --want 'deals per game <= 7'",
                          "costly design --base parlett-121 --want \"dealer's edge per deal ~ 0\"",
                          "costly design --base cotton-1674 --prefer 'lead changes a game:high'",
                          "costly design --base cotton-1674 --prefer drama:high --vary game.target=31..91",
                          "costly design --base parlett-121 --want 'deals per game <= 7' --write house/"],
                details="Candidates differ from the base in rules drawn from the values the bundled profiles use and "
                        "the alternative readings they record (and the whole numbers of any --vary range), never in "
                        "the number of players. All are played on the same seeds: every single change on a few "
                        "games, the nearest grown a change at a time (the best few with each of the best single "
                        "changes), then the better half kept and played again on twice the games, round by round, "
                        "to --games (successive halving). A want is "
                        "FIGURE OP VALUE, OP one of <=, >=, <, >, ~ (near: within '± T' where given, else within "
                        "the 95% interval); a figure by its label in costly compare or its key; a share as 0.52 "
                        "or 52%. Candidates are ranked by how far they fall short of the wants, then by the "
                        "preferences, then by fewer changes. --write DIR writes each one shown as a house profile "
                        "extending the base. Ctrl-C, SIGTERM or SIGHUP stops and reports the best found so far "
                        "(exit 130, 143, 129).")
    p.add_argument("--base", required=True, metavar="ID|PATH", help="the profile the house rules start from")
    p.add_argument("--want", action="append", default=[], metavar="'FIGURE OP VALUE'",
                   help="a figure wanted within a bound, e.g. 'deals per game <= 7' (repeat for more)")
    p.add_argument("--prefer", action="append", default=[], metavar="FIGURE:low|high",
                   help="among the candidates that meet the wants, prefer this figure low or high (repeat)")
    p.add_argument("--vary", action="append", default=[], metavar="KEY=LO..HI",
                   help=f"also try up to {Vary_MOST} values of a whole-number rule over this range, e.g. "
                        "game.target=31..121 (repeat)")
    p.add_argument("--write", metavar="DIR", help="write each candidate shown as a house profile into this folder")
    _add_play_options(p, DEFAULT_DESIGN_GAMES, "of the last round, per candidate (the first round plays "
                      "--screen-games)")
    p.add_argument("--screen-games", type=_positive, default=DEFAULT_SCREEN_GAMES, metavar="N",
                   help="games of the first round, per candidate")
    p.add_argument("--best", type=_positive, default=3, metavar="N", help="candidates to show (and write)")
    p.add_argument("--most-changes", type=_positive, default=4, metavar="N",
                   help="rule changes a candidate combines at most")
    p.add_argument("--json", action="store_true", help="print JSON (byte-identical for a seed)")
    p.set_defaults(handler=cmd_design)


def _load(refs: list[str]) -> list[Profile]:
    from .. import profiles
    from ..api.running import load_distinct

    return load_distinct(refs, who="costly readings") if refs else profiles.load_all()


def cmd_readings(args: argparse.Namespace) -> int:
    from .signals import stop_signals_raising

    with stop_signals_raising():  # as in compare: a stop keeps the games finished
        return _readings(args)


def _readings(args: argparse.Namespace) -> int:
    from ..questions.readings import run_readings
    from ..questions.readings_report import render_csv, render_markdown, render_text
    from ..questions.study import Settings
    from ..outputs import check_target, write_text
    from ..profiles.display import dumps

    if args.csv:
        check_target(args.csv, what="CSV file")
    chosen = _load(args.profiles)
    settings = Settings(args.games, args.seed, tuple(args.bot or ["greedy"]))
    runner = _running.PlanRunner(jobs=args.jobs, scheduler=args.scheduler)
    with progress_display(args, "games", bar=not (args.json or args.markdown)) as progress:
        data = run_readings(chosen, settings, runner, progress)
    played = [p for p in data["profiles"] if p["readings"]]
    if played and all(p["games_played"] == 0 for p in played):
        print("interrupted before any game finished: nothing to report", file=sys.stderr)
        return _interrupted(runner.stopped)
    if args.json:
        print(dumps(data))
    elif args.markdown:
        print(render_markdown(data), end="")
    else:
        from .render import output_width

        print(render_text(data, output_width()), end="")
    if args.csv:
        write_text(args.csv, render_csv(data), what="CSV file")
    return EXIT_OK if data["settings"]["complete"] else _interrupted(runner.stopped)


def cmd_design(args: argparse.Namespace) -> int:
    from .signals import stop_signals_raising

    with stop_signals_raising():  # a stop gives the best found so far
        return _design(args)


def _write_folder(folder: str | None) -> Path | None:
    from ..outputs import OutputError

    if folder is None:
        return None
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise OutputError(f"cannot write the house profiles into {folder!r}: it is not a folder")
    try:  # made before the search, so that a folder that cannot be made is said at once
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot make the folder {folder!r} for the house profiles: {exc.strerror}") from None
    return path


def _design(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..questions.design import DesignSettings, search, summarise
    from ..questions.design_report import render_text
    from ..questions.targets import parse_prefer, parse_vary, parse_want
    from ..errors import UsageError
    from ..profiles.display import dumps

    wants = [parse_want(w) for w in args.want]
    prefers = [parse_prefer(p) for p in args.prefer]
    varies = [parse_vary(v) for v in args.vary]
    if not wants and not prefers:
        raise UsageError("costly design: say what you want: --want 'FIGURE OP VALUE' or --prefer FIGURE:low|high")
    folder = _write_folder(args.write)
    base = profiles.load(args.base)
    settings = DesignSettings(args.games, args.seed, tuple(args.bot or ["greedy"]),
                              first_games=min(args.screen_games, args.games), best=args.best,
                              most_changes=args.most_changes)
    runner = _running.PlanRunner(jobs=args.jobs, scheduler=args.scheduler)
    with progress_display(args, "games", bar=not args.json) as progress:
        found = search(base, wants, prefers, varies, settings, runner, progress)
    data = summarise(found)
    if folder is not None and data["best"]:
        data["written"] = _write_profiles(data, base, args.base, folder)
    if args.json:
        print(dumps(data))
    else:
        from .render import output_width

        print(render_text(data, output_width()), end="")
        for path in data.get("written", []):
            print(f"written: {path}")
    return EXIT_OK if data["settings"]["complete"] else _interrupted(found.stopped)


def _write_profiles(data: dict[str, Any], base: Profile, ref: str, folder: Path) -> list[str]:
    """Each candidate shown as a house profile in ``folder``, checked as it is written: all of them, or
    (if one failed the checks, which the search's own checks should prevent) none."""
    import os

    from .. import profiles
    from ..questions.design_report import house_profile
    from ..errors import CostlyError
    from ..outputs import write_text

    bundled = profiles.bundled_paths().get(base.id)
    extends = base.id if bundled is not None and bundled.resolve() == base.path.resolve() else \
        Path(os.path.relpath(base.path.resolve(), folder.resolve())).as_posix()
    written: list[Path] = []
    try:
        for best in data["best"]:
            path = folder / f"{base.id}-design-{best['rank']}.yaml"
            write_text(path, house_profile(data, best, profile_id=path.stem, extends=extends), what="house profile")
            written.append(path)
            _, problems = profiles.check(path)
            if problems:
                raise CostlyError(f"the house profile written as {path} does not check out: {problems[0]}")
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        raise
    return [str(p) for p in written]


__all__ = ["DEFAULT_DESIGN_GAMES", "DEFAULT_READINGS_GAMES", "cmd_design", "cmd_readings", "register"]
