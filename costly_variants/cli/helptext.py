"""How every command explains itself: a one-line description, its options with their defaults, and
examples, all through argparse."""
from __future__ import annotations

import argparse
import shutil
import textwrap
from typing import Any, NoReturn, Sequence



class Parser(argparse.ArgumentParser):
    """Errors as one line naming the command, with the nearest command, option or choice to a mistyped
    one ("did you mean --games?"), as pytest and ruff suggest."""

    def error(self, message: str) -> NoReturn:
        from ..errors import UsageError  # here, not above: --help need not load the error types

        raise UsageError(f"{self.prog}: {_with_suggestion(message)} (see --help)")

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        # As argparse's own, but an unknown option is reported by the command it was given to, which
        # knows the options to suggest from (argparse reports it from the top, which knows none of them).
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            command = self._chosen(parsed)
            known = [o for a in command._actions for o in a.option_strings if o.startswith("--")]
            nearest = _nearest(extras[0].split("=", 1)[0], known) if extras[0].startswith("-") else None
            command.error(f"unrecognized arguments: {' '.join(extras)}"
                          + (f"; did you mean {nearest}?" if nearest else ""))
        return parsed

    def _chosen(self, parsed: argparse.Namespace) -> argparse.ArgumentParser:
        """The (sub)command the command line named: the parser whose options it was given."""
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                chosen = action.choices.get(str(getattr(parsed, action.dest, "")))
                if isinstance(chosen, Parser):
                    return chosen._chosen(parsed)
        return self


def _nearest(word: str, known: Sequence[str]) -> str | None:
    import difflib

    found = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return found[0] if found else None


def _with_suggestion(message: str) -> str:
    """argparse's "invalid choice: 'compar' (choose from 'compare', ...)" with the nearest choice named."""
    import re

    found = re.match(r"(.*invalid choice: '(.*)') \(choose from (.*)\)$", message, re.S)
    if not found:
        return message
    choices = re.findall(r"'([^']*)'", found.group(3))
    nearest = _nearest(found.group(2), choices)
    if nearest:
        return f"{found.group(1)}; did you mean {nearest!r}?"
    return message


class Formatter(argparse.HelpFormatter):
    """Wraps prose to the window but keeps indented lines (examples, the command list) as written, and
    says an option's default wherever it has one worth saying."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        out = []
        for paragraph in text.split("\n\n"):
            lines = paragraph.splitlines()
            if any(line.startswith(" ") for line in lines):
                out.append("\n".join(indent + line for line in lines))
            else:
                out.append(textwrap.fill(" ".join(lines), width, initial_indent=indent, subsequent_indent=indent,
                                         break_long_words=False, break_on_hyphens=False))
        return "\n\n".join(out)

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if ("default" not in text and default not in (None, False, argparse.SUPPRESS, [])
                and action.option_strings and action.nargs != 0):
            text += " (default: %(default)s)"
        return text


def command(sub: argparse._SubParsersAction, name: str, summary: str, *, examples: Sequence[str],
            aliases: Sequence[str] = (), details: str = "", prog: str | None = None) -> argparse.ArgumentParser:
    """Add a command: ``summary`` is its one line in ``costly --help`` and the head of its own help."""
    assert summary and "\n" not in summary and examples, f"{name}: a one-line summary and an example"
    epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples)
    parser: argparse.ArgumentParser = sub.add_parser(
        name, aliases=list(aliases), help=summary.replace("%", "%%"), description=summary + (f"\n\n{details}" if details else ""),
        epilog=epilog, formatter_class=Formatter, prog=prog or f"costly {name}")
    return parser


def table_listing(rows: Sequence[tuple[str, str]], column: int) -> str:
    """Indented lines of a name and its meaning, wrapped to the window under the meaning's column."""
    width = max(40, shutil.get_terminal_size().columns - 2)
    return "\n".join(textwrap.fill(meaning, width, initial_indent=f"  {name:<{column - 3}} ",
                                    subsequent_indent=" " * column, break_long_words=False, break_on_hyphens=False)
                     for name, meaning in rows)


def group_listing(groups: Sequence[tuple[str, str, Sequence[tuple[str, Any]]]],
                  sub: argparse._SubParsersAction) -> str:
    """The commands of ``costly --help``, grouped, each with its one-line summary."""
    helps = {action.dest: (action.help or "").replace("%%", "%") for action in sub._choices_actions}
    width = max(40, shutil.get_terminal_size().columns - 2)
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
            if len(label) >= 20:
                lines.append(f"  {label}")
            first = f"  {label:<20} " if len(label) < 20 else " " * 23
            lines.append(textwrap.fill(summary or "", width, initial_indent=first, subsequent_indent=" " * 23,
                                       break_long_words=False, break_on_hyphens=False))
        lines.append("")
    return "\n".join(lines).rstrip()


def add_quiet(p: argparse.ArgumentParser, what: str) -> None:
    """``-q/--quiet``, as pytest and ruff have it: ``what`` says what it leaves out."""
    p.add_argument("-q", "--quiet", action="store_true", help=f"nothing on stderr but errors: {what}")


def add_progress_options(p: argparse.ArgumentParser, *, lines: bool = False) -> None:
    """``--no-progress`` and ``-q/--quiet``; with ``lines``, ``--progress {auto,lines,off}`` too."""
    if lines:
        p.add_argument("--progress", choices=("auto", "lines", "off"), metavar="WHEN",
                       help="auto: a bar on a terminal, none when piped; lines: a line on stderr as each chunk of "
                            "games finishes ('progress: 150 of 1000 games'), for a log or a script; off: none "
                            "(default: auto)")
    p.add_argument("--no-progress", dest="progress", action="store_const", const="off",
                   help="no progress bar" + (" (as --progress off)" if lines else ""))
    add_quiet(p, "no progress" + (", no 'stopping…'" if lines else ", no prompt on a terminal"))


def progress_mode(args: argparse.Namespace) -> str:
    """``auto``, ``lines`` or ``off``: as asked, else off with --quiet, else auto."""
    mode: str | None = getattr(args, "progress", None)
    return mode or ("off" if getattr(args, "quiet", False) else "auto")


class CardsAction(argparse.Action):
    """Cards as separate words or parted by commas (``5H 5D 10H`` or ``5h,5d,10h``), as a batch file's
    lines take them: the list of cards either way."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        words = [values] if isinstance(values, str) else list(values or [])
        setattr(namespace, self.dest, [card for word in words for card in word.replace(",", " ").split()])

