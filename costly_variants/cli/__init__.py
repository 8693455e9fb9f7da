"""The ``costly`` command. Every error is one line on stderr and a non-zero exit, never a traceback.

Start-up is kept short: ``costly --version`` imports nothing but this file, and the command modules
import the engine, the schema checker and rich inside their handlers, so that ``--help`` and each
command load only what they use. A new command module is a name in ``GROUPS``: it needs a
``register(sub)`` that adds its commands with ``helptext.command``.
"""
from __future__ import annotations

import sys

from .._version import __version__

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (see the docstring)
if TYPE_CHECKING:
    import argparse
    from typing import NoReturn, Sequence

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2

# What ``costly --help`` says the exit status means (cli.signals makes the stops').
EXIT_CODES = (("0", "success"),
              ("1", "invalid input: a profile, card, game log or output file at fault (for play, also input "
                    "that ends before the game does)"),
              ("2", "bad usage: an unknown command or option, or a bad value for one"),
              ("130", "stopped by Ctrl-C; 143 by SIGTERM, 129 by SIGHUP (compare and simulate report the "
                      "games finished)"))

# The help groups of ``costly --help``, in order: (title, what they are for, command modules in cli/).
# A group whose modules are not there yet is left out of the help.
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("profiles", "the rule profiles: list, check, read and compare them", ("profiles",)),
    ("counting", "count hands under the profiles", ("counting",)),
    ("games", "play the game, check a played game, and advice for a hand", ("games", "advice")),
    ("comparison", "compare the profiles by their effect on whole games", ("comparison", "questions", "odds")),
    ("site", "the reference site generated from the profiles", ("site",)),
)

# The module of GROUPS that registers each command (an alias too), so that a command line naming one
# imports and registers that module alone (tests/test_cli_conventions.py holds this to what each registers).
COMMANDS = {"variants": "profiles", "validate": "profiles", "show": "profiles", "diff": "profiles",
            "score": "counting", "examples": "counting", "analyse": "counting", "analyze": "counting",
            "play": "games", "replay": "games", "advise": "advice", "compare": "comparison", "simulate": "comparison",
            "readings": "questions", "design": "questions", "odds": "odds"}

VERSION = f"costly-variants {__version__}"


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command. Given the ``command`` a command line names, only the module that
    registers it (``COMMANDS``) is imported and registered, so that a command imports no other command
    module; otherwise every group, and the help's listing of commands, which needs them all."""
    import argparse
    import importlib

    from .helptext import Formatter, Parser, group_listing, table_listing

    parser = Parser(prog="costly", usage="costly [-h] [--version] COMMAND [ARGS]",
                    description="Compare the historical rule variants of Costly Colours, a three-card relative "
                                "of Cribbage: the rules as each source gives them, counting, play and analysis.",
                    formatter_class=Formatter)
    parser.add_argument("--version", action="version", version=VERSION)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser, help=argparse.SUPPRESS)
    sub.required = True
    if command in COMMANDS:
        importlib.import_module(f".{COMMANDS[command]}", __name__).register(sub)
        if command in sub.choices:
            return parser
    listing = []
    for title, purpose, names in GROUPS:
        before = len(sub.choices)
        for name in names:
            try:
                module = importlib.import_module(f".{name}", __name__)
            except ModuleNotFoundError as exc:
                if exc.name != f"{__name__}.{name}":
                    raise
                continue
            module.register(sub)
        added = list(sub.choices.items())[before:]
        if added:
            listing.append((title, purpose, added))
        if command in sub.choices:
            return parser
    parser.epilog = group_listing(listing, sub) + (
        "\n\nnew to the game? start with:\n  costly compare\n  costly variants\n  costly show parlett-121\n"
        "  costly play --variant parlett-121\n\nEvery command explains itself: costly COMMAND --help\n\n"
        "exit status:\n" + table_listing(EXIT_CODES, 7))
    return parser


def run(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the command; return the exit code."""
    from .stdout import Guarded

    if sys.stdout is None:  # started with standard output closed (``costly ... >&-``)
        if sys.stderr is not None:
            print("error: standard output is closed: nowhere to write the output", file=sys.stderr)
        return EXIT_INVALID
    stdout, sys.stdout = sys.stdout, Guarded(sys.stdout)  # type: ignore[assignment]
    try:
        return _run(list(sys.argv[1:] if argv is None else argv))
    finally:
        sys.stdout = stdout


def _run(argv: list[str]) -> int:
    try:
        try:
            if argv == ["--version"]:
                # The fast path: nothing else to import (argparse's own --version action answers otherwise).
                print(VERSION)
                sys.stdout.flush()
                return EXIT_OK
            if not argv:  # bare ``costly``: what there is to do, as ``costly --help`` says it
                print(build_parser().format_help(), end="")
                sys.stdout.flush()
                return EXIT_OK
            # The command is the first argument: the only options before it are --help and --version.
            command = argv[0] if not argv[0].startswith("-") else None
            if command is None and argv[0] not in ("-h", "--help", "--version"):
                _unknown_option(argv[0])
            args = build_parser(command).parse_args(argv)
            code = int(args.handler(args))
            sys.stdout.flush()  # here, so that output that cannot be written is reported, not lost at exit
            return code
        except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM/SIGHUP where a command turned them into this
            from .signals import exit_code

            print("\ninterrupted", file=sys.stderr)
            return exit_code(exc)
        except BrokenPipeError:
            raise
        except Exception as exc:  # noqa: BLE001 - ours are reported in a line, the rest re-raised
            return _report(exc)
    except BrokenPipeError:
        return _broken_pipe()


def _unknown_option(option: str) -> NoReturn:
    """An option before the command, where only --help and --version go (``costly --verison``)."""
    import difflib

    from ..errors import UsageError

    nearest = difflib.get_close_matches(option.split("=", 1)[0], ["--help", "--version"], n=1, cutoff=0.6)
    raise UsageError(f"costly: unrecognized arguments: {option}" + (f"; did you mean {nearest[0]}? (see --help)"
                     if nearest else " (options go after the command: costly COMMAND --help)"))


def _report(exc: Exception) -> int:
    """One line on stderr (a line a problem for a broken profile) and the exit code; not ours: raise."""
    from ..errors import CostlyError, ProfileError, UsageError  # here: --help and --version need none of it
    from .stdout import OutputLost, silence

    if isinstance(exc, UsageError):
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(exc, ProfileError):
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_INVALID
    if isinstance(exc, CostlyError):
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_INVALID
    if isinstance(exc, OutputLost):
        print(f"error: {exc}", file=sys.stderr)
        silence()
        return EXIT_INVALID
    if isinstance(exc, RecursionError):
        print("error: the input is nested too deeply to read", file=sys.stderr)
        return EXIT_INVALID
    raise exc


def _broken_pipe() -> int:
    """The reader went away (``costly diff | head``): exit 0, quietly (Python would report the pipe
    again when it flushes stdout at exit)."""
    from .stdout import silence

    silence()
    return EXIT_OK


def main() -> NoReturn:
    code = run()
    # The process ends here, and its objects with it. The collections the interpreter runs as it shuts
    # down would walk every object still alive (tens of thousands after an analysis) to find next to no
    # garbage: frozen, they are left out. Python makes no promise to finalise what is alive at exit.
    import gc

    gc.freeze()
    sys.exit(code)
