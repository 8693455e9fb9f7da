"""Batch scoring: lines of four cards (the fourth the deck card) in, one JSON object per deal out. (A
profile that deals another number of cards takes that many and the deck card a line, through a plain
path a line at a time, ``_score_any_size``: what follows is the fast path, for three cards held.)

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

Speed. Nothing is done in Python once per line but filling its template. The check pass matches a
whole block against regular expressions and checks its deals for a card given twice with big-number
arithmetic (``batch_text``); only a block it refuses is read line by line (``parse_line``), to find and
name the bad line, or to read the rare spellings it leaves to the parser. The scoring pass turns a
block into eight bytes a deal and looks up, a block at a time in C, each deal's rank entry, suit entry
and card names; a line is then its entries' parts joined and filled, in C where the filler was built
(``_fill.c``), else by one join and one ``%`` (``batch_scorer``). Blocks are small (16 KiB of
input) so that a block's output is still in the cache when it is written. The entries are built once
for the whole input before the workers fork, when it is large.
"""
from __future__ import annotations

import ctypes
import gc
import multiprocessing as mp
import os
import signal
import stat
import tempfile
import time
from dataclasses import dataclass
from typing import IO, Any, Callable, Iterable

from ..cards import _PARSE_CACHE, FULL_DECK, Card
from ..errors import CardError, CostlyError
from ..profiles.rules import Rules
from . import batch_text
from .batch_scorer import CODE, BatchScorer
from .analysis import HAND_SIZE
from .batch_text import MAX_LINE


class BatchError(CostlyError):
    """A bad input line; the message names the line number."""


QUOTE_CHARS = 60         # characters of a bad line quoted in an error
BLOCK = 1 << 14          # bytes of input a block covers: its output (~50 times as much) stays in the cache
BOM = b"\xef\xbb\xbf"
WARM_FROM = 250_000      # deals from which every entry is built before the workers fork

# Every spelling of every card, as UTF-8 bytes -> its index in FULL_DECK.
_INDEX: dict[bytes, int] = {text.encode("utf-8"): FULL_DECK.index(card) for text, card in _PARSE_CACHE.items()}


# -- reading --------------------------------------------------------------------------------------------

def _quote(raw: bytes) -> str:
    text = raw[: QUOTE_CHARS * 4].decode("utf-8", errors="replace")
    return repr(text[:QUOTE_CHARS]) + (" ..." if len(text) > QUOTE_CHARS or len(raw) > QUOTE_CHARS * 4 else "")


_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _cards(n: int) -> str:
    return f"{_WORDS.get(n, n)} card{'s' * (n != 1)}"


def parse_line(line: bytes, held: int = 3) -> tuple[int, ...] | None | str:
    """The card indices from one line (without its ``\\n``): ``held`` cards, then the deck card; None for
    a blank or comment line; otherwise the message saying what is wrong (without the line number)."""
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
    if len(tokens) != held + 1:
        return (f"expected {_cards(held + 1)} ({_WORDS.get(held, held)} held, then the deck card), got "
                f"{len(tokens)}: {_quote(line.strip())}")
    found = []
    for token in tokens:
        index = _INDEX.get(token)
        if index is None:
            try:
                index = FULL_DECK.index(Card.from_str(token.decode("utf-8")))
            except CardError as exc:
                return str(exc)
        found.append(index)
    if len(set(found)) != len(found):
        repeated = next(FULL_DECK[i] for i in found if found.count(i) > 1)
        return f"card {repeated} appears twice in one deal"
    return tuple(found)


def _quick_parse(line: bytes) -> tuple[int, int, int, int] | None:
    """The deal on a line of four cards spelled as ``_INDEX`` has them, parted by blanks; else None."""
    tokens = line.split()
    if len(tokens) == 4 and len(line) <= MAX_LINE:
        index = _INDEX
        try:
            a, b, c, d = index[tokens[0]], index[tokens[1]], index[tokens[2]], index[tokens[3]]
        except KeyError:
            return None
        if a != b and a != c and a != d and b != c and b != d and c != d:
            return a, b, c, d
    return None


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
    """The lines that start in one block (``text``, None if none does); ``overlong`` if its last line runs
    past what was read."""

    text: bytes | None
    overlong: bytes | None
    newlines: int  # line breaks in the block's own byte range, for numbering the lines after it
    skipped: int = 0  # 1 if the block starts inside a line (owned by the block before): its first line is the next

    @property
    def lines(self) -> list[bytes]:
        return [] if self.text is None else self.text.split(b"\n")


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
            return _Block(None, None, newlines)
        skipped = 0 if first == 1 else 1
    else:
        first = len(BOM) if raw.startswith(BOM) else 0
        skipped = 0
    if first >= own_end:
        return _Block(None, None, newlines)
    stop = raw.find(b"\n", own_end - 1)
    overlong = None
    if stop < 0:
        if end + (len(raw) - own_end) >= size:  # the input ends within what was read
            stop = len(raw)
        else:
            last = raw.rfind(b"\n", first, own_end - 1) + 1
            overlong = raw[max(last, first):]
            stop = max(last, first) - 1
    return _Block(raw[first:stop] if stop >= first else None, overlong, newlines, skipped)


# (line breaks in the block, deals, bad lines, the first bad line's index in the block and message, and
# whether the block is plain: read by batch_text alone)
Checked = tuple[int, int, int, "tuple[int, str] | None", bool]


def _check_block(source: _Input, number: int) -> Checked:
    block = _read_block(source, number)
    if block.text is not None and block.overlong is None:
        normal = batch_text.plain(block.text)
        if normal is not None:
            return block.newlines, len(batch_text.codes(normal)) // 8, 0, None, True
    bad = deals = 0
    first: tuple[int, str] | None = None
    for i, line in enumerate(block.lines):
        result = _quick_parse(line) or parse_line(line)
        if isinstance(result, tuple):
            deals += 1
        elif result is not None:
            bad += 1
            if first is None:
                first = (i, result)
    if block.overlong is not None:
        bad += 1
        if first is None:
            first = (len(block.lines), f"line longer than {MAX_LINE} bytes: {_quote(block.overlong)}")
    if first is not None:
        first = (first[0] + block.skipped, first[1])
    return block.newlines, deals, bad, first, False


def _score_block(scorer: BatchScorer, source: _Input, number: int, first_line: int, plain: bool) -> bytes:
    """The JSON lines of one (checked) block, as UTF-8, each ending in a line break."""
    block = _read_block(source, number)
    first_line += block.skipped
    if block.text is None:
        return b""
    if plain:
        normal = batch_text.normalise(block.text)
        codes = batch_text.codes(normal)
        return scorer.score_codes(codes, batch_text.numbers(normal, codes, first_line))
    numbers, deals = [], []
    for n, line in enumerate(block.lines, first_line):
        found = _quick_parse(line) or parse_line(line)
        if isinstance(found, tuple):  # else blank or comment (the input was checked before)
            numbers.append(n)
            deals.append(found)
    return scorer.score_codes(b"".join(CODE[i] for deal in deals for i in deal), numbers)


# -- running -----------------------------------------------------------------------------------------------

def _writer(fd: int) -> Callable[[bytes], None]:
    """Writes a block's lines to ``fd``, all of them: a short write (a pipe, a signal) is finished."""
    def write(data: bytes) -> None:
        try:
            view = memoryview(data)
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


def _score_worker(scorer: BatchScorer, source: _Input, starts: list[int], plain: list[bool], out_fd: int,
                  me: int, workers: int, turn, failed, conn) -> None:  # type: ignore[no-untyped-def]
    _as_worker()
    write = _writer(out_fd)
    message = ""
    try:
        for k in range(me, source.blocks, workers):
            data = _score_block(scorer, source, k, starts[k], plain[k])
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


def score_fd(rules: Rules, fd: int, out_fd: int | Callable[[bytes], object], *, name: str = "<stdin>",
             workers: int | None = None, parallel_from: int = 1 << 20, progress: bool = False,
             block: int = BLOCK) -> int:
    """Check every line of the file open at ``fd`` (seekable, read from its current offset), then
    write one JSON line per deal to ``out_fd`` (a file descriptor, or a function taking a block's lines
    as bytes, which keeps the work in this process). Returns the number of deals."""
    if rules.cards_each != HAND_SIZE:
        write = _writer(out_fd) if isinstance(out_fd, int) else out_fd
        return _score_any_size(rules, fd, write, name=name)
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
        plain = [results[k][4] for k in range(source.blocks)]
        scorer = BatchScorer(rules)
        bar = _Progress(source.blocks, progress)
        try:
            if workers == 1:
                write = _writer(out_fd) if isinstance(out_fd, int) else out_fd
                for k in range(source.blocks):
                    write(_score_block(scorer, source, k, starts[k], plain[k]))
                    bar.update(k + 1)
            else:
                assert isinstance(out_fd, int)
                if sum(r[1] for r in results.values()) >= WARM_FROM:
                    scorer.warm()
                _score_in_parallel(scorer, source, starts, plain, out_fd, workers, bar)
        finally:
            bar.close()
    finally:
        if collecting:
            gc.enable()
    return sum(r[1] for r in results.values())


def _lines(fd: int) -> Iterable[tuple[int, bytes]]:
    """(line number, line without its ``\\n``) from the file open at ``fd``, from its current offset, which
    it is left at; a UTF-8 byte-order mark at the start skipped. Lines are counted by ``\\n`` alone."""
    start = os.lseek(fd, 0, os.SEEK_CUR)
    with os.fdopen(os.dup(fd), "rb") as reader:
        reader.seek(start)
        for number, line in enumerate(reader, 1):
            if number == 1 and line.startswith(BOM):
                line = line[len(BOM):]
            yield number, line[:-1] if line.endswith(b"\n") else line
    os.lseek(fd, start, os.SEEK_SET)


def _score_any_size(rules: Rules, fd: int, write: Callable[[bytes], object], *, name: str,
                    each: int = 1 << 10) -> int:
    """Batch scoring of hands of any size (``deal.cards_each``), as the fast path does three cards: the
    same lines, the same checks first with nothing written if any line is bad, the same JSON, but a line
    at a time through ``score_hand``, in one process. The fast path's tables are built for three cards
    held; every bundled profile deals three."""
    import json

    from .hand import score_hand

    held = rules.cards_each
    bad, first = 0, None
    for number, line in _lines(fd):
        found = parse_line(line, held)
        if isinstance(found, str):
            bad += 1
            first = first or f"{name}:{number}: {found}"
    if first is not None:
        more = f" ({bad - 1} more bad line{'s' if bad > 2 else ''} after it)" if bad > 1 else ""
        raise BatchError(f"{first}; nothing was scored{more}")
    deals, out = 0, []
    for number, line in _lines(fd):
        found = parse_line(line, held)
        if not isinstance(found, tuple):
            continue
        cards = [FULL_DECK[i] for i in found]
        scored = score_hand(rules, cards[:-1], cards[-1]).as_dict()
        out.append(json.dumps({"line": number, "hand": [str(c) for c in cards[:-1]], "deck": str(cards[-1]),
                               **scored}) + "\n")
        deals += 1
        if len(out) >= each:
            write("".join(out).encode("utf-8"))
            out = []
    if out:
        write("".join(out).encode("utf-8"))
    return deals


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


def _score_in_parallel(scorer: BatchScorer, source: _Input, starts: list[int], plain: list[bool], out_fd: int,
                       workers: int, bar: _Progress) -> None:
    context = mp.get_context("fork")
    turn = context.Value("q", 0, lock=False)
    failed = context.Value("b", 0, lock=False)
    procs, conns = _run(context, [(_score_worker, (scorer, source, starts, plain, out_fd, me, workers, turn, failed))
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
        # read1: one read of the file underneath at a time, so that a terminal's Ctrl-D ends the input at
        # once (read() would go on reading to fill its size, and take a second Ctrl-D to give up).
        read = getattr(stream, "read1", stream.read)
        while True:
            piece = read(1 << 20)
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
            target: int | Callable[[bytes], object] = out.fileno()
        except (OSError, AttributeError, ValueError):  # an in-memory destination: stay in this process
            target = lambda data: out.write(data.decode("utf-8"))  # noqa: E731
        return score_fd(rules, fd, target, name=source_name, workers=workers, parallel_from=parallel_from,
                        progress=progress, block=block)
    finally:
        if spool is not None:
            spool.close()
