"""How every command explains itself: a one-line description, its options with their defaults, and
examples, all through argparse."""
from __future__ import annotations

import argparse
from typing import Any, NoReturn, Sequence

from ..errors import UsageError


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see --help)")


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the examples' lines, and says an option's default wherever it has one worth saying."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if ("default" not in text and default not in (None, False, argparse.SUPPRESS, [])
                and action.option_strings and action.nargs != 0):
            text += " (default: %(default)s)"
        return text


def command(sub: argparse._SubParsersAction, name: str, summary: str, *, examples: Sequence[str],
            aliases: Sequence[str] = (), details: str = "") -> argparse.ArgumentParser:
    """Add a command: ``summary`` is its one line in ``costly --help`` and the head of its own help."""
    assert summary and "\n" not in summary and examples, f"{name}: a one-line summary and an example"
    epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples)
    parser: argparse.ArgumentParser = sub.add_parser(
        name, aliases=list(aliases), help=summary, description=summary + (f"\n\n{details}" if details else ""),
        epilog=epilog, formatter_class=_Formatter)
    return parser


def group_listing(groups: Sequence[tuple[str, str, Sequence[tuple[str, Any]]]],
                  sub: argparse._SubParsersAction) -> str:
    """The commands of ``costly --help``, grouped, each with its one-line summary."""
    helps = {action.dest: action.help for action in sub._choices_actions}
    lines = []
    seen: set[int] = set()
    for title, purpose, commands in groups:
        lines.append(f"{title} - {purpose}:")
        for name, parser in commands:
            if id(parser) in seen:
                continue  # an alias: shown with its command
            seen.add(id(parser))
            aliases = [n for n, p in commands if p is parser and n != name]
            label = name + (f" ({', '.join(aliases)})" if aliases else "")
            summary = helps.get(name) or (parser.description or "").split("\n")[0]
            lines.append(f"  {label:<20} {summary}" if len(label) < 20 else f"  {label}\n  {'':<20} {summary}")
        lines.append("")
    return "\n".join(lines).rstrip()
