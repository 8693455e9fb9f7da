"""Batch scoring: lines of four cards (the fourth the deck card) in, one JSON object per deal out.

Output. Every deal gives one line, ``{"line": N, "hand": [...], "deck": ..., "total": ...}``: ``line``
is the deal's line number in the input (counting ``\\n`` only, as editors do), ``hand`` and ``deck``
are the cards as read, in canonical spelling, and the rest is exactly ``score_hand(...).as_dict()``.
Blank lines and ``#`` comment lines give no output; a ``# comment`` after the four cards is allowed.
A UTF-8 byte-order mark at the start is skipped. A line longer than ``MAX_LINE`` bytes is an error.

How. The input is read by byte ranges ("blocks"): a block owns the lines that start in it. A first,
cheap pass checks every line, so that a bad line stops the run with nothing written; a second pass
scores the blocks and writes them, in order, straight to the destination. With several cores, forked
workers take every n-th block in both passes and hand the write on in block order, so nothing is
spooled and memory does not grow with the input.

Speed. A line's JSON is a format template filled with the four card names. The template has three
parts: the items that depend on the ranks in the order given (points, thirty-one, pairs and the
Aces' values), those that depend on the suits relative to the deck card and on which cards are Jacks
or Deuces (Jacks, Deuces, colours), and the fixed frame. Each part is built once per integer key
and joined in the profile's declaration order by plain concatenation.
"""
from __future__ import annotations

import ctypes
import gc
import itertools
import json
import multiprocessing as mp
import os
import signal
import stat
import tempfile
import time
from dataclasses import dataclass
from typing import IO, Any, Callable, Iterable, Sequence

from ..cards import _PARSE_CACHE, FULL_DECK, Card, Rank, Suit
from ..errors import CardError, CostlyError
from ..profiles.rules import Category, Rules
from .hand import rank_part, suit_part


class BatchError(CostlyError):
    """A bad input line; the message names the line number."""


MAX_LINE = 1024          # bytes in one input line, its line break excluded
QUOTE_CHARS = 60         # characters of a bad line quoted in an error
BLOCK = 1 << 17          # bytes of input a block covers
BOM = b"\xef\xbb\xbf"
WARM_FROM = 250_000      # deals from which the rank parts are all built before the workers fork

# Every spelling of every card, as UTF-8 bytes -> its index in FULL_DECK.
_INDEX: dict[bytes, int] = {text.encode("utf-8"): FULL_DECK.index(card) for text, card in _PARSE_CACHE.items()}
_QUOTED_BYTES = tuple(f'"{card}"'.encode() for card in FULL_DECK)
_RANK = tuple(int(card.rank) for card in FULL_DECK)
_SUIT = tuple(list(Suit).index(card.suit) for card in FULL_DECK)
_RANK_CATEGORIES = frozenset({Category.POINTS, Category.THIRTY_ONE, Category.PAIRS})


def _role_table() -> tuple[tuple[int, ...], ...]:
    """[deck suit][card index] -> 0..11: (neither, Jack, Deuce) x (deck suit, its mate, other, other)."""
    suits = list(Suit)
    table = []
    for deck_suit in suits:
        row = []
        for card in FULL_DECK:
            kind = {Rank.JACK: 1, Rank.TWO: 2}.get(card.rank, 0)
            if card.suit is deck_suit:
                role = 0
            elif card.suit.colour is deck_suit.colour:
                role = 1
            else:
                role = 2 + [s for s in suits if s.colour is not deck_suit.colour].index(card.suit)
            row.append(kind * 4 + role)
        table.append(tuple(row))
    return tuple(table)


_ROLE = _role_table()
# Integer keys, one table per position, so that a key is four look-ups and three additions.
_RANK_KEY = tuple(tuple((_RANK[i] - 1) * 13 ** p for i in range(52)) for p in range(4))
# [deck index] -> the role-key contribution of each of the other three positions, and the deck's own.
_ROLE_KEY = tuple(tuple(tuple(_ROLE[_SUIT[d]][i] * 12 ** p for i in range(52)) for p in range(3))
                  for d in range(52))
_DECK_ROLE_KEY = tuple(_ROLE[_SUIT[d]][d] * 12 ** 3 for d in range(52))


_SLOT = "\x00%d\x00"  # where the card at a position goes, until the position is known
_NAMES = (b"a", b"b", b"c", b"d")  # the four cards as given, as keys of the mapping a line is filled from


def _item_texts(rules: Rules, items: Iterable[tuple], memo: dict[tuple, tuple[str, str]],
                ) -> dict[Category, str]:
    """Per category: its items' JSON, each preceded by ", ", with ``_SLOT`` where each card goes.
    ``memo`` keeps each item's JSON around its cards, for the next entry that has the same item."""
    out: dict[Category, str] = {}
    for category, name, positions, points, rule in items:
        around = memo.get((category, name, points, rule))
        if around is None:
            text = json.dumps({"category": category.value, "name": name, "cards": "\x00", "points": points,
                               "rule": rule, "cite": list(rules.cite(rule))}, ensure_ascii=False)
            before, _, after = text.replace("%", "%%").partition('"\\u0000"')
            around = memo[(category, name, points, rule)] = (", " + before + "[", "]" + after)
        out[category] = out.get(category, "") + around[0] + ", ".join(_SLOT % p for p in positions) + around[1]
    return out


def _fill_slots(text: str, order: Sequence[int]) -> bytes:
    """``text`` with the card at slot i named by the mapping key of the card it is (``order[i]``)."""
    for slot, position in enumerate(order):
        text = text.replace(_SLOT % slot, "%%(%s)s" % _NAMES[position].decode())
    return text.encode("utf-8")


@dataclass(frozen=True)
class _Layout:
    """Where each category's items go: the declaration order as alternating rank and suit runs.

    A line's items are ``r0 + s0 + r1 + s1 + r2 + s2``; a run a profile does not have is empty."""

    rank_runs: tuple[tuple[Category, ...], ...]
    suit_runs: tuple[tuple[Category, ...], ...]

    @classmethod
    def of(cls, order: Sequence[Category]) -> "_Layout":
        rank_runs: list[list[Category]] = [[]]
        suit_runs: list[list[Category]] = [[]]
        for category in order:
            if category in _RANK_CATEGORIES:
                if suit_runs[-1]:
                    rank_runs.append([])
                    suit_runs.append([])
                rank_runs[-1].append(category)
            else:
                suit_runs[-1].append(category)
        while len(rank_runs) < 3:
            rank_runs.append([])
            suit_runs.append([])
        return cls(tuple(map(tuple, rank_runs)), tuple(map(tuple, suit_runs)))


class BatchScorer:
    """Scores deals under one rule set, from input lines to JSON lines (UTF-8 bytes).

    A line is a bytes template filled (``%``) from a mapping of the line number, the four cards'
    quoted names and the total. The template is the frame plus the rank part's runs and the suit
    part's runs, concatenated in the profile's declaration order."""

    HEAD = b'{"line": %(n)d, "hand": [%(a)s, %(b)s, %(c)s], "deck": %(d)s, "total": %(t)d, "items": ['
    MID = b'], "ace_values": {'
    TAIL = b'}, "cocks_nest": false}\n'
    NEST_TAIL = b'}, "cocks_nest": true}\n'

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.counting = rules.counting
        self.nest = rules.cocks_nest
        self.layout = _Layout.of(rules.declaration_order)
        # Rank parts: by the sorted ranks (slots are sorted positions), then by the ranks in the order
        # given (slots named by the card at each position); suit parts by the role key.
        self._sorted: dict[tuple[int, ...], tuple[bytes, int]] = {}
        self._items: dict[tuple, tuple[str, str]] = {}
        self._ranks: list[tuple[bytes, bytes, bytes, bytes, bytes, int, bool] | None] = [None] * 13 ** 4
        self._suits: list[tuple[bytes, bytes, bytes, int] | None] = [None] * 12 ** 4

    def _sorted_entry(self, ranks: tuple[int, ...]) -> tuple[bytes, int]:
        """The rank part for sorted ``ranks``: its runs and the Aces' values, separated by NULs, as a
        ``%`` template that, given which card each sorted position holds, gives the line's template."""
        items, ace_values = rank_part(self.counting, ranks)
        texts = _item_texts(self.rules, items, self._items)
        parts = ["".join(texts.get(c, "") for c in run) for run in self.layout.rank_runs]
        parts.append(", ".join(f"{_SLOT % p}: {v}" for p, v in enumerate(ace_values) if v))
        text = "\x00".join(parts).replace("%", "%%")  # escaped once more: it goes through % twice
        for p in range(4):
            text = text.replace(_SLOT % p, "%%(%d)s" % p)
        entry = self._sorted[ranks] = (text.encode("utf-8"), sum(i[3] for i in items))
        return entry

    def _rank_entry(self, cards: tuple[int, int, int, int], key: int,
                    ) -> tuple[bytes, bytes, bytes, bytes, bytes, int, bool]:
        """(head and first run, second run, third run, the end if the suits score nothing, the end
        otherwise, the rank part's points, whether the first run is empty) for the ranks of ``cards``."""
        # Sort like score_hand (by rank, ties by position), then name each sorted position's card.
        order = [k & 3 for k in sorted(_RANK[c] * 4 + p for p, c in enumerate(cards))]
        ranks = tuple(_RANK[cards[p]] for p in order)
        template, total = self._sorted.get(ranks) or self._sorted_entry(ranks)
        r0, r1, r2, aces = (template % {b"%d" % s: b"%(" + _NAMES[p] + b")s" for s, p in enumerate(order)}
                            ).split(b"\x00")
        # The frame goes in here once: the head before the first run (without the first item's ", "),
        # the Aces' values and the end after the last.
        end = self.MID + aces + (self.NEST_TAIL if self.nest and total == 0 else self.TAIL)
        entry = self._ranks[key] = (self.HEAD + r0[2:], r1, r2, end, self.MID + aces + self.TAIL, total, not r0)
        return entry

    def _suit_entry(self, cards: tuple[int, int, int, int], key: int) -> tuple[bytes, bytes, bytes, int]:
        items = suit_part(self.counting, tuple(FULL_DECK[i] for i in cards))
        texts = _item_texts(self.rules, items, self._items)
        runs = [_fill_slots("".join(texts.get(c, "") for c in run), range(4)) for run in self.layout.suit_runs]
        entry = (runs[0], runs[1], runs[2], sum(i[3] for i in items))
        self._suits[key] = entry
        return entry

    def warm_ranks(self) -> None:
        """Build the rank part of every order of ranks (28,561): before forking, so that workers share
        them instead of each building them again."""
        one_of = [_RANK.index(rank) for rank in range(1, 14)]  # a card of each rank stands for all
        r0, r1, r2, r3 = _RANK_KEY
        for a, b, c, d in itertools.product(one_of, repeat=4):
            key = r0[a] + r1[b] + r2[c] + r3[d]
            if self._ranks[key] is None:
                self._rank_entry((a, b, c, d), key)

    def score_line(self, cards: tuple[int, ...], line: int = 0) -> str:
        """The JSON line for four card indices (three held, then the deck card)."""
        a, b, c, d = cards
        return self.score_lines([b""], line, parsed=[(a, b, c, d)])[0].decode("utf-8").rstrip("\n")

    def score_lines(self, lines: Sequence[bytes], first: int, *,
                    parsed: Sequence[tuple[int, int, int, int]] | None = None) -> list[bytes]:
        """JSON lines, each ending in a line break, for checked input lines numbered from ``first`` (blank
        and comment lines give none)."""
        out: list[bytes] = []
        append = out.append
        index = _INDEX
        r0, r1, r2, r3 = _RANK_KEY
        ranks, suits = self._ranks, self._suits
        role_key, deck_role_key = _ROLE_KEY, _DECK_ROLE_KEY
        q = _QUOTED_BYTES
        join = b"".join
        for n, line in enumerate(lines, first):
            if parsed is not None:
                a, b, c, d = parsed[n - first]
            else:
                tokens = line.split()
                try:
                    a, b, c, d = index[tokens[0]], index[tokens[1]], index[tokens[2]], index[tokens[3]]
                    if len(tokens) != 4:
                        raise KeyError
                except (KeyError, IndexError):
                    found = parse_line(line)
                    if not isinstance(found, tuple):
                        continue  # blank or comment (the input was checked before)
                    a, b, c, d = found
            rank = ranks[r0[a] + r1[b] + r2[c] + r3[d]] or self._rank_entry(
                (a, b, c, d), r0[a] + r1[b] + r2[c] + r3[d])
            s0, s1, s2 = role_key[d]
            sk = s0[a] + s1[b] + s2[c] + deck_role_key[d]
            suit = suits[sk] or self._suit_entry((a, b, c, d), sk)
            # rank[3] ends a line whose rank part scores nothing (a cock's nest if the suits score nothing too)
            total = rank[5] + suit[3]
            template = join((rank[0], suit[0], rank[1], suit[1], rank[2], suit[2], rank[3] if total == rank[5] else rank[4]))
            if rank[6]:  # the rank part's first run is empty: the first item is somewhere later
                template = template.replace(b"[, {", b"[{", 1)
            append(template % {b"n": n, b"a": q[a], b"b": q[b], b"c": q[c], b"d": q[d], b"t": total})
        return out


# -- reading --------------------------------------------------------------------------------------------

def _quote(raw: bytes) -> str:
    text = raw[: QUOTE_CHARS * 4].decode("utf-8", errors="replace")
    return repr(text[:QUOTE_CHARS]) + (" ..." if len(text) > QUOTE_CHARS or len(raw) > QUOTE_CHARS * 4 else "")


def parse_line(line: bytes) -> tuple[int, ...] | None | str:
    """Four card indices from one line (without its ``\\n``); None for a blank or comment line;
    otherwise the message saying what is wrong (without the line number)."""
    if len(line) > MAX_LINE:
        return f"line longer than {MAX_LINE} bytes: {_quote(line)}"
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"not UTF-8: byte 0x{line[exc.start]:02x} cannot be decoded"
    text = text.partition("#")[0]
    # Only ASCII blanks (and commas) part cards: other characters (form feed aside, as editors show it
    # as a blank) are part of a token and so make a bad card, never a hidden line break.
    tokens = text.replace(",", " ").encode("utf-8").split()
    if not tokens:
        return None
    if len(tokens) != 4:
        return (f"expected four cards (three held, then the deck card), got {len(tokens)}: "
                f"{_quote(line.strip())}")
    found = []
    for token in tokens:
        index = _INDEX.get(token)
        if index is None:
            try:
                index = FULL_DECK.index(Card.from_str(token.decode("utf-8")))
            except CardError as exc:
                return str(exc)
        found.append(index)
    if len(set(found)) != 4:
        repeated = next(FULL_DECK[i] for i in found if found.count(i) > 1)
        return f"card {repeated} appears twice in one deal"
    return tuple(found)


@dataclass(frozen=True)
class _Input:
    """The input: a seekable file descriptor, where the lines begin, where they end, and the block size."""

    fd: int
    start: int
    size: int
    block: int = BLOCK

    @property
    def blocks(self) -> int:
        return -(-(self.size - self.start) // self.block)


@dataclass(frozen=True)
class _Block:
    """The lines that start in one block; ``overlong`` if its last line runs past what was read."""

    lines: list[bytes]
    overlong: bytes | None
    newlines: int  # line breaks in the block's own byte range, for numbering the lines after it
    skipped: int = 0  # 1 if the block starts inside a line (owned by the block before): its first line is the next


def _read_block(source: _Input, number: int) -> _Block:
    size = source.size
    start = source.start + number * source.block
    end = min(start + source.block, size)
    before = 1 if start > source.start else 0
    # Never past the size measured at the start: what is appended meanwhile was not checked.
    raw = os.pread(source.fd, min(before + (end - start) + MAX_LINE + 2, size - start + before), start - before)
    own_end = before + end - start
    newlines = raw.count(b"\n", before, own_end)
    if before:
        first = 1 if raw[0:1] == b"\n" else raw.find(b"\n", 1, own_end) + 1
        if first == 0:
            return _Block([], None, newlines)
        skipped = 0 if first == 1 else 1
    else:
        first = len(BOM) if raw.startswith(BOM) else 0
        skipped = 0
    if first >= own_end:
        return _Block([], None, newlines)
    stop = raw.find(b"\n", own_end - 1)
    overlong = None
    if stop < 0:
        if end + (len(raw) - own_end) >= size:  # the input ends within what was read
            stop = len(raw)
        else:
            last = raw.rfind(b"\n", first, own_end - 1) + 1
            overlong = raw[max(last, first):]
            stop = max(last, first) - 1
    text = raw[first:stop] if stop >= first else b""
    lines = text.split(b"\n") if stop >= first else []
    return _Block(lines, overlong, newlines, skipped)


Checked = tuple[int, int, int, "tuple[int, str] | None"]


def _check_block(source: _Input, number: int) -> Checked:
    """(line breaks in the block, deals, bad lines, the first bad line's index in the block and message)."""
    block = _read_block(source, number)
    index = _INDEX
    bad = blank = 0
    first: tuple[int, str] | None = None
    for i, line in enumerate(block.lines):
        tokens = line.split()
        if len(tokens) == 4 and len(line) <= MAX_LINE:
            try:
                a, b, c, d = index[tokens[0]], index[tokens[1]], index[tokens[2]], index[tokens[3]]
            except KeyError:
                pass
            else:
                if a != b and a != c and a != d and b != c and b != d and c != d:
                    continue
        result = parse_line(line)
        if result is None:
            blank += 1
        elif isinstance(result, str):
            bad += 1
            if first is None:
                first = (i, result)
    if block.overlong is not None:
        bad += 1
        if first is None:
            first = (len(block.lines), f"line longer than {MAX_LINE} bytes: {_quote(block.overlong)}")
    if first is not None:
        first = (first[0] + block.skipped, first[1])
    return block.newlines, len(block.lines) - blank - bad, bad, first


def _score_block(scorer: BatchScorer, source: _Input, number: int, first_line: int) -> list[bytes]:
    """The JSON lines of one (checked) block, as UTF-8, each ending in a line break."""
    block = _read_block(source, number)
    return scorer.score_lines(block.lines, first_line + block.skipped)


# -- running -----------------------------------------------------------------------------------------------

def _writer(fd: int) -> Callable[[list[bytes]], None]:
    """Writes lists of lines to ``fd`` with writev: no joined copy of a block's output is ever made."""
    def write(lines: list[bytes]) -> None:
        try:
            for start in range(0, len(lines), 512):
                batch = lines[start:start + 512]
                written = os.writev(fd, batch)
                if written < sum(map(len, batch)):  # a short write (a pipe, a signal): finish byte by byte
                    view = memoryview(b"".join(batch))[written:]
                    while view:
                        view = view[os.write(fd, view):]
        except BrokenPipeError:
            raise  # the reader has gone (| head): not an error
        except OSError as exc:
            raise BatchError(f"cannot write the scores: {exc.strerror or exc}") from None
    return write


class _Progress:
    """A transient progress bar on a terminal's stderr, shown once a run takes more than ``delay`` s."""

    def __init__(self, total: int, enabled: bool, *, delay: float = 2.0, console: Any = None) -> None:
        self.total = total
        self.enabled = enabled
        self.delay = delay
        self.console = console
        self.started = time.monotonic()
        self.bar: Any = None
        self.task: Any = None

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if time.monotonic() - self.started < self.delay:
                return
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

            self.bar = Progress(TextColumn("scoring"), BarColumn(), TaskProgressColumn(), TimeRemainingColumn(),
                                console=self.console or Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("scoring", total=self.total)
        self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _as_worker() -> None:
    """In a forked worker: die with the parent, leave Ctrl-C and SIGTERM to it, and never collect."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: killed when the parent dies, even by SIGKILL
    except (OSError, AttributeError):  # not Linux: the parent still terminates its workers on the way out
        pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    gc.disable()


def _check_worker(source: _Input, me: int, workers: int, conn) -> None:  # type: ignore[no-untyped-def]
    _as_worker()
    try:
        conn.send([(k, _check_block(source, k))
                   for k in range(me, source.blocks, workers)])
    except BaseException as exc:  # noqa: BLE001 - reported by the parent in one line, not as a traceback
        conn.send(f"{type(exc).__name__}: {exc}")
    finally:
        conn.close()
        os._exit(0)


def _score_worker(scorer: BatchScorer, source: _Input, starts: list[int], out_fd: int, me: int, workers: int,
                  turn, failed, conn) -> None:  # type: ignore[no-untyped-def]
    _as_worker()
    write = _writer(out_fd)
    message = ""
    try:
        for k in range(me, source.blocks, workers):
            data = _score_block(scorer, source, k, starts[k])
            while turn.value != k:
                if failed.value:
                    return
                time.sleep(0.0005)
            write(data)
            turn.value = k + 1
    except BrokenPipeError:
        message = "broken pipe"
    except BatchError as exc:
        message = str(exc)
    except BaseException as exc:  # noqa: BLE001 - reported by the parent in one line
        message = f"{type(exc).__name__}: {exc}"
    finally:
        if message:
            failed.value = 1
        conn.send(message)
        conn.close()
        os._exit(0)


def _run(context, targets: list[tuple]) -> list:  # type: ignore[no-untyped-def]
    """Start one process per (function, args) with a pipe as its last argument; return the processes
    and the pipes' reading ends."""
    procs, conns = [], []
    for target, args in targets:
        reader, writer = context.Pipe(duplex=False)
        proc = context.Process(target=target, args=(*args, writer), daemon=True)
        proc.start()
        writer.close()
        procs.append(proc)
        conns.append(reader)
    return [procs, conns]


def _stop(procs: list) -> None:  # type: ignore[type-arg]
    for proc in procs:
        if proc.is_alive():
            proc.kill()
    for proc in procs:
        proc.join()


def _line_error(name: str, starts: list[int], results: dict[int, Checked]) -> None:
    bad = sum(r[2] for r in results.values())
    if not bad:
        return
    block = min(k for k, r in results.items() if r[3] is not None)
    offset, message = results[block][3]  # type: ignore[misc]
    more = f" ({bad - 1} more bad line{'s' if bad > 2 else ''} after it)" if bad > 1 else ""
    raise BatchError(f"{name}:{starts[block] + offset}: {message}; nothing was scored{more}")


def score_fd(rules: Rules, fd: int, out_fd: int | Callable[[list[bytes]], object], *, name: str = "<stdin>",
             workers: int | None = None, parallel_from: int = 1 << 20, progress: bool = False,
             block: int = BLOCK) -> int:
    """Check every line of the file open at ``fd`` (seekable, read from its current offset), then
    write one JSON line per deal to ``out_fd`` (a file descriptor, or a function taking lines, which
    keeps the work in this process). Returns the number of deals."""
    start = os.lseek(fd, 0, os.SEEK_CUR)
    source = _Input(fd, start, os.fstat(fd).st_size, block)
    workers = workers if workers is not None else len(os.sched_getaffinity(0))
    if (source.size - source.start < parallel_from or "fork" not in mp.get_all_start_methods()
            or not isinstance(out_fd, int)):
        workers = 1
    workers = max(1, min(workers, source.blocks))
    collecting = gc.isenabled()
    gc.disable()  # only short-lived tuples and strings, never cycles
    try:
        results = _check(source, workers)
        starts = [1] * (source.blocks + 1)
        for k in range(source.blocks):
            starts[k + 1] = starts[k] + results[k][0]
        _line_error(name, starts, results)
        scorer = BatchScorer(rules)
        bar = _Progress(source.blocks, progress)
        try:
            if workers == 1:
                write = _writer(out_fd) if isinstance(out_fd, int) else out_fd
                for k in range(source.blocks):
                    write(_score_block(scorer, source, k, starts[k]))
                    bar.update(k + 1)
            else:
                assert isinstance(out_fd, int)
                if sum(r[1] for r in results.values()) >= WARM_FROM:
                    scorer.warm_ranks()
                _score_in_parallel(scorer, source, starts, out_fd, workers, bar)
        finally:
            bar.close()
    finally:
        if collecting:
            gc.enable()
    return sum(r[1] for r in results.values())


def _check(source: _Input, workers: int) -> dict[int, Checked]:
    if workers == 1:
        return {k: _check_block(source, k) for k in range(source.blocks)}
    context = mp.get_context("fork")
    procs, conns = _run(context, [(_check_worker, (source, me, workers)) for me in range(workers)])
    results: dict[int, Checked] = {}
    try:
        for conn in conns:
            try:
                got = conn.recv()
            except EOFError:
                raise CostlyError("a batch worker died while checking the input; nothing was written") from None
            if isinstance(got, str):
                raise CostlyError(f"a batch worker failed while checking the input ({got}); nothing was written")
            results.update(got)
    finally:
        _stop(procs)
    return results


def _score_in_parallel(scorer: BatchScorer, source: _Input, starts: list[int], out_fd: int, workers: int,
                       bar: _Progress) -> None:
    context = mp.get_context("fork")
    turn = context.Value("q", 0, lock=False)
    failed = context.Value("b", 0, lock=False)
    procs, conns = _run(context, [(_score_worker, (scorer, source, starts, out_fd, me, workers, turn, failed))
                                  for me in range(workers)])
    try:
        pending = list(conns)
        messages: list[str] = []
        while pending:
            ready = mp.connection.wait(pending, timeout=0.2)
            for conn in [c for c in pending if c in ready]:
                try:
                    messages.append(conn.recv())
                except EOFError:
                    messages.append("died")
                    failed.value = 1
                pending.remove(conn)
            bar.update(turn.value)
        problem = next((m for m in messages if m), "")
        if problem == "broken pipe":
            raise BrokenPipeError
        if problem:
            where = (f"what was written ends at or before input line {starts[turn.value]}" if turn.value
                     else "nothing was written")
            if problem.startswith("cannot write"):
                raise BatchError(f"{problem}; {where}")
            raise CostlyError(f"a batch worker failed ({problem}); {where}")
    finally:
        failed.value = 1
        _stop(procs)


def open_input(stream: IO[bytes]) -> tuple[int, IO[bytes] | None]:
    """A seekable file descriptor holding ``stream``'s bytes: its own if it is a regular file, else a
    copy in an anonymous temporary file (unlinked at once, so it cannot be left behind)."""
    try:
        fd = stream.fileno()
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd, None
    except (OSError, AttributeError, ValueError):
        pass
    try:
        spool = tempfile.TemporaryFile(prefix="costly-batch-input-")
        while True:
            piece = stream.read(1 << 20)
            if not piece:
                break
            spool.write(piece)
        spool.flush()
    except OSError as exc:
        raise BatchError(f"cannot keep the input in a temporary file ({tempfile.gettempdir()}): "
                         f"{exc.strerror or exc}") from None
    spool.seek(0)
    return spool.fileno(), spool


def score_batch(rules: Rules, lines: Iterable[str] | IO[bytes], out: IO[str], *, source_name: str = "<stdin>",
                workers: int | None = None, parallel_from: int = 1 << 20, progress: bool = False,
                block: int = BLOCK) -> int:
    """Score lines (strings, each one line, or a binary stream) and write one JSON line per deal to
    ``out``; write nothing unless every line is good. Returns the number of deals."""
    if hasattr(lines, "read"):
        fd, spool = open_input(lines)  # type: ignore[arg-type]
    else:
        spool = tempfile.TemporaryFile(prefix="costly-batch-input-")
        for line in lines:  # type: ignore[union-attr]
            spool.write(line.encode("utf-8", errors="surrogateescape") + b"\n")
        spool.seek(0)
        fd = spool.fileno()
    try:
        out.flush()
        try:
            target: int | Callable[[list[bytes]], object] = out.fileno()
        except (OSError, AttributeError, ValueError):  # an in-memory destination: stay in this process
            target = lambda lines: out.write(b"".join(lines).decode("utf-8"))  # noqa: E731
        return score_fd(rules, fd, target, name=source_name, workers=workers, parallel_from=parallel_from,
                        progress=progress, block=block)
    finally:
        if spool is not None:
            spool.close()
