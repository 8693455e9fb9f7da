"""Output written without rich is byte for byte what rich writes: lines, grids, and whole commands."""
from __future__ import annotations

import io
import random

import pytest

from costly_variants.cli import plain, run
from costly_variants.cli.plain import Output, unstyled
from costly_variants.cli.render import Column, Grid, console

WORDS = ["a", "ab", "1,082,900", "48.1%", "thirty-one", "deals scoring it", "x  y", "mean points", "", "-",
         "colours", "0.216", "right jack", "a-very-long-word-of-twenty", "p125-game", "7", " lead", "trail ", "≠"]


def _random_grid(rng: random.Random) -> Grid:
    columns = [Column(rng.choice(WORDS), justify=rng.choice(["left", "right"]), prose=rng.random() < 0.3,
                      readable=rng.randint(4, 30), whole=rng.random() < 0.2) for _ in range(rng.randint(1, 5))]
    grid = Grid(*columns, leading=rng.choice([0, 0, 1, 2]))
    for _ in range(rng.randint(1, 6)):
        grid.add_row(*(rng.choice(WORDS) for _ in columns))
    return grid


def _by_rich(draw, width: int) -> str:
    """What rich writes for ``draw(console)`` to a stream that is not a terminal, ``width`` wide."""
    stream = io.StringIO()
    out = console(stream)
    out.width = width
    draw(out)
    return stream.getvalue()


def test_a_grid_written_plain_is_what_rich_draws():
    rng = random.Random(9)
    written = 0
    for _ in range(600):
        grid = _random_grid(rng)
        width, indent = rng.randint(8, 120), rng.choice([0, 2, 4])
        lines = grid.plain_lines(width - indent)
        if lines is None:
            continue
        written += 1
        assert "".join(" " * indent + line + "\n" if line else "\n" for line in lines) == \
            _by_rich(lambda out: grid.render(out, indent=indent), width)
    assert written > 50  # many grids fit; the rest were left to rich


def test_a_grid_that_does_not_fit_is_left_to_rich():
    grid = Grid("category", Column("deals scoring it", justify="right"))
    grid.add_row("thirty-one", "58,496")
    assert grid.plain_lines(80) == ["category    deals scoring it", "thirty-one            58,496"]
    assert grid.plain_lines(20) is None  # the header would wrap
    grid.add_row("trailing ", "1")
    assert grid.plain_lines(80) is None  # rich strips a cell's trailing space before it justifies it
    centred = Grid(Column("a", justify="center"))
    centred.add_row("b")
    assert centred.plain_lines(80) is None


@pytest.mark.parametrize("text", ["", "plain", "  indented, then spaced  out", "x" * 40, "x" * 41, "tab\there",
                                  "≠ not ascii", "a line\nand another", "bell\a", "trailing   "])
def test_a_line_written_plain_is_what_rich_prints(monkeypatch, text):
    from rich.text import Text

    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    stream = io.StringIO()
    out = Output(stream)
    assert out.plain and out.width == 40
    out.line(text, style="bold")
    assert stream.getvalue() == _by_rich(lambda rich: rich.print(Text(text, style="bold")), 40)


def test_output_is_plain_only_where_rich_would_write_no_styles(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    assert unstyled(io.StringIO()) and not unstyled(Terminal())
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not unstyled(io.StringIO())
    monkeypatch.delenv("FORCE_COLOR")
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    assert not unstyled(io.StringIO())  # rich would be right, but it is rich's to say


@pytest.mark.parametrize("width", [20, 40, 60, 80, 200])
def test_analyse_hands_writes_what_rich_writes(monkeypatch, capsys, width):
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    argv = ["analyse", "hands", "--all"]
    assert run(argv) == 0
    written = capsys.readouterr().out
    monkeypatch.setattr(plain, "unstyled", lambda stream: False)  # rich writes every part
    assert run(argv) == 0
    assert capsys.readouterr().out == written
