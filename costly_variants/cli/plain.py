"""A command's output written as rich would write it, without loading rich where it can be.

Where the output is not a terminal, rich writes no styles; and a line, or a table (``render.Grid``), that
fits the width is not wrapped. What rich writes for it is then known without rich: the line itself, or
the table's cells justified in their columns. Loading rich costs far more than the printing itself (it
was a fifth of the time of ``costly analyse hands``), so such a command prints through ``Output``,
which writes those parts itself and hands every other part (on a terminal, a line to wrap, a table laid
out as blocks) to rich. The bytes are rich's either way; ``tests/test_plain.py`` checks them against it.
"""
from __future__ import annotations

import builtins
import os
import sys
from typing import TYPE_CHECKING, TextIO

from .render import console, output_width

if TYPE_CHECKING:
    from rich.console import Console

    from .render import Grid


def unstyled(stream: TextIO) -> bool:
    """Whether rich would write plain text to ``stream``, each line as it is where it fits: the stream
    is not a terminal, and nothing tells rich otherwise. Where in doubt, no: rich then writes it."""
    if sys.platform == "win32":
        return False  # rich may take a column off the width for a legacy Windows console
    if "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ:
        return False  # rich's ways of being told that the stream is a terminal
    if hasattr(builtins, "get_ipython") or hasattr(stream, "rich_proxied_file"):
        return False  # Jupyter (rich shows HTML there), or a stream rich itself redirects
    try:
        return not stream.isatty()
    except (AttributeError, ValueError):
        return False


class Output:
    """Lines and grids printed in turn to ``stream`` (standard output by default), each written as rich
    would write it; ``width`` is the width they are laid out to."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout
        self.plain = unstyled(self.stream)
        self._rich: Console | None = None
        # rich's own width where it draws everything (a dumb terminal is 80 wide whatever it says)
        self.width = output_width(self.stream) if self.plain else self.rich().width

    def rich(self) -> Console:
        """The console for what is not written plain, made on first use."""
        if self._rich is None:
            self._rich = console(self.stream)
        return self._rich

    def line(self, text: str = "", *, style: str = "") -> None:
        """A line of text (wrapped where it is too long), in ``style`` on a terminal."""
        if self.plain and len(text) <= self.width and text.isascii() and text.isprintable():
            self._write([text.rstrip(" ")])
            return
        from rich.text import Text

        self.rich().print(Text(text, style=style))

    def grid(self, grid: Grid, *, indent: int = 0) -> None:
        """``grid`` drawn ``indent`` columns in, as ``Grid.render`` draws it."""
        lines = grid.plain_lines(self.width - indent) if self.plain else None
        if lines is None:
            grid.render(self.rich(), indent=indent)
            return
        self._write([" " * indent + line if line else line for line in lines])

    def _write(self, lines: list[str]) -> None:
        # rich writes each part at once and flushes it; so does this, so that whoever reads the pipe gets
        # each part when rich would have given it
        self.stream.write("".join(line + "\n" for line in lines))
        self.stream.flush()
