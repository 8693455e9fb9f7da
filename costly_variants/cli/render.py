"""Tables that fit the window: side by side when every column can be as wide as its longest word, one
block per row when not.

Nothing a user copies is ever cut: a column is never narrower than its longest word (a rule id, a
passage id, a value), prose wraps at spaces only, and a table that cannot give every column that much
room is laid out as blocks instead. The width is ``COLUMNS`` if set, else the real terminal's; piped
output is a stable 80 columns and plain text (rich writes no colour codes to a pipe).

rich is imported here, and only inside the functions that draw with it: a command's output that rich
would write as plain text is written by ``plain.Output`` from this module's layout without loading rich at
all, and commands that print no table (and ``--version``, ``--help``) never pay for it either.
"""
from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Sequence, TextIO

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    Cell = str | Text

PIPE_WIDTH = 80
GAP = 2  # spaces between two columns
INDENT = 2  # a block's lines under its heading


def output_width(stream: TextIO | None = None) -> int:
    """``COLUMNS`` if set, else the terminal's width, else (piped, or a terminal that gives no width: a
    pseudo-terminal of size 0, as ``script`` makes one) a stable ``PIPE_WIDTH``."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    stream = stream or sys.stdout
    try:
        if stream.isatty() and os.get_terminal_size(stream.fileno()).columns > 0:
            return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        pass
    return PIPE_WIDTH


def cell_len(text: str) -> int:
    """The cells ``text`` takes across: one a character where it is printable ASCII (so rich need not be
    loaded to measure it), else as rich measures it."""
    if text.isascii() and text.isprintable():
        return len(text)
    from rich.cells import cell_len as measured

    return measured(text)


class _Trimmed:
    """A stream that drops the spaces rich pads a table's last column with, so piped lines end cleanly."""

    _TRAILING = re.compile(r"[ ]+((?:\x1b\[[0-9;]*m)*)$", re.MULTILINE)

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(self._TRAILING.sub(r"\1", text).replace(NO_BREAK, " "))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def console(stream: TextIO | None = None) -> Console:
    """A console as wide as the window; colour only on a terminal (rich checks), never highlighting."""
    stream = stream or sys.stdout
    return _console_type()(file=_Trimmed(stream), width=output_width(stream), highlight=False,  # type: ignore[arg-type]
                           soft_wrap=False, markup=False, emoji=False)


@cache
def _console_type() -> type[Console]:
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            # rich exits 1 here; the reader going away (``costly diff | head``) is no error: the command's
            # runner turns it into a quiet exit 0, as for any other output.
            self.quiet = True
            raise BrokenPipeError

    return _Console


# A word runs to a space, a tab or a line break: a no-break space (U+00A0) joins two words into one, which
# rich never breaks at and the output writes as a plain space (``_Trimmed``).
_WORD = re.compile(r"^[ \t]*[^ \t\n]+|[^ \t\n]+", re.MULTILINE)
# Between two words never parted ("no passage"): written as a space, but no whitespace to rich, whose
# wrapping breaks at a no-break space as at any other (a private-use character, one cell wide).
NO_BREAK = "\ue000"


def longest_word(text: str) -> int:
    """The widest thing a line may not be broken in: a word, with the indent before a line's first word."""
    return max((cell_len(word) for word in _WORD.findall(text)), default=0)


def longest_line(text: str) -> int:
    return max((cell_len(line) for line in text.splitlines()), default=0)


def allot(minimum: Sequence[int], maximum: Sequence[int], room: int) -> list[int] | None:
    """Column widths within ``room`` (gaps excluded), each at least its minimum, or None if they cannot be.

    Each column gets its minimum; the room left is shared in proportion to what each still wants.
    """
    widths = list(minimum)
    spare = room - sum(widths)
    if spare < 0:
        return None
    wants = [max(0, hi - lo) for lo, hi in zip(minimum, maximum)]
    if sum(wants) <= spare:
        return [max(lo, hi) for lo, hi in zip(minimum, maximum)]
    total = sum(wants)
    given = [spare * w // total for w in wants]
    # Hand out the remainder one cell at a time to the columns that want the most.
    for i in sorted(range(len(wants)), key=lambda i: -(wants[i] - given[i]))[: spare - sum(given)]:
        given[i] += 1
    return [lo + g for lo, g in zip(widths, given)]


@dataclass(frozen=True)
class Column:
    """A column of a Grid. ``prose`` columns wrap and ask for ``readable`` cells before going side by side;
    other columns wrap only at spaces, and ``whole`` ones not at all."""

    header: str
    justify: str = "left"
    prose: bool = False
    readable: int = 24
    whole: bool = False  # never wrapped: a name of several words that a user looks up or copies


def _unbroken(text: str) -> bool:
    """Whether rich draws ``text`` as it is where it has room: printable ASCII (one cell a character, no
    control codes for rich to strip, no tab or line break), and no space at either end."""
    return text.isascii() and text.isprintable() and text.strip(" ") == text


def _plain(cell: Cell) -> str:
    return cell if isinstance(cell, str) else cell.plain


def _flat(cell: Cell) -> Text:
    """A cell on one line (that may wrap): a block has room across, not down."""
    from rich.text import Text

    return Text("  ").join(_text(cell).split("\n"))


def _text(cell: Cell) -> Text:
    if isinstance(cell, str):
        from rich.text import Text

        return Text(cell)
    return cell


class Grid:
    """Rows of cells shown as a table when it fits the width, else as one block per row.

    In the block layout the first ``heading`` cells of a row become its heading line and every other
    cell a line of its own, labelled with its column's header: ``diff`` gives one block per rule with a
    line per profile.
    """

    def __init__(self, *columns: Column | str, heading: int = 1, leading: int = 0) -> None:
        self.columns = [c if isinstance(c, Column) else Column(c) for c in columns]
        self.heading = heading
        self.leading = leading
        self.rows: list[list[Cell]] = []

    def add_row(self, *cells: Cell) -> None:
        assert len(cells) == len(self.columns), "one cell a column"
        self.rows.append(list(cells))

    def side_by_side_widths(self, width: int) -> list[int] | None:
        columns = self.columns
        minimum, maximum = [], []
        for i, column in enumerate(columns):
            texts = [column.header] + [_plain(row[i]) for row in self.rows]
            words = max(longest_word(t) for t in texts)
            lines = max(longest_line(t) for t in texts)
            if column.whole:
                minimum.append(lines)
            else:
                minimum.append(max(words, min(lines, column.readable)) if column.prose else words)
            maximum.append(max(lines, minimum[-1]))
        return allot(minimum, maximum, width - GAP * (len(columns) - 1))

    def plain_lines(self, width: int) -> list[str] | None:
        """The lines ``render`` draws for the grid ``width`` wide where rich draws it unstyled (not on a
        terminal), without loading rich: when it is laid out as a table and every cell is printable ASCII
        that fits its column on one line, a row is its cells justified in their columns, ``GAP`` apart, with
        no trailing spaces. Else None: the grid is for rich to draw (``tests/test_plain.py`` checks these
        lines against rich's)."""
        widths = self.side_by_side_widths(width)
        if widths is None or not self.rows or any(c.justify not in ("left", "right") for c in self.columns):
            return None
        rows: list[Sequence[Cell]] = []
        if any(c.header.strip() for c in self.columns):
            rows.append([c.header for c in self.columns])
        for n, row in enumerate(self.rows):
            rows.extend([[""] * len(row)] * (self.leading if n else 0))
            rows.append(row)
        lines = []
        for shown in rows:
            cells = []
            for cell, column, room in zip(shown, self.columns, widths):
                # rich strips a cell's trailing spaces before it justifies it, and wraps one too long
                if not (isinstance(cell, str) and _unbroken(cell) and len(cell) <= room):
                    return None
                cells.append(cell.rjust(room) if column.justify == "right" else cell.ljust(room))
            lines.append((" " * GAP).join(cells).rstrip(" "))
        return lines

    def table(self, widths: Sequence[int]) -> Table:
        from rich.table import Column as RichColumn, Table

        table = Table(*(RichColumn(c.header, justify=c.justify, width=w, overflow="fold")  # type: ignore[arg-type]
                        for c, w in zip(self.columns, widths)),
                      box=None, pad_edge=False, padding=(0, GAP // 2),
                      header_style="bold", show_header=any(c.header.strip() for c in self.columns))
        for n, row in enumerate(self.rows):
            # rich draws its ``leading`` only with a box: blank rows space the rows out instead.
            for _ in range(self.leading if n else 0):
                table.add_row()
            table.add_row(*(_text(c) for c in row))
        return table

    def blocks(self, width: int) -> list[RenderableType]:
        from rich.text import Text

        out: list[RenderableType] = []
        labels = [c.header for c in self.columns[self.heading:]]
        label_width = max((cell_len(label) for label in labels), default=0)
        for n, row in enumerate(self.rows):
            if n:
                out.append(Text(""))
            head = Text()
            for cell in row[: self.heading]:
                first, _, rest = _plain(cell).partition("\n")
                if not first.strip():
                    continue
                if head.plain:
                    head.append("  ")
                head.append(first, style="bold")
                if rest:
                    head.append("  " + rest.replace("\n", "  "))
            # A heading may start with a mark such as ≠, three bytes in UTF-8: leave the room, so that a
            # tool counting bytes (awk in a C locale) also finds every line within the width.
            spare = len(head.plain.encode("utf-8")) - len(head.plain)
            out.append(_wrapped(head, width - min(spare, 2)))
            cells = row[self.heading:]
            out.append(_aligned(labels, cells, width, label_width)
                       or labelled([(label, _flat(cell)) for label, cell in zip(labels, cells)],
                                   width, label_width=label_width))
        return out

    def render(self, out: Console, *, indent: int = 0) -> None:
        """Print the grid ``indent`` columns in: as a table if it fits, else as blocks."""
        from rich.padding import Padding

        width = out.width - indent
        widths = self.side_by_side_widths(width)
        parts: list[RenderableType] = [self.table(widths)] if widths is not None else self.blocks(width)
        for part in parts:
            out.print(Padding(part, (0, 0, 0, indent)) if indent else part)


def _aligned(labels: Sequence[str], cells: Sequence[Cell], width: int, label_width: int) -> Padding | None:
    """A block's lines with the parts of its cells in columns (``diff``: value, then status and passages),
    when every cell has as many lines as the others and the parts fit; else None."""
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    parts = [_text(cell).split("\n", allow_blank=True) for cell in cells]
    count = len(parts[0]) if parts else 0
    if count < 2 or any(len(p) != count for p in parts):
        return None
    # The first part (diff's value) is never broken: "1, 11" on one line, not "1," above "11".
    minimum = [max((cell_len if i == 0 else longest_word)(p[i].plain) for p in parts) for i in range(count)]
    maximum = [max(cell_len(p[i].plain) for p in parts) for i in range(count)]
    widths = allot(minimum, maximum, width - INDENT - label_width - GAP * count)
    if widths is None:
        return None
    table = Table.grid(padding=(0, GAP, 0, 0))
    table.add_column(width=label_width, no_wrap=True)
    for w in widths:
        table.add_column(width=w, overflow="fold")
    for label, row in zip(labels, parts):
        table.add_row(Text(label, style="dim"), *row)
    return Padding(table, (0, 0, 0, INDENT))


def _wrapped(text: Text, width: int) -> Table:
    """A line of prose wrapped at spaces to the window, never narrower than its longest word."""
    from rich.table import Table

    fitted = min(width, max(longest_line(text.plain), 1))
    table = Table.grid()
    table.add_column(width=max(fitted, longest_word(text.plain)), overflow="fold")
    table.add_row(text)
    return table


def labelled(pairs: Sequence[tuple[str, Cell]], width: int, *, label_width: int | None = None,
             indent: int = INDENT) -> Table:
    """Lines of ``label  value`` under a heading; a value too wide for the room beside its label goes
    on the next line, indented, rather than being cut."""
    from rich.table import Table
    from rich.text import Text

    label_width = label_width if label_width is not None else max((cell_len(l) for l, _ in pairs), default=0)
    room = width - indent - label_width - GAP
    table = Table.grid(padding=(0, 0, 0, 0))
    table.add_column(width=indent)
    beside = all(longest_word(_plain(value)) <= room for _, value in pairs) and room > 0
    if beside:
        table.add_column(width=label_width, no_wrap=True)
        table.add_column(width=GAP)
        table.add_column(width=room, overflow="fold")
        for label, value in pairs:
            table.add_row("", Text(label, style="dim"), "", _text(value))
        return table
    room = max(1, width - indent - INDENT, max((longest_word(_plain(v)) for _, v in pairs), default=1))
    table.add_column(width=max(room, label_width), overflow="fold")
    for label, value in pairs:
        table.add_row("", Text(label, style="dim"))
        row = Table.grid()
        row.add_column(width=INDENT)
        row.add_column(width=room, overflow="fold")
        row.add_row("", _text(value))
        table.add_row("", row)
    return table
