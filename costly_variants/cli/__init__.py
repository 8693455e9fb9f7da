"""The ``costly`` command. Every error is one line on stderr and a non-zero exit, never a traceback."""
from __future__ import annotations

import argparse
import sys
from typing import Callable, NoReturn, Sequence

from .. import __version__
from ..errors import CostlyError, ProfileError, UsageError

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see --help)")


Handler = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    from . import comparison, counting, games, profiles

    parser = _Parser(prog="costly", description="Compare the historical rule variants of Costly Colours.")
    parser.add_argument("--version", action="version", version=f"costly-variants {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for module in (profiles, counting, games, comparison):
        module.register(sub)
    return parser


def run(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the command; return the exit code."""
    try:
        args = build_parser().parse_args(argv)
        handler: Handler = args.handler
        return handler(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ProfileError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_INVALID
    except CostlyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except RecursionError:
        print("error: the input is nested too deeply to read", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


def main() -> NoReturn:
    sys.exit(run())
