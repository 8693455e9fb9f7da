"""``costly score --batch``: every output line traceable to its input line, bounded lines, streaming,
and nothing left behind when interrupted."""
from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from costly_variants import profiles
from costly_variants.cards import FULL_DECK, Card
from costly_variants.count import batch, batch_scorer, batch_text
from costly_variants.count.batch import BatchError, score_batch
from costly_variants.count.hand import score_hand

from .running import LIMIT, until

CASES = yaml.safe_load((Path(__file__).parent / "batch_cases" / "cases.yaml").read_text(encoding="utf-8"))
ROOT = Path(__file__).resolve().parent.parent


def run_batch(data: bytes, *extra: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "costly_variants", "score", "--variant", "parlett-121", "--batch",
                           *extra], input=data, capture_output=True, timeout=120, env=env, cwd=ROOT)


def scored(data: bytes, rules=None, **options) -> tuple[list[dict], str | None]:  # type: ignore[no-untyped-def]
    """The JSON objects written and the error, scoring in this process."""
    out = io.StringIO()
    try:
        score_batch(rules or profiles.load("parlett-121").rules, io.BytesIO(data), out, **options)
    except BatchError as exc:
        assert out.getvalue() == ""
        return [], str(exc)
    return [json.loads(line) for line in out.getvalue().splitlines()], None


@pytest.mark.parametrize("name", sorted(CASES))
def test_batch_case(name):
    case = CASES[name]
    results, error = scored(case["input"].encode("utf-8"))
    if "error" in case:
        assert error is not None and case["error"] in error, error
        assert "\n" not in error
    else:
        assert error is None, error
        assert [r["line"] for r in results] == case["lines"]


@pytest.mark.parametrize("name", ["bom-at-the-start", "three-cards", "file-separator-is-no-break"])
def test_batch_cases_through_the_command(name):
    case = CASES[name]
    result = run_batch(case["input"].encode("utf-8"))
    if "error" in case:
        assert result.returncode == 1 and result.stdout == b""
        err = result.stderr.decode()
        assert case["error"] in err and len(err.strip().splitlines()) == 1
    else:
        assert result.returncode == 0
        assert [json.loads(l)["line"] for l in result.stdout.splitlines()] == case["lines"]


def test_each_line_says_its_input_line_and_cards_and_scores_as_score_hand():
    rules = profiles.load("eddowes-burne-1874").rules
    rng = random.Random(8)
    text, expected = [], {}
    for n in range(1, 400):
        kind = rng.random()
        if kind < 0.1:
            text.append("# comment")
        elif kind < 0.2:
            text.append("")
        else:
            deal = rng.sample(FULL_DECK, 4)
            text.append(" ".join(str(c).lower() if rng.random() < 0.3 else str(c) for c in deal))
            expected[n] = deal
    results, error = scored(("\n".join(text) + "\n").encode(), rules)
    assert error is None and [r["line"] for r in results] == list(expected)
    for result in results:
        deal = expected[result.pop("line")]
        assert result.pop("hand") == [str(c) for c in deal[:3]] and result.pop("deck") == str(deal[3])
        assert json.dumps(result) == json.dumps(score_hand(rules, deal[:3], deal[3]).as_dict())


def test_a_long_line_is_an_error_quoting_at_most_60_characters():
    for line in ("5H 4H 8H JH" + " " * 2000, "5H " * 100_000, "x" * (3 << 20)):
        _, error = scored(b"5H 4H 8H JH\n" + line.encode() + b"\n2H 3H 4H 5H\n")
        assert error is not None and error.startswith("<stdin>:2: line longer than 1024 bytes: ")
        quoted = error.split("bytes: ", 1)[1].split(";")[0]
        assert len(quoted) <= 60 + len("'' ...")


def test_a_long_last_line_without_a_line_break():
    _, error = scored(b"5H 4H 8H JH\n" + b"7" * 5000)
    assert error is not None and error.startswith("<stdin>:2: line longer than 1024 bytes: '7777")


@settings(max_examples=150, deadline=None)
@given(lines=st.lists(st.one_of(
    st.sampled_from(["5H 4H 8H JH", "th 5d 5♥ kh", "", "# c", "2C 3C 4C 5C # x", " AS,KS,QS,JS "]),
    st.text(alphabet="5H4JK# \t\x0c\x85\u2028,", max_size=14),
    st.just("5H " * 400)), max_size=12),
    block=st.integers(min_value=1, max_value=64))
def test_blocks_of_any_size_number_lines_as_one_block_does(lines, block):
    data = "\n".join(lines).encode()
    whole = scored(data)
    assert scored(data, block=block) == whole
    results, error = whole
    if error is None:
        inputs = data.split(b"\n")
        for result in results:
            tokens = inputs[result["line"] - 1].split(b"#")[0].replace(b",", b" ").split()
            assert [str(Card.from_str(t.decode())) for t in tokens] == result["hand"] + [result["deck"]]
    else:
        assert error.startswith("<stdin>:")
        number = int(error.split(":")[1])
        assert 1 <= number <= data.count(b"\n") + 1


def test_forked_workers_write_exactly_what_one_process_writes(tmp_path):
    rng = random.Random(5)
    lines = [" ".join(str(c) for c in rng.sample(FULL_DECK, 4)) if i % 17 else "# every 17th" for i in range(6000)]
    source = tmp_path / "in.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rules = profiles.load("cotton-1674").rules
    outputs = []
    for workers in (1, 2, 3):
        target = tmp_path / f"out{workers}.jsonl"
        with source.open("rb") as stdin, target.open("w", encoding="utf-8") as out:
            n = score_batch(rules, stdin, out, workers=workers, parallel_from=1, block=4096)
        outputs.append(target.read_bytes())
        assert n == sum(1 for l in lines if not l.startswith("#"))
    assert outputs[0] == outputs[1] == outputs[2]


def test_a_pipe_is_read_into_an_unlinked_file_not_a_named_one(tmp_path):
    env = dict(os.environ, TMPDIR=str(tmp_path))
    result = run_batch(b"5H 4H 8H JH\n" * 1000, env=env)
    assert result.returncode == 0 and len(result.stdout.splitlines()) == 1000
    assert list(tmp_path.iterdir()) == []


def _processes_with(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _wait_for(predicate) -> None:
    """Poll for an event (output begun, the workers gone); the limit is for a run that hangs."""
    until(predicate, "waited for")


@pytest.fixture(scope="module")
def large_input(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("batch") / "large.txt"
    rng = random.Random(11)
    names = [str(c) for c in FULL_DECK]
    # Long enough to be still running when interrupted: scoring begins to write once every line is checked,
    # and goes on for seconds after that (4 s on an idle machine), while the test stops it at once.
    with path.open("w", encoding="utf-8") as out:
        for _ in range(2000):
            out.write("".join(" ".join(rng.sample(names, 4)) + "\n" for _ in range(1000)))
    return path


@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT", "SIGKILL"])
def test_an_interrupted_batch_leaves_no_workers_no_files_and_no_tracebacks(tmp_path, large_input, how):
    marker = f"COSTLY_TEST_{uuid.uuid4().hex}"
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp), **{marker: "1"})
    out = tmp_path / "out.jsonl"
    with large_input.open("rb") as stdin, out.open("wb") as stdout:
        proc = subprocess.Popen([sys.executable, "-m", "costly_variants", "score", "--variant", "parlett-121",
                                 "--batch", "--workers", "2"], stdin=stdin, stdout=stdout,
                                stderr=subprocess.PIPE, env=env, cwd=ROOT)
        # wait until the workers are scoring (the output has begun), then stop the parent alone
        _wait_for(lambda: out.stat().st_size > 0 or proc.poll() is not None)
        assert proc.poll() is None, "the batch ended before it could be interrupted"
        assert len(_processes_with(marker)) >= 2
        proc.send_signal(getattr(signal, how))
        _, err = proc.communicate(timeout=LIMIT)
    expected = {"SIGTERM": 143, "SIGINT": 130, "SIGKILL": -9}[how]
    assert proc.returncode == expected, (err[-500:], out.stat().st_size, large_input.stat().st_size)
    assert b"Traceback" not in err
    _wait_for(lambda: not _processes_with(marker))  # workers die with their parent
    assert list(tmp.iterdir()) == []
    assert [p.name for p in tmp_path.iterdir()] == ["tmp", "out.jsonl"] or sorted(
        p.name for p in tmp_path.iterdir()) == ["out.jsonl", "tmp"]
    # what was written is whole lines, in input order, from the first
    lines = out.read_bytes().split(b"\n")[:-1]
    assert [json.loads(l)["line"] for l in lines[:50]] == list(range(1, min(51, len(lines) + 1)))


def test_progress_is_shown_on_a_terminal_once_a_run_takes_a_while():
    from rich.console import Console

    hidden = batch._Progress(10, enabled=False, delay=0)
    hidden.update(5)
    assert hidden.bar is None
    screen = io.StringIO()
    quick = batch._Progress(10, enabled=True, delay=60, console=Console(file=screen, force_terminal=True))
    quick.update(5)
    assert quick.bar is None
    slow = batch._Progress(10, enabled=True, delay=0, console=Console(file=screen, force_terminal=True))
    slow.update(5)
    slow.close()
    assert "scoring" in screen.getvalue() and "50%" in screen.getvalue()


@pytest.mark.parametrize("lines", [1, 200_000])
def test_a_full_disk_is_a_one_line_error(lines):
    with open("/dev/full", "wb") as full:
        result = subprocess.run([sys.executable, "-m", "costly_variants", "score", "--variant", "parlett-121",
                                 "--batch"], input=b"5H 4H 8H JH\n" * lines, stdout=full, stderr=subprocess.PIPE,
                                timeout=120, cwd=ROOT)
    err = result.stderr.decode()
    assert result.returncode == 1 and len(err.strip().splitlines()) == 1
    assert "cannot write the scores: No space left on device" in err


def test_warming_the_entries_changes_no_byte():
    rng = random.Random(9)
    deals = [tuple(FULL_DECK.index(c) for c in rng.sample(FULL_DECK, 4)) for _ in range(3000)]
    for profile in profiles.load_all():
        cold, warm = batch.BatchScorer(profile.rules), batch.BatchScorer(profile.rules)
        warm.warm()
        assert cold.score_deals(deals, range(1, 3001)) == warm.score_deals(deals, range(1, 3001))


# -- the plain path: blocks read by one regular expression ------------------------------------------------

SPELLINGS = ["5H", "5h", "5♥", "5♡", "10S", "ts", "T♠", "10♤", "AD", "1D", "ad", "a♦", "JC", "j♣", "2♧"]
line_texts = st.lists(st.one_of(
    st.sampled_from(["5H 4H 8H JH", "th 5d 5♥ kh", "1h 2c 3c 10♠", "", "  ", "# c", "2C 3C 4C 5C # x 1H",
                     " AS,KS,QS,JS \r", "5H\t4H\x0b8H\x0cJH", "5H 4H 5h JH", "10H TH 4H 5H", "5ſ 4H 8H JH",
                     "5H 4H 8H", "5H 4H 8H JH QH", "5H 4H 8H JH" + " " * 1013, "5H 4H 8H JH" + " " * 1014,
                     "#" + "♥" * 340, "5H 4H 8H JH #" + "x" * 1011, "5H 4H 8H JH #" + "x" * 1012,
                     "5♥ 4H 8H JH #" + "x" * 1010, "5H 4H\u00a0 8H JH", "\ufeff5H 4H 8H JH"]),
    st.lists(st.sampled_from(SPELLINGS), min_size=4, max_size=4).map(" ".join),
    st.text(alphabet="5H4JK1T0♥#, \t\r", max_size=16)), max_size=12)


@settings(max_examples=300, deadline=None)
@given(lines=line_texts)
def test_a_plain_block_holds_exactly_the_deals_the_parser_reads(lines):
    text = "\n".join(lines).encode("utf-8")
    normal = batch_text.plain(text)
    parsed = [batch.parse_line(line) for line in text.split(b"\n")]
    if normal is None:
        return  # read line by line
    assert not any(isinstance(p, str) for p in parsed), "a bad line passed as plain"
    codes = batch_text.codes(normal)
    deals = [(n, p) for n, p in enumerate(parsed, 7) if isinstance(p, tuple)]
    assert [tuple(batch_scorer.card_index(codes[i:i + 2]) for i in range(k, k + 8, 2))
            for k in range(0, len(codes), 8)] == [p for _, p in deals]
    assert list(batch_text.numbers(normal, codes, 7)) == [n for n, _ in deals]


def test_a_long_line_is_never_plain_whatever_normalising_takes_off_it():
    for line, length in [("5H 4H 8H JH #" + "x" * 1011, 1024), ("5H 4H 8H JH #" + "x" * 1012, 1025),
                         ("5♥ 4H 8H JH #" + "x" * 1009, 1024), ("5♥ 4H 8H JH #" + "x" * 1010, 1025),
                         ("#" + "♥" * 341, 1024), ("#" + "♥" * 342, 1027)]:
        assert len(line.encode()) == length
        read = batch.parse_line(line.encode())
        plain = batch_text.plain(("2C 3C 4C 5C\n" + line + "\n").encode())
        if length > 1024:
            assert plain is None and "longer than 1024 bytes" in str(read)
        else:
            assert plain is not None and not isinstance(read, str)


def test_plain_and_line_by_line_reading_write_the_same_bytes(monkeypatch):
    rng = random.Random(12)
    lines = []
    for i in range(3000):
        deal = rng.sample(SPELLINGS[:1] + [str(c) for c in FULL_DECK], 4) if i % 7 else rng.sample(FULL_DECK, 4)
        spelled = [str(c) if isinstance(c, Card) else c for c in deal]
        if len({str(Card.from_str(s)) for s in spelled}) < 4:
            continue
        lines.append(" ".join(spelled) + (" # note" if i % 11 == 0 else "") + ("\n\n" if i % 13 == 0 else "\n"))
    data = "".join(lines).encode("utf-8")
    for profile in profiles.load_all():
        plain = scored(data, profile.rules, block=4096)
        monkeypatch.setattr(batch_text, "plain", lambda text: None)
        by_line = scored(data, profile.rules, block=4096)
        monkeypatch.undo()
        assert plain == by_line and plain[1] is None and len(plain[0]) == len(lines)


def test_no_card_twice_is_seen_at_any_place_in_a_block():
    deals = [b"".join(batch_scorer.CODE[i] for i in range(k, k + 4)) for k in range(0, 48, 4)]
    assert batch_text._all_different(b"".join(deals)) and batch_text._all_different(b"")
    for where in range(len(deals)):
        for a, b in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]:
            deal = [deals[where][i:i + 2] for i in range(0, 8, 2)]
            deal[b] = deal[a]
            block = b"".join(deals[:where] + [b"".join(deal)] + deals[where + 1:])
            assert not batch_text._all_different(block), (where, a, b)


def test_sequences_counted_in_the_hand_are_written_where_the_profile_declares_them():
    import dataclasses

    rules = dataclasses.replace(profiles.load("parlett-121").rules, count_sequences=True)
    scorer = batch.BatchScorer(rules)
    rng = random.Random(4)
    with_sequences = 0
    for _ in range(3000):
        deal = rng.sample(FULL_DECK, 4)
        result = json.loads(scorer.score_line(tuple(FULL_DECK.index(c) for c in deal)))
        expected = score_hand(rules, deal[:3], deal[3]).as_dict()
        with_sequences += any(item["category"] == "sequences" for item in expected["items"])
        assert {k: v for k, v in result.items() if k not in ("line", "hand", "deck")} == expected
    assert with_sequences > 100


# -- hands of another size ---------------------------------------------------------------------------------

def _dealing(cards: int):  # type: ignore[no-untyped-def]
    import dataclasses

    return dataclasses.replace(profiles.load("parlett-121").rules, cards_each=cards)


def test_the_any_size_path_writes_what_the_fast_path_writes_byte_for_byte(tmp_path):
    """Three-card hands through the line-at-a-time path (which four-card profiles take): the very bytes
    of the fast path, on every spelling, comment, blank and byte-order mark the cases hold."""
    rng = random.Random(5)
    names = [str(c) for c in FULL_DECK]
    lines = ["\ufeff" + " ".join(rng.sample(names, 4)), "", "# a comment", "5h,4h, 8h  JH # after", "10♥ A♠ qd 2C"]
    lines += [" ".join(rng.sample(names, 4)) for _ in range(3000)]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    path = tmp_path / "deals.txt"
    path.write_bytes(data)
    rules = profiles.load("parlett-121").rules
    fast, slow = [], []
    with path.open("rb") as f:
        batch.score_fd(rules, f.fileno(), fast.append, workers=1)
    with path.open("rb") as f:
        deals = batch._score_any_size(rules, f.fileno(), slow.append, name="deals.txt")
    assert deals == 3003 and b"".join(slow) == b"".join(fast)


def test_a_four_card_profile_scores_lines_of_five_cards():
    rules = _dealing(4)
    found, error = scored(b"5H 4H 8H 2C JH\n\n# none\n10H,KH QH AH 3D # x\n", rules)
    assert error is None and [d["line"] for d in found] == [1, 4]
    assert found[0]["hand"] == ["5H", "4H", "8H", "2C"] and found[0]["deck"] == "JH"
    assert {k: v for k, v in found[0].items() if k not in ("line", "hand", "deck")} == \
        score_hand(rules, ["5H", "4H", "8H", "2C"], "JH").as_dict()
    found, error = scored(b"5H 4H 8H 2C JH\n5H 4H 8H JH\n5H 5H 8H 2C JH\n", rules)
    assert found == [] and error == ("<stdin>:2: expected five cards (four held, then the deck card), got 4: "
                                     "'5H 4H 8H JH'; nothing was scored (1 more bad line after it)")


def test_a_four_card_house_profile_through_the_command(house):
    path = house("parlett-121", {"deal.cards_each": 4})
    result = subprocess.run([sys.executable, "-m", "costly_variants", "score", "--variant", str(path), "--batch"],
                            input=b"5H 4H 8H 2C JH\n", capture_output=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["hand"] == ["5H", "4H", "8H", "2C"]
