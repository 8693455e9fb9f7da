"""``costly compare`` and ``costly simulate``: many games bot against bot, locally or on a Dask cluster.

The comparison stage is imported inside the handlers, so that ``costly --help`` does not load it.
"""
from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from ..api import running as _running
from .games import BOT_NAMES
from .helptext import add_progress_options, command, progress_mode

if TYPE_CHECKING:
    from ..runs.runner import ChunkResult, Progress
    from ..runs.simulate import Summary
    from ..game.state import Game
    from ..profiles import Profile

EXIT_OK = 0

# The defaults are the Python API's (costly_variants.Comparison.run), so that both play the same games.
DEFAULT_GAMES, DEFAULT_SKILL_GAMES, DEFAULT_SEED = _running.DEFAULT_GAMES, _running.DEFAULT_SKILL_GAMES, \
    _running.DEFAULT_SEED


def _at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number not below ``minimum``, or a one-line error."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be {'at least 1' if minimum == 1 else f'{minimum} or more'}: "
                                             f"{text!r}")
        return value

    return parse


_positive, _count = _at_least(1), _at_least(0)


def _precision(text: str) -> Any:
    from ..questions.study import Precision, PrecisionError

    try:
        return Precision.parse(text)
    except PrecisionError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _scheduler(text: str) -> str:
    """A Dask scheduler address, ``tcp://HOST:PORT``, checked before any connection is tried."""
    problem = _running.scheduler_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def _add_run_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bot", action="append", choices=BOT_NAMES, metavar="NAME",
                   help="bot for the seats in turn (%(choices)s; search plays the board, search-points for "
                        "points); repeat for one per seat (default: greedy)")
    p.add_argument("--jobs", type=_positive, default=_running.default_jobs(), metavar="J",
                   help="local processes (default: %(default)s, the cores); any J gives the same result")
    add_progress_options(p, lines=True)


def register(sub: argparse._SubParsersAction) -> None:
    p = command(sub, "compare", "what the rule differences do to the game: exact figures, and games with 95% "
                "intervals", examples=[
                    "costly compare",
                    "costly compare my-house.yaml parlett-121 --by-rule",
                    "costly compare cotton-1674 parlett-121 --games 20000 --csv out.csv",
                    "costly compare --games 100000 --scheduler tcp://127.0.0.1:8786"],
                details="The rules that differ, with their citations; exact hand statistics; simulated game "
                        "statistics with 95% intervals; and the differences between profiles, the same seeds "
                        "for each (common random numbers), marked where they are clear of zero. Ctrl-C, SIGTERM "
                        "or SIGHUP stops within a second and reports the games finished, marked interrupted, in "
                        "every output asked for (exit 130, 143, 129).")
    p.add_argument("profiles", nargs="*", metavar="ID|PATH",
                   help="bundled profile ids or house profile files (default: every bundled profile)")
    p.add_argument("--games", type=_positive, default=None, metavar="N",
                   help=f"games per profile (default: {DEFAULT_GAMES}; with --by-rule {_running.DEFAULT_BY_RULE_GAMES} "
                        "a rule set); the skill seeds follow in proportion unless given")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="S", help="the same seed gives the same report (default: %(default)s)")
    p.add_argument("--precision", type=_precision, default=None, metavar="WIDTH",
                   help="play until every headline figure of this unit is within ± WIDTH (0.5pp, 0.05pts, "
                        "0.1deals, 0.1changes, 1points), looking at 1,000 games and each doubling, --games at "
                        "most; the same seed stops at the same games whatever --jobs")
    _add_run_options(p)
    p.add_argument("--skill-games", type=_count, default=None, metavar="N",
                   help="seeds for the skill figures (search v greedy, expert v greedy, greedy v random; each seed "
                        f"twice, seats swapped; default: {DEFAULT_SKILL_GAMES}, and "
                        f"{_running.DEFAULT_SEARCH_GAMES} for the search bot, at --games {DEFAULT_GAMES}, in "
                        "proportion to --games otherwise; with --by-rule 0); 0 leaves them out")
    p.add_argument("--search-games", type=_count, default=None, metavar="N",
                   help="seeds for the search bot's skill figure, at most --skill-games (default: "
                        f"{_running.DEFAULT_SEARCH_GAMES} at --games {DEFAULT_GAMES}, in proportion otherwise; or "
                        "--skill-games where that is given)")
    p.add_argument("--check-exact", action="store_true",
                   help="also count the eldest's dealt hands (replaying every game) against the exact mean")
    p.add_argument("--by-rule", action="store_true",
                   help="for two profiles A B: switch each differing rule from A's value to B's alone and "
                        "report its effect")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", type=_scheduler,
                   help="run the games on this dask.distributed scheduler (needs the [dask] extra)")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print JSON (byte-identical for a seed)")
    form.add_argument("--markdown", action="store_true", help="print Markdown tables, for a wiki or a forum")
    p.add_argument("--csv", metavar="FILE", help="also write every figure and difference to this CSV file "
                   "(stopped early, it holds the games finished, and its column interrupted says True)")
    p.add_argument("--plot", metavar="FILE", help="also draw the distributions (.svg or .png; needs [plot])")
    p.set_defaults(handler=cmd_compare)

    p = command(sub, "simulate", "play whole games bot against bot and report the results",
                examples=["costly simulate --variant parlett-121 --games 1000 --seed 7",
                          "costly simulate --all --games 200 --seed 1 --jobs 2 --logs games/"],
                details="Seeded games, every game's invariants checked; the same seed gives the same games "
                        "for any --jobs. Ctrl-C, SIGTERM or SIGHUP stops within a second and reports the games "
                        "finished (exit 130, 143, 129).")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--variant", metavar="ID|PATH", help="the profile to play")
    which.add_argument("--all", action="store_true", help="every bundled profile in turn")
    p.add_argument("--games", type=_positive, required=True, metavar="N", help="how many games")
    p.add_argument("--seed", type=int, required=True, metavar="S", help="seed: the same seed gives the same games")
    _add_run_options(p)
    p.add_argument("--logs", metavar="DIR", help="write each game's log (JSON, for costly replay) into this folder")
    p.add_argument("--json", action="store_true", help="print JSON (no timings, byte-identical for a seed)")
    p.set_defaults(handler=cmd_simulate)


# -- progress and Ctrl-C -----------------------------------------------------------------------------------


@contextmanager
def progress_display(args: argparse.Namespace, what: str, *, bar: bool = True) -> Iterator[Progress | None]:
    """Yields the callback told of each finished chunk of games: a rich progress bar on stderr where it is
    a terminal (and ``bar``), none when piped; with ``--progress lines``, a line on stderr per finished
    chunk, ``progress: 150 of 1000 games``, terminal or not, for a log or a script to follow."""
    mode = progress_mode(args)
    if mode == "lines":
        yield _Lines(what)
        return
    if mode == "off" or not bar or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn, TimeRemainingColumn

    # Redrawn four times a second, not rich's ten: the bar is drawn by the process that hands out the chunks,
    # and at ten a second drawing it cost a fifth of a CPU-second of a ten-second comparison.
    display = Bar(TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(file=sys.stderr), transient=True, refresh_per_second=4)
    task = None

    def update(done: int, total: int) -> None:
        nonlocal task
        if task is None:  # started at the first report: the worker processes exist by then
            display.start()
            task = display.add_task(what, total=total)
        display.update(task, completed=done, total=total)  # a total may grow (design learns its rounds)

    try:
        yield update
    finally:
        display.stop()


class _Lines:
    """``--progress lines``: ``progress: 0 of 1000 games`` as the games start (a script learns the games in
    all, and that the run is under way), then a line as each chunk finishes."""

    at_start = True

    def __init__(self, what: str) -> None:
        self.what = what

    def __call__(self, done: int, total: int) -> None:
        print(f"progress: {done} of {total} {self.what}", file=sys.stderr, flush=True)


def _stops_announced(args: argparse.Namespace) -> Any:
    """SIGTERM and SIGHUP stop the run as Ctrl-C does; on a terminal (and not --quiet), each says at once
    that the run is stopping, as ending the workers and writing the report can take a moment."""
    from .signals import stop_signals_raising

    announce = not args.quiet and sys.stderr is not None and sys.stderr.isatty()
    return stop_signals_raising(announce="stopping… (the games finished are kept)" if announce else "")


def _interrupted(stopped: KeyboardInterrupt | None) -> int:
    """The exit status of a run stopped early: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP."""
    from .signals import exit_code

    return exit_code(stopped or KeyboardInterrupt())


# -- compare -----------------------------------------------------------------------------------------------


def _check_outputs(args: argparse.Namespace) -> None:
    from ..outputs import check_plot_target
    from ..errors import UsageError
    from ..outputs import check_target

    if args.csv:
        check_target(args.csv, what="CSV file")
    if args.plot:
        if args.by_rule:
            raise UsageError("costly compare: --plot draws a comparison of profiles, not --by-rule")
        check_plot_target(args.plot)


def cmd_compare(args: argparse.Namespace) -> int:
    # SIGTERM and SIGHUP stop the games as Ctrl-C does (the finished ones are kept and reported); while
    # the report is written, as Ctrl-C does then (nothing half-written, exit 143 or 129).
    with _stops_announced(args):
        return _compare(args)


def _compare(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..runs.plot import write_plot
    from ..questions.report import by_rule_csv, render_by_rule_markdown, render_by_rule_text, render_csv, render_markdown, render_text
    from ..errors import UsageError
    from ..outputs import write_text
    from ..profiles.display import dumps

    _check_outputs(args)
    if args.by_rule and len(args.profiles) != 2:
        raise UsageError("costly compare --by-rule: name exactly two profiles, A and B")
    chosen = _running.load_distinct(args.profiles, who="costly compare") if args.profiles else profiles.load_all()
    settings = _running.comparison_settings(games=args.games, seed=args.seed, bots=args.bot or _running.DEFAULT_BOTS,
                                            skill_games=args.skill_games, check_exact=args.check_exact,
                                            search_games=args.search_games,
                                            by_rule=args.by_rule)
    show = not (args.json or args.markdown)
    runner = _running.PlanRunner(jobs=args.jobs, scheduler=args.scheduler)
    with progress_display(args, "games", bar=show) as progress:
        if args.by_rule:
            data = _running.run_by_rule(chosen[0], chosen[1], settings, runner, progress)
        else:
            data = _running.run_comparison(chosen, settings, runner, progress, precision=args.precision,
                                           said=lambda line: print(line, file=sys.stderr, flush=True))
    if args.by_rule and data["settings"]["games_played"] == 0:
        switched = "; ".join(" + ".join(row["rules"]) for row in data["switches"])
        print(f"interrupted before any game finished: no effect measured of the rules switched ({switched})",
              file=sys.stderr)
        return _interrupted(runner.stopped)
    # Stopped early, the report still has the rules that differ and the exact figures (they need no games),
    # and every figure whose games finished; it says what was cut short.
    if args.json:
        print(dumps(data))
    elif args.markdown:
        print(render_by_rule_markdown(data) if args.by_rule else render_markdown(data), end="")
    else:
        from .render import output_width

        width = output_width()  # the window's, or COLUMNS; 80 when piped
        print(render_by_rule_text(data, width) if args.by_rule else render_text(data, width), end="")
    if args.csv:
        write_text(args.csv, by_rule_csv(data) if args.by_rule else render_csv(data), what="CSV file")
    if args.plot and data["settings"]["games_played"]:
        write_plot(args.plot, data)
    elif args.plot:
        print(f"interrupted before any game finished: no plot drawn ({args.plot})", file=sys.stderr)
    return EXIT_OK if data["settings"]["complete"] else _interrupted(runner.stopped)


# -- simulate ----------------------------------------------------------------------------------------------


def _check_logs_folder(folder: str | None) -> None:
    from ..outputs import OutputError

    if folder is None:
        return
    path = Path(folder)
    if not path.is_dir():
        raise OutputError(f"cannot write logs into {folder!r}: " +
                          ("it is not a folder" if path.exists() else "no such folder"))


def cmd_simulate(args: argparse.Namespace) -> int:
    with _stops_announced(args):  # as in cmd_compare
        return _simulate(args)


def _simulate(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..game.state import Game
    from ..profiles.display import dumps

    chosen = profiles.load_all() if args.all else [profiles.load(args.variant)]
    _check_logs_folder(args.logs)
    bots = tuple(args.bot or _running.DEFAULT_BOTS)
    # Each chunk's logs are written as it finishes: a stop then has nothing left to write, and a run
    # killed outright keeps the logs of the games it finished.
    write_logs = _log_writer(args.logs, chosen) if args.logs else None
    with progress_display(args, "games", bar=not args.json) as progress:
        result, summaries = _running.run_simulation(chosen, games=args.games, seed=args.seed, bots=bots,
                                                    jobs=args.jobs, logs=bool(args.logs), progress=progress,
                                                    on_chunk=write_logs)
    games = [Game(p.rules, variant=p.id) for p in chosen]
    if args.json:
        data = [s.as_dict() for s in summaries]
        print(dumps(data if args.all else data[0]))
    else:
        if not result.complete:
            print(f"interrupted: {result.games} of {args.games} games finished per profile")
        for profile, game, summary in zip(chosen, games, summaries):
            _print_summary(profile, game, summary, list(bots))
    return EXIT_OK if result.complete else _interrupted(result.stopped)


def _log_writer(folder: str, chosen: Sequence[Profile]) -> Callable[[int, int, ChunkResult], None]:
    """Writes a finished chunk's logs, each named by its profile and its game's number (its seed's place)."""
    from ..outputs import write_text
    from ..profiles.display import dumps
    from .signals import signals_deferred

    def write(plan: int, first: int, chunk: ChunkResult) -> None:
        # The chunk is counted in the summary already: a stop waits until all its logs are written too
        # (a tenth of a second at most), so that the logs on disk are exactly the games reported.
        with signals_deferred():
            for profile, logs in zip(chosen, chunk.logs):
                for index, log in enumerate(logs, start=first + 1):
                    write_text(Path(folder) / f"{profile.id}-{index:06d}.json", dumps(log) + "\n", what="log")
    return write


def _print_summary(profile: Profile, game: Game, summary: Summary, bots: list[str]) -> None:
    games = summary.games
    print(f"{profile.id}: {games} games, seed {summary.seed}, bots {', '.join(bots)} (seats in turn)")
    if not games:
        return
    for team, wins in enumerate(summary.wins_by_team):
        seats = [p for p in range(game.num_players) if game.team_of(p) == team]
        names = ", ".join(f"seat {p} ({bots[p % len(bots)]})" for p in seats)
        print(f"  {names}: {wins} wins ({wins / games:.1%})")
    first = summary.wins_by_first_dealer_team
    print(f"  the side that dealt first won {first} ({first / games:.1%})")
    print(f"  {summary.mean_deals:.2f} deals a game; winning margin {summary.mean_winning_margin:.2f} points")
    print("  mean points a game, by score:")
    # the greatest first, equal means by name: the same seed, the same report, whatever order the names came in
    for name, points in sorted(summary.points_by_name.items(), key=lambda kv: (-kv[1], kv[0])):
        if not points:  # a name that scores nothing (a cock's nest) is no source of points
            continue
        print(f"    {name:40s} {points:8.2f}")
    print(f"  every game's invariants held: count within {game.rules.play_limit}, each card played once,")
    print("    scores = sums of events, winner first to the target, one score per side")
    print("  for intervals and differences between profiles: costly compare")


__all__ = ["DEFAULT_GAMES", "DEFAULT_SKILL_GAMES", "cmd_compare", "cmd_simulate", "register"]
